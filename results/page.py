"""One self-contained HTML page: plotly.js (from the plotly package) and DataTables (the
bundle itables ships) are inlined once, every figure is a plotly figure with hover, every
table a sortable, searchable DataTable with CSV and Parquet downloads embedded as data
URLs. The page loads nothing from the network.

A table is given as raw rows (what the downloads hold, full precision, machine names)
and columns to show (a label, a unit): percentages are shown as numbers of percent, so
sorting stays numeric.
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import itables
import itables.options
import pandas as pd
import plotly.graph_objects as go
import plotly.offline
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from itables import JavascriptFunction
from itables.javascript import generate_init_offline_itables_html


@dataclass(frozen=True)
class Col:
    """A shown column: ``key`` of the raw rows, its header, and how to show it:
    ``pct`` (a fraction shown as percent), ``pts`` (a difference of fractions shown as
    percentage points), ``num`` (rounded to ``digits``), ``int``, ``count`` (a count
    that may hold halves, a draw counting half: whole counts shown as integers), ``p``
    (a p- or q-value: three decimals, "<0.001" below that, sorted by the number) or
    ``str``."""

    key: str
    label: str
    kind: str = "str"
    digits: int = 1


def _shown(value: Any, col: Col) -> Any:
    if value is None or (isinstance(value, float) and value != value):
        return ""  # a blank cell (None would show as "None"); sorting skips it
    if col.kind in ("pct", "pts", "num"):
        x = 100 * float(value) if col.kind != "num" else float(value)
        return int(round(x)) if col.digits == 0 else round(x, col.digits)
    if col.kind == "int":
        return int(value)
    if col.kind == "count":
        x = float(value)
        return int(x) if x.is_integer() else round(x, 2)
    if col.kind == "p":
        return float(value)  # shown by P_RENDER, sorted as the number
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


_ID = re.compile(r"[^a-z0-9_-]+")
# how a p-value column shows its numbers (DataTables sorts and filters on the data)
P_RENDER = JavascriptFunction(
    "function (data, type) { if (type !== 'display') return data; "
    "const x = data === null || data === '' ? NaN : Number(data); "
    "return isNaN(x) ? '' : x < 0.001 ? '&lt;0.001' : x.toFixed(3); }")


class Page:
    """Sections of HTML, figures and tables, rendered into one page."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.sections: list[tuple[str, str, str]] = []
        self.files: dict[str, bytes] = {}  # every table as CSV and Parquet, by file name
        self.figures: list[str] = []
        self.tables: list[str] = []

    def section(self, ident: str, title: str, *parts: str) -> None:
        self.sections.append((ident, title, "".join(parts)))

    def figure(self, name: str, fig: go.Figure, caption: str = "") -> str:
        """A plotly figure (its hover shows the numbers behind each mark)."""
        ident = f"fig-{_ID.sub('-', name.lower())}"
        self.figures.append(ident)
        fig.update_layout(template="plotly_white", margin={"t": 50, "r": 30, "b": 50})
        div = fig.to_html(full_html=False, include_plotlyjs=False, div_id=ident,
                          config={"displaylogo": False, "responsive": True})
        cap = f"<figcaption>{caption}</figcaption>" if caption else ""
        return f'<figure class="plot">{div}{cap}</figure>'

    def table(self, name: str, rows: Sequence[dict[str, Any]], cols: Sequence[Col],
              caption: str = "", page_length: int = 25) -> str:
        """A DataTable of ``rows`` showing ``cols``, with its downloads."""
        ident = f"tbl-{_ID.sub('-', name.lower())}"
        self.tables.append(ident)
        raw = pa.Table.from_pylist([dict(r) for r in rows]) if rows else pa.table(
            {c.key: pa.array([], pa.string()) for c in cols})
        labels = [c.label for c in cols]
        if len(set(labels)) != len(labels):
            raise ValueError(f"table {name}: duplicated column names {labels}")
        # object columns keep None as a blank cell (a float column would show NaN)
        shown = pd.DataFrame({c.label: pd.Series([_shown(r.get(c.key), c) for r in rows],
                                                 dtype=object) for c in cols})
        csv, parquet = _encode(raw)
        self.files[f"{name}.csv"] = csv
        self.files[f"{name}.parquet"] = parquet
        links = (f'<p class="downloads">{len(rows)} rows. Download: '
                 f'<a download="{name}.csv" href="data:text/csv;base64,'
                 f'{base64.b64encode(csv).decode()}">CSV</a> · '
                 f'<a download="{name}.parquet" href="data:application/vnd.apache.parquet;'
                 f'base64,{base64.b64encode(parquet).decode()}">Parquet</a> '
                 '(full precision, fractions rather than percent)</p>')
        dt = itables.to_html_datatable(
            shown, connected=False, table_id=ident, display_logo_when_loading=False,
            showIndex=False, classes="display compact cell-border", maxBytes=0,
            pageLength=page_length, lengthMenu=[10, 25, 50, 100, -1],
            # the search box always; paging only when the rows do not fit one page
            layout=_layout(len(rows) > page_length),
            columnControl=[["search"]], text_in_header_can_be_selected=False,
            allow_html=False, columnDefs=[
                {"targets": [i for i, c in enumerate(cols) if c.kind == "p"],
                 "render": P_RENDER}])
        cap = f'<p class="caption">{caption}</p>' if caption else ""
        return f'<div class="table" data-table="{name}">{cap}{dt}{links}</div>'

    def write_tables(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in self.files.items():
            (folder / name).write_bytes(data)

    def render(self) -> str:
        e = html.escape
        nav = " · ".join(f'<a href="#{i}">{e(t)}</a>' for i, t, _ in self.sections)
        body = "".join(f'<section id="{i}"><h2>{e(t)}</h2>{content}</section>'
                       for i, t, content in self.sections)
        return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mtgsim-figures" content="{",".join(self.figures)}">
<meta name="mtgsim-tables" content="{",".join(self.tables)}">
<title>{e(self.title)}</title>
<style>{CSS}</style>
<script>{plotly.offline.get_plotlyjs()}</script>
{generate_init_offline_itables_html(itables.options.dt_bundle)}
</head><body>
<header><h1>{e(self.title)}</h1><nav>{nav}</nav></header>
{body}
</body></html>
"""


def _layout(paged: bool) -> dict[str, str | None]:
    return {"topStart": "pageLength" if paged else None, "topEnd": "search",
            "bottomStart": "info" if paged else None,
            "bottomEnd": "paging" if paged else None}


def _encode(table: pa.Table) -> tuple[bytes, bytes]:
    csv = io.BytesIO()
    pacsv.write_csv(table, csv)
    parquet = io.BytesIO()
    pq.write_table(table, parquet, compression="zstd")
    return csv.getvalue(), parquet.getvalue()


CSS = """
body{font-family:system-ui,sans-serif;max-width:1400px;margin:0 auto;padding:0 1.5em 4em;
color:#222;line-height:1.45}
section>p,section>.note,section>.headline{max-width:1100px}
header{position:sticky;top:0;background:#fff;z-index:10;border-bottom:1px solid #ddd;
padding:.4em 0}
header h1{font-size:1.4em;margin:.2em 0}nav{font-size:13px}nav a{color:#245}
h2{margin-top:2em;border-bottom:2px solid #eee}
.meta{border-collapse:collapse;font-size:13px}.meta td,.meta th{border:1px solid #ddd;
padding:2px 8px;text-align:left;vertical-align:top}
.headline{font-size:15px;background:#f6f8fa;border-left:4px solid #467;padding:.5em 1em}
.note{font-size:13px;color:#444;background:#fffbe6;border-left:4px solid #e0b000;
padding:.4em 1em}
.caption,figcaption,.downloads{font-size:12px;color:#555}
table.dataTable{font-size:12.5px}.table{overflow-x:auto}
table.dataTable thead th{white-space:normal;vertical-align:bottom}
table.dataTable thead th .dt-column-title{word-break:normal;overflow-wrap:normal}
table.dataTable div.dt-column-header{gap:2px}
table.dataTable{--dtcc-button-icon_size:12px;--dtcc-button_padding:1px}
table.dataTable td:first-child,table.dataTable th:first-child{position:sticky;left:0;
background:#fff;z-index:1}
details{margin:.3em 0}summary{cursor:pointer}
.decklist{columns:3;font-size:12.5px;margin:.3em 0 .8em}
.bracket{display:flex;gap:1.5em;font-size:12.5px;align-items:center}
.bracket .round{display:flex;flex-direction:column;gap:.8em}
.bracket .match{border:1px solid #bbb;border-radius:4px;padding:.2em .5em;min-width:14em}
.bracket .win{font-weight:600}
"""
