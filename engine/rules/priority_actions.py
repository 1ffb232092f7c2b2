"""The actions a player may take with priority (117.1): playing a land (305.1-305.2), the
special actions of ``engine.rules.special_actions`` (116.2), casting spells from the hand,
a graveyard or exile at their timing (307.1, 601.3) and activating abilities (602.2).

Legal priority actions are offered only when a complete legal choice exists (timing,
targets, and a payment the solver can find: ``engine.rules.castability``), so a chosen
cast never needs reversing. Casting permissions other than "from your hand for its mana
cost" are ``Action.alt`` codes (from the graveyard or the hand, for another cost; and the
card's own alternative cost, 118.9), from ``engine.rules.spell_costs``' table, which each
keyword module fills; this module names none of them. Every priority asks, so the hand is
sorted once per change of its contents (``HandPlan``) and a player who can do nothing at
instant speed is remembered as such while their hand and mana stay the same (``Idle``).
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import KW_FLASH, T_INSTANT, T_LAND, Target
from mtgsim.engine.cards.card import Card, HandCheck
from mtgsim.engine.rules.activation import activated_abilities, activators, can_activate
from mtgsim.engine.rules.castability import can_cast
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mana import can_pay_cost
from mtgsim.engine.rules.mana_units import ManaEntry, mana_units, units_unchanged
from mtgsim.engine.rules.play_from_exile import lands_playable
from mtgsim.engine.rules.special_actions import SPECIAL_ACTIONS
from mtgsim.engine.rules.spell_costs import (
    ALT_NORMAL,
    FROM_EXILE,
    FROM_GRAVEYARD,
    GRANTED,
    permission,
    spell_face,
    spell_granters,
)
from mtgsim.engine.rules.targets import targets_available
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    CAST,
    MAIN1,
    MAIN2,
    PASS_ACTION,
    PLAY,
    SPECIAL,
    Action,
    GameState,
)


def sorcery_timing(state: GameState, player: int) -> bool:
    """Main phase of your turn with an empty stack (307.1)."""
    return state.active == player and (state.step == MAIN1 or state.step == MAIN2) \
        and not state.stack


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
                # can_cast's answer for a plain card, written out (every priority asks):
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
            if can_cast(state, player, obj, alt, units, grants):
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
    actions = [PASS_ACTION]
    units: list[int] | None = None  # the player's mana units, when first asked
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
        units = _exile_casts(state, player, sorcery_ok, actions, units)
    if p.can_cast_spells:
        for oid, alt in _castable_from_hand(state, player, sorcery_ok, plan):
            actions.append(Action(CAST, oid, alt=alt))
    # Only cards with a permission from the graveyard (counted in zone_action_cards) or
    # one from an effect can be cast from a graveyard.
    if p.can_cast_spells and (zone_actions or state.effects and _granted_elsewhere(
            state, player)):
        _graveyard_casts(state, player, sorcery_ok, actions, units)
    for oid in own_activators:
        o = objects[oid]
        for idx, ab in enumerate(activated_abilities(o)):
            if ab.zone == "battlefield" and can_activate(state, player, o, idx, ab, sorcery_ok):
                actions.append(Action(ACTIVATE, oid, idx))
    if zone_actions:
        _zone_activations(state, player, sorcery_ok, actions)
    if len(actions) == 1 and not sorcery_ok and p.can_cast_spells and not zone_actions and \
            not own_activators and not state.effects and not derived.counts.spell_granters:
        _idle(state, player, plan.instants)
    return actions


def _exile_casts(state: GameState, player: int, sorcery_ok: bool, actions: list[Action],
                 units: list[int] | None) -> list[int] | None:
    """The casts from exile (``legal_actions``): plotted cards (702.170d) at sorcery
    timing; foretold ones (702.143a) and impulse draw's (307.1) at the card's own timing:
    at instant speed an instant or a card with flash (foretold cards are counted as
    usable from a zone). ``units``: the player's mana units when already asked (returned,
    asked or not, for the casts that follow)."""
    objects = state.objects
    for oid in state.players[player].exile:
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
                if can_cast(state, player, obj, perm.code, units):
                    actions.append(Action(CAST, oid, alt=perm.code))
    return units


def _graveyard_casts(state: GameState, player: int, sorcery_ok: bool, actions: list[Action],
                     units: list[int] | None) -> None:
    """The casts from a graveyard with a permission (flashback 702.34a, retrace 702.81a,
    ...): one action per card name and permission, since two copies are one choice."""
    objects = state.objects
    seen: set[tuple[str, int]] = set()
    for oid in state.players[player].graveyard:
        obj = objects[oid]
        card = obj.card
        if not (card.instant_speed or sorcery_ok):
            continue
        for perm in FROM_GRAVEYARD:
            alt = perm.code
            if (card.name, alt) not in seen and perm.has(state, obj):
                if units is None:
                    units = mana_units(state, player)[0]
                if can_cast(state, player, obj, alt, units):
                    seen.add((card.name, alt))
                    actions.append(Action(CAST, oid, alt=alt))


def _zone_activations(state: GameState, player: int, sorcery_ok: bool,
                      actions: list[Action]) -> None:
    """The abilities activated from a hand or a graveyard (cycling 702.29a, a card's own
    "from your graveyard" ability, 602.2): one action per card name and ability."""
    objects = state.objects
    p = state.players[player]
    for zone_list, zone in ((p.hand, "hand"), (p.graveyard, "graveyard")):
        done: set[tuple[str, int]] = set()
        for oid in zone_list:
            o = objects[oid]
            for idx, ab in enumerate(o.card.activated):
                if ab.zone == zone and (o.card.name, idx) not in done and can_activate(
                        state, player, o, idx, ab, sorcery_ok):
                    done.add((o.card.name, idx))
                    actions.append(Action(ACTIVATE, oid, idx))


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
    held = derived.mana.answers[player]  # (the entry's answer, made with it)
    units = held[0] if held is not None else mana_units(state, player)[0]
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


__all__ = ["legal_actions"]
