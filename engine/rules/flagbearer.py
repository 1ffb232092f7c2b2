"""The Flagbearer targeting requirement (Standard Bearer): "While an opponent is choosing
targets as part of casting a spell they control or activating an ability they control,
that player must choose at least one Flagbearer on the battlefield if able."

Targets are chosen as a spell is cast (601.2c) and as an activated ability is activated
(602.2b, which follows 601.2c); a requirement on that choice is obeyed if the player can
obey it (the choice must still be legal, 115.1-115.3: only a permanent that could be
chosen for one of the targets counts). Triggered abilities (603.3d) and copies whose new
targets are chosen (707.10c) are neither cast nor activated, so they are free: their
callers never ask this module. The number of targets of a spell with a variable number
("up to two") is announced before the targets (601.2c) and the requirement does not change
it: choosing no target stays legal, but once a target is chosen one of them must be a
Flagbearer if one of the remaining target choices could be.

Targets are asked one at a time (``engine.rules.casting``, ``engine.rules.activation``), so
the requirement is kept by what each question offers: while no Flagbearer is among the
targets chosen, an option that is not a Flagbearer is offered only if a later target could
still be one (``later`` looks ahead with that option chosen). An option is never removed
when no Flagbearer is among the options, so the requirement never makes a spell or ability
impossible to cast or activate.

The AI's estimate of the static ability (``flagbearer_worth``) is here beside its rule:
``engine.players.worth`` adds it to the creature's worth.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.filters import has_subtype
from mtgsim.engine.rules.mechanics import FLAGBEARER as FLAGBEARER_STATIC
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, GameState

FLAGBEARER = "Flagbearer"

# (index of a later target, the targets chosen before it) -> its legal options
LaterOptions = Callable[[int, list[int]], list[int]]


def has_flagbearer_static(card: Card) -> bool:
    """Does the card have the requirement as a static ability (``Static.flagbearer_targeting``)?"""
    return any(st.flagbearer_targeting for st in card.statics)


def flagbearer_required(state: GameState, player: int) -> bool:
    """Does a permanent an opponent of ``player`` controls have the static ability, its
    abilities not lost (613.1f)? Only then is ``player``'s choice of targets bound."""
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player and o.card.statics and not o.lost_abilities and \
                has_flagbearer_static(o.card):
            return True
    return False


def is_flagbearer(state: GameState, ref: int) -> bool:
    """Is ``ref`` a Flagbearer on the battlefield (its subtypes now, layer 4)?"""
    if ref < 2:
        return False
    obj = state.objects.get(ref)
    return obj is not None and obj.zone == BATTLEFIELD and has_subtype(obj, FLAGBEARER)


def flagbearer_options(state: GameState, player: int, index: int, count: int,
                       chosen: list[int], options: list[int], later: LaterOptions
                       ) -> list[int]:
    """The options of target ``index`` (of ``count``) that keep the requirement, given the
    targets ``chosen`` before it (``NONE`` for an "up to" target left unchosen; it may
    be among ``options``). Unchanged when nothing binds ``player`` (at once when no card
    of the game has the static, ``engine.rules.mechanics``), when a Flagbearer is
    already chosen, or when none is among the options."""
    if not options or not state.derived.mechanics & FLAGBEARER_STATIC or \
            not flagbearer_required(state, player):
        return options
    if any(is_flagbearer(state, c) for c in chosen):
        return options
    flagbearers = [r for r in options if is_flagbearer(state, r)]
    if not flagbearers:
        return options
    some_chosen = any(c != NONE for c in chosen)
    kept: list[int] = []
    for r in options:
        if r in flagbearers:
            kept.append(r)
        elif r == NONE and not some_chosen:
            kept.append(r)  # the number of targets is not changed by the requirement
        elif _later_flagbearer(state, index, count, [*chosen, r], later):
            kept.append(r)
    return kept


def _later_flagbearer(state: GameState, index: int, count: int, chosen: list[int],
                      later: LaterOptions) -> bool:
    """Could a target after ``index`` still be a Flagbearer, with ``chosen`` chosen?"""
    for j in range(index + 1, count):
        if any(is_flagbearer(state, r) for r in later(j, chosen)):
            return True
    return False


def flagbearer_worth(card: Card) -> float:
    """The AI's estimate of the static ability on a creature card: the opponent's
    removal, burn and Auras must go to a Flagbearer first, so it shields its
    controller's other permanents about as hexproof shields one creature
    (``engine.players.worth.card_creature_value`` values hexproof at 1.0)."""
    return 1.5 if has_flagbearer_static(card) else 0.0
