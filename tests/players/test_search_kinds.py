"""The ``kinds`` setting of the searches (issue 37): a spec names the decision kinds it
searches and leaves every other decision to the heuristic, so its budget goes only to
the kinds that pay (docs/search-record.md, "Which decisions to search")."""

from __future__ import annotations

import pytest
from gamesetup import bundled_deck
from test_search import CHOICES, SEARCHED, _positions

import mtgsim.engine.players.policies.ismcts as ismcts
from mtgsim.engine.game import play, policy_stops
from mtgsim.engine.players.policies import (
    MctsPolicy,
    PolicySpecError,
    SearchPolicy,
    make_policy,
    parse_policy,
)
from mtgsim.engine.players.policies.search_actions import Candidate
from mtgsim.engine.players.policies.search_kinds import (
    SEARCHED_CHOICES,
    SEARCHED_KINDS,
    SEARCHED_MULTI,
    read_kinds,
)
from mtgsim.engine.rules.turn import advance, new_game
from mtgsim.engine.state.decisions import Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.view import player_view

ALL_CHOICES = "+".join(sorted(str(k) for k in SEARCHED_CHOICES))


@pytest.mark.parametrize(("text", "canonical"), [
    ("search:kinds=priority", "search:kinds=priority"),
    ("search:kinds=blockers + attackers", "search:kinds=attackers+blockers"),
    (f"search:kinds={ALL_CHOICES}+priority", "search:kinds=choice+priority"),
    ("search:kinds=choice+target", "search:kinds=choice"),  # a member of a named group
    ("search:kinds=target+mode", "search:kinds=mode+target"),  # part of a group: by name
    ("search:kinds=multi+choice+priority+attackers+blockers", "search"),  # all: default
    ("mcts:kinds=attackers+multi,iterations=2", "mcts:iterations=2,kinds=attackers+multi"),
])
def test_kinds_specs_are_canonical(text: str, canonical: str) -> None:
    assert str(parse_policy(text)) == canonical


@pytest.mark.parametrize(("text", "problem"), [
    ("search:kinds=mulligan", "never searches 'mulligan'"),
    ("search:kinds=priority+combat", "unknown decision kind 'combat'"),
    ("search:kinds=priority+", "empty name"),
    ("mcts:kinds=search", "never searches 'search'"),
    # an exclusion: "-" once, before the whole value, and some kind left
    ("search:kinds=-", "empty name"),
    ("search:kinds=-may+", "empty name"),
    ("search:kinds=--may", "goes once, before the whole value"),
    ("search:kinds=priority+-may", "goes once, before the whole value"),
    ("search:kinds=-mulligan", "never searches 'mulligan'"),
    ("search:kinds=-combat", "unknown decision kind 'combat'"),
    ("search:kinds=-choice+multi+priority+attackers+blockers", "leaves out every kind"),
    ("mcts:kinds=-multi+choice+priority+attackers+blockers", "leaves out every kind"),
])
def test_bad_kinds(text: str, problem: str) -> None:
    with pytest.raises(PolicySpecError, match=problem):
        parse_policy(text)


def test_the_groups_are_what_the_search_tries() -> None:
    assert read_kinds("choice") == SEARCHED_CHOICES
    assert read_kinds("multi") == SEARCHED_MULTI
    assert read_kinds("choice+multi+priority+attackers+blockers") == SEARCHED_KINDS
    assert SearchPolicy(1, parse_policy("search")).kinds == SEARCHED_KINDS


BUT_MAY = "+".join(sorted(str(k) for k in SEARCHED_KINDS - {DecisionKind.MAY}))
BUT_MAY_CANONICAL = "+".join(sorted([*(str(k) for k in SEARCHED_CHOICES - {DecisionKind.MAY}),
                                     "attackers", "blockers", "multi", "priority"]))


@pytest.mark.parametrize(("text", "canonical"), [
    ("search:kinds=-may", f"search:kinds={BUT_MAY_CANONICAL}"),  # every kind but may
    (f"search:kinds={BUT_MAY}", f"search:kinds={BUT_MAY_CANONICAL}"),  # the same, written out
    ("search:kinds=- may + target", "search:kinds=" + "+".join(sorted(
        [*(str(k) for k in SEARCHED_CHOICES - {DecisionKind.MAY, DecisionKind.TARGET}),
         "attackers", "blockers", "multi", "priority"]))),
    ("search:kinds=-choice", "search:kinds=attackers+blockers+multi+priority"),
    ("search:kinds=-choice+multi", "search:kinds=attackers+blockers+priority"),
    ("search:kinds=-priority+multi+choice", "search:kinds=attackers+blockers"),
    ("search:kinds=-multi+blockers,focus=-choice+multi+priority,frollouts=4",
     "search:focus=attackers+blockers,frollouts=4,kinds=attackers+choice+priority"),
    ("mcts:kinds=-choice+multi+blockers", "mcts:kinds=attackers+priority"),
])
def test_an_exclusion_names_every_kind_but_those(text: str, canonical: str) -> None:
    """``kinds=-K+K...``: every searched kind but those named, spelled canonically by
    what it keeps (so it is the same job as the kinds written out, and canonical twice
    is canonical once)."""
    spec = parse_policy(text)
    assert str(spec) == canonical
    assert str(parse_policy(str(spec))) == canonical


