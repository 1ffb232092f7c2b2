"""Tie-breaks of the heuristic's priority choice (``heuristic:prio=...``; a setting, off by
default, so plain ``heuristic`` plays as before).

The search's probe over 96 games (docs/search-record.md, "A stronger base policy at priority")
found the heuristic choosing among actions its scores call equal by their order in the
decision's list: which land of two that both add a new colour (its ``_land_bonus`` gives
each the same +1), and which creature of two with the same mana value (each scores 20 +
its mana value, whatever its body). A player chooses those by what they do:

- ``lands`` (``land_need``): the land drop (a special action, 116.2a, 305.1) that pays
  for the spells in hand: first the land whose mana makes a spell in hand castable this
  turn that is not castable without it (its coloured symbols, 107.4, paid as in 601.2g-h;
  a land that enters tapped adds nothing this turn), then the land of a colour the hand's
  spells need and the mana out does not make. The bonus is under half a point, so it
  only breaks the heuristic's ties (every land score it compares with differs by 0.5 or
  more) and never puts a land below or above a spell.
- ``bodies`` (``body_worth``): of two creature spells scoring the same, the bigger body
  first: the one that fights best as it enters (power, toughness, grafted and entering
  +1/+1 counters, evasion; not what mana it could sink later: a level-up creature's
  levels are bought in later turns), so Isamaru, a 2/2, comes down before Caravan
  Escort, a 1/1 to level up, on turn one.

``both`` is the two together. ``mana`` weighs the land's need five times as much
(``MANA_WEIGHT``), no longer a tie-break: the land that casts a spell in hand now comes
before a new colour that casts nothing, and before a tapped land. Pure functions of the player's view; no state.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_DEFENDER, KW_FLYING, KW_UNBLOCKABLE, T_LAND
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.context import COLOR_BITS, Ctx
from mtgsim.engine.players.worth import card_power_toughness
from mtgsim.engine.rules.mana import Units, can_pay_cost, units_of

NOW = 0.2  # per spell in hand the land makes castable this turn (at most ``NOW_CAP``)
NOW_CAP = 2
LATER = 0.04  # per spell in hand needing a colour only this land adds (at most 2)
LATER_CAP = 2
# ``prio=mana``: the land's need at five times the tie-break's weight (NOW 1.0 a spell,
# LATER 0.2), so it outweighs the heuristic's own land preferences: the +1 of a new
# colour that pays for nothing in hand now, and a tapped land's +0.5 on a turn its mana
# would not be used, when another land's mana casts a spell this turn
MANA_WEIGHT = 5.0


def land_need(ctx: Ctx, card: Card, weight: float = 1.0) -> float:
    """What this land does for the spells in hand, 0 .. 0.48 times ``weight``: ``NOW``
    for each spell it makes castable this turn (one this turn's mana cannot pay and the
    same mana plus this land's can; none when it enters tapped), ``LATER`` for each spell
    with a coloured symbol of a colour it makes and the mana out does not."""
    produced = colours_made(card)
    if not produced:
        return 0.0
    units = ctx.units
    have = 0
    for u in units:
        have |= u
    with_land = _with_unit(units, produced)
    now = later = 0
    for o in ctx.hand:
        c = o.card
        cost = c.cost
        if c.type_mask & T_LAND or cost is None or cost.x:
            continue
        if not card.enters_tapped and now < NOW_CAP and \
                can_pay_cost(cost, with_land) and not can_pay_cost(cost, units):
            now += 1
        if later < LATER_CAP and any(sym & produced and not sym & have
                                     for sym in cost.symbols):
            later += 1
    return (NOW * now + LATER * later) * weight


def _with_unit(units: list[int], produced: int) -> list[int]:
    """The player's mana units and one more unit of the colours ``produced``: a ``Units``
    keeps its filters and dual filters (``Units.filters``, ``duals``, ``masks``; a dual's
    index is unchanged, the new unit goes last), so a spell the filters pay for is
    castable with the land as it is without it."""
    if isinstance(units, Units):
        return units_of((*units.content, produced), units.filters, units.duals, units.masks)
    return [*units, produced]


def colours_made(card: Card) -> int:
    """The colour bits (``COLOR_BITS``; 32 for colourless) of the mana ``card``'s mana
    abilities make: one unit of any of them is what the land adds (0: it makes none)."""
    produced = 0
    for ab in card.mana_abilities:
        for ch in ab.colors:
            produced |= COLOR_BITS.get(ch, 32)
    return produced


def units_with(units: list[int], land: Card) -> list[int]:
    """The player's mana units and one more of the colours ``land``'s mana abilities
    make (``_with_unit``): the mana of this turn with that land played untapped, for the
    turn's plan (``turn_plan``)."""
    produced = colours_made(land)
    return _with_unit(units, produced) if produced else units


def body_worth(card: Card) -> float:
    """The tie-break of a creature spell: the body it enters with, 1.5 a point of power
    (none for a defender) and 1 a point of toughness, its counters counted
    (``worth.card_power_toughness``), half a point more and half its power with flying or
    unblockable; 0 for anything else, which keeps the list's order."""
    if not card.is_creature:
        return 0.0
    p, t = card_power_toughness(card)
    kw = card.keyword_mask
    attack = 0.0 if kw & KW_DEFENDER else 1.5 * max(p, 0)
    v = attack + max(t, 0)
    if kw & (KW_FLYING | KW_UNBLOCKABLE) and not kw & KW_DEFENDER:
        v += 0.5 + 0.5 * max(p, 0)
    return v


def rules_of(prio: str) -> tuple[float, bool]:
    """(the weight of ``land_need`` in a land's score, bodies): what the ``prio`` value
    turns on (the values are ``spec.PRIORITY_RULES``: plain, lands, bodies, both, mana,
    plan; ``plan`` has ``mana``'s land rules and the turn's plan, ``turn_plan``)."""
    lands = MANA_WEIGHT if prio in ("mana", "plan") else (1.0 if prio in ("lands", "both") else 0.0)
    return lands, prio in ("bodies", "both")


__all__ = ["body_worth", "colours_made", "land_need", "rules_of", "units_with"]
