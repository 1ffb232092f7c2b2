"""Matching objects against card-text qualities ("nonblack creature you control")."""

from __future__ import annotations

from functools import cache

from mtgsim.engine.cards import (
    COLOR_BIT,
    KEYWORD_BITS,
    NONCREATURE_SUBTYPES,
    TYPE_BIT,
    CardsAtLeast,
    CountCards,
    CountPermanents,
    CountPermanentsOf,
    DevouredCount,
    Filter,
)
from mtgsim.engine.rules.amounts import At, UnknownAmount, amount_rule, amount_value
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, STACK, GameObject, GameState


@cache
def type_mask(types: tuple[str, ...]) -> int:
    m = 0
    for t in types:
        m |= TYPE_BIT[t]
    return m


@cache
def color_mask(colors: tuple[str, ...]) -> int:
    m = 0
    for c in colors:
        m |= COLOR_BIT[c]
    return m


# The land types (205.3i) an effect that sets a land's type takes away (305.7)
LAND_TYPES = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate",
                        "Lair", "Locus", "Cave", "Sphere", "Mine", "Power-Plant", "Tower",
                        "Urza's", "Town", "Cloud", "Planet"))


def has_subtype(obj: GameObject, subtype: str) -> bool:
    """Its subtypes now (layer 4): the card's, less its creature types when an effect
    set them (205.1a), and those effects gave it. Changeling (702.73a) is every creature
    type, unless an effect set them (613.3: it applies first)."""
    if subtype in obj.extra_subtypes:
        return True
    if obj.lost_land_types and subtype in LAND_TYPES:
        return False  # 305.7: an effect set its land type
    if obj.lost_creature_types:
        return subtype in obj.card.subtypes and subtype in NONCREATURE_SUBTYPES
    return subtype in obj.card.subtypes or (
        subtype not in NONCREATURE_SUBTYPES and "changeling" in obj.card.keyword_names)


# The fields ``matches`` checks first, from a compiled plan; the others need matches_rest.
_PLAN_FIELDS = frozenset(("types", "not_types", "controller", "other"))
_DEFAULT = Filter()
# filter -> (types mask, not-types mask, controller (0 any, 1 you, 2 other), "other",
# whether any further quality is named): a memo of a function of the filter's value, keyed
# by that value (card data keeps its hash once computed, engine.cards.schema.base, so looking
# up a card's own filter costs a hash read and an identity comparison). Equal filters
# share a plan; nothing in it depends on which object, or which game, asked.
_PLANS: dict[Filter, tuple[int, int, int, bool, bool]] = {}


def plan_of(f: Filter) -> tuple[int, int, int, bool, bool]:
    """``f`` compiled: (types mask, not-types mask, controller (0 any, 1 you, 2 other),
    "other", whether ``matches_rest`` must also be asked). For a caller that matches one
    filter against many objects."""
    plan = _PLANS.get(f)
    if plan is None:
        plan = _plan(f)
    return plan


def _plan(f: Filter) -> tuple[int, int, int, bool, bool]:
    rest = any(getattr(f, name) != getattr(_DEFAULT, name)
               for name in f.__struct_fields__ if name not in _PLAN_FIELDS)
    ctrl = 0 if f.controller == "any" else 1 if f.controller == "you" else 2
    plan = (type_mask(f.types), type_mask(f.not_types), ctrl, f.other, rest)
    if len(_PLANS) > 4096:  # filters made while games run (not card data): bounded
        _PLANS.clear()
    _PLANS[f] = plan
    return plan


def matches(state: GameState, f: Filter, obj: GameObject, controller: int,
            source: int = -1) -> bool:
    """Does ``obj`` have the qualities ``f`` names, seen from ``controller``'s side?"""
    plan = _PLANS.get(f)
    if plan is None:
        plan = _plan(f)
    types, not_types, ctrl, other, rest = plan
    if types or not_types:
        mask = obj.card.type_mask | obj.extra_types
        if types and not mask & types:
            return False
        if mask & not_types:
            return False
    if ctrl and (obj.controller == controller) != (ctrl == 1):
        return False
    if other and obj.oid == source:
        return False
    return not rest or matches_rest(state, f, obj, controller, source)


def _power(obj: GameObject) -> int:
    """An object's power: on the battlefield as continuous effects leave it (613); a card
    in any other zone has its printed power (208.3: the layers apply to permanents only,
    and ``GameObject.power`` is kept for them), 0 for a card with none."""
    if obj.zone == BATTLEFIELD:
        return obj.power
    return obj.card.power or 0