def test_an_exclusion_reads_as_the_kinds_it_keeps() -> None:
    but_may = SEARCHED_KINDS - {DecisionKind.MAY}
    assert DecisionKind.MAY in SEARCHED_KINDS and DecisionKind.MAY not in but_may
    assert read_kinds("-may") == read_kinds(BUT_MAY) == but_may
    assert read_kinds("-choice+multi") == frozenset(
        {DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS})
    assert SearchPolicy(1, parse_policy("search:kinds=-may")).kinds == but_may
    assert MctsPolicy(1, parse_policy("mcts:kinds=-may")).kinds == but_may
    focused = SearchPolicy(1, parse_policy("search:focus=-choice+multi,frollouts=2"))
    assert focused.kinds == SEARCHED_KINDS
    assert focused.focus == read_kinds("priority+attackers+blockers")


def _searched_positions() -> list[tuple[GameState, DecisionKind]]:
    """Positions of each kind where the unrestricted search has two or more candidates."""
    out = []
    for decks, kinds in [(("jund_cascade", "bant_exalted"), SEARCHED),
                         (("gruul_stompy", "selesnya_convoke"), SEARCHED[1:]),
                         (("golgari_dredge", "naya_auras"), CHOICES)]:
        for state in _positions(decks, 8, every=2, limit=4, kinds=kinds):
            d = state.pending
            assert d is not None
            view = player_view(state, d.player)
            probe = SearchPolicy(1, parse_policy("search:rollouts=1"))
            if len(probe.search_candidates(view, d, probe.inner.decide(view, d))) >= 2:
                out.append((state, d.kind))
    return out


@pytest.mark.parametrize("name", ["search:rollouts=1", "mcts:iterations=1"])
def test_only_the_kinds_named_are_searched(name: str) -> None:
    """At a decision of a kind the spec leaves out, the heuristic's answer, no rollout;
    at one it names, the search as without the setting."""
    positions = _searched_positions()
    assert {k for _, k in positions} >= {DecisionKind.PRIORITY, DecisionKind.ATTACKERS}
    assert any(k in SEARCHED_CHOICES for _, k in positions)
    for state, kind in positions:
        d = state.pending
        assert d is not None
        view = player_view(state, d.player)
        others = "+".join(sorted(str(k) for k in SEARCHED_KINDS - {kind}))
        left_out = make_policy(f"{name},kinds={others}", 1)
        assert isinstance(left_out, SearchPolicy | MctsPolicy)
        assert left_out.decide(view, d) == make_policy("heuristic", 1).decide(view, d)
        assert left_out.searched == 0 and left_out.played == 0
        named, every = make_policy(f"{name},kinds={kind}", 1), make_policy(name, 1)
        assert isinstance(named, SearchPolicy | MctsPolicy)
        assert isinstance(every, SearchPolicy | MctsPolicy)
        assert named.decide(view, d) == every.decide(view, d)
        assert named.searched == every.searched == 1 and named.played == every.played > 0


def _whole_game(spec: str, monkeypatch: pytest.MonkeyPatch,
                decks: tuple[str, str]) -> list[DecisionKind]:
    """The kinds of the decisions a search pilot searched in one game (its ``_search``
    calls and, for the tree, the decisions below the root it chose by the tree)."""
    seen: list[DecisionKind] = []
    real_select = ismcts.select

    def counting(real):  # type: ignore[no-untyped-def]
        def search(self: SearchPolicy | MctsPolicy, state: GameState, d: Decision,
                   candidates: list[Answer | Candidate]) -> Answer | Candidate:
            seen.append(d.kind)
            return real(self, state, d, candidates)
        return search

    def select(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(args[2].kind)
        return real_select(*args, **kwargs)

    monkeypatch.setattr(SearchPolicy, "_search", counting(SearchPolicy._search))
    monkeypatch.setattr(MctsPolicy, "_search", counting(MctsPolicy._search))
    monkeypatch.setattr(ismcts, "select", select)
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy(spec, 4), make_policy("heuristic", 5)]
    state = new_game(cards, 4, stops=policy_stops(policies, cards))
    play(state, policies)
    assert state.result is not None
    return seen


