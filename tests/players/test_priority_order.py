"""The heuristic's priority tie-breaks (``heuristic:prio=lands|bodies|both|mana``,
``engine/players/policies/priority_order.py``; ``mana`` the default since December 6)
and the same setting in the search's own heuristic. The plays are the AI puzzles
``land_drop_pays_for_the_one_drop`` and ``the_bigger_body_first``: each fails with the
old play (``heuristic:attack=trades,prio=plain``: the tie goes to the first action in the
list) and passes with its setting; the default heuristic solves the first."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import main_phase_state

from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies import HeuristicPolicy, make_policy
from mtgsim.engine.players.policies import search as search_module
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.policies.priority_order import (
    MANA_WEIGHT,
    body_worth,
    land_need,
    rules_of,
)
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.players.policies.spec import PolicySpecError, canonical
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.turn import advance
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.game_state import GameState

AI = Path(__file__).parents[1] / "scenarios" / "ai"
PUZZLES = {"land_drop_pays_for_the_one_drop": "heuristic:prio=lands",
           "the_bigger_body_first": "heuristic:prio=bodies"}
OLD = "heuristic:attack=trades,prio=plain"  # the default pilot before December 6


def _play(name: str, policy: str, tmp_path: Path) -> tuple[bool, str | None]:
    text = (AI / f"{name}.toml").read_text()
    lines = [ln for ln in text.splitlines() if ln.startswith("policy = ")]
    assert len(lines) == 1
    f = tmp_path / f"{name}.toml"
    f.write_text(text.replace(lines[0], f'policy = "{policy}"'))
    r = run_scenario(f, load_pool())
    return r.passed, r.error


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_the_setting_solves_the_puzzle_and_the_old_play_does_not(
        name: str, tmp_path: Path) -> None:
    assert _play(name, PUZZLES[name], tmp_path) == (True, None)
    assert _play(name, "heuristic:prio=both", tmp_path) == (True, None)
    passed, error = _play(name, OLD, tmp_path)
    assert not passed and error is not None and "not on the battlefield" in error
    for spec in ("heuristic:prio=plain", "heuristic:attack=race,prio=plain"):
        assert _play(name, spec, tmp_path) == (passed, error)
    # the default (prio=mana) pays for the one-drop; it breaks no creature ties
    passed, error = _play(name, "heuristic", tmp_path)
    assert _play(name, "heuristic:prio=mana", tmp_path) == (passed, error)
    if name == "land_drop_pays_for_the_one_drop":
        assert (passed, error) == (True, None)
    else:
        assert not passed and error is not None and "not on the battlefield" in error


def _position(tmp_path: Path, hand: list[str], lands: list[str],
              corpus: tuple[str, ...] = ()) -> GameState:
    state = main_phase_state(tmp_path, hand, lands, ("Plains", "Plains", "Plains"),
                             ("Forest", "Forest", "Forest"), corpus)
    ensure(state)
    return state


def _card(state: GameState, name: str) -> Card:
    return next(o.card for o in state.objects.values() if o.card.name == name)


def test_land_need_counts_what_the_land_pays_for(tmp_path: Path) -> None:
    """With a Swamp out: a Mountain casts Goblin Guide now (NOW) and is the only red
    source for it and Lightning Bolt (LATER, twice); a Plains pays for nothing; Savage
    Lands enters tapped, so only the later need counts."""
    state = _position(tmp_path, ["Mountain", "Plains", "Savage Lands", "Goblin Guide",
                                 "Lightning Bolt"], ["Swamp"])
    ctx = Ctx(state, 0)
    assert land_need(ctx, _card(state, "Mountain")) == pytest.approx(2 * 0.2 + 2 * 0.04)
    assert land_need(ctx, _card(state, "Plains")) == 0.0
    assert land_need(ctx, _card(state, "Savage Lands")) == pytest.approx(2 * 0.04)
    # the bonus stays under the half point between the heuristic's land scores
    assert land_need(ctx, _card(state, "Mountain")) < 0.5
    # prio=mana: the same need at five times the weight, over a new colour's +1
    assert land_need(ctx, _card(state, "Mountain"), MANA_WEIGHT) == pytest.approx(2.4)


def test_land_need_is_zero_when_the_mana_out_already_pays(tmp_path: Path) -> None:
    state = _position(tmp_path, ["Mountain", "Goblin Guide"], ["Mountain"])
    assert land_need(Ctx(state, 0), _card(state, "Mountain")) == 0.0


def test_land_need_reads_the_filters_out(tmp_path: Path) -> None:
    """A Swamp and Prophetic Prism out ("{1}, {T}: Add one mana of any color.", a filter:
    ``Units.filters``): Goblin Guide is castable already (the Swamp's mana through the
    Prism), so the Mountain makes nothing castable now; it is still the only red unit
    (LATER). The Mountain and Lightning Helix ({R}{W}) with the Prism: the Swamp pays
    the Prism's {1}, the Prism the {W}, the Mountain the {R}: castable with it, not
    without (NOW)."""
    state = _position(tmp_path, ["Mountain", "Goblin Guide"], ["Swamp", "Prophetic Prism"],
                      ("Prophetic Prism",))
    ctx = Ctx(state, 0)
    assert getattr(ctx.units, "filters", 0) == 1
    assert land_need(ctx, _card(state, "Mountain")) == pytest.approx(0.04)
    state = _position(tmp_path, ["Mountain", "Lightning Helix"],
                      ["Swamp", "Prophetic Prism"],
                      ("Prophetic Prism",))
    assert land_need(Ctx(state, 0), _card(state, "Mountain")) == pytest.approx(0.2 + 0.04)


def test_body_worth(tmp_path: Path) -> None:
    state = _position(tmp_path, ["Isamaru, Hound of Konda", "Caravan Escort",
                                 "Overgrown Battlement", "Nest Invader", "Lightning Bolt"],
                      ["Plains"])
    assert body_worth(_card(state, "Isamaru, Hound of Konda")) == 5.0  # 2/2
    assert body_worth(_card(state, "Caravan Escort")) == 2.5  # 1/1 (levels come later)
    assert body_worth(_card(state, "Overgrown Battlement")) == 4.0  # 0/4 defender
    assert body_worth(_card(state, "Nest Invader")) == 5.0
    assert body_worth(_card(state, "Lightning Bolt")) == 0.0


def test_spec_spellings() -> None:
    """The default (prio=mana, attack=race) is dropped from the canonical form; the old
    play keeps a spelling of its own."""
    assert canonical("heuristic:prio=mana") == "heuristic"
    assert canonical("heuristic:attack=race,prio=mana") == "heuristic"
    assert canonical("heuristic:prio=plain") == "heuristic:prio=plain"
    assert canonical("heuristic:prio=plain,attack=trades") == \
        "heuristic:attack=trades,prio=plain"
    assert canonical("heuristic:prio=both") == "heuristic:prio=both"
    assert canonical("search:rollouts=2,prio=lands,attack=race") == \
        "search:prio=lands,rollouts=2"
    assert canonical("search:attack=race,prio=mana,rollouts=2") == "search:rollouts=2"
    assert canonical("search:prio=plain,rollouts=2,attack=trades") == \
        "search:attack=trades,prio=plain,rollouts=2"
    with pytest.raises(PolicySpecError, match="prio"):
        canonical("heuristic:prio=curve")
    assert rules_of("plain") == (0.0, False)
    assert rules_of("lands") == (1.0, False)
    assert rules_of("bodies") == (0.0, True)
    assert rules_of("both") == (1.0, True)
    assert rules_of("mana") == (MANA_WEIGHT, False)


def test_the_default_heuristic_weighs_the_land_drop_and_races() -> None:
    """``heuristic`` (and a heuristic made without settings: the search's opponent model,
    the tree search's) plays ``prio=mana,attack=race``; the old play is a spec away."""
    for h in (make_policy("heuristic", 1), HeuristicPolicy(1)):
        assert isinstance(h, HeuristicPolicy)
        assert (h.land_weight, h.body_ties, h.race) == (MANA_WEIGHT, False, True)
    h = make_policy(OLD, 1)
    assert isinstance(h, HeuristicPolicy)
    assert (h.land_weight, h.body_ties, h.race) == (0.0, False, False)
    h = make_policy("heuristic:prio=both,attack=race", 1)
    assert isinstance(h, HeuristicPolicy)
    assert (h.land_weight, h.body_ties, h.race) == (1.0, True, True)


def test_search_rollouts_play_the_setting_in_their_own_seat_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``search:prio=...,attack=...``: the search's own heuristic (its fallback) and its
    rollouts' own seat have the settings; the other seat is the default heuristic (the
    opponent model, ``prio=mana,attack=race``)."""
    default = make_policy("search:rollouts=1", 1)
    assert isinstance(default, SearchPolicy)
    assert (default.inner.land_weight, default.inner.body_ties, default.inner.race) == \
        (MANA_WEIGHT, False, True)
    old = make_policy("search:rollouts=1,prio=plain,attack=trades", 1)
    assert isinstance(old, SearchPolicy)
    assert (old.inner.land_weight, old.inner.body_ties, old.inner.race) == \
        (0.0, False, False)
    policy = make_policy("search:rollouts=1,prio=both,attack=trades", 1)
    assert isinstance(policy, SearchPolicy)
    assert (policy.inner.land_weight, policy.inner.body_ties, policy.inner.race) == \
        (1.0, True, False)
    seen: list[list[object]] = []

    def no_play(game: GameState, policies: list[object]) -> None:
        seen.append(list(policies))
        return None

    monkeypatch.setattr(search_module, "step", no_play)
    for me in (0, 1):
        seen.clear()
        state = _position(tmp_path, ["Goblin Guide"], ["Mountain"])
        advance(state)  # A's priority: its answer 0 (pass) is the rollout's choice
        policy._rollout(state, me, 0, 7, state.turn + 1)
        own, other = seen[0][me], seen[0][1 - me]
        assert isinstance(own, HeuristicPolicy) and isinstance(other, HeuristicPolicy)
        assert (own.land_weight, own.body_ties, own.race) == (1.0, True, False)
        assert (other.land_weight, other.body_ties, other.race) == (MANA_WEIGHT, False, True)
