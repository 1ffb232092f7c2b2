"""Combat tricks at the right time (``heuristic:tricks=combat``; off by default).

An instant that pumps its caster's own creatures until end of turn (a Giant Growth on one
creature, "creatures you control get +1/+0" on all; a Pump, layer 7c, which ends in the
cleanup step, 514.2) is worth something only while a fight or an attack depends on it.
The plain heuristic casts such an instant for what its casting triggers (cascade's free
spell, 702.85a) at the other player's end step, where the pump is wasted: the kept Violent
Outburst of the AI puzzle ``cascade_spell_cast_for_its_cascade`` is cast on the other
player's turn in 268 of 400 continuations (docs/search-record.md "Is the cascade puzzle
right?"). With the setting:

- it is held at their end step while a creature of its player could attack next turn
  (its free spell keeps: the card is not lost by waiting, the mana of my own turn pays
  for it instead of the mana of theirs); with no such creature the pump can never
  matter and it is cast for its trigger as before; and in its player's own second main
  phase after a turn without an attack it is cast for its trigger there (a board that
  does not attack would otherwise hold it for ever);
- in a combat, once blockers are declared (509), it is cast when the pump changes the
  combat: an attacker that survives its blocker or kills it, a blocker that survives or
  kills its attacker (either player's combat), damage that becomes lethal, or more
  damage past the blockers, valued here (``combat_value``) with the policies' own combat
  arithmetic (``combat_ai.fight``: first and double strike, deathtouch, damage already
  marked) and the trample assignment of 702.19b (``tricks.trample_over``); with a cast
  trigger its trigger's estimate is added, so a cascade pump goes in its own combat
  whenever the pump adds anything.

Blockers declared is the first moment the pump's worth is known (before, a pump on an
attacker may only change which blocks are made); the heuristic already stops in that
step of both players' turns (``heuristic._stops``, ``stops.deck_stops``).
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import KW_CANT_ATTACK, KW_DEFENDER
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.pump import keywords_gain
from mtgsim.engine.players.policies.context import Ctx, first_effects
from mtgsim.engine.players.policies.tricks import pumped_combat
from mtgsim.engine.rules.effect import Role, role_of
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, MAIN2, NONE

_ROLE_PUMP = Role.PUMP
_NO_ATTACK = KW_CANT_ATTACK | KW_DEFENDER  # 508.1a: what keeps a creature from attacking
# a fight the pump changes is worth this much at least (the plain trick's threshold,
# ``TrickScorer._trick_score``: less is a token's worth, not a card's)
FIGHT_MIN = 2.5
# a point of damage past the blockers, on the scale of ``worth.value`` (a 2/2 is ~4)
POINT = 1.0


def own_pump(card: Card) -> Any | None:
    """The pump of an instant (not a permanent card) whose first effect gives its
    caster's creatures +N/+N until end of turn: one target creature (``what``) or "creatures
    you control" (``each`` with controller "you"); None otherwise (a -N/-N, a drawback
    such as "can't block", a pump of another player's creatures)."""
    if not card.instant_speed or card.is_permanent_card or card.spell is None:
        return None
    effects = first_effects(card)
    if not effects:
        return None
    e: Any = effects[0]
    if role_of(e) is not _ROLE_PUMP or e.negative or e.each_controlled_by or \
            keywords_gain(e) < 0:
        return None
    if e.each is not None and e.each.controller != "you":
        return None
    return e


def could_attack(ctx: Ctx) -> bool:
    """A creature of mine with power that could attack on my next turn (no defender,
    no "can't attack": 508.1a; summoning sickness ends before then, 302.6)."""
    return any(c.power > 0 and not c.kw & _NO_ATTACK for c in ctx.mine)


def no_attack_this_turn(ctx: Ctx) -> bool:
    """My second main phase, after a turn in which no creature of mine attacked."""
    if not (ctx.main and ctx.step == MAIN2):
        return False
    state = ctx.state
    return state.attacked_turn != state.turn or not state.attacked_this_turn


