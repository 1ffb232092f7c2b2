"""Interval estimates and tests for win rates, from statsmodels where it has them.

Draws count as half a win, so counts may be half-integers: the score intervals below are
defined for any count between 0 and n (scipy's ``binomtest`` takes integers only, which is
why the Wilson interval comes from statsmodels; for integer counts the two agree, see
tests/results/test_analysis.py). What statsmodels lacks, Newcombe's interval for a difference of
*paired* proportions, is written out here from the paper.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportion_confint,
    test_proportions_2indep,
)

LEVEL = 0.95
ALPHA = 1 - LEVEL
Z95 = float(stats.norm.ppf(1 - ALPHA / 2))


def format_p(p: float | None) -> str:
    """A p- or q-value for people: three decimals, "<0.001" below that (never "0.000")."""
    if p is None or p != p:
        return ""
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def wilson(wins: float, n: float, alpha: float = ALPHA) -> tuple[float, float]:
    """Wilson score interval of a proportion; (0, 1) when nothing was observed."""
    if n <= 0:
        return (0.0, 1.0)
    low, high = proportion_confint(wins, n, alpha=alpha, method="wilson")
    return (max(0.0, float(low)), min(1.0, float(high)))


def diff_interval(wins1: float, n1: float, wins2: float, n2: float,
                  alpha: float = ALPHA) -> tuple[float, float]:
    """Interval of p1 - p2 for independent samples: Newcombe's hybrid score (method 10 of
    Newcombe 1998), which keeps its width at 0% and 100% where the normal one collapses."""
    low, high = confint_proportions_2indep(wins1, n1, wins2, n2, method="newcomb",
                                           compare="diff", alpha=alpha)
    return (float(low), float(high))


def diff_pvalue(wins1: float, n1: float, wins2: float, n2: float) -> float:
    """Two-sided score test of p1 = p2 (1.0 when both samples sit at the same edge, where
    the score statistic is 0/0)."""
    if (wins1 == 0 and wins2 == 0) or (wins1 == n1 and wins2 == n2):
        return 1.0
    with np.errstate(divide="ignore", invalid="ignore"):  # its ratio and odds ratio
        res = test_proportions_2indep(wins1, n1, wins2, n2, method="score", compare="diff")
    p = float(res.pvalue)
    return p if math.isfinite(p) else 1.0


def adjust(pvalues: Sequence[float], method: str = "fdr_bh") -> list[float]:
    """Multiple-comparison adjusted p-values (Benjamini-Hochberg q-values by default)."""
    if not len(pvalues):
        return []
    return [float(q) for q in multipletests(np.asarray(pvalues, dtype=float),
                                            method=method)[1]]


def paired_table(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The 2x2 table of paired outcomes: rows the first run (win, loss), columns the
    second. Scores are 1, 0.5 (draw) or 0; a draw counts half as a win and half as a loss,
    independently in the two runs, so cells may hold quarters."""
    a = np.asarray(first, dtype=float)
    b = np.asarray(second, dtype=float)
    return np.array([[float((a * b).sum()), float((a * (1 - b)).sum())],
                     [float(((1 - a) * b).sum()), float(((1 - a) * (1 - b)).sum())]])


def paired_interval(table: np.ndarray, alpha: float = ALPHA) -> tuple[float, float, float]:
    """Change of the win rate from the first run to the second (p2 - p1) with Newcombe's
    square-and-add interval for paired proportions (Newcombe 1998, "Improved confidence
    intervals for the difference between binomial proportions based on paired data",
    method 10): Wilson intervals of both margins combined with the phi correlation."""
    (n11, n12), (n21, n22) = np.asarray(table, dtype=float)
    n = n11 + n12 + n21 + n22
    if n <= 0:
        return (0.0, -1.0, 1.0)
    # p1: second run's win rate (the change is second minus first), p2: the first run's
    s1, s2 = n11 + n21, n11 + n12
    p1, p2 = s1 / n, s2 / n
    l1, u1 = wilson(s1, n, alpha)
    l2, u2 = wilson(s2, n, alpha)
    # correlation of the two runs' outcomes, with Newcombe's continuity adjustment
    a_prod = (n11 + n21) * (n12 + n22) * (n11 + n12) * (n21 + n22)
    b = n11 * n22 - n12 * n21
    c = b - n / 2 if b > n / 2 else (b if b < 0 else 0.0)
    phi = c / math.sqrt(a_prod) if a_prod > 0 else 0.0
    d = p1 - p2
    low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
                            + (u2 - p2) ** 2))
    high = d + math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)
                             + (u1 - p1) ** 2))
    return (float(d), float(max(-1.0, low)), float(min(1.0, high)))


def mcnemar_pvalue(table: np.ndarray) -> float:
    """McNemar's test of no change: exact (binomial on the discordant games) when they are
    few, the chi-squared version with continuity correction otherwise."""
    t = np.asarray(table, dtype=float)
    discordant = t[0, 1] + t[1, 0]
    if discordant <= 0:
        return 1.0
    exact = discordant < 25 and np.allclose(t, np.round(t))
    return float(mcnemar(np.round(t) if exact else t, exact=exact, correction=True).pvalue)
