"""Mana sources: the permanents whose mana abilities a player can activate (605.1a), kept
between refreshes (``ManaSources``), and the triggered mana abilities tapping them adds
(605.1b: Auras' "Whenever enchanted land is tapped for mana, ... adds an additional ...").

Split from ``engine.rules.payment``: the mana units (``engine.rules.mana_units``) read
these sources; a payment (``engine.rules.payment``) activates their abilities.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from mtgsim.engine.cards import KW_HASTE, KW_NO_ACTIVATE, T_CREATURE, ManaAbility
from mtgsim.engine.effects.add_chosen_color_mana import AddChosenColorMana
from mtgsim.engine.effects.add_mana import AddMana
from mtgsim.engine.rules.mana import mana_color_mask, parse_cost
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GameObject, GameState

# Triggered mana abilities (605.1b) "Whenever [this permanent] is tapped for mana, ... adds
# an additional ...": (state, permanent tapped) -> the extra mana, one colour bit each.
# Registered below: the triggered mana abilities of Auras on lands (aura_mana).
MANA_TRIGGER_HOOKS: list[Callable[[GameState, GameObject], list[int]]] = []


def triggered_mana(state: GameState, obj: GameObject) -> list[int]:
    """The extra mana that tapping ``obj`` for mana adds (605.1b, resolved at once)."""
    out: list[int] = []
    for hook in MANA_TRIGGER_HOOKS:
        out.extend(hook(state, obj))
    return out


def can_tap_for_mana(obj: GameObject) -> bool:
    if obj.tapped:
        return False
    if obj.sick and (obj.card.type_mask | obj.extra_types) & T_CREATURE and \
            not obj.kw & KW_HASTE:
        return False
    return True


def mana_abilities_of(o: GameObject) -> tuple[ManaAbility, ...]:
    """A permanent's mana abilities now: its own (unless it lost all abilities) and those
    other objects' static abilities give it (``granted_mana``, layer 6)."""
    own = () if o.lost_abilities else o.card.mana_abilities
    return own + o.granted_mana if o.granted_mana else own


# A mana source as ``_mana_units`` reads it: the permanent, and for the common case (one
# mana ability, no condition, a fixed amount: a basic land) that ability, its index, its
# colour mask and amount, and whether it must be untapped (all fixed until the next
# refresh that touches mana sources); ``None`` for the rest, worked out each time; and
# whether it is a creature (its types too change only with a refresh).
_Source = tuple[GameObject, ManaAbility | None, int, int, int, bool, bool]


class ManaSources(msgspec.Struct, frozen=True):
    """Each player's permanents with mana abilities they can activate (``players``, as
    ``_Source``, in battlefield order) and the permanents something is attached to
    (``hosts``), found when the players' ``Mana.refreshes`` were ``refreshes``
    (``Mana.sources``).

    An immutable value (frozen, tuples, a frozenset), replaced when the sources are found
    again and never changed, so a player's view holds the state's (``Mana.for_view``):
    its objects are the battlefield's, which a view shows as the state's (public, 400.2),
    and the counts it keys on are copied with it. (A clone's objects are others: a clone
    finds its own.)"""

    refreshes: tuple[int, int]
    players: tuple[tuple[_Source, ...], tuple[_Source, ...]]
    hosts: frozenset[int]


def _mana_sources(state: GameState) -> ManaSources:
    """The mana sources now. Leaving, control, ability and attachment changes are all
    followed by a full refresh, which moves both players' ``Mana.refreshes``; a mana
    source entering moves its controller's, and is added to those found before
    (``_sources_entered``)."""
    mana = state.derived.mana
    counts = mana.refreshes
    key = (counts[0], counts[1])
    hit = mana.sources
    if hit is not None:
        if hit.refreshes == key:
            return hit
        if mana.entered:
            found = _sources_entered(state, hit, key)
            if found is not None:
                mana.sources = found
                return found
    found = _find_mana_sources(state)
    mana.sources = found
    return found


