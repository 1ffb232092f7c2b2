"""The ``mtgsim`` command: play, replay, batch, bench, scenario, cards; the job commands
(gauntlet, versus, ablate, swiss, fuzz) are in ``pipelines.jobcli``, report and compare in
``pipelines.reporting``, deck check in ``pipelines.deckinfo``.

Exit codes: 0 success; 1 a replay that does not reproduce its game, or a job that
stopped on a lost cluster or a full disk (what it played is committed: ``--resume``
finishes it); 2 bad input (usage, deck file, card data, replay file, output folder, an
unreachable cluster: nothing was written); 3 a job or fuzz run in which games failed
(recorded with replays; the rest of the job is complete unless more than
``--max-failures`` failed); 130 interrupted (Ctrl-C; a job commits what it played and
prints its ``--resume`` command). Errors print one line ``mtgsim: error: <message>`` on
stderr, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtgsim import compiled, engine
from mtgsim.engine.cards.pool import CardDataError
from mtgsim.engine.decklists.deck import DeckError
from mtgsim.pipelines import deckinfo, jobcli, reporting, stopping
from mtgsim.pipelines.argtypes import add_decks, merge_decks, positive, seed
from mtgsim.pipelines.argtypes import games as game_count
from mtgsim.pipelines.jobcli import card_source_of
from mtgsim.pipelines.outcome import EXIT_FAILED
from mtgsim.pipelines.policyargs import (
    PolicyArgError,
    add_policy_options,
    check_policy_args,
    seat_policies,
)
from mtgsim.pipelines.render import render_log, result_line
from mtgsim.pipelines.replay import (
    ReplayError,
    ReplayMismatch,
    make_replay,
    mismatches,
    read_replay,
    rerun,
    write_replay,
)
from mtgsim.pipelines.runner import (
    BUNDLED_MATCHUP,
    BatchStats,
    LoadedDeck,
    load_card_pool,
    load_decks,
    play_seeded,
    run_batch,
)
from mtgsim.results.storage import OutputError

PROG = "mtgsim"
BENCH_WARMUP_GAMES = 5


def _err(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)




def _load_decks(args: argparse.Namespace, names: Sequence[str]) -> list[LoadedDeck]:
    """The decks, with the corpus cards they need added to the command's card source
    (``load_decks``), which what the command writes (a replay) then records."""
    args._source, decks = load_decks(card_source_of(args), names)
    return decks


# --- play ---------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game and print its log and result."""
    decks = _load_decks(args, [args.deck_a, args.deck_b])
    policies = seat_policies(args, [d.name for d in decks], [args.deck_a, args.deck_b])
    asked: list[str] | None = [] if args.replay is not None else None
    state = play_seeded(decks, policies, args.seed, max_turns=args.max_turns,
                        keep_log=True, record=args.replay is not None, asked=asked)
    assert state.result is not None and state.log is not None
    titles = [d.title for d in decks]
    if not args.quiet:
        print(f"A: {titles[0]} ({policies[0]}, on the play)   B: {titles[1]} ({policies[1]})"
              f"   seed {args.seed}")
        print("\n".join(render_log(state.log, state.result)))
    print(result_line(state.result, titles))
    if args.replay is not None:
        replay = make_replay(state, [(d.name, d.names) for d in decks], args.seed, policies,
                             args.max_turns, card_source_of(args).hash(), asked or ())
        write_replay(args.replay, replay)
        if not args.quiet:
            print(f"replay written to {args.replay}")
    return 0


# --- replay -------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-play a replay file and check that it reproduces the recorded game (or, for a
    failed game's replay, the recorded exception, whose traceback it prints)."""
    replay = read_replay(args.file)
    source = card_source_of(args)
    base = source.load()
    compiled = sorted({n for d in replay.decks for n in d.cards if n not in base})
    if compiled:  # cards the game's decks took from the Oracle compiler
        source = source.with_corpus(compiled)
    current = source.hash()
    if current != replay.card_data_hash:
        print(f"{PROG}: warning: card data differs from the recording (hash "
              f"{replay.card_data_hash}, now {current}); the replay may not match",
              file=sys.stderr)
    pool = load_card_pool(source)
    titles = [d.name.replace("_", " ").title() for d in replay.decks]
    try:
        state = rerun(replay, pool)
    except ReplayMismatch as exc:
        print(f"{PROG}: replay mismatch: {exc}", file=sys.stderr)
        return 1
    except ReplayError:
        raise
    except Exception as exc:  # noqa: BLE001 - the recorded failure, if it is that one
        import traceback

        from mtgsim.pipelines.replay import error_text

        # rerun raises only the recorded failure; any other exception is no success
        if not replay.error or error_text(exc) != replay.error:
            print(f"{PROG}: replay mismatch: {error_text(exc)} (recorded: "
                  f"{replay.error or 'a finished game'})", file=sys.stderr)
            return 1
        if not args.quiet:
            traceback.print_exc()
        print(f"replay OK: the game fails as recorded after {len(replay.decisions)} "
              f"decisions: {replay.error}")
        return 0
    assert state.result is not None and state.log is not None
    if not args.quiet:
        print(f"A: {titles[0]}   B: {titles[1]}   seed {replay.seed}")
        print("\n".join(render_log(state.log, state.result)))
        print(result_line(state.result, titles))
    problems = mismatches(replay, state)
    if problems:
        for p in problems:
            print(f"{PROG}: replay mismatch: {p}", file=sys.stderr)
        return 1
    print("replay OK")
    return 0


