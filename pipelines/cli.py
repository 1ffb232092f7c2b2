"""The ``mtgsim`` command: play, replay, batch, bench, jobs, report and compare.

Exit codes: 0 success, 1 a replay that does not reproduce its game, 2 bad input (usage,
deck file, card data, replay file). Input errors print ``mtgsim: error: <message>`` on
stderr, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from mtgsim import engine
from mtgsim.engine.cardpool import CardDataError, CardSource
from mtgsim.engine.decks import DeckError
from mtgsim.engine.policies import POLICIES
from mtgsim.pipelines import deckinfo, reporting
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
    card_source,
    load_card_pool,
    load_main_deck,
    play_seeded,
    run_batch,
)
from mtgsim.results.storage import Output, OutputError, resolve_out

PROG = "mtgsim"
BENCH_WARMUP_GAMES = 5


def _err(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _source(args: argparse.Namespace) -> CardSource:
    """The card pool the options ask for (the user's files are read once per command)."""
    source: CardSource | None = getattr(args, "_source", None)
    if source is None:
        source = card_source(args.card_data, args.cards or (), args.override)
        args._source = source
    return source


def _load_decks(args: argparse.Namespace, names: Sequence[str]) -> list[LoadedDeck]:
    pool = load_card_pool(_source(args))
    return [load_main_deck(n, pool) for n in names]


# --- play ---------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game and print its log and result."""
    decks = _load_decks(args, [args.deck_a, args.deck_b])
    policies = [args.policy_a, args.policy_b]
    state = play_seeded(decks, policies, args.seed, max_turns=args.max_turns,
                        keep_log=True, record=args.replay is not None)
    assert state.result is not None and state.log is not None
    titles = [d.title for d in decks]
    if not args.quiet:
        print(f"A: {titles[0]} ({policies[0]}, on the play)   B: {titles[1]} ({policies[1]})"
              f"   seed {args.seed}")
        print("\n".join(render_log(state.log, state.result)))
    print(result_line(state.result, titles))
    if args.replay is not None:
        replay = make_replay(state, [(d.name, d.names) for d in decks], args.seed, policies,
                             args.max_turns, _source(args).hash())
        write_replay(args.replay, replay)
        if not args.quiet:
            print(f"replay written to {args.replay}")
    return 0


# --- replay -------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-play a replay file and check that it reproduces the recorded game."""
    replay = read_replay(args.file)
    source = _source(args)
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
    lines = [
        f"{stats.games} games, seed {seed}, decks alternate on the play",
        f"{'deck':<{width}}  {'policy':<9}  {'wins':>16}  {'on the play':>16}  "
        f"{'on the draw':>16}",
    ]
    for d, s, pol in zip(decks, stats.decks, policies, strict=True):
        lines.append(f"{d.name:<{width}}  {pol:<9}  {_pct(s.wins, s.games)}  "
                     f"{_pct(s.wins_on_play, s.games_on_play)}  "
                     f"{_pct(s.wins_on_draw, s.games_on_draw)}")
    lines.append(f"{'draws':<{width}}  {'':<9}  {_pct(stats.draws, stats.games)}")
    reasons = ", ".join(f"{r} {n}" for r, n in sorted(stats.reasons.items()))
    lines.append(f"game ends: {reasons}")
    lines.append(f"mean turns {stats.mean_turns:.1f}, mean decisions "
                 f"{stats.mean_decisions:.1f}, {stats.seconds:.2f} s, "
                 f"{stats.games_per_second:.1f} games/s")
    return "\n".join(lines)


def cmd_batch(args: argparse.Namespace) -> int:
    """Play many games serially and summarise them."""
    decks = _load_decks(args, [args.deck_a, args.deck_b])
    policies = [args.policy_a, args.policy_b]
    stats = run_batch(decks[0], decks[1], args.games, args.seed, policies, args.max_turns)
    if args.json:
        summary = {"seed": args.seed, **batch_summary(stats, decks, policies)}
        print(json.dumps(summary))
    else:
        print(format_batch(stats, decks, policies, args.seed))
    return 0


def bench_pipeline(args: argparse.Namespace) -> int:
    """The same gauntlet serially in this process and on local Ray: both rates, one run."""
    import tempfile

    from mtgsim.pipelines.jobs import pairings, run_job

    decks = _load_decks(args, args.decks)
    figures: dict[str, Any] = {"games": args.games, "decks": [d.name for d in decks]}
    with tempfile.TemporaryDirectory() as tmp:
        serial = run_job("bench", decks, pairings(len(decks)), args.games,
                         Path(tmp) / "serial", seed=args.seed, executor="serial",
                         cards=_source(args))
        ray_run = run_job("bench", decks, pairings(len(decks)), args.games,
                          Path(tmp) / "ray", seed=args.seed, executor="ray",
                          workers=args.workers, cards=_source(args))
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
    """Time heuristic-vs-heuristic games on one core, after loading and a warm-up."""
    if args.pipeline:
        return bench_pipeline(args)
    decks = _load_decks(args, args.decks)
    policies = ["heuristic", "heuristic"]
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
            "seed": args.seed,
            "engine_version": engine.__version__,
            "python": platform.python_version(),
        }))
    else:
        print(f"{decks[0].name} vs {decks[1].name}, heuristic vs heuristic, "
              f"{stats.games} games on one core")
        print(f"{stats.seconds:.2f} s ({cpu:.2f} s CPU), {stats.mean_turns:.1f} turns/game, "
              f"{stats.mean_decisions:.1f} decisions/game")
        print(f"{stats.games_per_second:.1f} games/s")
    return 0