def _toughness(obj: GameObject) -> int:
    """An object's toughness, as ``_power`` reads its power (208.3)."""
    if obj.zone == BATTLEFIELD:
        return obj.toughness
    return obj.card.toughness or 0


def matches_rest(state: GameState, f: Filter, obj: GameObject, controller: int,
                  source: int) -> bool:
    """The qualities of ``f`` other than types, controller and "other"."""
    card = obj.card
    if f.subtypes and not any(has_subtype(obj, s) for s in f.subtypes):
        return False
    if f.not_subtypes and any(has_subtype(obj, s) for s in f.not_subtypes):
        return False
    if f.named and card.name != f.named:  # 201.2: the same name
        return False
    if f.supertypes and not all(s in card.supertypes for s in f.supertypes):
        return False
    if f.not_supertypes and any(s in card.supertypes for s in f.not_supertypes):
        return False
    if f.colors and not obj.color & color_mask(f.colors):
        return False
    if f.not_colors and obj.color & color_mask(f.not_colors):
        return False
    if f.multicolored and bin(obj.color & 31).count("1") < 2:
        return False
    if f.tapped is not None and obj.tapped != f.tapped:
        return False
    if f.max_mana_value is not None and mana_value(state, obj) > f.max_mana_value:
        return False
    if f.max_power is not None and _power(obj) > f.max_power:
        return False
    if f.token is not None and obj.token != f.token:
        return False
    if f.with_counter is not None:  # "with a +1/+1 counter on it", "with counters on them"
        if f.with_counter == "any":
            if not any(n > 0 for n in obj.counters.values()):
                return False
        elif obj.counters.get(f.with_counter, 0) <= 0:
            return False
    if f.power_below_source:  # "with power less than [this]'s power"
        src = state.objects.get(source)
        if src is None or obj.power >= src.power:
            return False
    if f.has_keyword:
        for k in f.has_keyword:
            if not obj.kw & KEYWORD_BITS[k]:
                return False
    if f.keyword_abilities:  # "with level up": printed (unless lost) or granted
        for name in f.keyword_abilities:
            if (obj.lost_abilities or name not in card.keyword_names) and not any(
                    a.keyword == name for a in obj.granted):
                return False
    return _matches_situation(state, f, obj, controller, source)


def _matches_situation(state: GameState, f: Filter, obj: GameObject, controller: int,
                       source: int) -> bool:
    """The rest of ``matches_rest``: qualities that depend on the game around the object
    (combat, attachments, this turn, amounts) more than on its characteristics."""
    if f.attacked_this_turn and (state.attacked_turn != state.turn
                                 or obj.oid not in state.attacked_this_turn):
        return False
    if f.attacking or f.blocking:
        combat = state.combat
        if combat is None:
            return False
        if f.attacking and obj.oid not in combat.attackers:
            return False
        if f.blocking and obj.oid not in combat.blocking:
            return False
    if f.unblocked:  # 509.1h: unblocked only once blockers are declared
        combat = state.combat
        if combat is None or obj.oid not in combat.attackers or \
                combat.blocked.get(obj.oid, True):
            return False
    if f.in_combat:  # "attacking or blocking"
        combat = state.combat
        if combat is None or (obj.oid not in combat.attackers
                              and obj.oid not in combat.blocking):
            return False
    if f.not_enchanted:
        src = state.objects.get(source)
        if src is not None and src.attached_to == obj.oid:
            return False
    if f.max_mana_value_of is not None and mana_value(state, obj) > dynamic_amount(
            state, f.max_mana_value_of, controller, source):
        return False
    if f.lacks_keyword:  # "without flying"
        for k in f.lacks_keyword:
            if obj.kw & KEYWORD_BITS[k]:
                return False
    if f.with_other_aura and not any(  # "with another Aura attached to it"
            state.objects[a].attached_to == obj.oid and a != source
            and state.objects[a].card.is_aura for a in state.battlefield):
        return False
    if f.damaged_this_turn and obj.damaged_turn != state.turn:  # "dealt damage this turn"
        return False
    if f.enchanted is not None and f.enchanted != any(  # "that isn't enchanted"
            state.objects[a].attached_to == obj.oid and state.objects[a].card.is_aura
            for a in state.battlefield):
        return False
    if f.monocolored and bin(obj.color & 31).count("1") != 1:
        return False
    if f.mana_value_of is not None and mana_value(state, obj) != dynamic_amount(
            state, f.mana_value_of, controller, source):
        return False
    if f.monarch_controls and obj.controller != state.monarch:  # 724
        return False
    if f.max_toughness_of is not None and obj.toughness > dynamic_amount(
            state, f.max_toughness_of, controller, source):
        return False
    for sub in f.all_of:  # several enchant abilities: all apply (702.5c)
        if not matches(state, sub, obj, controller, source):
            return False
    if f.min_power is not None and _power(obj) < f.min_power:  # "with power 4 or greater"
        return False
    if f.min_toughness is not None and _toughness(obj) < f.min_toughness:
        return False
    if f.controller_poison_at_least is not None and \
            state.players[obj.controller].poison < f.controller_poison_at_least:
        return False
    if f.any_of:  # "an instant card or a card with flash": one of them matches
        for sub in f.any_of:
            if matches(state, sub, obj, controller, source):
                return True
        return False
    return True