def after_blocks(ctx: Ctx) -> bool:
    """Blockers are declared (509) in a combat with attackers, the stack empty."""
    state = ctx.state
    combat = state.combat
    return ctx.step == DECLARE_BLOCKERS and not state.stack and combat is not None and \
        bool(combat.attackers)


def combat_value(ctx: Ctx, pump: Any, damage: bool) -> tuple[float, bool, int]:
    """What ``pump`` cast now, after blockers, does in this combat: (its worth, whether it
    makes the combat damage lethal, the best single target or ``NONE``). A mass pump
    ("creatures you control") adds up every creature of mine in the combat; a targeted one
    takes the creature where it does most. Worth: the ``worth.value`` of each creature of
    mine it saves and each of theirs it lets mine kill (``fight``), and with ``damage``
    ``POINT`` a point of damage past the blockers (unblocked, 510.1a, or trampling over,
    702.19b; none for a blocked attacker whose blockers are all gone, unless it tramples,
    510.1c, 702.19e); without it such damage counts only when it is lethal (a Giant Growth
    is kept for a fight rather than spent on three points)."""
    if ctx.state.combat is None:
        return 0.0, False, NONE
    bp = pump.power if isinstance(pump.power, int) else 1
    bt = pump.toughness if isinstance(pump.toughness, int) else 1
    mass = pump.each is not None
    # the walk the plain trick reads too (tricks.pumped_combat): ``past`` is the damage
    # of mine past the blockers before the pump, as the engine will deal it
    _reach, past, lines = pumped_combat(ctx, bp, bt, tuple(pump.keywords))
    total = 0.0
    extra_all = 0
    best, best_worth = NONE, 0.0
    most, most_extra = NONE, 0  # the target whose pump adds most damage past blockers
    for a, mine, alone, extra, held, gains in lines:
        worth = 0.0
        target = NONE
        if mine:
            target = a
            if held or alone and bp <= 0:
                # (blocked, no blocker left, no trample: it deals no combat damage,
                # 510.1c; a pump of no power adds no damage)
                extra = 0
            for _oid, gain in gains:  # its one blocker's fight
                worth += gain
            if damage:
                worth += extra * POINT
        else:
            for oid, gain in gains:  # my blockers of their attacker
                if mass:
                    worth += gain
                elif gain > worth:
                    worth, target = gain, oid
        if mass:
            total += worth
            extra_all += extra
        else:
            if worth > best_worth:
                best, best_worth = target, worth
            if extra > most_extra:
                most, most_extra = target, extra
    if mass:
        return total, extra_all > 0 and past + extra_all >= ctx.opp_life, NONE
    if most_extra > 0 and past + most_extra >= ctx.opp_life:
        return best_worth, True, most
    return best_worth, False, best


def trick_score(ctx: Ctx, card: Card, pump: Any, trigger: float) -> tuple[float, int]:
    """The score of casting ``card`` (an ``own_pump`` instant) now, after blockers, and its
    target (``NONE`` for a mass pump): 45 when the pump makes the damage lethal; else,
    with a cast trigger worth ``trigger`` (cascade's estimate), 8 + its mana value +
    ``trigger`` + the pump's worth whenever the pump adds anything; else 30 + the pump's
    worth when it reaches ``FIGHT_MIN`` (a fight won or a creature saved, the plain trick's
    rule) or, for a mass pump, 12 + the worth at three points or more (the plain mass
    pump's rule, now with the fights counted and in the other player's combat too)."""
    if not after_blocks(ctx):
        return 0.0, NONE
    worth, lethal, target = combat_value(ctx, pump, pump.each is not None or trigger > 0.0)
    if pump.each is None and target == NONE:
        return 0.0, NONE
    if lethal:
        return 45.0, target
    if worth <= 0.0:
        return 0.0, NONE
    if trigger > 0.0:
        return 8.0 + card.mana_value + trigger + worth, target
    if pump.each is None:
        return (30.0 + worth, target) if worth >= FIGHT_MIN else (0.0, NONE)
    return (12.0 + worth, NONE) if worth >= 3.0 else (0.0, NONE)


__all__ = ["FIGHT_MIN", "POINT", "after_blocks", "combat_value", "could_attack",
           "no_attack_this_turn", "own_pump", "trick_score"]
