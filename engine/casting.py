"""Casting spells (601.2), activating abilities (602), playing lands (305) and paying
mana costs with mana abilities (605, 601.2g-h).

Legal priority actions are offered only when a complete legal choice exists (timing,
targets, and a payment the solver can find), so a chosen cast never needs reversing.
"""

from __future__ import annotations

from engine import mana as mana_mod
from engine import replacement as rep
from engine import triggers
from engine.ask import Asker
from engine.cards import (
    KW_HASTE,
    KW_NO_ACTIVATE,
    T_CREATURE,
    Activated,
    CardDef,
    Filter,
    ManaAbility,
    Target,
)
from engine.filters import matches
from engine.layers import ensure, static_amount
from engine.mana import ManaCost, parse_cost, solve
from engine.state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    GRAVEYARD,
    MAIN1,
    MAIN2,
    PASS_ACTION,
    PLAY,
    STACK,
    Action,
    ActivateTask,
    CastTask,
    Decision,
    GameObject,
    GameState,
    StackItem,
)
from engine.targets import legal_targets
from engine.zones import describe, log, move

# --- mana -----------------------------------------------------------------------------

_AURA_TARGETS: dict[str, Target] = {}


def can_tap_for_mana(obj: GameObject) -> bool:
    if obj.tapped:
        return False
    if obj.sick and obj.card._type_mask & T_CREATURE and not obj.kw & KW_HASTE:
        return False
    return True


