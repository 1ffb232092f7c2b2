"""Casting spells (601.2), activating abilities (602) and playing lands (305).

Legal priority actions are offered only when a complete legal choice exists (timing,
targets, and a payment the solver can find), so a chosen cast never needs reversing.
Casting permissions other than "from your hand" are ``Action.alt`` codes: flashback
(702.34) and retrace (702.81) cast from the graveyard; evoke (702.74) from the hand.
Additional costs (601.2b, 601.2f): replicate (702.56a), kicker (702.33), retrace's land
discard; convoke (702.51) applies after the total cost is known.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine import replacement as rep
from mtgsim.engine import triggers
from mtgsim.engine.ask import Asker, IllegalAnswer
from mtgsim.engine.card import Card
from mtgsim.engine.cards import (
    KW_HASTE,
    KW_NO_ACTIVATE,
    T_CREATURE,
    T_LAND,
    Activated,
    Cost,
    Filter,
    Target,
)
from mtgsim.engine.decisions import CostOf, ForSpell, Modes, TargetOf
from mtgsim.engine.filters import matches
from mtgsim.engine.keywords.convoke import spell_granters, spell_has_convoke
from mtgsim.engine.keywords.flashback import (
    can_flashback,
    choose_flashback_cost,
    flashback_costs,
    has_granted_flashback,
)
from mtgsim.engine.layers import ensure
from mtgsim.engine.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.memo import memo_on
from mtgsim.engine.payment import (
    affordable,
    apply_convoke,
    can_convoke,
    convoke_candidates,
    convoke_keeps_payable,
    convoke_pool,
    mana_units,
    max_x,
    pay_symbols,
    total_cost,
    units_with_convoke,
)
from mtgsim.engine.state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    GRAVEYARD,
    HAND,
    MAIN1,
    MAIN2,
    NONE,
    PASS_ACTION,
    PLAY,
    STACK,
    UPKEEP,
    Action,
    ActivateTask,
    CastTask,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.stats import count
from mtgsim.engine.targets import first_legal_target, legal_targets
from mtgsim.engine.zones import describe, log, move, reveal, simultaneously

ALT_NORMAL, ALT_FLASHBACK, ALT_RETRACE, ALT_EVOKE = 0, 1, 2, 3
# The card's own "You may [cost] rather than pay this spell's mana cost" (118.9)
ALT_ALTERNATIVE = 4
ALT_NAMES = {ALT_NORMAL: "", ALT_FLASHBACK: "flashback", ALT_RETRACE: "retrace",
             ALT_EVOKE: "evoke", ALT_ALTERNATIVE: "alternative cost"}

# --- targets of spells ----------------------------------------------------------------


def aura_target(card: Card) -> Target:
    """An Aura spell targets what its enchant abilities allow (303.4a, 702.5a-d)."""
    assert card._aura_target is not None, f"{card.name} is not an Aura"
    return card._aura_target


def spell_targets(card: Card, mode: int) -> tuple[Target, ...]:
    if card._is_aura:
        return (aura_target(card),)
    spell = card.spell
    if spell is None:
        return ()
    if mode >= 0:
        return spell.modes[mode].targets
    return spell.targets


def spell_effects(card: Card, mode: int) -> tuple[object, ...]:
    spell = card.spell
    if spell is None:
        return ()
    if mode >= 0:
        return spell.modes[mode].effects
    return spell.effects


def targets_available(state: GameState, specs: tuple[Target, ...], controller: int,
                      source: int, spell: bool = False) -> bool:
    chosen: list[int] = []
    for spec in specs:
        if spec.x_times:  # "X target ...": X = 0 needs none
            continue
        if spec.kind == "any" or spec.kind == "player" and not spec.distinct:
            chosen.append(0)  # a player is always there to target (115.4)
            continue
        first = first_legal_target(state, spec, controller, source, chosen, spell=spell)
        if first is None:
            if spec.optional:  # "up to N": zero is a legal number of targets
                continue
            return False
        chosen.append(first)
    return True


def castable_modes(state: GameState, card: Card, controller: int, source: int,
                   keeps: Keeps | None = None) -> list[int]:
    """The modes the spell can be cast with (``[-1]`` for a modeless spell); ``keeps``:
    the mana of its cost stays payable (see ``Keeps``)."""
    spell = card.spell
    if spell is not None and spell.additional_cost is not None and \
            not other_costs_payable(state, controller, spell.additional_cost, source, keeps):
        return []  # 601.2b, 601.2h: an additional cost it can't pay (Scarscale Ritual)
    if spell is None or not spell.modes:
        return [-1] if targets_available(
            state, spell_targets(card, -1), controller, source, spell=True) else []
    return [i for i, m in enumerate(spell.modes)
            if targets_available(state, m.targets, controller, source, spell=True)]


# --- legal actions --------------------------------------------------------------------


def sorcery_timing(state: GameState, player: int) -> bool:
    """Main phase of your turn with an empty stack (307.1)."""
    return state.active == player and (state.step == MAIN1 or state.step == MAIN2) \
        and not state.stack


def base_cost(card: Card, alt: int) -> ManaCost:
    if alt == ALT_FLASHBACK:
        return parse_cost(card.instances("flashback")[0].cost)
    if alt == ALT_EVOKE:
        return parse_cost(card.instances("evoke")[0].cost)
    if alt == ALT_ALTERNATIVE and card.alternative_cost is not None:
        return parse_cost(card.alternative_cost.mana)
    assert card._cost is not None
    return card._cost


def expand_targets(specs: tuple[Target, ...], x: int) -> tuple[Target, ...]:
    """601.2c: "X target ..." is X targets, each a different object."""
    if not any(s.x_times for s in specs):
        return specs
    out: list[Target] = []
    for s in specs:
        if s.x_times:
            out.extend([Target(s.kind, s.filter, distinct=True)] * x)
        else:
            out.append(s)
    return tuple(out)


def _x_target_cap(state: GameState, specs: tuple[Target, ...], player: int,
                  source: int) -> int | None:
    """The largest X for which "X target ..." can find X different targets."""
    caps = [len(legal_targets(state, s, player, source)) for s in specs if s.x_times]
    return min(caps) if caps else None


def payment_units(state: GameState, player: int, obj: GameObject) -> list[int]:
    """Mana units that can pay for this spell: convoke adds the creatures (702.51a)."""
    if spell_has_convoke(state, player, obj):
        return units_with_convoke(state, player)
    return mana_units(state, player)[0]


def _can_cast(state: GameState, player: int, obj: GameObject, alt: int,
              units: list[int], grants: bool = True) -> bool:
    """``grants``: whether any permanent gives spells keywords ("spells you cast have
    convoke"); False lets the hot path skip that search."""
    card = obj.card
    if "convoke" in card._kwnames or (grants and spell_has_convoke(state, player, obj)):
        pool = units_with_convoke(state, player)
    else:
        pool = units
        if alt == ALT_NORMAL:  # the hot path: a quick count before the solver
            cost = card._cost
            assert cost is not None
            if len(pool) < cost.generic + len(cost.symbols) or \
                    not can_pay(cost.symbols, cost.generic, pool):
                return False
            if card.spell is None and not card._is_aura:
                return True  # a permanent spell with no target and no additional cost
    if pool is not units or alt != ALT_NORMAL:
        costs = flashback_costs(state, obj) if alt == ALT_FLASHBACK else \
            [base_cost(card, alt)]
        if not any(can_pay(cost.symbols, cost.generic, pool) for cost in costs):
            return False
    if alt == ALT_RETRACE and not any(
            state.objects[o].card._type_mask & T_LAND for o in state.players[player].hand):
        return False
    alternative = card.alternative_cost
    if alt == ALT_ALTERNATIVE and alternative is not None and alternative.sacrifice is not None \
            and len(_controlled(state, player, alternative.sacrifice, obj.oid)) < \
            alternative.sacrifice_n:
        return False
    return bool(castable_modes(state, card, player, obj.oid,
                               _cast_keeps(state, player, obj, alt)))


def _castable_from_hand(state: GameState, player: int,
                        sorcery_ok: bool) -> list[tuple[int, int]]:
    """(card, permission) for each hand card that can be cast now: timing, cost payable
    and targets available. Copies of a card share the answer (a card in hand has its
    printed characteristics), so each name and permission is checked once."""
    objects = state.objects
    units: list[int] | None = None
    grants = False
    seen: set[tuple[str, int]] = set()
    out = []
    for oid in state.players[player].hand:
        card = objects[oid].card
        if card._type_mask & T_LAND or not (sorcery_ok or card._instant_speed):
            continue
        if units is None:
            units = mana_units(state, player)[0]
            grants = bool(state.derived.spell_granters and spell_granters(state))
        alts = (ALT_NORMAL, ALT_EVOKE) if "evoke" in card._kwnames else (ALT_NORMAL,)
        if card.alternative_cost is not None:
            alts = (*alts, ALT_ALTERNATIVE)
        elif len(alts) == 1 and not grants and card._cost is not None and \
                len(units) < card._cost.mana_value and "convoke" not in card._kwnames:
            continue  # more mana than there is, and no other way to pay (quick reject)
        for alt in alts:
            if (card.name, alt) not in seen:
                seen.add((card.name, alt))
                if _can_cast(state, player, objects[oid], alt, units, grants):
                    out.append((oid, alt))
    return out


def _activators(state: GameState) -> tuple[list[int], list[int]]:
    """Each player's permanents with activated abilities in battlefield order
    (characteristics current). Only a refresh changes who controls what and which
    abilities a permanent has, and every battlefield change is followed by one."""
    derived = state.derived
    hit = derived.memo.get("activators")  # memo_on's lookup, inline: asked at every priority
    if hit is not None and hit[0] == derived.refreshes:
        return hit[1]  # type: ignore[no-any-return]
    return memo_on(state, "activators", derived.refreshes, _find_activators)


def _find_activators(state: GameState) -> tuple[list[int], list[int]]:
    found: tuple[list[int], list[int]] = ([], [])
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.card._activated or o.granted_activated:
            found[o.controller].append(oid)
    return found


def legal_actions(state: GameState, player: int) -> list[Action]:
    """Every action the player may take with priority (117.1)."""
    p = state.players[player]
    objects = state.objects
    sorcery_ok = sorcery_timing(state, player)
    hand = p.hand
    derived = state.derived
    if derived.dirty or derived.entered:
        ensure(state)
    activators = _activators(state)[player]
    zone_actions = derived.zone_action_cards[player]
    if not sorcery_ok and not zone_actions and not activators and not (
            state.effects and has_granted_flashback(state, player)):
        # Fast path: nothing in hand at instant speed and no activated abilities.
        for oid in hand:
            if objects[oid].card._instant_speed:
                break
        else:
            return [PASS_ACTION]
    actions = [PASS_ACTION]
    units: list[int] | None = None
    seen: set[tuple[str, int]] = set()
    if sorcery_ok and p.lands_played < p.land_drops:
        for oid in hand:
            card = objects[oid].card
            if card._type_mask & T_LAND and (card.name, 0) not in seen:  # 305.2
                seen.add((card.name, 0))
                actions.append(Action(PLAY, oid))
    if p.can_cast_spells:
        for oid, alt in _castable_from_hand(state, player, sorcery_ok):
            actions.append(Action(CAST, oid, alt=alt))
    # Only cards with flashback or retrace (counted in zone_action_cards) or flashback from
    # an effect can be cast from a graveyard.
    if p.can_cast_spells and (zone_actions or state.effects and has_granted_flashback(
            state, player)):
        for oid in p.graveyard:
            card = objects[oid].card
            if not (card._instant_speed or sorcery_ok):
                continue
            for alt, kw in ((ALT_FLASHBACK, "flashback"), (ALT_RETRACE, "retrace")):
                if (card.has_keyword(kw) or alt == ALT_FLASHBACK and can_flashback(
                        state, objects[oid])) and (card.name, alt) not in seen:
                    if units is None:
                        units = mana_units(state, player)[0]
                    if _can_cast(state, player, objects[oid], alt, units):
                        seen.add((card.name, alt))
                        actions.append(Action(CAST, oid, alt=alt))
    for oid in activators:
        o = objects[oid]
        for idx, ab in enumerate(activated_abilities(o)):
            if ab.zone == "battlefield" and can_activate(state, player, o, idx, ab, sorcery_ok):
                actions.append(Action(ACTIVATE, oid, idx))
    if zone_actions:
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


def activated_abilities(o: GameObject) -> tuple[Activated, ...]:
    """An object's activated abilities: its own (unless it lost all abilities) and those
    static abilities of other objects give it ("enchanted creature has '{T}: ...'"); an
    ACTIVATE action's index counts in this order. Only the object's controller activates
    them, granted ones included (602.2, 303.4e)."""
    own = () if o.lost_abilities else o.card._activated
    return own + o.granted_activated if o.granted_activated else own


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
        if o.sick and (o.card._type_mask | o.extra_types) & T_CREATURE and \
                not o.kw & KW_HASTE:
            return False
    hand_size = len(state.players[player].hand) - (1 if ab.zone == "hand" else 0)
    if cost.discard and hand_size < cost.discard:
        return False
    if cost.pay_life and state.players[player].life < cost.pay_life:
        return False
    if cost.return_to_hand is not None and not _controlled(state, player, cost.return_to_hand,
                                                          o.oid):
        return False
    if cost.sacrifice is not None and len(_controlled(state, player, cost.sacrifice,
                                                      o.oid)) < cost.sacrifice_n:
        return False
    if cost.remove_counter is not None and not o.counters.get(cost.remove_counter):
        return False
    if cost.untap:  # {Q} (107.6): only a tapped permanent; 302.6 for creatures
        if not o.tapped:
            return False
        if o.sick and (o.card._type_mask | o.extra_types) & T_CREATURE and \
                not o.kw & KW_HASTE:
            return False
    if (cost.remove_counters_among is not None or cost.put_counter_on is not None
            or cost.tap_untapped is not None) and not other_costs_payable(
                state, player, cost, o.oid, _activation_keeps(state, player, o, cost)):
        return False
    if ab.condition is not None:  # "Activate only if ..." (602.5b)
        from mtgsim.engine.conditions import condition_holds

        if not condition_holds(state, ab.condition, player, o):
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


# Whether the mana part of a cost can still be paid when these permanents are used for
# its other parts (601.2g-h: mana abilities are activated before the costs are paid, so a
# permanent that gets a counter or is tapped or sacrificed for the cost can't also be
# sacrificed or tapped for mana). ``None``: no mana to pay.
Keeps = Callable[[set[int]], bool]


def mana_keeps(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
               convoke: bool = False, exclude: int = -1) -> Keeps | None:
    """The ``Keeps`` test for paying ``symbols`` and ``generic`` (with convoke's creatures
    when ``convoke``), ``exclude`` never paying (the source tapped by ``{T}``)."""
    if not symbols and not generic:
        return None
    if convoke:
        units, owners = convoke_pool(state, player)
    else:
        units, sources = mana_units(state, player)
        owners = [s[0] for s in sources]

    def keeps(gone: set[int]) -> bool:
        return can_pay(symbols, generic, [u for u, o in zip(units, owners, strict=True)
                                          if o not in gone and o != exclude])
    return keeps


def _cast_keeps(state: GameState, player: int, obj: GameObject, alt: int) -> Keeps | None:
    """``Keeps`` for casting ``obj`` with permission ``alt`` (any of its possible costs,
    X = 0), or None when the card has no additional cost that uses permanents."""
    card = obj.card
    if card.spell is None or card.spell.additional_cost is None:
        return None
    costs = flashback_costs(state, obj) if alt == ALT_FLASHBACK else [base_cost(card, alt)]
    convoke = spell_has_convoke(state, player, obj)
    tests = [mana_keeps(state, player, c.symbols, c.generic, convoke) for c in costs]
    if any(t is None for t in tests):
        return None
    return lambda gone: any(t(gone) for t in tests if t is not None)


def _ok(keeps: Keeps | None, gone: set[int]) -> bool:
    return keeps is None or keeps(gone)


def _counter_stock(state: GameState, player: int, cost: Cost, source: int) -> dict[int, int]:
    kind = cost.remove_counters_kind
    assert cost.remove_counters_among is not None
    return {oid: state.objects[oid].counters.get(kind, 0)
            for oid in _controlled(state, player, cost.remove_counters_among, source)}


def _finish_counter_costs(state: GameState, player: int, cost: Cost, source: int,
                          left: dict[int, int], used: set[int], need: int,
                          keeps: Keeps | None) -> bool:
    """Can the counter costs be completed: ``need`` more counters removed (``left``: the
    counters each candidate still has; ``used``: permanents already chosen), then a
    permanent to put a counter on, with the mana still payable? Greedy, in battlefield
    order: counters on permanents already used first, then others."""
    picked = set(used)
    have = sum(left[o] for o in used)
    for oid, n in left.items():
        if have >= need:
            break
        if oid not in picked and n > 0 and _ok(keeps, picked | {oid}):
            picked.add(oid)
            have += n
    if have < need or not _ok(keeps, picked):
        return False
    if cost.put_counter_on is not None:
        return any(_ok(keeps, picked | {c})
                   for c in _controlled(state, player, cost.put_counter_on, source))
    return True


def _activation_keeps(state: GameState, player: int, o: GameObject,
                      cost: Cost) -> Keeps | None:
    """``Keeps`` for an activated ability's mana cost, ``o`` itself not paying when the
    cost taps or sacrifices it."""
    if not cost.mana:
        return None
    mc = parse_cost(cost.mana)
    return mana_keeps(state, player, mc.symbols, mc.generic,
                      exclude=o.oid if cost.tap or cost.sacrifice_self else -1)


def other_costs_payable(state: GameState, player: int, cost: Cost, source: int,
                        keeps: Keeps | None = None) -> bool:
    """Counter costs on other permanents (118.3): "Remove two +1/+1 counters from among
    creatures you control", "put a -1/-1 counter on a creature you control", and tapping
    untapped creatures, each with the mana part still payable (``keeps``)."""
    if cost.remove_counters_among is not None or cost.put_counter_on is not None:
        left = _counter_stock(state, player, cost, source) \
            if cost.remove_counters_among is not None else {}
        need = cost.remove_counters_n if cost.remove_counters_among is not None else 0
        if not _finish_counter_costs(state, player, cost, source, left, set(), need, keeps):
            return False
    if cost.tap_untapped is not None and len([
            o for o in _untapped(state, player, cost.tap_untapped, source)
            if _ok(keeps, {o})]) < cost.tap_untapped_count:
        return False
    return True


def _untapped(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    """Untapped permanents matching ``f`` the player controls ("Tap two untapped white
    and/or blue creatures you control")."""
    return [oid for oid in _controlled(state, player, f, source)
            if not state.objects[oid].tapped]


def ask_counter_costs(state: GameState, asker: Asker, player: int, cost: Cost, source: int,
                      card: Card, keeps: Keeps | None = None) -> tuple[list[int], int]:
    """Choose the permanents for counter costs (601.2b/602.2b), before paying anything:
    one question per counter removed (the same permanent may be chosen again while it has
    counters left), and the permanent that gets a counter. Only choices after which the
    whole cost can still be paid are offered (``keeps``: the mana part)."""
    name = card.name
    removed: list[int] = []
    if cost.remove_counters_among is not None:
        kind = cost.remove_counters_kind
        left = _counter_stock(state, player, cost, source)
        need = cost.remove_counters_n
        for i in range(need):
            options = []
            for oid, n in left.items():
                if n > 0:
                    after = dict(left)
                    after[oid] -= 1
                    if _finish_counter_costs(state, player, cost, source, after,
                                             set(removed) | {oid}, need - i - 1, keeps):
                        options.append(oid)
            if not options:
                raise IllegalAnswer(f"{name}: not enough {kind} counters to remove")
            pick = options[asker.choose(Decision(
                DecisionKind.COST_COUNTER, player, f"remove a {kind} counter for {name} from",
                options=options, source=source,
                about=CostOf("remove_counter", card, counter=kind)))]
            left[pick] -= 1
            removed.append(pick)
    put_on = -1
    if cost.put_counter_on is not None:
        gone = set(removed)
        options = [c for c in _controlled(state, player, cost.put_counter_on, source)
                   if _ok(keeps, gone | {c})]
        if not options:
            raise IllegalAnswer(f"{name}: no permanent to put a counter on")
        put_on = options[asker.choose(Decision(
            DecisionKind.COST_COUNTER, player, f"put a {cost.put_counter} counter for {name} on",
            options=options, source=source,
            about=CostOf("put_counter", card, counter=cost.put_counter or "")))]
    return removed, put_on


def ask_sacrifices(state: GameState, asker: Asker, player: int, cost: Cost, source: int,
                   card: Card, keeps: Keeps | None = None) -> list[int]:
    """Choose the ``sacrifice_n`` permanents a "Sacrifice N [filter]" cost sacrifices
    (601.2b, 601.2h), before paying anything."""
    assert cost.sacrifice is not None
    options = [o for o in _controlled(state, player, cost.sacrifice, source)
               if _ok(keeps, {o})]
    n = cost.sacrifice_n
    if len(options) < n:
        raise IllegalAnswer(f"{card.name}: not enough permanents to sacrifice")
    picks = asker.choose_many(Decision(
        DecisionKind.COST, player, f"sacrifice {n} for {card.name}", options=options,
        multi=True, min_count=n, max_count=n, source=source, about=CostOf("sacrifice", card)))
    return [options[i] for i in picks]


def pay_counter_costs(state: GameState, cost: Cost, removed: list[int], put_on: int) -> None:
    from mtgsim.engine.effects.add_counters import add_counters

    kind = cost.remove_counters_kind
    for oid in removed:
        o = state.objects[oid]
        o.counters[kind] -= 1
        if not o.counters[kind]:
            del o.counters[kind]
        state.derived.dirty = True
    if put_on >= 0:
        add_counters(state, state.objects[put_on], cost.put_counter or "-1/-1", 1)


# --- doing it -------------------------------------------------------------------------


def play_land(state: GameState, player: int, oid: int) -> None:
    """Playing a land is a special action (305.1, 116.2a)."""
    p = state.players[player]
    p.lands_played += 1
    obj = state.objects[oid]
    if state.log is not None:
        log(state, "play", player, obj.card.name)
    rep.enter(state, obj, player)


def _ask_additional_costs(state: GameState, asker: Asker, task: CastTask, card: Card,
                          base: list[ManaCost], x: int) -> tuple[list[int], bool, int]:
    """601.2b: replicate counts (one per instance), kicker, retrace's land."""
    if task.alt != ALT_RETRACE and not state.derived.spell_granters and \
            "replicate" not in card._kwnames and "kicker" not in card._kwnames:
        return [], False, -1  # no additional cost to ask about (the common case)
    from mtgsim.engine.keywords.replicate import replicate_instances

    player = task.player
    replicates: list[int] = []
    # 702.56a: replicate may be paid also when cast without paying its mana cost (601.2b)
    units = payment_units(state, player, state.objects[task.oid])
    for inst in replicate_instances(state, player, state.objects[task.oid]):
        rcost = parse_cost(inst.cost)
        top = 0
        while True:
            symbols, generic = total_cost(base + [rcost] * (top + 1), x)
            if not can_pay(symbols, generic, units) or top >= 20:
                break
            top += 1
        n = asker.choose(Decision(
            DecisionKind.REPLICATE, player, f"pay replicate {inst.cost} how many times?",
            options=list(range(top + 1)), source=task.oid,
            about=ForSpell(card, inst.cost))) if top else 0
        replicates.append(n)
        base = base + [rcost] * n
    kicked = False
    for inst in card.instances("kicker"):
        kcost = parse_cost(inst.cost)
        symbols, generic = total_cost(base + [kcost], x)
        if can_pay(symbols, generic, units):
            kicked = asker.choose(Decision(
                DecisionKind.MAY, player, f"pay kicker {inst.cost}?", options=[1, 0],
                source=task.oid, about=ForSpell(card, inst.cost))) == 0
            if kicked:  # a new list: the caller adds the kicker cost to its own
                base = base + [kcost]
    discard = -1
    if task.alt == ALT_RETRACE:
        lands = [o for o in state.players[player].hand
                 if state.objects[o].card._type_mask & T_LAND]
        pick = asker.choose(Decision(
            DecisionKind.COST_DISCARD, player, f"discard a land card to retrace {card.name}",
            options=lands, source=task.oid, about=ForSpell(card)))
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
        modes = castable_modes(state, card, player, obj.oid,
                               None if task.free else _cast_keeps(state, player, obj, task.alt))
        labels = tuple(card.spell.modes[m].label for m in modes)
        pick = asker.choose(Decision(
            DecisionKind.MODE, player, f"mode for {card.name}: " + " or ".join(labels),
            options=modes, source=obj.oid, about=Modes(labels)))
        mode = modes[pick]
    convoke = spell_has_convoke(state, player, obj)
    units = payment_units(state, player, obj)
    if task.alt == ALT_FLASHBACK and not task.free:  # 702.34a: rather than the mana cost
        cost0 = choose_flashback_cost(state, asker, player, obj, units)
    else:
        cost0 = base_cost(card, task.alt)
    base = [] if task.free else [cost0]
    x = 0
    if cost0.x and not task.free:
        top = max_x(cost0, units)
        cap = _x_target_cap(state, spell_targets(card, mode), player, obj.oid)
        if cap is not None:
            top = min(top, cap)
        x = asker.choose(Decision(
            DecisionKind.X, player, f"X for {card.name}", options=list(range(top + 1)),
            source=obj.oid, about=ForSpell(card)))
    replicates, kicked, discard = _ask_additional_costs(state, asker, task, card, base, x)
    if replicates:
        from mtgsim.engine.keywords.replicate import replicate_instances

        for inst, n in zip(replicate_instances(state, player, obj), replicates,
                           strict=False):
            base = base + [parse_cost(inst.cost)] * n
    if kicked:
        base.append(parse_cost(card.instances("kicker")[0].cost))
    # "As an additional cost to cast this spell, put a -1/-1 counter on ..." (601.2b)
    extra = card.spell.additional_cost if card.spell is not None else None
    keeps = mana_keeps(state, player, *total_cost(base, x), convoke) \
        if extra is not None or task.alt == ALT_ALTERNATIVE else None
    removed, put_on = ask_counter_costs(state, asker, player, extra, obj.oid, card,
                                        keeps) if extra is not None else ([], -1)
    # 118.9: "sacrifice four Eldrazi Spawn rather than pay this spell's mana cost"
    alt_sacrifices: list[int] = []
    if task.alt == ALT_ALTERNATIVE and card.alternative_cost is not None and \
            card.alternative_cost.sacrifice is not None:
        alt_sacrifices = ask_sacrifices(state, asker, player, card.alternative_cost,
                                        obj.oid, card, keeps)
    # Permanents another part of the cost uses don't also pay mana (601.2g-h).
    committed = set(removed) | set(alt_sacrifices) | ({put_on} if put_on >= 0 else set())
    # 601.2c: targets.
    targets: list[int] = []
    specs = expand_targets(spell_targets(card, mode), x)
    for spec in specs:
        options = legal_targets(state, spec, player, obj.oid, targets, spell=True)
        if spec.optional:  # "up to N target ...": NONE leaves this one unchosen
            options.append(NONE)
        if not options:
            raise IllegalAnswer(f"{card.name}: no legal target left while casting")
        pick = asker.choose(Decision(
            DecisionKind.TARGET, player, f"target for {card.name}", options=options,
            source=obj.oid, about=TargetOf("spell", card, len(targets), spec)))
        targets.append(options[pick])
    # 601.2f-h: total cost, convoke, mana abilities, payment.
    symbols, generic = total_cost(base, x)
    convokers = ask_convoke(state, asker, player, obj, symbols, generic, committed) \
        if convoke and (symbols or generic) else []
    if convokers:
        left = apply_convoke(state, symbols, generic, convokers,
                             _units_without(state, player, convokers))
        if left is None:
            raise IllegalAnswer(f"a convoking creature pays nothing for {card.name}")
        symbols, generic = left
    if not can_pay(symbols, generic, _units_without(state, player, [*convokers, *committed])):
        raise IllegalAnswer(f"{card.name}: cannot pay the rest of its cost")
    state.tasks.pop()
    for oid in convokers:
        state.set_tapped(state.objects[oid], True)
    if not pay_symbols(state, player, symbols, generic, committed):
        raise RuntimeError(f"{card.name}: payment failed after the solver found one")
    if discard >= 0:
        move(state, state.objects[discard], GRAVEYARD)
    if extra is not None:
        pay_counter_costs(state, extra, removed, put_on)
    if alt_sacrifices:
        with simultaneously(state):  # the cost's permanents go at once (603.10a)
            for oid in alt_sacrifices:
                rep.sacrifice(state, state.objects[oid])
    from_zone = obj.zone
    spell = move(state, obj, STACK)
    spell.controller = player
    item = StackItem(
        spell.oid, player, spell.oid, card, True, tuple(spell_effects(card, mode)),  # type: ignore[arg-type]
        specs, targets, x=x, mode=mode, label=card.name,
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
    if targets:
        triggers.became_target(state, item)  # ward (702.21a)
    state.passes = 0


def ask_convoke(state: GameState, asker: Asker, player: int, obj: GameObject,
                symbols: tuple[int, ...], generic: int,
                committed: set[int] | None = None) -> list[int]:
    """702.51a-b: once the total cost is known, the creatures to tap rather than pay
    mana, one "convoke_tap" question at a time: each offers the untapped creatures whose
    tapping still lets the whole cost be paid (each creature paying one mana it can pay),
    and may be answered with none once the rest can be paid with mana alone. So every
    answer is legal; summoning-sick and smaller creatures are offered first."""
    chosen: list[int] = []
    objects = state.objects
    while True:
        rest_units = _units_without(state, player, [*chosen, *(committed or ())])
        left = apply_convoke(state, symbols, generic, chosen, rest_units) if chosen else \
            (symbols, generic)
        can_stop = left is not None and can_pay(left[0], left[1], rest_units)
        if len(chosen) >= len(symbols) + generic:
            break
        options = [oid for oid in convoke_candidates(state, player)
                   if oid not in chosen and can_convoke(state, oid, symbols, generic)
                   and (not committed or oid not in committed)
                   and convoke_keeps_payable(state, player, symbols, generic,
                                             chosen + [oid], committed)]
        if not options:
            break
        options.sort(key=lambda oid: (not objects[oid].sick, objects[oid].power, oid))
        picks = asker.choose_many(Decision(
            DecisionKind.CONVOKE_TAP, player,
            f"tap a creature to convoke {obj.card.name}" + (" (none: pay the rest)"
                                                            if can_stop else ""),
            options=options, multi=True, min_count=0 if can_stop else 1, max_count=1,
            source=obj.oid, about=ForSpell(obj.card)))
        if not picks:
            break
        chosen.append(options[picks[0]])
    return chosen


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
    ab = activated_abilities(obj)[task.index]
    targets: list[int] = []
    for spec in ab.targets:
        options = legal_targets(state, spec, player, obj.oid, targets)
        if spec.optional:
            options.append(NONE)
        if not options:
            raise IllegalAnswer(f"{obj.card.name}: no legal target left while activating")
        pick = asker.choose(Decision(
            DecisionKind.TARGET, player, f"target for {obj.card.name}'s ability",
            options=options, source=obj.oid,
            about=TargetOf("ability", obj.card, len(targets), spec)))
        targets.append(options[pick])
    cost = ab.cost
    discards: list[int] = []
    if cost.discard:
        hand = [o for o in state.players[player].hand if o != obj.oid]
        picks = asker.choose_many(Decision(
            DecisionKind.COST_DISCARD, player, f"discard for {obj.card.name}", options=hand,
            multi=True, min_count=cost.discard, max_count=cost.discard, source=obj.oid,
            about=CostOf("discard", obj.card)))
        discards = [hand[i] for i in picks]
    # Each choice below leaves the mana part payable without the permanents chosen
    # (``keeps``); those permanents then pay no mana (601.2g-h).
    keeps = _activation_keeps(state, player, obj, cost)
    returned = -1
    if cost.return_to_hand is not None:
        options = [o for o in _controlled(state, player, cost.return_to_hand, obj.oid)
                   if _ok(keeps, {o})]
        pick = asker.choose(Decision(
            DecisionKind.COST, player, f"return for {obj.card.name}", options=options,
            source=obj.oid, about=CostOf("return", obj.card)))
        returned = options[pick]
    sacrificed = -1
    more_sacrificed: list[int] = []
    if cost.sacrifice is not None and cost.sacrifice_n > 1:  # "Sacrifice N ..."
        more_sacrificed = ask_sacrifices(state, asker, player, cost, obj.oid, obj.card,
                                         keeps)
    elif cost.sacrifice is not None:
        options = [o for o in _controlled(state, player, cost.sacrifice, obj.oid)
                   if _ok(keeps, {o})]
        pick = asker.choose(Decision(
            DecisionKind.COST, player, f"sacrifice for {obj.card.name}", options=options,
            source=obj.oid, about=CostOf("sacrifice", obj.card)))
        sacrificed = options[pick]
    removed, put_on = ask_counter_costs(state, asker, player, cost, obj.oid, obj.card,
                                        keeps)
    to_tap: list[int] = []
    if cost.tap_untapped is not None:
        options = [o for o in _untapped(state, player, cost.tap_untapped, obj.oid)
                   if _ok(keeps, {o})]
        n = cost.tap_untapped_count
        if len(options) < n:
            raise IllegalAnswer(f"{obj.card.name}: not enough untapped permanents to tap")
        picks = asker.choose_many(Decision(
            DecisionKind.COST_TAP, player, f"tap {n} for {obj.card.name}", options=options,
            multi=True, min_count=n, max_count=n, source=obj.oid,
            about=CostOf("tap", obj.card)))
        to_tap = [options[i] for i in picks]
    # Pay: mana first (mana abilities), then the other costs (601.2h, any order).
    if cost.mana:
        mc = parse_cost(cost.mana)
        committed = {*removed, *to_tap, *more_sacrificed}
        committed.update(o for o in (returned, sacrificed, put_on) if o >= 0)
        if cost.tap or cost.sacrifice_self:
            committed.add(obj.oid)
        if not pay_symbols(state, player, mc.symbols, mc.generic, committed):
            raise IllegalAnswer(f"{obj.card.name}: cannot pay {cost.mana} without the "
                                "permanents chosen for its other costs")
    state.tasks.pop()
    for oid in to_tap:
        state.set_tapped(state.objects[oid], True)
    if cost.reveal_self:  # forecast (702.57b): the card stays in hand, revealed
        reveal(state, obj)
        if state.log is not None:
            log(state, "reveal", player, obj.card.name)
    if cost.tap:
        state.set_tapped(obj, True)
    if cost.untap:
        state.set_tapped(obj, False)
    pay_counter_costs(state, cost, removed, put_on)
    if cost.pay_life:
        rep.lose_life(state, player, cost.pay_life)
    for oid in discards:
        move(state, state.objects[oid], GRAVEYARD)
    if returned >= 0:
        rep.leave_battlefield(state, state.objects[returned], HAND)
    if sacrificed >= 0:
        rep.sacrifice(state, state.objects[sacrificed])
    if more_sacrificed:
        with simultaneously(state):  # "Sacrifice N ...": at once (603.10a)
            for oid in more_sacrificed:
                rep.sacrifice(state, state.objects[oid])
    if cost.put_counter is not None and cost.put_counter_on is None:
        from mtgsim.engine.effects.add_counters import add_counters

        add_counters(state, obj, cost.put_counter, 1)
    if cost.remove_counter is not None:
        obj.counters[cost.remove_counter] -= 1
        if not obj.counters[cost.remove_counter]:
            del obj.counters[cost.remove_counter]
        state.derived.dirty = True
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
    if targets:
        triggers.became_target(state, state.stack[-1])  # ward (702.21a)
    if cost.sacrifice_self and obj.zone == BATTLEFIELD:
        rep.sacrifice(state, obj)
    if state.log is not None:
        log(state, "activate", player, obj.card.name + (f" ({ab.keyword})" if ab.keyword
                                                         else ""),
            ", ".join(describe(state, t) for t in targets))
    state.passes = 0


__all__ = ["legal_actions", "cast_task", "activate_task", "play_land"]
