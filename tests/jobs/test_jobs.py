"""Jobs that never die for one game, lose little, and can be paired across runs:
failed games recorded (with replays) while the job goes on, commits while the job runs,
Ctrl-C, job ids and game seeds, the output folder's lock, and bad input as one line.

Games are made to fail by a wrapper around ``engine.game.advance`` (``faulty``): in a
third of the games that reach their 25th decision it raises ``KeyError(4242)``, the same
way every time a game is played, so the replays of the failures reproduce them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import mtgsim.engine.game as engine_game
from mtgsim.cluster.seeds import Pairing, deck_digest, policy_seed
from mtgsim.cluster.work import DeckSpec
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import job_id, pairings, run_job
from mtgsim.pipelines.runner import load_card_pool, load_main_deck, run_batch
from mtgsim.results.dataset import (
    committed_units,
    part_files,
    pending_files,
    read_failures,
    read_games,
)
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["gruul_stompy", "azorius_skies", "jund_cascade"]
POOL = load_card_pool()


def _fault(real):  # type: ignore[no-untyped-def]
    def advance(state):  # type: ignore[no-untyped-def]
        d = real(state)
        if d is not None and state.actions_taken == 25 and state.rng % 3 == 0:
            raise KeyError(4242)
        return d
    return advance


@pytest.fixture
def faulty(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engine_game, "advance", _fault(engine_game.advance))


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def games_table(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def job_args(out: Path, *extra: str, games: int = 40) -> list[str]:
    return ["gauntlet", *DECKS[:2], "--games", str(games), "--unit-size", "10",
            "--executor", "serial", "--out", str(out), "--quiet", "--seed", "3", *extra]


# --------------------------------------------------------------------------- failed games


def test_a_failing_game_is_recorded_and_the_job_goes_on(faulty, tmp_path, capsys):
    out = tmp_path / "job"
    code, text, err = cli(capsys, *job_args(out, games=60))
    assert code == 3, err
    failures = read_failures(out).to_pylist()
    games = read_games(out)
    assert 0 < len(failures) < 60
    assert games.num_rows + len(failures) == 60  # every other game was played
    assert not set(games["game"].to_pylist()) & {f["game"] for f in failures}
    m = read_manifest(out)
    assert m.status == "complete" and m.games_completed == 60
    assert m.games_failed == len(failures)
    f = failures[0]
    assert f["exception"] == "KeyError: 4242" and "Traceback" in f["traceback"]
    assert f["reproduced"] and f["deck_a"] == "gruul_stompy"
    assert f"{len(failures)} games failed" in text and "KeyError: 4242" in text
    assert "mtgsim replay" in text and "Traceback" not in err
    # its replay repeats the failure
    replay = out / f["replay"]
    assert json.loads(replay.read_text())["error"] == "KeyError: 4242"
    code, text, err = cli(capsys, "replay", "--quiet", str(replay))
    assert code == 0, err
    assert "fails as recorded" in text and "KeyError: 4242" in text


def test_the_seed_of_a_failure_replays_its_game(faulty, tmp_path, capsys):
    out = tmp_path / "job"
    cli(capsys, *job_args(out))
    f = read_failures(out).to_pylist()[0]
    decks = [f["deck_a"], f["deck_b"]] if f["on_play"] == 0 else [f["deck_b"], f["deck_a"]]
    with pytest.raises(KeyError, match="4242"):
        main(["play", *decks, "--seed", str(f["seed"]), "--quiet"])


def test_a_resumed_job_does_not_play_its_failed_games_again(faulty, tmp_path, capsys):
    out = tmp_path / "job"
    args = job_args(out, "--max-failures", "1", games=100)
    code, _, err = cli(capsys, *args)
    assert code == 3
    assert "more than --max-failures 1" in err and "--resume" in err
    m = read_manifest(out)
    assert m.status == "stopped" and m.games_failed > 1  # checked after each unit
    assert m.games_completed < m.games_total
    code, _, err = cli(capsys, *args[:-2], "--max-failures", "100", "--resume")
    assert code == 3, err
    m = read_manifest(out)
    assert m.status == "complete" and m.games_completed == 100
    failures = read_failures(out).to_pylist()
    keys = [(f["matchup"], f["game"]) for f in failures]
    assert len(keys) == len(set(keys)) == m.games_failed
    assert read_games(out).num_rows + len(failures) == 100


def test_failures_stop_the_job_only_past_the_threshold(faulty, tmp_path, capsys):
    code, _, _ = cli(capsys, *job_args(tmp_path / "all"))
    n = read_manifest(tmp_path / "all").games_failed
    assert code == 3 and n > 1
    code, _, err = cli(capsys, *job_args(tmp_path / "at", "--max-failures", str(n)))
    assert code == 3 and "stopped" not in err
    assert read_manifest(tmp_path / "at").status == "complete"
    code, _, err = cli(capsys, *job_args(tmp_path / "below", "--max-failures", "0"))
    assert code == 3 and "more than --max-failures 0" in err
    m = read_manifest(tmp_path / "below")
    assert m.status == "stopped" and f"{m.games_completed} of 40 games committed" in err


def test_a_job_with_no_failure_exits_0_and_has_an_empty_failures_table(tmp_path, capsys):
    out = tmp_path / "job"
    code, text, err = cli(capsys, *job_args(out, games=20))
    assert code == 0, err
    assert read_failures(out).num_rows == 0 and "failed" not in text
    assert read_manifest(out).games_failed == 0
    assert not (out / ".lock").exists() and not (out / "_pending").exists()


def test_life_beyond_int16_is_stored(monkeypatch, tmp_path):
    real = engine_game.play

    def rich(state, policies):  # type: ignore[no-untyped-def]
        real(state, policies)
        state.players[0].life = 123_456
        state.players[1].life = -40_000
        return state
    import mtgsim.cluster.work as work

    monkeypatch.setattr(work, "play", rich)
    decks = [load_main_deck(d, POOL) for d in DECKS[:2]]
    run_job("gauntlet", decks, pairings(2), 4, tmp_path / "j", executor="serial")
    t = read_games(tmp_path / "j")
    assert set(t["life_a"].to_pylist()) | set(t["life_b"].to_pylist()) == {123_456, -40_000}
    assert t.schema.field("life_a").type == pa.int32()


# --------------------------------------------------------------------------- commits


def test_rows_are_committed_while_the_job_runs_and_compacted_at_the_end(tmp_path):
    out = tmp_path / "job"
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", *job_args(out, games=400),
           "--commit-every", "0.3", "--unit-size", "5"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and len(pending_files(out)) >= 2:
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not part_files(out), "no file filled yet (250000 rows per file)"
    done = committed_units(out)
    assert done, "a commit every 0.3 s"
    m = read_manifest(out)
    assert m.status == "running" and 0 < m.games_completed <= 5 * len(done)
    assert main([*job_args(out, "--unit-size", "5", games=400), "--resume"]) == 0
    assert not pending_files(out)
    files = part_files(out)
    assert len(files) == 1  # the pending files compacted into one
    for f in files:
        assert pq.ParquetFile(f).metadata.num_row_groups == 1
    clean = tmp_path / "clean"
    assert main(job_args(clean, "--unit-size", "5", games=400)) == 0
    assert games_table(out).equals(games_table(clean))
    assert read_manifest(out).games_completed == 400


def test_ctrl_c_commits_what_is_played_and_prints_the_resume_command(tmp_path):
    out = tmp_path / "job"
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", *job_args(out, games=2000),
           "--unit-size", "5"]
    # 2000 games: the job must still be playing 1.5 s after it starts (600 could end by
    # then once the compiled engine played 300 games/s)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if (out / "manifest.json").exists() and (out / "_staging").exists():
            break
        time.sleep(0.05)
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    line = next(ln for ln in err.splitlines() if ln.startswith("resume with: "))
    resume = line.removeprefix("resume with: ").split()
    assert resume[0] == "mtgsim" and resume[-1] == "--resume"
    m = read_manifest(out)
    assert m.status == "interrupted"
    played = read_games(out).num_rows
    assert 0 < played == m.games_completed < 2000
    assert f"{played} of 2000 games committed" in err
    assert main(resume[1:]) == 0
    clean = tmp_path / "clean"
    assert main(job_args(clean, "--unit-size", "5", games=2000)) == 0
    assert games_table(out).equals(games_table(clean))


# --------------------------------------------------------------------------- ids and seeds


def _spec(name: str) -> DeckSpec:
    d = load_main_deck(name, POOL)
    return DeckSpec(d.name, tuple(d.names), deck_digest(d.names))


def test_the_job_id_changes_with_everything_that_changes_games():
    decks = (_spec("gruul_stompy"), _spec("azorius_skies"))
    base = dict(policies=("heuristic", "heuristic"), max_turns=60, card_data_hash="abc",
                pairs=[(0, 1)])
    ids = {job_id("gauntlet", decks, 0, 10, **base)}  # type: ignore[arg-type]
    assert job_id("gauntlet", decks, 0, 10, **base) in ids  # type: ignore[arg-type]
    variants = [
        dict(base, policies=("heuristic", "random")),
        dict(base, policies=("search:rollouts=8", "heuristic")),
        dict(base, max_turns=30),
        dict(base, card_data_hash="abd"),
    ]
    for v in variants:
        ids.add(job_id("gauntlet", decks, 0, 10, **v))  # type: ignore[arg-type]
    ids.add(job_id("gauntlet", decks, 1, 10, **base))  # type: ignore[arg-type]
    other = (decks[0], DeckSpec("azorius_skies", decks[1].cards + ("Island",)))
    ids.add(job_id("gauntlet", other, 0, 10, **base))  # type: ignore[arg-type]
    ids.add(job_id("versus", decks, 0, 10, **base))  # type: ignore[arg-type]
    assert len(ids) == 8


def test_the_job_id_includes_the_engine_version(monkeypatch):
    from mtgsim import engine

    decks = (_spec("gruul_stompy"), _spec("azorius_skies"))
    a = job_id("gauntlet", decks, 0, 10)
    monkeypatch.setattr(engine, "__version__", "99.0")
    assert job_id("gauntlet", decks, 0, 10) != a


def test_a_game_seed_depends_only_on_job_seed_decks_and_index():
    g, a, b = (("gruul_stompy", "x"), ("azorius_skies", "y"), ("azorius_skies", "z"))
    p = Pairing(7, g, a)
    q = Pairing(7, a, g)  # the pair is unordered
    assert [p.seed(i) for i in range(6)] == [q.seed(i) for i in range(6)]
    assert [p.a_on_play(i) for i in range(6)] == [not q.a_on_play(i) for i in range(6)]
    assert len({p.seed(i) for i in range(1000)}) == 1000
    assert Pairing(8, g, a).seed(0) != p.seed(0)
    assert Pairing(7, g, b).seed(0) != p.seed(0)  # the content, not only the name
    assert policy_seed(p.seed(0), 0) != policy_seed(p.seed(0), 1)
    with pytest.raises(ValueError, match="2\\*\\*64"):
        Pairing(2**64, g, a)


def _by_game(table: pa.Table, a: str, b: str) -> dict[int, tuple[object, ...]]:
    """Rows of the pairing (a, b) as (seed, deck on the play, winner deck, turns)."""
    out = {}
    for r in table.to_pylist():
        decks = (r["deck_a"], r["deck_b"])
        if set(decks) != {a, b}:
            continue
        on_play = decks[r["on_play"]]
        winner = decks[r["winner"]] if r["winner"] >= 0 else None
        out[r["game"]] = (r["seed"], on_play, winner, r["turns"], r["decisions"])
    return out


def test_the_same_pairing_plays_the_same_games_in_every_kind_of_job(tmp_path, capsys):
    """gauntlet (three decks), versus (the pairing reversed), batch and ablation's
    baseline: the same games of jund_cascade and bant_exalted."""
    jund, bant = "jund_cascade", "bant_exalted"
    common = ["--games", "12", "--seed", "5", "--executor", "serial", "--quiet",
              "--unit-size", "4"]
    assert main(["gauntlet", "gruul_stompy", jund, bant, "--out",
                 str(tmp_path / "g"), *common]) == 0
    assert main(["versus", bant, "--field", "gruul_stompy", jund, "--out",
                 str(tmp_path / "v"), *common]) == 0
    assert main(["ablate", jund, "--keyword", "cascade", "--field", bant, "--out",
                 str(tmp_path / "a"), *common]) == 0
    gauntlet = _by_game(read_games(tmp_path / "g"), jund, bant)
    assert len(gauntlet) == 12
    assert _by_game(read_games(tmp_path / "v"), jund, bant) == gauntlet
    assert _by_game(read_games(tmp_path / "a" / "baseline"), jund, bant) == gauntlet
    decks = [load_main_deck(d, POOL) for d in (bant, jund)]
    stats = run_batch(decks[0], decks[1], 12, 5)
    jund_wins = sum(1 for g in gauntlet.values() if g[2] == jund)
    assert stats.decks[1].wins == jund_wins
    assert stats.turns == sum(g[3] for g in gauntlet.values())
    assert stats.decisions == sum(g[4] for g in gauntlet.values())


def test_swiss_games_are_the_pairings_games(tmp_path):
    """Every game a Swiss tournament plays is the game of its pairing at an index of the
    match's own range: the gauntlet of the same decks and seed plays it identically."""
    from mtgsim.cluster.pool import SerialExecutor
    from mtgsim.cluster.seeds import swiss_index
    from mtgsim.cluster.work import JobSpec, MatchUnit, bytes_to_batch, games_per_match

    decks = [_spec("jund_cascade"), _spec("bant_exalted")]
    spec = JobSpec("s", 5, tuple(decks))
    ex = SerialExecutor(spec)
    res = ex.matches([MatchUnit(0, 0, 1, 3, 2, 1)])[0]  # the third match of the pair
    per = games_per_match(3)
    pairing = ex.player.pairing(0, 1)
    indices = [swiss_index(2, g, (first == 0) != pairing.swapped, per)
               for g, (_, _, first) in enumerate(res.games)]
    units = []
    from mtgsim.cluster.work import WorkUnit

    for n, index in enumerate(indices):
        units.append(WorkUnit(n, 0, 0, 1, index, 1))
    rows = [b.to_pylist()[0] for _, b, *_ in ex.run(units)]
    for (winner, turns, first), row in zip(res.games, rows, strict=True):
        assert row["on_play"] == first
        assert (row["winner"], row["turns"]) == (winner, turns)
    # the match's own games rows are those rows (its indices are the games')
    assert list(res.indices) == indices and res.rows is not None
    own = bytes_to_batch(res.rows.games).to_pylist()
    for row, gauntlet in zip(own, rows, strict=True):
        assert row["game"] == gauntlet["game"] and row["seed"] == gauntlet["seed"]
        assert {k: v for k, v in row.items() if k not in TIMING_COLUMNS} == \
            {k: v for k, v in gauntlet.items() if k not in TIMING_COLUMNS}


