"""Bloodthirst N / Bloodthirst X (702.54).

702.54a "Bloodthirst N" means "If an opponent was dealt damage this turn, this permanent
enters with N +1/+1 counters on it." Any damage from any source at any time this turn
counts (``Player.damage_this_turn``, kept by engine.rules.replacement.deal_damage and reset as
the turn begins); damage to creatures, to yourself, prevented damage and life loss don't.
702.54b "Bloodthirst X" means "This permanent enters with X +1/+1 counters on it, where X
is the total damage your opponents have been dealt this turn."
702.54c If an object has multiple instances of bloodthirst, each applies separately
(including one gained while it was a spell, 400.7a: Bloodlord of Vaasgoth).

It is a replacement effect on entering (614.1c): the counters are there as it enters,
before any enters-the-battlefield trigger or state-based action looks at it.
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.rules.entering import AfterEnter, EnterEvent, EnterRule, enter_rule
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.stats import count


def bloodthirst_counters(state: GameState, card: Card, controller: int) -> int:
    """The +1/+1 counters all bloodthirst instances of ``card`` give as it enters."""
    damage = sum(p.damage_this_turn for p in state.players if p.idx != controller)
    total = 0
    for k in card.keyword_instances:
        if k.name != "bloodthirst":
            continue
        if k.n < 0:  # 702.54b
            total += damage
        elif damage > 0:  # 702.54a
            total += k.n
    return total


def bloodthirst_sources(state: GameState, event: EnterEvent) -> list[int]:
    card = event.card
    if "bloodthirst" in card.keyword_names and bloodthirst_counters(
            state, card, event.controller):
        return [event.oid]
    return []


def bloodthirst_enters(state: GameState, event: EnterEvent, source: int,
                       asker: Asker | None) -> AfterEnter | None:
    """Its counters read the damage dealt this turn, which no other effect on entering
    changes: the order never matters (engine.rules.entering)."""
    total = bloodthirst_counters(state, event.card, event.controller)

    def put(state: GameState, obj: GameObject) -> None:
        add_counters(state, obj, "+1/+1", total)
        count(state, obj.controller, "bloodthirst_counters", total)
    return put


BLOODTHIRST = enter_rule(EnterRule("bloodthirst", bloodthirst_sources, bloodthirst_enters,
                                   keyword="bloodthirst"))
