"""The report of a Swiss job (``swiss/`` beside its manifest): the first event's standings
(match points, opponents' match-win %, game-win %) and top-cut bracket, and per archetype
over every event: seats, match win rate, top-cut conversion and titles."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from mtgsim.results import figures
from mtgsim.results.intervals import wilson
from mtgsim.results.page import Col, Page


class Swiss:
    """The tables a Swiss job wrote, as rows."""

    def __init__(self, out: Path) -> None:
        folder = out / "swiss"
        self.matches = pq.read_table(folder / "matches.parquet").to_pylist()
        self.standings = pq.read_table(folder / "standings.parquet").to_pylist()
        for rows in (self.matches, self.standings):
            for r in rows:
                r.setdefault("event", 0)
        self.events = sorted({r["event"] for r in self.standings})

    def event_standings(self, event: int) -> list[dict[str, Any]]:
        return sorted((r for r in self.standings if r["event"] == event),
                      key=lambda r: r["rank"])

    def bracket(self, event: int) -> list[list[dict[str, Any]]]:
        top = [m for m in self.matches if m["event"] == event and m["stage"] == "top"]
        rounds = sorted({m["round"] for m in top})
        return [sorted((m for m in top if m["round"] == r), key=lambda m: m["table"])
                for r in rounds]

    def records(self, decks: Sequence[str]) -> dict[str, dict[str, float]]:
        """Per archetype, its Swiss-round matches (byes and the top cut left out) against
        other archetypes: wins, losses, draws; and apart, its mirror matches, which it
        wins exactly as often as it loses and which would pull every rate towards 50%."""
        out = {d: {"wins": 0.0, "losses": 0.0, "draws": 0.0, "mirrors": 0.0} for d in decks}
        for m in self.matches:
            if m["stage"] != "swiss" or m["seat_b"] < 0:
                continue
            a, b = m["deck_a"], m["deck_b"]
            if a == b:
                out.setdefault(a, {"wins": 0.0, "losses": 0.0, "draws": 0.0,
                                   "mirrors": 0.0})["mirrors"] += 1
                continue
            for deck, seat in ((a, m["seat_a"]), (b, m["seat_b"])):
                r = out.setdefault(deck, {"wins": 0.0, "losses": 0.0, "draws": 0.0,
                                          "mirrors": 0.0})
                key = "draws" if m["winner_seat"] < 0 else (
                    "wins" if m["winner_seat"] == seat else "losses")
                r[key] += 1
        return out

    def conversion(self, decks: Sequence[str]) -> list[dict[str, Any]]:
        """Per archetype over every event: seats, top-cut seats and titles, with Wilson
        intervals, and the match win rate against other archetypes in the Swiss rounds
        (byes and mirrors left out, mirror matches counted apart)."""
        champions = {}
        for e in self.events:
            final = self.bracket(e)
            if final:
                champions[e] = final[-1][0]["winner_seat"]
            else:
                champions[e] = self.event_standings(e)[0]["seat"]
        total = len(self.standings)
        tops = sum(1 for r in self.standings if r["top"])
        records = self.records(decks)
        out = []
        for d in decks:
            mine = [r for r in self.standings if r["deck"] == d]
            seats = len(mine)
            in_top = sum(1 for r in mine if r["top"])
            titles = sum(1 for r in mine if champions.get(r["event"]) == r["seat"])
            rec = records[d]
            played = int(rec["wins"] + rec["losses"] + rec["draws"])
            score = rec["wins"] + rec["draws"] / 2
            top_low, top_high = wilson(in_top, seats)
            mw_low, mw_high = wilson(score, played)
            share = seats / total if total else 0.0
            top_share = in_top / tops if tops else 0.0
            out.append({
                "deck": d, "seats": seats, "share": share, "matches": played,
                "mirror_matches": int(rec["mirrors"]),
                "match_win_rate": score / played if played else None,
                "match_low": mw_low if played else None,
                "match_high": mw_high if played else None,
                "in_top": in_top, "top_rate": in_top / seats if seats else None,
                "top_low": top_low if seats else None, "top_high": top_high if seats else None,
                "top_share": top_share,
                "conversion": top_share / share if share else None,
                "titles": titles, "title_rate": titles / seats if seats else None})
        return out


def _bracket_html(rounds: list[list[dict[str, Any]]]) -> str:
    if not rounds:
        return "<p>No top cut.</p>"
    names = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}
    cols = []
    for r in rounds:
        title = names.get(len(r), f"Round of {2 * len(r)}")
        boxes = []
        for m in r:
            rows = []
            for seat, deck, wins in ((m["seat_a"], m["deck_a"], m["wins_a"]),
                                     (m["seat_b"], m["deck_b"], m["wins_b"])):
                cls = ' class="win"' if seat == m["winner_seat"] else ""
                rows.append(f"<div{cls}>seat {seat} {html.escape(deck)} — {wins}</div>")
            boxes.append(f'<div class="match">{"".join(rows)}</div>')
        cols.append(f'<div class="round"><b>{title}</b>{"".join(boxes)}</div>')
    return f'<div class="bracket">{"".join(cols)}</div>'


def add_swiss(page: Page, out: Path, decks: Sequence[str], extra: dict[str, str]) -> \
        dict[str, Any]:
    """The Swiss sections; returns the headline numbers."""
    s = Swiss(out)
    first = s.events[0]
    standings = s.event_standings(first)
    conv = s.conversion(decks)
    colours = figures.palette(list(decks))
    champion = (s.bracket(first)[-1][0] if s.bracket(first) else None)
    champ_seat = champion["winner_seat"] if champion else standings[0]["seat"]
    champ_deck = next(r["deck"] for r in standings if r["seat"] == champ_seat)
    n_events = len(s.events)
    best = max((c for c in conv if c["top_rate"] is not None and c["seats"] >= 5),
               key=lambda c: c["top_rate"], default=None)
    head = (f"{n_events} event{'s' if n_events > 1 else ''} of {extra.get('players', '?')} "
            f"players, {extra.get('rounds', '?')} Swiss rounds of best-of-"
            f"{extra.get('best_of', '?')}, top {extra.get('top', '?')}. First event's "
            f"champion: seat {champ_seat} ({html.escape(champ_deck)}).")
    if best is not None:
        head += (f" Best top-cut conversion over all events: {html.escape(best['deck'])} "
                 f"{100 * best['top_rate']:.1f}% of its seats (95% "
                 f"{100 * best['top_low']:.1f}–{100 * best['top_high']:.1f}%).")
    page.section(
        "standings", f"Standings (event {first + 1} of {n_events})",
        f'<p class="headline">{head}</p>',
        "<p>Ranked by match points (3 a win, 1 a draw, a bye is a win), then opponents' "
        "match-win % (OMW%: each opponent's match points over 3 per match, at least 1/3; "
        "byes left out), then game-win % (GW%, at least 1/3), then a seeded coin.</p>",
        page.table("standings", standings, [
            Col("rank", "rank", "int"), Col("seat", "seat", "int"), Col("deck", "deck"),
            Col("points", "match points", "int"), Col("wins", "W", "int"),
            Col("losses", "L", "int"), Col("draws", "D", "int"), Col("byes", "byes", "int"),
            Col("omw_pct", "OMW %", "pct"), Col("game_win_pct", "GW %", "pct"),
            Col("top", "top cut")], page_length=25))
    page.section("bracket", "Top cut", _bracket_html(s.bracket(first)))
    conv_fig = figures.bars(
        [c["deck"] for c in conv], [100 * (c["top_rate"] or 0) for c in conv],
        [100 * (c["top_low"] or 0) for c in conv], [100 * (c["top_high"] or 0) for c in conv],
        f"Top-cut conversion per archetype over {n_events} event(s) (95% Wilson)",
        "seats reaching the top cut (%)",
        [f"{c['deck']}: {c['in_top']} of {c['seats']} seats in the top cut "
         f"({100 * (c['top_rate'] or 0):.1f}%), {c['titles']} titles, match win "
         f"{100 * (c['match_win_rate'] or 0):.1f}%" for c in conv],
        [colours[c["deck"]] for c in conv])
    page.section(
        "conversion", "Conversion by archetype",
        f"<p>Over {n_events} event(s). Top-cut rate: the share of an archetype's seats that "
        "made the top cut; conversion: its share of the top cut over its share of the "
        "field (1 = as often as its numbers predict). Match win % is over the Swiss-round "
        "matches against <i>other</i> archetypes (draws half): byes and the top cut are "
        "left out, and so are mirror matches, counted apart, which an archetype wins "
        "exactly as often as it loses: they would pull every rate towards 50%, the more "
        "so the larger its share.</p>",
        page.figure("conversion", conv_fig),
        page.table("conversion", conv, [
            Col("deck", "deck"), Col("seats", "seats", "int"), Col("share", "share %", "pct"),
            Col("matches", "matches (not mirrors)", "int"),
            Col("mirror_matches", "mirror matches", "int"),
            Col("match_win_rate", "match win %", "pct"),
            Col("match_low", "match win 95% low", "pct"),
            Col("match_high", "match win 95% high", "pct"),
            Col("in_top", "top-cut seats", "int"), Col("top_rate", "top-cut %", "pct"),
            Col("top_low", "top-cut 95% low", "pct"), Col("top_high", "top-cut 95% high", "pct"),
            Col("conversion", "conversion", "num", 2), Col("titles", "titles", "int"),
            Col("title_rate", "titles per seat %", "pct")]))
    return {"events": n_events, "champion_first_event": {"seat": champ_seat,
                                                         "deck": champ_deck},
            "conversion": {c["deck"]: {"seats": c["seats"], "top_rate": c["top_rate"],
                                       "titles": c["titles"],
                                       "match_win_rate": c["match_win_rate"],
                                       "matches": c["matches"],
                                       "mirror_matches": c["mirror_matches"]}
                           for c in conv}}