# --------------------------------------------------------------------------- the folder


def test_a_second_job_on_the_same_folder_is_refused_while_the_first_runs(tmp_path):
    out = tmp_path / "job"
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", *job_args(out, games=2000)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (out / "manifest.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        for extra in ([], ["--resume"]):
            res = subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli",
                                  *job_args(out, *extra, games=2000)], cwd=ROOT,
                                 capture_output=True, text=True, timeout=60)
            assert res.returncode == 2
            assert res.stderr.startswith("mtgsim: error: ")
            assert "in use by another job" in res.stderr and f"pid {proc.pid}" in \
                res.stderr
            assert len(res.stderr.strip().splitlines()) == 1
    finally:
        proc.kill()
        proc.wait()


def test_a_stale_lock_is_taken_over(tmp_path, capsys):
    out = tmp_path / "job"
    out.mkdir()
    (out / ".lock").write_text(json.dumps({"host": os.uname().nodename, "pid": 999_999_9,
                                           "started": 1.0}))
    code, _, err = cli(capsys, *job_args(out, games=10))
    assert code == 0, err
    assert "took over the lock of a job that is gone (pid 9999999" in err
    assert not (out / ".lock").exists()


def test_a_failed_manifest_write_leaves_no_temporary_file(tmp_path, monkeypatch, capsys):
    import mtgsim.results.manifest as manifest

    out = tmp_path / "job"

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(manifest.os, "replace", full)
    code, _, err = cli(capsys, *job_args(out, games=10))
    assert code == 2 and "No space left" in err
    assert not (out / "manifest.json.tmp").exists()
    monkeypatch.undo()
    # and a 0-byte temporary file from an older mtgsim does not block the folder
    out.mkdir(exist_ok=True)
    (out / "manifest.json.tmp").write_bytes(b"")
    code, _, err = cli(capsys, *job_args(out, games=10))
    assert code == 0, err
    assert not (out / "manifest.json.tmp").exists()


