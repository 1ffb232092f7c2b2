"""Storm (702.40).

702.40a: storm is a triggered ability that functions on the stack: "When you cast this
spell, copy it for each other spell that was cast before it this turn. If the spell has
any targets, you may choose new targets for any of the copies."
702.40b: multiple instances each trigger.

The spells cast before it are every player's, counted as each spell is cast
(``Player.cast_this_turn``, reset as a turn begins) and remembered on the storm spell's
stack item as it is cast (``StackItem.storm_count``): spells cast after it, in response
to the trigger, are not "before it". Copies are not cast (707.10): they don't count and
don't trigger storm. The copies are made even if the spell has left the stack (its
record as it was cast, as replicate's).
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import AbilityT, Effect, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.copies import choose_new_targets, copy_spell
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_value, unaffected
from mtgsim.engine.rules.triggers import CAST_HOOKS
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem


class StormCopies(Effect, tag="storm_copies", frozen=True):
    """702.40a: copy the spell once for each spell cast before it this turn."""


STORM_TRIGGER = Triggered(when="cast_self", effects=(StormCopies(),), keyword="storm")


@compiles("storm")
def compile_storm(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [STORM_TRIGGER]


def count_storm(state: GameState, spell: GameObject, item: StackItem) -> None:
    """As a spell with storm is cast: the spells cast before it this turn (this one is
    counted already, ``engine.rules.casting``)."""
    if "storm" in spell.card.keyword_names:
        item.storm_count = sum(p.cast_this_turn for p in state.players) - 1


def storm(state: GameState, item: StackItem, eff: Any, asker: Asker,
          queue: list[Any]) -> None:
    original = next((i for i in state.stack if i.sid == item.subject), None)
    if original is None:
        original = item.spell  # the spell left the stack: its record as it was cast
    if original is None:
        return
    plans = [choose_new_targets(state, asker, original, item.controller)
             if original.target_specs else None for _ in range(original.storm_count)]
    for targets in plans:
        copy_spell(state, original, item.controller, targets)


CAST_HOOKS.append(count_storm)

def estimate(ev: Estimate, e: StormCopies) -> None:
    """The AI's worth of the copies, before the spell is cast: one more time what the
    spell does (with the targets planned for it) for each spell cast so far this turn,
    which would all be before it."""
    state = ev.state
    obj = state.objects.get(ev.source)
    if obj is None or obj.card.spell is None or ev.depth >= 2:
        return
    n = sum(p.cast_this_turn for p in state.players)
    if n:
        ev.total += n * effects_value(state, ev.me, obj.card.spell.effects, ev.targets,
                                      ev.source, ev.x, ev.depth + 1, ev.price)


effect_rules(StormCopies, resolve=storm, estimate=estimate, sign=unaffected)
