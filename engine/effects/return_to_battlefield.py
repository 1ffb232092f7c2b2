"""The ``return_to_battlefield`` effect (ReturnToBattlefield): its data, how it resolves and what the AI thinks it is worth.

Return a card from a graveyard to the battlefield under its owner's (or your)
control, entering with ``counters`` ``counter`` counters (persist, 702.79a).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.entering import AfterEnter, prepare_enter
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count


class ReturnToBattlefield(Effect, tag="return_to_battlefield", frozen=True):
    """Return a card from a graveyard to the battlefield under its owner's (or your)
    control, entering with ``counters`` ``counter`` counters (persist, 702.79a)."""

    what: str = "it_card"
    under: Literal["owner", "you"] = "owner"
    counter: str = "-1/-1"
    counters: int = 0


def _enter_with(counter: str, n: int) -> AfterEnter:
    def put(state: GameState, obj: GameObject) -> None:
        add_counters(state, obj, counter, n)
    return put


def resolve(state: GameState, item: StackItem, eff: ReturnToBattlefield, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        card_obj = state.objects.get(r)
        if card_obj is None or card_obj.zone != GRAVEYARD:
            continue
        ctrl = card_obj.owner if eff.under == "owner" else item.controller
        after = prepare_enter(state, card_obj.card, ctrl, asker, card_obj.oid)
        if eff.counters > 0:
            after.append(_enter_with(eff.counter, eff.counters))  # 614.1c
        rep.enter(state, card_obj, ctrl, asker=asker, after=after)
        if item.trigger is not None and item.trigger.keyword:
            count(state, item.controller, item.trigger.keyword + "_returns")


def estimate(ev: Estimate, e: ReturnToBattlefield) -> None:
    ev.total += 2.0


RULES = effect_rules(
    ReturnToBattlefield, resolve=resolve, estimate=estimate, sign=helps("what"))
