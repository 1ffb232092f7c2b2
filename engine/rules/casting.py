"""Casting spells (601.2) and playing lands (305).

Legal priority actions are offered only when a complete legal choice exists (timing,
targets, and a payment the solver can find), so a chosen cast never needs reversing.
What keywords add to casting comes from the table of ``engine.rules.spell_costs``, which each
keyword module fills; this module names none of them. Casting permissions other than
"from your hand for its mana cost" are ``Action.alt`` codes (from the graveyard or the
hand, for another cost; and the card's own alternative cost, 118.9); additional costs
are asked in 601.2b in the table's order; a cost reduction pays part of the total cost
once it is known (601.2f). Activated abilities are ``engine.rules.activation``'s; the parts of
additional and alternative costs other than mana are asked and paid through
``engine.rules.costs``' table, as an ability's are.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import msgspec

from mtgsim.engine.cards import KW_FLASH, T_INSTANT, T_LAND, Cost, Target
from mtgsim.engine.cards.card import Card, HandCheck
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.activation import activated_abilities, activators, can_activate
from mtgsim.engine.rules.cast_this_turn import record_cast
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.cost_changes import (
    depends_on_targets,
    generic_cut,
    reduce_total,
    reduced,
)
from mtgsim.engine.rules.costs import (
    Keeps,
    Payment,
    Stage,
    ask_costs,
    costs_payable,
    mana_keeps,
    parts_of,
    pay_costs,
)
from mtgsim.engine.rules.flagbearer import flagbearer_options
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mana import ManaCost, can_pay, can_pay_cost, parse_cost
from mtgsim.engine.rules.mana_units import ManaEntry, any_helped, mana_units, units_unchanged
from mtgsim.engine.rules.payment import (
    max_x,
    pay_symbols,
    plan_mana_sacrifices,
    sacrificed_for_mana,
    total_cost,
    units_without,
)
from mtgsim.engine.rules.phyrexian import choose_phyrexian, payable_ways
from mtgsim.engine.rules.play_from_exile import lands_playable
from mtgsim.engine.rules.special_actions import SPECIAL_ACTIONS
from mtgsim.engine.rules.spell_costs import (
    ADDITIONAL,
    ALT_ALTERNATIVE,
    ALT_NORMAL,
    ALT_OTHER_ADDITIONAL,
    FROM_EXILE,
    FROM_GRAVEYARD,
    GRANTED,
    REDUCTIONS,
    CastPermission,
    CostReduction,
    SpellPlan,
    permission,
    permission_name,
    reduction_of,
    spell_face,
    spell_granters,
)
from mtgsim.engine.rules.targets import (
    expand_targets,
    later_options,
    legal_targets,
    target_options,
    targets_available,
)
from mtgsim.engine.rules.zones import describe, log, move
from mtgsim.engine.state.ask import Asker, IllegalAnswer
from mtgsim.engine.state.decisions import ForSpell, Modes, TargetOf
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    CAST,
    EXILE,
    GRAVEYARD,
    MAIN1,
    MAIN2,
    NONE,
    PASS_ACTION,
    PLAY,
    SPECIAL,
    STACK,
    Action,
    CastTask,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MODE = DecisionKind.MODE
_KIND_TARGET = DecisionKind.TARGET
_KIND_X = DecisionKind.X
_STAGE_PAID = Stage.PAID

# --- targets of spells ----------------------------------------------------------------


def aura_target(card: Card) -> Target:
    """An Aura spell targets what its enchant abilities allow (303.4a, 702.5a-d)."""
    assert card.aura_target is not None, f"{card.name} is not an Aura"
    return card.aura_target


def spell_targets(card: Card, mode: int) -> tuple[Target, ...]:
    if card.is_aura:
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


def additional_of(card: Card, alt: int) -> Cost | None:
    """The additional cost a cast with permission ``alt`` pays (601.2b): the spell's, or
    for "[A] or [B]" the one ``alt`` chose (``ALT_OTHER_ADDITIONAL``: B)."""
    spell = card.spell
    if spell is None:
        return None
    return spell.additional_cost_or if alt == ALT_OTHER_ADDITIONAL else spell.additional_cost


def castable_modes(state: GameState, card: Card, controller: int, source: int,
                   keeps: Keeps | None = None, alt: int = ALT_NORMAL) -> list[int]:
    """The modes the spell can be cast with (``[-1]`` for a modeless spell); ``keeps``:
    the mana of its cost stays payable (see ``Keeps``); ``alt``: the way it is cast
    (which of "[A] or [B]" additional costs it pays)."""
    spell = card.spell
    extra = additional_of(card, alt)
    if extra is not None and \
            not _other_parts_payable(state, controller, state.objects[source], extra, keeps):
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


def permission_costs(state: GameState, obj: GameObject, alt: int) -> list[ManaCost]:
    """The mana costs a cast with permission ``alt`` may pay before additional costs (any
    payable one will do; the first unless the permission lets the player choose)."""
    p = permission(alt) if alt else None
    if p is not None:
        return p.costs(state, obj)
    card = obj.card
    if alt == ALT_ALTERNATIVE and card.alternative_cost is not None:
        return [parse_cost(card.alternative_cost.mana)]
    assert card.cost is not None
    if alt == ALT_OTHER_ADDITIONAL:  # "... or pay {5}" (Lightning Axe): its mana too
        extra = additional_of(card, alt)
        if extra is not None and extra.mana:
            return [parse_cost(card.mana_cost + extra.mana, phyrexian=True)]
    return [card.cost]


def castable_costs(state: GameState, player: int, obj: GameObject, alt: int) -> list[ManaCost]:
    """``permission_costs`` with the spell's own cost reductions taken off (601.2f,
    ``engine.rules.cost_changes``): what a cast with no X and no optional additional cost
    pays, for the legal-action checks."""
    costs = permission_costs(state, obj, alt)
    if any([c.phyrexian for c in costs]):  # each way to pay them (107.4f)
        costs = [w for c in costs for w in (payable_ways(state, player, c) if c.phyrexian
                                            else [c])]
    if not obj.card.reductions:
        return costs
    cut = generic_cut(state, player, obj)
    return [reduced(c, cut) for c in costs]


def _x_target_cap(state: GameState, specs: tuple[Target, ...], player: int,
                  source: int) -> int | None:
    """The largest X for which "X target ..." can find X different targets."""
    caps = [len(legal_targets(state, s, player, source)) for s in specs if s.x_times]
    return min(caps) if caps else None


def reduction_for(state: GameState, player: int, obj: GameObject,
                  grants: bool = True) -> CostReduction | None:
    """What pays part of this spell's cost (``engine.rules.spell_costs.reduction_of``);
    ``grants`` False: no permanent gives spells keywords, so only printed ones count."""
    if not grants:
        kw = obj.card.keyword_names
        if not kw:
            return None
        for r in REDUCTIONS:
            if r.keyword in kw:
                return r
        return None
    return reduction_of(state, player, obj)


def payment_units(state: GameState, player: int, obj: GameObject) -> list[int]:
    """Mana units that can pay for this spell, with what a cost reduction adds
    (convoke's creatures, 702.51a)."""
    r = reduction_of(state, player, obj)
    if r is not None:
        return r.pool(state, player)[0]
    return mana_units(state, player)[0]


def _split_payable(state: GameState, player: int, reduction: CostReduction | None
                   ) -> Callable[[GameState, int, tuple[int, ...], int, Collection[int]],
                                 bool] | None:
    """The reduction's exact test when its pool counts permanents twice (convoke's
    creatures beside Springleaf Drum's: ``CostReduction.payable``), else None (its pool
    is exact)."""
    if reduction is None or reduction.payable is None:
        return None
    mana_units(state, player)  # (any_helped reads what it found)
    return reduction.payable if any_helped(state, player) else None


def _can_cast(state: GameState, player: int, obj: GameObject, alt: int,
              units: list[int], grants: bool = True) -> bool:
    """``grants``: whether any permanent gives spells keywords ("spells you cast have
    convoke"); False lets the hot path skip that search."""
    card = obj.card if alt == ALT_NORMAL else spell_face(state, obj, alt)
    reduction = reduction_for(state, player, obj, grants)
    if reduction is not None:
        pool = reduction.pool(state, player)[0]
    else:
        pool = units
        if alt == ALT_NORMAL:  # the hot path: a quick count before the solver
            cost = card.cost
            assert cost is not None
            if card.reductions:  # "costs {1} less to cast for each ..." (601.2f)
                cost = reduced(cost, generic_cut(state, player, obj))
            if cost.phyrexian:  # mana or 2 life for each (107.4f)
                if not any([can_pay_cost(c, pool) for c in payable_ways(state, player, cost)]):
                    return False
            elif len(pool) < cost.generic + len(cost.symbols) or not can_pay_cost(cost, pool):
                return False
            if card.spell is None and not card.is_aura:
                return True  # a permanent spell with no target and no additional cost
    if pool is not units or alt != ALT_NORMAL:
        split = _split_payable(state, player, reduction)
        if not any(can_pay(cost.symbols, cost.generic, pool) if split is None else
                   split(state, player, cost.symbols, cost.generic, ())
                   for cost in castable_costs(state, player, obj, alt)):
            return False
    p = permission(alt) if alt else None
    if p is not None and p.other_payable is not None and \
            not p.other_payable(state, player, obj):
        return False  # retrace's land card to discard
    if p is not None and p.other_cost is not None and \
            not _permission_other_payable(state, player, obj, card, alt, p, reduction):
        return False  # sneak's attacker, needed for the mana by sacrificing it
    alternative = card.alternative_cost
    if alt == ALT_ALTERNATIVE and alternative is not None:
        if card.alternative_if is not None and not condition_holds(
                state, card.alternative_if, player, obj):
            return False  # "If you control a Swamp, you may pay 4 life rather ..." (118.9)
        if not _other_parts_payable(state, player, obj, alternative, None):
            return False  # "sacrifice four Eldrazi Spawn rather than pay ..." (118.9)
    return bool(castable_modes(state, card, player, obj.oid,
                               _cast_keeps(state, player, obj, alt), alt))


# A hand card that may be cast, as ``_hand_plan`` lists it: its id and ``Card.hand_check``.
_Candidate = tuple[int, HandCheck]


class HandPlan(msgspec.Struct):
    """A hand sorted for the legal-action checks (``Hands.plans``), as of the hand's count
    of ``changes``: the first land of each name (``lands``, 305.2), the first card of each
    name that could be cast at sorcery speed (``spells``), and of those the ones with
    instant speed (``instants``)."""

    changes: int
    lands: list[int]
    spells: list[_Candidate]
    instants: list[_Candidate]


class Idle(msgspec.Struct):
    """The verdict that a player can do nothing at instant speed for want of mana, or of
    a spell to target (``Hands.idle``, made by ``_idle``): it holds while their hand's
    count of changes is ``changes``, their mana is still ``mana``
    (``payment.units_unchanged``) and, if ``empty_stack``, the stack is empty."""

    changes: int
    mana: ManaEntry
    empty_stack: bool


def _hand_plan(state: GameState, player: int) -> HandPlan:
    """The hand's lands and castable candidates (``HandPlan``), memoised on the hand's
    contents (``Hands.changes``): a card in hand has its printed characteristics,
    so what each card could be cast with depends on nothing else, and copies of a card
    share the answer (each name is checked once)."""
    hands = state.derived.hands
    key = hands.changes[player]
    hit = hands.plans[player]
    if hit is not None and hit.changes == key:
        return hit
    hand = state.players[player].hand
    objects = state.objects
    lands: list[int] = []
    spells: list[_Candidate] = []
    instants: list[_Candidate] = []
    names: set[str] = set()
    for oid in hand:
        card = objects[oid].card
        if card.name in names:
            continue
        names.add(card.name)
        if card.type_mask & T_LAND:
            lands.append(oid)
            continue
        candidate = (oid, card.hand_check)  # (printed: no other abilities in a hand)
        spells.append(candidate)
        if card.instant_speed:
            instants.append(candidate)
    plan = hands.plans[player] = HandPlan(key, lands, spells, instants)
    return plan


def _castable_from_hand(state: GameState, player: int, sorcery_ok: bool,
                        plan: HandPlan | None = None) -> list[tuple[int, int]]:
    """(card, permission) for each hand card that can be cast now: timing, cost payable
    and targets available (each name and permission checked once, ``_hand_plan``)."""
    if plan is None:
        plan = _hand_plan(state, player)
    candidates = plan.spells if sorcery_ok else plan.instants
    if not candidates:
        return []
    objects = state.objects
    units = mana_units(state, player)[0]
    grants = bool(state.derived.counts.spell_granters and spell_granters(state))
    have = len(units)
    out = []
    for oid, check in candidates:
        if not grants:
            if have < check.quick:
                continue  # more mana than there is, and no other way to pay (quick reject)
            cost = check.cost
            if cost is not None:
                # _can_cast's answer for a plain card, written out (every priority asks):
                # tests/state/test_caches.py compares the two at every decision
                targets = check.targets
                if can_pay_cost(cost, units) and (
                        not targets or targets_available(state, targets, player, oid,
                                                         spell=True)):
                    out.append((oid, ALT_NORMAL))
                continue
        obj = objects[oid]
        for alt in check.casts:
            if not sorcery_ok and not _instant(spell_face(state, obj, alt)) and \
                    not _instant_permission(alt):
                continue  # an instant Adventure's creature (715.3)
            if _can_cast(state, player, obj, alt, units, grants):
                out.append((oid, alt))
    return out


def _instant(card: Card) -> bool:
    """This spell may be cast at instant speed (an instant, or flash: 307.1, 702.8a).
    ``Card.instant_speed`` says whether any way to cast a card does."""
    return bool(card.type_mask & T_INSTANT) or bool(card.keyword_mask & KW_FLASH)


def _instant_permission(alt: int) -> bool:
    """Permission ``alt`` casts the card at instant speed (sneak, when its own check
    allows: ``CastPermission.instant``)."""
    p = permission(alt) if alt else None
    return p is not None and p.instant


def _granted_elsewhere(state: GameState, player: int) -> bool:
    """Does an effect give a card of this player's outside the hand a permission to be
    cast (flashback from Snapcaster Mage)?"""
    for granted in GRANTED:
        if granted(state, player):
            return True
    return False


def _count_instants(state: GameState, player: int) -> int:
    """The cards in the player's hand with instant speed, counted for
    ``Hands.instants`` (engine.rules.zones keeps the count from then on)."""
    objects = state.objects
    n = sum(1 for oid in state.players[player].hand if objects[oid].card.instant_speed)
    state.derived.hands.instants[player] = n
    return n


def legal_actions(state: GameState, player: int) -> list[Action]:
    """Every action the player may take with priority (117.1)."""
    derived = state.derived
    if derived.layers.stale:
        ensure(state)
    sorcery_ok = sorcery_timing(state, player)
    # activators(state)'s own first look, written out (every priority asks; its memo
    # answers most): tests/state/test_caches.py checks at every decision that a current
    # Layers.activators is what activators(state) answers
    layers = derived.layers
    hit = layers.activators
    own_activators = (hit.players if hit is not None and hit.refreshes == layers.refreshes
                      else activators(state))[player]
    hands = derived.hands
    zone_actions = hands.zone_actions[player]
    instants = hands.instants[player]
    if instants is None:
        instants = _count_instants(state, player)
    if not sorcery_ok and not zone_actions and not own_activators and not state.effects:
        if not instants:
            # Fast path: nothing in hand at instant speed and no activated abilities.
            return [PASS_ACTION]
        idle = hands.idle[player]
        if idle is not None and idle.changes == hands.changes[player] and \
                not (idle.empty_stack and state.stack) and not derived.counts.spell_granters:
            # The same hand and the same mana: still nothing (_idle).
            if units_unchanged(state, player, idle.mana):
                return [PASS_ACTION]
    elif not sorcery_ok and not instants and not zone_actions and not own_activators and \
            not _granted_elsewhere(state, player):
        return [PASS_ACTION]
    plan = _hand_plan(state, player)
    p = state.players[player]
    objects = state.objects
    hand = p.hand
    actions = [PASS_ACTION]
    units: list[int] | None = None
    seen: set[tuple[str, int]] = set()
    if sorcery_ok and p.lands_played < p.land_drops:
        for oid in plan.lands:  # 305.2
            actions.append(Action(PLAY, oid))
        if p.exile and state.effects:  # impulse draw's lands (305.2)
            for oid in lands_playable(state, player):
                actions.append(Action(PLAY, oid))
    if zone_actions and (sorcery_ok or state.active == player):
        # plot (116.2k), at sorcery timing; foretell (116.2h), any time in one's own turn:
        # their cards are counted as usable from a zone
        for sa in SPECIAL_ACTIONS:
            if sorcery_ok or sa.own_turn:
                for oid in sa.offered(state, player):
                    actions.append(Action(SPECIAL, oid, sa.code))
    if p.exile and p.can_cast_spells and (sorcery_ok or zone_actions or state.effects):
        # plotted cards (702.170d) at sorcery timing; foretold ones (702.143a) and impulse
        # draw's (307.1) at the card's own timing: at instant speed an instant or a card
        # with flash (foretold cards are counted as usable from a zone)
        for oid in p.exile:
            obj = objects[oid]
            if not (sorcery_ok or obj.card.instant_speed):
                continue
            for perm in FROM_EXILE:
                if perm.has(state, obj):
                    if not sorcery_ok and not (perm.own_timing and _instant(
                            spell_face(state, obj, perm.code))):
                        continue
                    if units is None:
                        units = mana_units(state, player)[0]
                    if _can_cast(state, player, obj, perm.code, units):
                        actions.append(Action(CAST, oid, alt=perm.code))
    if p.can_cast_spells:
        for oid, alt in _castable_from_hand(state, player, sorcery_ok, plan):
            actions.append(Action(CAST, oid, alt=alt))
    # Only cards with a permission from the graveyard (counted in zone_action_cards) or
    # one from an effect can be cast from a graveyard.
    if p.can_cast_spells and (zone_actions or state.effects and _granted_elsewhere(
            state, player)):
        for oid in p.graveyard:
            obj = objects[oid]
            card = obj.card
            if not (card.instant_speed or sorcery_ok):
                continue
            for perm in FROM_GRAVEYARD:
                alt = perm.code
                if (card.name, alt) not in seen and perm.has(state, obj):
                    if units is None:
                        units = mana_units(state, player)[0]
                    if _can_cast(state, player, obj, alt, units):
                        seen.add((card.name, alt))
                        actions.append(Action(CAST, oid, alt=alt))
    for oid in own_activators:
        o = objects[oid]
        for idx, ab in enumerate(activated_abilities(o)):
            if ab.zone == "battlefield" and can_activate(state, player, o, idx, ab, sorcery_ok):
                actions.append(Action(ACTIVATE, oid, idx))
    if zone_actions:
        for zone_list, zone in ((hand, "hand"), (p.graveyard, "graveyard")):
            done: set[tuple[str, int]] = set()
            for oid in zone_list:
                o = objects[oid]
                for idx, ab in enumerate(o.card.activated):
                    if ab.zone == zone and (o.card.name, idx) not in done and can_activate(
                            state, player, o, idx, ab, sorcery_ok):
                        done.add((o.card.name, idx))
                        actions.append(Action(ACTIVATE, oid, idx))
    if len(actions) == 1 and not sorcery_ok and p.can_cast_spells and not zone_actions and \
            not own_activators and not state.effects and not derived.counts.spell_granters:
        _idle(state, player, plan.instants)
    return actions


def _idle(state: GameState, player: int, candidates: list[_Candidate]) -> None:
    """Note that ``player`` can cast none of these instant-speed ``candidates`` from their
    hand (they have no activated ability, no card usable from a zone and no permission
    from an effect), when each is refused for a reason that holds while the hand and the
    player's mana stay as they are (``Hands.changes``, the mana entry of
    ``payment.mana_units``): more mana than there is, a cost the units can't pay, or a
    spell to target while the stack is empty (then the verdict needs the stack empty).
    ``legal_actions`` then answers "only pass" from the verdict; a card refused for any
    other reason (its targets, another way to cast it) leaves no verdict."""
    derived = state.derived
    entry = derived.mana.units[player]  # (legal_actions has just asked mana_units)
    if entry is None or not units_unchanged(state, player, entry):
        return
    units = entry.answer[0]
    have = len(units)
    stack = False
    for _oid, check in candidates:
        if have < check.quick:
            continue
        cost = check.cost
        if cost is None:
            return
        if can_pay_cost(cost, units):
            if state.stack or not _targets_a_spell(check.targets):
                return
            stack = True  # "target spell" with nothing on the stack
    hands = derived.hands
    hands.idle[player] = Idle(hands.changes[player], entry, stack)


def _targets_a_spell(targets: tuple[Target, ...]) -> bool:
    """Must one of these targets be a spell (not an optional one, not "X target")?"""
    for t in targets:
        if t.kind == "spell" and not t.optional and not t.x_times:
            return True
    return False


def _other_parts_payable(state: GameState, player: int, obj: GameObject, cost: Cost,
                         keeps: Keeps | None) -> bool:
    """Can the parts of a spell's additional or alternative cost other than mana (part of
    its total cost, 601.2f) be paid, the mana still payable (``keeps``)?"""
    return costs_payable(state, player, obj, cost, parts_of(cost, spell=True),
                         lambda state, player, obj, cost: keeps)


def _permission_other_payable(state: GameState, player: int, obj: GameObject, card: Card,
                              alt: int, perm: CastPermission,
                              reduction: CostReduction | None) -> bool:
    """Can the permission's costs other than mana (sneak's unblocked attacker returned to
    hand, flashback's sacrifice) be paid beside the mana of one of its costs (X = 0)?
    Asked with the ``Keeps`` test the cast's own questions use (``cast``, 601.2g-h: mana
    abilities are activated before costs are paid, so an attacker whose mana would
    sacrifice it can't also be returned when that mana is needed), so that the cast is
    offered only when its questions will have an answer."""
    assert perm.other_cost is not None
    cut = generic_cut(state, player, obj) if card.reductions else 0
    for c in permission_costs(state, obj, alt):
        other = perm.other_cost(state, obj, c)
        if other is None:
            return True
        keeps = mana_keeps(state, player, *reduce_total(*total_cost([c], 0), cut), reduction)
        if _other_parts_payable(state, player, obj, other, keeps):
            return True
    return False


def _other_costs(card: Card, alt: int, extra: Cost | None = None) -> list[Cost]:
    """The costs whose parts other than mana a cast with permission ``alt`` pays: the
    spell's additional cost (601.2b), the card's alternative cost (118.9)."""
    costs = []
    additional = additional_of(card, alt)
    if additional is not None:
        costs.append(additional)
    if alt == ALT_ALTERNATIVE and card.alternative_cost is not None:
        costs.append(card.alternative_cost)
    if extra is not None:  # a permission's cost other than mana (flashback's sacrifice)
        costs.append(extra)
    return costs


def _permission_other(state: GameState, task: CastTask, obj: GameObject,
                      base: list[ManaCost]) -> Cost | None:
    """The parts other than mana of the permission's cost chosen (601.2b, 601.2h)."""
    perm = permission(task.alt) if task.alt else None
    if perm is None or perm.other_cost is None or not base:
        return None
    return perm.other_cost(state, obj, base[0])


def _cast_keeps(state: GameState, player: int, obj: GameObject, alt: int) -> Keeps | None:
    """``Keeps`` for casting ``obj`` with permission ``alt`` (any of its possible costs,
    X = 0), or None when the card has no additional cost that uses permanents."""
    card = obj.card if alt == ALT_NORMAL else spell_face(state, obj, alt)
    if additional_of(card, alt) is None:
        return None
    reduction = reduction_of(state, player, obj)
    tests = [mana_keeps(state, player, c.symbols, c.generic, reduction)
             for c in castable_costs(state, player, obj, alt)]
    if any(t is None for t in tests):
        return None
    return lambda gone: any(t(gone) for t in tests if t is not None)


# --- doing it -------------------------------------------------------------------------


def play_land(state: GameState, player: int, oid: int) -> None:
    """Playing a land is a special action (305.1, 116.2a)."""
    p = state.players[player]
    p.lands_played += 1
    obj = state.objects[oid]
    if state.log is not None:
        log(state, "play", player, obj.card.name)
    rep.enter(state, obj, player)


def _ask_mode(state: GameState, asker: Asker, task: CastTask, obj: GameObject) -> int:
    """601.2b: the mode of a modal spell (-1: not modal)."""
    card = spell_face(state, obj, task.alt)
    if card.spell is None or not card.spell.modes:
        return -1
    modes = castable_modes(state, card, task.player, obj.oid,
                           None if task.free else _cast_keeps(state, task.player, obj, task.alt),
                           task.alt)
    labels = tuple([card.spell.modes[m].label for m in modes])
    pick = asker.choose(Decision(
        _KIND_MODE, task.player, f"mode for {card.name}: " + " or ".join(labels),
        options=modes, source=obj.oid, about=Modes(labels)))
    return modes[pick]


def _plan_costs(state: GameState, asker: Asker, task: CastTask, obj: GameObject, mode: int,
                units: list[int]) -> SpellPlan:
    """601.2b: the mana cost to pay (the permission's, chosen among several), X, then the
    additional costs in the table's order and the permission's own other costs."""
    player = task.player
    card = spell_face(state, obj, task.alt)
    plan = SpellPlan([])
    # convoke's creatures counted twice in ``units`` beside Springleaf Drum's: the exact
    # test the optional costs' and Phyrexian symbols' choices ask too (``plan_fits``)
    plan.exact = _split_payable(state, player, reduction_of(state, player, obj))
    perm = permission(task.alt) if task.alt else None
    if not task.free:
        if perm is not None and perm.choose_cost is not None:  # flashback (702.34a)
            cost0 = perm.choose_cost(state, asker, player, obj, units)
        else:
            cost0 = permission_costs(state, obj, task.alt)[0]
        plan.mana.append(cost0)
        if cost0.x:
            # X may be as large as the mana pays once the reduction is taken off (601.2f)
            cut = generic_cut(state, player, obj) if card.reductions else 0
            top = max_x(reduced(cost0, cut), units) + max(cut - cost0.generic, 0) // cost0.x
            split = plan.exact
            while split is not None and top > 0 and not split(
                    state, player, *reduce_total(*total_cost([cost0], top), cut), ()):
                top -= 1  # convoke's creatures counted twice in ``units``: the real X
            cap = _x_target_cap(state, spell_targets(card, mode), player, obj.oid)
            if cap is not None:
                top = min(top, cap)
            plan.x = asker.choose(Decision(
                _KIND_X, player, f"X for {card.name}", options=list(range(top + 1)),
                source=obj.oid, about=ForSpell(card)))
        if cost0.phyrexian:  # 601.2f: mana or 2 life for each Phyrexian symbol (107.4f)
            plan.mana[0], plan.life = choose_phyrexian(state, asker, player, obj, cost0,
                                                       plan.x, units, plan)
    # Additional costs may be paid also when cast without paying its mana cost (601.2b).
    for extra in ADDITIONAL:
        if extra.may(state, obj):
            extra.ask(state, asker, player, obj, plan, units)
    if perm is not None and perm.ask_other is not None:
        perm.ask_other(state, asker, player, obj, plan, units)
    return plan


def cast_task(state: GameState, task: CastTask) -> None:
    """Handler of CastTask: the steps of 601.2 in order, asking as they need."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    card = spell_face(state, obj, task.alt)  # an Adventure's characteristics (715.3a)
    # 601.2b: modes, the cost and additional costs, X.
    mode = _ask_mode(state, asker, task, obj)
    reduction = reduction_of(state, player, obj)
    units = reduction.pool(state, player)[0] if reduction is not None else \
        mana_units(state, player)[0]
    plan = _plan_costs(state, asker, task, obj, mode, units)
    base, x = plan.mana, plan.x
    # 601.2f: the spell's own reductions, counted before anything is paid (the total
    # is locked in then); a spell cast without paying its mana cost has nothing to reduce
    cut = generic_cut(state, player, obj) if card.reductions and not task.free else 0
    # "As an additional cost to cast this spell, put a -1/-1 counter on ..." (601.2b);
    # 118.9: "sacrifice four Eldrazi Spawn rather than pay this spell's mana cost"
    others = [(Payment(state, player, obj, c), parts_of(c, spell=True))
              for c in _other_costs(card, task.alt, _permission_other(state, task, obj, base))]
    keeps = mana_keeps(state, player, *reduce_total(*total_cost(base, x), cut), reduction) \
        if others else None
    # Permanents another part of the cost uses don't also pay mana (601.2g-h).
    committed: set[int] = set()
    for payment, parts in others:
        ask_costs(state, asker, payment, parts, keeps)
        committed |= payment.committed
        if payment.kept:  # returned to hand: not sacrificed for mana first (601.2g-h)
            committed |= sacrificed_for_mana(state, player, payment.kept)
    if plan.exiles:  # escape's graveyard cards: delve can't exile them too
        committed.update(plan.exiles)
    if plan.sacrifices:  # bargain's permanent: it makes no mana (601.2g-h)
        committed.update(plan.sacrifices)
    # 601.2c: targets.
    targets: list[int] = []
    specs = expand_targets(spell_targets(card, mode), x)
    by_targets = bool(cut) and depends_on_targets(obj)  # "if it targets a tapped ..."
    for i, spec in enumerate(specs):
        options = target_options(state, specs, i, player, obj.oid, targets, spell=True)
        if spec.optional:  # "up to N target ...": NONE leaves this one unchosen
            options.append(NONE)
            options = flagbearer_options(state, player, i, len(specs), targets, options,
                                         later_options(state, specs, player, obj.oid, True))
        if by_targets and i == 0 and reduction is None:
            options = _payable_targets(state, player, obj, base, x, committed, options)
        if not options:
            raise IllegalAnswer(f"{card.name}: no legal target left while casting")
        pick = asker.choose(Decision(
            _KIND_TARGET, player, f"target for {card.name}", options=options,
            source=obj.oid, about=TargetOf("spell", card, len(targets), spec)))
        targets.append(options[pick])
    # 601.2f-h: total cost, what pays part of it instead of mana, mana abilities, payment.
    if by_targets:  # the reduction as the targets chosen make it
        cut = generic_cut(state, player, obj, targets)
    symbols, generic = reduce_total(*total_cost(base, x), cut)
    used = reduction.ask(state, asker, player, obj, symbols, generic, committed) \
        if reduction is not None and (symbols or generic) else []
    if used:
        assert reduction is not None
        left = reduction.apply(state, symbols, generic, used,
                               units_without(state, player, used))
        if left is None:
            raise IllegalAnswer(f"{reduction.keyword}: a permanent used pays nothing for "
                                f"{card.name}")
        symbols, generic = left
    if not can_pay(symbols, generic, units_without(state, player, [*used, *committed])):
        raise IllegalAnswer(f"{card.name}: cannot pay the rest of its cost")
    # 616.1: what the mana abilities will sacrifice, its replacement effects chosen now
    sacrifices = plan_mana_sacrifices(state, player, ManaCost(generic, symbols), 0,
                                      {*used, *committed}, asker)
    extra_plans = rep.plan_leaving(state, [state.objects[oid] for oid in plan.sacrifices],
                                   GRAVEYARD, asker) if plan.sacrifices else {}
    state.tasks.pop()
    if used:
        assert reduction is not None
        reduction.pay(state, used)
    if not pay_symbols(state, player, symbols, generic, committed, sacrifices):
        raise RuntimeError(f"{card.name}: payment failed after the solver found one")
    if plan.life:  # Phyrexian symbols paid with life (107.4f, 119.4)
        rep.lose_life(state, player, plan.life)
    discarded = [state.objects[oid].card for oid in plan.discards]
    discarded += [state.objects[oid].card for payment, _ in others
                  for oid in payment.chosen.get("discard", ())]
    sacrificed = [state.objects[oid].card for payment, _ in others
                  for oid in payment.chosen.get("sacrifice", ())]
    sacrificed += [state.objects[oid].card for oid in plan.sacrifices]
    for oid in plan.discards:
        move(state, state.objects[oid], GRAVEYARD)
    for oid in plan.exiles:  # escape's other graveyard cards (702.138a, 601.2h)
        move(state, state.objects[oid], EXILE)
    for oid in plan.sacrifices:  # bargain's artifact, enchantment or token (702.166a)
        rep.sacrifice(state, state.objects[oid], plan=extra_plans.get(oid))
    for payment, parts in others:
        pay_costs(payment, parts, _STAGE_PAID)
    _put_on_stack(state, task, obj, mode, plan, specs, targets)
    if discarded:
        state.stack[-1].discarded = tuple(discarded)
    if sacrificed:
        state.stack[-1].sacrificed = tuple(sacrificed)
    for payment, _ in others:  # "the creature you chose or the card you revealed"
        for oid in (*payment.chosen.get("choose", ()), *payment.chosen.get("reveal_card", ())):
            state.stack[-1].chosen = oid
    if used and reduction is not None and reduction.statistic:
        count(state, player, reduction.statistic, len(used))
    perm = permission(task.alt) if task.alt else None
    if perm is not None and perm.statistic:
        count(state, player, perm.statistic)
    item = state.stack[-1]
    state.players[player].cast_this_turn += 1  # (storm counts them, 702.40a)
    record_cast(state, player, item)
    triggers.cast(state, state.objects[item.sid], item)
    if targets:
        triggers.became_target(state, item)  # ward (702.21a)
    state.passes = 0


def _payable_targets(state: GameState, player: int, obj: GameObject, base: list[ManaCost],
                     x: int, committed: set[int], options: list[int]) -> list[int]:
    """The first target's options that leave the total cost payable once the reduction
    they bring (or not) is taken off (601.2c before 601.2f: a spell that costs {3} less
    if it targets a tapped permanent, with mana only for the reduced cost, must target
    one)."""
    units = units_without(state, player, committed)
    out: list[int] = []
    for o in options:
        cut = generic_cut(state, player, obj, [o])
        if can_pay(*reduce_total(*total_cost(base, x), cut), units):
            out.append(o)
    return out


def _put_on_stack(state: GameState, task: CastTask, obj: GameObject, mode: int,
                  plan: SpellPlan, specs: tuple[Target, ...], targets: list[int]) -> None:
    """601.2a (done last here: nothing was asked of it before): the card moves to the
    stack as a spell with the choices made for it. Cast as an Adventure, the spell has
    only its Adventure's characteristics (715.3a, 715.4): its ``card`` is the Adventure's
    and ``front`` the card's own, which it has again wherever it goes next."""
    player = task.player
    card = spell_face(state, obj, task.alt)
    from_zone = obj.zone
    spell = move(state, obj, STACK)
    spell.controller = player
    if card is not spell.card:
        spell.front = spell.card
        spell.card = card
    state.stack.append(StackItem(
        spell.oid, player, spell.oid, card, True, tuple(spell_effects(card, mode)),  # type: ignore[arg-type]
        specs, targets, x=plan.x, mode=mode, label=card.name,
        cast_from=from_zone, alt=task.alt, replicated=sum(plan.replicate_counts),
        kicked=plan.kicked, replicate_counts=plan.replicate_counts, paid=tuple(plan.paid),
    ))
    if state.log is not None:
        how = f" ({permission_name(task.alt)})" if task.alt else ""
        log(state, "cast", player, card.name + how,
            ", ".join(describe(state, t) for t in targets), plan.x)


__all__ = ["legal_actions", "cast_task", "play_land"]
