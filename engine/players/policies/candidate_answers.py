"""Which answers a search tries at a decision (the heuristic's first): the distinct
priority actions, the attack and block declarations (``combat_sets``), the options of a
single choice inside an action, the answers of a multi-select (``choice_sets``).

Both searches read it: ``search.SearchPolicy`` at the decision asked, ``ismcts.MctsPolicy``
at its root and at each of its player's later decisions in the turn, so what counts as
a candidate is one rule (it lived in ``search.py``, which ``ismcts`` imported for it)."""

from __future__ import annotations

from mtgsim.engine.players.policies.combat_sets import attack_sets, block_sets
from mtgsim.engine.players.policies.search_actions import choice_sets
from mtgsim.engine.players.policies.search_kinds import SEARCHED_CHOICES, SEARCHED_MULTI
from mtgsim.engine.state.decisions import PASS, Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import HAND, GameState

_PRIORITY = DecisionKind.PRIORITY
_ATTACKERS = DecisionKind.ATTACKERS
_BLOCKERS = DecisionKind.BLOCKERS
_CHOICES = SEARCHED_CHOICES  # single choices inside an action (search_kinds)
_MULTI = SEARCHED_MULTI  # multi-selects whose answers are tried (``choice_sets``)
MAX_CANDIDATES = 8  # answers tried at one decision (attacks, blocks, choices): the
# default of the spec's ``sets``


def candidate_answers(state: GameState, d: Decision, own: Answer,
                      sets: int = MAX_CANDIDATES) -> list[Answer]:
    """The answers searched at ``d`` (the heuristic's, ``own``, first), one decision
    deep; fewer than two: the heuristic's answer is played unsearched. ``sets``: the
    declarations or multi-select answers tried at most."""
    kind = d.kind
    if kind is _PRIORITY:
        return _priority_candidates(state, d, own)
    if kind is _ATTACKERS:
        return list(attack_sets(state, d, own, sets))
    if kind is _BLOCKERS:
        return _block_candidates(state, d, own, sets)
    if kind in _CHOICES and not d.multi:
        return _choice_candidates(d, own)
    if kind in _MULTI and d.multi:
        return list(choice_sets(d, own, sets))
    return [own]


def _priority_candidates(state: GameState, d: Decision, own: Answer) -> list[Answer]:
    """Each distinct action (two copies of a card in hand are one), the heuristic's
    first, passing among them."""
    seen: set[tuple[int, str, int, int, int]] = set()
    out: list[Answer] = [own]
    objects = state.objects
    for i, a in enumerate(d.actions):
        o = objects.get(a.oid) if a.kind != PASS else None
        key = (a.kind, o.card.name if o is not None else "", a.index, a.alt,
               a.oid if o is not None and o.zone != HAND else -1)  # in hand: by name
        if key in seen:
            continue
        seen.add(key)
        if i != own:
            out.append(i)
    return out


WIDE = 4  # block declarations enumerated per one tried, to rank (_block_candidates)


def _block_candidates(state: GameState, d: Decision, own: Answer, sets: int) -> list[Answer]:
    """Up to ``sets`` block declarations: the heuristic's first, then, of the ``WIDE``
    times as many nearest it (``block_sets``), those that leave less unblocked power
    than the blocking player's life before those that do not, nearest first within
    each (a declaration that lets lethal damage through is tried only when nothing
    better is left: issue 37's block beyond the first eight candidates)."""
    wide = block_sets(state, d, own, sets * WIDE)
    if len(wide) <= sets:
        return list(wide)
    combat = state.combat
    attackers = combat.attackers if combat is not None else []
    objects = state.objects
    life = state.players[d.player].life

    def lethal(picks: list[int]) -> bool:
        blocked = {d.pairs[i][1] for i in picks}
        through = sum(max(0, objects[a].power) for a in attackers
                      if a in objects and a not in blocked)
        return through >= life

    rest = sorted(wide[1:], key=lethal)  # stable: nearest first within each
    return [wide[0], *rest[:sets - 1]]


def _choice_candidates(d: Decision, own: Answer) -> list[Answer]:
    """A single choice's options, the heuristic's first, at most ``MAX_CANDIDATES``."""
    out: list[Answer] = [own]
    for i in range(len(d.options)):
        if len(out) >= MAX_CANDIDATES:
            break
        if i != own:
            out.append(i)
    return out


__all__ = ["MAX_CANDIDATES", "candidate_answers"]
