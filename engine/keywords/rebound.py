"""Rebound (702.88).

702.88a Rebound appears on some instants and sorceries. It represents a static ability
that functions while the spell is on the stack and may create a delayed triggered
ability: "If this spell was cast from your hand, instead of putting it into your
graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may
cast this card from exile without paying its mana cost."

* A replacement of where the card goes as it resolves (608.2n, ``SPELL_DONE_HOOKS``):
  only a spell that resolves (not one countered, or one that doesn't resolve because all
  its targets became illegal, 608.2b: those go to the graveyard) and only one cast from
  its owner's hand (not cast from exile by rebound itself, from a graveyard, by cascade,
  nor a copy, which was not cast at all).
* The delayed trigger (603.7) waits for that player's next upkeep; the cast is optional
  ("may"), and a card left in exile stays there. If the card left exile meanwhile, the
  trigger does nothing (400.7).

702.88b Casting it this way follows the rules for alternative costs (601.2b, 601.2f-h):
"without paying its mana cost"; additional costs (replicate) may still be paid. A
player who can't cast spells (epic) can't cast it.

702.88c Multiple instances are redundant: the hook runs once per spell.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    Effect,
    Triggered,
)
from mtgsim.engine.rules.castability import castable_modes
from mtgsim.engine.rules.effect import effect_rules, unaffected, yes_no
from mtgsim.engine.rules.resolution import SPELL_DONE_HOOKS
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayCast
from mtgsim.engine.state.game_state import (
    EXILE,
    HAND,
    CastTask,
    DelayedTrigger,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count


class ReboundCast(Effect, tag="rebound_cast", frozen=True):
    """702.88a: you may cast the exiled card without paying its mana cost."""

REBOUND_UPKEEP = Triggered(when="upkeep", effects=(ReboundCast(),), keyword="rebound")


def rebound_exile(state: GameState, item: StackItem, card_obj: GameObject) -> int | None:
    if item.is_copy or item.cast_from != HAND or not card_obj.card.has_keyword("rebound"):
        return None
    state.clock += 1
    state.delayed.append(DelayedTrigger(
        "upkeep", item.controller, card_obj.oid, card_obj.card, REBOUND_UPKEEP, state.clock,
        subject_lki=card_obj))
    if state.log is not None:
        log(state, "rebound", item.controller, card_obj.card.name)
    return EXILE


def rebound_cast(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    lki = item.subject_lki
    card_obj = state.objects.get(lki.moved_to) if lki is not None else None
    if card_obj is None or card_obj.zone != EXILE:
        return
    player = item.controller
    if not state.players[player].can_cast_spells or not castable_modes(
            state, card_obj.card, player, card_obj.oid):
        return
    if yes_no(asker, player, f"rebound: cast {card_obj.card.name}?", card_obj.oid,
              MayCast("rebound", card_obj.card)):
        count(state, player, "rebound_casts")
        state.tasks.append(CastTask(player=player, oid=card_obj.oid, free=True))


SPELL_DONE_HOOKS.append(rebound_exile)


effect_rules(ReboundCast, resolve=rebound_cast, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the rebound cast is valued when the spell is cast again")
