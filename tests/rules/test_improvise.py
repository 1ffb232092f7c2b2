"""Improvise (702.126) details a scenario can't show: which artifacts an "improvise_tap"
question offers (only those whose tapping leaves the rest of the cost payable), and the
heuristic's answer (an artifact with no {T} ability is tapped for free)."""

from __future__ import annotations

from gamesetup import Setup

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.keywords.improvise import ask_improvise, improvise_pool
from mtgsim.engine.players.policies.choice_costs import improvise_tap
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import Decision, DecisionKind


def _card(name: str) -> CardDef:
    """The corpus card as the Oracle compiler makes it (none of these is in the pool)."""
    out = compile_record(corpus.records()[name])
    assert isinstance(out, Compiled), name
    return out.defn


class _Recorder(Asker):
    """Answers each question with its first option and keeps the questions."""

    def __init__(self) -> None:  # (no task: only ``choose_many`` is called)
        self.asked: list[Decision] = []

    def choose_many(self, decision: Decision) -> list[int]:
        self.asked.append(decision)
        return [0]


def test_an_artifact_whose_mana_the_rest_needs_is_not_offered() -> None:
    """702.126a with 601.2h: Sky Diamond is the only source of {U}, so {2}{U} is paid by
    Ornithopter and Bone Saw improvising and the Diamond's mana: it is never offered."""
    s = Setup(beacons=False)
    rebuke = s.hand(_card("Metallic Rebuke"), 0)
    diamond = s.add(_card("Sky Diamond"), 0, "battlefield")
    thopter = s.add(_card("Ornithopter"), 0, "battlefield")
    saw = s.add(_card("Bone Saw"), 0, "battlefield")
    state = s.go()
    units, owners = improvise_pool(state, 0)
    assert sorted(owners) == sorted([diamond, thopter, saw])  # the Diamond is one unit
    cost = parse_cost("{2}{U}")
    asker = _Recorder()
    used = ask_improvise(state, asker, 0, state.objects[rebuke], cost.symbols,
                         cost.generic, set())
    assert len(used) == 2 and diamond not in used
    assert all(diamond not in d.options for d in asker.asked)
    assert [d.min_count for d in asker.asked] == [1, 1]  # mana alone can't pay {2}{U}


def test_the_heuristic_taps_an_artifact_with_no_tap_ability_first() -> None:
    """Bone Saw's equip doesn't cost {T}: tapped for free even when mana could pay;
    Ornithopter (a creature) is kept untapped on its controller's turn."""
    s = Setup(beacons=False)
    rebuke = s.hand(_card("Metallic Rebuke"), 0)
    thopter = s.add(_card("Ornithopter"), 0, "battlefield")
    saw = s.add(_card("Bone Saw"), 0, "battlefield")
    state = s.go()
    d = Decision(DecisionKind.IMPROVISE_TAP, 0, "improvise", options=[thopter, saw],
                 multi=True, min_count=0, max_count=1, source=rebuke)
    assert improvise_tap(state, d) == [1]
    d = Decision(DecisionKind.IMPROVISE_TAP, 0, "improvise", options=[thopter],
                 multi=True, min_count=0, max_count=1, source=rebuke)
    assert improvise_tap(state, d) == []