# --- batch and bench ----------------------------------------------------------------------


def _rate(wins: int, games: int) -> float:
    return wins / games if games else 0.0


def batch_summary(stats: BatchStats, decks: Sequence[LoadedDeck],
                  policies: Sequence[str]) -> dict[str, Any]:
    """The batch as plain data (the ``--json`` output)."""
    return {
        "games": stats.games,
        "decks": [
            {
                "name": d.name, "path": str(d.path), "policy": policies[i],
                "wins": s.wins, "win_rate": _rate(s.wins, s.games),
                "on_play": {"games": s.games_on_play, "wins": s.wins_on_play,
                            "win_rate": _rate(s.wins_on_play, s.games_on_play)},
                "on_draw": {"games": s.games_on_draw, "wins": s.wins_on_draw,
                            "win_rate": _rate(s.wins_on_draw, s.games_on_draw)},
            }
            for i, (d, s) in enumerate(zip(decks, stats.decks, strict=True))
        ],
        "draws": stats.draws,
        "reasons": dict(sorted(stats.reasons.items())),
        "mean_turns": stats.mean_turns,
        "decisions_per_game": stats.mean_decisions,
        "seconds": stats.seconds,
        "games_per_second": stats.games_per_second,
    }


def _pct(wins: int, games: int) -> str:
    return f"{wins:>4}/{games:<4} {100 * _rate(wins, games):5.1f}%"


def format_batch(stats: BatchStats, decks: Sequence[LoadedDeck], policies: Sequence[str],
                 seed: int) -> str:
    """The batch as a table for people."""
    width = max(12, *(len(d.name) for d in decks))
    pw = max(9, *(len(p) for p in policies))
    lines = [
        f"{stats.games} games, seed {seed}, decks alternate on the play",
        f"{'deck':<{width}}  {'policy':<{pw}}  {'wins':>16}  {'on the play':>16}  "
        f"{'on the draw':>16}",
    ]
    for d, s, pol in zip(decks, stats.decks, policies, strict=True):
        lines.append(f"{d.name:<{width}}  {pol:<{pw}}  {_pct(s.wins, s.games)}  "
                     f"{_pct(s.wins_on_play, s.games_on_play)}  "
                     f"{_pct(s.wins_on_draw, s.games_on_draw)}")
    lines.append(f"{'draws':<{width}}  {'':<{pw}}  {_pct(stats.draws, stats.games)}")
    reasons = ", ".join(f"{r} {n}" for r, n in sorted(stats.reasons.items()))
    lines.append(f"game ends: {reasons}")
    lines.append(f"mean turns {stats.mean_turns:.1f}, mean decisions "
                 f"{stats.mean_decisions:.1f}, {stats.seconds:.2f} s, "
                 f"{stats.games_per_second:.1f} games/s")
    return "\n".join(lines)


def cmd_batch(args: argparse.Namespace) -> int:
    """Play many games serially and summarise them."""
    decks = _load_decks(args, [args.deck_a, args.deck_b])
    policies = seat_policies(args, [d.name for d in decks], [args.deck_a, args.deck_b])
    stats = run_batch(decks[0], decks[1], args.games, args.seed, policies, args.max_turns,
                      stoppable=True)
    if args.json:
        summary = {"seed": args.seed, **batch_summary(stats, decks, policies)}
        print(json.dumps(summary))
    else:
        print(format_batch(stats, decks, policies, args.seed))
    if stats.interrupted is not None:  # Ctrl-C or SIGTERM: what finished, then the code
        print(f"{PROG}: {_stop_word(stats.interrupted)} after {stats.games} of "
              f"{args.games} games", file=sys.stderr)
        return stopping.stopped_by(stats.interrupted)
    return 0


