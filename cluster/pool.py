"""Executors that play work units: serially in this process, or on a pool of Ray actors.

The Ray pool keeps at most ``in_flight`` units per actor (backpressure), so a job of any
size holds only a small window of work and results. Each actor loads the card data and
decks once. An actor that dies is restarted by Ray (``max_restarts``) and its unit is
retried (``max_task_retries``); if Ray gives up, the unit is resubmitted here. Because a
game's seed depends only on its coordinates, a retried unit gives the same rows.

The pool never waits forever: it is sized from the CPUs Ray reports (more workers than
CPUs is an error at once, not actors that never start), actors must start within
``START_TIMEOUT`` seconds (CPUs another job holds), and while results are awaited the
cluster's control service (GCS) is probed, so a cluster that goes away is reported
(``ClusterLost``) within seconds instead of after Ray's own minute-long reconnection
attempts. With ``silence`` (the command line), what Ray prints in the driver while the
pool runs is silenced (``Silence``): mtgsim reports what goes wrong itself, in one line. An explicit ``--address`` asks the cluster whether it uses token
authentication and uses the token at hand when it does, as ``auto`` would.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pyarrow as pa

from mtgsim.cluster.work import (
    GameFailure,
    JobSpec,
    MatchResult,
    MatchUnit,
    Player,
    UnitResult,
    WorkUnit,
    bytes_to_batch,
    extras_of,
    play_match,
)

_UNIT_ENC = msgspec.msgpack.Encoder()
START_TIMEOUT = 120.0  # seconds for every actor to be placed and to load the card data
PROBE_EVERY = 2.0  # seconds between probes of the cluster while waiting for results
LOST_AFTER = 3  # failed probes in a row that mean the cluster is gone

# a played unit: its games rows, its failed games, and its events and hands rows when the
# job records them (``JobSpec.record_events``)
Played = tuple[WorkUnit, pa.RecordBatch, list[GameFailure], dict[str, pa.RecordBatch]]


class ClusterError(RuntimeError):
    """Ray could not be started or reached, or cannot run the pool asked for."""


class ClusterLost(ClusterError):
    """The Ray cluster went away while the job ran."""


class SerialExecutor:
    """Plays units in this process, in order (``--executor serial``)."""

    workers = 1

    def __init__(self, spec: JobSpec) -> None:
        self.player = Player(spec)

    def run(self, units: Iterable[WorkUnit]) -> Iterator[Played]:
        for unit in units:
            result = self.player.play_unit(unit)
            yield unit, bytes_to_batch(result.games), list(result.failures), extras_of(result)

    def matches(self, units: list[MatchUnit],
                each: Callable[[MatchResult], None] | None = None) -> list[MatchResult]:
        """Play matches in order; ``each(result)`` after each (progress)."""
        results = []
        for m in units:
            results.append(play_match(self.player, m))
            if each is not None:
                each(results[-1])
        return results

    def shutdown(self) -> None:
        pass


def _hostport(address: str) -> tuple[str, int]:
    hostport = address.split("://", 1)[-1].rsplit("/", 1)[0]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"bad Ray address {address!r} (expected HOST:PORT)")
    return host, int(port)


def _reachable(host: str, port: int, timeout: float) -> OSError | None:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except OSError as exc:
        return exc


def _probe(address: str, timeout: float = 3.0) -> None:
    """Fail fast on an address nothing listens on (ray.init would wait minutes)."""
    host, port = _hostport(address)
    exc = _reachable(host, port, timeout)
    if exc is not None:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: "
                           f"{exc.strerror or exc}")


def _token_available() -> bool:
    """Whether a Ray authentication token is at hand (the places Ray itself reads)."""
    if os.environ.get("RAY_AUTH_TOKEN"):
        return True
    path = os.environ.get("RAY_AUTH_TOKEN_PATH")
    if path:
        return Path(path).is_file()
    return (Path.home() / ".ray" / "auth_token").is_file()


_AUTH_PROBE = """
import sys
from ray._raylet import GcsClient
try:
    GcsClient(address=sys.argv[1]).internal_kv_get(b"mtgsim-probe", None, timeout=5)
