"""What effects would do, read in ``engine.players.worth``'s currency: the pieces the effects'
estimates (``engine/effects/*``, ``EffectRules.estimate``) and the policies share — which
player or permanent an effect's reference names, which side a target should be on, what
a spell on the stack threatens, a temporary pump.

Like ``engine.players.worth`` it decides nothing and changes nothing: it reads the state and the
effect table (``engine.rules.effect``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mtgsim.engine.cards import T_ENCHANTMENT, EffectT, Static
from mtgsim.engine.players.life_price import price_of_life_gained
from mtgsim.engine.players.worth import (
    aura_bonus,
    aura_is_hostile,
    card_creature_value,
    life_value,
    value,
)
from mtgsim.engine.rules.effect import (
    EFFECTS,
    HANDSET,
    Estimate,
    LifePrice,
    Role,
    effect_sign,
    effects_sign,
    effects_value,
    role_of,
)
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, GameObject, GameState, StackItem

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_DAMAGE = Role.DAMAGE

# harmful_to_target by (the effects, index): a memo of a function of card data, keyed by
# its value (card data keeps its hash, engine.cards.schema.base): equal effects share an answer.
_HARMFUL: dict[tuple[tuple[object, ...], int], int] = {}


def harmful_to_target(effects: tuple[object, ...], index: int) -> int:
    """+1: target ``index`` should be mine; -1: the opponent's; 0: either (tap or untap,
    copies, colours)."""
    key = (effects, index)
    sign = _HARMFUL.get(key)
    if sign is not None:
        return sign
    if len(_HARMFUL) > 4096:
        _HARMFUL.clear()
    sign = _harmful_to_target(effects, index)
    _HARMFUL[key] = sign
    return sign


def _harmful_to_target(effects: tuple[object, ...], index: int) -> int:
    ref = f"t{index}"
    for e in effects:
        either = EFFECTS[type(e)].either_side
        if either is not None and either(e, ref):
            return 0
    return effects_sign(effects, ref)


@cache
def target_index(ref: str) -> int:
    """``i`` for the reference ``"t<i>"`` to a spell's or ability's target (effect
    references "t0", "t1", ...), else -1."""
    return int(ref[1:]) if ref.startswith("t") and ref[1:].isdigit() else -1


def players_for(ref: str, me: int, targets: list[int], state: GameState) -> list[int]:
    i = target_index(ref)
    if i >= 0:
        if i < len(targets) and 0 <= targets[i] < 2:
            return [targets[i]]
        return []
    if ref == "you":
        return [me]
    if ref == "targets":  # every player target ("any number of target players")
        return [t for t in targets if 0 <= t < 2]
    if ref == "each_opponent" or ref == "defending_player":
        return [1 - me]
    if ref == "each_player":
        return [me, 1 - me]
    if ref.startswith("controller_of:t"):
        i = int(ref.rsplit("t", 1)[1])
        if i < len(targets) and targets[i] != NONE:
            t = targets[i]
            if t < 2:
                return [t]
            o = state.objects.get(t)
            if o is not None:
                return [o.controller]
    return []


def objs_for(ref: str, targets: list[int], state: GameState, source: int) -> list[GameObject]:
    i = target_index(ref)
    if i >= 0:
        if i < len(targets) and targets[i] >= 2:
            o = state.objects.get(targets[i])
            return [o] if o is not None else []
        return []
    if ref == "self":
        o = state.objects.get(source)
        return [o] if o is not None and o.zone == BATTLEFIELD else []
    return []


def each_of(state: GameState, f: object, me: int, source: int) -> list[GameObject]:
    objects = state.objects
    return [objects[oid] for oid in state.battlefield
            if matches(state, f, objects[oid], me, source)]  # type: ignore[arg-type]


def life_loss_worth(state: GameState, player: int, amount: int, me: int,
                    price: LifePrice) -> float:
    """What ``amount`` life lost by ``player`` (a loss of life, or damage to a player,
    120.3a) is worth to ``me``: the other player's at its price, my own at -1.2 times its
    price (a point I lose costs more than one the opponent loses gains). The
    ``lose_life``, ``damage`` and ``deal_power_damage`` estimates share it, so a point of
    life is worth the same whichever of them takes it."""
    return life_value(state, player, amount, price) * (1 if player != me else -1.2)


def life_gain_worth(state: GameState, player: int, amount: int, me: int,
                    price: LifePrice) -> float:
    """What ``amount`` life gained by ``player`` (119.3) is worth to ``me``: my own gain at
    its price, the opponent's at minus it. The price is the deciding policy's, as for a
    loss (``life_loss_worth``), so eval=fitted reads its curve for the points between the
    player's life and that life plus ``amount`` (``life_price.price_of_life_gained``); the
    hand-set price keeps the gain estimate's old constants."""
    w = price_of_life_gained(state.players[player].life, amount, price)
    return w if player == me else -w


