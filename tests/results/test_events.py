"""The events and hands datasets (``--record-events``): recording changes no game, the
events are the games' own (replayed from the games rows' seeds), the hands agree with the
events and the games, Swiss games have rows like every job's, pandas, polars and DuckDB
read them as they read the games, and a crash never leaves games without their events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from mtgsim.cluster.work import UnitResult, extras_of
from mtgsim.engine.state.game_state import STEP_NAMES
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.runner import load_card_pool, load_main_deck, play_seeded
from mtgsim.results import dataset as dataset_module
from mtgsim.results.dataset import DatasetWriter, committed_units, read_games
from mtgsim.results.events import read_events, read_hands, split_cast
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS

DECKS = ["gruul_stompy", "azorius_skies", "bogles"]
SERIAL = ["--executor", "serial", "--quiet"]


@pytest.fixture(scope="module")
def jobs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("events")
    out = {k: root / k for k in ("plain", "events", "swiss")}
    job = ["--games", "16", "--unit-size", "5", *SERIAL]
    assert main(["gauntlet", *DECKS, *job, "--out", str(out["plain"])]) == 0
    assert main(["gauntlet", *DECKS, *job, "--out", str(out["events"]),
                 "--record-events"]) == 0
    assert main(["swiss", "--decks", *DECKS, "--players", "8", "--rounds", "3", "--top",
                 "4", "--events", "2", *SERIAL, "--out", str(out["swiss"]),
                 "--record-events"]) == 0
    return out


def _key(t: pa.Table) -> list[tuple[int, int]]:
    return sorted(zip(t["matchup"].to_pylist(), t["game"].to_pylist(), strict=True))


def test_recording_events_changes_no_game(jobs: dict[str, Path]) -> None:
    plain, events = read_manifest(jobs["plain"]), read_manifest(jobs["events"])
    assert plain.job == events.job  # the same games: the same job
    assert (plain.record_events, events.record_events) == (False, True)
    order = [("matchup", "ascending"), ("game", "ascending")]
    a = read_games(jobs["plain"]).drop_columns(list(TIMING_COLUMNS)).sort_by(order)
    b = read_games(jobs["events"]).drop_columns(list(TIMING_COLUMNS)).sort_by(order)
    assert a.num_rows == 48 and a.equals(b)
    assert not (jobs["plain"] / "events").exists() and read_events(jobs["plain"]).num_rows == 0


def _by_game(t: pa.Table) -> dict[tuple[int, int], list[dict[str, Any]]]:
    out: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for r in t.to_pylist():
        out.setdefault((r["matchup"], r["game"]), []).append(r)
    return out


def test_events_and_hands_agree_with_the_games(jobs: dict[str, Path]) -> None:
    for kind in ("events", "swiss"):
        games = {(r["matchup"], r["game"]): r for r in read_games(jobs[kind]).to_pylist()}
        events = _by_game(read_events(jobs[kind]))
        hands = _by_game(read_hands(jobs[kind]))
        assert set(events) == set(hands) == set(games) and games
        for key, game in games.items():
            evs = sorted(events[key], key=lambda e: e["seq"])
            assert [e["seq"] for e in evs] == list(range(len(evs)))
            assert {e["step"] for e in evs} <= set(STEP_NAMES)
            over = [e for e in evs if e["kind"] == "game_over"]
            assert len(over) == 1 and over[0]["player"] == game["winner"]
            assert len(hands[key]) == 2
            for h in hands[key]:
                side = h["side"]
                deck = game["deck_a"] if side == 0 else game["deck_b"]
                assert h["deck"] == deck and h["on_play"] == (game["on_play"] == side)
                assert h["mulligans"] == game["mulligans_a" if side == 0 else "mulligans_b"]
                assert h["score"] == (0.5 if game["winner"] < 0 else
                                      float(game["winner"] == side))
                assert len(h["opening_hand"]) == 7 - h["mulligans"]
                mine = [e for e in evs if e["player"] == side]
                kept = [e["card"] for e in mine if e["kind"] == "opening_hand"]
                first = next(i for i, e in enumerate(mine) if e["kind"] == "opening_hand")
                assert h["opening_hand"] == kept
                assert h["drawn"] == [e["card"] for e in mine[first:] if e["kind"] == "draw"]
                assert h["cast"] == [e["card"] for e in mine if e["kind"] == "cast"]
                assert h["played"] == [e["card"] for e in mine if e["kind"] == "play"]


def test_the_events_are_the_games_own(jobs: dict[str, Path]) -> None:
    """A games row's seed replays its game: the events of the replay are the rows'."""
    pool = load_card_pool()
    decks = {n: load_main_deck(n, pool) for n in DECKS}
    for kind in ("events", "swiss"):
        games = read_games(jobs[kind]).to_pylist()[::7]
        events = _by_game(read_events(jobs[kind]))
        for game in games:
            sides = (game["deck_a"], game["deck_b"])
            first = game["on_play"]
            seats = (sides[first], sides[1 - first])
            pilots = (game["policy_a"], game["policy_b"])
            state = play_seeded([decks[s] for s in seats], (pilots[first], pilots[1 - first]),
                                game["seed"], keep_log=True)
            assert state.result is not None and state.log is not None
            assert state.result.turns == game["turns"]
            side_of = (first, 1 - first, -1)
            want = [(e.turn, STEP_NAMES[e.step], side_of[e.player], e.kind,
                     split_cast(e.card)[0] if e.kind == "cast" else e.card, e.amount)
                    for e in state.log]
            got = [(e["turn"], e["step"], e["player"], e["kind"], e["card"], e["amount"])
                   for e in sorted(events[game["matchup"], game["game"]],
                                   key=lambda e: e["seq"])]
            assert got == want


def test_targets_name_players_by_side(jobs: dict[str, Path]) -> None:
    t = read_events(jobs["events"], ["target"])
    targets = set(t["target"].cast(pa.string()).to_pylist())
    assert "deck_a" in targets or "deck_b" in targets
    assert not any("player A" in x or "player B" in x for x in targets)
    load_card_pool()  # the keywords' modules register the permissions' names
    assert split_cast("Deep Analysis (flashback)") == ("Deep Analysis", "flashback")
    assert split_cast("Fire (Ice)") == ("Fire (Ice)", "")  # not a permission: a name


def test_swiss_games_have_rows(jobs: dict[str, Path]) -> None:
    out = jobs["swiss"]
    m = read_manifest(out)
    games = read_games(out)
    assert games.num_rows == m.games_completed == m.games_total > 0
    assert sum(s.games for s in m.matchups) == games.num_rows
    names = [d.name for d in m.decks]
    for s in m.matchups:  # the lower-numbered deck first, mirrors too
        assert names.index(s.deck_a) <= names.index(s.deck_b)
    keys = set(_key(games))
    matches = pq.read_table(out / "swiss" / "matches.parquet").to_pylist()
    played = [(r["matchup"], g) for r in matches for g in r["games"]]
    assert sorted(played) == sorted(keys) and len(played) == len(keys)
    for r in matches:
        if r["seat_b"] < 0:
            assert r["games"] == [] and r["matchup"] == -1
        else:
            assert len(r["games"]) >= r["wins_a"] + r["wins_b"]
    mirrors = pc.equal(games["deck_a"].cast(pa.string()), games["deck_b"].cast(pa.string()))
    assert pc.sum(mirrors).as_py() > 0  # mirror games have rows too
    assert (out / "matchups.parquet").exists()


def test_pandas_polars_and_duckdb_read_them(jobs: dict[str, Path], tmp_path: Path) -> None:
    import duckdb
    import pandas as pd
    import polars as pl

    out = jobs["events"]
    n = read_events(out).num_rows
    frame = pd.read_parquet(out / "events")
    assert len(frame) == n and str(frame["matchup"].dtype) == "int32"
    assert set(frame["job"]) == {read_manifest(out).job}
    lazy = pl.scan_parquet(out / "events" / "**" / "*.parquet", hive_partitioning=True)
    assert lazy.select(pl.len()).collect().item() == n
    assert "job" in lazy.collect_schema().names()
    glob = f"{out}/events/**/*.parquet"
    assert duckdb.sql(f"select count(*) from '{glob}'").fetchall() == [(n,)]
    hands = duckdb.sql(f"""select deck, count(*) from '{out}/hands/**/*.parquet'
                           group by deck""").fetchall()
    assert sum(c for _, c in hands) == 2 * read_games(out).num_rows


def test_matchup_reads_back_in_numeric_order(tmp_path: Path) -> None:
    """Six decks, 15 matchups: pandas reads ``matchup`` as the int32 it is (as a Hive
    partition it came back as a categorical ordered 0, 1, 10, 11, ..., 2)."""
    import pandas as pd

    decks = ["gruul_stompy", "azorius_skies", "bogles", "jund_cascade", "bant_exalted",
             "golgari_dredge"]
    out = tmp_path / "six"
    assert main(["gauntlet", *decks, "--games", "1", "--max-turns", "4", *SERIAL, "--out",
                 str(out)]) == 0
    frame = pd.read_parquet(out / "games")
    assert str(frame["matchup"].dtype) == "int32"
    assert list(frame.groupby("matchup").size().index) == list(range(15))
    assert str(frame["job"].dtype) == "category"


def test_a_job_of_the_previous_layout_still_reads(jobs: dict[str, Path],
                                                   tmp_path: Path) -> None:
    """mtgsim-job/3 kept ``matchup`` as a partition folder: read_games reads it alike."""
    old = tmp_path / "old"
    old.mkdir()
    (old / "manifest.json").write_bytes((jobs["plain"] / "manifest.json").read_bytes())
    for path in (jobs["plain"] / "games").rglob("part-*.parquet"):
        t = pq.read_table(path)
        m = t["matchup"][0].as_py()
        folder = old / "games" / path.parent.name / f"matchup={m}"
        folder.mkdir(parents=True, exist_ok=True)
        pq.write_table(t.drop_columns(["matchup"]), folder / path.name)
    order = [("matchup", "ascending"), ("game", "ascending")]
    new_rows = read_games(jobs["plain"]).sort_by(order)
    old_rows = read_games(old).select(new_rows.column_names).sort_by(order)
    assert old_rows.to_pylist() == new_rows.to_pylist()
    assert old_rows.schema.field("matchup").type == pa.int32()


def test_a_unit_result_carries_its_events_across_processes() -> None:
    batch = pa.record_batch({"x": [1, 2]})
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, batch.schema) as w:
        w.write_batch(batch)
    data = msgspec.msgpack.encode(UnitResult(b"", [], {"events": sink.getvalue().to_pybytes()}))
    back = msgspec.msgpack.decode(data, type=UnitResult)
    assert extras_of(back)["events"].equals(batch)


def test_resume_needs_the_same_record_events(jobs: dict[str, Path], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "job"
    argv = ["gauntlet", *DECKS[:2], "--games", "4", *SERIAL, "--out", str(out)]
    assert main([*argv, "--record-events"]) == 0
    capsys.readouterr()
    assert main([*argv, "--resume"]) == 2
    assert "--record-events as it had" in capsys.readouterr().err


# --- a crash between the events and the games ---------------------------------------------


def _units(folder: Path, name: str) -> list[int]:
    t = read_games(folder) if name == "games" else (
        read_events(folder) if name == "events" else read_hands(folder))
    return sorted(set(t["game"].to_pylist())) if t.num_rows else []


def _unit_rows(job: Path, uid: int) -> tuple[pa.RecordBatch, dict[str, pa.RecordBatch]]:
    """Unit ``uid`` (games 2uid, 2uid+1 of matchup 0) of a recorded job's tables."""
    def rows(t: pa.Table) -> pa.RecordBatch:
        keep = pc.and_(pc.equal(t["matchup"], 0),
                       pc.is_in(t["game"], pa.array([2 * uid, 2 * uid + 1], pa.int64())))
        return t.filter(keep).combine_chunks().to_batches()[0]
    return rows(read_games(job)), {"events": rows(read_events(job)),
                                   "hands": rows(read_hands(job))}


