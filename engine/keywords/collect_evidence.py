"""Collect evidence as an optional additional cost: "As an additional cost to cast this
spell, you may collect evidence N." (Extract a Confession).

701.59a: to collect evidence N is to exile any number of cards from your graveyard with
total mana value N or greater. A player who can't exile enough can't collect evidence at
all (601.2b: a cost that can't be paid is not chosen; the card's rulings say so too).
The compiler reads the sentence into the card's keyword "Collect evidence N" (a keyword
instance of the card rather than an Oracle keyword: collect evidence is a keyword
action, and the card's sentence is the optional cost, as kicker's is, 702.33a).

This module registers the additional cost ``COLLECT_EVIDENCE`` in
``engine.rules.spell_costs``: asked as the spell is cast, after kicker (601.2b), only when
the graveyard holds cards of total mana value N or more; the cards are then chosen one
question at a time (``delve``-kind, escape's shape) until their total is N or more and
exiled with the rest of the cost (601.2h, ``SpellPlan.exiles``). Only cards of mana value
1 or more are offered: a card of mana value 0 adds nothing to the total, and exiling it
too is a choice that changes nothing this engine plays (no card it compiles counts the
cards exiled this way). "If evidence was collected" is ``OptionalCostPaid``
(``engine.rules.optional_costs``).
"""

from __future__ import annotations

import mtgsim.engine.rules.optional_costs  # noqa: F401  (its condition registers)
from mtgsim.engine.rules.spell_costs import AdditionalCost, SpellPlan, additional_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState

_KIND_MAY = DecisionKind.MAY
_KIND_DELVE = DecisionKind.DELVE
KEYWORD = "collect evidence"


def evidence_needed(obj: GameObject) -> int:
    """N of the card's "collect evidence N"."""
    return obj.card.instances(KEYWORD)[0].n


def evidence_cards(state: GameState, player: int, obj: GameObject) -> list[int]:
    """The graveyard cards that count toward the total (mana value 1 or more), top last."""
    objects = state.objects
    return [oid for oid in state.players[player].graveyard
            if oid != obj.oid and objects[oid].card.mana_value > 0]


def can_collect(state: GameState, player: int, obj: GameObject) -> bool:
    """701.59a: the graveyard's cards have total mana value N or more."""
    objects = state.objects
    total = 0
    for oid in evidence_cards(state, player, obj):
        total += objects[oid].card.mana_value
    return total >= evidence_needed(obj)


def may_collect(state: GameState, obj: GameObject) -> bool:
    return KEYWORD in obj.card.keyword_names


def ask_evidence(state: GameState, asker: Asker, player: int, obj: GameObject,
                 plan: SpellPlan, units: list[int]) -> None:
    """601.2b: whether to collect evidence (only when it can be), then the cards, one at
    a time, each question saying how much mana value is still needed (``ForSpell.cost``:
    "collect evidence 3")."""
    if not can_collect(state, player, obj):
        return
    n = evidence_needed(obj)
    if asker.choose(Decision(
            _KIND_MAY, player, f"collect evidence {n} for {obj.card.name}?", options=[1, 0],
            source=obj.oid, about=ForSpell(obj.card, f"{KEYWORD} {n}"))) != 0:
        return
    objects = state.objects
    need = n
    while need > 0:
        options = [oid for oid in evidence_cards(state, player, obj)
                   if oid not in plan.exiles]
        pick = asker.choose_many(Decision(
            _KIND_DELVE, player, f"exile a card to collect evidence ({need} more)",
            options=options, multi=True, min_count=1, max_count=1, source=obj.oid,
            about=ForSpell(obj.card, f"{KEYWORD} {need}")))
        chosen = options[pick[0]]
        plan.exiles.append(chosen)
        need -= objects[chosen].card.mana_value
    plan.paid.append(KEYWORD)


COLLECT_EVIDENCE = additional_cost(AdditionalCost(KEYWORD, order=3, may=may_collect,
                                                  ask=ask_evidence))
