"""Per-card statistics: known answers on a hand-made hands table, the same counts as an
independent computation from the events dataset of a real job, and the report's section
and JSON (with a note instead when the job recorded no events)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest

from mtgsim.pipelines.cli import main
from mtgsim.results.cards import card_stats
from mtgsim.results.events import read_events, read_hands
from mtgsim.results.intervals import diff_interval, wilson
from mtgsim.results.manifest import read_manifest

SERIAL = ["--executor", "serial", "--quiet"]


def hands(rows: list[tuple[str, float, list[str], list[str], list[str], list[str]]]
          ) -> pa.Table:
    """(deck, score, opening hand, drawn, cast, played) rows."""
    cols = list(zip(*rows, strict=True))
    return pa.table({"deck": list(cols[0]), "score": pa.array(cols[1], pa.float32()),
                     "opening_hand": list(cols[2]), "drawn": list(cols[3]),
                     "cast": list(cols[4]), "played": list(cols[5])})


def test_known_answers() -> None:
    t = hands([
        ("x", 1.0, ["Bolt", "Bolt", "Forest"], ["Elf"], ["Bolt"], ["Forest"]),
        ("x", 0.0, ["Forest"], ["Bolt", "Bolt"], [], ["Forest"]),  # Bolt drawn only
        ("x", 0.5, ["Elf"], [], ["Elf"], []),  # a draw: half a win
        ("x", 1.0, ["Elf"], ["Elf"], [], []),  # drawn but in the opening hand already
        ("y", 0.0, ["Island"], ["Ponder"], ["Ponder"], ["Island"]),
    ])
    rows = {(s.deck, s.card): s for s in card_stats(
        t, {"x": ["Bolt"] * 4 + ["Elf"] * 2 + ["Forest"] * 10 + ["Giant"], "y": ["Island"]})}
    bolt = rows["x", "Bolt"]
    assert (bolt.copies, bolt.games) == (4, 4)
    assert (bolt.opening_games, bolt.opening_rate) == (1, 1.0)
    assert (bolt.drawn_games, bolt.drawn_rate) == (1, 0.0)
    assert (bolt.in_hand_games, bolt.in_hand_rate) == (2, 0.5)
    assert (bolt.not_drawn_games, bolt.not_drawn_rate) == (2, 0.75)
    assert (bolt.cast_games, bolt.cast_rate) == (1, 1.0)
    assert bolt.iwd == pytest.approx(0.5 - 0.75)
    assert (bolt.iwd_low, bolt.iwd_high) == pytest.approx(diff_interval(1.0, 2, 1.5, 2))
    assert (bolt.in_hand_low, bolt.in_hand_high) == pytest.approx(wilson(1.0, 2))
    elf = rows["x", "Elf"]
    assert (elf.opening_games, elf.drawn_games, elf.in_hand_games) == (2, 1, 3)
    assert elf.opening_rate == pytest.approx(0.75) and elf.cast_rate == 0.5
    forest = rows["x", "Forest"]
    assert forest.cast_games == 2 and forest.cast_rate == 0.5  # a land: played
    giant = rows["x", "Giant"]  # never seen: every game is "not seen"
    assert giant.in_hand_games == 0 and giant.in_hand_rate is None and giant.iwd is None
    assert giant.not_drawn_games == 4 and giant.not_drawn_rate == pytest.approx(2.5 / 4)
    ponder = rows["y", "Ponder"]  # seen, not in the list: added after it
    assert ponder.copies == 0 and ponder.drawn_games == 1
    assert [c for d, c in rows if d == "x"] == ["Bolt", "Elf", "Forest", "Giant"]
    qs = [s.q_value for s in rows.values() if s.iwd is not None]
    assert qs and all(q is not None and 0 <= q <= 1 for q in qs)


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cards") / "g"
    assert main(["gauntlet", "gruul_stompy", "bogles", "jund_cascade", "--games", "24",
                 "--unit-size", "8", *SERIAL, "--out", str(out), "--record-events"]) == 0
    return out


def test_the_hands_give_what_the_events_give(job: Path) -> None:
    """The statistics from the hands dataset, and the same counts computed here from the
    events dataset alone (opening hand events, draws after them, casts, land plays)."""
    import pandas as pd

    decks = {d.name: list(d.cards) for d in read_manifest(job).decks}
    stats = card_stats(read_hands(job), decks)
    ev = read_events(job).to_pandas()
    for col in ("kind", "card", "step"):
        ev[col] = ev[col].astype(str)
    games = pd.read_parquet(job / "games")[["matchup", "game", "deck_a", "deck_b", "winner"]]
    counts: dict[tuple[str, str, str], list[float]] = {}
    for (m, g), e in ev.sort_values("seq").groupby(["matchup", "game"]):
        row = games[(games.matchup == m) & (games.game == g)].iloc[0]
        for side in (0, 1):
            deck = row.deck_a if side == 0 else row.deck_b
            score = 0.5 if row.winner < 0 else float(row.winner == side)
            mine = e[e.player == side]
            kept = list(mine.index[mine.kind == "opening_hand"])
            opening = set(mine.card[mine.kind == "opening_hand"])
            drawn = set(mine.card[(mine.kind == "draw") & (mine.index > kept[0])])
            cast = set(mine.card[mine.kind.isin(["cast", "play"])])
            for card in set(decks[deck]):
                groups = {"opening": card in opening, "drawn": card in drawn - opening,
                          "in_hand": card in opening | drawn,
                          "not_drawn": card not in opening | drawn, "cast": card in cast}
                for group, yes in groups.items():
                    if yes:
                        c = counts.setdefault((deck, card, group), [0, 0.0])
                        c[0] += 1
                        c[1] += score
    assert stats
    for s in stats:
        for group in ("opening", "drawn", "in_hand", "not_drawn", "cast"):
            n, w = counts.get((s.deck, s.card, group), [0, 0.0])
            assert getattr(s, f"{group}_games") == n, (s.deck, s.card, group)
            rate = getattr(s, f"{group}_rate")
            assert (rate is None and n == 0) or rate == pytest.approx(w / n)


def test_the_report_shows_them(job: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(job), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    cards = summary["cards"]
    assert cards["source"] == "hands" and cards["game_sides"] == 2 * 72
    decks = {d.name: set(d.cards) for d in read_manifest(job).decks}
    assert {(r["deck"], r["card"]) for r in cards["rows"]} == {
        (d, c) for d, cs in decks.items() for c in cs}  # every card of every list, once
    assert all(r["in_hand_games"] + r["not_drawn_games"] == r["games"] for r in cards["rows"])
    html = (job / "report" / "index.html").read_text()
    assert 'id="tbl-cards"' in html and 'id="tbl-card_rates"' in html
    assert "Association, not effect" in html and "Selection" in html
    assert "Sample size" in html
    plain = tmp_path / "plain"
    assert main(["gauntlet", "gruul_stompy", "bogles", "--games", "4", *SERIAL, "--out",
                 str(plain)]) == 0
    assert main(["report", str(plain), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "cards" not in summary
    assert "--record-events</code> for per-card" in (plain / "report" / "index.html"
                                                     ).read_text()
