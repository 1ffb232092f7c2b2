"""Jobs on Ray clusters that misbehave: more workers than CPUs, a cluster that goes away
mid-job, token authentication with an explicit address, a full disk (a real tmpfs), and
what a quiet job prints. Each test starts its own processes (a head node in a session of
its own, killed by process group), never touching other Ray instances on the machine.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pytest

from mtgsim.results.dataset import committed_units, read_games
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DECKS = ["gruul_stompy", "azorius_skies"]
# `make test` runs the suite on two workers (pytest -n 2 --dist loadgroup): the tests that
# start a head node (`ray start --head`) run on one of them, one after another, as a head
# takes ports of its own by default (the client server's, the agents') that a second head
# started beside it would also take
pytestmark = pytest.mark.xdist_group("ray_head")


def mtgsim(*argv: str, env: dict[str, str] | None = None, timeout: float = 300,
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def games_table(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Head:
    """A Ray head node of our own: ``ray start --head --block`` in a new session."""

    def __init__(self, env: dict[str, str], cpus: int = 2, dashboard: bool = False) -> None:
        self.port = _free_port()
        self.dashboard_port = _free_port()
        self.temp = tempfile.mkdtemp(prefix="mr", dir="/tmp")  # short: socket paths
        # the job agent's port too: its default (52365) may be another head's
        dashboard_args = ([f"--dashboard-port={self.dashboard_port}", "--include-dashboard=true",
                           f"--dashboard-agent-listen-port={_free_port()}"]
                          if dashboard else ["--include-dashboard=false"])
        self.proc = subprocess.Popen(
            [str(BIN / "ray"), "start", "--head", "--block", f"--port={self.port}",
             f"--num-cpus={cpus}", *dashboard_args, f"--temp-dir={self.temp}",
             "--disable-usage-stats"],
            env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        self.address = f"127.0.0.1:{self.port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                time.sleep(0.3)
        else:
            self.kill()
            raise RuntimeError("the head node did not start")
        time.sleep(3)  # the raylet registers after the GCS listens
        if dashboard:
            self._wait_for_port(self.dashboard_port)

    def _wait_for_port(self, port: int) -> None:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                time.sleep(0.3)
        self.kill()
        raise RuntimeError(f"the head node's port {port} did not open")

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        shutil.rmtree(self.temp, ignore_errors=True)


@pytest.fixture
def head_factory() -> Iterator[list[Head]]:
    heads: list[Head] = []
    yield heads
    for h in heads:
        h.kill()


def _env_without_auth(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env["HOME"] = str(home)  # no ~/.ray/auth_token
    return env


def test_more_workers_than_cpus_fails_at_once_and_quiet_prints_no_ray_line(tmp_path):
    t0 = time.monotonic()
    res = mtgsim("gauntlet", *DECKS, "--games", "4", "--workers", "64", "--out",
                 str(tmp_path / "w"), "--quiet")
    assert res.returncode == 2, res.stderr
    cpus = os.cpu_count()
    assert res.stderr == (f"mtgsim: error: --workers 64 needs 64 CPUs, but the Ray cluster "
                          f"has {cpus}: give at most --workers {cpus}, or leave it out to "
                          "use them all\n")
    assert time.monotonic() - t0 < 120
    assert not (tmp_path / "w").exists()
    res = mtgsim("gauntlet", *DECKS, "--games", "20", "--unit-size", "5", "--out",
                 str(tmp_path / "q"), "--quiet")
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""  # no Ray log line, no progress bar
    assert res.stdout.startswith("job gauntlet-")


@pytest.mark.slow
def test_a_lost_cluster_is_one_line_and_the_job_resumes(tmp_path, head_factory):
    head = Head({"RAY_AUTH_MODE": "disabled"})
    head_factory.append(head)
    out = tmp_path / "job"
    # enough games that the job is still playing well after its first commit (800 were
    # over before the kill once the compiled engine played 500 games/s on 2 workers)
    args = ["gauntlet", *DECKS, "--games", "4000", "--unit-size", "10", "--commit-every",
            "0.5", "--out", str(out), "--seed", "2"]
    proc = subprocess.Popen([sys.executable, "-m", "mtgsim.pipelines.cli", *args,
                             "--address", head.address, "--quiet"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env_without_auth(tmp_path))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and committed_units(out):
            break
        time.sleep(0.2)
    assert proc.poll() is None, proc.communicate()
    head.kill()
    killed = time.monotonic()
    _, err = proc.communicate(timeout=120)
    assert time.monotonic() - killed < 30  # not Ray's minute of retries
    assert proc.returncode == 1, err
    lines = err.splitlines()
    assert lines[0].startswith("mtgsim: error: lost the Ray cluster"), err
    assert lines[1].startswith("mtgsim: the job stopped; ")
    assert lines[2].startswith("resume with: mtgsim gauntlet") and len(lines) == 3, err
    m = read_manifest(out)
    assert m.status == "interrupted" and 0 < m.games_completed < m.games_total
    # finish it here, serially: the same games
    res = mtgsim(*args, "--executor", "serial", "--resume", "--quiet")
    assert res.returncode == 0, res.stderr
    clean = tmp_path / "clean"
    res = mtgsim(*args[:-2], "--out", str(clean), "--seed", "2", "--executor", "serial",
                 "--quiet")
    assert res.returncode == 0, res.stderr
    assert games_table(out).equals(games_table(clean))


@pytest.mark.slow
def test_token_authentication_with_an_explicit_address(tmp_path, head_factory):
    token = secrets.token_hex(16)
    head = Head({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token})
    head_factory.append(head)
    job = ["gauntlet", *DECKS, "--games", "10", "--unit-size", "5", "--quiet",
           "--address", head.address]
    env = _env_without_auth(tmp_path)
    # the token at hand (no RAY_AUTH_MODE set): used, as with --address auto
    res = mtgsim(*job, "--out", str(tmp_path / "ok"), env={**env, "RAY_AUTH_TOKEN": token})
    assert res.returncode == 0, res.stderr
    assert read_manifest(tmp_path / "ok").games_completed == 10
    for extra, words in (({"RAY_AUTH_TOKEN": "0" * 32}, "rejects the token"),
                         ({}, "no token was found"),
                         ({"RAY_AUTH_TOKEN": token, "RAY_AUTH_MODE": "disabled"},
                          "RAY_AUTH_MODE=disabled")):
        out = tmp_path / "bad"
        t0 = time.monotonic()
        res = subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli", *job, "--out",
                              str(out)], cwd=ROOT, capture_output=True, text=True,
                             timeout=300, env={**env, **extra})
        assert res.returncode == 2, res.stderr
        assert res.stderr.startswith(f"mtgsim: error: cannot join the Ray cluster at "
                                     f"{head.address}: authentication failed"), res.stderr
        assert words in res.stderr and len(res.stderr.splitlines()) == 1
        assert time.monotonic() - t0 < 60
        assert not out.exists()


@pytest.mark.slow
def test_a_full_disk_is_one_line_and_nothing_half_written_stays(tmp_path):
    """A real full disk: the job writes to a 120 KiB tmpfs, mounted in a private mount
    namespace (``unshare``), and is then copied out and resumed on the real disk."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is needed to mount a small tmpfs")
    mnt = tmp_path / "small"
    mnt.mkdir()
    kept = tmp_path / "kept"
    args = ["gauntlet", *DECKS, "--games", "400", "--unit-size", "4", "--commit-every",
            "0.01", "--executor", "serial", "--quiet", "--seed", "4"]
    cli = f"{sys.executable} -m mtgsim.pipelines.cli"
    script = (f"mount -t tmpfs -o size=120k tmpfs {mnt} && "
              f"{cli} {' '.join(args)} --out {mnt}/job 2> {tmp_path}/err; "
              f"echo $? > {tmp_path}/rc; cp -a {mnt}/job {kept}")
    flags = ["-m"] if os.geteuid() == 0 else ["-rm"]
    subprocess.run(["unshare", *flags, "sh", "-c", script], cwd=ROOT, check=True,
                   timeout=600)
    err = (tmp_path / "err").read_text()
    assert (tmp_path / "rc").read_text().strip() == "1", err
    lines = err.splitlines()
    assert lines[0] == f"mtgsim: error: cannot write to {mnt}/job: the disk is full", err
    assert lines[-1].startswith("resume with: ") and "Traceback" not in err
    assert not (kept / "manifest.json.tmp").exists()
    assert not list((kept / "_staging").iterdir()) if (kept / "_staging").exists() else True
    done = committed_units(kept)
    assert done
    # resumed on a disk with room: exactly the games of an uninterrupted run
    res = mtgsim(*args, "--out", str(kept), "--resume")
    assert res.returncode == 0, res.stderr
    res = mtgsim(*args, "--out", str(tmp_path / "clean"))
    assert res.returncode == 0, res.stderr
    assert games_table(kept).equals(games_table(tmp_path / "clean"))


