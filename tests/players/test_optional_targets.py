"""The heuristic's choice of optional targets ("up to N target ...", "any number of
target players"): a later optional target is chosen only when it adds to what the
targets already chosen are worth. Thraben Charm's "Exile any number of target players'
graveyards" is one effect over every target, so the opponent's graveyard alone made
choosing its caster as a second target look worth it before (an own graveyard exiled
for nothing)."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import play_game
from mtgsim.engine.players.policies import make_policy
from mtgsim.pipelines.runner import load_decks

DECK = """\
4 Thraben Charm
4 Battle Screech
4 Savannah Lions
4 White Knight
4 Grizzly Bears
4 Campfire
4 Pestilence
20 Plains
12 Swamp
"""


def test_thraben_charm_never_targets_its_caster_for_nothing(tmp_path: Path) -> None:
    path = tmp_path / "charms.txt"
    path.write_text(DECK)
    _, (mine, dredge) = load_decks(CardSource(), [str(path), "golgari_dredge"])
    graveyard_casts = 0
    for seed in range(24):
        policies = [make_policy("heuristic", 2 * seed), make_policy("heuristic", 2 * seed + 1)]
        state = play_game(mine.cards, dredge.cards, policies, seed, keep_log=True)
        assert state.log is not None
        for e in state.log:
            if e.kind == "cast" and e.card == "Thraben Charm" and "player" in e.target:
                graveyard_casts += 1
                assert "player A" not in e.target, (seed, e)
    assert graveyard_casts >= 2
