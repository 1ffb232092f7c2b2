"""``mtgsim report DIR`` and ``mtgsim compare JOB_A JOB_B`` (two jobs game by game, or two
ladders deal by deal): the analyst's commands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:  # (the commands import what they use when they run)
    from mtgsim.results.manifest import RawRead


def _err(message: str) -> None:
    print(f"mtgsim: error: {message}", file=sys.stderr)


def _parse_shares(items: Sequence[str] | None) -> dict[str, float] | None:
    """``DECK=SHARE`` items; the values are checked against the job by the report."""
    if not items:
        return None
    shares: dict[str, float] = {}
    for item in items:
        name, sep, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = None
        if not sep or not name or number is None:
            raise ValueError(f"--shares: bad item {item!r} (expected DECK=SHARE, e.g. "
                             "bogles=0.2)")
        if name in shares:
            raise ValueError(f"--shares: {name} is given twice")
        shares[name] = number
    return shares


def cmd_report(args: argparse.Namespace) -> int:
    """The report of a job folder. A URI's folder (results.storage) is pulled into a
    local staging folder, reported on there, and the report uploaded."""
    from mtgsim.results.storage import OutputError, resolve_out

    try:
        where = resolve_out(args.dir)
    except OutputError as exc:
        _err(str(exc))
        return 2
    try:
        where.pull()
        code = _report(args, where.local, where.shown if where.remote else "")
        if code == 0:
            where.push()
        return code
    except OutputError as exc:
        _err(str(exc))
        return 2
    finally:
        where.close()


def _report(args: argparse.Namespace, out: Path, uri: str) -> int:
    """Write and announce the report of the job folder ``out`` (shown as ``uri``)."""
    from mtgsim.results.compare import CompareError
    from mtgsim.results.report import ReportError, write_report

    try:
        shares = _parse_shares(args.shares)
        path = write_report(out, shares, Path(args.compare) if args.compare else None)
    except (ReportError, CompareError, ValueError) as exc:
        _err(str(exc))
        return 2
    shown = f"{uri}/{path.relative_to(out).as_posix()}" if uri else str(path)
    summary = json.loads((path.parent / "summary.json").read_text())
    if args.json:
        print(json.dumps({"report": shown, **summary}))
        return 0
    print(f"report: {shown}")
    if "shares" in summary:
        print("shares: " + ", ".join(f"{d} {100 * s:.1f}%"
                                     for d, s in summary["shares"].items())
              + ("" if shares else " (the metagame's shares of the real lists)"
                 if "metagame" in summary else " (equal)"))
    return 0


COMPARE_BAR_GAMES = 200_000  # games of both jobs from which compare shows a bar: about 2 s
# of pairing on a busy 2-core machine (400,000 took 4.7 s)


def _ladder_options(args: argparse.Namespace) -> bool:
    return bool(args.new_policy or args.base_policy or args.reference_policy or args.by_deck)


def cmd_compare(args: argparse.Namespace) -> int:
    """Pair the games of two jobs by (decks, game index, seed) and compare them; two
    ladder outputs are paired deal by deal instead (``_compare_ladders``): a ladder plays
    each deal twice with the pilots swapped, so its games are not one per seed."""
    from mtgsim.pipelines.progress import Progress
    from mtgsim.results.ladder_compare import job_kind
    from mtgsim.results.manifest import try_raw_manifest

    # each manifest read once: its kind picks the comparison, which is handed it
    manifests = try_raw_manifest(Path(args.job_a)), try_raw_manifest(Path(args.job_b))
    if _ladder_options(args) or "ladder" in (job_kind(manifests[0]),
                                            job_kind(manifests[1])):
        return _compare_ladders(args, manifests)
    from mtgsim.results.compare import CompareError, compare_jobs, format_comparison

    progress = Progress(args.quiet)

    def update(done: int, total: int) -> None:  # small jobs compare in a blink: no bar
        if total >= COMPARE_BAR_GAMES:
            progress.update(done, total)

    try:
        comparison = compare_jobs(Path(args.job_a), Path(args.job_b), update, manifests)
    except CompareError as exc:
        _err(str(exc))
        return 2
    finally:
        progress.close()
    if args.html:
        from mtgsim.results.page import Page
        from mtgsim.results.report_paired import add_comparison

        page = Page(f"mtgsim compare: {comparison.job_a} -> {comparison.job_b}")
        add_comparison(page, comparison)
        Path(args.html).write_text(page.render(), encoding="utf-8")
    if args.json:
        print(json.dumps(msgspec.to_builtins(comparison)))
    else:
        print(format_comparison(comparison))
        if args.html:
            print(f"report: {args.html}")
    return 0


def _compare_ladders(args: argparse.Namespace, manifests: tuple[RawRead, RawRead]) -> int:
    """``compare BASE NEW`` on two ladder outputs: a policy of each, paired deal by deal
    against the same reference (``results.ladder_compare``); ``manifests``: the two
    folders' as ``cmd_compare`` read them."""
    from mtgsim.engine.players.policies.spec import PolicySpecError, canonical
    from mtgsim.results.ladder_compare import (
        LadderCompareError,
        compare_ladders,
        format_ladder_comparison,
    )

    if args.html:
        _err("--html: two ladder outputs are compared as text or --json only")
        return 2
    named: dict[str, str | None] = {}
    for option in ("new_policy", "base_policy", "reference_policy"):
        spec = getattr(args, option)
        try:
            named[option] = canonical(spec) if spec is not None else None
        except PolicySpecError as exc:
            _err(f"--{option.replace('_', '-')}: {exc}")
            return 2
    try:
        comparison = compare_ladders(Path(args.job_a), Path(args.job_b),
                                     base_policy=named["base_policy"],
                                     policy=named["new_policy"],
                                     reference=named["reference_policy"], manifests=manifests)
    except LadderCompareError as exc:
        _err(str(exc))
        return 2
    if args.json:
        print(json.dumps(msgspec.to_builtins(comparison)))
    else:
        print(format_ladder_comparison(comparison, args.by_deck))
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("report", help="write the HTML report of a job",
                       description="Analyse a job folder (gauntlet, versus, swiss or "
                                   "ablate) and write DIR/report/index.html: one "
                                   "self-contained interactive page that works offline, "
                                   "with its tables also in DIR/report/tables/ (CSV and "
                                   "Parquet) and its headline numbers in "
                                   "DIR/report/summary.json.")
    p.add_argument("dir", metavar="DIR", help="a job's --out folder (or its URI)")
    p.add_argument("--shares", nargs="+", metavar="DECK=SHARE",
                   help="metagame shares for field win rates and dynamics, normalised to "
                        "sum to 1; decks not listed get 0 (default: equal)")
    p.add_argument("--compare", metavar="OTHER",
                   help="add a game-by-game comparison with another job of the same seeds")
    p.add_argument("--json", action="store_true", help="print the headline numbers as JSON")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("compare", help="compare two jobs game by game",
                       description="Pair the games of two jobs that played the same pairings "
                                   "with the same seeds (by decks, game index and seed) and "
                                   "print each matchup's win-rate change with a paired 95% "
                                   "interval and McNemar's test. Two ladder outputs are "
                                   "paired deal by deal: each run's policies over the "
                                   "reference, as the ladder prints them, and NEW's policy "
                                   "less BASE's on the deals both finished, with its 95% "
                                   "interval and the deals moved.")
    p.add_argument("job_a", metavar="JOB_A",
                   help="the first job's folder (the baseline; BASE for ladders)")
    p.add_argument("job_b", metavar="JOB_B", help="the second job's folder (NEW)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--html", metavar="FILE", help="also write the comparison as an HTML page "
                                                  "(not for ladders)")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar (shown when the two jobs hold 200000 games or more)")
    p.add_argument("--base-policy", metavar="SPEC",
                   help="ladders: BASE's policy to pair (default: its only policy beside "
                        "the reference)")
    p.add_argument("--new-policy", metavar="SPEC",
                   help="ladders: NEW's policy to pair (default: its only policy beside "
                        "the reference)")
    p.add_argument("--reference-policy", metavar="SPEC",
                   help="ladders: the policy both are scored against (default: the "
                        "ladders' first rung, the same in both)")
    p.add_argument("--by-deck", action="store_true",
                   help="ladders: also the paired difference on each deck's deals")
    p.set_defaults(func=cmd_compare)
