"""``mtgsim compare``: games paired across two jobs by (decks, game index, seed), on
synthetic tables with known answers and on two real jobs with the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pyarrow as pa
import pytest

from mtgsim.pipelines.cli import main
from mtgsim.results.compare import (
    POOLED,
    RUN_FIELDS,
    changes,
    manifest_differences,
    pair_games,
)
from mtgsim.results.manifest import Manifest


def games(rows: list[tuple[str, str, int, int, int, int]]) -> pa.Table:
    """(deck_a, deck_b, game, seed, on_play, winner) rows."""
    cols = list(zip(*rows, strict=True))
    return pa.table({"deck_a": cols[0], "deck_b": cols[1], "game": cols[2],
                     "seed": pa.array(cols[3], pa.uint64()), "on_play": cols[4],
                     "winner": cols[5], "turns": [10] * len(rows)})


def test_games_pair_by_decks_index_and_seed_in_either_seat_order() -> None:
    a = games([("x", "y", g, 100 + g, g % 2, 0 if g < 6 else 1) for g in range(10)]
              + [("x", "y", 10, 110, 0, 0)])  # no twin in B
    # B lists the pair the other way round: deck_a is y, on_play and winner flip with it
    b = games([("y", "x", g, 100 + g, 1 - g % 2, 1) for g in range(9)]
              + [("y", "x", 9, 109, 0, 0)])  # game 9: y on the play and wins
    p = pair_games(a, b)
    assert p.unpaired_a == 1 and p.unpaired_b == 0 and p.mismatched == 0
    assert len(p.deck) == 10 and set(p.deck) == {"x"}
    rows = {(c.deck, c.opponent): c for c in changes(p)}
    xy = rows[("x", "y")]
    # x won games 0-5 in A; in B x won games 0-8 and lost game 9
    assert xy.rate_a == 0.6 and xy.rate_b == 0.9 and xy.change == pytest.approx(0.3)
    assert xy.won_a_only == 0 and xy.won_b_only == 3 and xy.same_result == 7
    assert xy.low < 0.3 < xy.high and xy.p_value == pytest.approx(2 * 0.5 ** 3)  # exact
    assert rows[("y", POOLED)].change == pytest.approx(-0.3)
    assert ("y", "x") not in rows  # each matchup once


def test_a_game_with_another_deck_on_the_play_is_not_a_twin() -> None:
    a = games([("x", "y", 0, 7, 0, 0), ("x", "y", 1, 8, 1, 0)])
    b = games([("x", "y", 0, 7, 1, 0), ("x", "y", 1, 8, 1, 1)])
    p = pair_games(a, b)
    assert p.mismatched == 1 and len(p.deck) == 1 and p.score_b == [0.0]


def _versus(out: Path, *extra: str) -> None:
    assert main(["versus", "jund_cascade", "--field", "bant_exalted", "--games", "30",
                 "--out", str(out), "--executor", "serial", "--quiet", "--unit-size", "10",
                 *extra]) == 0


def test_compare_two_jobs_with_the_same_seeds(tmp_path: Path, capsys) -> None:
    a, b, c = tmp_path / "heuristic", tmp_path / "random", tmp_path / "other-seed"
    _versus(a)
    _versus(b, "--policy-b", "random")
    capsys.readouterr()
    assert main(["compare", str(a), str(b), "--json", "--html", str(tmp_path / "c.html")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["paired_games"] == 30 and out["unpaired_a"] == 0 and out["mismatched"] == 0
    assert out["differences"]["policies"] == ["heuristic vs heuristic", "heuristic vs random"]
    field = next(r for r in out["changes"] if r["deck"] == "jund_cascade"
                 and r["opponent"] == POOLED)
    # against a random player the heuristic deck wins more, and the paired interval says so
    assert field["change"] > 0 and field["low"] > 0 and field["p_value"] < 0.05
    assert field["won_a_only"] + field["same_result"] + field["won_b_only"] == 30
    assert "tbl-compare" in (tmp_path / "c.html").read_text()
    assert main(["compare", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    assert "30 paired games" in text and "policies: heuristic vs heuristic" in text
    _versus(c, "--seed", "5")
    capsys.readouterr()
    assert main(["compare", str(a), str(c)]) == 2
    assert "share no game" in capsys.readouterr().err
    assert main(["compare", str(a), str(tmp_path / "nowhere")]) == 2
    assert "not a job folder" in capsys.readouterr().err
    assert main(["report", str(a), "--compare", str(b)]) == 0
    html = (a / "report" / "index.html").read_text()
    assert 'id="compare"' in html and "heuristic vs random" in html
    # a per-deck pilot is a difference too (it was "no difference in the manifests")
    d = tmp_path / "deck-policy"
    _versus(d, "--policy", "bant_exalted=random")
    capsys.readouterr()
    assert main(["compare", str(a), str(d), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["differences"] == {"policy of bant_exalted": ["(its side's)", "random"]}


def _changed(name: str, value: object, raw: dict) -> tuple[object, str]:
    """Field ``name`` of a manifest changed, and the difference's name compare gives."""
    if name == "decks":
        decks = [dict(d) for d in value]  # type: ignore[attr-defined]
        decks[1]["cards"] = [*decks[1]["cards"][:-1], "Forest"]
        decks[1]["sha256"] = "0" * 64
        return decks, f"deck {decks[1]['name']}"
    if name == "deck_policies":
        return ["", "random"], f"policy of {raw['decks'][1]['name']}"
    if name == "matchups":
        ms = [dict(m) for m in value]  # type: ignore[attr-defined]
        ms[0]["games"] += 1
        return ms, f"matchup {ms[0]['deck_a']} vs {ms[0]['deck_b']}"
    if name == "extra":
        return {**value, "keyword": "cascade"}, "extra keyword"  # type: ignore[dict-item]
    if name == "policies":
        return ["heuristic", "goldfish"], name
    if name == "play_versions":  # a family's play version moved (docs/jobs.md)
        moved = value["heuristic"] + 1  # type: ignore[index]
        return {**value, "heuristic": moved}, "play version of heuristic"  # type: ignore[dict-item]
    if isinstance(value, bool):
        return not value, name
    if isinstance(value, int):
        return value + 1, name
    return f"{value}-other", name


def test_compare_reports_every_field_a_manifest_records(tmp_path: Path) -> None:
    """Each field of the manifest changed in turn (a field added to the manifest later is
    in this loop by itself): compare names it, and nothing else."""
    out = tmp_path / "job"
    _versus(out)
    raw = json.loads((out / "manifest.json").read_text())
    fields = [f.name for f in msgspec.structs.fields(Manifest)]
    assert set(raw) <= set(fields)
    for name in fields:
        if name in RUN_FIELDS:
            continue
        changed, shown = _changed(name, raw.get(name), raw)
        other = {**raw, name: changed}
        assert list(manifest_differences(raw, other)) == [shown], name
    for name in RUN_FIELDS:  # the run's own: when, and its id (the header names both)
        assert manifest_differences(raw, {**raw, name: "x"}) == {}
    before = {k: v for k, v in raw.items() if k != "play_versions"}  # an older mtgsim's
    assert manifest_differences(before, raw) == {
        "play versions": ["(not recorded)", f"heuristic {raw['play_versions']['heuristic']}"]}
    later = {**raw, "engine_options": {"x": 1}}  # a key of a later mtgsim's manifest
    assert list(manifest_differences(raw, later)) == ["engine_options"]
    dropped = [d for d in raw["decks"][:1]]
    assert "deck bant_exalted" in manifest_differences(raw, {**raw, "decks": dropped})
