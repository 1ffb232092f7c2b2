"""State-based actions (rule 704), checked whenever a player would receive priority.

All applicable actions are performed simultaneously, then the check repeats until none
applies (704.3). The legend rule asks its controller which permanent to keep, through a
LegendTask.
"""

from __future__ import annotations

from engine import replacement as rep
from engine.cards import T_CREATURE
from engine.filters import matches
from engine.layers import ensure
from engine.state import GRAVEYARD, GameResult, GameState, LegendTask
from engine.zones import log


def check(state: GameState) -> bool:
    """Perform one round of state-based actions; True if any was performed."""
    ensure(state)
    if not state.sba_needed:
        return False
    acted = False
    # 704.5a-c: life, empty library draw, poison.
    losers = []
    for p in state.players:
        if p.life <= 0 or p.drew_from_empty or p.poison >= 10:
            losers.append(p.idx)
    if losers:
        end_game(state, losers, _loss_reason(state, losers[0]))
        return True
    objects = state.objects
    to_graveyard = []
    to_destroy = []
    legends: dict[tuple[int, str], list[int]] = {}
    for oid in state.battlefield:
        o = objects[oid]
        card = o.card
        if card._type_mask & T_CREATURE:
            if o.toughness <= 0:  # 704.5f
                to_graveyard.append(o)
                continue
            if o.damage >= o.toughness or o.deathtouched:  # 704.5g, 704.5h
                if o.damage > 0:
                    to_destroy.append(o)
                o.deathtouched = False
        counters = o.counters
        if counters and "+1/+1" in counters and "-1/-1" in counters:  # 704.5q
            n = min(counters["+1/+1"], counters["-1/-1"])
            if n:
                for k in ("+1/+1", "-1/-1"):
                    counters[k] -= n
                    if counters[k] == 0:
                        del counters[k]
                state.dirty = True
                acted = True
        if card.is_aura and not aura_legal(state, o):  # 704.5m
            to_graveyard.append(o)
        elif o.attached_to >= 2 and not card.is_aura and o.attached_to not in objects:
            o.attached_to = -1
        if "legendary" in card.supertypes:
            legends.setdefault((o.controller, card.name), []).append(oid)
    for o in to_graveyard:
        if o.zone == 2 and o.oid in objects:
            rep.leave_battlefield(state, o, GRAVEYARD)
            acted = True
    for o in to_destroy:
        # Indestructible (or regenerated) creatures stay: not "acted", or this loops forever.
        if o.oid in objects and rep.destroy(state, o):
            acted = True
    for (controller, name), oids in legends.items():
        if len(oids) > 1:  # 704.5j
            state.tasks.append(LegendTask(player=controller, name=name))
            acted = True
            break
    if acted:
        ensure(state)
    else:
        state.sba_needed = False
    return acted


def aura_legal(state: GameState, aura: object) -> bool:
    """303.4c-d: attached to an object or player its enchant ability allows."""
    from engine.state import GameObject

    assert isinstance(aura, GameObject)
    target = aura.attached_to
    card = aura.card
    if target < 0 or card._type_mask & T_CREATURE:  # 303.4d: an Aura creature
        return False
    if target < 2:
        return card.enchant_player and not state.players[target].lost
    if card.enchant_player:
        return False
    obj = state.objects.get(target)
    if obj is None or obj.zone != 2 or obj.oid == aura.oid:
        return False
    if card.enchant is not None and not matches(state, card.enchant, obj, aura.controller):
        return False
    if obj.protection & card._color_mask:  # protection: can't be enchanted (702.16c)
        return False
    return True


def _loss_reason(state: GameState, player: int) -> str:
    p = state.players[player]
    if p.life <= 0:
        return "life"
    if p.drew_from_empty:
        return "empty library"
    return "poison"


def end_game(state: GameState, losers: list[int], reason: str) -> None:
    """104.2a / 104.4a: the game ends; both losing at once is a draw."""
    for i in losers:
        state.players[i].lost = True
    winner = -1 if len(losers) == 2 else 1 - losers[0]
    state.result = GameResult(winner, reason, state.turn)
    state.pending = None
    if state.log is not None:
        log(state, "game_over", winner, reason)


def legend_task(state: GameState, task: LegendTask) -> None:
    from engine.ask import Asker
    from engine.state import Decision

    asker = Asker(state, task)
    oids = [oid for oid in state.battlefield
            if state.objects[oid].controller == task.player
            and state.objects[oid].card.name == task.name]
    keep = asker.choose(Decision("legend", task.player, f"keep which {task.name}?",
                                 options=oids))
    state.tasks.pop()
    for i, oid in enumerate(oids):
        if i != keep:
            rep.leave_battlefield(state, state.objects[oid], GRAVEYARD)
