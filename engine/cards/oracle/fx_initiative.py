"""Clause patterns of the initiative (725; ``engine/effects/take_initiative.py``) and of
dungeons (309, 701.49; ``engine/effects/venture.py``): "you take the initiative", "if you
have the initiative", and goad (701.15, ``engine/effects/goad.py``: Undercity's Arena,
the initiative's Bloodboil Sorcerer). "Venture into the dungeon" stays not understood: of
the dungeons it chooses among (701.49a: any but Undercity) the engine has none, their
rooms' effects beyond the vocabulary; Undercity is entered through the initiative alone.
"If you've completed a dungeon" (309.7) counts Undercity's completions."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "take_initiative", r"you take the initiative")
def _take(m: re.Match[str], ab: Ability) -> list[Data]:
    """725.3: the ability's controller takes the initiative (and ventures into Undercity,
    725.2: the designation's own trigger)."""
    return [{"do": "take_initiative"}]


@rule("effect", "goad", r"goad (?P<what>target creature[^.,]*)")
def _goad(m: re.Match[str], ab: Ability) -> list[Data]:
    """701.15a: the creature attacks each combat if able until your next turn."""
    return [{"do": "goad", "what": one_object(m.group("what"), ab, ("creature",))}]


@rule("condition", "if_you_have_the_initiative", r"(?:if )?you have the initiative")
def _have(m: re.Match[str], ab: Ability) -> Data:
    """725.1: the ability's controller has the initiative now."""
    return {"if": "have_initiative"}


@rule("condition", "if_you_completed_a_dungeon", r"(?:if )?you've completed a dungeon")
def _completed(m: re.Match[str], ab: Ability) -> Data:
    """309.7: the controller completed a dungeon this game (any dungeon, any time)."""
    return {"if": "completed_dungeon"}