# --- argument parsing ---------------------------------------------------------------------


def _job_progress(total_hint: int, quiet: bool) -> tuple[Any, Any]:
    """A tqdm progress bar (games done, games/s, ETA) and its update callback."""
    if quiet:
        return None, None
    from tqdm import tqdm

    bar = tqdm(total=total_hint, unit="game", unit_scale=True, dynamic_ncols=True,
               smoothing=0.1, file=sys.stderr)

    def update(done: int, total: int) -> None:
        if bar.total != total:
            bar.total = total
        bar.update(done - bar.n)
    return bar, update


@contextlib.contextmanager
def _output(args: argparse.Namespace, attr: str = "out", new: bool = True
            ) -> Iterator[Output]:
    """``--out`` resolved (a URI's folder mirrored through a local staging folder, see
    results.storage), uploaded once more when the command is done. ``new``: a job's
    output, which must be empty unless resumed."""
    out = resolve_out(getattr(args, attr))
    try:
        if new:
            out.check_new(getattr(args, "resume", False))
        yield out
        out.push()
    finally:
        out.close()


def _pushing(update: Callable[[int, int], None] | None,
             out: Output) -> Callable[[int, int], None] | None:
    """The progress callback, also uploading what the job committed (remote --out)."""
    if not out.remote:
        return update

    def progress(done: int, total: int) -> None:
        if update is not None:
            update(done, total)
        out.push()
    return progress


def _shown(text: str, out: Output) -> str:
    """Output for people names the folder as they gave it, not a staging folder."""
    return text.replace(str(out.local), out.uri) if out.remote else text


def _run_job(args: argparse.Namespace, kind: str, deck_args: list[str],
             pairs_of: Any) -> int:
    from mtgsim.cluster.pool import ClusterError
    from mtgsim.pipelines.jobs import JobError, run_job
    from mtgsim.pipelines.summary import format_job_summary, job_summary

    pool = load_card_pool(_source(args))
    decks = [load_main_deck(n, pool) for n in deck_args]
    names = [d.name for d in decks]
    if len(set(names)) != len(names):
        _err(f"a deck is named twice: {', '.join(names)}")
        return 2
    pairs = pairs_of(len(decks))
    with _output(args) as out:
        bar, update = _job_progress(args.games * len(pairs), args.quiet)
        try:
            result = run_job(
                kind, decks, pairs, args.games, out.local, seed=args.seed,
                policies=(args.policy_a, args.policy_b), max_turns=args.max_turns,
                unit_size=args.unit_size, executor=args.executor, workers=args.workers,
                address=args.address, resume=args.resume, cards=_source(args),
                progress=_pushing(update, out), rows_per_file=args.rows_per_file)
        except (JobError, ClusterError) as exc:
            _err(_shown(str(exc), out))
            return 2
        finally:
            if bar is not None:
                bar.close()
        if args.json:
            summary = job_summary(out.local, result)
            print(_shown(json.dumps(summary), out) if out.remote else json.dumps(summary))
        else:
            print(_shown(format_job_summary(out.local, result), out))
    return 0


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.jobs import pairings

    if len(args.decks) < 2:
        _err("a gauntlet needs at least two decks")
        return 2
    return _run_job(args, "gauntlet", args.decks, pairings)


def cmd_versus(args: argparse.Namespace) -> int:
    from mtgsim.pipelines.jobs import field_pairings

    return _run_job(args, "versus", [args.deck, *args.field], field_pairings)


def cmd_swiss(args: argparse.Namespace) -> int:
    from mtgsim.cluster.pool import ClusterError
    from mtgsim.pipelines.jobs import JobError
    from mtgsim.pipelines.swiss import format_swiss, run_swiss

    pool = load_card_pool(_source(args))
    decks = [load_main_deck(n, pool) for n in args.decks]
    shares = args.shares or [1.0] * len(decks)
    with _output(args) as out:
        try:
            result = run_swiss(decks, shares, args.players, args.rounds, args.best_of,
                               args.top, out.local, seed=args.seed,
                               policies=(args.policy_a, args.policy_b),
                               max_turns=args.max_turns, executor=args.executor,
                               workers=args.workers, address=args.address,
                               events=args.events, cards=_source(args))
        except (JobError, ClusterError) as exc:
            _err(_shown(str(exc), out))
            return 2
        if args.json:
            print(json.dumps({"out": args.out, **msgspec.to_builtins(result)}))
        else:
            print(_shown(format_swiss(result, args.top), out))
    return 0


