"""Heuristic answers about cards and colours: searches, looking at and ordering the
library, discards, the legend rule, damage assignment order, and choosing colours.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    T_LAND,
)
from mtgsim.engine.players.life_price import HANDSET, LifePrice
from mtgsim.engine.players.policies.madness_plan import (
    MADNESS_KEPT,
    madness_cost,
    madness_discards,
)
from mtgsim.engine.players.worth import (
    card_want,
    color_sources,
    creatures_of,
    dead_card,
    lands_of,
    value,
)
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.decisions import ColorFor, DecisionKind
from mtgsim.engine.state.game_state import (
    Decision,
    GameState,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_DISCARD = DecisionKind.DISCARD

_PIP = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
_COLOR_ORDER = (1, 2, 4, 8, 16)  # the "color" decisions' options, W U B R G


# --- searching and libraries ---------------------------------------------------------------------


def search(state: GameState, d: Decision) -> list[int]:
    """The card I want most: a land of a colour I lack, else the best card for now."""
    if not d.options:
        return []
    me = d.player
    objects = state.objects
    have = 0
    for u in mana_units(state, me)[0]:
        have |= u
    need = _pip_need(state, me)
    best_i, best = 0, -1e9
    for i, oid in enumerate(d.options):
        c = objects[oid].card
        if c.type_mask & T_LAND:
            produced = 0
            for ab in c.mana_abilities:
                for ch in ab.colors:
                    produced |= _PIP.get(ch, 32)
            score = card_want(state, me, c) + (3.0 if produced & ~have else 0.0) + \
                0.5 * sum(need.get(b, 0) for b in _COLOR_ORDER if produced & b)
            if c.enters_tapped:
                score -= 0.5
        else:
            score = card_want(state, me, c)
        if score > best:
            best_i, best = i, score
    if d.max_count == 0:
        return []
    picks = [best_i]
    if d.min_count > 1 or d.max_count > 1:
        rest = sorted((i for i in range(len(d.options)) if i != best_i),
                      key=lambda i: -card_want(state, me, objects[d.options[i]].card))
        picks += rest[:max(d.min_count, d.max_count) - 1]
    return sorted(picks[:d.max_count])


def _pip_need(state: GameState, me: int) -> dict[int, int]:
    """Coloured pips of the spells in hand, by colour bit."""
    need: dict[int, int] = {}
    objects = state.objects
    for oid in state.players[me].hand:
        cost = objects[oid].card.cost
        if cost is None:
            continue
        for sym in cost.symbols:
            for b in _COLOR_ORDER:
                if sym == b:
                    need[b] = need.get(b, 0) + 1
    return need


def look_exile(state: GameState, d: Decision) -> list[int]:
    """Exile the opponent's good cards from the top of their library; from mine, only
    extra lands when I have plenty."""
    me = d.player
    objects = state.objects
    out = []
    lands = lands_of(state, me)
    for i, oid in enumerate(d.options):
        o = objects[oid]
        if o.owner != me:
            if not o.card.is_land:
                out.append(i)
        elif o.card.is_land and lands >= 6:
            out.append(i)
    return out[:d.max_count]


def library_order(state: GameState, d: Decision) -> list[int]:
    """My library: the cards I want most on top; the opponent's: the worst on top."""
    me = d.player
    objects = state.objects
    mine = all(objects[o].owner == me for o in d.options)
    ranked = sorted(range(len(d.options)),
                    key=lambda i: card_want(state, me, objects[d.options[i]].card))
    return ranked if not mine else list(reversed(ranked))


def choose_discard(state: GameState, d: Decision) -> list[int]:
    """I choose what a player discards: the opponent's best cards, my worst."""
    me = d.player
    objects = state.objects
    theirs = any(objects[o].owner != me for o in d.options)
    owner = objects[d.options[0]].owner if d.options else me

    def score(i: int) -> float:
        c = objects[d.options[i]].card
        w = card_want(state, owner, c)
        return -w if theirs else w

    ranked = sorted(range(len(d.options)), key=score)
    return sorted(ranked[:d.min_count])


