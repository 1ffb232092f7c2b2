"""The ``damage`` effect (Damage): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_INDESTRUCTIBLE,
    T_CREATURE,
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.effects.exile_if_dies import exile_if_dies
from mtgsim.engine.players.worth import (
    death_triggers_value,
    guess_amount,
    is_creature,
    leaver_worth,
    leaves_at_end,
    value,
)
from mtgsim.engine.players.worth_effects import (
    each_of,
    life_loss_worth,
    objs_for,
    players_for,
    sign_for,
)
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import (
    Estimate,
    LifePrice,
    Role,
    amount_of,
    each_matching,
    effect_rules,
    refers,
)
from mtgsim.engine.rules.refs import refs_of, source_object
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, GameObject, GameState, StackItem


class Damage(Effect, tag="damage", frozen=True):
    amount: Amount
    to: str = "t0"
    each: Filter | None = None  # damage to each permanent matching (and `to` is ignored)
    # "If a creature dealt damage this way would die this turn, exile it instead"
    # (Yamabushi's Storm, 614.1a): each creature this dealt damage to
    exile_if_dies: bool = False
    # who deals it, when not the ability's source: "it", the triggered ability's subject
    # (Hawkeye's Bow: "Whenever equipped creature becomes tapped, it deals 1 damage to
    # each opponent": the creature, 120.3; as it last existed if it has left, 608.2h)
    by: str = ""


def resolve(state: GameState, item: StackItem, eff: Damage, asker: Asker,
            queue: list[EffectT]) -> None:
    src = source_object(state, item) if not eff.by else _dealer(state, item)
    if src is None:
        return
    n = amount_of(state, item, eff.amount)
    if eff.each is not None:
        for o in each_matching(state, item, eff.each):
            if rep.deal_damage(state, src, o.oid, n) > 0 and eff.exile_if_dies:
                _exile_if_dies(state, o.oid)
    else:
        for r in refs_of(state, item, eff.to):
            if rep.deal_damage(state, src, r, n) > 0 and eff.exile_if_dies and r >= 2:
                _exile_if_dies(state, r)


def _dealer(state: GameState, item: StackItem) -> GameObject | None:
    """The ability's subject ("it deals"), or its last known information (608.2h)."""
    obj = state.objects.get(item.subject)
    if obj is not None and obj.zone == BATTLEFIELD:
        return obj
    return item.subject_lki


def _exile_if_dies(state: GameState, oid: int) -> None:
    """A creature this dealt damage to is exiled instead if it would die this turn."""
    obj = state.objects.get(oid)
    if obj is not None and obj.zone == BATTLEFIELD and \
            (obj.card.type_mask | obj.extra_types) & T_CREATURE:
        exile_if_dies(state, oid)


def _lost(state: GameState, o: GameObject, price: LifePrice) -> float:
    """What killing creature ``o`` takes: its worth, or for one that leaves at end of
    turn anyway the damage it can still deal."""
    return leaver_worth(state, o, price) if leaves_at_end(state, o) else value(o)


def estimate(ev: Estimate, e: Damage) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    if e.each is not None:
        for o in each_of(state, e.each, me, source):
            if is_creature(o) and o.toughness - o.damage <= n and \
                    not o.kw & KW_INDESTRUCTIBLE:
                ev.total += death_triggers_value(state, o, me, ev.price) - \
                    sign_for(o, me) * _lost(state, o, ev.price)
                if e.exile_if_dies:  # it can't come back from the graveyard either
                    ev.total -= 0.3 * sign_for(o, me)
        return
    for p in players_for(e.to, me, targets, state):
        ev.total += life_loss_worth(state, p, n, me, ev.price)
    for o in objs_for(e.to, targets, state, source):
        if not is_creature(o):
            continue
        if o.toughness - o.damage <= n and not o.kw & KW_INDESTRUCTIBLE \
                and not o.regen_shields:
            ev.total += death_triggers_value(state, o, me, ev.price) - \
                    sign_for(o, me) * _lost(state, o, ev.price)
        else:
            ev.total -= sign_for(o, me) * 0.15 * n


def sign(e: Damage, ref: str) -> int:
    return -1 if e.each is None and refers(e.to, ref) else 0


RULES = effect_rules(
    Damage, role=Role.DAMAGE, resolve=resolve, estimate=estimate, sign=sign)