def _stop_word(exc: BaseException) -> str:
    return "stopped by SIGTERM" if isinstance(exc, stopping.Terminated) else "interrupted"


def bench_pipeline(args: argparse.Namespace) -> int:
    """The same gauntlet serially in this process and on local Ray: both rates, one run."""
    import tempfile

    from mtgsim.pipelines.jobs import pairings, run_job
    from mtgsim.pipelines.progress import Progress

    decks = _load_decks(args, args.decks)
    figures: dict[str, Any] = {"games": args.games, "decks": [d.name for d in decks]}
    with tempfile.TemporaryDirectory() as tmp:
        serial = run_job("bench", decks, pairings(len(decks)), args.games,
                         Path(tmp) / "serial", seed=args.seed, executor="serial",
                         cards=card_source_of(args))
        # Ray's start-up is seconds of silence: one line says so (on stderr, as every
        # job's), and no bar (the figures are the output; a bar would time the run twice)
        starting = Progress(quiet=False)
        try:
            ray_run = run_job("bench", decks, pairings(len(decks)), args.games,
                              Path(tmp) / "ray", seed=args.seed, executor="ray",
                              workers=args.workers, silence_ray=True,
                              cards=card_source_of(args), announce=starting.starting)
        finally:
            starting.close()
    figures.update(serial_games_per_second=serial.games_per_second,
                   ray_games_per_second=ray_run.games_per_second,
                   ray_workers=ray_run.workers,
                   speedup=ray_run.games_per_second / serial.games_per_second)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"serial: {serial.games_per_second:.1f} games/s; local Ray with "
              f"{ray_run.workers} workers: {ray_run.games_per_second:.1f} games/s "
              f"(x{figures['speedup']:.2f}); {args.games} games each")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Time games of one policy against itself (``--policy``, heuristic by default) on one
    core, after loading and a warm-up."""
    if args.pipeline:
        return bench_pipeline(args)
    decks = _load_decks(args, args.decks)
    policies = [args.bench_policy, args.bench_policy]
    run_batch(decks[0], decks[1], BENCH_WARMUP_GAMES, args.seed + 1, policies)
    cpu0 = time.process_time()
    stats = run_batch(decks[0], decks[1], args.games, args.seed, policies)
    cpu = time.process_time() - cpu0
    if args.json:
        print(json.dumps({
            "games_per_second": stats.games_per_second,
            "games": stats.games,
            "seconds": stats.seconds,
            "cpu_seconds": cpu,
            "turns_per_game": stats.mean_turns,
            "decisions_per_game": stats.mean_decisions,
            "decks": [d.name for d in decks],
            "policy": args.bench_policy,
            "seed": args.seed,
            "engine_version": engine.__version__,
            "python": platform.python_version(),
            "compiled_modules": compiled.loaded(),
        }))
    else:
        print(f"{decks[0].name} vs {decks[1].name}, {args.bench_policy} vs "
              f"{args.bench_policy}, "
              f"{stats.games} games on one core")
        print(f"{stats.seconds:.2f} s ({cpu:.2f} s CPU), {stats.mean_turns:.1f} turns/game, "
              f"{stats.mean_decisions:.1f} decisions/game")
        built = len(compiled.loaded())
        print(f"{stats.games_per_second:.1f} games/s, "
              + (f"compiled engine ({built} of {len(compiled.COMPILED)} modules)" if built
                 else "pure-Python engine"))
    return 0


# --- argument parsing ---------------------------------------------------------------------


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run rules scenarios (shared/conformance/FORMAT.md): PASS/FAIL lines and a summary."""
    from mtgsim.engine.scenario.runner import find_scenarios, run_scenario

    paths = find_scenarios(args.paths)
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _err(f"no such file: {', '.join(missing)}")
        return 2
    special = [str(p) for p in paths if not p.is_file()]  # a FIFO would block the read
    if special:
        _err(f"{', '.join(special)}: not a regular file")
        return 2
    if not paths:
        _err("no scenario files found")
        return 2
    pool = load_card_pool(card_source_of(args))
    passed = failed = 0
    for path in paths:
        result = run_scenario(path, pool)
        if result.passed:
            passed += 1
        else:
            failed += 1
        if args.json:
            print(json.dumps({"file": result.file, "name": result.name,
                              "passed": result.passed, "error": result.error}))
        elif result.passed:
            print(f"PASS {result.file}: {result.name}")
        else:
            print(f"FAIL {result.file}: {result.name}: {result.error}")
    if not args.json:
        print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_cards(args: argparse.Namespace) -> int:
    """``cards list`` / ``cards check``: the pool, or the pool (or the user's own cards,
    with ``--cards``) against reference Oracle data; exit 1 on any mismatch.
    ``cards coverage``: what the Oracle compiler understands (``pipelines.coverage``)."""
    source = card_source_of(args)
    pool = load_card_pool(source)
    if args.action == "coverage":
        return _coverage(args, pool)
    if args.decks is not None or args.format is not None:
        _err("--decks and --format go with 'cards coverage'")
        return 2
    if args.action == "list":
        for name in sorted(pool):
            print(name)
        return 0
    from mtgsim.engine.cards.check import check, read_reference

    reference = read_reference(args.reference)
    only = source.extra_names() if source.extra else None
    result = check(pool, reference, only, unreferenced_ok=args.reference is None)
    for line in result.problems:
        print(line)
    if only is None and reference.format == "jsonl":
        total = len(reference.cards)
        bad = len({p.split(":", 1)[0] for p in result.problems})
        print(f"{total - bad} of {total} reference cards match; "
              f"{len(result.problems)} problem(s)")
    elif only is None:
        print(f"{result.matched} of {result.compared} pool cards in the reference match; "
              f"{len(result.problems)} problem(s)")
    else:
        print(_own_cards_summary(result, len(set(only))))
    return 1 if result.problems else 0


