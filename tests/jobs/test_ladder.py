"""The strength ladder: its plan (every two policies on every pair of decks, each deal
with the pilots swapped), the paired statistics on made-up games with known answers, the
command serially and on Ray, and its errors."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pyarrow as pa
import pytest

from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import JobError
from mtgsim.pipelines.ladder import archetypes, default_policies, ladder_plan
from mtgsim.pipelines.runner import load_card_pool, load_main_deck
from mtgsim.results.dataset import read_games
from mtgsim.results.ladder import ladder_table
from mtgsim.results.manifest import read_manifest

POOL = load_card_pool()
DECKS = ["gruul_stompy", "azorius_skies", "jund_cascade"]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_plan_meets_every_two_policies_on_every_pair_of_decks_twice() -> None:
    decks = [load_main_deck(d, POOL) for d in DECKS]
    entrants, own, pairs = ladder_plan(decks, ["goldfish", "random", "heuristic"])
    assert [d.name for d in entrants] == DECKS * 3
    assert own == ["goldfish"] * 3 + ["random"] * 3 + ["heuristic"] * 3
    assert len(pairs) == len(set(pairs)) == 3 * 3 * 2  # policy pairs, deck pairs, halves
    halves = defaultdict(list)
    for a, b in pairs:
        deals = (entrants[a].name, entrants[b].name)
        halves[(frozenset((own[a], own[b])), deals)].append((own[a], own[b]))
    assert all(len(v) == 2 and v[0] == v[1][::-1] for v in halves.values())
    assert all(entrants[a].name != entrants[b].name for a, b in pairs)


@pytest.mark.parametrize(("policies", "problem"), [
    (["heuristic"], "at least two policies"),
    (["heuristic", " heuristic"], "named twice"),
    (["heuristic", "alphazero"], "unknown policy 'alphazero'"),
])
def test_a_bad_plan_says_why(policies: list[str], problem: str) -> None:
    decks = [load_main_deck(d, POOL) for d in DECKS]
    with pytest.raises(JobError, match=problem):
        ladder_plan(decks, policies)
    with pytest.raises(JobError, match="two decks"):
        ladder_plan(decks[:1], ["heuristic", "random"])


def test_the_default_ladder_is_the_sixteen_archetypes() -> None:
    assert len(archetypes()) == 16 and "gruul_stompy" not in archetypes()
    assert default_policies()[:3] == ("goldfish", "random", "heuristic")
    assert default_policies()[-2:] == ("mcts:iterations=2", "mcts:iterations=4")


def _games(rows: list[tuple[str, str, str, str, int, int]]) -> pa.Table:
    """Games rows (deck_a, deck_b, policy_a, policy_b, game, winner)."""
    n = len(rows)
    cols = list(zip(*rows, strict=True))
    return pa.table({
        "deck_a": list(cols[0]), "deck_b": list(cols[1]), "policy_a": list(cols[2]),
        "policy_b": list(cols[3]), "game": list(cols[4]),
        "seed": [1000 + g for g in cols[4]], "winner": list(cols[5]),
        "on_play": [g % 2 for g in cols[4]], "turns": [10] * n,
        "think_us_a": [1000 if p == "q" else 100 for p in cols[2]],
        "think_us_b": [1000 if p == "q" else 100 for p in cols[3]],
        "duration_us": [5000] * n,
    })


def test_a_step_is_the_paired_score_of_the_upper_rung() -> None:
    """q wins every game on deals 0..5 and splits deals 6..11 (each seat wins once): its
    paired score is (6 * 1 + 6 * 0.5) / 12 = 75%, a gain of 25 points."""
    rows = []
    for g in range(12):
        if g < 6:  # q wins both halves
            rows += [("x", "y", "q", "p", g, 0), ("x", "y", "p", "q", g, 1)]
        else:  # the deal decides: deck x wins both halves
            rows += [("x", "y", "q", "p", g, 0), ("x", "y", "p", "q", g, 0)]
    ladder = ladder_table(_games(rows), ["p", "q"])
    (step,) = ladder.steps
    assert (step.lower, step.upper, step.deals) == ("p", "q", 12)
    assert step.rate == pytest.approx(0.75) and step.gain == pytest.approx(0.25)
    assert step.low < 0.25 < step.high
    rows_by = {r.policy: r for r in ladder.policies}
    assert rows_by["q"].rating > rows_by["p"].rating
    assert rows_by["q"].think_ms == pytest.approx(1.0)
    assert rows_by["p"].think_ms == pytest.approx(0.1)
    assert rows_by["q"].win_rate == pytest.approx(0.75)
    assert ladder.games == 24 and ladder.decks == 2


def test_the_ladder_command_serially(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "l"
    code, text, err = cli(capsys, "ladder", "--decks", *DECKS, "--games", "4", "--out",
                          str(out), "--executor", "serial", "--quiet", "--max-turns", "30",
                          "--policies", "goldfish", "random", "heuristic")
    assert code == 0, err
    assert "steps (paired" in text and "heuristic" in text
    m = read_manifest(out)
    assert m.kind == "ladder" and m.games_total == 3 * 3 * 2 * 4
    table = read_games(out)
    assert table.num_rows == 72
    # the two halves of a deal are the same deal: same seed, same deck on the play
    deals: dict[tuple[str, str, int], set[tuple[int, str]]] = defaultdict(set)
    for r in table.to_pylist():
        pilots = frozenset((str(r["policy_a"]), str(r["policy_b"])))
        on_play = str(r["deck_a"] if r["on_play"] == 0 else r["deck_b"])
        deals[(str(sorted(pilots)), str(r["deck_a"]) + str(r["deck_b"]), r["game"])].add(
            (r["seed"], on_play))
    assert len(deals) == 36 and all(len(v) == 1 for v in deals.values())
    ladder = json.loads((out / "ladder.json").read_text())
    rating = {r["policy"]: r for r in ladder["policies"]}
    assert rating["heuristic"]["low"] > max(rating["random"]["high"],
                                            rating["goldfish"]["high"])
    assert [(s["lower"], s["upper"]) for s in ladder["steps"]] == [
        ("goldfish", "random"), ("random", "heuristic")]
    assert ladder["steps"][1]["gain"] > 0.3
    assert rating["heuristic"]["cost"] == pytest.approx(1.0)


def test_the_ladder_on_ray_is_the_serial_ladder(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--decks", *DECKS[:2], "--games", "3", "--quiet", "--max-turns", "20",
              "--policies", "random", "heuristic", "--json"]
    code, text, err = cli(capsys, "ladder", *common, "--out", str(tmp_path / "r"),
                          "--workers", "2")
    assert code == 0, err
    on_ray = json.loads(text)
    code, text, err = cli(capsys, "ladder", *common, "--out", str(tmp_path / "s"),
                          "--executor", "serial")
    serial = json.loads(text)
    assert on_ray["job"] == serial["job"]
    for key in ("games", "decks", "play_rate", "steps"):
        assert on_ray[key] == serial[key]
    assert [(r["policy"], r["rating"], r["win_rate"]) for r in on_ray["policies"]] == \
        [(r["policy"], r["rating"], r["win_rate"]) for r in serial["policies"]]


def test_a_bad_ladder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "ladder", "--decks", *DECKS, "--out", str(tmp_path / "x"),
                         "--policies", "heuristic", "search:bogus=1")
    assert code == 2 and out == ""
    assert err.startswith("mtgsim: error: --policies: ") and len(err.splitlines()) == 1
    assert not (tmp_path / "x").exists()
