"""Graft N (702.58).

702.58a Graft is a static ability and a triggered ability. "Graft N" means "This
permanent enters with N +1/+1 counters on it" (a replacement effect as it enters, 614.1c)
and "Whenever another creature enters, if this permanent has a +1/+1 counter on it, you
may move a +1/+1 counter from this permanent onto that creature": any creature, under
any player's control; the "if" is an intervening if, checked when the creature enters
and again on resolution (603.4); "you may" is asked on resolution.
702.58b Multiple instances each work separately: every instance compiles to its own
trigger, and each adds its own N counters.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    Filter,
    KeywordInstance,
    SelfHasCounter,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.keywords import compiles
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, refers
from mtgsim.engine.rules.entering import AfterEnter, EnterEvent, EnterRule, enter_rule
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count


class MoveCounter(Effect, tag="move_counter", frozen=True):
    """Move a counter from one object to another (graft, 702.58a)."""

    origin: str = "self"
    to: str = "it"
    counter: str = "+1/+1"


@compiles("graft")
def compile_graft(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="other_enters", filter=Filter(types=("creature",)),
                      condition=SelfHasCounter("+1/+1"), optional=True, keyword="graft",
                      effects=(MoveCounter(),))]


def graft_sources(state: GameState, event: EnterEvent) -> list[int]:
    card = event.card
    if "graft" in card.keyword_names and any([k.n for k in card.keyword_instances
                                               if k.name == "graft"]):
        return [event.oid]
    return []


def graft_enters(state: GameState, event: EnterEvent, source: int,
                 asker: Asker | None) -> AfterEnter | None:
    """N +1/+1 counters for each instance (702.58b): a fixed number, so the order among
    the other effects on entering never matters (engine.rules.entering)."""
    total = sum(k.n for k in event.card.keyword_instances if k.name == "graft")

    def put(state: GameState, obj: GameObject) -> None:
        add_counters(state, obj, "+1/+1", total)
        count(state, obj.controller, "graft_counters", total)
    return put


def move_counter(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    origin = refs_of(state, item, eff.origin)
    dest = refs_of(state, item, eff.to)
    if not origin or not dest:
        return
    src = state.objects.get(origin[0])
    to = state.objects.get(dest[0])
    if src is None or to is None or src.zone != BATTLEFIELD or to.zone != BATTLEFIELD:
        return
    if src.counters.get(eff.counter, 0) <= 0:
        return
    src.counters[eff.counter] -= 1
    if not src.counters[eff.counter]:
        del src.counters[eff.counter]
    add_counters(state, to, eff.counter, 1)
    if item.trigger is not None and item.trigger.keyword == "graft":
        count(state, item.controller, "graft_counters_moved")


GRAFT = enter_rule(EnterRule("graft", graft_sources, graft_enters, keyword="graft"))


def move_counter_sign(e: MoveCounter, ref: str) -> int:
    """Good for where the counter goes, bad for where it comes from."""
    if refers(e.to, ref):
        return 1
    return -1 if refers(e.origin, ref) else 0


effect_rules(MoveCounter, resolve=move_counter, estimate=by_sign, sign=move_counter_sign)
