"""Heuristic answers to cost and payment decisions: creatures to tap for convoke, cards to
discard, permanents to sacrifice, counters to remove, creatures to tap for a cost.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_DEFENDER,
    T_LAND,
)
from mtgsim.engine.players.worth import (
    card_want,
    is_creature,
    lands_of,
    perm_value,
    value,
)
from mtgsim.engine.rules.payment import mana_units
from mtgsim.engine.state.decisions import CostOf
from mtgsim.engine.state.game_state import (
    END,
    MAIN2,
    Answer,
    Decision,
    GameObject,
    GameState,
)

# --- convoke -----------------------------------------------------------------------------------


def convoke_tap(state: GameState, d: Decision) -> list[int]:
    """One creature at a time: tap creatures rather than lands at the end of the
    opponent's turn; on my turn only when the lands are wanted for another spell or the
    mana can't pay; never an attacker before combat if another will do."""
    objects = state.objects
    me = d.player
    opts = d.options
    ranked = sorted(range(len(opts)), key=lambda i: _convoke_cost(state, objects[opts[i]]))
    if d.min_count > 0:
        return [ranked[0]]
    if state.active != me and state.step == END:
        return [ranked[0]]
    if state.active == me and state.step == MAIN2:
        # after combat: tap the creatures that didn't attack when the lands have a use
        hand = state.players[me].hand
        spare = len(mana_units(state, me)[0])
        for oid in hand:
            c = objects[oid].card
            if not c.is_land and oid != d.source and c.mana_value <= spare:
                if _convoke_cost(state, objects[opts[ranked[0]]]) < 4.0:
                    return [ranked[0]]
    return []


def _convoke_cost(state: GameState, o: GameObject) -> float:
    v = value(o)
    if o.sick:
        v -= 1.0
    if o.token:
        v -= 0.5
    if o.kw & KW_CANT_ATTACK or o.kw & KW_DEFENDER:
        v -= 1.0
    return v


# --- costs ---------------------------------------------------------------------------------------


def cost_discard(state: GameState, d: Decision) -> Answer:
    """Discard lands first when there are enough on the battlefield (retrace), else the
    card I want least."""
    me = d.player
    lands_out = lands_of(state, me)
    objects = state.objects

    def keep(i: int) -> float:
        c = objects[d.options[i]].card
        if c.type_mask & T_LAND:
            return 0.0 if lands_out >= 4 else 6.0
        return card_want(state, me, c)

    ranked = sorted(range(len(d.options)), key=keep)
    if d.multi:
        return sorted(ranked[:d.min_count])
    return ranked[0]


def cost_choice(state: GameState, d: Decision) -> Answer:
    """Permanents to sacrifice or return for a cost: the least valuable, never the
    source itself when anything else will do."""
    objects = state.objects
    me = d.player

    def cost(i: int) -> float:
        o = objects[d.options[i]]
        v = perm_value(state, o, me)
        if o.oid == d.source:
            v += 50.0
        return v

    ranked = sorted(range(len(d.options)), key=cost)
    if d.multi:
        return sorted(ranked[:max(d.min_count, 1) if d.max_count else 0])
    return ranked[0]


def sacrifice(state: GameState, d: Decision) -> list[int]:
    """Edicts and annihilator: the permanents I lose least by (tokens, spare lands,
    Auras on dying creatures), lands kept while few."""
    objects = state.objects
    me = d.player
    ranked = sorted(range(len(d.options)), key=lambda i: perm_value(
        state, objects[d.options[i]], me) + (0.2 if objects[d.options[i]].tapped is False
                                             else 0.0))
    return sorted(ranked[:d.min_count])


def cost_counter(state: GameState, d: Decision) -> int:
    """Which permanent pays a counter cost: remove +1/+1 counters from the creature that
    keeps the most toughness; put a -1/-1 counter where it costs least."""
    objects = state.objects
    remove = isinstance(d.about, CostOf) and d.about.action == "remove_counter"

    def score(i: int) -> float:
        o = objects[d.options[i]]
        t = o.toughness - o.damage
        if remove:
            return t - 1 if not is_creature(o) else (t - 1) * 2.0 - 0.1 * value(o)
        if is_creature(o):
            return (t - 1) * 1.0 - 0.3 * value(o) if t > 1 else -value(o)
        return 1.0

    return max(range(len(d.options)), key=score)


def cost_tap(state: GameState, d: Decision) -> list[int]:
    objects = state.objects
    ranked = sorted(range(len(d.options)), key=lambda i: _convoke_cost(
        state, objects[d.options[i]]))
    return sorted(ranked[:d.min_count])
