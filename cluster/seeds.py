"""Game seeds: every game of every job kind is named by (job seed, its two decks, index).

A game's seed is a function of the job seed, the two decks' names and contents (the
list of card names, hashed) and the game's index in that pairing, and of nothing else:
not the job kind, not the matchup's position in the job, not the other decks, not the
policies. The pair is unordered, so "A against B" and "B against A" name the same games,
and the index also decides who is on the play: even indices put the pairing's first deck
(in sorted order of name, then content) on the play, odd ones the other. Hence the same
pairing with the same job seed plays the same games in ``batch``, ``gauntlet``,
``versus``, ``ablate`` and ``swiss`` (a Swiss match takes its games' indices from a range
of its own, see ``swiss_index``), and a games row's ``seed`` replays its game with
``mtgsim play DECK_ON_THE_PLAY OTHER_DECK --seed SEED``.

Policy seeds derive from the game seed and the seat (0: on the play).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from mtgsim.engine.state.rng import MASK64

SEED_MAX = MASK64  # job and game seeds are 0 .. 2**64 - 1


def deck_digest(cards: Sequence[str]) -> str:
    """A deck's content: SHA-256 of its card names in list order (16 hex digits)."""
    return hashlib.sha256("\n".join(cards).encode()).hexdigest()[:16]


def mix(z: int) -> int:
    """splitmix64's finaliser: a bijection of 64-bit ints that scatters every bit."""
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def check_seed(seed: int) -> int:
    """``seed`` if it is a valid seed (0 .. 2**64 - 1), else ``ValueError``."""
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"seed {seed} is outside 0 .. 2**64 - 1 ({SEED_MAX})")
    return seed


class Pairing:
    """Two decks (name, content digest) and the seeds of their games under a job seed."""

    __slots__ = ("base", "swapped")

    def __init__(self, job_seed: int, deck_a: tuple[str, str], deck_b: tuple[str, str]
                 ) -> None:
        check_seed(job_seed)
        first, second = sorted((deck_a, deck_b))
        #: True when ``deck_b`` is the pairing's first deck (on the play in even games)
        self.swapped = (deck_b, deck_a) == (first, second) and deck_a != deck_b
        text = f"mtgsim-pairing/1|{job_seed}|{first[0]}|{first[1]}|{second[0]}|{second[1]}"
        self.base = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(),
                                   "little")

    def seed(self, index: int) -> int:
        """The seed of game ``index`` of this pairing."""
        return mix(self.base ^ mix(index))

    def a_on_play(self, index: int) -> bool:
        """Whether ``deck_a`` (as given) is on the play in game ``index``."""
        return (index & 1) == (1 if self.swapped else 0)


def policy_seed(game_seed: int, seat: int) -> int:
    """The seed of the policy in ``seat`` (0: on the play, 1) of the game ``game_seed``."""
    return mix(game_seed ^ (seat + 1) * 0x5851F42D4C957F2D & MASK64)


def swiss_index(match: int, game: int, first_on_play: bool, games_per_match: int) -> int:
    """The index, in its pairing, of game ``game`` of the ``match``-th match between two
    decks in a Swiss tournament: each match owns ``games_per_match`` slots, and the
    parity says who is on the play (even: the pairing's first deck), so the game is the
    one a gauntlet of the same pairing plays at that index."""
    return 2 * (match * games_per_match + game) + (0 if first_on_play else 1)
