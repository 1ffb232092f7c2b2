"""Casting spells (601.2), activating abilities (602) and playing lands (305).

Legal priority actions are offered only when a complete legal choice exists (timing,
targets, and a payment the solver can find), so a chosen cast never needs reversing.
Casting permissions other than "from your hand" are ``Action.alt`` codes: flashback
(702.34) and retrace (702.81) cast from the graveyard; evoke (702.74) from the hand.
Additional costs (601.2b, 601.2f): replicate (702.56a), kicker (702.33), retrace's land
discard; convoke (702.51) applies after the total cost is known.
"""

from __future__ import annotations

from engine import replacement as rep
from engine import triggers
from engine.ask import Asker, IllegalAnswer
from engine.cards import (
    KW_HASTE,
    KW_NO_ACTIVATE,
    T_CREATURE,
    T_LAND,
    Activated,
    CardDef,
    Filter,
    Target,
)
from engine.filters import matches
from engine.layers import ensure
from engine.mana import ManaCost, parse_cost, solve
from engine.payment import (
    affordable,
    apply_convoke,
    convoke_candidates,
    convoke_units,
    mana_units,
    max_x,
    pay_symbols,
    total_cost,
)
from engine.state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    EXILE,
    GRAVEYARD,
    HAND,
    MAIN1,
    MAIN2,
    PASS_ACTION,
    PLAY,
    STACK,
    UPKEEP,
    Action,
    ActivateTask,
    CastTask,
    Decision,
    GameObject,
    GameState,
    StackItem,
)
from engine.stats import count
from engine.targets import legal_targets
from engine.zones import describe, log, move

ALT_NORMAL, ALT_FLASHBACK, ALT_RETRACE, ALT_EVOKE = 0, 1, 2, 3
ALT_NAMES = {ALT_NORMAL: "", ALT_FLASHBACK: "flashback", ALT_RETRACE: "retrace",
             ALT_EVOKE: "evoke"}
_AURA_TARGETS: dict[str, Target] = {}

# --- targets of spells ----------------------------------------------------------------


def aura_target(card: CardDef) -> Target:
    """An Aura spell targets what its enchant abilities allow (303.4a, 702.5a-d)."""
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


def base_cost(card: CardDef, alt: int) -> ManaCost:
    if alt == ALT_FLASHBACK:
        return parse_cost(card.instances("flashback")[0].cost)
    if alt == ALT_EVOKE:
        return parse_cost(card.instances("evoke")[0].cost)
    assert card._cost is not None
    return card._cost


def _can_cast(state: GameState, player: int, obj: GameObject, alt: int,
              units: list[int]) -> bool:
    card = obj.card
    cost = base_cost(card, alt)
    pool = units
    if card.has_keyword("convoke"):
        pool = units + convoke_units(state, player, mana_units(state, player)[1])
    if solve(cost.symbols, cost.generic, pool) is None:
        return False
    if alt == ALT_RETRACE and not any(
            state.objects[o].card._type_mask & T_LAND for o in state.players[player].hand):
        return False
    return bool(castable_modes(state, card, player, obj.oid))


