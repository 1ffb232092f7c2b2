"""SIGTERM as a stop, like Ctrl-C.

Schedulers stop a job with SIGTERM (Slurm at its time limit, Kubernetes when a pod is
deleted, systemd when a unit stops), then SIGKILL after a grace period. Python's default
for SIGTERM is to die at once: no final commit (up to ``--commit-every`` of play lost),
no ``--resume`` command, a manifest left ``running``, a stale lock. Here SIGTERM raises
:class:`Terminated`, a ``KeyboardInterrupt``, so every path that handles Ctrl-C (a job's
final commit and resume command, batch and fuzz printing what they played) handles it
too; only the exit code differs (143, 128 + SIGTERM, as a shell reports it). A second
SIGTERM while the first is being handled is ignored, so the final commit is not cut
short (SIGKILL still ends the process). It is ignored by the operating system
(``SIG_IGN``), not by a Python function: at exit CPython puts every signal with a Python
handler back to its default (``_PySignal_Fini``), so a SIGTERM arriving while the
interpreter shuts down, after the stop's final commit, would otherwise kill the process
with -15 instead of its exit code 143. The stopping process starts no child afterwards
(a child would inherit the ignored signal).

Ray's ``ray.init`` installs a SIGTERM handler of its own in the driver (``sys.exit``);
``cluster.pool.init_ray`` puts back the one installed here.

A stop raised in the middle of a commit could leave the writer's buffers and the
manifest's count apart (a matchup's buffer taken out, its file not yet written), so a
job does each unit's bookkeeping and each commit inside :func:`deferred`: a Ctrl-C or
SIGTERM arriving there is noted and raised when the block is done.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["EXIT_TERMINATED", "Terminated", "deferred", "install", "stopped_by", "terminated"]

EXIT_TERMINATED = 128 + signal.SIGTERM  # 143


class Terminated(KeyboardInterrupt):
    """The process received SIGTERM: stop as for Ctrl-C."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the stop is under way: let it finish
    raise Terminated()


def install() -> None:
    """Make SIGTERM raise ``Terminated`` in this process (from its main thread only:
    Python delivers signals there)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)


@contextlib.contextmanager
def deferred(reraise: bool = True) -> Iterator[None]:
    """Within the block, Ctrl-C and SIGTERM are noted, not raised; on leaving it the
    first one noted is raised (``KeyboardInterrupt`` or ``Terminated``), or dropped
    with ``reraise=False`` (a final commit already under way for an earlier stop).
    Outside the main thread (where no signal is delivered) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)

    saved = {s: signal.signal(s, note) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in saved.items():
            signal.signal(s, handler)
        if noted and reraise:
            if noted[0] == signal.SIGTERM and saved[signal.SIGTERM] is _terminate:
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                raise Terminated()
            if noted[0] == signal.SIGINT and callable(saved[signal.SIGINT]):
                raise KeyboardInterrupt()
            if noted[0] == signal.SIGTERM and callable(saved[signal.SIGTERM]):
                signal.raise_signal(signal.SIGTERM)  # whatever the process had set up


def terminated(exc: BaseException | None) -> bool:
    """Was this stop a SIGTERM? ``Terminated``, or a plain ``KeyboardInterrupt`` raised
    after the SIGTERM handler ran: Ray checks for signals while the driver waits in its
    C++ code (``ray.get``, ``ray.wait``), and turns the exception the handler raised
    there into a status "interrupted" and then a new ``KeyboardInterrupt``, losing its
    type. The handler left SIGTERM ignored (``SIG_IGN``: only a stop under way does
    that here), which tells it apart from a Ctrl-C."""
    if isinstance(exc, Terminated):
        return True
    return isinstance(exc, KeyboardInterrupt) and \
        threading.current_thread() is threading.main_thread() and \
        signal.getsignal(signal.SIGTERM) == signal.SIG_IGN


def stopped_by(exc: BaseException | None) -> int:
    """The exit code of a stop: 143 after SIGTERM, 130 after Ctrl-C."""
    return EXIT_TERMINATED if terminated(exc) else 130
