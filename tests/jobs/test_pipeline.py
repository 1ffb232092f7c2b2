"""The distributed pipeline: identical results whatever runs them, faults, resume,
multiple nodes, and a dataset that pandas and DuckDB read as it is."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mtgsim.cluster.pool import RayExecutor, SerialExecutor
from mtgsim.cluster.work import JobSpec
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import deck_spec, make_units, pairings, run_job
from mtgsim.pipelines.runner import load_card_pool, load_main_deck
from mtgsim.results.dataset import committed_units, part_files, read_games
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["gruul_stompy", "azorius_skies"]


@pytest.fixture(scope="session")
def ray_session():  # type: ignore[no-untyped-def]
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=100 * 1024 * 1024)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def decks():  # type: ignore[no-untyped-def]
    pool = load_card_pool()
    return [load_main_deck(d, pool) for d in DECKS]


def games_table(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def test_same_table_serially_and_on_one_or_two_workers(ray_session, decks, tmp_path):
    common = dict(seed=5, unit_size=7, rows_per_file=30)
    run_job("gauntlet", decks, pairings(2), 40, tmp_path / "serial", executor="serial",
            **common)
    run_job("gauntlet", decks, pairings(2), 40, tmp_path / "one", workers=1, **common)
    run_job("gauntlet", decks, pairings(2), 40, tmp_path / "two", workers=2, **common)
    serial = games_table(tmp_path / "serial")
    assert serial.num_rows == 40
    assert serial.equals(games_table(tmp_path / "one"))
    assert serial.equals(games_table(tmp_path / "two"))
    games = serial["game"].to_pylist()
    assert games == list(range(40))  # every game once
    assert set(serial["on_play"].to_pylist()) == {0, 1}


def test_a_killed_actor_is_replaced_and_its_unit_retried(ray_session, decks):
    spec = JobSpec("kill", 3, tuple(deck_spec(d) for d in decks))
    units = make_units(pairings(2), 120, 10)
    expected = {u.uid: b for u, b, *_ in SerialExecutor(spec).run(units)}
    executor = RayExecutor(spec, workers=2)
    pids = executor.actor_pids()
    results = executor.run(units)
    first, batch0, *_ = next(results)
    got = {first.uid: batch0}
    os.kill(pids[0], signal.SIGKILL)  # a real dead worker process, units in flight
    for unit, batch, *_ in results:
        assert unit.uid not in got, "a unit was counted twice"
        got[unit.uid] = batch
    assert sorted(got) == [u.uid for u in units]  # none lost
    for uid, batch in got.items():
        assert batch.drop_columns(list(TIMING_COLUMNS)).equals(
            expected[uid].drop_columns(list(TIMING_COLUMNS)))
    assert executor.actor_pids()[0] != pids[0]  # Ray restarted it
    executor.shutdown()


def test_a_killed_driver_resumes_to_exactly_the_same_games(decks, tmp_path):
    out = tmp_path / "job"
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", "gauntlet", *DECKS, "--games", "400",
           "--unit-size", "10", "--rows-per-file", "20", "--executor", "serial", "--out",
           str(out), "--quiet", "--seed", "9"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(part_files(out)) < 3 if out.exists() else True:
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = committed_units(out)
    assert 0 < len(partial) < 40, "the driver should die mid-job"
    assert main(["gauntlet", *DECKS, "--games", "400", "--unit-size", "10",
                 "--rows-per-file", "20", "--executor", "serial", "--out", str(out),
                 "--quiet", "--seed", "9", "--resume"]) == 0
    resumed = games_table(out)
    run_job("gauntlet", decks, pairings(2), 400, tmp_path / "clean", seed=9, unit_size=10,
            executor="serial", rows_per_file=20)
    clean = games_table(tmp_path / "clean")
    assert resumed.num_rows == 400
    assert resumed.equals(clean)


def test_work_lands_on_both_nodes_of_a_two_node_cluster(decks, tmp_path):
    script = f"""
