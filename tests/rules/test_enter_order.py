"""616.1 on entering the battlefield (engine.rules.entering): the controller of the
entering permanent orders the replacement effects that modify how it enters when the
order can change the outcome (devour may sacrifice the source of another effect), and is
not asked when it can't; the policies answer the question."""

from __future__ import annotations

import pytest
from gamesetup import Setup, card, cast, obj, resolve

from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import POLICIES, make_policy
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.rules.entering import ENTER_RULES, prepare_enter
from mtgsim.engine.rules.turn import answer
from mtgsim.engine.state.ask import Asker, Suspend
from mtgsim.engine.state.decisions import Replacing
from mtgsim.engine.state.game_state import MAIN1, DrawTask


def _wurm_with_thrinax(counters: int = 2):  # type: ignore[no-untyped-def]
    """Player 0 casts Gorger Wurm (devour 1) with Bloodspore Thrinax (``counters``
    +1/+1 counters) and Grizzly Bears on the battlefield; the question as it resolves."""
    s = Setup(active=0, step=MAIN1)
    thrinax = s.bf("Bloodspore Thrinax", 0, counters={"+1/+1": counters})
    bears = s.bf("Grizzly Bears", 0)
    wurm = s.hand("Gorger Wurm", 0)
    s.lands("Forest", 0, 3)
    s.lands("Mountain", 0, 2)
    state = s.go()
    cast(state, wurm)
    sid = state.stack[-1].sid
    d = resolve(state)
    assert d is not None
    return state, d, thrinax, bears, sid


def test_the_controller_orders_devour_and_the_thrinax() -> None:
    state, d, thrinax, _, sid = _wurm_with_thrinax()
    assert d.kind == "replacement" and d.player == 0 and d.source == sid
    assert isinstance(d.about, Replacing) and d.about.event == "enter"
    assert list(zip(d.about.effects, d.options, strict=True)) == [
        ("enters with additional counters", thrinax), ("devour", sid)]


def test_devour_first_leaves_the_thrinax_out_once_eaten() -> None:
    """616.1e: after devour (which eats the Thrinax) the Thrinax's effect no longer
    applies: no second replacement question, and the Wurm gets devour's counter only."""
    state, d, thrinax, _, _ = _wurm_with_thrinax()
    answer(state, d.options.index(d.options[1]))  # devour
    d2 = state.pending
    assert d2 is not None and d2.kind == "devour"
    answer(state, [d2.options.index(thrinax)])
    wurms = [o for o in state.objects.values() if o.card.name == "Gorger Wurm"
             and o.zone == 2]
    assert len(wurms) == 1 and wurms[0].counters == {"+1/+1": 1}
    assert thrinax not in state.battlefield


def test_no_question_when_no_effect_acts() -> None:
    """Graft and the Thrinax's effect on a creature entering: neither changes what the
    other reads, every order is the same, so both apply and nothing is asked."""
    s = Setup(active=0, step=MAIN1)
    thrinax = s.bf("Bloodspore Thrinax", 0, counters={"+1/+1": 2})
    state = s.go()
    after = prepare_enter(state, card(state, "Simic Initiate"), 0, None)
    assert len(after) == 2 and state.pending is None
    assert thrinax in state.battlefield


def test_the_controller_it_enters_under_is_asked_not_the_owner() -> None:
    """The card is player 0's, entering under player 1, who controls the Thrinax: the
    question is player 1's (616.1: the affected object's controller)."""
    s = Setup(active=0, step=MAIN1)
    s.bf("Bloodspore Thrinax", 1, counters={"+1/+1": 2})
    wurm = s.add("Gorger Wurm", 0, "graveyard")
    state = s.go()
    with pytest.raises(Suspend):
        prepare_enter(state, obj(state, wurm).card, 1, Asker(state, DrawTask(player=0)),
                      wurm)
    d = state.pending
    assert d is not None and d.kind == "replacement" and d.player == 1 and d.source == wurm


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_answers(policy: str) -> None:
    """Each shipped policy answers legally; the heuristic applies the Thrinax's counters
    before devour (applied after a devour that ate it, they would not apply at all)."""
    state, d, thrinax, _, _ = _wurm_with_thrinax()
    pick = decide(make_policy(policy, 3), state, d)
    assert isinstance(pick, int) and 0 <= pick < len(d.options)
    if policy == "heuristic":
        assert d.options[pick] == thrinax
    answer(state, pick)


def test_the_search_tries_each_order() -> None:
    state, d, *_ = _wurm_with_thrinax()
    own = make_policy("heuristic", 1).decide(state, d)
    assert sorted(SearchPolicy.candidates(state, d, own)) == [0, 1]


def test_every_kind_has_one_rule() -> None:
    kinds = [r.kind for r in ENTER_RULES]
    assert len(kinds) == len(set(kinds))
    assert {"devour", "graft", "bloodthirst", "enters with counters",
            "enters with additional counters", "choose a color"} <= set(kinds)