def legal_actions(state: GameState, player: int) -> list[Action]:
    """Every action the player may take with priority (117.1)."""
    p = state.players[player]
    objects = state.objects
    sorcery_ok = sorcery_timing(state, player)
    hand = p.hand
    if not sorcery_ok and not p.other_zone_actions:
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
    seen: set[tuple[str, int]] = set()
    for oid in hand:
        card = objects[oid].card
        if card._type_mask & T_LAND:  # 305.2
            if sorcery_ok and p.lands_played < p.land_drops and (card.name, 0) not in seen:
                seen.add((card.name, 0))
                actions.append(Action(PLAY, oid))
            continue
        if not (card._instant_speed or sorcery_ok) or not p.can_cast_spells:
            continue
        if units is None:
            units = mana_units(state, player)[0]
        for alt in (ALT_NORMAL, ALT_EVOKE) if card.has_keyword("evoke") else (ALT_NORMAL,):
            if (card.name, alt) not in seen and _can_cast(state, player, objects[oid], alt,
                                                          units):
                seen.add((card.name, alt))
                actions.append(Action(CAST, oid, alt=alt))
    if p.can_cast_spells:
        for oid in p.graveyard:
            card = objects[oid].card
            if not (card._instant_speed or sorcery_ok):
                continue
            for alt, kw in ((ALT_FLASHBACK, "flashback"), (ALT_RETRACE, "retrace")):
                if card.has_keyword(kw) and (card.name, alt) not in seen:
                    if units is None:
                        units = mana_units(state, player)[0]
                    if _can_cast(state, player, objects[oid], alt, units):
                        seen.add((card.name, alt))
                        actions.append(Action(CAST, oid, alt=alt))
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or not o.card._activated or o.lost_abilities:
            continue
        for idx, ab in enumerate(o.card._activated):
            if ab.zone == "battlefield" and can_activate(state, player, o, idx, ab, sorcery_ok):
                actions.append(Action(ACTIVATE, oid, idx))
    if p.other_zone_actions:
        for zone_list, zone in ((hand, "hand"), (p.graveyard, "graveyard")):
            done: set[tuple[str, int]] = set()
            for oid in zone_list:
                o = objects[oid]
                for idx, ab in enumerate(o.card._activated):
                    if ab.zone == zone and (o.card.name, idx) not in done and can_activate(
                            state, player, o, idx, ab, sorcery_ok):
                        done.add((o.card.name, idx))
                        actions.append(Action(ACTIVATE, oid, idx))
    return actions


def can_activate(state: GameState, player: int, o: GameObject, idx: int, ab: Activated,
                 sorcery_ok: bool) -> bool:
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if ab.your_turn_only and state.active != player:
        return False
    if ab.upkeep_only and (state.active != player or state.step != UPKEEP):
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
    hand_size = len(state.players[player].hand) - (1 if ab.zone == "hand" else 0)
    if cost.discard and hand_size < cost.discard:
        return False
    if cost.pay_life and state.players[player].life < cost.pay_life:
        return False
    if cost.return_to_hand is not None and not _controlled(state, player, cost.return_to_hand,
                                                          o.oid):
        return False
    if cost.sacrifice is not None and not _controlled(state, player, cost.sacrifice, o.oid):
        return False
    if cost.remove_counter is not None and not o.counters.get(cost.remove_counter):
        return False
    if cost.mana:
        units, sources = mana_units(state, player)
        if cost.tap or cost.sacrifice_self:
            units = [u for u, s in zip(units, sources, strict=True) if s[0] != o.oid]
        if not affordable(parse_cost(cost.mana), units):
            return False
    return targets_available(state, ab.targets, player, o.oid)


def _controlled(state: GameState, player: int, f: Filter, source: int) -> list[int]:
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


def _ask_additional_costs(state: GameState, asker: Asker, task: CastTask, card: CardDef,
                          base: list[ManaCost], x: int) -> tuple[list[int], bool, int]:
    """601.2b: replicate counts (one per instance), kicker, retrace's land."""
    player = task.player
    replicates: list[int] = []
    if not task.free or task.alt == ALT_NORMAL:
        units, sources = mana_units(state, player)
        if card.has_keyword("convoke"):
            units = units + convoke_units(state, player, sources)
        for inst in card.instances("replicate"):
            rcost = parse_cost(inst.cost)
            top = 0
            while True:
                symbols, generic = total_cost(base + [rcost] * (top + 1), x)
                if solve(symbols, generic, units) is None or top >= 20:
                    break
                top += 1
            n = asker.choose(Decision(
                "replicate", player, f"pay replicate {inst.cost} how many times?",
                options=list(range(top + 1)), source=task.oid)) if top else 0
            replicates.append(n)
            base = base + [rcost] * n
    kicked = False
    for inst in card.instances("kicker"):
        kcost = parse_cost(inst.cost)
        symbols, generic = total_cost(base + [kcost], x)
        if solve(symbols, generic, mana_units(state, player)[0]) is not None:
            kicked = asker.choose(Decision(
                "may", player, f"pay kicker {inst.cost}?", options=[1, 0],
                source=task.oid)) == 0
            if kicked:
                base.append(kcost)
    discard = -1
    if task.alt == ALT_RETRACE:
        lands = [o for o in state.players[player].hand
                 if state.objects[o].card._type_mask & T_LAND]
        pick = asker.choose(Decision(
            "cost_discard", player, f"discard a land card to retrace {card.name}",
            options=lands, source=task.oid))
        discard = lands[pick]
    return replicates, kicked, discard


