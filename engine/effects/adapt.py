"""The ``adapt`` effect (Adapt): its data, how it resolves and what the AI thinks it is
worth.

701.46a: "Adapt N" means "If this permanent has no +1/+1 counters on it, put N +1/+1
counters on it." The check is made as the ability resolves: a permanent that got a
+1/+1 counter in the meantime (or adapted already) gets none, one whose counters were
removed adapts again (701.46b). A source no longer on the battlefield gets nothing.
"""

from __future__ import annotations

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.players.worth import guess_amount
from mtgsim.engine.players.worth_effects import sign_for
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Adapt(Effect, tag="adapt", frozen=True):
    """"Adapt N" (701.46a) of the permanent ``what`` (its source: "self")."""

    amount: Amount = 1
    what: str = "self"


def resolve(state: GameState, item: StackItem, eff: Adapt, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    for o in permanents(state, refs_of(state, item, eff.what)):
        if not o.counters.get("+1/+1", 0):  # 701.46a: only with none on it
            add_counters(state, o, "+1/+1", n)


def estimate(ev: Estimate, e: Adapt) -> None:
    """What N +1/+1 counters are worth (as ``add_counters`` values them), nothing when the
    source already has a +1/+1 counter (it would not adapt)."""
    src = ev.state.objects.get(ev.source)
    if src is None or src.counters.get("+1/+1", 0):
        return
    n = guess_amount(ev.state, e.amount, ev.me, ev.source, ev.x)
    ev.total += sign_for(src, ev.me) * 2.3 * n


RULES = effect_rules(Adapt, role=Role.COUNTERS, resolve=resolve, estimate=estimate,
                     sign=helps("what"))
