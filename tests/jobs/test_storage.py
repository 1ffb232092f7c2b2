"""``--out`` as a URI, against a real S3-compatible server, and ``--out`` under job
submission.

The server is moto's standalone HTTP server (``tests/s3server.py``), started as its own
process for this module and stopped after it: nothing in this process is mocked.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from s3server import BUCKET, moto_s3, uri

import mtgsim
from mtgsim.pipelines.cli import main
from mtgsim.results.lock import FolderLocked
from mtgsim.results.remote_lock import LOCK_DIR, RemoteLock
from mtgsim.results.storage import RAY_JOB_ENV, OutputError, resolve_out

DECKS = ["gruul_stompy", "azorius_skies", "bogles"]


@pytest.fixture(scope="module")
def s3() -> Iterator[str]:
    """The endpoint (host:port) of a moto S3 server with an empty bucket."""
    with moto_s3() as endpoint:
        yield endpoint


def remote_files(endpoint: str, prefix: str) -> list[str]:
    out = resolve_out(uri(endpoint, prefix))
    try:
        return sorted(out.remote_files())
    finally:
        out.close()


def gauntlet(out: str, *extra: str) -> int:
    return main(["gauntlet", *DECKS, "--games", "4", "--seed", "9", "--executor", "serial",
                 "--unit-size", "2", "--rows-per-file", "2", "--quiet", "--out", out, *extra])


def rows(results: mtgsim.Results) -> list[tuple[str, ...]]:
    keys = ["deck_a", "deck_b", "game", "seed", "winner", "turns", "decisions"]
    return sorted(tuple(str(v) for v in r.values())
                  for r in results.table.select(keys).to_pylist())


@pytest.fixture(scope="module")
def local_rows(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, ...]]:
    out = tmp_path_factory.mktemp("local") / "g"
    assert gauntlet(str(out)) == 0
    return rows(mtgsim.read_results(out))


def test_a_job_writes_to_s3(s3: str, local_rows: list[tuple[str, ...]],
                            capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "jobs/g1")
    assert gauntlet(target) == 0
    out = capsys.readouterr().out
    assert f"results: {target}/games" in out and "mtgsim-out-" not in out
    files = remote_files(s3, "jobs/g1")
    assert "manifest.json" in files and "matchups.parquet" in files
    parts = [f for f in files if f.startswith("games/job=") and f.endswith(".parquet")]
    assert len(parts) == 6  # 3 matchups x 4 games, 2 games per file
    assert not any(f.startswith("_staging") for f in files)
    assert rows(mtgsim.read_results(target)) == local_rows
    assert mtgsim.read_results(target).matchups().num_rows == 3


def test_a_used_s3_folder_needs_resume_and_resume_fills_it(
        s3: str, local_rows: list[tuple[str, ...]], capsys: pytest.CaptureFixture[str]
) -> None:
    target = uri(s3, "jobs/g2")
    assert gauntlet(target) == 0
    capsys.readouterr()
    assert gauntlet(target) == 2
    assert "is not empty (use --resume" in capsys.readouterr().err
    # a lost file: the resumed job plays exactly its games again, and nothing else
    out = resolve_out(target)
    lost = next(f for f in out.remote_files() if f.endswith(".parquet")
                and f.startswith("games/"))
    out.fs.delete_file(f"{out.path}/{lost}")
    out.close()
    assert len(remote_files(s3, "jobs/g2")) == 7
    assert gauntlet(target, "--resume") == 0
    assert lost in remote_files(s3, "jobs/g2")
    assert rows(mtgsim.read_results(target)) == local_rows


def test_report_of_an_s3_job(s3: str, capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "jobs/g3")
    assert gauntlet(target) == 0
    assert main(["report", target]) == 0
    assert f"report: {target}/report/index.html" in capsys.readouterr().out
    assert "report/index.html" in remote_files(s3, "jobs/g3")


def test_the_api_writes_to_s3(s3: str, local_rows: list[tuple[str, ...]]) -> None:
    target = uri(s3, "api/g4")
    results = mtgsim.gauntlet(DECKS, games=4, seed=9, out=target, unit_size=2)
    assert rows(results) == local_rows
    assert "manifest.json" in remote_files(s3, "api/g4")


def test_file_uris_are_local_folders(tmp_path: Path,
                                     local_rows: list[tuple[str, ...]]) -> None:
    target = f"file://{tmp_path}/g"
    assert gauntlet(target) == 0
    assert (tmp_path / "g" / "manifest.json").is_file()
    assert rows(mtgsim.read_results(target)) == local_rows


def test_an_unusable_uri_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert gauntlet("hdfs://localhost:1/nowhere") == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: hdfs://localhost:1/nowhere: not a usable output "
                          "URI") and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- job submission


def test_a_relative_out_is_refused_under_ray_job_submit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(RAY_JOB_ENV, '{"runtime_env": {"working_dir": "gcs://_ray_pkg_x.zip"}}')
    assert gauntlet("out/g1") == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: --out 'out/g1' is relative, and under 'ray job "
                          "submit'")
    assert not (tmp_path / "out").exists()
    assert gauntlet(str(tmp_path / "abs")) == 0  # an absolute path is fine
    assert (tmp_path / "abs" / "manifest.json").is_file()


def test_a_relative_out_is_the_working_directory_otherwise(tmp_path: Path) -> None:
    out = resolve_out("out/g1", environ={}, cwd=tmp_path)
    assert out.local == tmp_path / "out" / "g1" and not out.remote
    with pytest.raises(OutputError, match="relative"):
        resolve_out("out/g1", environ={RAY_JOB_ENV: "{}"}, cwd=tmp_path)


# --------------------------------------------------------------------------- the remote lock

SECRET = "SeCrEt-4c1d"


def _lock(endpoint: str, prefix: str, **kw: float) -> RemoteLock:
    out = resolve_out(uri(endpoint, prefix))
    shutil.rmtree(out.local, ignore_errors=True)
    return RemoteLock(out.fs, out.path, out.shown, "test", **kw)


def _claim(endpoint: str, prefix: str, info: dict[str, object]) -> None:
    out = resolve_out(uri(endpoint, prefix))
    shutil.rmtree(out.local, ignore_errors=True)
    with out.fs.open_output_stream(f"{out.path}/{LOCK_DIR}/other.json") as f:
        f.write(json.dumps(info).encode())


def test_a_resume_while_the_job_runs_elsewhere_is_refused(
        s3: str, local_rows: list[tuple[str, ...]], capsys: pytest.CaptureFixture[str]
) -> None:
    """The lock lives where the results live: a second run of the same s3:// job (whose
    staging folder is its own) is refused while the first holds it, and goes on once it
    is given up; the bucket then holds each game once."""
    target = uri(s3, "jobs/l1")
    assert gauntlet(target) == 0
    capsys.readouterr()
    running = _lock(s3, "jobs/l1").acquire()  # a run of the job, alive and renewing
    try:
        assert gauntlet(target, "--resume") == 2
        line = capsys.readouterr().err.strip()
        assert line.startswith("mtgsim: error: ") and "in use by another job" in line
        assert f"pid {os.getpid()}" in line and len(line.splitlines()) == 1
    finally:
        running.release()
    assert gauntlet(target, "--resume") == 0
    assert rows(mtgsim.read_results(target)) == local_rows
    assert not [f for f in remote_files(s3, "jobs/l1") if ".lock" in f]


def test_contenders_for_the_lock_never_both_hold_it(s3: str) -> None:
    """Claim, list, decide: of contenders taking the lock at the same moment, at most
    one holds it (the others are refused or back off), whatever the timing."""
    import threading

    def contend(prefix: str, start: threading.Barrier, held: list[RemoteLock],
                refused: list[str]) -> None:
        lock = _lock(s3, prefix)
        start.wait()
        try:
            held.append(lock.acquire())
        except FolderLocked as exc:
            refused.append(str(exc))

    for round_ in range(4):
        held: list[RemoteLock] = []
        refused: list[str] = []
        start = threading.Barrier(4)
        threads = [threading.Thread(target=contend, args=(f"race/{round_}", start, held,
                                                          refused)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(held) == 1 and len(refused) == 3, (held, refused)
        held[0].release()


def test_a_stale_lock_is_taken_over_but_a_live_one_never(s3: str) -> None:
    # a claim of this host whose process is gone: taken over at once
    _claim(s3, "stale/a", {"host": socket.gethostname(), "pid": 999_999_9, "started": 1.0,
                           "state": "held"})
    lock = _lock(s3, "stale/a").acquire()
    assert [i["pid"] for i in lock.took_over] == [999_999_9]
    lock.release()
    # a claim of another host, renewed by its owner: never taken over, however long
    # the contender tries (lease 2 s, renewed every 0.5 s)
    info = {"host": "elsewhere", "pid": 42, "state": "held"}
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        _claim(s3, "stale/b", info)
        with pytest.raises(FolderLocked, match="pid 42 on elsewhere"):
            _lock(s3, "stale/b", lease=2.0).acquire()
        time.sleep(0.5)
    # ... and taken over once its owner stopped renewing it for a whole lease
    time.sleep(2.5)
    lock = _lock(s3, "stale/b", lease=2.0).acquire()
    assert [i["host"] for i in lock.took_over] == ["elsewhere"]
    lock.release()


def test_the_holder_of_a_lock_taken_over_stops_uploading(s3: str) -> None:
    """A job paused longer than the lease (a machine asleep) finds its claim gone at its
    next renewal: it uploads nothing more."""
    out = resolve_out(uri(s3, "lost/a"))
    out.begin(resume=False)
    assert out.lock is not None
    out.lock.renew = 0.2
    out.fs.delete_file(out.lock.key)  # what a contender does to a stale claim
    deadline = time.monotonic() + 30
    while not out.lock.lost.is_set() and time.monotonic() < deadline:
        time.sleep(0.1)
    (out.local / "manifest.json").write_text("{}")
    with pytest.raises(OutputError, match="lost the folder's lock"):
        out.push()
    out.close()
    assert out.local.exists()  # kept: it holds what was not uploaded
    shutil.rmtree(out.local)


def test_two_concurrent_resumes_of_an_s3_job_run_one_at_a_time(
        s3: str, local_rows: list[tuple[str, ...]], tmp_path: Path) -> None:
    """The issue's case, with real processes: a resume started while another runs is
    refused; the first is stopped (SIGTERM) and resumed; the bucket holds every game
    once (4,100 rows for 3,900 games before)."""
    target = uri(s3, "jobs/l2")
    argv = [sys.executable, "-m", "mtgsim.pipelines.cli", "gauntlet", *DECKS, "--games",
            "400", "--seed", "9", "--executor", "serial", "--unit-size", "2",
            "--commit-every", "0.5", "--quiet", "--out", target]
    first = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
    try:
        deadline = time.monotonic() + 120
        while not any(f.startswith("games/") or f.startswith("_pending/")
                      for f in remote_files(s3, "jobs/l2")):
            assert first.poll() is None and time.monotonic() < deadline, \
                first.communicate()[1][-2000:]
            time.sleep(0.2)
        second = subprocess.run([*argv, "--resume"], capture_output=True, text=True,
                                timeout=120)
        assert second.returncode == 2 and "in use by another job" in second.stderr
        assert f"pid {first.pid}" in second.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        _, err = first.communicate(timeout=120)
    assert first.returncode == 143, err
    assert not [f for f in _all_files(s3, "jobs/l2") if f.startswith(LOCK_DIR)]  # released
    assert subprocess.run([*argv, "--resume"], capture_output=True, timeout=600
                          ).returncode == 0
    table = mtgsim.read_results(target).table
    keys = list(zip(table["matchup"].to_pylist(), table["game"].to_pylist(), strict=True))
    assert len(keys) == len(set(keys)) == 3 * 400


def test_credentials_in_the_uri_are_never_printed_or_stored(
        s3: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Keys in the URI (user information, or secret query parameters) are used, and
    appear nowhere: not in the output, the resume command, the remote lock's claim or
    any file of the bucket."""
    target = (f"s3://AKIDTEST:{SECRET}@{BUCKET}/creds/c1?endpoint_override={s3}"
              "&scheme=http&region=us-east-1")
    assert gauntlet(target) == 0
    out, err = capsys.readouterr()
    assert SECRET not in out + err and "results: s3://***@" in out
    where = resolve_out(target)
    files = where.remote_files()
    assert files and not any(".lock" in f for f in files)
    for rel in files:
        with where.fs.open_input_stream(f"{where.path}/{rel}") as src:
            assert SECRET.encode() not in src.read()
    # the claim of a running job (the file a killed job leaves behind)
    where.begin(resume=True, command=f"mtgsim gauntlet --out {target}")
    assert where.lock is not None
    with where.fs.open_input_stream(where.lock.key) as src:
        claim = src.read()
    where.close()
    assert b"s3://***@" in claim and SECRET.encode() not in claim
    query = (f"s3://{BUCKET}/creds/c2?endpoint_override={s3}&scheme=http&region=us-east-1"
             f"&access_key=AKIDTEST&secret_key={SECRET}")
    assert gauntlet(query, "--json") == 2  # pyarrow takes keys only before the @
    out, err = capsys.readouterr()
    assert SECRET not in out + err and "secret_key=***" in err


