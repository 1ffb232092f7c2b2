"""Encoding a game in progress to msgpack or JSON and back, without loss."""

from __future__ import annotations

import msgspec

from mtgsim.engine.state import GameState

_MSGPACK_ENC = msgspec.msgpack.Encoder()
_MSGPACK_DEC = msgspec.msgpack.Decoder(GameState)
_JSON_ENC = msgspec.json.Encoder()
_JSON_DEC = msgspec.json.Decoder(GameState)


def to_msgpack(state: GameState) -> bytes:
    return _MSGPACK_ENC.encode(state)


def from_msgpack(data: bytes) -> GameState:
    return _MSGPACK_DEC.decode(data)


def to_json(state: GameState) -> bytes:
    return _JSON_ENC.encode(state)


def from_json(data: bytes) -> GameState:
    return _JSON_DEC.decode(data)


def copy_state(state: GameState) -> GameState:
    """An independent copy (for search or what-if analysis)."""
    return from_msgpack(to_msgpack(state))