def mana_units(state: GameState, player: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Mana a player could make now: one colour mask per unit, and its source.

    A source is (-1, pool index) for floating mana or (object id, ability index).
    Floating mana comes first, then lands, creatures, and sacrifice sources last, so
    the solver (which keeps this order among equally flexible units) spends the cheapest.
    """
    units: list[int] = []
    sources: list[tuple[int, int]] = []
    for i, m in enumerate(state.players[player].pool):
        units.append(m)
        sources.append((-1, i))
    late_units: list[int] = []
    late_sources: list[tuple[int, int]] = []
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or not o.card._mana_abilities or o.lost_abilities:
            continue
        for idx, ab in enumerate(o.card._mana_abilities):
            if ab.tap and not can_tap_for_mana(o):
                continue
            mask = 0
            for ch in ab.colors:
                mask |= mana_mod.SYMBOL_BIT[ch]
            n = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
            if ab.sacrifice_self:
                for _ in range(n):
                    late_units.append(mask)
                    late_sources.append((oid, idx))
            else:
                for _ in range(n):
                    units.append(mask)
                    sources.append((oid, idx))
            break  # one mana ability per permanent is used (they all tap it)
    units.extend(late_units)
    sources.extend(late_sources)
    return units, sources


def pay_cost(state: GameState, player: int, cost: ManaCost, x: int,
             exclude: int = -1) -> bool:
    """Pay ``cost`` (with X = ``x``) by activating mana abilities (601.2g-h)."""
    units, sources = mana_units(state, player)
    if exclude >= 0:
        keep = [i for i, s in enumerate(sources) if s[0] != exclude]
        units = [units[i] for i in keep]
        sources = [sources[i] for i in keep]
    chosen = solve(cost.symbols, cost.generic + cost.x * x, units)
    if chosen is None:
        return False
    pool = state.players[player].pool
    spent_pool: list[int] = []
    activated: dict[tuple[int, int], int] = {}
    for ui in chosen:
        oid, idx = sources[ui]
        if oid == -1:
            spent_pool.append(idx)
        else:
            activated[(oid, idx)] = activated.get((oid, idx), 0) + 1
    for i in sorted(spent_pool, reverse=True):
        del pool[i]
    for (oid, idx), used in activated.items():
        o = state.objects[oid]
        ab = o.card._mana_abilities[idx]
        produced = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
        if ab.tap:
            o.tapped = True
        if ab.sacrifice_self:
            rep.sacrifice(state, o)
        color = mana_mod.C if ab.colors == "C" else mana_mod.SYMBOL_BIT[ab.colors[0]]
        pool.extend([color] * max(0, produced - used))
    return True


def affordable(cost: ManaCost, units: list[int], x: int = 0) -> bool:
    return solve(cost.symbols, cost.generic + cost.x * x, units) is not None


def max_x(cost: ManaCost, units: list[int]) -> int:
    if not cost.x:
        return 0
    hi = (len(units) - cost.generic - len(cost.symbols)) // cost.x
    while hi > 0 and not affordable(cost, units, hi):
        hi -= 1
    return max(hi, 0)


# --- targets of spells ----------------------------------------------------------------


def aura_target(card: CardDef) -> Target:
    """An Aura spell targets what its enchant ability allows (303.4a, 702.5a)."""
    t = _AURA_TARGETS.get(card.name)
    if t is None:
        if card.enchant_player:
            t = Target("player")
        else:
            t = Target("permanent", card.enchant or Filter())
        _AURA_TARGETS[card.name] = t
    return t


def spell_targets(card: CardDef, mode: int) -> tuple[Target, ...]:
    if card.is_aura:
        return (aura_target(card),)
    spell = card.spell
    if spell is None:
        return ()
    if mode >= 0:
        return spell.modes[mode].targets
    return spell.targets


def spell_effects(card: CardDef, mode: int) -> tuple[object, ...]:
    spell = card.spell
    if spell is None:
        return ()
    if mode >= 0:
        return spell.modes[mode].effects
    return spell.effects


def targets_available(state: GameState, specs: tuple[Target, ...], controller: int,
                      source: int) -> bool:
    chosen: list[int] = []
    for spec in specs:
        options = legal_targets(state, spec, controller, source, chosen)
        if not options:
            return False
        chosen.append(options[0])
    return True


def castable_modes(state: GameState, card: CardDef, controller: int, source: int) -> list[int]:
    spell = card.spell
    if spell is None or not spell.modes:
        return [-1] if targets_available(
            state, spell_targets(card, -1), controller, source) else []
    return [i for i, m in enumerate(spell.modes)
            if targets_available(state, m.targets, controller, source)]


# --- legal actions --------------------------------------------------------------------


def sorcery_timing(state: GameState, player: int) -> bool:
    """Main phase of your turn with an empty stack (307.1)."""
    return state.active == player and (state.step == MAIN1 or state.step == MAIN2) \
        and not state.stack


def legal_actions(state: GameState, player: int) -> list[Action]:
    """Every action the player may take with priority (117.1)."""
    p = state.players[player]
    objects = state.objects
    sorcery_ok = sorcery_timing(state, player)
    hand = p.hand
    if not sorcery_ok:
        # Fast path: nothing in hand at instant speed and no activated abilities.
        for oid in hand:
            if objects[oid].card._instant_speed:
                break
        else:
            for oid in state.battlefield:
                o = objects[oid]
                if o.controller == player and o.card._activated:
                    break
            else:
                return [PASS_ACTION]
    ensure(state)
    actions = [PASS_ACTION]
    units: list[int] | None = None
    seen: set[str] = set()
    for oid in hand:
        card = objects[oid].card
        name = card.name
        if name in seen:
            continue
        if card._type_mask & 1:  # land (305.2)
            if sorcery_ok and p.lands_played < p.land_drops:
                seen.add(name)
                actions.append(Action(PLAY, oid))
            continue
        if not (card._instant_speed or sorcery_ok) or not p.can_cast_spells:
            continue
        if units is None:
            units = mana_units(state, player)[0]
        if card._cost is None or not affordable(card._cost, units):
            continue
        if not castable_modes(state, card, player, oid):
            continue
        seen.add(name)
        actions.append(Action(CAST, oid))
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or not o.card._activated or o.lost_abilities:
            continue
        for idx, ab in enumerate(o.card._activated):
            if can_activate(state, player, o, idx, ab, sorcery_ok):
                actions.append(Action(ACTIVATE, oid, idx))
    return actions


def can_activate(state: GameState, player: int, o: GameObject, idx: int, ab: Activated,
                 sorcery_ok: bool) -> bool:
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if ab.your_turn_only and state.active != player:
        return False
    if ab.once_per_turn and o.used_once & (1 << idx):
        return False
    if o.kw & KW_NO_ACTIVATE:
        return False
    cost = ab.cost
    if cost.tap:
        if o.tapped:
            return False
        if o.sick and o.card._type_mask & T_CREATURE and not o.kw & KW_HASTE:
            return False
    if cost.discard and len(state.players[player].hand) < cost.discard:
        return False
    if cost.pay_life and state.players[player].life < cost.pay_life:
        return False
    if cost.return_to_hand is not None and not _returnable(state, player, cost.return_to_hand,
                                                          o.oid):
        return False
    if cost.mana:
        units, sources = mana_units(state, player)
        if cost.tap or cost.sacrifice_self:
            units = [u for u, s in zip(units, sources, strict=True) if s[0] != o.oid]
        if not affordable(parse_cost(cost.mana), units):
            return False
    return targets_available(state, ab.targets, player, o.oid)


def _returnable(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    return [oid for oid in state.battlefield
            if state.objects[oid].controller == player
            and matches(state, f, state.objects[oid], player, source)]


# --- doing it -------------------------------------------------------------------------


def play_land(state: GameState, player: int, oid: int) -> None:
    """Playing a land is a special action (305.1, 116.2a)."""
    p = state.players[player]
    p.lands_played += 1
    obj = state.objects[oid]
    if state.log is not None:
        log(state, "play", player, obj.card.name)
    rep.enter(state, obj, player)


def cast_task(state: GameState, task: CastTask) -> None:
    """Handler of CastTask: the steps of 601.2 in order, asking as they need."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    card = obj.card
    cost = card._cost
    assert cost is not None
    # 601.2b: modes, then X.
    mode = -1
    if card.spell is not None and card.spell.modes:
        modes = castable_modes(state, card, player, obj.oid)
        pick = asker.choose(Decision(
            "mode", player, f"mode for {card.name}", options=modes, source=obj.oid))
        mode = modes[pick]
    x = 0
    if cost.x and not task.free:
        units = mana_units(state, player)[0]
        top = max_x(cost, units)
        x = asker.choose(Decision(
            "x", player, f"X for {card.name}", options=list(range(top + 1)), source=obj.oid))
    # 601.2c: targets.
    targets: list[int] = []
    for spec in spell_targets(card, mode):
        options = legal_targets(state, spec, player, obj.oid, targets)
        if not options:
            raise RuntimeError(f"{card.name}: no legal target left while casting")
        pick = asker.choose(Decision(
            "target", player, f"target for {card.name}", options=options, source=obj.oid))
        targets.append(options[pick])
    # 601.2f-h: total cost, mana abilities, payment.
    if not task.free and not pay_cost(state, player, cost, x):
        raise RuntimeError(f"{card.name}: cannot pay {cost.text}")
    state.tasks.pop()
    spell = move(state, obj, STACK)
    spell.controller = player
    state.stack.append(StackItem(
        spell.oid, player, spell.oid, card, True, tuple(spell_effects(card, mode)),  # type: ignore[arg-type]
        spell_targets(card, mode), targets, x=x, mode=mode, label=card.name,
    ))
    if state.log is not None:
        log(state, "cast", player, card.name,
            ", ".join(describe(state, t) for t in targets), x)
    triggers.cast(state, spell)
    state.passes = 0


def activate_task(state: GameState, task: ActivateTask) -> None:
    """Handler of ActivateTask (602.2): targets, then costs, then onto the stack."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    ab = obj.card._activated[task.index]
    targets: list[int] = []
    for spec in ab.targets:
        options = legal_targets(state, spec, player, obj.oid, targets)
        if not options:
            raise RuntimeError(f"{obj.card.name}: no legal target left while activating")
        pick = asker.choose(Decision(
            "target", player, f"target for {obj.card.name}'s ability", options=options,
            source=obj.oid))
        targets.append(options[pick])
    cost = ab.cost
    discards: list[int] = []
    if cost.discard:
        hand = state.players[player].hand
        picks = asker.choose_many(Decision(
            "discard", player, f"discard for {obj.card.name}", options=list(hand), multi=True,
            min_count=cost.discard, max_count=cost.discard, source=obj.oid))
        discards = [hand[i] for i in picks]
    returned = -1
    if cost.return_to_hand is not None:
        options = _returnable(state, player, cost.return_to_hand, obj.oid)
        pick = asker.choose(Decision(
            "cost", player, f"return for {obj.card.name}", options=options, source=obj.oid))
        returned = options[pick]
    # Pay: mana first (mana abilities), then the other costs (601.2h, any order).
    if cost.mana and not pay_cost(state, player, parse_cost(cost.mana), 0,
                                  exclude=obj.oid if cost.tap or cost.sacrifice_self else -1):
        raise RuntimeError(f"{obj.card.name}: cannot pay {cost.mana}")
    state.tasks.pop()
    if cost.tap:
        obj.tapped = True
    if cost.pay_life:
        rep.lose_life(state, player, cost.pay_life)
    for oid in discards:
        move(state, state.objects[oid], GRAVEYARD)
    if returned >= 0:
        rep.leave_battlefield(state, state.objects[returned], 1)
    if cost.put_counter is not None:
        from engine.effects import add_counters

        add_counters(state, obj, cost.put_counter, 1)
    if ab.once_per_turn:
        obj.used_once |= 1 << task.index
    sid = state.next_oid
    state.next_oid += 1
    state.stack.append(StackItem(
        sid, player, obj.oid, obj.card, False, ab.effects, ab.targets, targets,
        source_lki=obj, label=f"{obj.card.name} ability",
    ))
    if cost.sacrifice_self and obj.zone == BATTLEFIELD:
        rep.sacrifice(state, obj)
    if state.log is not None:
        log(state, "activate", player, obj.card.name,
            ", ".join(describe(state, t) for t in targets))
    state.passes = 0


__all__ = ["ManaAbility", "legal_actions", "cast_task", "activate_task", "play_land",
           "pay_cost", "mana_units"]