import ray
from ray.cluster_utils import Cluster
from mtgsim.cluster.pool import RayExecutor
from mtgsim.cluster.work import JobSpec
from mtgsim.pipelines.jobs import deck_spec, make_units, pairings
from mtgsim.pipelines.runner import load_card_pool, load_main_deck
pool = load_card_pool()
decks = [load_main_deck(d, pool) for d in {DECKS!r}]
c = Cluster(initialize_head=True, head_node_args={{"num_cpus": 1}})
c.add_node(num_cpus=1)
ray.init(address=c.address, log_to_driver=False)
spec = JobSpec("nodes", 1, tuple(deck_spec(d) for d in decks))
ex = RayExecutor(spec, workers=2)
nodes = ex.actor_nodes()
rows = sum(b.num_rows for _, b, *_ in ex.run(make_units(pairings(2), 40, 5)))
print("NODES", len(set(nodes)), "ROWS", rows, "PER_ACTOR", ex.units_per_actor)
ex.shutdown(); ray.shutdown(); c.shutdown()
"""
    res = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    line = next(ln for ln in res.stdout.splitlines() if ln.startswith("NODES")) \
        if "NODES" in res.stdout else res.stderr[-2000:]
    assert line.startswith("NODES 2 ROWS 40"), line
    per_actor = eval(line.split("PER_ACTOR", 1)[1])  # noqa: S307 - our own output
    assert all(n > 0 for n in per_actor)


def test_pandas_and_duckdb_read_the_dataset(decks, tmp_path):
    import duckdb
    import pandas as pd

    out = tmp_path / "job"
    run_job("gauntlet", decks, pairings(2), 30, out, executor="serial", unit_size=10)
    df = pd.read_parquet(out / "games")
    assert len(df) == 30
    assert {"job", "matchup", "deck_a", "winner", "a_cascades"} <= set(df.columns)
    n, wins = duckdb.sql(
        f"select count(*), sum(case when winner = 0 then 1 else 0 end) "
        f"from read_parquet('{out}/games/**/*.parquet', hive_partitioning = true)"
    ).fetchall()[0]
    assert n == 30 and wins == int((df["winner"] == 0).sum())
    matchups = pq.read_table(out / "matchups.parquet").to_pylist()
    assert matchups[0]["games"] == 30
    assert matchups[0]["wins_a"] + matchups[0]["wins_b"] + matchups[0]["draws"] == 30


def test_one_large_row_group_per_file(decks, tmp_path):
    out = tmp_path / "job"
    run_job("gauntlet", decks, pairings(2), 60, out, executor="serial", unit_size=7)
    files = part_files(out)
    assert len(files) == 1  # buffered: not one file per work unit
    meta = pq.ParquetFile(files[0]).metadata
    assert meta.num_row_groups == 1 and meta.num_rows == 60


def test_bad_input_fails_cleanly_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["gauntlet", "no_such_deck", DECKS[0], "--out", str(out), "--quiet",
                 "--executor", "serial"]) == 2
    assert "no_such_deck" in capsys.readouterr().err
    assert not out.exists()
    out.mkdir()
    (out / "precious.txt").write_text("keep me")
    assert main(["gauntlet", *DECKS, "--out", str(out), "--quiet",
                 "--executor", "serial"]) == 2
    assert "not empty" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["precious.txt"]
    assert main(["gauntlet", *DECKS, "--out", str(tmp_path / "x"), "--quiet",
                 "--address", "127.0.0.1:9"]) == 2
    assert "cannot reach" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightning Bolt\n56 Mountian\n")
    assert main(["gauntlet", str(bad), DECKS[0], "--out", str(tmp_path / "y"), "--quiet",
                 "--executor", "serial"]) == 2
    err = capsys.readouterr().err
    assert "bad.txt:2" in err and "Mountain" in err
    assert not (tmp_path / "y").exists()


def test_swiss_tournament(tmp_path, capsys):
    from mtgsim.engine.state.rng import seed_state
    from mtgsim.pipelines.swiss import _bracket_order, assign_decks

    decks, _ = assign_decks([0.5, 0.25, 0.25], 8, seed_state(1))
    assert sorted(decks) == [0, 0, 0, 0, 1, 1, 2, 2]
    assert _bracket_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    out = tmp_path / "swiss"
    assert main(["swiss", "--decks", *DECKS, "--shares", "0.5", "0.5", "--players", "8",
                 "--rounds", "3", "--top", "4", "--out", str(out), "--executor",
                 "serial"]) == 0
    text = capsys.readouterr().out
    assert "champion" in text
    standings = pq.read_table(out / "swiss" / "standings.parquet").to_pylist()
    assert len(standings) == 8 and [r["rank"] for r in standings] == list(range(1, 9))
    assert sum(r["top"] for r in standings) == 4
    points = [r["points"] for r in standings]
    assert points == sorted(points, reverse=True)
    assert sum(r["wins"] for r in standings) + sum(r["draws"] for r in standings) / 2 == 12
    matches = pq.read_table(out / "swiss" / "matches.parquet").to_pylist()
    swiss = [m for m in matches if m["stage"] == "swiss"]
    assert len(swiss) == 12  # 3 rounds of 4 tables
    for m in swiss:
        assert max(m["wins_a"], m["wins_b"]) <= 2  # best of three
    assert len([m for m in matches if m["stage"] == "top"]) == 3


def test_ablation_removes_the_keyword_and_replays_the_seeds(tmp_path):
    from mtgsim.pipelines.ablation import run_ablation

    pool = load_card_pool()
    cascade = load_main_deck("jund_cascade", pool)
    field = [load_main_deck("bant_exalted", pool)]
    rows = run_ablation(cascade, "cascade", field, 20, tmp_path / "a", executor="serial",
                        unit_size=10)
    base = read_games(tmp_path / "a" / "baseline")
    abl = read_games(tmp_path / "a" / "ablated")
    assert base["seed"].to_pylist() == abl["seed"].to_pylist()  # the same games
    assert sum(base["a_cascades"].to_pylist()) > 0
    assert sum(abl["a_cascades"].to_pylist()) == 0
    assert rows[-1].opponent == "(pooled)" and rows[-1].games == 20
    assert rows[-1].low <= rows[-1].change <= rows[-1].high
