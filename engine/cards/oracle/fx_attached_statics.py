"""Clause patterns of what an Aura or Equipment gives the permanent it is attached to,
beyond ``engine.cards.oracle.statics``' "gets +N/+N and has [keywords]": "can't be
blocked [and has shroud]" (Whispersilk Cloak; 509.1b), "has protection from [colour] and
from [colour]" (Mask of Law and Grace; 702.16), and a quoted ability alone
("Equipped creature has \"{T}: ~ deals 1 damage to any target.\"", Viridian Longbow: the
creature's own ability while it is equipped, 613.1f, where "~" is that creature). Each
is a static ability of the Aura or Equipment applying to "enchanted" or "equipped"
(layer 6). And the effect "[target creature] gains protection from [colour] until end of
turn"."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_pump import KEYWORD_LIST, keyword_list
from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_WHO = {"Enchanted creature": "enchanted", "Equipped creature": "equipped"}
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR = "(?:white|blue|black|red|green)"
Out = dict[str, list[Data]]


def _applies_to(who: str, ctx: Ctx) -> str:
    need = "Aura" if who.startswith("Enchanted") else "Equipment"
    if need not in ctx.subtypes:
        raise NotUnderstood(who, f"not an {need}")
    return _WHO[who]


@rule("static", "attached_cant_be_blocked",
      r"(?P<who>Enchanted creature|Equipped creature) can't be blocked(?: and has "
      r"(?P<kw>" + KEYWORD_LIST + r"))?\.")
def _unblockable(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    kws = ["unblockable", *(keyword_list(m.group("kw")) if m.group("kw") else [])]
    return {"abilities": [{"type": "static", "applies_to": _applies_to(m.group("who"), ctx),
                           "keywords": kws}]}


@rule("static", "attached_protection",
      rf"(?P<who>Enchanted creature|Equipped creature) has protection from (?P<c1>{_COLOR})"
      rf"(?: and from (?P<c2>{_COLOR}))?\.")
def _protection(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    colors = [_COLORS[c] for c in (m.group("c1"), m.group("c2")) if c]
    return {"abilities": [{"type": "static", "applies_to": _applies_to(m.group("who"), ctx),
                           "protection": colors}]}


@rule("static", "attached_has_ability",
      r"(?P<who>Enchanted creature|Equipped creature) has \"(?P<grant>[^\"]+\.)\"")
def _has_ability(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    applies = _applies_to(m.group("who"), ctx)
    assert ab.span is not None
    part = ab.span.group(m, "grant")
    ab.nested.append(part)
    granted = ctx.line_parser(part, ctx)
    if any(g.get("type") not in ("triggered", "activated") for g in granted):
        raise NotUnderstood(part.text, "a granted ability of this kind")
    return {"abilities": [{"type": "static", "applies_to": applies, "grants": granted}]}


@rule("effect", "gains_protection_from_color",
      rf"(?P<what>target creature(?: you control)?|~) gains protection from (?P<c1>{_COLOR})"
      rf"(?: and from (?P<c2>{_COLOR}))? until end of turn")
def _gains_protection(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Target creature gains protection from black until end of turn" (Obsidian
    Acolyte; ``engine/effects/gain_protection.py``)."""
    ref = one_object(m.group("what"), ab, ("creature",))
    colors = [_COLORS[c] for c in (m.group("c1"), m.group("c2")) if c]
    return [{"do": "gain_protection", "what": ref, "colors": colors}]
