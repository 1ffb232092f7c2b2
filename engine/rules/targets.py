"""Targets (rule 115) and their legality, including hexproof, shroud and protection.

A target is one int: 0 or 1 for a player, otherwise an object id (a spell's id on the
stack is its object's id). Legality is checked when targets are chosen (601.2c, 603.3d)
and again on resolution (608.2b).
"""

from __future__ import annotations

from collections.abc import Collection

from mtgsim.engine.cards import KW_HEXPROOF, KW_SHROUD, PROT_COLORED_SPELLS, T_CREATURE, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.filters import matches, matches_rest, plan_of
from mtgsim.engine.rules.flagbearer import LaterOptions, flagbearer_options
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GRAVEYARD,
    NONE,
    STACK,
    GameObject,
    GameState,
)


def _source_colors(state: GameState, source: int, spell: bool = False) -> int:
    """The source's colours; with PROT_COLORED_SPELLS if it is a coloured spell (being
    cast, or on the stack: an ability of a spell on the stack has that spell as source),
    which "protection from colored spells" stops (702.16a-b)."""
    obj = state.objects.get(source)
    if obj is None:
        return 0
    colors = obj.color
    if colors & 31 and (spell or obj.zone == STACK):
        colors |= PROT_COLORED_SPELLS
    return colors


def _source_types(state: GameState, source: int) -> int:
    obj = state.objects.get(source)
    return obj.card.type_mask if obj is not None else 0


def can_target_object(state: GameState, obj: GameObject, controller: int,
                      source_colors: int, source_types: int = 0) -> bool:
    """Hexproof (702.11), shroud (702.18) and protection (702.16b), also from card types
    ("protection from instants")."""
    kw = obj.kw
    if kw & KW_SHROUD:
        return False
    if kw & KW_HEXPROOF and obj.controller != controller:
        return False
    if obj.protection & source_colors:
        return False
    if obj.card.protection_types & source_types and not obj.lost_abilities:
        return False
    if state.untargetable and untargetable_by(state, obj.oid, controller):
        return False
    return True


def untargetable_by(state: GameState, oid: int, controller: int) -> bool:
    """Can't ``controller``'s spells and abilities target ``oid`` this turn ("can't be
    the target of spells or abilities your opponents control this turn", Vines of
    Vastwood: "your" is that effect's controller)?"""
    for t, turn, protector in state.untargetable:
        if t == oid and turn == state.turn and controller != protector:
            return True
    return False


def expand_targets(specs: tuple[Target, ...], x: int) -> tuple[Target, ...]:
    """601.2c: "X target ..." is X targets, each a different object (a spell's, and an
    activated ability's once its X is announced, 602.2b: here so that both
    engine.rules.casting and engine.rules.activation read it without importing each other)."""
    if not any([s.x_times for s in specs]):
        return specs
    out: list[Target] = []
    for s in specs:
        if s.x_times:
            out.extend([Target(s.kind, s.filter, distinct=True)] * x)
        else:
            out.append(s)
    return tuple(out)


def is_legal_target(state: GameState, spec: Target, ref: int, controller: int,
                    source: int, spell: bool = False) -> bool:
    """``spell``: the source is a spell being cast (601.2c; on the stack it is known)."""
    kind = spec.kind
    if ref < 2:
        if kind == "any" or kind == "player":
            return True
        if kind == "opponent":
            return ref != controller
        return False
    obj = state.objects.get(ref)
    if obj is None:
        return False
    f = spec.filter
    if kind == "spell" or (kind == "spell_or_permanent" and obj.zone == STACK):
        return obj.zone == STACK and any(i.sid == ref and i.is_spell for i in state.stack) \
            and matches(state, f, obj, controller, source)
    if kind == "card_in_graveyard":
        return obj.zone == GRAVEYARD and matches(state, f, obj, controller, source)
    if obj.zone != BATTLEFIELD:
        return False
    if kind in ("any", "creature") and not (obj.card.type_mask | obj.extra_types) & T_CREATURE:
        return False
    if kind in ("player", "opponent"):
        return False
    if not matches(state, f, obj, controller, source):
        return False
    return can_target_object(state, obj, controller, _source_colors(state, source, spell),
                             _source_types(state, source))


