"""The plain heuristic's own walks of a declared combat (engine/players/policies/tricks.py:
``_unblocked``, ``_mass_pump_score``, ``_trick_score`` through ``pumped_combat``'s plain
count; activation.py: ``_firebreathing_score``) on an attacker blocked by a blocker that
then left the battlefield. The engine drops such a blocker from ``combat.blockers``
(zones.remove_from_combat) and keeps the attacker blocked (``combat.blocked``): it deals no
combat damage (510.1c) unless it has trample, then all of it to the player (702.19e). Each
walk took it for unblocked; each test's trample-less case fails without the fix, and the
trampler's case shows what did not change."""

from __future__ import annotations

import pytest
from gamesetup import Setup, attack, block, pass_until

from mtgsim.engine.cards.schema.bits import KW_TRAMPLE
from mtgsim.engine.players.policies import HeuristicPolicy, make_policy
from mtgsim.engine.players.policies.context import Ctx, first_effects
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.effect import Role, role_of
from mtgsim.engine.rules.zones import move
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, GRAVEYARD, MAIN1, MAIN2, GameState
from mtgsim.engine.state.view import player_view

# B's blocker, moved to the graveyard once blocks are declared: a 0/5 flying defender,
# so it can block Kargan Dragonlord (flying) too and has no ability of its own to read
BLOCKER = "Drift of Phantasms"


def _plain() -> HeuristicPolicy:
    policy = make_policy("heuristic", 1)
    assert isinstance(policy, HeuristicPolicy)
    return policy


def _blocker_left(attacker: str, life: int, level: int = 0,
                  hand: tuple[str, ...] = ()) -> tuple[GameState, int, list[int]]:
    """A attacks with ``attacker`` (``level`` level counters), B (at ``life``) blocks it
    with the Drift, A has priority after blocks (509) with ``hand``, and the Drift then
    leaves the battlefield (a removal spell's zone change): the attacker stays blocked
    with no blocker left. Returns the state, the attacker and the cards in A's hand."""
    s = Setup(active=0, step=MAIN1, library_card="Island", life=(20, life))
    att = s.bf(attacker, 0, counters={"level": level} if level else None)
    drift = s.bf(BLOCKER, 1)
    cards = [s.hand(name, 0) for name in hand]
    state = s.go()
    attack(state, [att])
    block(state, [(drift, att)])
    d = pass_until(state, lambda st, x: x is not None and x.kind == "priority" and
                   st.step == DECLARE_BLOCKERS and x.player == 0)
    assert d is not None
    move(state, state.objects[drift], GRAVEYARD)
    combat = state.combat
    assert combat is not None and combat.blockers[att] == [] and combat.blocked[att]
    return state, att, cards


@pytest.mark.parametrize("trample", [False, True])
def test_unblocked_counts_what_the_engine_deals(trample: bool) -> None:
    """``_unblocked``: Grizzly Bears (2/2) deal nothing (510.1c), Colossal Dreadmaw (6/6
    trample) all 6 to B (702.19e); the engine then deals what it says."""
    state, _att, _cards = _blocker_left("Colossal Dreadmaw" if trample else "Grizzly Bears",
                                        20)
    through = _plain()._unblocked(Ctx(player_view(state, 0), 0))
    assert through == (6 if trample else 0)
    pass_until(state, lambda st, _d: st.step == MAIN2)
    assert state.players[1].life == 20 - through


@pytest.mark.parametrize("trample", [False, True])
def test_a_mass_pump_adds_nothing_to_a_held_attacker(trample: bool) -> None:
    """``_mass_pump_score``, Violent Outburst ("creatures you control get +1/+0"): B at 3
    against the Bears is out of reach (they deal nothing, pumped or not: it was 2 + 1 = 3,
    lethal, 45); B at 7 against the Dreadmaw is in reach, 6 + 1 = 7 (45, as before)."""
    state, _att, (outburst,) = _blocker_left(
        "Colossal Dreadmaw" if trample else "Grizzly Bears", 7 if trample else 3,
        hand=("Violent Outburst",))
    effects = first_effects(state.objects[outburst].card)
    score = _plain()._mass_pump_score(Ctx(player_view(state, 0), 0), effects[0], effects)
    assert score == (45.0 if trample else 0.0)


@pytest.mark.parametrize("trample", [False, True])
def test_a_pump_is_not_lethal_on_a_held_attacker(trample: bool) -> None:
    """``_trick_score`` (``pumped_combat``'s plain count), Giant Growth (+3/+3): B at 5
    against the Bears is out of reach (it was 2 + 3 = 5, lethal, 45 on the Bears) and no
    fight is left to win; B at 9 against the Dreadmaw is in reach, 6 + 3 = 9 (45 on it)."""
    state, att, (growth,) = _blocker_left(
        "Colossal Dreadmaw" if trample else "Grizzly Bears", 9 if trample else 5,
        hand=("Giant Growth",))
    policy = _plain()
    obj = state.objects[growth]
    pump = first_effects(obj.card)[0]
    score = policy._trick_score(Ctx(player_view(state, 0), 0), obj, pump)
    assert score == (45.0 if trample else 0.0)
    assert policy.plan.get(growth) == ([att] if trample else None)


@pytest.mark.parametrize("trample", [False, True])
def test_firebreathing_on_a_held_attacker(trample: bool) -> None:
    """``_firebreathing_score``, Kargan Dragonlord at level 8 (8/8 flying, trample, "{R}:
    +1/+0"): its mana is worth pouring in as a trampler (all of it reaches B, 702.19e, 6
    as before); without trample (taken off the object here: no firebreather of the pool
    lacks it) the +1/+0 deals nothing (510.1c: it was 6 as for an unblocked attacker)."""
    state, att, _cards = _blocker_left("Kargan Dragonlord", 20, level=8)
    view = player_view(state, 0)
    obj = view.objects[att]
    assert obj.kw & KW_TRAMPLE
    if not trample:
        obj.kw &= ~KW_TRAMPLE
    pump = next(ab.effects[0] for ab in activated_abilities(obj)
                if ab.effects and role_of(ab.effects[0]) is Role.PUMP)
    score = _plain()._firebreathing_score(Ctx(view, 0), obj, pump)
    assert score == (6.0 if trample else 0.0)