def _sources_entered(state: GameState, hit: ManaSources,
                     key: tuple[int, int]) -> ManaSources | None:
    """The sources after new mana sources entered (Mana.entered) and nothing else
    moved the counts since ``hit``: the old ones followed by the new ones (they entered
    last, so battlefield order holds), or None when only a search gives them (a new
    value: ``hit`` may be held by a view too)."""
    at = hit.refreshes
    added: tuple[list[_Source], list[_Source]] = ([], [])
    objects = state.objects
    for before, after, oid in state.derived.mana.entered:
        if before == at:
            o = objects.get(oid)
            if o is None or o.zone != 2:
                return None
            source = _source(o)
            if source is not None:
                added[o.controller].append(source)
            at = after
    if at != key:
        return None
    found = hit.players
    return ManaSources(key, (found[0] + tuple(added[0]) if added[0] else found[0],
                             found[1] + tuple(added[1]) if added[1] else found[1]), hit.hosts)


def _find_mana_sources(state: GameState) -> ManaSources:
    found: tuple[list[_Source], list[_Source]] = ([], [])
    hosts = set()
    for o in permanents(state):
        if o.attached_to >= 2:
            hosts.add(o.attached_to)
        card = o.card
        if card.mana_abilities or o.granted_mana:
            source = _source(o)
            if source is not None:
                found[o.controller].append(source)
    counts = state.derived.mana.refreshes
    return ManaSources((counts[0], counts[1]), (tuple(found[0]), tuple(found[1])),
                       frozenset(hosts))


def _source(o: GameObject) -> _Source | None:
    """``o`` as a mana source (``_Source``), or None if it can't activate mana abilities."""
    if o.kw & KW_NO_ACTIVATE:
        return None  # Arrest: mana abilities are activated abilities (605.1a)
    card = o.card
    creature = bool((card.type_mask | o.extra_types) & T_CREATURE)
    plain = card.mana_plain
    if plain is not None and not o.granted_mana and not o.lost_abilities:
        # its printed ability, worked out once
        return (o, plain.ability, 0, plain.mask, plain.amount, plain.tap, creature)
    abilities = mana_abilities_of(o)
    ab = abilities[0] if len(abilities) == 1 else None
    if ab is not None and ab.condition is None and ab.amount.__class__ is int and \
            not ab.mana_cost and not ab.tap_creature:
        if ab.each:  # mask 0: one mana of each colour (as in Card.mana_plain)
            return (o, ab, 0, 0, len(ab.colors), ab.tap, creature)
        return (o, ab, 0, mana_color_mask(ab.colors), ab.amount, ab.tap, creature)
    return (o, None, 0, 0, 0, False, creature)


_NO_HOSTS: frozenset[int] = frozenset()


# --- triggered mana abilities of Auras (605.1b) ------------------------------------------


def aura_mana(state: GameState, land: GameObject) -> list[int]:
    """The extra mana (colour bits) the Auras attached to ``land`` add when it is tapped
    for mana: "Whenever enchanted land is tapped for mana, its controller adds an
    additional ..." (a triggered mana ability: it resolves at once, 605.1b, 605.4a)."""
    out: list[int] = []
    for aura in permanents(state):
        if aura.attached_to != land.oid or aura.lost_abilities:
            continue
        for ab in aura.card.triggered:
            if ab.when != "enchanted_tapped_for_mana":
                continue
            for eff in ab.effects:
                if isinstance(eff, AddMana):
                    cost = parse_cost(eff.mana)
                    out.extend(cost.symbols)
                    out.extend([32] * cost.generic)  # {C}: colourless
                elif isinstance(eff, AddChosenColorMana) and aura.chosen_color:
                    out.extend([aura.chosen_color] * eff.amount)
    return out


MANA_TRIGGER_HOOKS.append(aura_mana)