@pytest.mark.parametrize("spec", ["search:rollouts=1,depth=1",
                                  "mcts:iterations=1,depth=1"])
def test_a_game_searches_only_the_kinds_named(spec: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    decks = ("gruul_stompy", "selesnya_convoke")
    every = _whole_game(spec, monkeypatch, decks)
    assert DecisionKind.PRIORITY in every and DecisionKind.ATTACKERS in every  # a test
    # that can fail: without the setting the same game searches other kinds than combat
    combat = _whole_game(f"{spec},kinds=attackers+blockers", monkeypatch, decks)
    assert combat and set(combat) <= {DecisionKind.ATTACKERS, DecisionKind.BLOCKERS}


@pytest.mark.parametrize(("text", "problem"), [
    ("search:focus=attackers", "focus and frollouts go together"),
    ("search:frollouts=6", "focus and frollouts go together"),
    ("search:ms=20,focus=attackers,frollouts=6", "not with ms"),
    ("search:focus=attackers,frollouts=0", "frollouts: must be 1 .. 100000"),
])
def test_bad_focus(text: str, problem: str) -> None:
    with pytest.raises(PolicySpecError, match=problem):
        parse_policy(text)


def test_the_focus_kinds_get_their_own_rollouts() -> None:
    """At a ``focus`` kind the search is the one of ``rollouts=frollouts`` (the same
    deals, the same answer, the same rollouts), at the other kinds the one of
    ``rollouts``."""
    positions = _searched_positions()
    assert str(parse_policy("search:frollouts=4,focus=priority")) == \
        "search:focus=priority,frollouts=4"
    focused = 0
    for state, kind in positions:
        d = state.pending
        assert d is not None
        view = player_view(state, d.player)
        focus = "priority" if kind is DecisionKind.PRIORITY else "attackers+blockers"
        policy = SearchPolicy(1, parse_policy(f"search:rollouts=1,focus={focus},frollouts=4"))
        inside = kind in policy.focus
        same = SearchPolicy(1, parse_policy(f"search:rollouts={4 if inside else 1}"))
        other = SearchPolicy(1, parse_policy(f"search:rollouts={1 if inside else 4}"))
        assert policy.decide(view, d) == same.decide(view, d)
        other.decide(view, d)
        assert policy.played == same.played and policy.last_counts == same.last_counts
        if inside:
            focused += 1
            assert other.played < same.played or other.last_stop  # the budget differs
    assert focused >= 2


def _mulligan_positions() -> list[GameState]:
    """The first mulligan decision of a few new games (before any card is played)."""
    out = []
    for seed, decks in enumerate([("gruul_stompy", "izzet_spells"),
                                  ("golgari_dredge", "naya_auras")]):
        cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
        policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
        state = new_game(cards, seed, stops=policy_stops(policies, cards))
        d = advance(state)
        assert d is not None and d.kind is DecisionKind.MULLIGAN
        out.append(state)
    return out


def test_mulligan_searches_keep_or_mulligan_to_the_game_s_end() -> None:
    """``mulligan=N``: both answers played on to the end of the game (every score a
    result: 1, 0 or a draw's 0.5), N deals each unless an early stop; without it the
    heuristic keeps or mulligans alone."""
    assert str(parse_policy("search:mulligan=0")) == "search"
    for state in _mulligan_positions():
        d = state.pending
        assert d is not None
        view = player_view(state, d.player)
        plain = SearchPolicy(1, parse_policy("search:rollouts=1"))
        assert plain.decide(view, d) == make_policy("heuristic", 1).decide(view, d)
        assert plain.searched == 0 and plain.played == 0
        # (``sooner=0``: every result scored as it is, not by when, as before search
        # play 6 made ``sooner=1`` the default)
        policy = SearchPolicy(1, parse_policy("search:rollouts=1,depth=1,mulligan=3,sooner=0"))
        assert policy.decide(view, d) in (0, 1)
        assert policy.searched == 1 and len(policy.last_counts) == 2
        assert policy.played == sum(policy.last_counts)
        assert (policy.last_stop and policy.played >= 3) or 5 <= policy.played <= 6
        assert all(v in (0.0, 0.5, 1.0) for vs in policy.last_values for v in vs)
