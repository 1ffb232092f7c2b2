"""``heuristic:tricks=combat`` (engine/players/policies/combat_tricks.py): an instant that
pumps its caster's own creatures until end of turn is held for a combat it changes, not
cast at the other player's end step for its cascade alone. Each position is answered by
the plain heuristic one way and by the setting the other (the setting's test fails
without it), with Violent Outburst ({1}{R}{G}, instant, cascade, "creatures you control
get +1/+0 until end of turn") and a library of Lightning Bolts for its cascade to find
(702.85a: its estimate reads the library's contents)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from gamesetup import Setup, attack, block, decision_of, pass_until

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import HeuristicPolicy, SearchPolicy, make_policy
from mtgsim.engine.players.policies.combat_tricks import POINT, combat_value
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.policies.spec import canonical
from mtgsim.engine.players.policies.tricks import pumped_combat
from mtgsim.engine.players.worth import value
from mtgsim.engine.rules.zones import move
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.game_state import (
    CAST,
    DECLARE_BLOCKERS,
    END,
    GRAVEYARD,
    MAIN1,
    MAIN2,
    NONE,
    Decision,
    GameState,
)
from mtgsim.engine.state.view import player_view

PLAIN, COMBAT = "heuristic", "heuristic:tricks=combat"


def _outburst(s: Setup, player: int) -> int:
    """Violent Outburst in ``player``'s hand with the three lands that pay for it."""
    s.lands("Mountain", player, 2)
    s.lands("Forest", player, 1)
    return s.hand("Violent Outburst", player)


def _casts(spec: str, state: GameState, d: Decision, oid: int) -> bool:
    pick = d.actions[decide(make_policy(spec, 1), state, d)]
    return pick.kind == CAST and pick.oid == oid


def _priority_in(state: GameState, step: int, player: int) -> Decision:
    d = pass_until(state, lambda s, x: x is not None and x.kind == "priority" and
                   s.step == step and x.player == player)
    assert d is not None
    return d


def test_settings_are_named_and_off_by_default() -> None:
    assert canonical("heuristic:tricks=plain") == "heuristic"
    assert canonical("search:tricks=plain") == "search"
    assert canonical("search:tricks=combat") == "search:tricks=combat"
    assert not make_policy(PLAIN, 1).combat_tricks  # type: ignore[union-attr]
    assert make_policy(COMBAT, 1).combat_tricks  # type: ignore[union-attr]
    search = make_policy("search:tricks=combat", 1)
    assert isinstance(search, SearchPolicy) and isinstance(search.inner, HeuristicPolicy)
    assert search.inner.combat_tricks  # its own seat's heuristic: fallback and rollouts
    assert not make_policy("search", 1).inner.combat_tricks  # type: ignore[union-attr]


@pytest.mark.parametrize("creature", [True, False])
def test_held_at_their_end_step_while_a_creature_could_attack(creature: bool) -> None:
    """At the other player's end step the plain heuristic casts the Outburst for its
    cascade; with the setting it is kept for the next combat while a creature of its
    player could attack, and cast as before when none could (the pump cannot matter)."""
    s = Setup(active=1, step=END, library_card="Lightning Bolt")
    if creature:
        s.bf("Grizzly Bears", 0)
    outburst = _outburst(s, 0)
    state = s.go()
    d = _priority_in(state, END, 0)
    assert _casts(PLAIN, state, d, outburst)
    assert _casts(COMBAT, state, d, outburst) is not creature


def _own_combat(blocked: bool) -> tuple[GameState, Decision, int]:
    """A attacks with Grizzly Bears (2/2) into B's Wall of Wood (0/3); B blocks or not; A has
    priority once blockers are declared (509), the Outburst in hand."""
    s = Setup(active=0, step=MAIN1, library_card="Lightning Bolt")
    bears = s.bf("Grizzly Bears", 0)
    theirs = s.bf("Wall of Wood", 1)
    outburst = _outburst(s, 0)
    state = s.go()
    attack(state, [bears])
    block(state, [(theirs, bears)] if blocked else [])
    return state, _priority_in(state, DECLARE_BLOCKERS, 0), outburst


@pytest.mark.parametrize("blocked", [True, False])
def test_cast_in_its_own_combat_after_blocks(blocked: bool) -> None:
    """After blocks the +1/+0 lets the blocked Bears kill their blocker (3 damage to a
    0/3, 510.1), or adds a point past no blocker; either way, with its cascade's free
    spell, the setting casts it there. The plain heuristic waits for a bigger pump (three
    points of unblocked damage) and for their end step."""
    state, d, outburst = _own_combat(blocked)
    assert not _casts(PLAIN, state, d, outburst)
    assert _casts(COMBAT, state, d, outburst)


def test_a_blocker_pumped_to_kill_its_attacker() -> None:
    """In the other player's combat, B's Grizzly Bears (2/2) blocked by A's Llanowar
    Elves (1/1): the Outburst's +1/+0 makes the Elves deal the Bears lethal damage. The
    plain heuristic pumps only its own attack with a team pump; the setting defends."""
    s = Setup(active=1, step=MAIN1, library_card="Lightning Bolt")
    bears = s.bf("Grizzly Bears", 1)
    elves = s.bf("Llanowar Elves", 0)
    outburst = _outburst(s, 0)
    state = s.go()
    attack(state, [bears])
    block(state, [(elves, bears)])
    d = _priority_in(state, DECLARE_BLOCKERS, 0)
    assert not _casts(PLAIN, state, d, outburst)
    assert _casts(COMBAT, state, d, outburst)