def test_a_full_disk_during_a_job_is_one_line_and_resumable(tmp_path, monkeypatch, capsys):
    """ENOSPC injected at the write layer (pyarrow's file writer) after a few commits."""
    import mtgsim.results.dataset as dataset

    out = tmp_path / "job"
    real = dataset.pq.write_table
    calls = [0]

    def write(*args, **kw):  # type: ignore[no-untyped-def]
        calls[0] += 1
        if calls[0] > 3:
            raise OSError(28, "No space left on device")
        return real(*args, **kw)
    monkeypatch.setattr(dataset.pq, "write_table", write)
    args = job_args(out, "--commit-every", "0.01", "--unit-size", "2", games=200)
    code, _, err = cli(capsys, *args)
    assert code == 1
    assert err.startswith(f"mtgsim: error: cannot write to {out}: the disk is full\n")
    assert "Traceback" not in err and "resume with: mtgsim gauntlet" in err
    assert not any((out / "_staging").iterdir())
    monkeypatch.undo()
    assert main([*args, "--resume"]) == 0
    clean = tmp_path / "clean"
    assert main(job_args(clean, "--unit-size", "2", games=200)) == 0
    assert games_table(out).equals(games_table(clean))


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("argv", [
    ["play", "gruul_stompy", "azorius_skies", "--seed", "-1"],
    ["play", "gruul_stompy", "azorius_skies", "--seed", str(2**64)],
    ["batch", "gruul_stompy", "azorius_skies", "--seed", str(2**64 + 5)],
    ["gauntlet", "gruul_stompy", "azorius_skies", "--seed", "-3", "--out", "x"],
    ["swiss", "--decks", "gruul_stompy", "azorius_skies", "--seed", str(2**70), "--out",
     "x"],
    ["swiss", "--decks", "gruul_stompy", "azorius_skies", "--shares", "nan", "1", "--out",
     "x"],
    ["swiss", "--decks", "gruul_stompy", "azorius_skies", "--shares", "inf", "1", "--out",
     "x"],
    ["fuzz", "--seed", "-1"],
])
def test_seeds_and_shares_out_of_range_are_usage_errors(argv, capsys, tmp_path,
                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(capsys, *argv)
    assert code == 2
    assert "Traceback" not in err and ("2**64" in err or "finite" in err)
    assert not (tmp_path / "x").exists()


def test_the_largest_seed_is_a_seed(capsys):
    code, out, err = cli(capsys, "play", "gruul_stompy", "azorius_skies", "--seed",
                         str(2**64 - 1), "--quiet", "--max-turns", "3")
    assert code == 0, err


def test_an_unknown_policy_in_a_replay_is_one_line(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "gruul_stompy", "azorius_skies", "--quiet", "--replay",
                 str(path)]) == 0
    data = json.loads(path.read_text())
    data["policies"][1] = "alphazero"
    path.write_text(json.dumps(data))
    code, _, err = cli(capsys, "replay", str(path))
    assert code == 2
    assert err.startswith("mtgsim: error: ") and "unknown policy 'alphazero'" in err
    assert len(err.strip().splitlines()) == 1