def mana_value(state: GameState, obj: GameObject) -> int:
    """202.3: the mana value; X counts as its chosen value while on the stack (202.3e)."""
    card = obj.card
    cost = card.cost
    if obj.zone == STACK and cost is not None and cost.x:
        for item in state.stack:
            if item.sid == obj.oid:
                return card.mana_value + cost.x * item.x
    return card.mana_value


def dynamic_amount(state: GameState, amount: object, controller: int, source: int) -> int:
    """A number a filter compares with, computed now, seen from ``controller``'s side:
    "the number of Faeries you control" (counted as targets are chosen and again on
    resolution, 608.2b), or the X of the spell (``source``) being cast or resolving; an
    amount of a source that is gone and left no last known information is 0."""
    if type(amount) is int:
        return amount
    x = None
    lki = None
    for item in reversed(state.stack):
        if item.source == source:
            if x is None:
                x = item.x
            if item.source_lki is not None:
                lki = item.source_lki
                break
    obj = state.objects.get(source)
    if obj is None:  # the source left: its last known information (608.2h)
        obj = lki
    try:
        return amount_value(state, amount, At(controller, source, obj, x or 0))
    except UnknownAmount:
        return 0


# --- amounts that count what matches a filter (engine.rules.amounts: the one evaluator) --------


@amount_rule(CountPermanents, "exact")
def count_permanents(state: GameState, amount: CountPermanents, at: At) -> int:
    n = 0
    objects = state.objects
    source = at.source
    controller = at.controller
    f = amount.filter
    for oid in state.battlefield:
        if matches(state, f, objects[oid], controller, source):
            n += 1
    return n * amount.times


def count_cards(state: GameState, controller: int, amount: CountCards | CardsAtLeast) -> int:
    """Cards matching ``amount.filter`` in ``amount.zone`` of ``amount.who``."""
    who = amount.who
    players = [controller] if who == "you" else [1 - controller] if who in (
        "opponent", "each_opponent") else [0, 1]
    n = 0
    for p in players:
        pl = state.players[p]
        zone = {"graveyard": pl.graveyard, "hand": pl.hand, "library": pl.library,
                "exile": pl.exile}[amount.zone]
        for oid in zone:
            # (in a player's view, a hidden card of the other player's hand or a face-down
            # card in their exile is ``NONE``: its characteristics unknown, it is not counted)
            if oid != NONE and matches(state, amount.filter, state.objects[oid], controller):
                n += 1
    return n


@amount_rule(CountCards, "exact")
def count_cards_amount(state: GameState, amount: CountCards, at: At) -> int:
    return count_cards(state, at.controller, amount) * amount.times


def devoured_matching(state: GameState, obj: GameObject, f: Filter) -> int:
    """How many of what ``obj`` devoured (as they last existed) match ``f`` (702.82b)."""
    return sum(1 for lki in obj.devoured_lki
               if matches(state, f, lki, obj.controller, obj.oid))


@amount_rule(DevouredCount, "guess", "what a creature devours is chosen as it enters")
def devoured_count(state: GameState, amount: DevouredCount, at: At) -> int:
    if at.item is None:
        raise UnknownAmount("devoured: only as its ability resolves")
    return devoured_matching(state, at.source_obj(), amount.filter) * amount.times


@amount_rule(CountPermanentsOf, "guess", "its player is a target not chosen yet")
def count_permanents_of(state: GameState, amount: CountPermanentsOf, at: At) -> int:
    """"The number of [filter] that player controls"."""
    if at.item is None:
        raise UnknownAmount("count_permanents_of: only as its effect resolves")
    try:
        p = at.player(state, amount.who)
    except UnknownAmount:
        return 0
    objects = state.objects
    return sum(1 for oid in state.battlefield if objects[oid].controller == p
               and matches(state, amount.filter, objects[oid], p, at.source))
