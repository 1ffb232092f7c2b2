"""Clause patterns of exiling graveyards (``engine/effects/exile_graveyard.py``):
"exile target player's graveyard", "exile each opponent's graveyard", "exile all
graveyards", "exile any number of target players' graveyards" (Thraben Charm), and
"target player exiles a card from their graveyard" (that player chooses the card)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import Targeted, add_targets
from mtgsim.engine.cards.oracle.refs import player
from mtgsim.engine.cards.oracle.table import Ability, Data, rule

_WHOSE = r"(?P<who>target player|target opponent|each opponent|each player)"


@rule("effect", "exile_graveyard", rf"exile {_WHOSE}'s graveyard|exile all graveyards")
def _exile_graveyard(m: re.Match[str], ab: Ability) -> list[Data]:
    who = "each_player" if m.group("who") is None else player(m.group("who"), ab)
    return [{"do": "exile_graveyard", "who": who}]


@rule("effect", "exile_any_number_of_graveyards",
      r"exile any number of target players' graveyards")
def _exile_any_number(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Any number of target players" (601.2c: the caster chooses how many, zero
    included, and the same player can't be chosen twice for one word "target"; 115.1):
    in the two-player games the engine plays that is up to two distinct player targets.
    The graveyards of the chosen players still legal on resolution are exiled at once
    (``targets``: every target still legal, 608.2b)."""
    add_targets(Targeted(2, True, {"kind": "player"}), ab)
    return [{"do": "exile_graveyard", "who": "targets"}]


@rule("effect", "exiles_a_card_from_graveyard",
      r"(?P<who>target player|target opponent|each opponent|each player) exiles? a card "
      r"from their graveyard")
def _exiles_one(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "exile_graveyard", "who": player(m.group("who"), ab), "one": True}]
