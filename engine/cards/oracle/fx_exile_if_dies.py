"""Clause pattern of "If that creature would die this turn, exile it instead." after an
effect on one target creature (Suplex: ``engine/effects/exile_if_dies.py``, 614.1a); "that
creature or planeswalker" (Fanged Flames) is the same creature, the engine modelling no
planeswalkers."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("amend", "exile_if_dies",
      r"if that creature(?: or planeswalker)? would die this turn, exile it instead\.")
def _exile_if_dies(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = ab.it
    if not (ref.startswith("t") and ref[1:].isdigit()):
        raise NotUnderstood(m.group(0), "which creature")
    spec = ab.targets[int(ref[1:])]
    if spec.get("kind") != "creature" or spec.get("optional"):
        raise NotUnderstood(m.group(0), "that creature")
    return before + [{"do": "exile_if_dies", "what": ref}]


def _mark_damage(effects: list[Data]) -> int:
    """Set ``exile_if_dies`` on each damage effect among ``effects`` (and those of an
    "if" effect's branches); how many there were."""
    n = 0
    for e in effects:
        if e.get("do") == "damage":
            e["exile_if_dies"] = True
            n += 1
        elif e.get("do") == "if":
            n += _mark_damage(e.get("effects", [])) + _mark_damage(e.get("otherwise", []))
    return n


@rule("amend", "exile_if_dealt_damage_by_self_dies",
      r"if a (?:permanent|creature) dealt damage by ~ (?:this turn )?would die this turn, "
      r"exile it instead\.")
def _exile_damaged_by_self(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Torch the Tower's "If a permanent dealt damage by ~ would die this turn, exile it
    instead." (614.1a): each creature a damage effect of the spell was dealt damage to
    (``damage``'s ``exile_if_dies``; only creatures die here, 700.4, the engine modelling no
    planeswalkers). A spell's own sentence: an ability is a source other than the card."""
    if ab.kind != "spell":
        raise NotUnderstood(m.group(0), "dealt damage by what")
    out = [dict(e) for e in before]
    for i, e in enumerate(out):
        if e.get("do") == "if":
            out[i] = dict(e, effects=[dict(x) for x in e.get("effects", [])],
                          otherwise=[dict(x) for x in e.get("otherwise", [])])
    if not _mark_damage(out):
        raise NotUnderstood(m.group(0), "dealt damage by what")
    return out
