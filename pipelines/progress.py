"""The progress a long job shows: one line while Ray starts, then a bar of whole games
with a rate and an ETA that the job's summary agrees with.

Why the bar is made late: a bar made when the command starts counts Ray's start-up (a few
seconds locally, more on a cluster) as time spent playing, showing 0% and no rate for
that while, then a rate below the summary's (measured from the first game). So while Ray
starts the job prints one line saying so, and the bar is made by the job's first report,
sent once its workers are up, starting at the games already committed (a resumed job's
rate counts only the games played now). A job that starts Ray twice (an ablation: the
baseline, then the ablated run) has its second start-up taken out of the bar's clock.

The rate is the average since the bar started (tqdm's ``smoothing=0``), the figure the
summary prints, and the bar ends with the last game (not when the job's command returns,
after Ray's shutdown, which took the final rate of a 2.3 s job from 132 games/s down to
76); counts are whole games (no ``5.00/30.0``: ``unit_scale`` is off).
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO


def _stream() -> TextIO:
    """Where live output goes: the terminal even while Ray's output is silenced
    (``cluster.pool.terminal_stderr``), or the redirected ``sys.stderr`` of a test."""
    from mtgsim.cluster.pool import terminal_stderr

    stream: TextIO = terminal_stderr() if sys.stderr is sys.__stderr__ else sys.stderr
    return stream


class Progress:
    """A job's progress for people; with ``quiet`` it shows nothing. ``update(done,
    total)`` is the jobs' progress callback; ``starting(what)`` their start-up callback;
    ``unit``: what the bar counts (games; a Swiss tournament counts matches)."""

    def __init__(self, quiet: bool, unit: str = "game") -> None:
        self.quiet = quiet
        self.unit = unit
        self.bar: Any = None
        # made now: made later, while Ray's output is silenced, it would write nowhere
        self.stream: TextIO | None = None if quiet else _stream()
        self.paused_at: float | None = None  # a second start-up: not time spent playing

    def _out(self) -> TextIO:
        if self.stream is None:
            self.stream = _stream()
        return self.stream

    def starting(self, what: str) -> None:
        """Say what is starting (Ray: local or a cluster's address) before the wait."""
        if self.quiet:
            return
        if self.bar is not None:
            self.paused_at = time.monotonic()
            self.bar.clear()
        print(f"mtgsim: {what}...", file=self._out(), flush=True)

    def update(self, done: int, total: int) -> None:
        """``done`` of ``total`` whole units; the first call makes the bar."""
        if self.quiet:
            return
        if self.bar is None:
            from tqdm import tqdm

            # miniters=1: redrawn by our updates only (at most every 0.1 s); with
            # tqdm's dynamic miniters its monitor thread redraws a bar left alone for
            # 10 s, which during a second Ray start showed a rate that counted it
            self.bar = tqdm(total=total, initial=done, unit=self.unit, unit_scale=False,
                            dynamic_ncols=True, smoothing=0, miniters=1, file=self._out())
            return
        if self.paused_at is not None:  # the clock did not run while Ray started
            self.bar.start_t += time.monotonic() - self.paused_at
            self.paused_at = None
        if self.bar.total != total:
            self.bar.total = total
        self.bar.update(done - self.bar.n)
        if done >= total:  # the last game: the final rate is now, not after Ray's shutdown
            self.bar.close()

    def postfix(self, text: str) -> None:
        """A note after the rate (a Swiss tournament's games so far)."""
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        """End the bar (it stays on screen with its final count and average rate)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        if self.stream is not None and self.stream is not sys.stderr:
            try:
                self.stream.close()
            except OSError:
                pass
        self.stream = None
