"""Epic (702.50).

702.50a Epic represents two spell abilities, one of which creates a delayed triggered
ability: "For the rest of the game, you can't cast spells," and "At the beginning of
each of your upkeeps for the rest of the game, copy this spell except for its epic
ability. If the spell has any targets, you may choose new targets for the copy."

* They are spell abilities: they happen as the spell resolves (``RESOLVED_HOOKS``), so
  an epic spell that is countered or doesn't resolve (608.2b) does neither. A resolving
  copy of an epic spell (Twincast) has epic too; the upkeep copies don't (they are made
  from the card minus its epic ability), so they never add further triggers.
* "You can't cast spells": ``Player.can_cast_spells`` is checked by every casting
  permission (legal actions, cascade, rebound, any "cast without paying").

702.50b Effects still put copies onto the stack: copies are not cast (707.10), so the
upkeep copies happen. Their targets may change (``choose_new_targets``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from mtgsim.engine.cards import (
    Effect,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.copies import choose_new_targets, copy_spell
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.resolution import RESOLVED_HOOKS
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import DelayedTrigger, GameState, StackItem
from mtgsim.engine.state.stats import count


class EpicCopy(Effect, tag="epic_copy", frozen=True):
    """702.50a: copy the epic spell except for its epic ability; new targets allowed."""

EPIC_UPKEEP = Triggered(when="upkeep", effects=(EpicCopy(),), keyword="epic")


def without_epic(state: GameState, card: Card) -> Card:
    """The card's characteristics "except for its epic ability" (707.10, 707.9b)."""
    return game_card(state, msgspec.structs.replace(
        card.defn, keywords=tuple(k for k in card.keywords if k.strip().lower() != "epic")))


def epic_resolved(state: GameState, item: StackItem) -> None:
    if not item.is_spell or not item.card.has_keyword("epic"):
        return
    player = item.controller
    state.players[player].can_cast_spells = False
    state.clock += 1
    snapshot = StackItem(item.sid, player, item.source, without_epic(state, item.card), True,
                         item.effects, item.target_specs, list(item.targets), x=item.x,
                         mode=item.mode, label=item.card.name)
    state.delayed.append(DelayedTrigger(
        "upkeep", player, item.source, item.card, EPIC_UPKEEP, state.clock,
        one_shot=False, spell=snapshot))
    if state.log is not None:
        log(state, "epic", player, item.card.name)


def epic_copy(state: GameState, item: StackItem, eff: Any, asker: Asker,
              queue: list[Any]) -> None:
    original = item.spell
    if original is None:
        return
    targets = choose_new_targets(state, asker, original, item.controller) \
        if original.target_specs else None
    copy_spell(state, original, item.controller, targets)
    count(state, item.controller, "epic_copies")


RESOLVED_HOOKS.append(epic_resolved)


effect_rules(EpicCopy, resolve=epic_copy, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the copies are worth what the spell does, valued with the spell")