def _candidates(state: GameState, spec: Target, controller: int, source: int,
                spell: bool, first: bool = False,
                skip: Collection[int] = ()) -> list[int]:
    """Legal choices for one target before "different"/"single graveyard" limits: players
    first, then objects by id. ``first``: only the first of them not in ``skip`` (none
    if there is none), found without looking at the rest."""
    kind = spec.kind
    out: list[int] = []
    if kind in ("any", "player"):
        out = [0, 1]
    elif kind == "opponent":
        out = [1 - controller]
    if first and out:
        out = [r for r in out if r not in skip][:1]
        if out:
            return out
    if kind in ("any", "creature", "permanent", "spell_or_permanent"):
        objects = state.objects
        # _source_colors and _source_types, then matches() and can_target_object(), written
        # out: this loop runs for every permanent each time a spell's castability or
        # targets are worked out (tests/state/test_caches.py compares its answers with
        # is_legal_target's at every decision)
        src = objects.get(source)
        if src is None:
            colors = source_types = 0
        else:
            colors = src.color
            if colors & 31 and (spell or src.zone == STACK):
                colors |= PROT_COLORED_SPELLS
            source_types = src.card.type_mask
        f = spec.filter
        types, not_types, ctrl, other, rest = plan_of(f)
        creature_only = kind == "any" or kind == "creature"
        for o in permanents(state):
            oid = o.oid
            mask = o.card.type_mask | o.extra_types
            if creature_only and not mask & T_CREATURE or types and not mask & types or \
                    mask & not_types:
                continue
            if ctrl and (o.controller == controller) != (ctrl == 1) or other and oid == source:
                continue
            if rest and not matches_rest(state, f, o, controller, source):
                continue
            kw = o.kw
            if kw & KW_SHROUD or kw & KW_HEXPROOF and o.controller != controller or \
                    o.protection & colors or \
                    o.card.protection_types & source_types and not o.lost_abilities:
                continue
            if state.untargetable and untargetable_by(state, oid, controller):
                continue
            if not first:
                out.append(oid)
            elif oid not in skip:
                return [oid]
    if kind == "spell" or kind == "spell_or_permanent":
        for item in state.stack:
            if item.is_spell and item.sid != source:
                obj = state.objects.get(item.sid)
                if obj is not None and matches(state, spec.filter, obj, controller, source):
                    if not first:
                        out.append(item.sid)
                    elif item.sid not in skip:
                        return [item.sid]
    elif kind == "card_in_graveyard":
        for p in state.players:
            for oid in p.graveyard:
                if matches(state, spec.filter, state.objects[oid], controller, source):
                    if not first:
                        out.append(oid)
                    elif oid not in skip:
                        return [oid]
    return out


def legal_targets(state: GameState, spec: Target, controller: int, source: int,
                  chosen: list[int] | None = None, spell: bool = False) -> list[int]:
    """Every legal choice for one target, players first, then objects by id.
    ``spell``: the source is a spell being cast (601.2c)."""
    out = _candidates(state, spec, controller, source, spell)
    if spec.distinct and chosen:
        out = [r for r in out if r not in chosen]
    if spec.controlled_by >= 0:
        out = [r for r in out if controlled_by_chosen(state, spec, r, chosen)]
    if spec.same_graveyard and chosen:  # "from a single graveyard"
        owners = {state.objects[c].owner for c in chosen if c in state.objects}
        out = [r for r in out if r >= 2 and state.objects[r].owner in owners] \
            if owners else out
    return out


def first_legal_target(state: GameState, spec: Target, controller: int, source: int,
                       chosen: list[int], spell: bool = False) -> int | None:
    """The first of ``legal_targets`` (None if there is none), without finding the rest:
    enough to know whether a spell can be cast (601.2c)."""
    if spec.controlled_by >= 0:
        found = legal_targets(state, spec, controller, source, chosen, spell)
        return found[0] if found else None
    owners = {state.objects[c].owner for c in chosen if c in state.objects} \
        if spec.same_graveyard and chosen else None
    if not owners:
        found = _candidates(state, spec, controller, source, spell, True,
                            chosen if spec.distinct else ())
        return found[0] if found else None
    for r in _candidates(state, spec, controller, source, spell):
        if spec.distinct and r in chosen:
            continue
        if r < 2 or state.objects[r].owner not in owners:
            continue
        return r
    return None


