"""The job commands of ``mtgsim``: gauntlet, versus, ablate, swiss, fuzz and ladder, their
options and how each runs its job; how a job's end becomes output and an exit code is
``pipelines.outcome``'s."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.engine.cards.pool import CardSource
from mtgsim.pipelines.argtypes import (
    MAX_GAMES,
    add_decks,
    count,
    positive,
    seconds,
    seed,
    share,
    unit_size,
)
from mtgsim.pipelines.argtypes import games as game_count
from mtgsim.pipelines.outcome import (
    EXIT_GAMES_FAILED,
    EXIT_USAGE,
    PROG,
    displayed,
    guarded_run,
    job_outcome,
    job_output,
    print_error,
    pushing_progress,
    resume_command,
)
from mtgsim.pipelines.policyargs import add_policy_options, deck_policies
from mtgsim.pipelines.progress import Progress
from mtgsim.pipelines.runner import LoadedDeck, card_source, load_card_pool, load_decks
from mtgsim.results.storage import redact

FUZZ_FORMATS = ("any", "pauper")  # pipelines.fuzz.FORMATS (not imported at start-up)


def card_source_of(args: argparse.Namespace) -> CardSource:
    """The card pool the options ask for (the user's files are read once per command)."""
    source: CardSource | None = getattr(args, "_source", None)
    if source is None:
        source = card_source(args.card_data, args.cards or (), args.override)
        args._source = source
    return source



def _job_options(args: argparse.Namespace, names: Sequence[str],
                 given: Sequence[str]) -> dict[str, Any]:
    """The options of ``run_job``; ``names``/``given``: the job's decks (loaded names, the
    arguments as typed) for ``--policy DECK=SPEC``."""
    sides = (args.policy_a, args.policy_b) if hasattr(args, "policy_a") else None
    return dict(seed=args.seed, **({"policies": sides,
                                    "deck_policies": deck_policies(args, names, given)}
                                   if sides else {}),
                max_turns=args.max_turns, unit_size=args.unit_size, executor=args.executor,
                workers=args.workers, address=args.address, resume=args.resume,
                cards=card_source_of(args), rows_per_file=args.rows_per_file,
                commit_every=args.commit_every, max_failures=args.max_failures,
                quiet=args.quiet, silence_ray=True, record_events=args.record_events)


def _decks(args: argparse.Namespace, deck_args: Sequence[str]) -> list[LoadedDeck]:
    """The decks, with the corpus cards they need added to the command's card source,
    which the job's workers then build their pool from (``runner.load_decks``)."""
    args._source, decks = load_decks(card_source_of(args), deck_args)
    return decks


def _run_job(args: argparse.Namespace, kind: str, deck_args: list[str],
             pairs_of: Any, metagame: Any = None) -> int:
    from mtgsim.pipelines.jobs import run_job
    from mtgsim.pipelines.summary import job_summary

    decks = _decks(args, deck_args)
    names = [d.name for d in decks]
    if len(set(names)) != len(names):
        print_error(f"a deck is named twice: {', '.join(names)}")
        return EXIT_USAGE
    pairs = pairs_of(len(decks))
    options = _job_options(args, names, deck_args)  # checks --policy before any output
    with job_output(args) as out:
        progress = Progress(args.quiet)
        return job_outcome(
            args, lambda: run_job(kind, decks, pairs, args.games, out.local,
                                  progress=pushing_progress(progress.update, out),
                                  announce=progress.starting, metagame=metagame, **options),
            out, done=progress.close,
            as_json=(lambda r: job_summary(out.local, r)) if args.json else None)


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.jobs import pairings

    if args.metagame is None:
        if len(args.decks) < 2:
            print_error(f"gauntlet: give at least 2 decks (DECK ...), got {len(args.decks)}")
            return EXIT_USAGE
        return _run_job(args, "gauntlet", args.decks, pairings)
    from mtgsim.pipelines import metagame

    try:
        meta = metagame.load(args.metagame)
    except metagame.MetagameError as exc:
        print_error(str(exc))
        return EXIT_USAGE
    paths = [str(p) for p in metagame.deck_paths(meta)]
    if len(paths) + len(args.decks) < 2:
        print_error(f"gauntlet: the metagame '{meta.name}' has one deck bundled; give another "
             "(DECK ...)")
        return EXIT_USAGE
    return _run_job(args, "gauntlet", paths + list(args.decks), pairings,
                    metagame.job_info(meta))


def cmd_versus(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.jobs import field_pairings

    return _run_job(args, "versus", [args.deck, *args.field], field_pairings)


def cmd_swiss(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.summary import format_failures
    from mtgsim.pipelines.swiss import format_swiss
    from mtgsim.pipelines.swissjob import SwissStopped, run_swiss

    decks = _decks(args, args.decks)
    shares = args.shares or [1.0] * len(decks)
    own = deck_policies(args, [d.name for d in decks], args.decks)
    with job_output(args) as out:
        progress = Progress(args.quiet, unit="match")

        def run() -> Any:
            return run_swiss(decks, shares, args.players, args.rounds, args.best_of,
                             args.top, out.local, seed=args.seed,
                             policies=(args.policy_a, args.policy_b),
                             max_turns=args.max_turns, executor=args.executor,
                             workers=args.workers, address=args.address,
                             events=args.events, cards=card_source_of(args),
                             quiet=args.quiet, silence_ray=True, deck_policies=own,
                             record_events=args.record_events, resume=args.resume,
                             max_failures=args.max_failures,
                             rows_per_file=args.rows_per_file,
                             commit_every=args.commit_every,
                             progress=pushing_progress(progress.update, out),
                             announce=progress.starting)

        try:
            code, result = guarded_run(args, run, progress.close, out)
        except SwissStopped as exc:
            print(displayed(format_failures(out.local), out), file=sys.stderr)
            print_error(f"stopped after {exc.failed} failed games (more than --max-failures "
                 f"{args.max_failures}); {exc.games} games committed; resume with: "
                 f"{resume_command(args.argv)}")
            return EXIT_GAMES_FAILED
        if code is not None:
            return code
        if args.json:
            print(json.dumps({"out": redact(args.out), **msgspec.to_builtins(result)}))
        else:
            print(displayed(format_swiss(result, args.top), out))
        if result.failed:
            if not args.json:
                print(displayed(format_failures(out.local), out))
            print_error(f"{result.failed} of {result.games} games failed (they count for neither "
                 "deck)")
            return EXIT_GAMES_FAILED
    return 0


def cmd_ablate(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.ablation import format_ablation, run_ablation
    from mtgsim.pipelines.jobs import JobResult
    from mtgsim.results.manifest import read_manifest

    deck, *field = _decks(args, [args.deck, *args.field])
    rows: list[Any] = []
    options = _job_options(args, [d.name for d in (deck, *field)], [args.deck, *args.field])
    with job_output(args) as out:
        progress = Progress(args.quiet)

        def run() -> JobResult:
            rows.extend(run_ablation(deck, args.keyword, field, args.games, out.local,
                                     progress=pushing_progress(progress.update, out),
                                     announce=progress.starting, **options))
            m = read_manifest(out.local)
            return JobResult(m, 0, 0.0, 0, 0, m.games_failed, False)

        code, result = guarded_run(args, run, progress.close, out=out)
        if code is not None:
            return code
        if args.json:
            print(json.dumps({"deck": deck.name, "keyword": args.keyword.strip().lower(),
                              "out": redact(args.out), "games_failed": result.failed,
                              "rows": [msgspec.to_builtins(r) for r in rows]}))
        else:
            print(format_ablation(deck.name, args.keyword, rows))
        if result.failed:
            from mtgsim.pipelines.summary import format_failures

            for part in ("baseline", "ablated"):
                text = format_failures(out.local / part)
                if text and not args.json:
                    print(displayed(text, out))
            print_error(f"{result.failed} games failed (left out of the comparison)")
            return EXIT_GAMES_FAILED
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random policies on random pool decks; exit 3 when a game raised (replays written)."""
    from mtgsim.pipelines.fuzz import run_fuzz, write_failures

    cpus = os.cpu_count() or 1
    if args.workers is not None and args.workers > cpus:  # each is a process: refused
        print_error(f"--workers {args.workers}: this machine has {cpus} CPUs; give at most "
             f"--workers {cpus}, or leave it out to use them all")
        return EXIT_USAGE
    if args.start + args.games > MAX_GAMES:
        print_error(f"--start + --games must be at most {MAX_GAMES} (a game's index is a 64-bit "
             "integer)")
        return EXIT_USAGE
    load_card_pool(card_source_of(args))  # a bad card data folder: one line, before workers
    progress = Progress(args.quiet)
    try:
        result = run_fuzz(args.games, args.seed, start=args.start,
                          workers=args.workers or cpus,
                          policies=(args.policy_a, args.policy_b), max_turns=args.max_turns,
                          cards=card_source_of(args), fmt=args.format,
                          progress=lambda n: progress.update(n, args.games), stoppable=True)
    finally:
        progress.close()
    paths = write_failures(Path(args.out), result) if result.failures else []
    rate = result.games / result.seconds if result.seconds else 0.0
    if args.json:
        print(json.dumps({"games": result.games, "failed": len(result.failures),
                          "invariants_broken": result.invariants, "format": args.format,
                          "seconds": result.seconds, "games_per_second": rate,
                          "seed": args.seed, "start": args.start,
                          "reasons": dict(sorted(result.reasons.items())),
                          "deck_styles": dict(sorted(result.styles.items())),
                          "decisions_per_game": result.decisions / max(1, result.games),
                          "replays": [str(p) for p in paths]}))
    else:
        ends = ", ".join(f"{r} {n}" for r, n in sorted(result.reasons.items()))
        decks = "random pool decks" if args.format == "any" else \
            f"random decks of {args.format} cards"
        print(f"{result.games} games ({args.policy_a} vs {args.policy_b}, {decks}, "
              f"seed {args.seed}) in {result.seconds:.1f} s ({rate:.0f} games/s): "
              f"{len(result.failures)} failed ({result.invariants} broken invariants); "
              f"game ends: {ends}")
        for f, path in zip(result.failures, paths, strict=True):
            print(f"  game {f.index}: {f.error}\n      mtgsim replay {path}")
    if result.interrupted is not None:  # Ctrl-C or SIGTERM: what finished, then the code
        from mtgsim.pipelines.stopping import Terminated, stopped_by

        word = "stopped by SIGTERM" if isinstance(result.interrupted, Terminated) else \
            "interrupted"
        print(f"{PROG}: {word} after {result.games} of {args.games} games (to go on: "
              f"--start {args.start + result.games})", file=sys.stderr)
        return stopped_by(result.interrupted)
    return EXIT_GAMES_FAILED if result.failures else 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """Policies against each other on paired deals; ratings, costs, step gains."""
    from mtgsim.pipelines.jobs import JobError
    from mtgsim.pipelines.ladder import archetypes, default_policies, ladder_plan, run_ladder
    from mtgsim.results.ladder import format_ladder, read_ladder

    decks = _decks(args, args.decks or archetypes())
    policies = args.policies or list(default_policies())
    try:
        ladder_plan(decks, policies)  # bad policies or decks: one line, nothing written
    except JobError as exc:
        print_error(str(exc))
        return EXIT_USAGE
    from mtgsim.engine.players.policies.spec import canonical

    order = [canonical(p) for p in policies]
    options = _job_options(args, [], [])  # the entrants' policies are the ladder's own
    with job_output(args) as out:
        progress = Progress(args.quiet)

        def ladder(result: Any) -> Any:  # also written to the folder, as ladder.json
            table = read_ladder(out.local, order)
            tmp = out.local / "ladder.json.tmp"
            tmp.write_bytes(msgspec.json.format(msgspec.json.encode(table), indent=2))
            os.replace(tmp, out.local / "ladder.json")
            return table

        return job_outcome(
            args, lambda: run_ladder(decks, order, args.games, out.local,
                                     progress=pushing_progress(progress.update, out),
                                     announce=progress.starting, **options),
            out, done=progress.close,
            as_json=(lambda r: {"job": r.manifest.job, "out": redact(args.out),
                                **msgspec.to_builtins(ladder(r))}) if args.json else None,
            summary=lambda r: format_ladder(ladder(r), r.manifest.job))


def _job_parent(games: int | None, what: str) -> argparse.ArgumentParser:
    """The options every job command shares; ``--games`` defaults to ``games`` ``what``
    (``None``: the job has no such count, as a Swiss tournament, nor work units)."""
    job = argparse.ArgumentParser(add_help=False)
    if games is not None:
        job.add_argument("--games", type=game_count, default=games, metavar="N",
                         help=f"{what} (default: {games})")
    job.add_argument("--out", required=True, metavar="DIR",
                     help="output folder (new or empty; or the job's folder with --resume), "
                          "or a URI: s3://bucket/prefix, gs://, hdfs://, file://")
    job.add_argument("--seed", type=seed, default=0, metavar="N",
                     help="job seed, 0 .. 2**64 - 1 (default: 0); a game's seed depends "
                          "only on it, its two decks and its index")
    job.add_argument("--resume", action="store_true",
                     help="finish an interrupted job in --out")
    job.add_argument("--executor", choices=("ray", "serial"), default="ray",
                     help="ray (default: local Ray with all cores, or --address) or serial")
    job.add_argument("--address", default=None, metavar="HOST:PORT",
                     help="Ray cluster to join (default: RAY_ADDRESS, else start local Ray)")
    job.add_argument("--workers", type=positive, default=None, metavar="N",
                     help="number of actors (default: one per CPU of the cluster)")
    if games is not None:
        job.add_argument("--unit-size", type=unit_size, default=200, metavar="N",
                         help="games per work unit (default: 200)")
    job.add_argument("--rows-per-file", type=positive, default=250_000, metavar="N",
                     help="games buffered per Parquet file and row group (default: 250000)")
    job.add_argument("--commit-every", type=seconds, default=60.0, metavar="SECONDS",
                     help="commit what is played at least this often (default: 60)")
    job.add_argument("--max-failures", type=count, default=100, metavar="N",
                     help="stop the job when more than N games fail (default: 100); "
                          "failed games are recorded with replays")
    job.add_argument("--quiet", action="store_true",
                     help="no progress bar, and no log lines from Ray")
    job.add_argument("--json", action="store_true",
                     help="print the summary as one JSON object")
    _record_events(job)
    return job


def _record_events(parser: argparse.ArgumentParser) -> None:
    """``--record-events`` (not ``--events``, which counts a Swiss job's tournaments)."""
    parser.add_argument("--record-events", action="store_true",
                        help="also write each game's events (events/) and each deck's "
                             "opening hand, draws, casts and land drops (hands/), for "
                             "per-card statistics in the report; off by default: it "
                             "costs time and disk (docs/events.md)")


def register(sub: Any, common: argparse.ArgumentParser,
             pols: argparse.ArgumentParser) -> None:
    """The job subcommands and their options."""
    job = _job_parent(100, "games per pairing")

    p = sub.add_parser("gauntlet", parents=[pols, job, common],
                       help="every pair of decks, both play/draw orders",
                       description="Play every pair of DECKs N games each (alternating who "
                                   "is on the play) and write a Parquet dataset to --out.")
    add_decks(p, "deck files or bundled names (at least two, or added to --metagame's)",
              least=0)
    p.add_argument("--metagame", metavar="NAME", default=None,
                   help="play the decks of a bundled metagame (pauper: the most played "
                        "Pauper archetypes, docs/decks.md); the report weights the field "
                        "by their shares of the real lists and names their sources")
    p.set_defaults(func=cmd_gauntlet)

    p = sub.add_parser("versus", parents=[pols, job, common],
                       help="one deck against a field",
                       description="Play DECK against each deck of --field, N games each.")
    p.add_argument("deck", metavar="DECK",
                   help="the deck played against the field: a file or a bundled name")
    p.add_argument("--field", nargs="+", required=True, metavar="DECK",
                   help="the decks it plays, each N games")
    p.set_defaults(func=cmd_versus)

    p = sub.add_parser("ablate", parents=[pols, job, common],
                       help="win-rate change with a keyword removed",
                       description="Play DECK against --field twice on the same seeds, "
                                   "once with KEYWORD removed from DECK's cards, and report "
                                   "the win-rate change with a paired 95% interval.")
    p.add_argument("deck", metavar="DECK",
                   help="the deck whose keyword is removed: a file or a bundled name")
    p.add_argument("--keyword", required=True, metavar="KEYWORD",
                   help="the keyword removed from DECK's cards, e.g. cascade, exalted, "
                        "annihilator")
    p.add_argument("--field", nargs="+", required=True, metavar="DECK",
                   help="the decks DECK plays, N games each, with and without the keyword")
    p.set_defaults(func=cmd_ablate)

    p = sub.add_parser("swiss", parents=[pols, _job_parent(None, "matches"), common],
                       help="a Swiss tournament",
                       description="A Swiss tournament of --players seats (decks by "
                                   "metagame share), --rounds rounds of best-of matches, "
                                   "then a single-elimination top cut.")
    add_decks(p, "the decks of the metagame: files or bundled names")
    p.add_argument("--shares", nargs="+", type=share, metavar="SHARE",
                   help="metagame share per deck, in the order of the decks (default: equal)")
    p.add_argument("--players", type=positive, default=64, metavar="N",
                   help="seats (default: 64)")
    p.add_argument("--rounds", type=positive, default=6, metavar="N",
                   help="Swiss rounds (default: 6)")
    p.add_argument("--best-of", type=positive, default=3, metavar="N",
                   help="games per match, an odd number (default: 3)")
    p.add_argument("--top", type=positive, default=8, metavar="N",
                   help="top cut size, a power of two (default: 8)")
    p.add_argument("--events", type=positive, default=1, metavar="N",
                   help="run the event N times (new seats and games each) for conversion "
                        "rates per archetype (default: 1)")
    p.set_defaults(func=cmd_swiss)

    p = sub.add_parser("ladder", parents=[_job_parent(2, "deals per pair of decks and pair "
                                                       "of policies, each played twice"),
                                          common],
                       help="policies against each other: ratings, costs, step gains",
                       description="Play every two policies against each other on every "
                                   "pair of decks, each deal twice with the pilots swapped, "
                                   "and print Bradley-Terry ratings with 95% intervals, "
                                   "each policy's time per game and the paired gain of "
                                   "each step of the ladder (writes a job to --out, and "
                                   "ladder.json).")
    p.add_argument("--policies", nargs="+", metavar="SPEC",
                   help="the rungs, weakest first (default: goldfish random heuristic, "
                        "and search at two budgets)")
    add_decks(p, "the decks (default: the sixteen bundled archetypes)", least=0)
    p.add_argument("--max-turns", type=positive, default=60, metavar="N",
                   help="a game still running after N turns is a draw (default: 60)")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("fuzz", parents=[common], help="random games from random pool decks",
                       description="Play N games between random decks drawn from the whole "
                                   "card pool (or a format's cards), uniformly random policies "
                                   "in both seats, the rules' invariants checked at every "
                                   "decision, and count the games that raise or break one; "
                                   "each failure is written as a replay (exit 3 when any game "
                                   "failed).")
    p.add_argument("--games", type=game_count, default=10_000, metavar="N",
                   help="number of games (default: 10000)")
    p.add_argument("--seed", type=seed, default=0, metavar="N", help="fuzz seed (default: 0)")
    p.add_argument("--start", type=count, default=0, metavar="I",
                   help="index of the first game (default: 0): game I of a seed is always "
                        "the same game")
    p.add_argument("--workers", type=positive, default=None, metavar="N",
                   help="processes (default: one per core)")
    p.add_argument("--format", choices=FUZZ_FORMATS, default="any",
                   help="the cards decks are drawn from: the whole pool (any, the default) "
                        "or the cards of the Pauper training lists that the pool defines "
                        "or the Oracle compiler compiles (pauper)")
    add_policy_options(p, default="random", decks=False)
    p.add_argument("--max-turns", type=positive, default=60, metavar="N",
                   help="a game still running after N turns is a draw (default: 60)")
    p.add_argument("--out", default="fuzz-failures", metavar="DIR",
                   help="where failed games' replays go (default: ./fuzz-failures, made "
                        "only when a game fails)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_fuzz)
