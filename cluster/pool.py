"""Executors that play work units: serially in this process, or on a pool of Ray actors.

The Ray pool keeps at most ``in_flight`` units per actor (backpressure), so a job of any
size holds only a small window of work and results. Each actor loads the card data and
decks once. An actor that dies is restarted by Ray (``max_restarts``) and its unit is
retried (``max_task_retries``); if Ray gives up, the unit is resubmitted here. Because a
game's seed depends only on its coordinates, a retried unit gives the same rows.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
import pyarrow as pa

from mtgsim.cluster.work import (
    JobSpec,
    MatchResult,
    MatchUnit,
    Player,
    WorkUnit,
    batch_to_bytes,
    bytes_to_batch,
    play_match,
)

_UNIT_ENC = msgspec.msgpack.Encoder()


class ClusterError(RuntimeError):
    """Ray could not be started or reached."""


class SerialExecutor:
    """Plays units in this process, in order (``--executor serial``)."""

    workers = 1

    def __init__(self, spec: JobSpec) -> None:
        self.player = Player(spec)

    def run(self, units: Iterable[WorkUnit]) -> Iterator[tuple[WorkUnit, pa.RecordBatch]]:
        for unit in units:
            yield unit, self.player.play_unit(unit)

    def matches(self, units: list[MatchUnit]) -> list[MatchResult]:
        return [play_match(self.player, m) for m in units]

    def shutdown(self) -> None:
        pass


def _probe(address: str, timeout: float = 3.0) -> None:
    """Fail fast on an address nothing listens on (ray.init would wait minutes)."""
    import socket

    hostport = address.split("://", 1)[-1].rsplit("/", 1)[0]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"bad Ray address {address!r} (expected HOST:PORT)")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: "
                           f"{exc.strerror or exc}") from None


def init_ray(address: str | None, num_cpus: int | None = None) -> None:
    """Join ``address`` (or RAY_ADDRESS), else start Ray on this machine with all cores."""
    import ray

    address = address or os.environ.get("RAY_ADDRESS") or None
    if address and address != "auto":
        _probe(address)
    if ray.is_initialized():
        return
    try:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            # "local": always a new Ray on this machine, never a stale or foreign one
            ray.init(address="local", num_cpus=num_cpus or os.cpu_count() or 1,
                     include_dashboard=False,
                     log_to_driver=False, object_store_memory=200 * 1024 * 1024)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {exc}") from None


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
        return batch_to_bytes(self.player.play_unit(self.decoder.decode(unit)))

    def match(self, unit: bytes) -> bytes:
        m = msgspec.msgpack.decode(unit, type=MatchUnit)
        return msgspec.msgpack.encode(play_match(self.player, m))


class RayExecutor:
    """A pool of Ray actors fed with bounded backpressure."""

    def __init__(self, spec: JobSpec, workers: int | None = None, address: str | None = None,
                 in_flight: int = 2) -> None:
        import ray

        init_ray(address)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = max(1, workers or cpus)
        self.in_flight = in_flight
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(GameActor)
        spec_bytes = msgspec.msgpack.encode(spec)
        self.actors = [actor.options(scheduling_strategy="SPREAD").remote(spec_bytes)
                       for _ in range(self.workers)]
        self.units_per_actor: list[int] = [0] * self.workers

    def run(self, units: Iterable[WorkUnit]) -> Iterator[tuple[WorkUnit, pa.RecordBatch]]:
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        todo = iter(units)
        pending: dict[Any, tuple[WorkUnit, int]] = {}
        retry: list[WorkUnit] = []
        load = [0] * self.workers

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
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            ref = ready[0]
            unit, i = pending.pop(ref)
            load[i] -= 1
            try:
                data = ray.get(ref)
            except (RayActorError, WorkerCrashedError):
                retry.append(unit)  # Ray gave up on this call: play the unit again
            else:
                self.units_per_actor[i] += 1
                yield unit, bytes_to_batch(data)
            refill()

    def matches(self, units: list[MatchUnit]) -> list[MatchResult]:
        """Play matches on the actors (a Swiss round); results in the order given."""
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        results: dict[int, MatchResult] = {}
        todo = list(units)
        while todo:
            refs = {self.actors[i % self.workers].match.remote(msgspec.msgpack.encode(m)): m
                    for i, m in enumerate(todo)}
            todo = []
            for ref, m in refs.items():
                try:
                    results[m.mid] = msgspec.msgpack.decode(ray.get(ref), type=MatchResult)
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
            ray.kill(a)
