"""The ``deal_power_damage`` effect (DealPowerDamage): its data, how it resolves and what
the AI thinks it is worth.

"Target creature you control deals damage equal to its power to target creature you
don't control." (Rabid Bite, Ram Through, Horrific Assault): one-sided damage, not a
fight (701.14 is both ways). The creature ``by`` names is the source of the damage
(120.3: its deathtouch, lifelink, infect and wither apply, 702.2b, 702.15b, 702.90b,
702.80a), its power read as the spell resolves (608.2h). If either target is illegal
then, no damage is dealt: an instruction about an illegal target does nothing (608.2b),
and without its source the damage has none, without its recipient it has nowhere to go.

With ``excess_to_controller`` ("If the creature you control has trample, excess damage is
dealt to that creature's controller instead.", Ram Through): when the source has trample
as the spell resolves, the damage beyond lethal damage to the target creature (120.4a:
excess damage; lethal damage counts the damage already marked on it, 120.6, and any
nonzero amount from a source with deathtouch, 702.2c) is dealt to that creature's
controller instead, in the same event (120.3).
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_DEATHTOUCH, KW_INDESTRUCTIBLE, KW_TRAMPLE, Effect, EffectT
from mtgsim.engine.players.worth import death_triggers_value, is_creature, value
from mtgsim.engine.players.worth_effects import life_loss_worth, objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, refers
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem


class DealPowerDamage(Effect, tag="deal_power_damage", frozen=True):
    """The creature ``by`` deals damage equal to its power to the creature ``to``."""

    by: str = "t0"
    to: str = "t1"
    excess_to_controller: bool = False  # with trample, the excess to the controller


def excess(source: GameObject, target: GameObject, amount: int) -> int:
    """How much of ``amount`` is beyond lethal damage to ``target`` (120.4a, 702.2c)."""
    lethal = max(0, target.toughness - target.damage)
    if source.kw & KW_DEATHTOUCH and lethal > 0:
        lethal = 1
    return max(0, amount - lethal)


def resolve(state: GameState, item: StackItem, eff: DealPowerDamage, asker: Asker,
            queue: list[EffectT]) -> None:
    by = permanents(state, refs_of(state, item, eff.by))
    to = permanents(state, refs_of(state, item, eff.to))
    if not by or not to:  # 608.2b: a target is illegal, no damage is dealt
        return
    src, target = by[0], to[0]
    n = max(0, src.power)
    over = excess(src, target, n) if eff.excess_to_controller and src.kw & KW_TRAMPLE else 0
    controller = target.controller
    rep.deal_damage(state, src, target.oid, n - over)
    if over > 0:
        rep.deal_damage(state, src, controller, over)


def estimate(ev: Estimate, e: DealPowerDamage) -> None:
    """As ``damage`` values its amount on one creature: the kill when the power is
    lethal, else a little (the damage wears off); the excess with trample as life lost
    by the creature's controller."""
    state = ev.state
    me = ev.me
    by = objs_for(e.by, ev.targets, state, ev.source)
    to = objs_for(e.to, ev.targets, state, ev.source)
    if not by or not to or not is_creature(to[0]):
        return
    src, o = by[0], to[0]
    n = max(0, src.power)
    over = excess(src, o, n) if e.excess_to_controller and src.kw & KW_TRAMPLE else 0
    lethal = n - over >= o.toughness - o.damage or (src.kw & KW_DEATHTOUCH and n > 0)
    if lethal and not o.kw & KW_INDESTRUCTIBLE and not o.regen_shields:
        ev.total += death_triggers_value(state, o, me, ev.price) - sign_for(o, me) * value(o)
    else:
        ev.total -= sign_for(o, me) * 0.15 * n
    if over > 0:
        ev.total += life_loss_worth(state, o.controller, over, me, ev.price)


def sign(e: DealPowerDamage, ref: str) -> int:
    """Bad for the creature dealt damage; neither for the one dealing it."""
    return -1 if refers(e.to, ref) else 0


RULES = effect_rules(
    DealPowerDamage, role=Role.OTHER, resolve=resolve, estimate=estimate, sign=sign)
