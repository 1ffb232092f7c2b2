"""Instructions per game under callgrind: the speed figure that does not drift.

Runs ``valgrind --tool=callgrind`` over a Python process that loads the card pool and the
bench decks and plays N bench games (``--policy``, any policy spec, in one seat and ``--opponent``, by
default the same, in the other; the seats alternate between the decks as in ``batch``),
then over the same process with 0 games, and prints the difference divided by N. The count is the same on
every run of the same code, whatever else the machine does, so a 0.3% change shows.

Both counted processes must load the cards the same way: with a cold compiled-card cache
the 0-game run would compile the decks' cards and write the cache, and the N-game run would
read it, so the start-up subtracted would be the wrong one (the figure could even come out
negative). A plain process (not under valgrind) loads the decks first, which warms the
cache for both.

    python scripts/instructions.py                 # 60 heuristic games
    python scripts/instructions.py --games 100 --policy random
    python scripts/instructions.py --decks pauper/mono_red_madness pauper/dimir_faeries
    python scripts/instructions.py --ladder --games 64      # the ladder's archetypes
    python scripts/instructions.py --games 2 --policy search:rollouts=3,cutoff=fitted,margin=0,infer=1 \
        --opponent heuristic

``--per-game`` also prints each game's own count (its decks, the policy on the play, its
share of the games' sum): callgrind dumps its counts at a marker the games script calls
before each game and after the last (``MARKER``, with or without the option, so the
figures are the same either way; a marker is about a thousand instructions), and the
dumps between two markers are one game's. The games' sum leaves out the start-up and the
exit, so it is near the total's games but not equal:

    python scripts/instructions.py --ladder --games 16 --policy search --opponent heuristic \
        --per-game

A search spec is slow under valgrind (pure Python: minutes a game): 2-4 games, and the
heuristic's count on the same games (``--policy heuristic``) beside it. Game ``i`` puts
deck A on the play when ``i`` is even (as before), and ``--policy`` on the play in games
0 and 1 of every 4, on the draw in games 2 and 3: over 4 games it plays each deck on
the play and on the draw; over 2, each deck on the play.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = """
import sys
from mtgsim.engine.cards.pool import CardSource
from mtgsim.pipelines.runner import load_decks, make_policies, game_seed
from mtgsim.engine.game import play_game
policy, opponent, games = sys.argv[2], sys.argv[3], int(sys.argv[1])
if sys.argv[4] == "--ladder":  # the archetypes: game i pairs deck i % 16 with the one
    from mtgsim.pipelines.ladder import archetypes  # 1 + i // 16 places on (mod 16)
    names = archetypes()
    _, decks = load_decks(CardSource(), names)
    n = len(decks)
    pairs = [(decks[i % n], decks[(i + 1 + i // n % (n - 1)) % n]) for i in range(games)]
else:
    _, (a, b) = load_decks(CardSource(), sys.argv[4:6])  # compiled cards as jobs load them
    pairs = [(a, b)] * games
from os import getppid  # the game marker: callgrind dumps before each call (--per-game)
for i, (a, b) in enumerate(pairs):
    seats = (a, b) if i % 2 == 0 else (b, a)
    names = [policy, opponent] if i % 4 < 2 else [opponent, policy]
    s = game_seed(0, i)
    getppid()
    play_game(seats[0].cards, seats[1].cards, make_policies(names, s), s)
getppid()
"""
# callgrind dumps its counts before each call of this C function (``--dump-before``): the
# games script calls it before each game and after the last, with or without
# ``--per-game``, so the counts are the same either way
MARKER = "getppid"

BENCH = ("gruul_stompy", "azorius_skies")  # the bench matchup (mtgsim bench)
LADDER = ("--ladder",)  # the ladder's sixteen archetypes, a pair a game


def count(games: int, policy: str, decks: tuple[str, ...] = BENCH,
          opponent: str | None = None, parts: list[int] | None = None) -> int:
    """Instructions (callgrind's Ir) of the whole process playing ``games`` games, the
    deck A seat's policy ``policy`` and the other ``opponent`` (default: the same);
    ``decks`` two decks, or ``LADDER``: the archetypes' pairs. ``parts``: filled with
    each game's own instructions, in order (callgrind dumping its counts at each game
    marker, ``MARKER``), the whole count unchanged."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        dumps = [f"--callgrind-out-file={out}", f"--dump-before={MARKER}"] \
            if parts is not None else ["--callgrind-out-file=/dev/null"]
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", *dumps, sys.executable, "-c", GAMES,
             str(games), policy, opponent or policy, *decks],
            capture_output=True, text=True, check=True)
        if parts is not None:
            parts += _game_parts(out, games)
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{proc.stderr[-2000:]}")
    return int(m.group(1))


def _game_parts(out: Path, games: int) -> list[int]:
    """Each game's instructions from callgrind's dumps: ``OUT.1`` holds the start-up (up to
    the first marker), ``OUT.{i + 2}`` game ``i`` (between its marker and the next), ``OUT``
    itself the exit after the last."""
    parts = []
    for i in range(games):
        m = re.search(r"^totals: (\d+)", Path(f"{out}.{i + 2}").read_text(), re.MULTILINE)
        if m is None:
            raise SystemExit(f"no totals in callgrind's dump {out}.{i + 2}")
        parts.append(int(m.group(1)))
    return parts


def warm(decks: tuple[str, ...]) -> None:
    """Load the card pool and the decks once, outside valgrind, so that the compiled-card
    cache is written before either counted process starts (both then read it)."""
    subprocess.run([sys.executable, "-c", GAMES, "0", "random", "random", *decks],
                   capture_output=True, text=True, check=True)


def spec(text: str) -> str:
    """A policy spec as the jobs read it (``parse_policy``), canonical; argparse's error
    (exit 2) for a bad one."""
    from mtgsim.engine.players.policies.spec import PolicySpecError, parse_policy

    try:
        return str(parse_policy(text))
    except PolicySpecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--policy", default="heuristic", type=spec, metavar="SPEC",
                    help="the policy counted: any policy spec (default: heuristic; e.g. "
                         "random, search:rollouts=3,cutoff=fitted,margin=0,infer=1)")
    ap.add_argument("--opponent", type=spec, default=None, metavar="SPEC",
                    help="the other seat's policy spec (default: the same as --policy)")
    ap.add_argument("--decks", nargs=2, default=list(BENCH), metavar="DECK",
                    help="the matchup (default: the bench's, gruul_stompy azorius_skies); "
                         "a bundled deck's name or a deck file")
    ap.add_argument("--ladder", action="store_true",
                    help="play the ladder's archetypes instead of one matchup: game i "
                         "pairs archetype i mod 16 with the one 1 + i // 16 places on, so "
                         "16 games play each archetype twice (the mix the ladder's CPU "
                         "per game is measured on; the bench matchup is one pair)")
    ap.add_argument("--per-game", action="store_true",
                    help="also print each game's own instructions (its deck pair, who is "
                         "on the play, its share of the games' sum): the total above is "
                         "the same, the games' sum leaves out the start-up and exit")
    args = ap.parse_args()
    decks: tuple[str, ...] = LADDER if args.ladder else (args.decks[0], args.decks[1])
    warm(decks)
    opponent = args.opponent or args.policy
    base = count(0, args.policy, decks, opponent)
    parts: list[int] | None = [] if args.per_game else None
    total = count(args.games, args.policy, decks, opponent, parts)
    per_game = (total - base) / args.games
    who = args.policy if opponent == args.policy else f"{args.policy} against {opponent}"
    where = "the ladder's archetypes" if args.ladder else f"{decks[0]} vs {decks[1]}"
    print(f"{who}, {where}: {per_game / 1e6:.2f} M instructions per game "
          f"({args.games} games; start-up {base / 1e6:.1f} M)")
    if parts is not None:
        print_parts(parts, decks, args.policy, opponent)
    return 0


def print_parts(parts: list[int], decks: tuple[str, ...], policy: str, opponent: str) -> None:
    """One line a game: its index, its decks (A, on the play, first), the policy on the
    play, its instructions and its share of the games' sum; then that sum."""
    names = _pair_names(len(parts), decks)
    whole = sum(parts)
    for i, n in enumerate(parts):
        a, b = names[i] if i % 2 == 0 else names[i][::-1]
        first = policy if i % 4 < 2 else opponent
        print(f"game {i:>3}  {a} ({first}) vs {b}: {n / 1e6:,.2f} M "
              f"({100 * n / whole:.1f}%)")
    print(f"the games' sum: {whole / 1e6:,.2f} M, {whole / len(parts) / 1e6:,.2f} M a game "
          "(start-up and exit left out)")


def _pair_names(games: int, decks: tuple[str, ...]) -> list[tuple[str, str]]:
    """The two decks' names of each game, as the games script pairs them."""
    if decks != LADDER:
        return [(Path(decks[0]).stem, Path(decks[1]).stem)] * games
    from mtgsim.pipelines.ladder import archetypes

    names = archetypes()
    n = len(names)
    return [(names[i % n], names[(i + 1 + i // n % (n - 1)) % n]) for i in range(games)]


if __name__ == "__main__":
    sys.exit(main())
