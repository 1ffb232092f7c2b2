"""Encoding a game in progress to msgpack or JSON and back, without loss.

A serialized game is its rules state with cards as handles (``engine.card``): each
object's card is the index of that card in the game's table (the pool's cards, then the
ones the game made, whose definitions the state carries), and the envelope records the
pool's content hash. Decoding needs that pool and the bytes, nothing else; against a
different pool it is an error (``StateDecodeError``), since the same handles would name
other cards.
"""

from __future__ import annotations

from typing import Any

import msgspec

from mtgsim.engine.card import Card, CardPool
from mtgsim.engine.cards import CardDef
from mtgsim.engine.derived import Derived
from mtgsim.engine.state import GameState

FORMAT = "mtgsim-state"
VERSION = 1


class StateDecodeError(ValueError):
    """Bytes that are not a serialized game of this pool."""


class SavedGame(msgspec.Struct):
    """The envelope: format, version, the content hash of the card pool, the state."""

    format: str
    version: int
    pool: str
    state: GameState


class _Cards(msgspec.Struct):
    extra_cards: list[CardDef] = []


class _Header(msgspec.Struct):
    """What decoding reads first (the rest is skipped): which pool, which extra cards."""

    format: str = ""
    version: int = 0
    pool: str = ""
    state: _Cards = msgspec.field(default_factory=_Cards)


def _enc_hook(obj: Any) -> Any:
    if isinstance(obj, Card):
        if obj.handle < 0:
            raise TypeError(f"card {obj.name!r} is not in the game's card table")
        return obj.handle
    raise TypeError(f"cannot encode {type(obj).__name__}")


_MSGPACK_ENC = msgspec.msgpack.Encoder(enc_hook=_enc_hook)
_JSON_ENC = msgspec.json.Encoder(enc_hook=_enc_hook)
_MSGPACK_HEADER = msgspec.msgpack.Decoder(_Header)
_JSON_HEADER = msgspec.json.Decoder(_Header)


def _envelope(state: GameState) -> SavedGame:
    return SavedGame(FORMAT, VERSION, state.derived.pool.hash, state)


def to_msgpack(state: GameState) -> bytes:
    return _MSGPACK_ENC.encode(_envelope(state))


def to_json(state: GameState) -> bytes:
    return _JSON_ENC.encode(_envelope(state))


def _derived_for(header: _Header, pool: CardPool) -> Derived:
    if header.format != FORMAT:
        raise StateDecodeError(f"not a serialized game (format {header.format!r})")
    if header.version != VERSION:
        raise StateDecodeError(f"serialized game version {header.version}, this engine "
                               f"reads version {VERSION}")
    if header.pool != pool.hash:
        raise StateDecodeError(
            f"the game was saved with card pool {header.pool}, this pool is {pool.hash}: "
            "its card handles would name other cards")
    return Derived(pool, header.state.extra_cards)


def _decode(data: bytes, pool: CardPool, json: bool) -> GameState:
    try:
        header = (_JSON_HEADER if json else _MSGPACK_HEADER).decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise StateDecodeError(f"not a serialized game: {exc}") from None
    derived = _derived_for(header, pool)

    def dec_hook(typ: type, obj: Any) -> Any:
        if typ is Card and isinstance(obj, int):
            try:
                return derived.card(obj)
            except KeyError as exc:
                raise msgspec.ValidationError(str(exc.args[0])) from None
        raise NotImplementedError(typ)

    dec: msgspec.json.Decoder[SavedGame] | msgspec.msgpack.Decoder[SavedGame] = (
        msgspec.json.Decoder(SavedGame, dec_hook=dec_hook) if json
        else msgspec.msgpack.Decoder(SavedGame, dec_hook=dec_hook))
    try:
        state = dec.decode(data).state
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise StateDecodeError(f"not a serialized game: {exc}") from None
    state.derived = derived
    return state


def from_msgpack(data: bytes, pool: CardPool) -> GameState:
    """The game ``to_msgpack`` encoded, its cards those of ``pool``."""
    return _decode(data, pool, json=False)


def from_json(data: bytes, pool: CardPool) -> GameState:
    return _decode(data, pool, json=True)


def copy_state(state: GameState) -> GameState:
    """An independent copy (for search or what-if analysis)."""
    return from_msgpack(to_msgpack(state), state.derived.pool)
