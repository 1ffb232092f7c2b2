"""Clause pattern of the job select Equipment (702.182, ``engine/keywords/job_select.py``):
"Equipped creature gets +1/+0, has \"Whenever you cast a noncreature spell, this creature
deals 1 damage to each opponent,\" and is a Wizard in addition to its other types."
(Black Mage's Rod), with its shorter forms "gets +3/+2 and is a Warrior in addition to its
other types." (Warrior's Sword) and "gets +2/+2, has trample and haste, and is a Samurai
in addition to its other types." (Samurai's Katana).

One static ability of the Equipment applying to the equipped creature (301.5): the
power/toughness change in layer 7c (613.4c), the keywords and the quoted ability in
layer 6 (613.1f; a granted ability is the creature's own, "this creature" in it that
creature, 113.6) and the creature type in layer 4 (613.1d), had in addition to its other
types (205.1b). A quoted ability ends with a comma inside the quotation marks when the
sentence goes on ("...each opponent,\" and is ..."): it is read as its own sentence, full
stop for comma.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_pump import KEYWORD_LIST, keyword_list
from mtgsim.engine.cards.oracle.nouns import singular_subtype
from mtgsim.engine.cards.oracle.statics import granted_abilities
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span

Out = dict[str, list[Data]]


@rule("static", "job_equipped_is_type",
      r"Equipped creature gets (?P<pt>{PT})(?:,? and|, has (?:(?P<kw>" + KEYWORD_LIST +
      r")|\"(?P<grant>[^\"]+),\"),? and) is an? (?P<type>[A-Z][a-z]+) in addition to its "
      r"other types\.")
def _job_equipped(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if "Equipment" not in ctx.subtypes:
        raise NotUnderstood("Equipped creature", "not an Equipment")
    kind = m.group("type")
    if singular_subtype(kind) != kind:
        raise NotUnderstood(kind, "a creature type")
    p, t = m.group("pt").split("/")
    out: Data = {"type": "static", "applies_to": "equipped", "add_subtypes": [kind]}
    for key, v in (("power", p), ("toughness", t)):
        if "X" in v:
            raise NotUnderstood(m.group("pt"), "X")
        n = int(v[1:]) * (-1 if v[0] == "-" else 1)
        if n:
            out[key] = n
    if m.group("kw"):
        out["keywords"] = keyword_list(m.group("kw"))
    if m.group("grant"):
        assert ab.span is not None
        quoted = ab.span.group(m, "grant")
        part = Span(quoted.text + ".", quoted.line, quoted.start)  # its comma: a full stop
        out["grants"] = granted_abilities(part, ab, ctx)
    return {"abilities": [out]}
