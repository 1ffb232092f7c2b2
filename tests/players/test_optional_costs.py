"""The heuristic's answers to optional additional costs paid with permanents or graveyard
cards: bargain (702.166a) only with cheap fodder and for a trigger that has a target,
collect evidence (701.59a) only from cards not worth keeping, exiling as few as it can."""

from __future__ import annotations

from gamesetup import Setup

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.players.policies.choice_costs import delve
from mtgsim.engine.players.policies.choice_keywords import may
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind


def _compiled(name: str) -> CardDef:
    rec = corpus.lookup(name)
    assert rec is not None
    got = compile_record(rec, compile_card)
    assert isinstance(got, Compiled), got
    return got.defn


def _may(s: Setup, source: int, cost: str) -> Decision:
    card = s.state.objects[source].card
    return Decision(DecisionKind.MAY, 0, cost, options=[1, 0], source=source,
                    about=ForSpell(card, cost))


def test_bargain_only_with_cheap_fodder() -> None:
    s = Setup(beacons=False)  # (a beacon is an artifact: fodder)
    torch = s.hand(_compiled("Torch the Tower"), 0)
    s.add("Hill Giant", 1)
    bears = s.add("Grizzly Bears", 0)
    state = s.go()
    assert bears and may(state, _may(s, torch, "bargain")) == 1  # a nontoken creature: no
    s.add(_compiled("Ornithopter"), 0)
    assert may(state, _may(s, torch, "bargain")) == 0  # a 0/2 artifact: yes


def test_no_bargain_for_a_trigger_without_a_target() -> None:
    s = Setup(beacons=False)
    ouphe = s.hand(_compiled("Troublemaker Ouphe"), 0)
    s.add(_compiled("Ornithopter"), 0)
    state = s.go()
    assert may(state, _may(s, ouphe, "bargain")) == 1  # nothing of theirs to exile
    s.add(_compiled("Blowfly Infestation"), 1)
    assert may(state, _may(s, ouphe, "bargain")) == 0


def test_collect_evidence_from_cards_not_kept() -> None:
    s = Setup()
    extract = s.hand(_compiled("Extract a Confession"), 0)
    s.add(_compiled("Hill Giant"), 0, "graveyard")
    state = s.go()
    assert may(state, _may(s, extract, "collect evidence 6")) == 1  # 4 of 6
    s.add("Lightning Bolt", 0, "graveyard")
    s.add("Counterspell", 0, "graveyard")
    assert may(state, _may(s, extract, "collect evidence 6")) == 0  # 4 + 1 + 2


def test_evidence_exiles_as_few_cards_as_it_can() -> None:
    s = Setup()
    extract = s.hand(_compiled("Extract a Confession"), 0)
    bolt = s.add("Lightning Bolt", 0, "graveyard")
    giant = s.add(_compiled("Hill Giant"), 0, "graveyard")
    dreadmaw = s.add(_compiled("Colossal Dreadmaw"), 0, "graveyard")
    state = s.go()
    card = state.objects[extract].card

    def ask(options: list[int], need: int) -> list[int]:
        return delve(state, Decision(
            DecisionKind.DELVE, 0, "evidence", options=options, multi=True, min_count=1,
            max_count=1, source=extract, about=ForSpell(card, f"collect evidence {need}")))

    # one card completes 6 alone: the Dreadmaw, rather than the Bolt and the Giant
    assert ask([bolt, giant, dreadmaw], 6) == [2]
    # none does: the greatest mana value first
    assert ask([bolt, giant], 5) == [1]
    # 1 more needed: the cheapest card that completes it, a spell before a creature card
    assert ask([bolt, giant], 1) == [0]
