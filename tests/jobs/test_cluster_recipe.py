"""The README's cluster recipe, run as written: its shell block is read out of README.md (so
the README and this test cannot drift apart) and each command runs in turn against a real
Ray head node on the loopback address, with Ray's token authentication, its dashboard and
its job agent: the token generated, ``ray start --head``, the platform wheel built,
``ray job submit`` with the wheel as the job's runtime environment, ``mtgsim report``.

What the test changes, and why, is all in ``substitute`` and ``HEAD_FLAGS``: the README's
placeholders (``HEAD``, ``/shared``) become the loopback address and a temporary folder, its
ports free ones and its 100,000 games two (the machine is shared with other Ray instances
and tests); ``ray start`` also gets ``--block`` and ports of its own, so that the head is
this test's process group, killed at the end (never ``ray stop``, which stops every Ray
of the machine). ``HOME`` is a temporary folder: the token is generated there.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checkout_copy import copy_checkout  # tests/checkout_copy.py
from docs_examples import examples_of, shell_commands  # tests/docs_examples.py

from mtgsim.results.manifest import read_manifest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
GAMES = "2"
# `make test` runs the suite on two workers (pytest -n 2 --dist loadgroup): the tests that
# start a head node (`ray start --head`) run on one of them, one after another, as a head
# takes ports of its own by default (the client server's, the agents') that a second head
# started beside it would also take
pytestmark = pytest.mark.xdist_group("ray_head")


def recipe() -> list[list[str]]:
    """The commands of the README's block that submits a job, each as its arguments."""
    blocks = [e.code for e in examples_of(ROOT / "README.md")
              if e.language == "shell" and "ray job submit" in e.code]
    assert len(blocks) == 1, "README.md has one shell block with `ray job submit`"
    return [shlex.split(command, comments=True) for command in shell_commands(blocks[0])]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the head node stopped"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"the head node's port {port} did not open")


def test_the_recipe_reads_as_the_test_expects() -> None:
    """The shape the slow test relies on (fast, so a README edit that breaks it is seen
    without a cluster): the token, its mode, the head, the wheel, the submit, the report."""
    commands = recipe()
    programs = [c[0] for c in commands]
    assert programs == ["ray", "export", "ray", "pip", "cd", "ray", "mtgsim"], commands
    assert commands[0][1:] == ["get-auth-token", "--generate"]
    assert commands[1][1:] == ["RAY_AUTH_MODE=token"]
    assert commands[2][1:3] == ["start", "--head"]
    assert commands[4][1].startswith("~/")  # the test makes it in its own HOME
    submit = commands[5]
    spec = json.loads(submit[submit.index("--runtime-env-json") + 1])
    (wheel,) = spec["pip"]
    name = wheel.rsplit("/", 1)[1]
    # a platform wheel of this version, with the compiled engine
    assert name.startswith(f"mtgsim-{read_version()}-cp3") and not name.endswith("none-any.whl")
    assert submit[submit.index("--") + 1] == "mtgsim"


def read_version() -> str:
    import mtgsim

    return mtgsim.__version__


def substitute(argv: list[str], ports: dict[str, str], shared: Path, wheel_name: str,
               ) -> list[str]:
    """The README's placeholders filled in for this machine (see the module's docstring)."""
    out = []
    for arg in argv:
        for old, new in ports.items():
            arg = arg.replace(f"HEAD:{old}", f"HEAD:{new}")
        arg = arg.replace("HEAD", "127.0.0.1").replace("/shared", str(shared))
        out.append(arg)
    for flag in ("--port", "--dashboard-port"):
        if flag in out:
            i = out.index(flag) + 1
            out[i] = ports[out[i]]
    if "--games" in out:
        out[out.index("--games") + 1] = GAMES
    if "--runtime-env-json" in out:  # the wheel's name has this machine's platform
        i = out.index("--runtime-env-json") + 1
        spec = json.loads(out[i])
        spec["pip"] = [f"mtgsim @ file://{shared}/{wheel_name}"]
        out[i] = json.dumps(spec)
    return out


# added to `ray start`: in the foreground (the test's process group), and every port it
# would otherwise take by default free, as a head node of another test may hold them
HEAD_FLAGS = ["--block", "--num-cpus=2", "--disable-usage-stats"]