def test_ctrl_c_on_ray_commits_and_prints_only_the_resume_command(tmp_path):
    """Ctrl-C as a terminal sends it: SIGINT to the whole process group (Ray's local
    processes too)."""
    out = tmp_path / "job"
    args = ["gauntlet", *DECKS, "--games", "3000", "--unit-size", "10", "--out", str(out),
            "--quiet", "--seed", "6", "--commit-every", "1"]
    proc = subprocess.Popen([sys.executable, "-m", "mtgsim.pipelines.cli", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # interrupt once games are being played and committed (not after a fixed time: on
    # an idle machine the whole job can end within seconds)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None:
        if (out / "manifest.json").exists() and read_manifest(out).games_completed >= 20:
            break
        time.sleep(0.1)
    assert proc.poll() is None, proc.communicate()
    os.killpg(proc.pid, signal.SIGINT)
    t0 = time.monotonic()
    stdout, err = proc.communicate(timeout=120)
    assert time.monotonic() - t0 < 30
    assert proc.returncode == 130, err
    assert stdout == ""
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith("mtgsim: interrupted; ") and " of 3000 games committed" in err
    assert lines[1] == f"resume with: mtgsim {' '.join(args)} --resume"
    m = read_manifest(out)
    assert m.status == "interrupted" and m.games_completed == read_games(out).num_rows
    res = mtgsim(*args, "--resume", "--executor", "serial")
    assert res.returncode == 0, res.stderr
    clean = [a if a != str(out) else str(tmp_path / "clean") for a in args]
    res = mtgsim(*clean, "--executor", "serial")
    assert res.returncode == 0, res.stderr
    assert games_table(out).equals(games_table(tmp_path / "clean"))


@pytest.mark.slow
def test_the_fault_injection_script_finds_the_faulted_dataset_identical(tmp_path):
    """scripts/fault_inject.py, small: four random kills of the driver or an actor."""
    res = subprocess.run([sys.executable, str(ROOT / "scripts" / "fault_inject.py"),
                          "--kills", "4", "--games", "150", "--decks", *DECKS,
                          "--seed", "3", "--max-delay", "6", "--out", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "identical to the uninterrupted run" in res.stdout
    assert "MISMATCH" not in res.stdout


@pytest.mark.slow
def test_ray_job_submit_with_relative_decks_and_cards(tmp_path, head_factory):
    """The README's recipe, for real: ``ray job submit --working-dir .`` to a head node with
    its dashboard, decks and a card file given relative to the uploaded folder, ``--out``
    an absolute path; the games equal a local serial run's. A relative ``--out`` is refused
    in one line (it would land in Ray's temporary copy of the working directory)."""
    # the entry point runs in the head node's environment: mtgsim on its PATH, as on a
    # cluster whose nodes have the wheel installed
    head = Head({"RAY_AUTH_MODE": "disabled",
                 "PATH": f"{BIN}:{os.environ.get('PATH', '')}"}, dashboard=True)
    head_factory.append(head)
    submit_dir = tmp_path / "submit"
    (submit_dir / "my_cards").mkdir(parents=True)
    shutil.copy(ROOT / "engine/cards/data/g/grizzly_bears.toml",
                submit_dir / "my_cards" / "bears.toml")
    text = (ROOT / "decks/gruul_stompy.txt").read_text()
    (submit_dir / "my_deck.txt").write_text(text)
    env = {**_env_without_auth(tmp_path), "RAY_AUTH_MODE": "disabled"}
    job = ["versus", "my_deck.txt", "--field", "azorius_skies", "--games", "12",
           "--unit-size", "4", "--seed", "5", "--quiet"]

    def submit(*argv: str) -> subprocess.CompletedProcess[str]:
        # 300 s: the agent registers in seconds on a quiet machine, but took over 120 s
        # while another suite built the compiled engine on the same two cores
        deadline = time.monotonic() + 300
        while True:
            res = subprocess.run(
                [str(BIN / "ray"), "job", "submit", "--address",
                 f"http://127.0.0.1:{head.dashboard_port}", "--working-dir", ".", "--",
                 "mtgsim", *argv], cwd=submit_dir, capture_output=True, text=True,
                timeout=600, env={**env, "PATH": f"{BIN}:{env.get('PATH', '')}"})
            # the dashboard answers before the head's job agent has registered
            if "No available agent" not in res.stderr or time.monotonic() > deadline:
                return res
            time.sleep(2)

    out = tmp_path / "out"
    res = submit(*job, "--cards", "my_cards", "--override", "--out", str(out))
    assert res.returncode == 0, res.stdout + res.stderr
    assert read_manifest(out).games_completed == 12
    local = tmp_path / "local"
    res = mtgsim(*job[:1], str(submit_dir / "my_deck.txt"), *job[2:], "--cards",
                 str(submit_dir / "my_cards"), "--override", "--executor", "serial",
                 "--out", str(local), env=env)
    assert res.returncode == 0, res.stderr
    assert games_table(out).drop_columns(["job"]).equals(
        games_table(local).drop_columns(["job"]))
    res = submit(*job, "--out", "relative/out")
    assert res.returncode != 0
    assert ("mtgsim: error: --out 'relative/out' is relative, and under 'ray job submit'"
            in res.stdout + res.stderr)
    assert not (submit_dir / "relative").exists()