def discard(state: GameState, d: Decision, price: LifePrice = HANDSET) -> list[int]:
    """Discard to hand size or for an effect (also mulligan bottoms): keep lands while
    few, keep the castable spells; dredge cards come back, so they go first, and madness
    cards whose madness cost the mana left pays go before anything (``madness_plan``)."""
    p = state.players[d.player]
    objs = [state.objects[o] for o in d.options]
    lands_in_play = lands_of(state, d.player)
    lands_in_hand = sum(1 for o in objs if o.card.is_land)
    too_many_lands = lands_in_play + lands_in_hand > 5 + p.mulligans

    colors = color_sources(state, d.player)
    # madness cards the mana left casts go first (702.35a); not a mulligan's bottom
    mad = madness_discards(state, d.player, d.options, price=price) \
        if d.kind is _KIND_DISCARD else []

    def keep_score(i: int) -> float:
        c = objs[i].card
        if mad and objs[i].oid in mad:
            return -100.0 - c.mana_value
        spare = MADNESS_KEPT if d.kind is _KIND_DISCARD and madness_cost(c) is not None \
            else 0.0
        if c.is_land:
            return -1.0 if too_many_lands else 10.0 - lands_in_hand
        s = spare + 5.0 - abs(c.mana_value - 2.5) * (1.0 if not lands_in_play else 0.5)
        if lands_in_play and dead_card(c, colors):
            s -= 3.0
        if "dredge" in c.keyword_names and d.kind is _KIND_DISCARD:
            s -= 2.5  # it comes back from the graveyard (not from the library bottom)
        if c.mana_value > lands_in_play + lands_in_hand + 2:
            s -= 1.0
        return s

    ranked = sorted(range(len(objs)), key=keep_score)
    return sorted(ranked[:d.min_count])


def damage_order(state: GameState, d: Decision) -> list[int]:
    objs = [state.objects[o] for o in d.options]
    return sorted(range(len(objs)), key=lambda i: (objs[i].toughness - objs[i].damage,
                                                   -value(objs[i])))


def legend(state: GameState, d: Decision) -> int:
    objs = [state.objects[o] for o in d.options]
    return max(range(len(objs)), key=lambda i: (sum(objs[i].counters.values()),
                                                not objs[i].tapped, -objs[i].oid))


# --- colours -------------------------------------------------------------------------------------


def color(state: GameState, d: Decision) -> int:
    """"Choose a color": for mana, the colour my hand needs most; for protection or
    preventing damage, the colour of the opponent's threats; a colour word to replace: the opponent's."""
    me = d.player
    purpose = d.about.purpose if isinstance(d.about, ColorFor) else "as_enters"
    opts = d.options
    if purpose == "protection" or purpose == "prevention" or purpose == "word_from":
        counts = _opp_colors(state, me)
        return max(range(len(opts)), key=lambda i: (counts.get(opts[i], 0), -i))
    if purpose == "word_to":
        mine = _my_colors(state, me)
        return min(range(len(opts)), key=lambda i: (mine.get(opts[i], 0), i))
    need = _pip_need(state, me)
    have = 0
    for u in mana_units(state, me)[0]:
        have |= u
    deck = _my_colors(state, me)

    def score(i: int) -> float:
        b = opts[i]
        return need.get(b, 0) * 2.0 + (1.5 if not have & b else 0.0) + 0.1 * deck.get(b, 0)

    return max(range(len(opts)), key=score)


def _opp_colors(state: GameState, me: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for item in state.stack:
        if item.controller != me:
            for b in _COLOR_ORDER:
                if item.card.color_mask & b:
                    counts[b] = counts.get(b, 0) + 3
    for o in creatures_of(state, 1 - me):
        for b in _COLOR_ORDER:
            if o.color & b:
                counts[b] = counts.get(b, 0) + 1
    return counts


def _my_colors(state: GameState, me: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == me:
            for b in _COLOR_ORDER:
                if o.color & b:  # its colours now (layer 5), as the opponent's above
                    counts[b] = counts.get(b, 0) + 1
    for oid in state.players[me].hand:
        for b in _COLOR_ORDER:
            if objects[oid].card.color_mask & b:
                counts[b] = counts.get(b, 0) + 1
    return counts


def colors(state: GameState, d: Decision) -> list[int]:
    """"Becomes the color or colors of your choice": one colour; on an opponent's
    creature one my removal can hit (not black, for Doom Blade), on mine my own."""
    opts = d.options
    mine = _my_colors(state, d.player)
    ranked = sorted(range(len(opts)), key=lambda i: (-mine.get(opts[i], 0), i))
    for i in ranked:
        if opts[i] != 4:  # not black
            return [i]
    return [ranked[0]]
