"""Continuous effects and the layer system (rule 613).

``refresh`` recomputes every permanent's controller (layer 2), subtypes (layer 4),
abilities (layer 6) and power/toughness (layer 7a-d) from its card, the static abilities
on the battlefield and resolved continuous effects, in layer order and by timestamp
within a layer (613.7). It runs only when characteristics are stale
(``Layers.stale``: engine.state.derived's invalidation points say when).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from mtgsim.engine.cards import (
    COLOR_BIT,
    KW_ATTACKS_EACH_COMBAT,
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DOESNT_UNTAP,
    KW_NO_ACTIVATE,
    KW_UNBLOCKABLE,
    NONCREATURE_SUBTYPES,
    T_CREATURE,
    TYPE_BIT,
    Activated,
    ColorsOfAffected,
    ItPowerAtMost,
    LevelBand,
    ManaAbility,
    PowerOf,
    Static,
    Triggered,
    keyword_mask,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.amounts import At, amount_rule, amount_value
from mtgsim.engine.rules.conditions import condition_holds, condition_rule
from mtgsim.engine.rules.filters import LAND_TYPES, matches
from mtgsim.engine.rules.keyword_counters import counter_keywords
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.caches import ENTERED
from mtgsim.engine.state.derived import refreshed, refreshed_entered
from mtgsim.engine.state.game_state import BATTLEFIELD, ContinuousEffect, GameObject, GameState

#: The sort key of layer 4-5 changes: timestamp, then the order found (a module-level
#: key, since a compiled (cpdef) function cannot hold a closure).
_TIMESTAMP_THEN_ORDER = itemgetter(0, 1)

# Keyword bits that, granted by another object, are effects rather than abilities
# ("enchanted creature can't attack or block"): losing all abilities keeps them.
_NOT_ABILITIES = (KW_CANT_ATTACK | KW_CANT_BLOCK | KW_NO_ACTIVATE | KW_DOESNT_UNTAP
                  | KW_ATTACKS_EACH_COMBAT | KW_UNBLOCKABLE)


def static_amount(state: GameState, amount: object, source: GameObject) -> int:
    """An amount of a static ability (or an "enters with" replacement, a mana ability)
    of ``source``: ``engine.rules.amounts.amount_value`` seen from it."""
    if type(amount) is int:
        return amount
    return amount_value(state, amount, At.static(source))


@amount_rule(PowerOf, "source")
def power_of(state: GameState, amount: PowerOf, at: At) -> int:
    """"Its power": as a spell or ability resolves, the current power (characteristics
    brought up to date first); in a static ability, the source's power as the layer
    system computes it."""
    item = at.item
    if item is None:
        if amount.what == "chosen":  # not cast yet: what its caster would choose
            return _best_chosen_power(state, at.controller, at.source)
        return at.source_obj().power
    refs = refs_of(state, item, amount.what)
    if not refs:
        # 608.2h: "its power" of a source that left the battlefield: last known info
        if amount.what == "self" and item.source_lki is not None:
            return item.source_lki.power
        return 0
    ensure(state)
    obj = state.objects.get(refs[0])
    if obj is not None and amount.what == "chosen" and obj.zone != BATTLEFIELD:
        return obj.card.power or 0  # a card revealed from the hand: its printed power
    return obj.power if obj is not None else 0


def _best_chosen_power(state: GameState, player: int, source: int) -> int:
    """The greatest power among ``player``'s creatures and the creature cards in their
    hand: what "the creature you chose or the card you revealed" (Monstrous Emergence)
    would be worth before the spell is cast (an estimate's question)."""
    best = 0
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == player and (o.card.type_mask | o.extra_types) & T_CREATURE:
            best = max(best, o.power)
    for oid in state.players[player].hand:
        held = objects.get(oid)  # (another player's hidden card is not in a view)
        if held is not None and oid != source and held.card.type_mask & T_CREATURE:
            best = max(best, held.card.power or 0)
    return best


@condition_rule(ItPowerAtMost)
def it_power_at_most(state: GameState, cond: ItPowerAtMost, controller: int,
                     source: GameObject, subject: GameObject | None) -> bool:
    """The object the trigger is about has power N or less, now (603.4)."""
    if subject is None:
        return False
    ensure(state)
    live = state.objects.get(subject.oid, subject)  # last known information if it left
    return live.power <= cond.amount


# The mana ability of each basic land type (305.6), for an effect that sets a land's type
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _affected(state: GameState, st: Static, src: GameObject) -> list[GameObject]:
    if st.applies_to == "self":
        return [src]
    if st.applies_to in ("enchanted", "equipped"):
        target = state.objects.get(src.attached_to)
        return [target] if target is not None else []
    if st.applies_to == "spells_you_cast":  # affects spells (engine.rules.spell_costs, engine.keywords.convoke)
        return []
    out = []
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if matches(state, st.filter, o, src.controller, src.oid):
            out.append(o)
    return out


def refresh(state: GameState) -> None:
    """Recompute the characteristics of every permanent (613.1): of those that entered
    alone when nothing else can have changed (``_refresh_entered``)."""
    layers = state.derived.layers
    objects = state.objects
    entered = layers.entered
    if entered:
        layers.entered = ()
        if layers.stale == ENTERED and not layers.nonlocal_statics and not any(
                [objects[oid].card.layered for oid in entered if oid in objects]):
            _refresh_entered(state, entered)
            return
    perms = refreshed(state)
    layered = dynamic = nonlocal_ = False
    for o in perms:
        c = o.card
        if c.layered:
            layered = True
            if c.affects_others:
                nonlocal_ = True
                if c.dynamic:
                    dynamic = True
                    break
    layers.dynamic_statics = dynamic
    layers.nonlocal_statics = nonlocal_
    since = layers.refreshed_clock if layers.plain else -1
    layers.refreshed_clock = state.clock
    layers.plain = not layered and not state.effects
    if layers.plain:
        _refresh_printed(perms, since)
        return
    controllers_before = [o.controller for o in perms]
    layered_perms: list[GameObject] = []  # with statics or level bands
    # Layer 1 (copy) is not needed by the supported cards. Reset to printed values.
    for o in perms:
        c = o.card
        if c.layered:
            layered_perms.append(o)
        o.controller = o.base_controller
        _reset_to_printed(o, c)
    statics = _active_statics(state, layered_perms)
    _layer_2_control(state, perms, statics, controllers_before)
    _layers_4_5_types_and_colors(state, statics)
    live_statics = _layer_6_abilities(state, statics, layered_perms)
    _layer_7_power_toughness(state, perms, layered_perms, live_statics)


def _active_statics(state: GameState, layered_perms: list[GameObject]
                    ) -> list[tuple[GameObject, Static]]:
    """The static abilities that apply now, each with its source, in battlefield order."""
    statics: list[tuple[GameObject, Static]] = []
    for o in layered_perms:
        for st in o.card.statics:
            # "... as long as [condition]" / "has flying if it devoured" (611.3a-b)
            if st.condition is not None and not _static_condition(state, st, o):
                continue
            statics.append((o, st))
    return statics


def _layer_2_control(state: GameState, perms: tuple[GameObject, ...],
                     statics: list[tuple[GameObject, Static]],
                     controllers_before: list[int]) -> None:
    """Layer 2 (613.1b): control-changing statics and effects."""
    objects = state.objects
    for src, st in statics:
        if st.gain_control:
            for o in _affected(state, st, src):
                o.controller = src.controller
    for e in state.effects:
        if e.control >= 0:
            target = objects.get(e.target)
            if target is not None:
                target.controller = e.control
    # 302.6: a permanent that changed controller has not been under its new controller's
    # control continuously since their most recent turn began.
    for o, before in zip(perms, controllers_before, strict=True):
        if o.controller != before:
            o.sick = True


def _layers_4_5_types_and_colors(state: GameState,
                                 statics: list[tuple[GameObject, Static]]) -> None:
    """Layers 4 and 5 (613.1d-e): types, then colours. Within layer 4 the effects apply
    in timestamp order (613.7): one that adds (a card type, "becomes a creature, it's
    still a land"; subtypes "in addition", 205.1b) keeps what the others gave; one that
    sets the creature types ("is a Treefolk", 205.1a) replaces the card's and those added
    before it, and leaves its card types and other subtypes."""
    objects = state.objects
    changes: list[tuple[int, int, list[GameObject], Static | ContinuousEffect]] = []
    for src, st in statics:
        if st.add_subtypes or st.creature_types or st.land_type or st.add_types:
            changes.append((src.timestamp, len(changes), _affected(state, st, src), st))
    for e in state.effects:
        if e.add_types or e.creature_types or e.land_type:
            target = objects.get(e.target)
            if target is not None:
                changes.append((e.timestamp, len(changes), [target], e))
    if len(changes) > 1:
        changes.sort(key=_TIMESTAMP_THEN_ORDER)  # by timestamp, then as found
    for _, _, affected, change in changes:
        for o in affected:
            if change.creature_types:
                o.lost_creature_types = True
                o.extra_subtypes = tuple([t for t in o.extra_subtypes
                                          if t in NONCREATURE_SUBTYPES]) \
                    + change.creature_types
            if isinstance(change, ContinuousEffect):
                o.extra_types |= change.add_types
                if change.land_type:  # in addition to its other types (205.1b)
                    o.extra_subtypes = o.extra_subtypes + (change.land_type,)
                continue
            if change.add_subtypes:
                o.extra_subtypes = o.extra_subtypes + change.add_subtypes
            if change.add_types:  # card types "in addition to its other types" (205.1b)
                for t in change.add_types:
                    o.extra_types |= TYPE_BIT[t]
            if change.land_type:  # 305.7: its land types are replaced
                o.lost_land_types = True
                o.extra_subtypes = tuple([t for t in o.extra_subtypes if t not in LAND_TYPES]) \
                    + (change.land_type,)
    for e in state.effects:  # layer 5: "becomes the color(s) of your choice" (105.3)
        if e.color >= 0:
            target = objects.get(e.target)
            if target is not None:
                target.color = e.color


def _layer_6_abilities(state: GameState, statics: list[tuple[GameObject, Static]],
                       layered_perms: list[GameObject]) -> list[tuple[GameObject, Static]]:
    """Layer 6 (613.1f): abilities added and removed. Returns the statics whose source
    still has its abilities (they go on applying in layer 7)."""
    objects = state.objects
    lost_at: dict[int, int] = {}
    # Within layer 6, timestamp order (613.7): a grant older than a "loses all
    # abilities" effect is lost too (Spectral Flight, then Lignify: no flying);
    # restrictions granted by others are not abilities and stay.
    for src, st in statics:
        if st.land_type:  # 305.7: the abilities of its rules text go; the type's comes
            mana = (ManaAbility(BASIC_LAND_MANA[st.land_type]),)
            for o in _affected(state, st, src):
                o.lost_abilities = True
                o.kw = 0
                o.granted_mana = o.granted_mana + mana
        if st.lose_all_abilities:
            for o in _affected(state, st, src):
                o.lost_abilities = True
                o.kw = 0
                o.protection = 0
                lost_at[o.oid] = max(lost_at.get(o.oid, -1), src.timestamp)
    for o in layered_perms:  # 711.2: a leveler's band grants its abilities (layer 6)
        if o.card.levels and not o.lost_abilities:
            band = level_band(o)
            if band is not None and band.keywords:
                o.kw |= keyword_mask(band.keywords)
    live_statics = [(s, st) for s, st in statics if not s.lost_abilities]
    for src, st in live_statics:
        if st.keywords or st.protection:
            kw = keyword_mask(st.keywords)
            prot = 0
            for color in st.protection:
                prot |= COLOR_BIT[color]
            for o in _affected(state, st, src):
                if lost_at.get(o.oid, -1) > src.timestamp:
                    o.kw |= kw & _NOT_ABILITIES
                else:
                    o.kw |= kw
                    o.protection |= prot
    for src, st in live_statics:  # granted mana abilities; "except by N or more" (509.1b)
        if st.grants_mana or st.min_blockers:
            for o in _affected(state, st, src):
                if lost_at.get(o.oid, -1) > src.timestamp:
                    continue
                if st.grants_mana:
                    o.granted_mana = o.granted_mana + st.grants_mana
                o.min_blockers = max(o.min_blockers, st.min_blockers)
    for src, st in live_statics:  # granted abilities ("has 'Whenever ...'", "has '{T}: ...'")
        if st.grants:
            triggered = tuple(g for g in st.grants if isinstance(g, Triggered))
            activated = tuple(g for g in st.grants if isinstance(g, Activated))
            for o in _affected(state, st, src):
                if lost_at.get(o.oid, -1) <= src.timestamp:
                    o.granted = o.granted + triggered
                    o.granted_activated = o.granted_activated + activated
    for e in state.effects:
        if e.land_type:  # 305.6: a land with a basic land type has its mana ability
            target = objects.get(e.target)
            if target is not None and lost_at.get(target.oid, -1) <= e.timestamp:
                target.granted_mana = target.granted_mana + (
                    ManaAbility(BASIC_LAND_MANA[e.land_type]),)
        if e.kw or e.protection:
            target = objects.get(e.target)
            if target is not None:
                if lost_at.get(target.oid, -1) > e.timestamp:
                    target.kw |= e.kw & _NOT_ABILITIES
                else:
                    target.kw |= e.kw
                    target.protection |= e.protection
    return live_statics


def _layer_7_power_toughness(state: GameState, perms: tuple[GameObject, ...],
                             layered_perms: list[GameObject],
                             live_statics: list[tuple[GameObject, Static]]) -> None:
    """Layer 7 (613.4): power and toughness, 7a printed, 7b set, 7c modified and counters."""
    objects = state.objects
    for o in perms:
        c = o.card
        o.power = c.power or 0
        o.toughness = c.toughness or 0
    for o in layered_perms:  # 711.2: the band's power/toughness (layer 7b)
        if o.card.levels and not o.lost_abilities:
            band = level_band(o)
            if band is not None:
                o.power, o.toughness = band.power, band.toughness
    # 7b: effects that set base power/toughness, statics and resolved effects together
    # in timestamp order (613.7).
    setters: list[tuple[int, list[GameObject], tuple[int, int]]] = []
    for src, st in live_statics:
        if st.set_base is not None:
            setters.append((src.timestamp, _affected(state, st, src), st.set_base))
    for e in state.effects:
        if e.set_base is not None:
            target = objects.get(e.target)
            if target is not None:
                setters.append((e.timestamp, [target], e.set_base))
    setters.sort(key=lambda s: s[0])
    for _, affected, (p, t) in setters:
        for o in affected:
            o.power, o.toughness = p, t
    for src, st in live_statics:
        if st.power != 0 or st.toughness != 0:
            if isinstance(st.power, ColorsOfAffected) or isinstance(
                    st.toughness, ColorsOfAffected):  # counted for each affected object
                for o in _affected(state, st, src):
                    o.power += _amount_for(state, st.power, src, o)
                    o.toughness += _amount_for(state, st.toughness, src, o)
                continue
            dp = static_amount(state, st.power, src)
            dt = static_amount(state, st.toughness, src)
            if dp or dt:
                for o in _affected(state, st, src):
                    o.power += dp
                    o.toughness += dt
    for e in state.effects:
        if e.power or e.toughness:
            target = objects.get(e.target)
            if target is not None:
                target.power += e.power
                target.toughness += e.toughness
    for o in perms:
        if o.counters:
            plus = _counter_bonus(o)
            o.power += plus
            o.toughness += plus




def _reset_to_printed(o: GameObject, c: Card) -> None:
    """Types, colours and abilities back to the card's (layers 4-6 start from these), with
    the keywords of its keyword counters (122.1b, engine.rules.keyword_counters)."""
    o.kw = c.keyword_mask | counter_keywords(o.counters) if o.counters else c.keyword_mask
    o.lost_abilities = False
    o.extra_subtypes = ()
    o.lost_creature_types = False
    o.lost_land_types = False
    o.extra_types = 0
    o.color = c.color_mask
    o.protection = c.base_protection
    o.granted_mana = ()
    o.min_blockers = 0
    o.granted = ()
    o.granted_activated = ()


def face_changed(o: GameObject) -> None:
    """A permanent turned to its other face (701.28a, 712.8d) has that face's types,
    colours and abilities from now on: put them in place. ``refresh`` of the plain kind
    resets only the permanents that entered since the last one (the others cannot have
    changed without a static or an effect), so without this a transformed Delver of
    Secrets would keep its front face's abilities (no flying) until something layered
    came along. Counters, damage and status stay: it is the same object (701.28c)."""
    _reset_to_printed(o, o.card)


def _counter_bonus(o: GameObject) -> int:
    """+1/+1 counters less -1/-1 counters (layer 7c)."""
    counters = o.counters
    return counters.get("+1/+1", 0) - counters.get("-1/-1", 0)


def _refresh_entered(state: GameState, entered: tuple[int, ...]) -> None:
    """``refresh`` when the only change is permanents entering, none of them with static
    abilities or level bands, and every static on the battlefield affects only its own
    permanent or what it is attached to (nothing is attached to a permanent that just
    entered): the others keep their characteristics, the new ones get their printed
    characteristics and counters."""
    objects = state.objects
    here = []
    for oid in entered:
        o = objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD:
            here.append(o)
    _refresh_printed(here, -1)
    refreshed_entered(state, entered, here)


def _refresh_printed(perms: Sequence[GameObject], since: int) -> None:
    """``refresh`` when no static ability, leveler or resolved effect is on the battlefield
    (the common case): each permanent has its printed characteristics and its counters;
    a permanent whose control-changing effect ended returns to its owner (302.6).

    ``since``: the clock of the previous refresh if that one was also of this kind (else
    -1); permanents with an older timestamp still have their printed characteristics
    (only ``refresh`` changes them), so only their counters are counted again.
    """
    for o in perms:
        c = o.card
        if o.timestamp >= since:
            if o.controller != o.base_controller:
                o.controller = o.base_controller
                o.sick = True
            _reset_to_printed(o, c)
        elif o.counters:
            # keyword counters put on since (122.1b; none is ever removed from a
            # permanent: no cost or effect the engine has removes one)
            o.kw |= counter_keywords(o.counters)
        plus = _counter_bonus(o) if o.counters else 0
        power = (c.power or 0) + plus
        toughness = (c.toughness or 0) + plus
        if o.power != power or o.toughness != toughness:  # (a read is cheaper than a write)
            o.power = power
            o.toughness = toughness


def _amount_for(state: GameState, amount: object, source: GameObject,
                affected: GameObject) -> int:
    """An amount of a static ability counted for one affected object ("+1/+1 for each
    of its colors", 105.2)."""
    return amount_value(state, amount, At.static(source, affected))


def _static_condition(state: GameState, st: Static, src: GameObject) -> bool:
    assert st.condition is not None
    return condition_holds(state, st.condition, src.controller, src)


def level_band(o: GameObject) -> LevelBand | None:
    """The level symbol whose range contains the object's level counters (711.2; the
    highest such band, though printed ranges never overlap); None below the first."""
    level = o.counters.get("level", 0)
    for band in reversed(o.card.levels):
        if band.low <= level and (band.high is None or level <= band.high):
            return band
    return None


def ensure(state: GameState) -> None:
    """Characteristics up to date: ``refresh`` if they are stale."""
    if state.derived.layers.stale:
        refresh(state)
