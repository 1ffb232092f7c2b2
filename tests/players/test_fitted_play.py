"""The fitted price of life's play, held: the answers of ``heuristic:eval=fitted`` and
``search:eval=fitted,rollouts=1`` over seeded games of the bundled Pauper decks, against
``tests/data/fitted_answers.json`` (issue 37 point 4).

The default play is held by the fingerprints (``tests/state/test_fingerprints.py``); they
play only the hand-set price. These games hold the opt-in: the price is a value the
policy carries and passes down (``engine.players.life_price.LifePrice``), and a change
that lost it on the way (an estimate, a rollout policy, the search's inner heuristic left
at the hand-set price) changes answers here. Each game is hashed by every answer given
(``GameState.decisions``), so a single answer that moved fails it.

A deliberate change of the fitted play rewrites the file (its own commit, saying why):
``MTGSIM_PURE_PYTHON=1 python tests/players/test_fitted_play.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.players.policies.spec import SEARCH_PLAY_4
from mtgsim.pipelines.runner import LoadedDeck, load_decks, play_seeded

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests/data/fitted_answers.json"
HEURISTIC = "heuristic:eval=fitted"
# the search's play before search play 5 (``spec.SEARCH_PLAY_4``: the two-turn search of
# the old budget): its recorded games are those ``search:eval=fitted,rollouts=1`` played
# at search play 4
SEARCH = f"search:{SEARCH_PLAY_4},eval=fitted,rollouts=1"
# (spec, deck index pairs, games per pair): the heuristic on fourteen pairings (each of
# the fourteen decks twice), the search (slower) on three
PLAN: tuple[tuple[str, tuple[tuple[int, int], ...], int], ...] = (
    (HEURISTIC, ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13),
                 (0, 7), (1, 8), (2, 9), (3, 10), (4, 11), (5, 12), (6, 13)), 2),
    (SEARCH, ((0, 5), (3, 8), (7, 10)), 1),
)


def _decks() -> list[LoadedDeck]:
    paths = [str(p) for p in sorted((ROOT / "decks/pauper").glob("*.txt"))]
    _, decks = load_decks(CardSource(), paths)
    return decks


def answers(spec: str, pairs: tuple[tuple[int, int], ...], games: int,
            decks: list[LoadedDeck]) -> dict[str, list[object]]:
    """``{"<spec> <deck a> <deck b> <game>": [winner, turns, answers, hash]}``: both seats
    played by ``spec``, game ``g`` seeded 1000 + g; the hash is of every recorded answer."""
    out: dict[str, list[object]] = {}
    for i, j in pairs:
        for g in range(games):
            state = play_seeded([decks[i], decks[j]], [spec, spec], 1000 + g, record=True)
            r = state.result
            assert r is not None and state.decisions is not None
            digest = hashlib.sha256(repr(state.decisions).encode()).hexdigest()[:16]
            out[f"{spec} {decks[i].name} {decks[j].name} {g}"] = [
                r.winner, r.turns, len(state.decisions), digest]
    return out


def all_answers() -> dict[str, list[object]]:
    decks = _decks()
    out: dict[str, list[object]] = {}
    for spec, pairs, games in PLAN:
        out.update(answers(spec, pairs, games, decks))
    return out


def test_the_fitted_policies_play_as_recorded() -> None:
    want = json.loads(GOLDEN.read_text())
    got = all_answers()
    moved = [k for k in sorted(want) if got.get(k) != want[k]]
    assert not moved, f"{len(moved)} of {len(want)} games moved, first {moved[:3]}"
    assert sorted(got) == sorted(want)


def test_the_fitted_price_changes_the_answers() -> None:
    """The recorded games are ones the price decides: played at the hand-set price
    (the same policies without ``eval=fitted``), some answer differs."""
    decks = _decks()
    spec, pairs, games = PLAN[0]
    fitted = answers(spec, pairs, games, decks)
    handset = answers("heuristic", pairs, games, decks)
    differ = sum(1 for a, b in zip(fitted.values(), handset.values(), strict=True)
                 if a[3] != b[3])
    assert differ >= 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(json.dumps(all_answers(), indent=1, sort_keys=True) + "\n")
    else:
        print(json.dumps(all_answers(), indent=1, sort_keys=True))