except Exception as exc:
    auth = "authentic" in type(exc).__name__.lower() or "unauthenticated" in str(exc).lower()
    print(("auth " if auth else "error ") + " ".join(str(exc).split())[:300])
else:
    print("ok")
"""


def _probe_auth(address: str, mode: str) -> str:
    """How the cluster's control service answers a client in authentication ``mode``
    (``disabled`` or ``token``): ``ok``, ``auth ...`` (rejected for authentication) or
    ``error ...``. Run in a fresh interpreter: Ray caches its mode per process."""
    import subprocess
    import sys

    env = {**os.environ, "RAY_AUTH_MODE": mode}
    try:
        res = subprocess.run([sys.executable, "-c", _AUTH_PROBE, address], env=env,
                             capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "error no answer within 30 s"
    line = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
    return line or f"error the probe failed ({res.stderr.strip().splitlines()[-1:]})"


_AUTH_HELP = ("a cluster with token authentication needs its token in RAY_AUTH_TOKEN, "
              "RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token")


def _settle_auth(address: str) -> None:
    """Ray turns token authentication on by itself only for a cluster it finds
    (``auto``); for an explicit address it needs ``RAY_AUTH_MODE=token`` set by hand,
    else it retries for 20 s and reports that it cannot connect. Ask the cluster instead:
    when it requires a token and one is at hand, use it (as ``auto`` does); when the
    mode set does not match the cluster, say so, naming authentication."""
    mode = os.environ.get("RAY_AUTH_MODE")
    if mode not in (None, "disabled", "token"):
        return  # a mode this mtgsim does not know: Ray decides
    plain = _probe_auth(address, "disabled")
    if plain == "ok":
        if mode == "token":
            raise ClusterError(f"cannot join the Ray cluster at {address}: it does not use "
                               "token authentication, but RAY_AUTH_MODE=token is set "
                               "(unset it)")
        return
    if not plain.startswith("auth"):
        return  # not an authentication matter: ray.init reports it
    if mode == "disabled":
        raise ClusterError(f"cannot join the Ray cluster at {address}: authentication "
                           "failed: the cluster uses token authentication and "
                           f"RAY_AUTH_MODE=disabled is set; {_AUTH_HELP}")
    if not _token_available():
        raise ClusterError(f"cannot join the Ray cluster at {address}: authentication "
                           f"failed: the cluster uses token authentication and no token "
                           f"was found; {_AUTH_HELP}")
    token = _probe_auth(address, "token")
    if token.startswith("auth"):
        raise ClusterError(f"cannot join the Ray cluster at {address}: authentication "
                           f"failed: the cluster rejects the token found here "
                           f"({token.removeprefix('auth ')[:120]})")
    if mode is None:
        os.environ["RAY_AUTH_MODE"] = "token"
        try:  # Ray caches its configuration: refresh it as Ray does for ``auto``
            from ray._raylet import Config  # type: ignore[attr-defined]

            Config.initialize("")
        except Exception:  # noqa: BLE001 - an older or newer Ray: the variable is enough
            pass


class Silence:
    """While entered, this process's standard output and error (file descriptors 1 and
    2) go nowhere: what Ray prints in the driver (its log lines, Python and C++, and the
    error reports it relays, such as a dying node's last log lines) is not shown; it is
    in Ray's own log files. mtgsim's own live output (the progress bar) is written to a
    duplicate of the terminal's descriptor made before (``terminal_stderr``)."""

    def __init__(self) -> None:
        self.saved: list[int] = []

    def __enter__(self) -> Silence:
        import sys

        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        null = os.open(os.devnull, os.O_WRONLY)
        self.saved = [os.dup(1), os.dup(2)]
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.close(null)
        return self

    def __exit__(self, *exc: object) -> None:
        import sys

        if not self.saved:
            return
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        for fd, saved in zip((1, 2), self.saved, strict=True):
            os.dup2(saved, fd)
            os.close(saved)
        self.saved = []


    def keep(self) -> None:
        """Stay silenced for the rest of the process (a lost cluster: Ray's driver logs
        for a minute on its way out) and point ``sys.stdout`` and ``sys.stderr`` at the
        terminal for mtgsim's own last words. Under a test's capture, just restore."""
        import sys

        if sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__:
            self.__exit__()
            return
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
        sys.stdout = os.fdopen(self.saved[0], "w", buffering=1)
        sys.stderr = os.fdopen(self.saved[1], "w", buffering=1)
        self.saved = []


def terminal_stderr() -> Any:
    """A text stream on a duplicate of descriptor 2 as it is now: it still reaches the
    terminal while a ``Silence`` is entered (for a progress bar)."""
    return os.fdopen(os.dup(2), "w", buffering=1)


# Ray's switch for a cluster on this machine alone (ray_constants.ENABLE_RAY_CLUSTER, off
# by default on macOS and Windows): off, the node's IP is the loopback address
LOOPBACK_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@contextlib.contextmanager
def _on_loopback() -> Iterator[None]:
    """While a local Ray starts: its node IP is 127.0.0.1, so its control service (GCS),
    raylet, object manager, agents and workers listen on the loopback address only, not
    on every interface (Ray's default on Linux takes the routable address, and
    ``ray.init(_node_ip_address="127.0.0.1")`` is turned back into it). Ray reads the
    switch from ``ray_constants`` in this process and from the environment in the
    processes it starts; both are put back afterwards, so a later ``--address`` job in
    the same process joins its cluster as usual."""
    try:
        from ray._private import ray_constants
    except ImportError:  # another Ray layout: it decides
        yield
        return
    saved_env = os.environ.get(LOOPBACK_ENV)
    saved = getattr(ray_constants, "ENABLE_RAY_CLUSTER", None)
    os.environ[LOOPBACK_ENV] = "0"
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if saved_env is None:
            os.environ.pop(LOOPBACK_ENV, None)
        else:
            os.environ[LOOPBACK_ENV] = saved_env
        if saved is not None:
            ray_constants.ENABLE_RAY_CLUSTER = saved


@contextlib.contextmanager
def _entrypoint_redacted() -> Iterator[None]:
    """Ray records the driver's command line as its job's entrypoint (in the cluster's
    job table: ``ray list jobs``, the dashboard); a key given in an ``--out`` URI is
    shown there as ``***`` instead (``results.storage.redact``)."""
    try:
        from ray._private import utils as ray_utils
    except ImportError:  # another Ray layout: nothing to replace
        yield
        return
    original = getattr(ray_utils, "get_entrypoint_name", None)
    if original is None:
        yield
        return
    from mtgsim.results.storage import redact

    ray_utils.get_entrypoint_name = lambda: redact(original())
    try:
        yield
    finally:
        ray_utils.get_entrypoint_name = original


@contextlib.contextmanager
def _keeping_sigterm() -> Iterator[None]:
    """``ray.init`` replaces the driver's SIGTERM handler with one that exits at once
    (``sys.exit(15)``: no final commit, no resume command); the handler installed before
    (``pipelines.stopping``: SIGTERM stops as Ctrl-C does) is put back."""
    previous = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        if callable(previous) and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)