@pytest.mark.parametrize("crash", ["games_pending", "games_large"])
def test_a_crash_never_leaves_games_without_events(jobs: dict[str, Path], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   crash: str) -> None:
    """The writer commits a unit's events and hands before its games; a crash between the
    two leaves events of uncommitted units, which a resumed writer drops."""
    out = tmp_path / "job"
    job = read_manifest(jobs["events"]).job
    units = {u: _unit_rows(jobs["events"], u) for u in range(4)}
    writer = DatasetWriter(out, job, extras=("events", "hands"), rows_per_file=1000)
    for u in (0, 1):
        writer.add(u, 0, units[u][0], (), units[u][1])
    writer.commit()  # units 0 and 1 in _pending/
    writer.add(2, 0, units[2][0], (), units[2][1])
    real = dataset_module._commit_file

    def fail_on_games(table: pa.Table, tmp: Path, final: Path, *args: Any) -> None:
        is_games = final.name.startswith("m") if crash == "games_pending" \
            else final.parent.parent.name == "games"
        if is_games:
            raise OSError("crash")
        real(table, tmp, final, *args)

    monkeypatch.setattr(dataset_module, "_commit_file", fail_on_games)
    with pytest.raises(OSError):
        writer.commit() if crash == "games_pending" else writer.write_large(0)
    monkeypatch.setattr(dataset_module, "_commit_file", real)
    done = committed_units(out)
    resumed = DatasetWriter(out, job, extras=("events", "hands"), rows_per_file=1000)
    for u in sorted(set(range(4)) - done):
        resumed.add(u, 0, units[u][0], (), units[u][1])
    resumed.close()
    want = sorted(g for u in range(4) for g in (2 * u, 2 * u + 1))
    assert _units(out, "games") == _units(out, "events") == _units(out, "hands") == want
    for name in ("games", "events", "hands"):
        t = read_games(out) if name == "games" else (read_events(out) if name == "events"
                                                    else read_hands(out))
        n = sum(units[u][0].num_rows if name == "games" else units[u][1][name].num_rows
                for u in range(4))
        assert t.num_rows == n, name  # no unit twice
    assert json.loads(json.dumps(sorted(committed_units(out)))) == [0, 1, 2, 3]