def test_cast_for_its_cascade_after_a_turn_without_an_attack() -> None:
    """In its own second main phase after no attack, the setting casts the Outburst for
    its cascade (a board that does not attack would hold it for ever); the plain
    heuristic casts an instant for its cascade only at the other player's end step."""
    s = Setup(active=0, step=MAIN1, library_card="Lightning Bolt")
    s.bf("Grizzly Bears", 0)
    outburst = _outburst(s, 0)
    state = s.go()
    pass_until(state, decision_of("attackers"))
    attack(state, [])
    d = _priority_in(state, MAIN2, 0)
    assert not _casts(PLAIN, state, d, outburst)
    assert _casts(COMBAT, state, d, outburst)


CASCADE_PUZZLE = Path(__file__).parents[1] / "scenarios" / "ai" / \
    "cascade_spell_cast_for_its_cascade.toml"


@pytest.mark.parametrize(("policy", "solves"), [
    ("heuristic:tricks=combat", True),  # as the plain heuristic: its Outburst is kept
    ("search:tricks=combat", False),  # casts the Outburst in response to the Ram-Gang
])
def test_the_cascade_puzzle(policy: str, solves: bool, tmp_path: Path) -> None:
    """``cascade_spell_cast_for_its_cascade`` (in test_search_puzzles' ``NOT_YET`` for
    the default search): the search whose own seat holds a kept Violent Outburst for A's
    next attack still casts it now at the default two-turn horizon, which ends before
    that attack (at four turns it solves it on 4 of 10 search seeds, against 1 of 10
    without the setting: docs/search-record.md, "Combat tricks at the right time")."""
    text = CASCADE_PUZZLE.read_text()
    f = tmp_path / CASCADE_PUZZLE.name
    f.write_text(text.replace('policy = "heuristic"', f'policy = "{policy}"'))
    assert run_scenario(f, load_pool()).passed is solves


@pytest.mark.parametrize("blocked", [True, False])
def test_one_walk_of_the_combat_for_both_tricks(blocked: bool) -> None:
    """``tricks.pumped_combat`` is the one walk of the declared combat that the plain
    trick (``TrickScorer._trick_score``) and ``combat_value`` both read: the Bears'
    2 damage reaches B unblocked (as either counts it), +3/+3 adds 3 more past no
    blocker, and blocked by the Wall it adds none but wins the fight (the Wall dies), the
    gain both read, found once."""
    state, d, _ = _own_combat(blocked)
    view = player_view(state, 0)
    ctx = Ctx(view, 0)
    reach, past, lines = pumped_combat(ctx, 3, 3, ())
    assert len(lines) == 1
    bears, mine, alone, extra, held, gains = lines[0]
    assert mine and alone is not blocked and not held
    wall = next(oid for oid, o in view.objects.items() if o.card.name == "Wall of Wood")
    if blocked:
        assert (reach, past, extra) == (0, 0, 0)
        assert [oid for oid, _ in gains] == [bears] and 0 < gains[0][1] == value(
            view.objects[wall])
    else:
        assert (reach, past, extra, gains) == (2, 2, 3, [])
    growth = SimpleNamespace(power=3, toughness=3, keywords=(), each=None)
    worth, lethal, target = combat_value(ctx, growth, True)
    assert not lethal and target == bears
    assert worth == (gains[0][1] if blocked else 3 * POINT)


@pytest.mark.parametrize("trample", [False, True])
def test_a_blocked_attacker_whose_blocker_left(trample: bool) -> None:
    """A's attacker is blocked by the Wall of Wood, which then leaves the battlefield: the
    attacker stays blocked (``combat.blocked``) with no blocker left (``combat.blockers``
    empties, zones.remove_from_combat). Grizzly Bears (2/2) deal no combat damage (510.1c),
    so ``heuristic:tricks=combat`` counts none past the blockers and a +3/+3 adds none (B at
    5 is not in reach: 2 + 3 was); Colossal Dreadmaw (6/6 trample) deals all 6 to B
    (702.19e), +3 makes 9, lethal at 9. The plain trick's ``reach`` counts the same
    (tests/players/test_combat_walks.py reads the plain walks); its ``extra`` is the
    attacker's as if unblocked, read only when not held. The engine then deals what
    ``past`` says."""
    life = 9 if trample else 5
    s = Setup(active=0, step=MAIN1, library_card="Lightning Bolt", life=(20, life))
    attacker = s.bf("Colossal Dreadmaw" if trample else "Grizzly Bears", 0)
    wall = s.bf("Wall of Wood", 1)
    state = s.go()
    attack(state, [attacker])
    block(state, [(wall, attacker)])
    _priority_in(state, DECLARE_BLOCKERS, 0)
    move(state, state.objects[wall], GRAVEYARD)  # (a removal spell's zone change)
    combat = state.combat
    assert combat is not None and combat.blockers[attacker] == [] and combat.blocked[attacker]
    ctx = Ctx(player_view(state, 0), 0)
    reach, past, lines = pumped_combat(ctx, 3, 3, ())
    power = 6 if trample else 2
    assert lines == [(attacker, True, True, 3, not trample, [])]
    assert reach == past == (power if trample else 0)
    growth = SimpleNamespace(power=3, toughness=3, keywords=(), each=None)
    outburst = SimpleNamespace(power=1, toughness=0, keywords=(), each=object())
    if trample:
        assert combat_value(ctx, growth, True) == (3 * POINT, True, attacker)
        assert combat_value(ctx, outburst, True) == (POINT, False, NONE)
    else:
        assert combat_value(ctx, growth, True) == (0.0, False, NONE)
        assert combat_value(ctx, outburst, True) == (0.0, False, NONE)
    pass_until(state, lambda st, _d: st.step == MAIN2)
    assert state.players[1].life == life - past