def init_ray(address: str | None, num_cpus: int | None = None, quiet: bool = False) -> None:
    """Join ``address`` (or RAY_ADDRESS), else start Ray on this machine with all cores,
    listening on the loopback address only (``_on_loopback``)."""
    address = address or os.environ.get("RAY_ADDRESS") or None
    import ray

    if address and address != "auto":
        _probe(address)
        if ray.is_initialized():
            return
        _settle_auth(address)
    if ray.is_initialized():
        return
    level = logging.ERROR if quiet else logging.INFO
    try:
        with _keeping_sigterm(), _entrypoint_redacted():
            if address:
                ray.init(address=address, log_to_driver=False, logging_level=level)
            else:
                # "local": always a new Ray on this machine, never a stale or foreign one
                with _on_loopback():
                    ray.init(address="local", num_cpus=num_cpus or os.cpu_count() or 1,
                             include_dashboard=False, logging_level=level,
                             log_to_driver=False, object_store_memory=200 * 1024 * 1024)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        text = " ".join(str(exc).split())
        hint = f"; authentication may be the cause: {_AUTH_HELP}" \
            if "auth" in text.lower() or "token" in text.lower() else ""
        raise ClusterError(f"cannot reach the Ray cluster at {address or 'local'}: "
                           f"{text[:300]}{hint}") from None


