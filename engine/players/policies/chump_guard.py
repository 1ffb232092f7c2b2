"""Which block declarations the search may switch to when it is in no danger
(``search:chump=L``, docs/search-record.md "Where the search loses").

The search's rollouts stop at a two-turn horizon and score the position there with the
fitted evaluation, which prices the life a chump block saves against the creature it
costs. Read over the games the default search lost (docs/search-record.md), the largest class
of its own switches that cost material was the chump block at a healthy life total: a
creature thrown in front of a bigger attacker (509.1a: the blocker is declared; 510.1c:
the attacker deals its damage to it and survives the blocker's) while the whole attack,
unblocked, would have left the defender far from dead (issue 37 names it: "at 20 life
the search chump-blocks a 6/6 with its attacker"). A small horizon gain on three deals
decides those switches; the creature lost is worth more past the horizon.

With ``chump=L`` the search still tries every block declaration it would, but one that
adds a chump block to the heuristic's declaration is dropped from its candidates unless
the attack unblocked leaves the defender at ``L`` life or less (``room_after``): the
heuristic's own declaration is never dropped (it chumps only against lethal damage,
``combat_ai._chump_blocks``), and every chump stays a candidate where one may be needed.
Estimates only, as the heuristic's combat estimates are (``combat_ai.fight``): a blocker
dies when its attacker alone would kill it, an attacker survives when its blockers'
damage together does not kill it.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_INDESTRUCTIBLE
from mtgsim.engine.players.policies.combat_ai import damage_of, damage_room, fight
from mtgsim.engine.state.decisions import Answer, Decision
from mtgsim.engine.state.game_state import GameObject, GameState


def _picks(answer: Answer) -> list[int]:
    """A block declaration's pair indices (a declaration is a multi-select answer)."""
    return list(answer) if isinstance(answer, (list, tuple)) else []


def _attacker_dies(attacker: GameObject, blockers: list[GameObject]) -> bool:
    """Does ``attacker`` die to these blockers together (510.1: each deals damage equal to
    its power; 702.2b: any damage from a deathtouch source is lethal)? Each blocker's
    own fight with it (first strike, double strike, deathtouch) first, then their
    damage summed."""
    if attacker.kw & KW_INDESTRUCTIBLE or attacker.regen_shields:
        return False
    if any(fight(attacker, b)[0] for b in blockers):  # (deathtouch, first strike)
        return True
    return sum(damage_of(b) for b in blockers) >= attacker.toughness - attacker.damage


def chump_pairs(state: GameState, d: Decision, answer: Answer) -> frozenset[tuple[int, int]]:
    """The (blocker, attacker) pairs of a block declaration that are chump blocks: the
    blocker dies to the attacker and the attacker survives all its blockers."""
    by_attacker: dict[int, list[int]] = {}
    for i in _picks(answer):
        blocker, attacker = d.pairs[i]
        by_attacker.setdefault(attacker, []).append(blocker)
    objects = state.objects
    out: set[tuple[int, int]] = set()
    for attacker, blockers in by_attacker.items():
        a = objects.get(attacker)
        bs = [objects[b] for b in blockers if b in objects]
        if a is None or not bs or _attacker_dies(a, bs):
            continue
        out.update((b.oid, attacker) for b in bs if fight(a, b)[1])
    return frozenset(out)


def room_after(state: GameState, d: Decision) -> int:
    """The life (or the poison room, ``combat_ai.damage_room``) the blocking player keeps
    when no attacker is blocked: the margin a chump block would protect."""
    combat = state.combat
    objects = state.objects
    attackers = [objects[a] for a in (combat.attackers if combat is not None else [])
                 if a in objects]
    return damage_room(state, d.player, attackers) - sum(damage_of(a) for a in attackers)


def drop_needless_chumps(state: GameState, d: Decision, candidates: list[Answer],
                         floor: int) -> list[Answer]:
    """``candidates`` (the heuristic's declaration first) without the declarations that
    add a chump block to the heuristic's, unless the attack unblocked leaves the defender
    at ``floor`` or less (module docstring)."""
    if len(candidates) < 2 or room_after(state, d) <= floor:
        return candidates
    own = chump_pairs(state, d, candidates[0])
    return [candidates[0], *(c for c in candidates[1:] if chump_pairs(state, d, c) <= own)]


__all__ = ["chump_pairs", "drop_needless_chumps", "room_after"]