def test_the_resume_command_of_a_stopped_job_hides_credentials(
        s3: str, tmp_path: Path) -> None:
    target = (f"s3://AKIDTEST:{SECRET}@{BUCKET}/creds/c3?endpoint_override={s3}"
              "&scheme=http&region=us-east-1")
    proc = subprocess.Popen([sys.executable, "-m", "mtgsim.pipelines.cli", "gauntlet",
                             *DECKS, "--games", "400", "--executor", "serial", "--quiet",
                             "--unit-size", "2", "--out", target],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not any(f.startswith(LOCK_DIR) for f in _all_files(s3, "creds/c3")):
        assert proc.poll() is None and time.monotonic() < deadline, \
            proc.communicate()[1][-2000:]
        time.sleep(0.2)
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert SECRET not in out + err
    assert "resume with: mtgsim gauntlet" in err and "s3://***@" in err


def _all_files(endpoint: str, prefix: str) -> list[str]:
    """Every object under the prefix, the lock's claims included."""
    from pyarrow import fs as pafs

    out = resolve_out(uri(endpoint, prefix))
    try:
        infos = out.fs.get_file_info(pafs.FileSelector(out.path, recursive=True,
                                                       allow_not_found=True))
        return [i.path[len(out.path) + 1:] for i in infos if i.type == pafs.FileType.File]
    finally:
        out.close()


def test_an_upload_cut_short_leaves_no_truncated_file(
        s3: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop signal raised while a file is being uploaded (the CI saw it under load: a
    resume then refused a damaged games file). pyarrow's S3 stream completes an upload
    that an exception closes, so a file written in place would be left truncated; the
    upload goes through ``_uploading/`` and is moved into place whole, so the folder
    holds no copy of it, and the next push uploads it whole."""
    out = resolve_out(uri(s3, "jobs/cut"))
    out.begin(False)
    try:
        games = out.local / "games"
        games.mkdir(parents=True, exist_ok=True)
        whole = games / "whole.parquet"
        whole.write_bytes(b"w" * 1000)
        out.push()
        cut = games / "cut.parquet"
        cut.write_bytes(b"x" * 300_000)
        real = shutil.copyfileobj

        def interrupted(src, dst, *args, **kwargs):  # type: ignore[no-untyped-def]
            dst.write(src.read(1000))
            raise KeyboardInterrupt

        monkeypatch.setattr(shutil, "copyfileobj", interrupted)
        with pytest.raises(KeyboardInterrupt):
            out.push()
        monkeypatch.setattr(shutil, "copyfileobj", real)
        assert out.remote_files() == {"games/whole.parquet": 1000}
        assert not [f for f in _all_files(s3, "jobs/cut") if f.startswith("_uploading/")]
        out.push()
        assert out.remote_files() == {"games/whole.parquet": 1000,
                                      "games/cut.parquet": 300_000}
        cut.unlink()
        out.push()
        assert out.remote_files() == {"games/whole.parquet": 1000}
    finally:
        out.close()
