"""The ``dungeon_reveal_put`` effect (DungeonRevealPut): its data, how it resolves and
what the AI thinks it is worth.

Undercity's last room, Throne of the Dead Three: "Reveal the top ten cards of your
library. Put a creature card from among them onto the battlefield with three +1/+1
counters on it. It gains hexproof until your next turn. Then shuffle." The cards are
revealed to every player (701.16a); "a creature card" is one, chosen by the controller,
if any is among them (none: nothing enters); it enters with its counters (614.1c: a
replacement of how it enters, so its enters abilities see them); hexproof (702.11) is a
layer-6 effect that ends as the controller's next turn begins (611.2a,
``ContinuousEffect.until_turn_of``); the library is shuffled whatever was found (701.20).
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_HEXPROOF, T_CREATURE, Effect, EffectT
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.effects.scry import top_cards
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.entering import AfterEnter, prepare_enter
from mtgsim.engine.rules.zones import reveal, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Searching
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    ContinuousEffect,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)


class DungeonRevealPut(Effect, tag="dungeon_reveal_put", frozen=True):
    """"Reveal the top ``amount`` cards of your library. Put a creature card from among
    them onto the battlefield with ``counters`` +1/+1 counters on it. It gains hexproof
    until your next turn. Then shuffle." (Throne of the Dead Three)."""

    amount: int = 10
    counters: int = 3


def _enter_with(n: int) -> AfterEnter:
    def put(state: GameState, obj: GameObject) -> None:
        add_counters(state, obj, "+1/+1", n)
    return put


def resolve(state: GameState, item: StackItem, eff: DungeonRevealPut, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    cards = top_cards(state, me, eff.amount)
    options = [oid for oid in cards if state.objects[oid].card.type_mask & T_CREATURE]
    picks: list[int] = []
    if options:  # one of them, which the player chooses (a card found among the revealed)
        picks = asker.choose_many(Decision(
            DecisionKind.SEARCH, me, "put a creature card onto the battlefield",
            options=options, multi=True, min_count=1, max_count=1, source=item.source,
            about=Searching(me)))
    for oid in cards:
        reveal(state, state.objects[oid])
    if picks:
        obj = state.objects[options[picks[0]]]
        after = prepare_enter(state, obj.card, me, asker, obj.oid)
        after.append(_enter_with(eff.counters))  # 614.1c
        new = rep.enter(state, obj, me, asker=asker, after=after)
        if new is not None:
            state.clock += 1
            state.effects.append(ContinuousEffect(new.oid, state.clock, kw=KW_HEXPROOF,
                                                  until_eot=False, until_turn_of=me))
            characteristics_changed(state)
    shuffle_library(state, me)


def estimate(ev: Estimate, e: DungeonRevealPut) -> None:
    """The creature is one of the top cards, unknown: the best creature card of the
    library's known part is not a fair guess, so a middling creature (a 3/3's worth)
    with its three counters (each about one point)."""
    ev.total += 3.0 + e.counters


RULES = effect_rules(DungeonRevealPut, resolve=resolve, estimate=estimate, sign=unaffected)
