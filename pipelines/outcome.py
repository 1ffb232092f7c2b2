"""How a job's end becomes output and an exit code (see ``pipelines.cli`` for the codes): a
summary, or what was committed and the ``--resume`` command when it stopped early; and
the job's ``--out`` folder, resolved, locked and uploaded however the command ends. The
job commands themselves (gauntlet, versus, ablate, swiss, fuzz, ladder) are
``pipelines.jobcli``'s."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from mtgsim.pipelines.stopping import EXIT_TERMINATED
from mtgsim.results.storage import HIDDEN, Output, OutputError, redact, resolve_out

PROG = "mtgsim"
EXIT_FAILED, EXIT_USAGE, EXIT_GAMES_FAILED, EXIT_INTERRUPTED = 1, 2, 3, 130


def print_error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


@contextlib.contextmanager
def job_output(args: argparse.Namespace) -> Iterator[Output]:
    """``--out`` resolved (a URI's folder mirrored through a local staging folder, see
    results.storage, and locked where it is: results.remote_lock): a new job's must be
    empty unless resumed. What is committed is uploaded when the command ends, however
    it ends, and then the lock is given up."""
    out = resolve_out(args.out)
    try:
        out.begin(getattr(args, "resume", False), " ".join([PROG, *args.argv]))
        yield out
    finally:
        try:
            out.push()
        except OutputError as exc:
            print_error(str(exc))
        finally:
            out.close()


def pushing_progress(update: Callable[[int, int], None] | None,
             out: Output) -> Callable[[int, int], None] | None:
    """The progress callback, also uploading what the job committed (remote --out)."""
    if not out.remote:
        return update

    def progress(done: int, total: int) -> None:
        if update is not None:
            update(done, total)
        out.push()
    return progress


def displayed(text: str, out: Output | None) -> str:
    """Output for people names the folder as they gave it, not a staging folder."""
    shown = text.replace(str(out.local), out.shown) if out is not None and out.remote else text
    return redact(shown)  # no credential of a URI is ever printed


def resume_command(argv: Sequence[str]) -> str:
    """The command line that finishes an interrupted job, credentials in a URI shown as
    ``***`` (see ``_resume_lines``)."""
    import shlex

    args = [redact(a) for a in argv]
    if "--resume" not in args:
        args.append("--resume")
    return f"{PROG} {shlex.join(args)}"


def _resume_lines(argv: Sequence[str]) -> str:
    """"resume with: ..." and, when a credential was hidden from it, how to give it."""
    line = f"resume with: {resume_command(argv)}"
    if any(redact(a) != a for a in argv):
        line += (f"\n(credentials in a URI are shown as {HIDDEN}: give them again, or in "
                 "the AWS_* or your store's variables)")
    return line


def _stopped(args: argparse.Namespace, exc: Any, what: str, out: Output | None) -> None:
    """Report a job that stopped before its end, with what is committed."""
    from mtgsim.pipelines.summary import format_failures

    m = exc.result.manifest
    of = f" of {m.games_total}" if m.games_total else ""  # a Swiss job's total is unknown
    print(f"{what}; {m.games_completed}{of} games committed to {redact(args.out)}",
          file=sys.stderr)
    failures = format_failures(out.local if out is not None else Path(args.out))
    if failures:
        print(displayed(failures, out), file=sys.stderr)
    print(_resume_lines(args.argv), file=sys.stderr)


def _silenced_for_good() -> bool:
    """Whether a lost cluster left descriptor 2 silenced (``cluster.pool.Silence.keep``):
    this is a real process and ``sys.stderr`` writes to the terminal elsewhere."""
    try:
        return sys.stderr.fileno() != 2
    except (OSError, ValueError, AttributeError):
        return False


def guarded_run(args: argparse.Namespace, run: Any, done: Any = None,
             out: Output | None = None) -> tuple[int | None, Any]:
    """Run a job: ``(None, its result)``, or ``(exit code, None)`` when it could not
    start or stopped early (reported here, with the ``--resume`` command). ``done()``
    is called when the job has ended, before anything is reported (the progress bar)."""
    from mtgsim.cluster.pool import ClusterError
    from mtgsim.pipelines.jobs import JobError, JobFailed, JobInterrupted

    try:
        try:
            return None, run()
        finally:
            if done is not None:
                done()
    except (JobError, ClusterError) as exc:
        print_error(displayed(str(exc), out))
        return EXIT_USAGE, None
    except JobInterrupted as exc:
        _stopped(args, exc, f"{PROG}: stopped by SIGTERM" if exc.terminated else
                 f"{PROG}: interrupted", out)
        return EXIT_TERMINATED if exc.terminated else EXIT_INTERRUPTED, None
    except JobFailed as exc:
        print_error(displayed(str(exc), out))
        _stopped(args, exc, f"{PROG}: the job stopped", out)
        if exc.lost_cluster and _silenced_for_good():
            # Ray, cut off from its cluster, would log for a minute on the way out
            # (retries, then a fatal error): what was played is committed, so leave now.
            if out is not None:
                try:
                    out.push()
                finally:
                    out.close()
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(EXIT_FAILED)
        return EXIT_FAILED, None


def job_outcome(args: argparse.Namespace, run: Any, out: Output, done: Any = None,
                as_json: Any = None, summary: Any = None) -> int:
    """Run a job (``run()`` returns its JobResult) and turn how it ends into output and an
    exit code (see the module docstring); ``as_json(result)``: print that instead of the
    table; ``summary(result)``: the table (default: the matchups')."""
    from mtgsim.pipelines.summary import format_job_summary

    code, result = guarded_run(args, run, done, out)
    if code is not None:
        return code
    if as_json is not None:
        print(displayed(json.dumps(as_json(result)), out))
    else:
        print(displayed((summary or (lambda r: format_job_summary(out.local, r)))(result), out))
    if result.stopped:
        print_error(f"stopped after {result.failed} failed games (more than --max-failures "
             f"{args.max_failures}); {result.manifest.games_completed} of "
             f"{result.manifest.games_total} games committed; resume with: "
             f"{resume_command(args.argv)}")
        return EXIT_GAMES_FAILED
    if result.failed:
        print_error(f"{result.failed} of {result.manifest.games_total} games failed (see above)")
        return EXIT_GAMES_FAILED
    return 0


__all__ = ["EXIT_FAILED", "EXIT_GAMES_FAILED", "EXIT_INTERRUPTED", "EXIT_USAGE", "PROG",
           "guarded_run", "job_outcome", "job_output", "print_error", "pushing_progress",
           "resume_command", "displayed"]