def _gcs_address() -> str | None:
    import ray

    try:
        return str(ray.get_runtime_context().gcs_address)
    except Exception:  # noqa: BLE001 - no address known: the probe is skipped
        return None


class GameActor:
    """A Ray actor body: the card data and decks are compiled once, at start."""

    def __init__(self, spec: bytes) -> None:
        self.player = Player(msgspec.msgpack.decode(spec, type=JobSpec))
        self.decoder = msgspec.msgpack.Decoder(WorkUnit)

    def pid(self) -> int:
        return os.getpid()

    def node(self) -> str:
        import ray

        return str(ray.get_runtime_context().get_node_id())

    def play(self, unit: bytes) -> bytes:
        return msgspec.msgpack.encode(self.player.play_unit(self.decoder.decode(unit)))

    def match(self, unit: bytes) -> bytes:
        m = msgspec.msgpack.decode(unit, type=MatchUnit)
        return msgspec.msgpack.encode(play_match(self.player, m))


class RayExecutor:
    """A pool of Ray actors fed with bounded backpressure."""

    def __init__(self, spec: JobSpec, workers: int | None = None, address: str | None = None,
                 in_flight: int = 2, quiet: bool = False, silence: bool = False,
                 announce: Callable[[str], None] | None = None) -> None:
        """``announce(what)`` is told what starts (Ray on this machine, or the cluster
        joined) before the wait, so a user is not left before a silent terminal."""
        import ray

        if announce is not None:
            joined = address or os.environ.get("RAY_ADDRESS")
            announce(f"joining the Ray cluster at {joined}" if joined else
                     "starting Ray on this machine")

        self.silence: Silence | None = Silence().__enter__() if silence else None
        self.lost = False
        # Ray started or joined here (not by the caller): disconnected at shutdown
        self.owns_ray = not ray.is_initialized()
        self.actors: list[Any] = []
        try:
            init_ray(address, quiet=quiet)
            self._start(spec, workers, address, in_flight)
        except BaseException:
            self.shutdown()
            raise

    def _start(self, spec: JobSpec, workers: int | None, address: str | None,
               in_flight: int) -> None:
        import ray

        self.address = address or os.environ.get("RAY_ADDRESS") or "local Ray"
        total = int(ray.cluster_resources().get("CPU", 0))  # type: ignore[no-untyped-call]
        if total < 1:
            raise ClusterError(f"the Ray cluster at {self.address} has no CPU")
        if workers is not None and workers > total:
            raise ClusterError(
                f"--workers {workers} needs {workers} CPUs, but the Ray cluster has "
                f"{total}: give at most --workers {total}, or leave it out to use them all")
        self.workers = workers or total
        self.in_flight = in_flight
        self.gcs = _gcs_address()
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(GameActor)
        spec_bytes = msgspec.msgpack.encode(spec)
        self.actors = [actor.options(scheduling_strategy="SPREAD").remote(spec_bytes)
                       for _ in range(self.workers)]
        self.units_per_actor: list[int] = [0] * self.workers
        self._wait_started()

    def _wait_started(self) -> None:
        import ray

        waiting = [a.pid.remote() for a in self.actors]
        deadline = time.monotonic() + START_TIMEOUT
        misses = [0]
        while waiting and time.monotonic() < deadline:
            ready, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=PROBE_EVERY)
            self._check_alive(misses)
            try:
                ray.get(ready)
            except Exception as exc:  # noqa: BLE001 - e.g. card data workers can't load
                raise ClusterError(f"the Ray actors failed to start: "
                                   f"{str(exc).strip().splitlines()[-1]}") from None
        if waiting:
            raise ClusterError(f"{len(waiting)} of {self.workers} Ray actors did not start "
                               f"within {START_TIMEOUT:.0f} s (are the cluster's CPUs busy "
                               "with another job?)")

    def _check_alive(self, failures: list[int]) -> None:
        """Probe the cluster's GCS; ``ClusterLost`` after ``LOST_AFTER`` misses."""
        if self.gcs is None:
            return
        try:
            host, port = _hostport(self.gcs)
        except ClusterError:
            return
        if _reachable(host, port, timeout=1.0) is None:
            failures[0] = 0
            return
        failures[0] += 1
        if failures[0] >= LOST_AFTER:
            self.lost = True
            raise ClusterLost(f"lost the Ray cluster ({self.address}): its control service "
                              f"at {self.gcs} stopped answering")

    def run(self, units: Iterable[WorkUnit]) -> Iterator[Played]:
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        todo = iter(units)
        pending: dict[Any, tuple[WorkUnit, int]] = {}
        retry: list[WorkUnit] = []
        load = [0] * self.workers
        misses = [0]
        decoder = msgspec.msgpack.Decoder(UnitResult)

        def submit(unit: WorkUnit) -> None:
            i = min(range(self.workers), key=load.__getitem__)
            ref = self.actors[i].play.remote(_UNIT_ENC.encode(unit))
            pending[ref] = (unit, i)
            load[i] += 1

        def refill() -> None:
            while sum(load) < self.workers * self.in_flight:
                if retry:
                    submit(retry.pop())
                    continue
                unit = next(todo, None)
                if unit is None:
                    return
                submit(unit)

        refill()
        last_probe = time.monotonic()
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=PROBE_EVERY)
            if not ready or time.monotonic() - last_probe >= PROBE_EVERY:
                self._check_alive(misses)
                last_probe = time.monotonic()
            if not ready:
                continue
            ref = ready[0]
            unit, i = pending.pop(ref)
            load[i] -= 1
            try:
                data = ray.get(ref)
            except (RayActorError, WorkerCrashedError):
                self._check_alive(misses)
                retry.append(unit)  # Ray gave up on this call: play the unit again
            else:
                self.units_per_actor[i] += 1
                result = decoder.decode(data)
                yield (unit, bytes_to_batch(result.games), list(result.failures),
                       extras_of(result))
            refill()

    def matches(self, units: list[MatchUnit],
                each: Callable[[MatchResult], None] | None = None) -> list[MatchResult]:
        """Play matches on the actors (a Swiss round); results in the order given;
        ``each(result)`` as each one arrives (progress)."""
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        results: dict[int, MatchResult] = {}
        todo = list(units)
        misses = [0]
        while todo:
            refs = {self.actors[i % self.workers].match.remote(msgspec.msgpack.encode(m)): m
                    for i, m in enumerate(todo)}
            todo = []
            waiting = list(refs)
            while waiting:
                ready, waiting = ray.wait(waiting, num_returns=len(waiting),
                                          timeout=PROBE_EVERY)
                self._check_alive(misses)
                for ref in ready:
                    m = refs[ref]
                    try:
                        results[m.mid] = msgspec.msgpack.decode(ray.get(ref),
                                                                type=MatchResult)
                        if each is not None:
                            each(results[m.mid])
                    except (RayActorError, WorkerCrashedError):
                        todo.append(m)
        return [results[m.mid] for m in units]

    def actor_pids(self) -> list[int]:
        import ray

        return list(ray.get([a.pid.remote() for a in self.actors]))

    def actor_nodes(self) -> list[str]:
        import ray

        return list(ray.get([a.node.remote() for a in self.actors]))

    def shutdown(self) -> None:
        import ray

        for a in self.actors:
            try:
                ray.kill(a)
            except Exception:  # noqa: BLE001 - a lost cluster: nothing left to stop
                pass
        self.actors = []
        if self.owns_ray and not self.lost:
            # disconnect while silenced: Ray would report its killed actors' calls later
            try:
                ray.shutdown()
            except Exception:  # noqa: BLE001 - shutting down what is left
                pass
        if self.silence is not None:
            if self.lost:  # Ray would log a minute of reconnection attempts: stay silent
                self.silence.keep()
            else:
                self.silence.__exit__()
            self.silence = None
