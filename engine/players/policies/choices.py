"""Heuristic answers to the keyword and other non-priority decisions: dredge, devour,
convoke, graft and the other "may" questions, which replacement effect applies first,
Aura attachment, costs (discards,
sacrifices, counters, taps), searches, colours, library manipulation, sacrifices to
annihilator and edicts. Kept apart from the casting and combat heuristics so each stays
readable.

One module per kind of decision (``choice_keywords``, ``choice_costs``, ``choice_auras``,
``choice_cards``); this module gathers them for ``engine.players.policies.heuristic``.
"""

from __future__ import annotations

from mtgsim.engine.effects.damage import Damage
from mtgsim.engine.players.policies.choice_auras import attach, aura_host_score, worth
from mtgsim.engine.players.policies.choice_cards import (
    choose_discard,
    color,
    colors,
    damage_order,
    discard,
    legend,
    library_order,
    look_exile,
    search,
)
from mtgsim.engine.players.policies.choice_costs import (
    convoke_tap,
    cost_choice,
    cost_counter,
    cost_discard,
    cost_tap,
    delve,
    improvise_tap,
    return_chosen,
    sacrifice,
)
from mtgsim.engine.players.policies.choice_keywords import devour, dredge, free_spell_ok, may
from mtgsim.engine.players.policies.choice_replacement import replacement
from mtgsim.engine.players.worth import aura_bonus
from mtgsim.engine.state.game_state import BATTLEFIELD, GRAVEYARD

__all__ = ["dredge", "devour", "convoke_tap", "improvise_tap", "delve", "may", "attach", "cost_discard",
           "cost_choice", "sacrifice", "search", "color", "colors", "cost_counter",
           "cost_tap", "look_exile", "library_order", "choose_discard", "discard",
           "damage_order", "legend", "replacement", "aura_host_score", "free_spell_ok",
           "worth", "return_chosen",
           "BATTLEFIELD", "GRAVEYARD", "Damage", "aura_bonus"]