def test_a_replay_with_an_inserted_illegal_answer_fails_naming_it(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "gruul_stompy", "azorius_skies", "--quiet", "--seed", "4",
                 "--replay", str(path)]) == 0
    data = json.loads(path.read_text())
    k = next(i for i, a in enumerate(data["asked"]) if a.startswith("priority/"))
    data["decisions"].insert(k, 999)
    data["asked"].insert(k, data["asked"][k])
    path.write_text(json.dumps(data))
    code, out, err = cli(capsys, "replay", "--quiet", str(path))
    assert code == 1 and "replay OK" not in out
    assert f"recorded decision #{k + 1} is not legal here" in err and "999" in err


def test_a_replay_that_drifts_fails_at_the_first_divergent_decision(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "gruul_stompy", "azorius_skies", "--quiet", "--seed", "4",
                 "--replay", str(path)]) == 0
    data = json.loads(path.read_text())
    # a legal but different answer: the game drifts from the record
    k = next(i for i, a in enumerate(data["asked"])
              if a.startswith("priority/") and int(a.rsplit("/", 1)[1]) > 1
              and data["decisions"][i] == 0)
    data["decisions"][k] = 1
    path.write_text(json.dumps(data))
    code, _, err = cli(capsys, "replay", "--quiet", str(path))
    assert code == 1
    assert "replay mismatch" in err and "diverges" in err or "log hash" in err


