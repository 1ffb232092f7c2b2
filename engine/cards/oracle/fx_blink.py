"""Clause patterns of "Exile [targets], then return [it / those cards] to the battlefield
under [its / their] owner's control" (Ephemerate, Ghostly Flicker:
``engine/effects/flicker.py``; 400.7: each returns as a new object), and of "Exile two
target [permanents]" (Dust to Dust)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.refs import objects
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


def _nothing_after(ab: Ability) -> None:
    """Refuse a line that speaks of the returned card after the clause ("It gains first
    strike until end of turn", Justiciar's Portal): it is a new object (400.7), which
    the references of an ability (its targets) do not name."""
    assert ab.span is not None and ab.ctx is not None
    rest = ab.ctx.lines[ab.span.line][ab.span.end:]
    if re.search(r"\b(?:it|its|that creature|that card|those cards|them|they)\b", rest,
                 re.IGNORECASE):
        raise NotUnderstood(rest.strip(), "the returned card: a new object (400.7)")


@rule("effect", "flicker",
      r"exile (?P<what>(?:\w+ )?target .+?), then return (?P<back>it|that card|them|"
      r"those cards) to the battlefield under (?P<whose>its owner's|their owner's|"
      r"their owners'|your) control")
def _flicker(m: re.Match[str], ab: Ability) -> list[Data]:
    refs = objects(m.group("what"), ab, ("permanent", "creature"))
    one = len(refs) == 1 and m.group("what").startswith("target ")
    whose = m.group("whose")
    if one != (m.group("back") in ("it", "that card")) or \
            whose != "your" and one != (whose == "its owner's"):
        raise NotUnderstood(m.group(0), "return which")
    _nothing_after(ab)
    for spec in ab.targets[-len(refs):]:
        if spec.get("filter", {}).get("controller") != "you":
            raise NotUnderstood(m.group("what"), "another player's permanent")
    under = {"under": "you"} if whose == "your" else {}
    return [{"do": "flicker", "what": r, **under} for r in refs]


@rule("effect", "exile_several_targets", r"exile (?P<what>(?:two|three) target .+)")
def _exile_several(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Exile two target artifacts" (Dust to Dust): distinct targets (115.3), each exiled."""
    what = m.group("what")
    if " until " in what or " face down" in what or " from " in what:
        raise NotUnderstood(what, "exile which")
    refs = objects(what, ab, ("permanent", "creature"))
    return [{"do": "exile", "what": r} for r in refs]