@pytest.mark.slow
def test_the_readme_cluster_recipe(tmp_path: Path) -> None:
    commands = recipe()
    home, shared = tmp_path / "home", tmp_path / "shared"
    home.mkdir()
    shared.mkdir()
    # the checkout as a user has it: a copy (the wheel's build files stay out of this
    # one), with its compiled engine (current, so the wheel packs it instead of compiling),
    # and the user's deck and card beside it
    src = copy_checkout(tmp_path / "checkout", compiled=True)
    jobs = home / "my_jobs"  # the user's folder of decks and cards, where jobs are submitted
    for card in [e.code for e in examples_of(ROOT / "README.md")
                 if e.language == "toml" and e.code.startswith("# my_cards/")]:
        path = jobs / card.splitlines()[0][2:].strip()  # the README's own card (Cave Bear)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(card + "\n", encoding="utf-8")
    assert list((jobs / "my_cards").glob("*.toml")), "README.md shows a card of my_cards/"
    shutil.copy(ROOT / "decks/gruul_stompy.txt", jobs / "my_deck.txt")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("RAY_", "MTGSIM_")) and k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update(HOME=str(home), PATH=f"{BIN}:{env.get('PATH', '')}")
    ports = {"6379": str(_free_port()), "8265": str(_free_port())}
    temp = Path(f"/tmp/mr{os.getpid()}")  # short: Ray's socket paths
    head: subprocess.Popen[bytes] | None = None
    cwd = src  # the README's commands start in the checkout
    wheel_name = ""
    outputs: list[str] = []
    try:
        for argv in commands:
            if argv[0] == "export":
                name, value = argv[1].split("=", 1)
                env[name] = value
                continue
            if argv[0] == "cd":
                cwd = Path(argv[1].replace("~", env["HOME"], 1))
                continue
            argv = substitute(argv, ports, shared, wheel_name)
            if argv[:2] == ["ray", "start"]:
                flags = [*HEAD_FLAGS, f"--temp-dir={temp}",
                         f"--dashboard-agent-listen-port={_free_port()}",
                         f"--ray-client-server-port={_free_port()}"]
                head = subprocess.Popen(argv + flags, cwd=cwd, env=env, start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _wait_for_port(int(ports["8265"]), head)
                continue
            res = _run(argv, cwd, env)
            assert res.returncode == 0, f"{argv}\n{res.stdout[-6000:]}\n{res.stderr[-3000:]}"
            outputs.append(res.stdout)
            if argv[0] == "pip":
                (wheel,) = shared.glob("mtgsim-*.whl")
                wheel_name = wheel.name
        assert head is not None and head.poll() is None
        # the wheel is the platform wheel, with the compiled engine
        assert "-cp3" in wheel_name and not wheel_name.endswith("none-any.whl"), wheel_name
        job_output, report_output = outputs[-2], outputs[-1]
        assert "succeeded" in job_output, job_output[-3000:]
        out = shared / "jobs" / "g1"
        manifest = read_manifest(out)
        assert manifest.status == "complete" and manifest.games_completed == int(GAMES)
        assert (out / "report" / "index.html").is_file(), report_output
        # the job ran with the wheel's mtgsim, whose compiled engine loads there
        pythons = sorted(temp.glob("session_*/runtime_resources/pip/*/virtualenv/bin/python"))
        assert pythons, "no runtime environment of the job"
        probe = subprocess.run(
            [str(pythons[-1]), "-c", "import sys, mtgsim, mtgsim.engine.game, "
             "mtgsim.compiled as c; print(mtgsim.__file__); print(len(c.loaded()), "
             "len([n for n in c.module_names() if n in sys.modules]))"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        where, counts = probe.stdout.split("\n")[:2]
        assert "runtime_resources" in where, probe.stdout + probe.stderr
        loaded, imported = map(int, counts.split())
        assert loaded == imported > 10, (counts, probe.stderr)
    finally:
        if head is not None:
            try:
                os.killpg(head.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One command; a submit is tried again while the dashboard answers before the head's
    job agent has registered."""
    deadline = time.monotonic() + 120
    while True:
        res = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                             timeout=900)
        if "No available agent" not in res.stdout + res.stderr or time.monotonic() > deadline:
            return res
        time.sleep(2)
