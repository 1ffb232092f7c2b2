"""Planning madness (702.35) for the heuristic: a card with madness discarded from a hand
is exiled and may be cast for its madness cost as its trigger resolves (702.35a), so a
discard is worth a spell only while the mana for that cost is still there. The pieces:

- ``madness_discards``: which of the cards a discard may take are best discarded for
  madness, given the mana the discard's own spell or ability still has to pay (a cost
  discard is chosen before the mana is paid, 601.2f-h; an effect's discard after it).
- ``outlet_plan``: casting a discard outlet (Grab the Prize's additional cost, Faithless
  Looting's "then discard", Highway Robbery's "you may discard") is worth the madness
  spell it then casts, when the mana pays both, so the outlet goes before the rest of
  the turn's spells rather than after them with the last mana (the misplay of
  Mono-Red Madness: Kessig Flamebreather first, then Grab the Prize discarding Fiery
  Temper with no {R} left).

The answer to the trigger's "cast it?" itself is ``choice_keywords.may`` (``MayCast``):
yes when the spell does something good, and the rules ask only when the cost is payable.
Pure functions of the state (a player's view) and the card data: no game changes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mtgsim.engine.cards import Activated
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.life_price import HANDSET, LifePrice
from mtgsim.engine.players.policies.choice_keywords import free_spell_ok
from mtgsim.engine.players.worth import card_want
from mtgsim.engine.rules.effect import Role, role_of
from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.game_state import GameObject, GameState

# A discard outlet cast with a madness spell to follow scores this plus the madness
# spell's mana value: above a creature's curve play (20 + mana value, 24 with haste) so
# it comes first, below lethal burn (40, 95).
OUTLET_WITH_MADNESS = 26.0

# A madness card the mana left cannot cast is kept rather than another card of its
# worth: a later discard, with the mana up, casts it for its madness cost.
MADNESS_KEPT = 2.0

# The outlet plans stop with this many cards left in the library or fewer: the outlets
# draw up to two, and a draw from an empty library loses the game (704.5b).
LIBRARY_KEPT = 2
# roles read in functions, as module constants (see engine.rules.effect)
_ROLE_DISCARD = Role.DISCARD
_ROLE_IF_YOU_DO = Role.IF_YOU_DO

Spent = tuple[tuple[int, ...], int]  # coloured symbols and generic mana still to pay
NOTHING: Spent = ((), 0)


def madness_cost(card: Card) -> ManaCost | None:
    """The card's madness cost (702.35a), None without madness (a function of the
    immutable card; parse_cost keeps its own memo). A card without the keyword answers
    from its set of keyword names, so a deck without madness pays a set lookup."""
    if "madness" not in card.keyword_names:
        return None
    inst = card.instances("madness")
    return parse_cost(inst[0].cost) if inst else None


def spent_of(cost: ManaCost | None) -> Spent:
    return NOTHING if cost is None else (cost.symbols, cost.generic)


def madness_discards(state: GameState, me: int, options: list[int],
                     spent: Spent = NOTHING, price: LifePrice = HANDSET) -> list[int]:
    """The options (object ids in ``me``'s hand) to discard first: madness cards whose
    madness costs the mana left after ``spent`` pays, each on top of the ones before
    (the most expensive first), and that do something good when cast. Empty when no
    option has madness (the usual case: nothing is computed)."""
    objects = state.objects
    mad = [objects[o] for o in options if madness_cost(objects[o].card) is not None]
    if not mad or not state.players[me].can_cast_spells:
        return []
    units = mana_units(state, me)[0]
    symbols, generic = spent
    out: list[int] = []
    for o in sorted(mad, key=lambda o: (-o.card.mana_value, o.oid)):
        cost = madness_cost(o.card)
        assert cost is not None
        if can_pay(symbols + cost.symbols, generic + cost.generic, units) and \
                free_spell_ok(state, me, o, price):
            out.append(o.oid)
            symbols += cost.symbols
            generic += cost.generic
    return out


@lru_cache(maxsize=4096)
def discards_own_card(card: Card) -> bool:
    """A spell whose casting or resolution has its controller discard a card they
    choose: an additional cost (Grab the Prize), "discard" by "you" (Faithless
    Looting), "you may discard" (Highway Robbery). A pure function of the (immutable)
    card, memoised by the card object itself: every spell scored in a main phase asks."""
    spell = card.spell
    if spell is None or card.is_permanent_card:
        return False
    extra = spell.additional_cost
    if extra is not None and extra.discard > 0:
        return True
    effects: list[Any] = list(spell.effects)
    for m in spell.modes:
        effects.extend(m.effects)
    for e in effects:
        role = role_of(e)
        if role is _ROLE_DISCARD and e.who == "you" and not e.random:
            return True
        if role is _ROLE_IF_YOU_DO and e.discard > 0:
            return True
    return False


def _library_short(state: GameState, me: int) -> bool:
    """The outlets draw (up to two cards): a madness spell is not worth decking for."""
    return len(state.players[me].library) <= LIBRARY_KEPT


def outlet_plan(state: GameState, me: int, obj: GameObject, cost: ManaCost | None,
                hand: list[GameObject], price: LifePrice = HANDSET) -> float:
    """The score of casting ``obj``, a discard outlet paid with ``cost``, for the
    madness spell it lets ``me`` cast from the rest of the hand with the mana left
    (``OUTLET_WITH_MADNESS`` plus its mana value and its want), else 0."""
    if cost is None or cost.x or not discards_own_card(obj.card) or _library_short(state, me):
        return 0.0
    others = [o.oid for o in hand if o.oid != obj.oid]
    return _madness_score(state, me, madness_discards(state, me, others, spent_of(cost), price))


def ability_outlet_plan(state: GameState, me: int, obj: GameObject, ab: Activated,
                        hand: list[GameObject], price: LifePrice = HANDSET) -> float:
    """The score of activating ``ab`` of ``obj``, whose cost discards a card (a Blood
    token: "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."), for the
    madness spell the mana left then casts, else 0."""
    if ab.cost.discard <= 0 or _library_short(state, me):
        return 0.0
    cost = parse_cost(ab.cost.mana) if ab.cost.mana else None
    return _madness_score(state, me, madness_discards(state, me, [o.oid for o in hand],
                                                      spent_of(cost), price))


def _madness_score(state: GameState, me: int, picks: list[int]) -> float:
    """An outlet's score for the madness spell its discard lets ``me`` cast (the first
    of ``picks``, ``madness_discards``' answer): ``OUTLET_WITH_MADNESS`` plus its mana
    value and its want; 0 without one. The one reckoning of a spell's outlet
    (``outlet_plan``) and an ability's (``ability_outlet_plan``)."""
    if not picks:
        return 0.0
    best = state.objects[picks[0]].card
    return OUTLET_WITH_MADNESS + best.mana_value + 0.1 * max(0.0, card_want(state, me, best))


def cost_discard_spent(state: GameState, source: int) -> Spent:
    """The mana still to pay when a cost's discard is chosen (before the mana, 601.2f-h,
    602.2b): a spell's mana cost from a hand, or the mana of the source's activated
    ability with a discard in its cost (a Blood token's {1})."""
    obj = state.objects.get(source)
    if obj is None:
        return NOTHING
    card = obj.card
    if card.spell is not None and card.spell.additional_cost is not None and \
            card.spell.additional_cost.discard > 0 and card.cost is not None:
        return spent_of(card.cost)
    for ab in card.activated:
        if ab.cost.discard > 0:
            return spent_of(parse_cost(ab.cost.mana)) if ab.cost.mana else NOTHING
    return NOTHING
