"""Encoding a game in progress to msgpack or JSON and back, without loss.

A serialized game is its rules state with cards as handles (``engine.cards.card``): each
object's card is the index of that card in the game's table (the pool's cards, then the
ones the game made, whose definitions the state carries), and the envelope records the
pool's content hash. Decoding needs that pool and the bytes, nothing else; against a
different pool it is an error (``StateDecodeError``), since the same handles would name
other cards.
"""

from __future__ import annotations

from typing import Any

import msgspec

import mtgsim.engine.cards.pool  # noqa: F401  (links the effect union before the decoders below)
from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.state.derived import Derived
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem
from mtgsim.engine.state.sight import Sight

FORMAT = "mtgsim-state"
VERSION = 1


class StateDecodeError(ValueError):
    """Bytes that are not a serialized game of this pool."""


def _saved_state_type() -> type[msgspec.Struct]:
    """``GameState`` without its ``derived`` and ``sight`` fields: the type a state is
    encoded as."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in msgspec.structs.fields(GameState):
        if f.name in ("derived", "sight"):
            continue
        if f.default is not msgspec.NODEFAULT:
            fields.append((f.name, f.type, msgspec.field(default=f.default)))
        elif f.default_factory is not msgspec.NODEFAULT:
            fields.append((f.name, f.type, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, f.type))
    return msgspec.defstruct("SavedState", fields, omit_defaults=True, module=__name__)


SavedState = _saved_state_type()
_STATE_FIELDS = SavedState.__struct_fields__


class SavedGame(msgspec.Struct):
    """The envelope: format, version, the content hash of the card pool, the state."""

    format: str
    version: int
    pool: str
    state: SavedState  # type: ignore[valid-type]


class _Cards(msgspec.Struct):
    extra_cards: tuple[CardDef, ...] = ()


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
    saved = SavedState(*[getattr(state, name) for name in _STATE_FIELDS])
    return SavedGame(FORMAT, VERSION, state.derived.pool.hash, saved)


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
        saved = dec.decode(data).state
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise StateDecodeError(f"not a serialized game: {exc}") from None
    state = GameState(*[getattr(saved, name) for name in _STATE_FIELDS])
    state.derived = derived
    _relink(state)
    derived.recount(state)
    state.sight = Sight.of(state)
    return state


def _relink(state: GameState) -> None:
    """Restore the references the encoding wrote out as copies. Last known information of
    an object (400.7) that is still in ``objects`` is that object itself (a zone change
    gives a card a new id, so an old id still there is the live permanent an ability's
    source still is), and a remembered spell still on the stack is that stack item."""
    live = state.objects
    items = {it.sid: it for it in state.stack}

    def obj(o: GameObject | None) -> GameObject | None:
        return o if o is None else live.get(o.oid, o)

    def item(it: StackItem | None) -> StackItem | None:
        return it if it is None else items.get(it.sid, it)

    for it in state.stack:
        it.subject_lki = obj(it.subject_lki)
        it.source_lki = obj(it.source_lki)
        it.spell = item(it.spell)
    for t in state.triggers:
        t.subject_lki = obj(t.subject_lki)
        t.spell = item(t.spell)
    for d in state.delayed:
        d.subject_lki = obj(d.subject_lki)
        d.spell = item(d.spell)


def from_msgpack(data: bytes, pool: CardPool) -> GameState:
    """The game ``to_msgpack`` encoded, its cards those of ``pool``."""
    return _decode(data, pool, json=False)


def from_json(data: bytes, pool: CardPool) -> GameState:
    return _decode(data, pool, json=True)

