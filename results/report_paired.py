"""Report sections for paired games, the same seeds played twice: an ablation (with and
without a keyword) and a comparison of two jobs (``mtgsim compare``)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import msgspec
import pyarrow.parquet as pq

from mtgsim.results import figures
from mtgsim.results.compare import POOLED, Comparison
from mtgsim.results.page import Col, Page

PAIRED_NOTE = (
    "Each game was played twice from the same seed, so the two runs differ only by what "
    "changed. The interval is Newcombe's for paired proportions (from the 2x2 table of "
    "outcomes: won in both, won in one only, lost in both), far narrower than two "
    "independent samples would give; p is McNemar's test on the discordant games.")


def add_ablation(page: Page, out: Path, extra: dict[str, str]) -> dict[str, Any]:
    rows = pq.read_table(out / "ablation.parquet").to_pylist()
    deck = extra.get("deck") or (rows[0]["deck"] if rows else "?")
    keyword = extra.get("keyword") or (rows[0]["keyword"] if rows else "?")
    pooled = next((r for r in rows if r["opponent"] == POOLED), None)
    head = ""
    if pooled is not None:
        head = (f'<p class="headline">{html.escape(deck)} without {html.escape(keyword)}: '
                f"{100 * pooled['base_rate']:.1f}% → {100 * pooled['ablated_rate']:.1f}% "
                f"over its games against all its opponents, pooled, a change of "
                f"{100 * pooled['change']:+.1f} points (95% {100 * pooled['low']:+.1f} … "
                f"{100 * pooled['high']:+.1f}) over {pooled['games']} paired games.</p>")
    fig = figures.forest(
        [r["opponent"] for r in rows], [100 * r["change"] for r in rows],
        [100 * r["low"] for r in rows], [100 * r["high"] for r in rows],
        f"Win-rate change of {deck} with {keyword} removed", "percentage points (95% paired)",
        [f"{deck} vs {r['opponent']}: {100 * r['base_rate']:.1f}% → "
         f"{100 * r['ablated_rate']:.1f}% ({100 * r['change']:+.1f}, "
         f"{100 * r['low']:+.1f} … {100 * r['high']:+.1f}); won only with: "
         f"{r.get('won_base_only', 0):g}, only without: {r.get('won_ablated_only', 0):g}"
         for r in rows])
    page.section(
        "ablation", f"Ablation: {deck} without {keyword}", head,
        f"<p>{PAIRED_NOTE} This is the causal effect of the keyword on these games, "
        "unlike the keyword-impact association of a gauntlet report.</p>",
        page.figure("ablation", fig),
        page.table("ablation", rows, [
            Col("opponent", "opponent"), Col("games", "paired games", "int"),
            Col("base_rate", f"win % with {keyword}", "pct"),
            Col("ablated_rate", f"win % without {keyword}", "pct"),
            Col("change", "change (pts)", "pts"), Col("low", "95% low", "pts"),
            Col("high", "95% high", "pts"),
            Col("won_base_only", "won only with", "count"),
            Col("won_ablated_only", "won only without", "count"),
            Col("p_value", "p (McNemar)", "p")],
            f"'{POOLED}': every paired game of {html.escape(deck)}, all its opponents "
            "pooled (not weighted by metagame share)."))
    return {"deck": deck, "keyword": keyword,
            "pooled": None if pooled is None else {
                k: pooled[k] for k in ("games", "base_rate", "ablated_rate", "change", "low",
                                      "high")}}


def add_comparison(page: Page, c: Comparison) -> None:
    rows = [msgspec.structs.asdict(r) for r in c.changes]
    differences = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(a)}</td>"
                          f"<td>{html.escape(b)}</td></tr>"
                          for k, (a, b) in c.differences.items()) or \
        '<tr><td colspan="3">no difference in the manifests</td></tr>'
    matchups = [r for r in c.changes if r.opponent != POOLED]
    fig = figures.forest(
        [f"{r.deck} vs {r.opponent}" if r.opponent != POOLED else f"{r.deck} (pooled)"
         for r in c.changes], [100 * r.change for r in c.changes],
        [100 * r.low for r in c.changes], [100 * r.high for r in c.changes],
        f"Win-rate change from {c.job_a} to {c.job_b}", "percentage points (95% paired)",
        [f"{r.deck} vs {r.opponent}: {100 * r.rate_a:.1f}% → {100 * r.rate_b:.1f}% over "
         f"{r.games} paired games; same result in {r.same_result}, won only in A "
         f"{r.won_a_only:g}, only in B {r.won_b_only:g}" for r in c.changes])
    clear = sum(1 for r in matchups if r.q_value < 0.05)
    page.section(
        "compare", f"Compared with {c.job_b}",
        f"<p>{c.paired_games} games paired by (the two decks, game index, seed) and by who "
        f"was on the play; {c.unpaired_a} games of {html.escape(c.job_a)} and "
        f"{c.unpaired_b} of {html.escape(c.job_b)} have no twin"
        + (f", {c.mismatched} pairs had another deck on the play" if c.mismatched else "")
        + f". {PAIRED_NOTE} {clear} of {len(matchups)} matchup rows have a "
        "Benjamini-Hochberg q &lt; 0.05.</p>",
        f'<table class="meta"><tr><th>what differs</th><th>{html.escape(c.job_a)}</th>'
        f"<th>{html.escape(c.job_b)}</th></tr>{differences}</table>",
        page.figure("compare", fig),
        page.table("compare", rows, [
            Col("deck", "deck"), Col("opponent", "opponent"), Col("games", "paired games",
                                                                  "int"),
            Col("rate_a", "win % in A", "pct"), Col("rate_b", "win % in B", "pct"),
            Col("change", "change (pts)", "pts"), Col("low", "95% low", "pts"),
            Col("high", "95% high", "pts"), Col("won_a_only", "won only in A", "count"),
            Col("won_b_only", "won only in B", "count"),
            Col("same_result", "same result", "int"), Col("same_game", "same game", "int"),
            Col("p_value", "p (McNemar)", "p"), Col("q_value", "q (BH)", "p")],
            f"Each matchup once, from its first deck by name; '{POOLED}' rows: every paired "
            "game of the deck against all its opponents, pooled (not weighted by metagame "
            "share). 'same game': the same winner in the same number of turns."))
