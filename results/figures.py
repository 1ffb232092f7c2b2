"""The report's plotly figures. Every mark carries its numbers on hover; decks keep one
colour across figures, from a palette with enough distinct colours (24, then 26) for the
sixteen-deck gauntlet and more, and lines are labelled at their ends."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.express as px
import plotly.graph_objects as go

from mtgsim.results.analysis import BradleyTerry, Cell, EquilibriumShare, FieldRate


def palette(decks: Sequence[str]) -> dict[str, str]:
    colours = px.colors.qualitative.Dark24 if len(decks) <= 24 else (
        px.colors.qualitative.Alphabet + px.colors.qualitative.Dark24)
    return {d: colours[i % len(colours)] for i, d in enumerate(decks)}


def _height(rows: int, per: int = 24, base: int = 160) -> int:
    return max(300, base + per * rows)


def heatmap(decks: Sequence[str], p: np.ndarray, cells: Sequence[Cell]) -> go.Figure:
    """Win % of the row deck against the column deck; a cell whose Wilson interval
    excludes 50% is marked with a dot, an unplayed pair is blank."""
    k = len(decks)
    index = {d: i for i, d in enumerate(decks)}
    text = [["" for _ in range(k)] for _ in range(k)]
    hover = [["mirror" if i == j else "not played" for j in range(k)] for i in range(k)]
    for c in cells:
        i, j = index[c.deck], index[c.opponent]
        clear = c.low > 0.5 or c.high < 0.5
        text[i][j] = f"{100 * c.rate:.0f}{'•' if clear else ''}"
        hover[i][j] = (f"{c.deck} vs {c.opponent}<br>win {100 * c.rate:.1f}% "
                       f"({100 * c.low:.1f}–{100 * c.high:.1f}, Wilson 95%)<br>"
                       f"{c.games} games, on the play {_pct(c.rate_on_play)}, "
                       f"on the draw {_pct(c.rate_on_draw)}"
                       + ("<br>interval excludes 50%" if clear else ""))
    z = 100 * np.where(np.eye(k, dtype=bool), np.nan, p)
    fig = go.Figure(go.Heatmap(
        z=z, x=list(decks), y=list(decks), text=text, texttemplate="%{text}",
        customdata=hover, hovertemplate="%{customdata}<extra></extra>",
        colorscale="RdYlGn", zmin=0, zmax=100, xgap=1, ygap=1,
        colorbar={"title": {"text": "win %"}, "ticksuffix": "%"}))
    size = 180 + 38 * k
    fig.update_layout(
        title="Win % of the row deck against the column deck<br><sup>• its 95% interval "
              "excludes 50%; blank: not played</sup>",
        height=size + 80, width=max(560, size + 220), yaxis={"autorange": "reversed"},
        xaxis={"tickangle": -45})
    return fig


def _pct(x: float | None) -> str:
    return "–" if x is None or x != x else f"{100 * x:.1f}%"


def forest(labels: Sequence[str], est: Sequence[float], low: Sequence[float],
           high: Sequence[float], title: str, xtitle: str, hover: Sequence[str],
           zero: float = 0.0, colours: Sequence[str] | None = None) -> go.Figure:
    """Point estimates with intervals, one row each (keyword impact, ablation, compare,
    ratings), in percentage points or the estimate's own unit."""
    est_a, low_a, high_a = (np.asarray(v, dtype=float) for v in (est, low, high))
    fig = go.Figure(go.Scatter(
        x=est_a, y=list(labels), mode="markers",
        marker={"size": 8, "color": list(colours) if colours else "#245"},
        error_x={"type": "data", "symmetric": False, "array": high_a - est_a,
                 "arrayminus": est_a - low_a, "thickness": 1.5},
        customdata=list(hover), hovertemplate="%{customdata}<extra></extra>"))
    fig.add_vline(x=zero, line={"color": "grey", "width": 1})
    fig.update_layout(title=title, xaxis_title=xtitle, height=_height(len(labels), 22),
                      yaxis={"automargin": True, "autorange": "reversed"})
    return fig


def ratings(bt: BradleyTerry, colours: dict[str, str]) -> go.Figure:
    rs = sorted(bt.ratings, key=lambda r: -r.rating)
    return forest([r.deck for r in rs], [r.rating for r in rs], [r.low for r in rs],
                  [r.high for r in rs], "Bradley-Terry rating (Elo scale, mean 1500), 95%",
                  "rating", [f"{r.deck}: {r.rating:.0f} ({r.low:.0f}–{r.high:.0f}), "
                             f"strength {r.strength:+.3f} ± {r.se:.3f}" for r in rs],
                  zero=1500, colours=[colours[r.deck] for r in rs])


def field_rates(rates: Sequence[FieldRate], colours: dict[str, str]) -> go.Figure:
    rs = sorted((r for r in rates if r.rate is not None), key=lambda r: -(r.rate or 0))
    return forest([r.deck for r in rs], [100 * (r.rate or 0) for r in rs],
                  [100 * (r.low or 0) for r in rs], [100 * (r.high or 0) for r in rs],
                  "Win rate against the field, weighted by metagame share (mirror 50%)",
                  "win % (95% interval)",
                  [f"{r.deck}: {100 * (r.rate or 0):.1f}% ({100 * (r.low or 0):.1f}–"
                   f"{100 * (r.high or 0):.1f}) over {r.opponents} opponents, share "
                   f"{100 * r.share:.1f}%" for r in rs], zero=50,
                  colours=[colours[r.deck] for r in rs])