def cmd_ablate(args: argparse.Namespace) -> int:
    from mtgsim.cluster.pool import ClusterError
    from mtgsim.pipelines.ablation import format_ablation, run_ablation
    from mtgsim.pipelines.jobs import JobError

    pool = load_card_pool(_source(args))
    deck = load_main_deck(args.deck, pool)
    field = [load_main_deck(n, pool) for n in args.field]
    with _output(args) as out:
        try:
            rows = run_ablation(deck, args.keyword, field, args.games, out.local,
                                seed=args.seed, policies=(args.policy_a, args.policy_b),
                                max_turns=args.max_turns, unit_size=args.unit_size,
                                executor=args.executor, workers=args.workers,
                                address=args.address, cards=_source(args))
        except (JobError, ClusterError) as exc:
            _err(_shown(str(exc), out))
            return 2
    if args.json:
        print(json.dumps({"deck": deck.name, "keyword": args.keyword.strip().lower(),
                          "out": args.out, "rows": [msgspec.to_builtins(r) for r in rows]}))
    else:
        print(format_ablation(deck.name, args.keyword, rows))
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run rules scenarios (shared/conformance/FORMAT.md): PASS/FAIL lines and a summary."""
    from mtgsim.engine.scenario.runner import find_scenarios, run_scenario

    paths = find_scenarios(args.paths)
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _err(f"no such file: {', '.join(missing)}")
        return 2
    if not paths:
        _err("no scenario files found")
        return 2
    pool = load_card_pool(_source(args))
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
    with ``--cards``) against reference Oracle data; exit 1 on any mismatch."""
    source = _source(args)
    pool = load_card_pool(source)
    if args.action == "list":
        for name in sorted(pool):
            print(name)
        return 0
    from mtgsim.engine.cardcheck import check, read_reference

    reference = read_reference(args.reference)
    only = source.extra_names() if source.extra else None
    result = check(pool, reference, only)
    for line in result.problems:
        print(line)
    if only is None and reference.format == "jsonl":
        total = len(reference.cards)
        bad = len({p.split(":", 1)[0] for p in result.problems})
        print(f"{total - bad} of {total} reference cards match; "
              f"{len(result.problems)} problem(s)")
    else:
        which = "of your cards" if only is not None else "pool cards in the reference"
        print(f"{result.matched} of {result.compared} {which} match; "
              f"{len(result.problems)} problem(s)")
    return 1 if result.problems else 0


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--card-data", metavar="DIR",
                        help="directory of card files (*.toml) that replaces the bundled "
                             "cards (default: the bundled engine/carddata)")
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
    pols.add_argument("--policy-a", choices=POLICIES, default="heuristic",
                      help="who plays DECK_A (default: heuristic)")
    pols.add_argument("--policy-b", choices=POLICIES, default="heuristic",
                      help="who plays DECK_B (default: heuristic)")
    pols.add_argument("--max-turns", type=_positive, default=60, metavar="N",
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
    p.add_argument("--seed", type=int, default=0, help="game seed (default: 0)")
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
    p.add_argument("--games", type=_positive, default=100, metavar="N",
                   help="number of games (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser("bench", parents=[common], help="measure games per second",
                       description="Time heuristic-vs-heuristic games of a matchup on one "
                                   "core, after loading and a short warm-up.")
    p.add_argument("--games", type=_positive, default=300, metavar="N",
                   help="number of timed games (default: 300)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default: 0)")
    p.add_argument("--decks", nargs=2, metavar=("A", "B"), default=list(BUNDLED_MATCHUP),
                   help="the matchup (default: gruul_stompy azorius_skies)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--pipeline", action="store_true",
                   help="compare the gauntlet job serially and on local Ray (--workers)")
    p.add_argument("--workers", type=_positive, default=2,
                   help="Ray workers for --pipeline (default: 2)")
    p.set_defaults(func=cmd_bench)

    job = argparse.ArgumentParser(add_help=False)
    job.add_argument("--games", type=_positive, default=100, metavar="N",
                     help="games per pairing (default: 100)")
    job.add_argument("--out", required=True, metavar="DIR",
                     help="output folder (new or empty; or the job's folder with --resume), "
                          "or a URI: s3://bucket/prefix, gs://, hdfs://, file://")
    job.add_argument("--seed", type=int, default=0, help="job seed (default: 0)")
    job.add_argument("--resume", action="store_true",
                     help="finish an interrupted job in --out")
    job.add_argument("--executor", choices=("ray", "serial"), default="ray",
                     help="ray (default: local Ray with all cores, or --address) or serial")
    job.add_argument("--address", default=None,
                     help="Ray cluster to join (default: RAY_ADDRESS, else start local Ray)")
    job.add_argument("--workers", type=_positive, default=None,
                     help="number of actors (default: one per CPU of the cluster)")
    job.add_argument("--unit-size", type=_positive, default=200, metavar="N",
                     help="games per work unit (default: 200)")
    job.add_argument("--rows-per-file", type=_positive, default=250_000, metavar="N",
                     help="games buffered per Parquet file and row group (default: 250000)")
    job.add_argument("--quiet", action="store_true", help="no progress bar")
    job.add_argument("--json", action="store_true",
                     help="print the summary as one JSON object")

    p = sub.add_parser("gauntlet", parents=[pols, job, common],
                       help="every pair of decks, both play/draw orders",
                       description="Play every pair of DECKs N games each (alternating who "
                                   "is on the play) and write a Parquet dataset to --out.")
    p.add_argument("decks", nargs="+", metavar="DECK", help="deck files or bundled names")
    p.set_defaults(func=cmd_gauntlet)

    p = sub.add_parser("versus", parents=[pols, job, common],
                       help="one deck against a field",
                       description="Play DECK against each deck of --field, N games each.")
    p.add_argument("deck", metavar="DECK")
    p.add_argument("--field", nargs="+", required=True, metavar="DECK")
    p.set_defaults(func=cmd_versus)

    reporting.register(sub)  # report DIR, compare JOB_A JOB_B

    p = sub.add_parser("ablate", parents=[pols, job, common],
                       help="win-rate change with a keyword removed",
                       description="Play DECK against --field twice on the same seeds, "
                                   "once with KEYWORD removed from DECK's cards, and report "
                                   "the win-rate change with a paired 95% interval.")
    p.add_argument("deck", metavar="DECK")
    p.add_argument("--keyword", required=True, help="e.g. cascade, exalted, annihilator")
    p.add_argument("--field", nargs="+", required=True, metavar="DECK")
    p.set_defaults(func=cmd_ablate)

    p = sub.add_parser("swiss", parents=[pols, common], help="a Swiss tournament",
                       description="A Swiss tournament of --players seats (decks by "
                                   "metagame share), --rounds rounds of best-of matches, "
                                   "then a single-elimination top cut.")
    p.add_argument("--decks", nargs="+", required=True, metavar="DECK")
    p.add_argument("--shares", nargs="+", type=float, metavar="S",
                   help="metagame share per deck (default: equal)")
    p.add_argument("--players", type=_positive, default=64, help="seats (default: 64)")
    p.add_argument("--rounds", type=_positive, default=6, help="Swiss rounds (default: 6)")
    p.add_argument("--best-of", type=_positive, default=3, help="games per match (default 3)")
    p.add_argument("--top", type=_positive, default=8, help="top cut size (default: 8)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, metavar="DIR",
                   help="output folder, or a URI (s3://, gs://, hdfs://, file://)")
    p.add_argument("--executor", choices=("ray", "serial"), default="ray")
    p.add_argument("--address", default=None)
    p.add_argument("--workers", type=_positive, default=None)
    p.add_argument("--events", type=_positive, default=1,
                   help="run the event N times (new seats and games each) for conversion "
                        "rates per archetype (default: 1)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.set_defaults(func=cmd_swiss)

    p = sub.add_parser("scenario", parents=[common], help="run rules scenarios",
                       description="Run rules-scenario TOML files (files or folders, searched "
                                   "recursively); exit 1 if any fails.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    p.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p.set_defaults(func=cmd_scenario)

    p = sub.add_parser("cards", parents=[common], help="list or check the card pool",
                       description="'list' prints every supported card; 'check' compares "
                                   "each card file with the reference Oracle data.")
    p.add_argument("action", choices=("list", "check"))
    p.add_argument("--reference", metavar="FILE", default=None,
                   help="reference Oracle data: JSON Lines like the bundled oracle.jsonl, "
                        "or an MTGJSON file (AtomicCards.json, AllPrintings.json, a set); "
                        "default: the bundled reference")
    p.set_defaults(func=cmd_cards)

    deckinfo.register(sub, common)  # deck check FILE..., decks
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # surface a closed pipe here rather than at interpreter exit
    except DeckError as exc:
        _err(f"{exc.file}: {exc.message}" if exc.line == 0 else str(exc))
        return 2
    except (CardDataError, ReplayError, OutputError) as exc:
        _err(str(exc))
        return 2
    except BrokenPipeError:  # e.g. `mtgsim play ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
