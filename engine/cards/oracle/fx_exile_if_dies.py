"""Clause pattern of "If that creature would die this turn, exile it instead." after an
effect on one target creature (Suplex: ``engine/effects/exile_if_dies.py``, 614.1a)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("amend", "exile_if_dies",
      r"if that creature would die this turn, exile it instead\.")
def _exile_if_dies(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = ab.it
    if not (ref.startswith("t") and ref[1:].isdigit()):
        raise NotUnderstood(m.group(0), "which creature")
    spec = ab.targets[int(ref[1:])]
    if spec.get("kind") != "creature" or spec.get("optional"):
        raise NotUnderstood(m.group(0), "that creature")
    return before + [{"do": "exile_if_dies", "what": ref}]