def dynamics(traj: np.ndarray, decks: Sequence[str], colours: dict[str, str]) -> go.Figure:
    """Replicator dynamics, one line per deck, labelled at its end when it keeps a share."""
    fig = go.Figure()
    gens = np.arange(traj.shape[0])
    for i, d in enumerate(decks):
        fig.add_trace(go.Scatter(x=gens, y=100 * traj[:, i], name=d, mode="lines",
                                 line={"color": colours[d], "width": 2},
                                 hovertemplate=f"{d}: %{{y:.1f}}% (generation %{{x}})"
                                               "<extra></extra>"))
    ends = sorted(((float(traj[-1, i]), d) for i, d in enumerate(decks)), reverse=True)
    for share, d in ends:
        if share >= 0.01:
            fig.add_annotation(x=gens[-1], y=100 * share, text=f"{d} {100 * share:.0f}%",
                               showarrow=False, xanchor="left", xshift=4,
                               font={"color": colours[d], "size": 11})
    fig.update_layout(title="Replicator dynamics from the starting shares",
                      xaxis_title="generation", yaxis_title="metagame share (%)",
                      height=520, margin={"r": 190}, legend={"font": {"size": 10}})
    return fig


def equilibrium(shares: Sequence[EquilibriumShare], colours: dict[str, str]) -> go.Figure:
    es = sorted(shares, key=lambda e: (-e.share, -e.support))
    es = [e for e in es if e.share > 0 or e.support > 0] or es
    fig = go.Figure(go.Bar(
        x=[e.deck for e in es], y=[100 * e.share for e in es],
        marker={"color": [colours[e.deck] for e in es]},
        error_y={"type": "data", "symmetric": False,
                 "array": [100 * max(0.0, e.high - e.share) for e in es],
                 "arrayminus": [100 * max(0.0, e.share - e.low) for e in es]},
        customdata=[f"{e.deck}: {100 * e.share:.1f}% of the mix; in the mix in "
                    f"{100 * e.support:.0f}% of bootstrap replicates, share "
                    f"{100 * e.low:.1f}–{100 * e.high:.1f}%"
                    + (f"; {100 * e.least:.1f}–{100 * e.most:.1f}% over every equilibrium"
                       if e.most - e.least > 1e-6 else "") for e in es],
        hovertemplate="%{customdata}<extra></extra>"))
    fig.update_layout(title="Nash equilibrium of the metagame (bars: 95% bootstrap range)",
                      yaxis_title="share of the mix (%)", height=420,
                      xaxis={"tickangle": -45})
    return fig


def boxes(values: dict[str, np.ndarray], title: str, xtitle: str,
          colours: dict[str, str]) -> go.Figure:
    """One horizontal box per deck (sorted by median): game lengths, kill turns."""
    order = sorted((d for d in values if len(values[d])),
                   key=lambda d: (float(np.median(values[d])), d))
    fig = go.Figure()
    for d in order:
        fig.add_trace(go.Box(x=values[d], name=d, marker={"color": colours[d]},
                             boxmean=True, orientation="h", showlegend=False))
    fig.update_layout(title=title, xaxis_title=xtitle, height=_height(len(order), 26),
                      yaxis={"automargin": True})
    return fig


def play_draw(decks: Sequence[str], on_play: Sequence[tuple[float, float, float]],
              on_draw: Sequence[tuple[float, float, float]]) -> go.Figure:
    fig = go.Figure()
    for name, vals, colour in (("on the play", on_play, "#2a7"), ("on the draw", on_draw,
                                                                    "#c64")):
        fig.add_trace(go.Bar(
            name=name, x=list(decks), y=[100 * v[0] for v in vals], marker_color=colour,
            error_y={"type": "data", "symmetric": False,
                     "array": [100 * (v[2] - v[0]) for v in vals],
                     "arrayminus": [100 * (v[0] - v[1]) for v in vals]},
            hovertemplate="%{x} " + name + ": %{y:.1f}%<extra></extra>"))
    fig.add_hline(y=50, line={"color": "grey", "width": 1})
    fig.update_layout(barmode="group", title="Win rate on the play and on the draw (95% "
                      "Wilson)", yaxis_title="win %", height=440, xaxis={"tickangle": -45})
    return fig


def bars(labels: Sequence[str], est: Sequence[float], low: Sequence[float],
         high: Sequence[float], title: str, ytitle: str, hover: Sequence[str],
         colours: Sequence[str]) -> go.Figure:
    """Bars with intervals (top-cut conversion per archetype)."""
    fig = go.Figure(go.Bar(
        x=list(labels), y=list(est), marker={"color": list(colours)},
        error_y={"type": "data", "symmetric": False,
                 "array": [h - e for e, h in zip(est, high, strict=True)],
                 "arrayminus": [e - lo for e, lo in zip(est, low, strict=True)]},
        customdata=list(hover), hovertemplate="%{customdata}<extra></extra>"))
    fig.update_layout(title=title, yaxis_title=ytitle, height=440, xaxis={"tickangle": -45})
    return fig