def _own_cards_summary(result: Any, cards: int) -> str:
    """``cards check --cards``: each of the user's cards the reference lacks by name (with
    the bundled reference, every new card: nothing to compare it with, which is no
    problem), then the counts."""
    lines = [f"{name}: valid against the schema; no reference entry to compare with "
             "(give --reference FILE with Oracle data for it)"
             for name in result.unreferenced if not any(
                 p.startswith(f"{name}: ") for p in result.problems)]
    parts = [f"{cards} of your card(s) valid against the schema"]
    if result.compared:
        parts.append(f"{result.matched} of {result.compared} of your cards match")
    if lines:
        parts.append(f"{len(lines)} with no reference entry to compare with")
    parts.append(f"{len(result.problems)} problem(s)")
    return "\n".join([*lines, "; ".join(parts)])


def _coverage(args: argparse.Namespace, pool: Any) -> int:
    from mtgsim.pipelines import coverage

    if args.decks is not None and not Path(args.decks).is_file():
        _err(f"{args.decks}: no such file")
        return 2
    if args.format is not None and args.decks is None:
        _err("--format needs --decks")
        return 2
    try:
        figures = coverage.report(pool, args.decks, args.format, args.top)
    except ValueError as exc:
        _err(str(exc))
        return 2
    print(coverage.as_json(figures) if args.json else coverage.format_report(figures))
    return 0


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--card-data", metavar="DIR",
                        help="directory of card files (*.toml) that replaces the bundled "
                             "cards (default: the bundled engine/cards/data)")
    common.add_argument("--cards", action="append", metavar="PATH",
                        help="your own card file, or a directory of them, added to the "
                             "pool; give it once per path")
    common.add_argument("--override", action="store_true",
                        help="let --cards replace cards of the same name (otherwise a "
                             "name already in the pool is an error)")
    decks = argparse.ArgumentParser(add_help=False)
    decks.add_argument("deck_a", metavar="DECK_A",
                       help="deck file, or a bundled deck name such as gruul_stompy")
    decks.add_argument("deck_b", metavar="DECK_B", help="the opposing deck")
    pols = argparse.ArgumentParser(add_help=False)
    add_policy_options(pols)
    pols.add_argument("--max-turns", type=positive, default=60, metavar="N",
                      help="a game still running after N turns is a draw (default: 60)")

    parser = argparse.ArgumentParser(
        prog=PROG, description="mtgsim: a Magic: The Gathering rules engine and simulator.")
    parser.add_argument("--version", action="version",
                        version=f"{PROG} {engine.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("play", parents=[decks, pols, common],
                       help="play one game and print its log",
                       description="Play one game (DECK_A is player A, on the play) and "
                                   "print its log and result.")
    p.add_argument("--seed", type=seed, default=0, metavar="N",
                   help="game seed, 0 .. 2**64 - 1 (default: 0)")
    p.add_argument("--replay", metavar="FILE", help="also write a JSON replay to FILE")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", parents=[common], help="re-play a replay file and check it",
                       description="Re-play a replay file from its recorded decisions and "
                                   "check that the result and log match.")
    p.add_argument("file", metavar="FILE", help="a replay written by 'mtgsim play --replay'")
    p.add_argument("--quiet", action="store_true", help="do not print the game log")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("batch", parents=[decks, pols, common],
                       help="play many games and summarise them",
                       description="Play N games serially, alternating which deck is on "
                                   "the play, and print win rates.")
    p.add_argument("--games", type=game_count, default=100, metavar="N",
                   help="number of games (default: 100)")
    p.add_argument("--seed", type=seed, default=0, metavar="N",
                   help="job seed: the games are those versus plays (default: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser("bench", parents=[common], help="measure games per second",
                       description="Time games of a matchup on one core, one policy on both "
                                   "sides (heuristic unless --policy), after loading and a "
                                   "short warm-up.")
    p.add_argument("--games", type=game_count, default=300, metavar="N",
                   help="number of timed games (default: 300)")
    p.add_argument("--seed", type=seed, default=0, metavar="N", help="batch seed (default: 0)")
    add_decks(p, "the matchup, two decks (default: gruul_stompy azorius_skies)", least=2,
              most=2, default=list(BUNDLED_MATCHUP))
    p.add_argument("--policy", default="heuristic", metavar="SPEC", dest="bench_policy",
                   help="the policy playing both sides: a spec as for --policy-a, e.g. "
                        "random (default: heuristic)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--pipeline", action="store_true",
                   help="compare the gauntlet job serially and on local Ray (--workers)")
    p.add_argument("--workers", type=positive, default=2, metavar="N",
                   help="Ray workers for --pipeline (default: 2)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("scenario", parents=[common], help="run rules scenarios",
                       description="Run rules-scenario TOML files (files or folders, searched "
                                   "recursively); exit 1 if any fails.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    p.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p.set_defaults(func=cmd_scenario)

    p = sub.add_parser("cards", parents=[common],
                       help="list or check the card pool; the compiler's coverage",
                       description="'list' prints every card of the pool; 'check' compares "
                                   "each card file with the reference Oracle data; "
                                   "'coverage' reports how many corpus cards the Oracle "
                                   "compiler understands, the clauses it does not, and with "
                                   "--decks how many real deck lists load whole and what "
                                   "would unlock the most next.")
    p.add_argument("action", choices=("list", "check", "coverage"),
                   help="list the pool, check it against reference Oracle data, or report "
                        "the Oracle compiler's coverage")
    p.add_argument("--decks", metavar="LISTS", default=None,
                   help="coverage: deck lists, JSON Lines (.jsonl or .jsonl.gz) with "
                        "format, main and side (as shared/decklists)")
    p.add_argument("--format", metavar="F", default=None,
                   help="coverage: only the lists of this format (pauper, modern, ...)")
    p.add_argument("--top", type=positive, default=25, metavar="N",
                   help="coverage: rows of each ranking (default: 25)")
    p.add_argument("--json", action="store_true", help="coverage: one JSON object")
    p.add_argument("--reference", metavar="FILE", default=None,
                   help="reference Oracle data: JSON Lines like the bundled oracle.jsonl, "
                        "or an MTGJSON file (AtomicCards.json, AllPrintings.json, a set); "
                        "default: the bundled reference")
    p.set_defaults(func=cmd_cards)

    jobcli.register(sub, common, pols)  # gauntlet, versus, ablate, swiss, fuzz
    reporting.register(sub)  # report DIR, compare JOB_A JOB_B
    deckinfo.register(sub, common)  # deck check FILE..., decks
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    args.argv = argv
    problem = merge_decks(args)  # --decks, the older spelling, into the DECK arguments
    if problem is not None:
        _err(problem)
        return 2
    try:
        check_policy_args(args)
    except PolicyArgError as exc:
        _err(str(exc))
        return 2
    stopping.install()  # SIGTERM stops as Ctrl-C does (a scheduler's stop)
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # surface a closed pipe here rather than at interpreter exit
    except KeyboardInterrupt as exc:
        terminated = stopping.terminated(exc)
        print(f"{PROG}: {'stopped by SIGTERM' if terminated else 'interrupted'}",
              file=sys.stderr)
        return stopping.stopped_by(exc)
    except DeckError as exc:
        _err(f"{exc.file}: {exc.message}" if exc.line == 0 else str(exc))
        return 2
    except (CardDataError, ReplayError, OutputError, PolicyArgError) as exc:
        _err(str(exc))
        return 2
    except BrokenPipeError:  # e.g. `mtgsim play ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:  # the environment (a full disk, a vanished folder), not a bug
        where = f"{exc.filename}: " if exc.filename else ""
        _err(f"{where}{exc.strerror or exc}")
        return EXIT_FAILED
    return code


if __name__ == "__main__":
    raise SystemExit(main())
