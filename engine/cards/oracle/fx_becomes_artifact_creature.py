"""Clause pattern of "That artifact becomes a 0/0 Homunculus artifact creature with
flying" (Kenku Artificer), after a sentence that targets one artifact: the ``becomes``
effect for the rest of the game (611.2a: no duration stated), its creature types set and
its other card types and subtypes kept (205.1b: "[creature type] artifact creature"),
base power and toughness set (layer 7b, 613.4b) and the keywords gained (layer 6).

Only "that artifact" naming the one target of the sentence before is read, and only an
artifact target: what "that artifact" names otherwise is refused."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_pump import KEYWORD_LIST, keyword_list
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "that_artifact_becomes_artifact_creature",
      r"that artifact becomes an? (?P<p>\d+)/(?P<t>\d+) (?P<sub>[A-Z][a-z]+) artifact "
      r"creature(?: with (?P<kw>" + KEYWORD_LIST + r"))?")
def _becomes_artifact_creature(m: re.Match[str], ab: Ability) -> list[Data]:
    """"That artifact": the last target, which must be an artifact (a "noncreature
    artifact" on Kenku Artificer) and the thing the sentence before acted on."""
    if not ab.targets or ab.it != f"t{len(ab.targets) - 1}":
        raise NotUnderstood(m.group(0), "what that artifact is")
    spec = ab.targets[-1]
    if spec.get("kind") != "permanent" or "artifact" not in spec.get("filter", {}).get(
            "types", ()):
        raise NotUnderstood(m.group(0), "that artifact is not an artifact target")
    out: Data = {"do": "becomes", "what": ab.it, "power": int(m.group("p")),
                 "toughness": int(m.group("t")), "creature_types": [m.group("sub")]}
    if m.group("kw"):
        out["keywords"] = keyword_list(m.group("kw"))
    return [out]