def test_failures_cross_the_actor_boundary(faulty):
    """What a Ray actor returns for a unit with failed games (msgpack, as sent back):
    the rows and every failure with its replay."""
    import msgspec

    from mtgsim.cluster.pool import GameActor
    from mtgsim.cluster.work import JobSpec, UnitResult, WorkUnit, bytes_to_batch
    from mtgsim.pipelines.replay import Replay

    spec = JobSpec("j", 3, (_spec("gruul_stompy"), _spec("azorius_skies")))
    actor = GameActor(msgspec.msgpack.encode(spec))
    data = actor.play(msgspec.msgpack.encode(WorkUnit(0, 0, 0, 1, 0, 30)))
    result = msgspec.msgpack.decode(data, type=UnitResult)
    rows = bytes_to_batch(result.games).num_rows
    assert result.failures and rows + len(result.failures) == 30
    f = result.failures[0]
    replay = msgspec.json.decode(f.replay, type=Replay)
    assert replay.error == f.error == "KeyError: 4242" and replay.policy_seeds


def test_a_swiss_game_that_raises_is_recorded_and_counts_for_no_one(faulty, tmp_path,
                                                                     capsys):
    out = tmp_path / "swiss"
    code, text, err = cli(capsys, "swiss", "--decks", *DECKS[:2], "--players", "8",
                          "--rounds", "2", "--top", "2", "--out", str(out), "--executor",
                          "serial", "--seed", "5")
    assert code == 3, err
    failures = read_failures(out).to_pylist()
    m = read_manifest(out)
    assert failures and m.games_failed == len(failures) and m.status == "complete"
    assert "games failed (they count for neither deck)" in err
    matches = pq.read_table(out / "swiss" / "matches.parquet").to_pylist()
    assert sum(r["wins_a"] + r["wins_b"] for r in matches) < m.games_completed
    code, text, _ = cli(capsys, "replay", "--quiet", str(out / failures[0]["replay"]))
    assert code == 0 and "fails as recorded" in text
