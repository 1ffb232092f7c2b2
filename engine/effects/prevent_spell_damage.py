"""The ``prevent_spell_damage`` effect (PreventSpellDamage): its data, how it resolves
and what the AI thinks it is worth.

"Prevent all damage target spell would deal this turn. You gain life equal to the damage
prevented this way." (Hallow): a prevention effect (615.1) on one source, the spell,
lasting until the turn ends (514.2), to players and permanents alike; with ``gain_life``
the controller of this effect gains as much life as each damage event it prevents (615.5:
an effect that refers to the damage prevented). The spell is the object on the stack:
a permanent spell that resolves becomes a new object (400.7), which this does not follow.
Prevented damage is never dealt (615.1a: no life lost, no lifelink, no trigger).
"Damage can't be prevented" turns it off (615.12).

The shields are kept on the state (``GameState.spell_shields``) and read by
``engine.rules.replacement.deal_damage`` through ``SOURCE_PREVENTIONS``, before the
other prevention effects: when both would prevent the damage, the affected player or
the controller of the affected object chooses which applies (616.1); this one is taken,
which is that player's choice when the damage was aimed at this effect's controller or
their permanents (the life is theirs), the case these spells are cast for.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import life_value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, hurts, role_of
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import STACK, GameObject, GameState, StackItem

_ROLE_DAMAGE = Role.DAMAGE


class PreventSpellDamage(Effect, tag="prevent_spell_damage", frozen=True):
    """Prevent all damage the spell ``what`` would deal this turn; with ``gain_life``,
    this effect's controller gains life equal to the damage prevented."""

    what: str = "t0"
    gain_life: bool = False


def resolve(state: GameState, item: StackItem, eff: PreventSpellDamage, asker: Asker,
            queue: list[EffectT]) -> None:
    gainer = item.controller if eff.gain_life else -1
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or obj.zone != STACK:
            continue
        state.spell_shields = [s for s in state.spell_shields if s[1] == state.turn]
        state.spell_shields.append((r, state.turn, gainer))
        if state.log is not None:
            log(state, "prevention", item.controller, item.label, obj.card.name)


def _shield(state: GameState, source: GameObject, amount: int) -> bool:
    """All the damage ``source`` would deal is prevented while a shield of this turn
    names it; each shield's controller gains the amount prevented (615.5)."""
    prevented = False
    for oid, turn, gainer in state.spell_shields:
        if oid == source.oid and turn == state.turn:
            if not prevented and state.log is not None:
                log(state, "prevent", source.controller, source.card.name, amount=amount)
            prevented = True
            if gainer >= 0:
                rep.gain_life(state, gainer, amount)
    return prevented


def estimate(ev: Estimate, e: PreventSpellDamage) -> None:
    """The damage the targeted spell would deal, counted from its own damage effects: the
    life it would take from the player it targets (saved for me when the spell is the
    opponent's, lost to me when it is mine: more than the life gained, so the heuristic
    does not prevent its own burn), a fifth of a point per damage when it targets
    creatures, and half a point per life gained."""
    state = ev.state
    me = ev.me
    for i, t in enumerate(ev.targets):
        if f"t{i}" != e.what or t < 2:
            continue
        for item in state.stack:
            if item.sid != t:
                continue
            n = 0
            for eff in item.effects:
                # a DAMAGE role promises amount, to and each (engine.rules.effect.Role)
                if role_of(eff) is _ROLE_DAMAGE and getattr(eff, "each", None) is None:
                    n += amount_of(state, item, getattr(eff, "amount", 0))
            if n <= 0:
                continue
            # the player it would hit: me for the opponent's spell, the opponent for mine
            hit = 1 - item.controller
            hurt = life_value(state, hit, n, ev.price) if hit in item.targets else 0.2 * n
            gain = 0.5 * n if e.gain_life else 0.0
            if item.controller == me:  # my own spell's damage is worth more than the life
                ev.total += gain - max(hurt, 0.6 * n)
            else:
                ev.total += hurt + gain


rep.SOURCE_PREVENTIONS.append(_shield)
RULES = effect_rules(PreventSpellDamage, role=Role.PREVENT_SPELL, resolve=resolve,
                     estimate=estimate, sign=hurts("what"))
