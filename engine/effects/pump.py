"""The ``pump`` effect (Pump): its data, how it resolves and what the AI thinks it is worth.

+N/+N (and keywords) until end of turn (layer 7c / 6).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
    Keyword,
    keyword_mask,
)
from mtgsim.engine.players.worth import guess_amount, is_creature
from mtgsim.engine.players.worth_effects import (
    each_or_named_of,
    players_for,
    pump_value,
    sign_for,
)
from mtgsim.engine.rules.effect import (
    Estimate,
    Role,
    amount_of,
    each_or_named,
    effect_rules,
    refers,
)
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameState, StackItem


class Pump(Effect, tag="pump", frozen=True):
    """+N/+N (and keywords) until end of turn (layer 7c / 6)."""

    what: str = "t0"
    power: Amount = 0
    toughness: Amount = 0
    keywords: tuple[Keyword, ...] = ()
    each: Filter | None = None
    negative: bool = False  # subtract the amounts (-X/-X)
    # with ``each``: only the permanents the player this names controls ("creatures
    # target player controls", Arms of Hadar: "t0", a target player)
    each_controlled_by: str = ""


def resolve(state: GameState, item: StackItem, eff: Pump, asker: Asker,
            queue: list[EffectT]) -> None:
    dp = amount_of(state, item, eff.power)
    dt = amount_of(state, item, eff.toughness)
    if eff.negative:
        dp, dt = -dp, -dt
    kw = keyword_mask(eff.keywords)
    targets = each_or_named(state, item, eff.each, eff.what)
    if eff.each_controlled_by:
        whose = players_of(state, item, eff.each_controlled_by)
        targets = [o for o in targets if o.controller in whose]
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, dp, dt, kw))
        if state.log is not None:
            log(state, "pump", item.controller, o.card.name, f"{dp:+d}/{dt:+d}")
    characteristics_changed(state)


# keywords that hold a creature back (a "can't block" spell is cast on the other
# player's creature): they count against the creature that gets them
DRAWBACKS = ("can't block", "can't attack")


def keywords_gain(e: Pump) -> int:
    """The keywords' worth to the creature that gets them: +1 each, -1 each drawback."""
    return sum(-1 if k in DRAWBACKS else 1 for k in e.keywords)


def estimate(ev: Estimate, e: Pump) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    pw = guess_amount(state, e.power, me, source, x)
    tg = guess_amount(state, e.toughness, me, source, x)
    if e.negative:
        pw, tg = -pw, -tg
    objs = each_or_named_of(state, e.each, e.what, me, targets, source)
    if e.each_controlled_by:
        whose = players_for(e.each_controlled_by, me, targets, state)
        objs = [o for o in objs if o.controller in whose]
    for o in objs:
        if is_creature(o):
            ev.total += pump_value(o, me, pw, tg, state) + (
                0.2 * keywords_gain(e) * sign_for(o, me))


def sign(e: Pump, ref: str) -> int:
    if e.each_controlled_by and refers(e.each_controlled_by, ref):
        return -1 if e.negative else 1  # the player whose creatures it changes
    if e.each is not None or not refers(e.what, ref):
        return 0
    if e.power == 0 and e.toughness == 0 and e.keywords and keywords_gain(e) < 0:
        return -1  # only drawbacks (Demonic Dread's "can't block")
    return -1 if e.negative else 1


RULES = effect_rules(
    Pump, role=Role.PUMP, resolve=resolve, estimate=estimate, sign=sign)
