"""``mtgsim compare BASE NEW`` on two ladder outputs: one policy of each, paired deal by
deal against the same reference.

A ladder (``pipelines.ladder``) scores each policy against the reference rung on
duplicates: a deal played twice with the pilots swapped, whose mean score for the policy
is its score on that deal (``results.ladder.duplicates``). Two ladders played with the
same decks and the same ``--seed`` deal the same games, so the same deal (its two decks,
game index and seed) has a score in both, and NEW's less BASE's is a paired difference in
which the deal's luck cancels a second time. Its mean and 95% interval are the ladder's
own statistics (``results.ladder.mean_interval``: the t interval over deals), so a step
of the ladder and a comparison of two ladders read alike.

Only finished duplicates count (both halves committed), so a ladder still running, or
stopped and resumed, pairs what both runs have; how many each has is printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.results.compare import manifest_differences
from mtgsim.results.dataset import games_dir, read_games
from mtgsim.results.ladder import (
    COLUMNS,
    DealKey,
    Step,
    duplicates,
    format_step,
    mean_interval,
    paired_step,
)
from mtgsim.results.manifest import (
    RawManifestError,
    RawRead,
    manifest_kind,
    try_raw_manifest,
)

# manifest fields that, when the two runs differ in them, make the same deal another game
# (the policies differ by design, and so do the job id and the matchups' ids)
GAME_FIELDS = ("engine_version", "card_data_hash", "max_turns")


class LadderCompareError(Exception):
    """Two folders that cannot be paired as ladders; the message names the folder."""


class RunScore(msgspec.Struct):
    """One ladder: each policy over the reference on all its finished duplicates (as the
    ladder's steps print), and the policy paired."""

    folder: str
    job: str
    status: str  # the manifest's: running, complete, interrupted, stopped
    reference: str
    policy: str
    deals: int  # finished duplicates of ``policy`` against the reference
    scores: list[Step]  # every other policy over the reference, the ladder's order


class DeckDifference(msgspec.Struct):
    """The paired difference on the shared deals in which ``deck`` is one of the two."""

    deck: str
    deals: int
    base: float  # BASE's policy's mean score on those deals
    new: float
    difference: float
    low: float  # 95% t interval
    high: float
    better: int  # deals NEW scored more on
    worse: int


class LadderComparison(msgspec.Struct):
    base: RunScore
    new: RunScore
    differences: dict[str, list[str]]  # what else differs: field -> [BASE, NEW]
    shared: int  # deals both runs finished
    base_rate: float  # BASE's policy's mean score on the shared deals
    new_rate: float
    difference: float  # new_rate - base_rate
    low: float  # its 95% t interval
    high: float
    better: int  # shared deals NEW scored more on
    worse: int
    by_deck: list[DeckDifference]


def job_kind(raw: RawRead) -> str | None:
    """The kind a job folder's manifest (as ``try_raw_manifest`` read it) names
    (``ladder``, ``gauntlet``, ...); None when there is no readable manifest (``compare``
    then pairs the folders as plain jobs, whose own checks say what is missing)."""
    return None if isinstance(raw, RawManifestError) else manifest_kind(raw)


def _manifest(folder: Path, read: RawRead) -> dict[str, Any]:
    """A ladder output's raw manifest (``read``: the folder's, as ``try_raw_manifest``
    read it); a folder that is not one is a one-line error naming why (no folder, no
    readable manifest, another kind of job)."""
    if not folder.is_dir():
        raise LadderCompareError(f"{folder}: no such folder")
    if isinstance(read, RawManifestError):
        raise LadderCompareError(f"{folder}: not a ladder output ({read.problem})")
    kind = manifest_kind(read)
    if kind != "ladder":
        raise LadderCompareError(f"{folder}: not a ladder output (a {kind or 'unknown'} "
                                 "job)")
    return read


def ladder_order(folder: Path, manifest: dict[str, Any]) -> list[str]:
    """The rungs of a ladder, weakest first, from its manifest: entrant ``k * n + j`` is
    deck ``j`` under rung ``k`` (``pipelines.ladder.ladder_plan``), and a rung both sides
    play anyway is recorded as "" (``pipelines.jobs.job_policies``)."""
    try:
        names = [str(d["name"]) for d in manifest["decks"]]
        own = [str(p) for p in manifest.get("deck_policies") or []]
        side = str(manifest["policies"][0])
    except (KeyError, IndexError, TypeError):
        raise LadderCompareError(f"{folder}: not a ladder output (its manifest has no "
                                 "decks or policies)") from None
    n = len(set(names))
    if not own or n == 0 or len(names) % n or len(own) != len(names):
        raise LadderCompareError(f"{folder}: not a ladder output (no policy per entrant)")
    return [own[k * n] or side for k in range(len(names) // n)]


def _scores(dups: dict[tuple[str, str], dict[DealKey, float]], reference: str,
            policy: str) -> dict[DealKey, float]:
    """``policy``'s score on each finished duplicate against ``reference``."""
    if (reference, policy) in dups:
        return dups[(reference, policy)]
    return {k: 1.0 - v for k, v in dups.get((policy, reference), {}).items()}


def _pick(folder: Path, order: Sequence[str], reference: str, named: str | None,
          option: str) -> str:
    """The policy of the run to pair: the one named, or the only one beside the
    reference."""
    if reference not in order:
        raise LadderCompareError(f"{folder}: no policy {reference} in this ladder (its "
                                 f"rungs: {', '.join(order)})")
    others = [p for p in order if p != reference]
    if named is not None:
        if named == reference:
            raise LadderCompareError(f"{option}: {named} is the reference policy; name "
                                     "another")
        if named not in order:
            raise LadderCompareError(f"{folder}: no policy {named} in this ladder (its "
                                     f"rungs: {', '.join(order)})")
        return named
    if len(others) != 1:
        raise LadderCompareError(f"{folder}: {len(others)} policies beside the reference "
                                 f"{reference} ({', '.join(others)}): name one with "
                                 f"{option}")
    return others[0]


def _run(folder: Path, manifest: dict[str, Any], order: Sequence[str], reference: str,
         named: str | None, option: str) -> tuple[RunScore, dict[DealKey, float]]:
    policy = _pick(folder, order, reference, named, option)
    if not games_dir(folder).is_dir():
        raise LadderCompareError(f"{folder}: no games committed yet")
    dups = duplicates(read_games(folder, COLUMNS), order)
    steps = [s for p in order if p != reference
             if (s := paired_step(reference, p, _scores(dups, reference, p))) is not None]
    mine = _scores(dups, reference, policy)
    run = RunScore(str(folder), str(manifest.get("job", folder.name)),
                   str(manifest.get("status", "")), reference, policy, len(mine), steps)
    return run, mine


def _game_differences(ma: dict[str, Any], mb: dict[str, Any]) -> dict[str, list[str]]:
    """What, besides the policies, makes the same deal of the two runs another game: the
    engine, the card data, the turn limit, a deck's list (``compare``'s manifest
    differences, these fields only)."""
    return {k: v for k, v in manifest_differences(ma, mb).items()
            if k in GAME_FIELDS or k.startswith("deck ")}


def _difference(deals: Sequence[DealKey], base: dict[DealKey, float],
                new: dict[DealKey, float]) -> tuple[float, float, float, float, float, int,
                                                    int]:
    """(BASE's mean, NEW's mean, difference, low, high, better, worse) over ``deals``."""
    diff = [new[k] - base[k] for k in deals]
    mean, low, high = mean_interval(diff, -1.0, 1.0)
    return (sum(base[k] for k in deals) / len(deals), sum(new[k] for k in deals) / len(deals),
            mean, low, high, sum(d > 0 for d in diff), sum(d < 0 for d in diff))


def compare_ladders(base: Path, new: Path, *, base_policy: str | None = None,
                    policy: str | None = None, reference: str | None = None,
                    manifests: tuple[RawRead, RawRead] | None = None) -> LadderComparison:
    """Pair ``base``'s policy and ``new``'s (named, or each run's only one beside the
    reference) on the deals both ladders finished. ``reference``: the policy both are
    scored against (default: the ladders' first rung, which must be the same). Policy
    names are canonical specs (the caller spells them so). ``manifests``: the two
    folders' manifests as ``try_raw_manifest`` read them (``mtgsim compare`` has, to
    learn their kind), read here when not given."""
    if manifests is None:
        manifests = try_raw_manifest(base), try_raw_manifest(new)
    ma, mb = _manifest(base, manifests[0]), _manifest(new, manifests[1])
    order_a, order_b = ladder_order(base, ma), ladder_order(new, mb)
    if reference is None:
        if order_a[0] != order_b[0]:
            raise LadderCompareError(
                f"{new}: its reference policy (first rung) is {order_b[0]}, {base}'s is "
                f"{order_a[0]}: give --reference-policy to pair over a policy both played")
        reference = order_a[0]
    run_a, scores_a = _run(base, ma, order_a, reference, base_policy, "--base-policy")
    run_b, scores_b = _run(new, mb, order_b, reference, policy, "--new-policy")
    shared = sorted(scores_a.keys() & scores_b.keys())
    if not shared:
        raise LadderCompareError(
            f"{base} and {new} share no deal ({run_a.deals} and {run_b.deals} finished): "
            "pairing needs ladders of the same decks played with the same --seed")
    rate_a, rate_b, mean, low, high, better, worse = _difference(shared, scores_a, scores_b)
    by_deck = []
    for deck in sorted({k[0] for k in shared} | {k[1] for k in shared}):
        mine = [k for k in shared if deck in (k[0], k[1])]
        by_deck.append(DeckDifference(deck, len(mine), *_difference(mine, scores_a, scores_b)))
    return LadderComparison(run_a, run_b, _game_differences(ma, mb), len(shared), rate_a,
                            rate_b, mean, low, high, better, worse, by_deck)


def _points(mean: float, low: float, high: float) -> str:
    return f"{100 * mean:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]"


def format_ladder_comparison(c: LadderComparison, by_deck: bool = False) -> str:
    """The two runs' scores as their ladders print them, then the paired difference
    (and with ``by_deck`` one row per deck)."""
    lines = []
    for role, run in (("BASE", c.base), ("NEW", c.new)):
        lines.append(f"{role} {run.folder} (ladder {run.job}, {run.status}): "
                     f"{run.deals} deals of {run.policy} against {run.reference}")
        lines += [f"  {format_step(s)}" for s in run.scores]
    for k, (va, vb) in c.differences.items():
        lines.append(f"  differs: {k}: {va} -> {vb}")
    lines.append(f"NEW {c.new.policy} less BASE {c.base.policy} (each against "
                 f"{c.base.reference}) on the {c.shared} deals both finished "
                 f"({100 * c.base_rate:.1f}% -> {100 * c.new_rate:.1f}%): "
                 f"{_points(c.difference, c.low, c.high)}; moved {c.better + c.worse} "
                 f"(better {c.better}, worse {c.worse})")
    if by_deck:
        width = max(4, *(len(d.deck) for d in c.by_deck))
        lines.append(f"{'deck':<{width}}  {'deals':>5}  {'BASE':>6}  {'NEW':>6}  "
                     f"{'NEW - BASE [95%]':>28}  {'better':>6}  {'worse':>5}")
        lines += [f"{d.deck:<{width}}  {d.deals:>5}  {100 * d.base:>5.1f}%  "
                  f"{100 * d.new:>5.1f}%  {_points(d.difference, d.low, d.high):>28}  "
                  f"{d.better:>6}  {d.worse:>5}" for d in c.by_deck]
        lines.append("a deal counts for both its decks (the policy pilots each once)")
    return "\n".join(lines)


__all__ = ["DeckDifference", "LadderCompareError", "LadderComparison", "RunScore",
           "compare_ladders", "format_ladder_comparison", "job_kind", "ladder_order"]
