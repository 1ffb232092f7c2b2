"""The hand-written pool as the compiler's test: each hand-written card's definition
beside the one the compiler makes of its Oracle text.

Two definitions are compared after normalisation of what does not change play: the
Oracle text they carry (``text``, a token's too), the letter case and order of printed
keywords, the labels of modes (names for people), and "creature" in a filter of
creatures that may block (only creatures block). What remains must be equal; whether
equal definitions also play alike is then checked by games (``scripts/oracle_pool.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from mtgsim.engine.cards.oracle.compiler import Check, Compiled, compile_record
from mtgsim.engine.cards.oracle.corpus import Record
from mtgsim.engine.cards.schema.carddef import CardDef


def normalised(defn: CardDef) -> Any:
    """The definition as plain data with what does not change play left out."""
    return _norm(plain(defn), top=True)


def plain(value: Any) -> Any:
    """Card data as dicts and lists, a field left out when it equals its default (as a
    card file leaves it out, whether or not the file wrote it)."""
    if isinstance(value, msgspec.Struct):
        config = value.__struct_config__
        out: dict[str, Any] = {}
        if config.tag_field is not None:
            out[config.tag_field] = config.tag
        fields = value.__struct_fields__
        defaults = value.__struct_defaults__
        first = len(fields) - len(defaults)
        for i, name in enumerate(fields):
            v = getattr(value, name)
            if i >= first:
                d = defaults[i - first]
                if isinstance(d, type(msgspec.NODEFAULT)):
                    pass
                elif type(d).__name__ == "Factory":
                    if v == d.factory():
                        continue
                elif v == d:
                    continue
            out[name] = plain(v)
        return out
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _norm(value: Any, top: bool = False) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "text" or (k == "label"):
                continue
            if k == "keywords" and top:
                out[k] = sorted(str(x).lower() for x in v)
                continue
            if k == "keywords" and isinstance(v, list) and v and isinstance(v[0], str):
                out[k] = [x.lower() for x in v]
                continue
            if k == "cant_be_blocked_by" and isinstance(v, dict):
                v = {kk: vv for kk, vv in v.items() if not (kk == "types" and
                                                            tuple(vv) == ("creature",))}
            if k == "token":
                out[k] = _norm(v, top=True)
                continue
            out[k] = _norm(v)
        return out
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    return value


@dataclass(frozen=True)
class Comparison:
    """One hand-written card beside its compiled definition: "same" (equal after
    normalisation), "differs" (``diff``: the first differing path) or "refused"."""

    name: str
    outcome: str
    detail: str = ""
    compiled: CardDef | None = None


def compare(hand: CardDef, rec: Record | None, check: Check | None = None) -> Comparison:
    """Compile ``rec`` (the corpus's record of the card) and compare."""
    if rec is None:
        return Comparison(hand.name, "refused", "not in the corpus")
    got = compile_record(rec, check)
    if not isinstance(got, Compiled):
        return Comparison(hand.name, "refused", got.message())
    a, b = normalised(hand), normalised(got.defn)
    if a == b:
        return Comparison(hand.name, "same", compiled=got.defn)
    return Comparison(hand.name, "differs", first_difference(a, b), got.defn)


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two plain values first differ: "abilities[0].effects: ... != ..."."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}" if path else k)
        return ""
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and a:
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        return ""
    return f"{path}: hand-written {a!r}, compiled {b!r}"
