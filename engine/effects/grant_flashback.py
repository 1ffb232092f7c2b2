"""The ``grant_flashback`` effect (GrantFlashback): its data, how it resolves and what the AI thinks it is worth.

"Target instant or sorcery card in your graveyard gains flashback until end of
turn. The flashback cost is equal to its mana cost." (Snapcaster Mage; 702.34a): a
casting permission from the graveyard; ``cost`` "" means the card's mana cost.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, ContinuousEffect, GameState, StackItem


class GrantFlashback(Effect, tag="grant_flashback", frozen=True):
    """"Target instant or sorcery card in your graveyard gains flashback until end of
    turn. The flashback cost is equal to its mana cost." (Snapcaster Mage; 702.34a): a
    casting permission from the graveyard; ``cost`` "" means the card's mana cost."""

    what: str = "t0"
    cost: str = ""


def resolve(state: GameState, item: StackItem, eff: GrantFlashback, asker: Asker,
            queue: list[EffectT]) -> None:
    """The card gains flashback until end of turn (a casting permission, 702.34a)."""
    for r in refs_of(state, item, eff.what):
        card_obj = state.objects.get(r)
        if card_obj is None or card_obj.zone != GRAVEYARD:
            continue
        state.clock += 1
        state.effects.append(ContinuousEffect(
            card_obj.oid, state.clock, flashback_cost=eff.cost or card_obj.card.mana_cost))
        if state.log is not None:
            log(state, "gains", item.controller, card_obj.card.name, "flashback")


RULES = effect_rules(
    GrantFlashback, resolve=resolve, estimate=by_sign, sign=helps("what"))