def can_enchant(state: GameState, card: Card, aura: int, controller: int,
                target: int) -> bool:
    """Whether an Aura (``card``; ``aura`` its object id, if any) controlled by
    ``controller`` can enchant ``target`` (a player or an object id): what all its
    enchant abilities allow (702.5a, 702.5c), players only for "Enchant player" Auras and
    permanents only for the others (702.5d), never itself, not an object with protection
    from it (702.16c), and nothing at all if the Aura is a creature (303.4d)."""
    if card.type_mask & T_CREATURE:  # 303.4d
        return False
    if target < 2:
        return card.enchant_player and not state.players[target].lost
    if card.enchant_player:  # 702.5d: can't be attached to permanents
        return False
    obj = state.objects.get(target)
    if obj is None or obj.zone != BATTLEFIELD or obj.oid == aura:
        return False
    if card.enchant is not None and not matches(state, card.enchant, obj, controller, aura):
        return False
    me = state.objects.get(aura)  # its colours now (layer 5), else the card's
    colors = me.color if me is not None else card.color_mask
    if obj.protection & colors:  # protection: can't be enchanted (702.16c)
        return False
    if obj.card.protection_types & card.type_mask and not obj.lost_abilities:
        return False
    return True


def controlled_by_chosen(state: GameState, spec: Target, ref: int,
                         chosen: list[int] | None) -> bool:
    """"Target creature that player controls": ``ref`` is controlled by the player chosen
    for target ``spec.controlled_by`` (always true before that one is chosen)."""
    i = spec.controlled_by
    if chosen is None or i < 0 or i >= len(chosen):
        return True
    obj = state.objects.get(ref)
    return obj is not None and ref >= 2 and obj.controller == chosen[i]


def target_options(state: GameState, specs: tuple[Target, ...], index: int,
                   controller: int, source: int, chosen: list[int],
                   spell: bool = False) -> list[int]:
    """The legal choices for target ``index`` given those ``chosen`` before it, less a
    player no later target "that player controls" could then follow (601.2c: a spell
    is cast only with every target chosen, so the choice must leave one)."""
    out = legal_targets(state, specs[index], controller, source, chosen, spell)
    out = flagbearer_options(state, controller, index, len(specs), chosen, out,
                             later_options(state, specs, controller, source, spell))
    later = [s for s in specs[index + 1:] if s.controlled_by == index and not s.optional]
    if not later:
        return out
    kept: list[int] = []
    for r in out:
        ok = True
        for s in later:
            if first_legal_target(state, s, controller, source, [*chosen, r], spell) is None:
                ok = False
                break
        if ok:
            kept.append(r)
    return kept


def later_options(state: GameState, specs: tuple[Target, ...], controller: int, source: int,
                  spell: bool = False) -> LaterOptions:
    """The legal options of a later target given the targets chosen before it, for the
    Flagbearer requirement's look ahead (``engine.rules.flagbearer``)."""
    def options(j: int, chosen: list[int]) -> list[int]:
        return legal_targets(state, specs[j], controller, source, chosen, spell)
    return options


def targets_available(state: GameState, specs: tuple[Target, ...], controller: int,
                      source: int, spell: bool = False) -> bool:
    """Can every target of ``specs`` be chosen (601.2c, 602.2b)? "Up to N" and "X target"
    may choose none."""
    for s in specs:
        if s.controlled_by >= 0:
            return _dependent_available(state, specs, controller, source, [], spell)
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


def _dependent_available(state: GameState, specs: tuple[Target, ...], controller: int,
                         source: int, chosen: list[int], spell: bool) -> bool:
    """``targets_available`` for targets of which one depends on an earlier one ("target
    player ... target creature that player controls"): ``target_options`` leaves for
    the earlier one only the choices the later ones can follow, so the first option of
    each, in order, is a way to choose them all."""
    for i, spec in enumerate(specs):
        options = target_options(state, specs, i, controller, source, chosen, spell)
        if not options:
            if not spec.optional:
                return False
            options = [NONE]  # "up to": none chosen
        chosen.append(options[0])
    return True
