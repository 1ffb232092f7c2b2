"""The report's per-card section: for each deck and card, win rates by whether the card was
in the opening hand, drawn, in hand, not seen or cast, and the improvement when drawn
(``results.cards``), with the caveats beside the tables. From the job's ``hands``
dataset (``--record-events``); a job without it gets a note saying how to have it."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.results import figures
from mtgsim.results.cards import GROUPS, LABELS, CardStat, card_stats
from mtgsim.results.events import read_hands
from mtgsim.results.intervals import format_p
from mtgsim.results.keywords import MIN_GAMES
from mtgsim.results.page import Col, Page

SHORT = {"opening": "opening hand", "drawn": "drawn", "in_hand": "in hand",
         "not_drawn": "not seen", "cast": "cast"}
FIGURE_ROWS = 40  # the forest shows the rows with the most games in both groups

CAVEATS = (
    "<b>Association, not effect.</b> These rows compare different games of the deck, not "
    "the same game with and without the card. <i>Selection</i>: a card drawn later was "
    "drawn because the game lasted, so the drawn and in-hand rates lean towards the "
    "deck's long games, and 'not seen' games are the short ones (fewer cards seen); the "
    "opening-hand rate is the rate of hands the deck kept; a card that is cast was "
    "castable, which says something about the board. The improvement when drawn mixes "
    "the card's worth with these. <i>Sample size</i>: a 1-of is in hand in far fewer "
    "games than a 4-of; read the intervals, and with hundreds of rows some exclude 0 by "
    "chance alone: trust the q column (Benjamini-Hochberg over every row with an "
    "improvement). Draws count half a win, as everywhere in this report.")


def _rows(stats: list[CardStat]) -> list[dict[str, Any]]:
    return [msgspec.structs.asdict(s) for s in stats]


def _long(stats: list[CardStat]) -> list[dict[str, Any]]:
    """One row per deck, card and group: the rates with their intervals."""
    out = []
    for s in stats:
        row = msgspec.structs.asdict(s)
        for g in GROUPS:
            out.append({"deck": s.deck, "card": s.card, "group": SHORT[g],
                        "games": row[f"{g}_games"], "rate": row[f"{g}_rate"],
                        "low": row[f"{g}_low"], "high": row[f"{g}_high"]})
    return out


def _figure(page: Page, stats: list[CardStat]) -> str:
    shown = [s for s in stats if s.iwd is not None and s.in_hand_games >= MIN_GAMES
             and s.not_drawn_games >= MIN_GAMES]
    shown = sorted(sorted(shown, key=lambda s: -min(s.in_hand_games, s.not_drawn_games))
                   [:FIGURE_ROWS], key=lambda s: -(s.iwd or 0))
    if not shown:
        return (f"<p>No card was both in hand and not seen in {MIN_GAMES} games or more "
                "of its deck: no improvement is drawn (the table has them all).</p>")
    fig = figures.forest(
        [f"{s.deck}: {s.card}" for s in shown], [100 * (s.iwd or 0) for s in shown],
        [100 * (s.iwd_low or 0) for s in shown], [100 * (s.iwd_high or 0) for s in shown],
        "Improvement when drawn: win % with the card in hand minus not seen",
        "percentage points (95% Newcombe interval)",
        [f"{s.deck}: {s.card} ({s.copies} copies)<br>in hand {s.in_hand_games} games, "
         f"{100 * (s.in_hand_rate or 0):.1f}%; not seen {s.not_drawn_games} games, "
         f"{100 * (s.not_drawn_rate or 0):.1f}%<br>q = {format_p(s.q_value)}" for s in shown])
    return page.figure("cards", fig, f"The {len(shown)} rows with the most games in both "
                       f"groups (at least {MIN_GAMES} each), by improvement.")


def add_cards(page: Page, out: Path, decks: list[dict[str, Any]]) -> dict[str, Any]:
    """The per-card section of a job folder; its headline numbers (``{}`` without a
    hands dataset)."""
    hands = read_hands(out, ["deck", "score", "opening_hand", "drawn", "cast", "played"])
    if hands.num_rows == 0:
        page.section("cards", "Cards",
                     '<p class="note">This job did not record its games\' events. Run it '
                     "with <code>--record-events</code> for per-card statistics: each "
                     "card's win rate in the opening hand, drawn, in hand, not seen and "
                     "cast, and the improvement when drawn.</p>")
        return {}
    stats = card_stats(hands, {str(d["name"]): list(d.get("cards", [])) for d in decks})
    group_text = "; ".join(f"<i>{SHORT[g]}</i>: {html.escape(LABELS[g])}" for g in GROUPS)
    page.section(
        "cards", "Cards",
        f"<p>For each deck and each card of its list, over the deck's {hands.num_rows} "
        f"game sides recorded: the games where the card was {group_text}; the deck's win "
        "% in those games with its 95% Wilson interval, and the improvement when drawn "
        "(in-hand win % minus not-seen win %, 17lands' IWD) with Newcombe's interval. "
        "From the job's hands dataset (<code>hands/</code>, written with "
        "<code>--record-events</code>).</p>",
        f'<p class="note">{CAVEATS}</p>',
        _figure(page, stats),
        page.table("cards", _rows(stats), [
            Col("deck", "deck"), Col("card", "card"), Col("copies", "copies", "int"),
            Col("in_hand_games", "in hand: games", "int"),
            Col("in_hand_rate", "in hand win %", "pct"),
            Col("not_drawn_games", "not seen: games", "int"),
            Col("not_drawn_rate", "not seen win %", "pct"),
            Col("iwd", "improvement when drawn (pts)", "pts"),
            Col("iwd_low", "95% low", "pts"), Col("iwd_high", "95% high", "pts"),
            Col("q_value", "q (BH)", "p"),
            Col("opening_rate", "opening hand win %", "pct"),
            Col("drawn_rate", "drawn win %", "pct"), Col("cast_rate", "cast win %", "pct")],
            "Sort on any column, filter from the search box (a deck, a card) or per "
            "column. The games and the interval of every rate are in the next table, and "
            "everything in the downloads.", page_length=25),
        page.table("card_rates", _long(stats), [
            Col("deck", "deck"), Col("card", "card"), Col("group", "group"),
            Col("games", "games", "int"), Col("rate", "win %", "pct"),
            Col("low", "95% low", "pct"), Col("high", "95% high", "pct")],
            "Each rate of the table above with its 95% Wilson interval: five rows per "
            "card (filter on 'in hand', 'not seen', ...).", page_length=25))
    return {"cards": {"source": "hands", "game_sides": hands.num_rows,
                      "rows": [{k: round(v, 4) if isinstance(v, float) else v
                                for k, v in r.items()} for r in _rows(stats)]}}


__all__ = ["add_cards"]