def each_or_named_of(state: GameState, each: object, what: str, me: int, targets: list[int],
                     source: int) -> list[GameObject]:
    """The permanents an effect with both forms would act on, as the AI guesses them
    (``engine.rules.effect.each_or_named`` as it resolves): each one matching ``each``,
    else those ``what`` names among ``targets`` or the source."""
    if each is not None:
        return each_of(state, each, me, source)
    return objs_for(what, targets, state, source)


def fixed_damage(effects: tuple[EffectT, ...], refs: tuple[str, ...]) -> int:
    """The damage of a fixed amount these effects deal to what ``refs`` name ("t0",
    "each_opponent"...), one dealing each (not "each creature"): what a burn spell is
    sure to deal there whatever the game, for the policies' reckonings of burn (the race's
    reach at the face, two spells for one creature). Damage whose amount depends on the
    game (X, a count) is left out: the policies read it only where it is known."""
    total = 0
    e: Any
    for e in effects:
        if role_of(e) is _ROLE_DAMAGE and e.each is None and e.to in refs and \
                isinstance(e.amount, int):
            total += e.amount
    return total


def sign_for(o: GameObject, me: int) -> float:
    return 1.0 if o.controller == me else -1.0


def pump_value(o: GameObject, me: int, power: int, toughness: int, state: GameState) -> float:
    """A temporary +P/+T (or -P/-T) on ``o``, seen by ``me``."""
    if toughness < 0 and o.toughness - o.damage + toughness <= 0:
        return -sign_for(o, me) * value(o)
    combat = state.combat
    in_combat = combat is not None and (o.oid in combat.attackers or o.oid in combat.blocking)
    scale = 0.6 if in_combat else 0.15
    return sign_for(o, me) * scale * (1.5 * power + toughness)


def spell_threat(state: GameState, controller: int, item: StackItem,
                 price: LifePrice = HANDSET) -> float:
    """How much a spell on the stack would do for its controller (counterspell value),
    life at ``price``."""
    card = item.card
    if card.is_creature:
        v = card_creature_value(card)
        for k in card.keyword_instances:
            if k.name == "annihilator":
                v += 4.0 * k.n
        return v
    if card.is_aura:
        targets = item.targets
        if targets and targets[0] >= 2:
            host = state.objects.get(targets[0])
            if host is not None:
                if host.controller != controller and aura_is_hostile(card):
                    return 1.0 + value(host) * (2.0 if any(
                        st.gain_control for st in card.statics) else 1.0)
                return 2.0 + aura_bonus(card)
        return 3.0
    effects = item.effects
    if effects:
        v = effects_value(state, controller, effects, list(item.targets),
                         item.source, item.x, 0, price)
        return max(v, 1.0 + 0.5 * card.mana_value)
    if card.type_mask & T_ENCHANTMENT:
        return 2.5 + 0.5 * card.mana_value
    return 2.0 + 0.5 * card.mana_value


def static_is_global_buff(st: Static) -> bool:
    return st.applies_to == "filter" and st.filter.controller == "you" and (
        isinstance(st.power, int) and st.power > 0)


def by_sign(ev: Estimate, e: object) -> None:
    """An effect valued by how it treats each target: 0.8 for a permanent it helps or
    hurts, for its controller (equip, regenerate, a granted ability or keyword)."""
    objects = ev.state.objects
    me = ev.me
    for i, t in enumerate(ev.targets):
        s = effect_sign(e, f"t{i}")
        if s and t >= 2:
            h = objects.get(t)
            if h is not None:
                ev.total += s * 0.8 * (1 if h.controller == me else -1)
