"""Which replacement and prevention effects apply to an event, and in what order (616.1).

When two or more replacement or prevention effects would apply to one event, the affected
object's controller (or the affected player) chooses one and applies it; then the effects
that would still apply to the event as it now is are checked again, and the player
chooses again, until none is left (616.1e). A self-replacement effect (614.15) is chosen
before the others (616.1a); an effect applies to one event at most once (614.5).

An event's rules module (engine.rules.replacement: destruction and other zone changes,
draws) collects the effects that would apply as ``Applicable`` values and gives this
module two functions: what applies to the event as it stands, and how an effect that
modifies it (unearth: exile instead of anywhere else) changes it. ``apply_in_order``
asks the questions and returns the effect that replaced the event, if one did (an
effect that ``ends`` it: regeneration, umbra armor, dredge), having applied the
modifications on the way.

The question is a typed decision, ``REPLACEMENT``, naming each effect (``Replacing``) with
the object whose ability or effect it is as its option; when every effect left is
optional ("you may ... instead": dredge), one option more, NONE, applies none of them. A
kind of effect may ask its own typed question when it is the only kind that applies
(``QUESTIONS``: dredge's ``DREDGE``, a dredge card or none). With one mandatory effect
there is nothing to ask. Two effects of one kind from one object do the same thing (two
regeneration shields) and are one option.

Questions are asked before anything changes (engine.state.ask): an event's effects are
chosen, then it is performed. The player asked is always the affected object's
controller or the affected player, whoever's spell, ability or cost moves it: the
permanent's controller when an opponent's Unsummon bounces it or an opponent's edict
makes them sacrifice it, the payer for the permanents a cost or a mana ability sacrifices
(605.3b; chosen with the cost's other choices, before anything is paid:
engine.rules.payment.plan_mana_sacrifices), the entering permanent's controller
(engine.rules.entering). Each path that moves permanents plans with the asker of the
task it runs in (``replacement.plan_leaving``). ``ChoiceNeeded`` is raised when a choice
is needed and ``asker`` is None: the state-based actions, which run outside any task,
try without one and on it ask from a task of their own (engine.rules.sba); playing a
land, the other path without a task, can't need one (no effect that acts as a permanent
enters applies to a land).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, NamedTuple

from mtgsim.engine.state.decisions import Decision, DecisionKind, Replacing
from mtgsim.engine.state.game_state import NONE, GameState

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_REPLACEMENT = DecisionKind.REPLACEMENT

Event = Literal["destroy", "zone_change", "draw", "enter"]


class Applicable(NamedTuple):
    """One replacement or prevention effect that would apply to an event (616.1)."""

    kind: str  # what it is: "regeneration", "umbra armor", "unearth", "dredge"
    source: int  # the object whose ability or effect it is (the decision's option)
    ends: bool  # it replaces the event, which doesn't happen; else it modifies it
    self_replacement: bool = False  # 614.15: chosen before the others (616.1a)
    optional: bool = False  # "you may ... instead": the player may apply none


class ChoiceNeeded(Exception):  # noqa: N818 - control flow, not an error of the game
    """A 616.1 choice is needed and there is no player to ask here."""


# kind -> how that kind asks, when it is the only kind of effect that applies: returns
# the option chosen (an index of ``options``, or len(options) for none of them)
OwnQuestion = Callable[[GameState, int, list[Applicable], "Asker"], int]
QUESTIONS: dict[str, OwnQuestion] = {}


def own_question(kind: str, ask: OwnQuestion) -> OwnQuestion:
    """Register the typed question a kind of effect asks when it alone applies."""
    if kind in QUESTIONS:
        raise ValueError(f"{kind} already asks its own question")
    QUESTIONS[kind] = ask
    return ask


def apply_in_order(state: GameState, player: int, event: Event, affected: int,
                   applicable: Callable[[], list[Applicable]],
                   modify: Callable[[Applicable], None],
                   asker: Asker | None) -> Applicable | None:
    """616.1: ``player`` chooses among the effects ``applicable()`` finds, one at a time,
    each applied once; a modifying one is applied with ``modify`` and the rest checked
    again (616.1e). Returns the effect that replaced the event, or None: the event
    happens, with the modifications applied (or, all the effects being optional, the
    player applied none)."""
    applied: list[tuple[str, int]] = []
    while True:
        options: list[Applicable] = []
        for a in applicable():
            key = (a.kind, a.source)
            if key not in applied and all([(o.kind, o.source) != key for o in options]):
                options.append(a)
        if not options:
            return None
        selfs = [a for a in options if a.self_replacement]
        if selfs:  # 616.1a
            options = selfs
        pick = _choose(state, player, event, affected, options, asker)
        if pick is None:
            return None
        applied.append((pick.kind, pick.source))
        if pick.ends:
            return pick
        modify(pick)


def _choose(state: GameState, player: int, event: Event, affected: int,
            options: list[Applicable], asker: Asker | None) -> Applicable | None:
    """The effect ``player`` applies next, or None (none: every option is optional)."""
    may_decline = all([a.optional for a in options])
    if len(options) == 1 and not may_decline:
        return options[0]
    if asker is None:
        raise ChoiceNeeded(f"{event}: choose among {[a.kind for a in options]}")
    kinds = {a.kind for a in options}
    own = QUESTIONS.get(options[0].kind) if len(kinds) == 1 else None
    if own is not None:
        pick = own(state, player, options, asker)
    else:
        sources = [a.source for a in options]
        labels = tuple([a.kind for a in options])
        if may_decline:
            sources.append(NONE)
            labels += ("none",)
        pick = asker.choose(Decision(
            _KIND_REPLACEMENT, player, f"{event}: which replacement effect applies first?",
            options=sources, source=affected, about=Replacing(event, labels)))
    return options[pick] if pick < len(options) else None


__all__ = ["QUESTIONS", "Applicable", "ChoiceNeeded", "apply_in_order", "own_question"]
