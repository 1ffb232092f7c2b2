"""The Python facade (mtgsim.api) plays the same games as the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest

import mtgsim
from mtgsim.engine.decklists.deck import DeckError
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.render import render_log
from mtgsim.pipelines.runner import play_seeded

POOL = mtgsim.CardPool()
GRUUL = POOL.deck("gruul_stompy")
SKIES = POOL.deck("azorius_skies")


def test_import_mtgsim_names_the_facade() -> None:
    assert mtgsim.Game is mtgsim.api.Game
    assert {"CardPool", "Game", "gauntlet", "Results", "replay"} <= set(dir(mtgsim))
    with pytest.raises(AttributeError):
        mtgsim.no_such_thing  # noqa: B018


@pytest.mark.parametrize("seed", [0, 11, 29])
@pytest.mark.parametrize("policies", [("heuristic", "heuristic"), ("random", "goldfish")])
def test_a_game_is_the_command_lines_game(seed: int, policies: tuple[str, str]) -> None:
    game = mtgsim.Game(GRUUL, SKIES, seed=seed, policies=policies)
    result = game.play()
    state = play_seeded([GRUUL, SKIES], policies, seed, keep_log=True, record=True)
    assert result == state.result
    assert state.log is not None
    assert game.log() == render_log(state.log, state.result)
    assert game.state.decisions == state.decisions


def test_stepping_decision_by_decision_is_playing() -> None:
    played = mtgsim.Game(GRUUL, SKIES, seed=7)
    played.play()
    stepped = mtgsim.Game("gruul_stompy", "azorius_skies", seed=7)
    answers = []
    while not stepped.is_over():
        d = stepped.decision
        assert d is not None and len(stepped.choices()) == (
            len(d.actions) if d.kind == "priority" else len(d.pairs or d.options))
        answers.append(stepped.step())
    assert stepped.result == played.result
    assert answers == played.state.decisions
    assert stepped.step() is None and stepped.choices() == []


def test_an_illegal_answer_changes_nothing() -> None:
    game = mtgsim.Game(GRUUL, SKIES, seed=1)
    before = game.decision
    with pytest.raises(mtgsim.IllegalAnswer):
        game.answer(42)
    assert game.decision == before and game.state.actions_taken == 0
    game.answer(0)
    assert game.state.actions_taken == 1


def test_choices_describe_priority_actions() -> None:
    game = mtgsim.Game(GRUUL, SKIES, seed=11)
    while game.decision is not None and game.decision.kind != "priority":
        game.step()
    choices = game.choices()
    assert choices[0] == "pass"
    assert all(c.startswith(("play ", "cast ", "activate ")) for c in choices[1:])


def test_replay_round_trip_and_mismatch(tmp_path: Path) -> None:
    game = mtgsim.Game(GRUUL, SKIES, seed=3, policies=["heuristic", "random"])
    game.play()
    path = tmp_path / "game.json"
    game.save_replay(path)
    again = mtgsim.replay(path)
    assert again.result == game.result and again.log() == game.log()
    assert main(["replay", str(path), "--quiet"]) == 0  # the command line reads it too
    data = json.loads(path.read_text())
    data["log_hash"] = "0" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(mtgsim.ReplayMismatch, match="log hash differs"):
        mtgsim.replay(path)


def test_a_replay_needs_named_policies() -> None:
    class Mine:
        name = "mine"

        def decide(self, state, decision):  # type: ignore[no-untyped-def]
            return list(range(decision.min_count)) if decision.multi else 0

    game = mtgsim.Game(GRUUL, SKIES, seed=2, policies=[Mine(), "heuristic"])
    assert game.play().turns > 0
    with pytest.raises(ValueError, match="records policies by name"):
        game.replay()


def test_pools_and_pasted_decks(tmp_path: Path) -> None:
    (tmp_path / "cave_bear.toml").write_text(
        'name = "Cave Bear"\nmana_cost = "{2}{G}"\ntypes = ["creature"]\npower = 3\n'
        'toughness = 3\n')
    mine = mtgsim.CardPool(cards=[tmp_path])
    assert len(mine) == len(POOL) + 1 and "Cave Bear" in mine and "Cave Bear" not in POOL
    deck = mine.parse_deck("4 Cave Bear\n56 Forest\n", name="bears")
    assert deck.name == "bears" and deck.names[:4] == ["Cave Bear"] * 4
    game = mtgsim.Game(deck, "gruul_stompy", pool=mine, seed=4)
    assert game.play().turns > 0
    with pytest.raises(DeckError, match=r"^pasted:1: unknown card 'Cave Bear'"):
        POOL.parse_deck("4 Cave Bear\n56 Forest\n", name="pasted")
    assert mine.hash() != POOL.hash()


def test_a_gauntlet_is_the_command_lines_gauntlet(tmp_path: Path) -> None:
    decks = ["gruul_stompy", "azorius_skies", "bogles"]
    results = mtgsim.gauntlet(decks, games=4, seed=5)
    assert len(results) == 12 and results.path is None
    out = tmp_path / "cli"
    assert main(["gauntlet", *decks, "--games", "4", "--seed", "5", "--executor", "serial",
                 "--out", str(out), "--quiet"]) == 0
    cli = mtgsim.read_results(out)
    keys = ["deck_a", "deck_b", "game", "seed", "winner", "turns", "decisions"]

    def rows(r: mtgsim.Results) -> list[tuple[object, ...]]:
        t = r.table.select(keys)
        return sorted(tuple(str(v) for v in row.values()) for row in t.to_pylist())

    assert rows(results) == rows(cli)
    kept = mtgsim.gauntlet(decks, games=4, seed=5, out=tmp_path / "api")
    assert rows(kept) == rows(cli) and kept.matchups().num_rows == 3


def test_win_rates_count_both_seats() -> None:
    results = mtgsim.versus("gruul_stompy", ["azorius_skies", "bogles"], games=6, seed=2)
    rates = {r["deck"]: r for r in results.win_rates().to_pylist()}
    assert rates["gruul_stompy"]["games"] == 12
    assert rates["azorius_skies"]["games"] == 6 and rates["bogles"]["games"] == 6
    t = results.table.to_pylist()
    for deck, r in rates.items():
        wins = sum(1 for g in t if (g["deck_a"] == deck and g["winner"] == 0)
                   or (g["deck_b"] == deck and g["winner"] == 1))
        assert r["wins"] == wins and r["win_rate"] == pytest.approx(wins / r["games"])
    assert sum(r["games"] for r in rates.values()) == 2 * len(results)


def test_results_as_frames() -> None:
    results = mtgsim.gauntlet(["gruul_stompy", "azorius_skies"], games=2)
    assert isinstance(results.table, pa.Table)
    df = results.to_pandas()
    frame = results.to_polars()
    assert len(df) == frame.height == 2
    assert list(df.columns) == results.table.column_names == frame.columns


def test_a_deck_named_twice_is_an_error() -> None:
    with pytest.raises(ValueError, match="named twice"):
        mtgsim.gauntlet(["bogles", "bogles"], games=1)


CROWS = "24 Island\n4 Storm Crow\n4 Gray Ogre\n4 Walking Corpse\n24 Swamp\n"


def test_the_api_compiles_a_deck_card_the_pool_lacks(tmp_path: Path) -> None:
    """A deck naming cards the bundled files do not define gets them from the Oracle
    compiler, as the command line does: the pool that loaded it learns them (and its hash
    covers them), the bundled default pool stays as it was, the game is the command line's
    game, and a replay of it re-plays with a pool that never saw the deck."""
    assert not {"Storm Crow", "Gray Ogre", "Walking Corpse"} & set(POOL)
    path = tmp_path / "crows.txt"
    path.write_text(CROWS)
    pool = mtgsim.CardPool()
    before = pool.hash()
    deck = pool.deck(path)
    assert deck.names.count("Storm Crow") == 4 and "Storm Crow" in pool
    assert pool.hash() != before
    game = mtgsim.Game(path, GRUUL, seed=5)
    result = game.play()
    assert "Storm Crow" in game.pool and "Storm Crow" not in mtgsim.CardPool()
    assert game.pool.hash() == pool.hash()
    assert result == mtgsim.Game(deck, GRUUL, seed=5, pool=pool).play()
    again = mtgsim.replay(game.replay())
    assert again.state.result == result
    assert main(["play", str(path), "gruul_stompy", "--seed", "5", "--quiet"]) == 0
    pasted = mtgsim.CardPool().parse_deck("56 Island\n4 Mulldrifter\n", name="drift")
    assert pasted.names.count("Mulldrifter") == 4


def test_the_api_names_every_card_it_cannot_compile() -> None:
    with pytest.raises(DeckError) as info:
        mtgsim.CardPool().parse_deck("52 Island\n4 Lightning Blot\n4 Counterspel\n", "typos")
    message = str(info.value)
    assert "2 cards of this list cannot be played" in message
    assert "'Lightning Bolt'" in message and "'Counterspell'" in message
    assert "--cards" in message


def test_the_api_records_events_as_the_command_line_does(tmp_path: Path) -> None:
    """``record_events=True`` is ``--record-events``: the same events and hands rows."""
    from mtgsim.results.events import read_events, read_hands

    decks = ["gruul_stompy", "bogles"]
    mtgsim.versus(decks[0], decks[1:], games=2, seed=3, out=tmp_path / "api",
                  record_events=True)
    assert main(["versus", decks[0], "--field", decks[1], "--games", "2", "--seed", "3",
                 "--executor", "serial", "--out", str(tmp_path / "cli"), "--quiet",
                 "--record-events"]) == 0
    for read in (read_events, read_hands):
        api, cli = read(tmp_path / "api"), read(tmp_path / "cli")
        assert api.num_rows > 0
        assert api.drop_columns(["job"]).to_pylist() == cli.drop_columns(["job"]).to_pylist()
    mtgsim.gauntlet(decks, games=2, seed=3, out=tmp_path / "plain")
    assert read_hands(tmp_path / "plain").num_rows == 0  # off by default