def cast_task(state: GameState, task: CastTask) -> None:
    """Handler of CastTask: the steps of 601.2 in order, asking as they need."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    card = obj.card
    # 601.2b: modes, additional costs, X.
    mode = -1
    if card.spell is not None and card.spell.modes:
        modes = castable_modes(state, card, player, obj.oid)
        pick = asker.choose(Decision(
            "mode", player, f"mode for {card.name}: " + " or ".join(
                card.spell.modes[m].label for m in modes), options=modes, source=obj.oid))
        mode = modes[pick]
    base = [] if task.free else [base_cost(card, task.alt)]
    x = 0
    cost0 = base_cost(card, task.alt)
    if cost0.x and not task.free:
        units = mana_units(state, player)[0]
        top = max_x(cost0, units)
        x = asker.choose(Decision(
            "x", player, f"X for {card.name}", options=list(range(top + 1)), source=obj.oid))
    replicates, kicked, discard = _ask_additional_costs(state, asker, task, card, base, x)
    for inst, n in zip(card.instances("replicate"), replicates, strict=False):
        base = base + [parse_cost(inst.cost)] * n
    if kicked:
        base.append(parse_cost(card.instances("kicker")[0].cost))
    # 601.2c: targets.
    targets: list[int] = []
    for spec in spell_targets(card, mode):
        options = legal_targets(state, spec, player, obj.oid, targets)
        if not options:
            raise IllegalAnswer(f"{card.name}: no legal target left while casting")
        pick = asker.choose(Decision(
            "target", player, f"target for {card.name}", options=options, source=obj.oid))
        targets.append(options[pick])
    # 601.2f-h: total cost, convoke, mana abilities, payment.
    symbols, generic = total_cost(base, x)
    convokers: list[int] = []
    if card.has_keyword("convoke") and (symbols or generic):
        candidates = convoke_candidates(state, player)
        if candidates:
            picks = asker.choose_many(Decision(
                "convoke", player, f"tap creatures to convoke {card.name}",
                options=candidates, multi=True, min_count=0,
                max_count=min(len(candidates), len(symbols) + generic), source=obj.oid))
            convokers = [candidates[i] for i in picks]
            left = apply_convoke(state, symbols, generic, convokers)
            if left is None:
                raise IllegalAnswer(f"a convoking creature pays nothing for {card.name}")
            symbols, generic = left
    if solve(symbols, generic, _units_without(state, player, convokers)) is None:
        raise IllegalAnswer(f"{card.name}: cannot pay the rest of its cost")
    state.tasks.pop()
    for oid in convokers:
        state.objects[oid].tapped = True
    if not pay_symbols(state, player, symbols, generic):
        raise RuntimeError(f"{card.name}: payment failed after the solver found one")
    if discard >= 0:
        move(state, state.objects[discard], GRAVEYARD)
    from_zone = obj.zone
    spell = move(state, obj, STACK)
    spell.controller = player
    item = StackItem(
        spell.oid, player, spell.oid, card, True, tuple(spell_effects(card, mode)),  # type: ignore[arg-type]
        spell_targets(card, mode), targets, x=x, mode=mode, label=card.name,
        cast_from=from_zone, alt=task.alt, replicated=sum(replicates), kicked=kicked,
        replicate_counts=replicates,
    )
    state.stack.append(item)
    if state.log is not None:
        how = f" ({ALT_NAMES[task.alt]})" if task.alt else ""
        log(state, "cast", player, card.name + how,
            ", ".join(describe(state, t) for t in targets), x)
    if convokers:
        count(state, player, "convoked_creatures", len(convokers))
    if task.alt == ALT_RETRACE:
        count(state, player, "retrace_casts")
    triggers.cast(state, spell, item)
    state.passes = 0


def _units_without(state: GameState, player: int, tapped: list[int]) -> list[int]:
    units, sources = mana_units(state, player)
    if not tapped:
        return units
    gone = set(tapped)
    return [u for u, s in zip(units, sources, strict=True) if s[0] not in gone]


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
            raise IllegalAnswer(f"{obj.card.name}: no legal target left while activating")
        pick = asker.choose(Decision(
            "target", player, f"target for {obj.card.name}'s ability", options=options,
            source=obj.oid))
        targets.append(options[pick])
    cost = ab.cost
    discards: list[int] = []
    if cost.discard:
        hand = [o for o in state.players[player].hand if o != obj.oid]
        picks = asker.choose_many(Decision(
            "cost_discard", player, f"discard for {obj.card.name}", options=hand, multi=True,
            min_count=cost.discard, max_count=cost.discard, source=obj.oid))
        discards = [hand[i] for i in picks]
    returned = -1
    if cost.return_to_hand is not None:
        options = _controlled(state, player, cost.return_to_hand, obj.oid)
        pick = asker.choose(Decision(
            "cost", player, f"return for {obj.card.name}", options=options, source=obj.oid))
        returned = options[pick]
    sacrificed = -1
    if cost.sacrifice is not None:
        options = _controlled(state, player, cost.sacrifice, obj.oid)
        pick = asker.choose(Decision(
            "cost", player, f"sacrifice for {obj.card.name}", options=options,
            source=obj.oid))
        sacrificed = options[pick]
    # Pay: mana first (mana abilities), then the other costs (601.2h, any order).
    if cost.mana:
        mc = parse_cost(cost.mana)
        if not pay_symbols(state, player, mc.symbols, mc.generic,
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
        rep.leave_battlefield(state, state.objects[returned], HAND)
    if sacrificed >= 0:
        rep.sacrifice(state, state.objects[sacrificed])
    if cost.put_counter is not None:
        from engine.effects import add_counters

        add_counters(state, obj, cost.put_counter, 1)
    if cost.remove_counter is not None:
        obj.counters[cost.remove_counter] -= 1
        if not obj.counters[cost.remove_counter]:
            del obj.counters[cost.remove_counter]
        state.dirty = True
    if ab.once_per_turn:
        obj.used_once |= 1 << task.index
    if ab.keyword:
        count(state, player, ab.keyword.replace(" ", "_") + "_activations")
    sid = state.next_oid
    state.next_oid += 1
    lki = obj
    if cost.discard_self and obj.zone == HAND:
        lki = obj
        move(state, obj, GRAVEYARD)
    state.stack.append(StackItem(
        sid, player, obj.oid, obj.card, False, ab.effects, ab.targets, targets,
        source_lki=lki, label=f"{obj.card.name} ability",
    ))
    if cost.sacrifice_self and obj.zone == BATTLEFIELD:
        rep.sacrifice(state, obj)
    if state.log is not None:
        log(state, "activate", player, obj.card.name + (f" ({ab.keyword})" if ab.keyword
                                                         else ""),
            ", ".join(describe(state, t) for t in targets))
    state.passes = 0


__all__ = ["legal_actions", "cast_task", "activate_task", "play_land", "EXILE", "CAST",
           "ACTIVATE"]
