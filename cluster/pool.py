"""Executors that play work units: serially in this process, or on a pool of Ray actors.

The Ray pool keeps at most ``in_flight`` units per actor (backpressure), so a job of any
size holds only a small window of work and results. Each actor loads the card data and
decks once. An actor that dies is restarted by Ray (``max_restarts``) and its unit is
retried (``max_task_retries``); if Ray gives up, the unit is resubmitted here. Because a
game's seed depends only on its coordinates, a retried unit gives the same rows.

The pool never waits forever: it is sized from the CPUs Ray reports (more workers than
CPUs is an error at once, not actors that never start), actors must start within
``START_TIMEOUT`` seconds (CPUs another job holds), and while results are awaited the cluster's control service
(GCS) is probed, so a cluster that goes away is reported (``ClusterLost``) within seconds
instead of after Ray's own minute-long reconnection attempts.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Iterable, Iterator
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
    play_match,
)

_UNIT_ENC = msgspec.msgpack.Encoder()
START_TIMEOUT = 120.0  # seconds for every actor to be placed and to load the card data
PROBE_EVERY = 2.0  # seconds between probes of the cluster while waiting for results
LOST_AFTER = 3  # failed probes in a row that mean the cluster is gone

Played = tuple[WorkUnit, pa.RecordBatch, list[GameFailure]]


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
            yield unit, bytes_to_batch(result.games), list(result.failures)

    def matches(self, units: list[MatchUnit]) -> list[MatchResult]:
        return [play_match(self.player, m) for m in units]

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


def _use_token_auth_if_available() -> None:
    """Ray turns token authentication on by itself only for a cluster it finds
    (``auto``); for an explicit address it needs ``RAY_AUTH_MODE=token`` set by hand.
    Do the same as ``auto``: with no mode set and a token at hand, use it."""
    if os.environ.get("RAY_AUTH_MODE") is not None or not _token_available():
        return
    os.environ["RAY_AUTH_MODE"] = "token"
    try:  # Ray caches its configuration: refresh it as Ray does for ``auto``
        from ray._raylet import Config

        Config.initialize("")
    except Exception:  # noqa: BLE001 - an older or newer Ray: the variable is enough
        pass


def _auth_hint(text: str) -> str:
    low = text.lower()
    if "auth" in low or "unauthenticated" in low or "token" in low:
        mode = os.environ.get("RAY_AUTH_MODE", "unset")
        return (f"authentication failed (RAY_AUTH_MODE {mode}; a cluster with token "
                "authentication needs its token in RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or "
                "~/.ray/auth_token)")
    return text.strip().splitlines()[0] if text.strip() else "unknown error"


def quiet_ray() -> None:
    """Silence Ray's own log lines (--quiet): its Python loggers and, for processes
    started from here, its C++ logging below fatal errors."""
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
    for name in ("ray", "ray._private", "ray.worker"):
        logging.getLogger(name).setLevel(logging.ERROR)


def init_ray(address: str | None, num_cpus: int | None = None, quiet: bool = False) -> None:
    """Join ``address`` (or RAY_ADDRESS), else start Ray on this machine with all cores."""
    address = address or os.environ.get("RAY_ADDRESS") or None
    if quiet:
        quiet_ray()
    if address and address != "auto":
        _probe(address)
        _use_token_auth_if_available()
    import ray
    from ray.exceptions import AuthenticationError

    if ray.is_initialized():
        return
    level = logging.ERROR if quiet else logging.INFO
    try:
        if address:
            ray.init(address=address, log_to_driver=False, logging_level=level)
        else:
            # "local": always a new Ray on this machine, never a stale or foreign one
            ray.init(address="local", num_cpus=num_cpus or os.cpu_count() or 1,
                     include_dashboard=False, logging_level=level,
                     log_to_driver=False, object_store_memory=200 * 1024 * 1024)
    except AuthenticationError as exc:
        raise ClusterError(f"cannot join the Ray cluster at {address}: "
                           f"{_auth_hint('authentication ' + str(exc))}") from None
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address or 'local'}: "
                           f"{_auth_hint(str(exc))}") from None


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
                 in_flight: int = 2, quiet: bool = False) -> None:
        import ray

        init_ray(address, quiet=quiet)
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

        refs = [a.pid.remote() for a in self.actors]
        ready, waiting = ray.wait(refs, num_returns=len(refs), timeout=START_TIMEOUT)
        if waiting:
            self.shutdown()
            raise ClusterError(f"{len(waiting)} of {self.workers} Ray actors did not start "
                               f"within {START_TIMEOUT:.0f} s (not enough free CPUs?)")
        try:
            ray.get(ready)
        except Exception as exc:  # noqa: BLE001 - e.g. card data the workers can't load
            self.shutdown()
            raise ClusterError(f"the Ray actors failed to start: "
                               f"{str(exc).strip().splitlines()[-1]}") from None

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
                yield unit, bytes_to_batch(result.games), list(result.failures)
            refill()

    def matches(self, units: list[MatchUnit]) -> list[MatchResult]:
        """Play matches on the actors (a Swiss round); results in the order given."""
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
