"""Heuristic answers to the keyword decisions (dredge, devour, convoke, replicate, Aura
attachment, cost discards, "may" questions of triggers). Kept apart from the combat and
casting heuristics so each stays readable."""

from __future__ import annotations

from engine.cards import T_CREATURE, T_LAND
from engine.mana import solve
from engine.payment import apply_convoke, mana_units, total_cost
from engine.state import NONE, Answer, Decision, GameObject, GameState


def worth(o: GameObject) -> float:
    if o.card._type_mask & T_CREATURE:
        return o.power * 1.5 + o.toughness + (0.0 if o.token else 1.0)
    if o.card._type_mask & T_LAND:
        return 2.5
    return 3.0


def dredge(state: GameState, d: Decision) -> int:
    """Dredge a creature or spell worth having while the library is deep enough."""
    library = len(state.players[d.player].library)
    best, best_mv = d.options.index(NONE), -1
    for i, oid in enumerate(d.options):
        if oid == NONE:
            continue
        card = state.objects[oid].card
        n = next(k.n for k in card._kwi if k.name == "dredge")
        if library - n >= 12 and card._mana_value > best_mv:
            best, best_mv = i, card._mana_value
    return best


def devour(state: GameState, d: Decision) -> list[int]:
    """Eat tokens and small creatures, never lands unless there are plenty."""
    out = []
    lands = sum(1 for oid in state.battlefield if state.objects[oid].controller == d.player
                and state.objects[oid].card._type_mask & T_LAND)
    for i, oid in enumerate(d.options):
        o = state.objects[oid]
        if o.card._type_mask & T_LAND:
            if lands > 6:
                out.append(i)
                lands -= 1
        elif o.token or (o.card._type_mask & T_CREATURE and o.power <= 1):
            out.append(i)
    return out[:d.max_count]


def convoke(state: GameState, d: Decision) -> list[int]:
    """Tap as few creatures as needed, summoning-sick ones first."""
    item_cost = _pending_cost(state, d)
    order = sorted(range(len(d.options)), key=lambda i: (
        not state.objects[d.options[i]].sick, worth(state.objects[d.options[i]])))
    if item_cost is None:
        return []
    symbols, generic = item_cost
    chosen: list[int] = []
    for i in [None, *order]:
        if i is not None:
            trial = chosen + [i]
            left = apply_convoke(state, symbols, generic, [d.options[j] for j in trial])
            if left is None:
                continue
            chosen = trial
        left = apply_convoke(state, symbols, generic, [d.options[j] for j in chosen])
        if left is None:
            continue
        units, sources = mana_units(state, d.player)
        used = {d.options[j] for j in chosen}
        units = [u for u, s in zip(units, sources, strict=True) if s[0] not in used]
        if solve(left[0], left[1], units) is not None:
            return sorted(chosen)
        if len(chosen) >= d.max_count:
            break
    return sorted(chosen)


def _pending_cost(state: GameState, d: Decision) -> tuple[tuple[int, ...], int] | None:
    obj = state.objects.get(d.source)
    if obj is None or obj.card._cost is None:
        return None
    return total_cost([obj.card._cost], 0)


def attach(state: GameState, d: Decision, hostile: bool) -> int:
    """An Aura entering without being cast: on the opponent's best creature if it hurts,
    else on my best one."""
    best, best_score = 0, -1e9
    for i, ref in enumerate(d.options):
        if ref < 2:
            score = 1.0 if (ref != d.player) == hostile else -1.0
        else:
            o = state.objects[ref]
            mine = o.controller == d.player
            score = worth(o) if mine != hostile else -worth(o)
        if score > best_score:
            best, best_score = i, score
    return best


def cost_discard(state: GameState, d: Decision) -> Answer:
    """Discard lands first when there are enough on the battlefield, else the cheapest."""
    lands_out = sum(1 for oid in state.battlefield if state.objects[oid].controller == d.player
                    and state.objects[oid].card._type_mask & T_LAND)
    ranked = sorted(range(len(d.options)), key=lambda i: (
        0 if state.objects[d.options[i]].card._type_mask & T_LAND and lands_out >= 4 else 1,
        state.objects[d.options[i]].card._mana_value))
    if d.multi:
        return sorted(ranked[:d.min_count])
    return ranked[0]


def may(state: GameState, d: Decision) -> int:
    """Yes, except to give a graft counter (or anything else) to an opponent's creature."""
    if state.stack:
        item = state.stack[-1]
        trig = item.trigger
        if trig is not None and trig.keyword == "graft":
            it = state.objects.get(item.subject)
            if it is None or it.controller != d.player:
                return 1
    return 0
