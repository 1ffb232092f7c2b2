"""The search's switch on the logit scale (``search:scale=logit``, ``lmargin``;
``paired_gain.logit_values``; docs/search-record.md "The switch on the logit scale").

Three AI puzzles are decided by gains the size of each other on the probability scale,
each the same on every deal: the Bolt kept in
``no_removal_on_an_attacker_leaving_at_end_of_turn`` is the right answer though the Bolt
scores +0.0026 on the fitted cut-off, and the devour of
``devour_eats_the_goblin_for_the_last_damage`` (a win, 1.0, against 0.997) and the
blocks of ``blocks_beyond_the_first_eight_keep_a_alive`` (0.001 alive against 0 dead)
are right with gains of +0.0029 and +0.0011. No margin on that scale tells them apart;
on the logit scale the first is 0.012 and the others are whole logits."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from test_search import _paired

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies import SearchPolicy, parse_policy
from mtgsim.engine.players.policies.paired_gain import (
    LOGIT_EPS,
    LOGIT_MARGIN,
    PRIOR,
    clipped_logit,
    confident,
    futile,
    gain,
    logit_values,
)
from mtgsim.engine.players.policies.spec import (
    LMARGIN_DEFAULT,
    SEARCH_PLAY_4,
    PolicySpecError,
    canonical,
)
from mtgsim.engine.scenario.runner import run_scenario

AI = Path(__file__).parents[1] / "scenarios" / "ai"
LOGIT = "search:scale=logit"  # the default since "The switch on the logit scale"
PROB = "search:scale=prob"  # the default before

# the heuristic's answer first, deal by deal, each the same on every deal (no spread):
# the puzzles' gains, a mid-curve one (the Bolt's) and one at each end of the curve
MID = [[0.330, 0.330, 0.330], [0.3326, 0.3326, 0.3326]]
WON = [[0.997, 0.997, 0.997], [1.0, 1.0, 1.0]]
ALIVE = [[0.0, 0.0, 0.0], [0.001, 0.001, 0.001]]


def test_the_clip_and_the_default_margin() -> None:
    assert clipped_logit(1.0) == pytest.approx(math.log((1 - LOGIT_EPS) / LOGIT_EPS))
    assert clipped_logit(0.0) == pytest.approx(-clipped_logit(1.0))
    assert clipped_logit(0.5) == 0.0
    assert float(LMARGIN_DEFAULT) == LOGIT_MARGIN == pytest.approx(4 * PRIOR)
    assert logit_values([[0.5], [1.0, 0.0]]) == [[0.0], [clipped_logit(1.0),
                                                      clipped_logit(0.0)]]


def test_the_spec() -> None:
    # the default since "The switch on the logit scale"; margin=prior implies scale=prob
    assert canonical("search:scale=logit,rollouts=2") == "search:rollouts=2"
    assert canonical("search:lmargin=0.040,scale=logit") == "search"
    assert canonical("search:lmargin=0.1,scale=logit") == "search:lmargin=0.1"
    assert canonical("search:margin=prior,scale=prob") == "search:margin=prior"
    for bad in ("search:scale=odds", "search:lmargin=0.1,scale=prob",
                "search:lmargin=0.1,margin=prior", "search:lmargin=-1",
                "search:margin=prior,scale=logit"):
        with pytest.raises(PolicySpecError):
            canonical(bad)
    prob, logit = SearchPolicy(1, parse_policy(PROB)), SearchPolicy(1)
    assert not prob.logit and logit.logit and logit.logit_margin == LOGIT_MARGIN
    assert not SearchPolicy(1, parse_policy("search:margin=prior")).logit
    assert SearchPolicy(1, parse_policy("search:lmargin=0.5")).logit_margin == 0.5


@pytest.mark.parametrize(("scores", "switch"), [(MID, False), (WON, True), (ALIVE, True)])
def test_the_logit_scale_tells_the_puzzles_gains_apart(scores: list[list[float]],
                                                       switch: bool) -> None:
    """On probabilities the three gains are within 0.0016 of each other, so any fixed
    margin switches on all or on none of those it must tell apart (``PRIOR`` on none,
    0 on all); on logits the margin switches on exactly the two at the ends."""
    assert 0 < gain(scores, 1) < PRIOR
    assert confident(scores, 1, 1.0, 0.0) and not confident(scores, 1, 1.0, PRIOR)
    logit = SearchPolicy(1, parse_policy(LOGIT))
    scaled = logit._scaled(scores)
    assert confident(scaled, 1, logit._z(scores), logit._prior(scaled)) is switch
    assert logit._close(scores) is False  # no spread: clear of the noise or under the margin
    assert futile(scaled, 1.0, logit._prior(scaled)) is not switch


def test_the_scale_changes_only_the_switch_not_the_rollouts() -> None:
    """Without the futile stop the scale decides only which candidate is played: the
    same deals in the same order, and the answer is the one each scale's switch reads
    from those scores."""
    searched = 0
    for view, d, a, b in _paired(("golgari_dredge", "naya_auras"), 4,
                                 "search:rollouts=2,infer=0,scale=prob",
                                 "search:rollouts=2,infer=0", every=1, limit=12):
        a.decide(view, d)
        b.decide(view, d)
        assert a.last_values == b.last_values and a.played == b.played
        searched += a.played > 0
    assert searched > 0


@pytest.mark.parametrize(("name", "plain"), [
    ("no_removal_on_an_attacker_leaving_at_end_of_turn", False),
    ("devour_eats_the_goblin_for_the_last_damage", True),
    ("blocks_beyond_the_first_eight_keep_a_alive", True),
])
def test_the_logit_switch_solves_the_three_puzzles(name: str, plain: bool,
                                                   tmp_path: Path) -> None:
    """``scale=logit`` (the default) solves the three; the probability scale solves only
    the two at the ends with margin 0 and only no_removal with ``margin=prior``."""
    path = AI / f"{name}.toml"
    text = path.read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("policy = "))
    results = []
    # (the search's budget before search play 5, futile=off,sets=8, where these were
    # measured)
    for spec in (f"search:{SEARCH_PLAY_4}", f"search:{SEARCH_PLAY_4},scale=prob",
                 f"search:{SEARCH_PLAY_4},margin=prior"):
        f = tmp_path / f"{len(results)}_{path.name}"
        f.write_text(text.replace(line, f'policy = "{spec}"'))
        results.append(run_scenario(f, load_pool()).passed)
    assert results == [True, plain, not plain]
