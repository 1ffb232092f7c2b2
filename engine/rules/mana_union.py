"""A permanent with several mana abilities that each tap it for one mana (106.1, 605.1a):
a Forest that is an Island too until end of turn (Navigator's Compass: 205.1b, its
type's intrinsic "{T}: Add {U}", 305.6, beside its own "{T}: Add {G}").

Tapping it activates one of them, so it makes one mana of any of their colours: the
payment planner (``engine.rules.payment``) counts it as one unit with the union of their
colours, and when a payment uses that unit it activates the first of those abilities
that makes a colour of the symbol the unit pays (any of them for generic mana). Only
plain abilities are joined: {T} and one mana of one of their colours, nothing else to pay
or do (no mana cost, no sacrifice, no other creature tapped, not one of each colour, not
colourless), and those whose condition holds now.
"""

from __future__ import annotations

from mtgsim.engine.cards import ManaAbility
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.mana import mana_color_mask
from mtgsim.engine.state.game_state import GameObject, GameState


def plain_one(ab: ManaAbility) -> bool:
    """A mana ability that only taps for one mana of one of its colours."""
    return ab.tap and ab.amount == 1 and not ab.each and not ab.mana_cost and \
        not ab.sacrifice_self and not ab.tap_creature and "C" not in ab.colors


def one_mana_union(state: GameState, o: GameObject, abilities: tuple[ManaAbility, ...],
                   idx: int) -> int:
    """The colours of ``o``'s plain one-mana abilities (``abilities``, its mana abilities
    now) that may be activated now, ``idx`` among them, when another of them adds a
    colour to ``idx``'s; 0 when none does."""
    mask = mana_color_mask(abilities[idx].colors)
    more = 0
    for i, cand in enumerate(abilities):
        if i != idx and plain_one(cand) and (
                cand.condition is None or condition_holds(state, cand.condition,
                                                          o.controller, o)):
            more |= mana_color_mask(cand.colors)
    return mask | more if more & ~mask else 0


def paying_ability(abilities: tuple[ManaAbility, ...], need: int) -> int:
    """The index of the first plain one-mana ability making a colour of ``need``."""
    for i, cand in enumerate(abilities):
        if plain_one(cand) and mana_color_mask(cand.colors) & need:
            return i
    return -1
