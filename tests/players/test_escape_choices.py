"""The heuristic's answers around escape (702.138a): which other graveyard cards it
exiles, and when it does not escape because the exile would take what a delve card
(702.66a) or a cost reduction in hand (601.2f: Tolarian Terror) needs."""

from __future__ import annotations

from gamesetup import Setup, card

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.keywords.escape import escape_exiles
from mtgsim.engine.players.policies.choice_costs import delve
from mtgsim.engine.players.policies.escape_plan import escape_starves
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind


def _compiled(name: str) -> CardDef:
    rec = corpus.lookup(name)
    assert rec is not None
    got = compile_record(rec, compile_card)
    assert isinstance(got, Compiled), got
    return got.defn


def _exile_question(s: Setup, source: int, options: list[int]) -> Decision:
    return Decision(DecisionKind.DELVE, 0, "escape", options=options, multi=True,
                    min_count=1, max_count=1, source=source,
                    about=ForSpell(card(s.state, "Grizzly Bears")))


def test_escape_keeps_what_tolarian_terror_counts() -> None:
    s = Setup()
    sleep = s.add(_compiled("Sleep of the Dead"), 0, "graveyard")
    bolt = s.add("Lightning Bolt", 0, "graveyard")
    bears = s.add("Grizzly Bears", 0, "graveyard")
    state = s.go()
    # alone, a spell goes before a creature card
    assert delve(state, _exile_question(s, sleep, [bolt, bears])) == [0]
    # with Tolarian Terror in hand the instant it counts stays in the graveyard
    s.hand(_compiled("Tolarian Terror"), 0)
    assert delve(state, _exile_question(s, sleep, [bolt, bears])) == [1]


def test_no_escape_that_starves_a_reduction_in_hand() -> None:
    s = Setup()
    sleep = s.add(_compiled("Sleep of the Dead"), 0, "graveyard")
    spells = [s.add("Lightning Bolt", 0, "graveyard") for _ in range(3)]
    s.hand(_compiled("Tolarian Terror"), 0)
    state = s.go()
    obj = state.objects[sleep]
    assert escape_exiles(obj) == 3
    assert len(spells) == 3 and escape_starves(state, 0, obj, 3)  # only counted cards
    for _ in range(3):
        s.add("Grizzly Bears", 0, "graveyard")
    assert not escape_starves(state, 0, obj, 3)  # three others it does not count


def test_no_escape_that_starves_a_delve_card() -> None:
    s = Setup()
    sleep = s.add(_compiled("Sleep of the Dead"), 0, "graveyard")
    for _ in range(7):
        s.add("Grizzly Bears", 0, "graveyard")
    s.hand(_compiled("Gurmag Angler"), 0)
    state = s.go()
    obj = state.objects[sleep]
    # 7 others less 3 leaves 4 cards and no land for Gurmag Angler's {6}{B}
    assert escape_starves(state, 0, obj, 3)
    s.lands("Swamp", 0, 3)  # 4 cards and 3 lands pay it
    assert not escape_starves(state, 0, obj, 3)
