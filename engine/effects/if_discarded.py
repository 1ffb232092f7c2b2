"""The ``if_discarded`` effect (IfDiscarded): its data, how it resolves and what the AI thinks it is worth.

"If the discarded card wasn't a land card, [effects]." (Grab the Prize): the card
discarded to pay the spell's cost (601.2b, 601.2h) is looked at as it last existed in
the hand (608.2h: information about an object that left its zone is its last known
information); ``StackItem.discarded`` keeps it from the payment. ``types``: the card
types the discarded card must have (any of them), or with ``negate`` must not have.
No card discarded (a copy of the spell, 707.10): the condition is not met.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.cards.schema.bits import TYPE_BIT, CardType
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class IfDiscarded(Effect, tag="if_discarded", frozen=True):
    """``effects`` happen if the card discarded to pay the cost has one of ``types``
    (with ``negate``: has none of them)."""

    types: tuple[CardType, ...]
    effects: tuple[EffectT, ...]
    negate: bool = False


def resolve(state: GameState, item: StackItem, eff: IfDiscarded, asker: Asker,
            queue: list[EffectT]) -> None:
    if not item.discarded:
        return
    mask = 0
    for t in eff.types:
        mask |= TYPE_BIT[t]
    has = any(c.type_mask & mask for c in item.discarded)
    if has != eff.negate:
        queue[0:0] = eff.effects


def estimate(ev: Estimate, e: IfDiscarded) -> None:
    """The card to be discarded is not known before it is chosen: half of what the
    effects are worth (never less than nothing)."""
    if ev.depth < 3:
        ev.total += max(0.0, 0.5 * ev.nested(e.effects))


def sign(e: IfDiscarded, ref: str) -> int:
    return effects_sign(e.effects, ref)


RULES = effect_rules(IfDiscarded, resolve=resolve, estimate=estimate, sign=sign)
