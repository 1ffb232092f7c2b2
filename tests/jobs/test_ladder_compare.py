"""``mtgsim compare BASE NEW`` on two ladder outputs: small real ladders played here, the
printed paired difference checked against the datasets read row by row, identical deals
giving a difference of 0, a partial run pairing what it has, and every bad input one line
with exit code 2."""

from __future__ import annotations

import json
import math
import shutil
from collections import defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from scipy import stats

from mtgsim.pipelines.cli import main
from mtgsim.results.dataset import games_dir, read_games

DECKS = ["gruul_stompy", "azorius_skies", "jund_cascade"]
GAMES = 3  # deals per pair of decks: 9 deals a ladder
BASE_POLICY = "heuristic:prio=plain"
NEW_POLICY = "heuristic:attack=trades"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _ladder(out: Path, *policies: str, seed: int = 0, games: int = GAMES) -> Path:
    assert main(["ladder", *DECKS, "--policies", *policies, "--games", str(games),
                 "--seed", str(seed), "--out", str(out), "--executor", "serial",
                 "--quiet", "--max-turns", "30"]) == 0
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("ladders")
    found = {
        "base": _ladder(root / "base", "heuristic", BASE_POLICY),
        "new": _ladder(root / "new", "heuristic", NEW_POLICY),
        "three": _ladder(root / "three", "heuristic", "random", BASE_POLICY),
        "seeded": _ladder(root / "seeded", "heuristic", "random", seed=7, games=1),
        "by_random": _ladder(root / "by_random", "random", "heuristic", games=1),
    }
    versus = root / "versus"
    assert main(["versus", "jund_cascade", "--field", "bant_exalted", "--games", "2",
                 "--out", str(versus), "--executor", "serial", "--quiet"]) == 0
    found["versus"] = versus
    (root / "empty").mkdir()
    found["empty"] = root / "empty"
    return found


def deal_scores(out: Path, reference: str, policy: str) -> dict[tuple[str, str, int, int],
                                                                 float]:
    """``policy``'s mean score over each deal's two games against ``reference``, read
    from the rows themselves (not through the ladder's code)."""
    halves: dict[tuple[str, str, int, int], list[float]] = defaultdict(list)
    for r in read_games(out).to_pylist():
        seats = (str(r["policy_a"]), str(r["policy_b"]))
        if set(seats) != {reference, policy}:
            continue
        mine = seats.index(policy)
        score = 0.5 if r["winner"] not in (0, 1) else float(r["winner"] == mine)
        key = (*sorted((str(r["deck_a"]), str(r["deck_b"]))), int(r["game"]), int(r["seed"]))
        halves[key].append(score)
    return {k: sum(v) / 2 for k, v in halves.items() if len(v) == 2}


def t_interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def test_the_paired_difference_is_the_datasets(runs: dict[str, Path],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    base = deal_scores(runs["base"], "heuristic", BASE_POLICY)
    new = deal_scores(runs["new"], "heuristic", NEW_POLICY)
    assert len(base) == len(new) == 3 * GAMES and base.keys() == new.keys()
    diff = [new[k] - base[k] for k in sorted(base)]
    assert any(diff), "the two ladders play alike on every deal: nothing is checked"
    mean, low, high = t_interval(diff)
    code, text, err = cli(capsys, "compare", str(runs["base"]), str(runs["new"]), "--json")
    assert code == 0, err
    c = json.loads(text)
    assert (c["base"]["policy"], c["new"]["policy"]) == (BASE_POLICY, NEW_POLICY)
    assert c["shared"] == c["base"]["deals"] == c["new"]["deals"] == 3 * GAMES
    assert c["difference"] == pytest.approx(mean)
    assert (c["low"], c["high"]) == (pytest.approx(low), pytest.approx(high))
    assert c["better"] == sum(d > 0 for d in diff) and c["worse"] == sum(d < 0 for d in diff)
    assert c["base_rate"] == pytest.approx(sum(base.values()) / len(base))
    # each run's own score over the reference is its ladder's step, as the ladder printed it
    for role in ("base", "new"):
        (step,) = json.loads((runs[role] / "ladder.json").read_text())["steps"]
        assert c[role]["scores"] == [step]
    code, text, err = cli(capsys, "compare", str(runs["base"]), str(runs["new"]),
                          "--by-deck")
    assert code == 0, err
    moved = sum(d != 0 for d in diff)
    assert (f"on the {3 * GAMES} deals both finished" in text
            and f"{100 * mean:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]; moved "
                f"{moved} (better {c['better']}, worse {c['worse']})" in text)
    rows = {line.split()[0]: line for line in text.splitlines()
            if line.split() and line.split()[0] in DECKS}
    assert set(rows) == set(DECKS)
    for deck, line in rows.items():
        mine = [new[k] - base[k] for k in sorted(base) if deck in k[:2]]
        assert line.split()[1] == str(len(mine)) and f"{100 * sum(mine) / len(mine):+.1f} " \
            "points" in line


def test_the_same_deals_played_alike_move_nothing(runs: dict[str, Path],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, text, err = cli(capsys, "compare", str(runs["base"]), str(runs["base"]), "--json")
    assert code == 0, err
    c = json.loads(text)
    assert (c["difference"], c["low"], c["high"], c["better"], c["worse"]) == (0, 0, 0, 0, 0)
    # the same policy in another ladder (a third rung beside it): the same games, named
    code, text, err = cli(capsys, "compare", str(runs["base"]), str(runs["three"]),
                          "--new-policy", BASE_POLICY)
    assert code == 0, err
    assert f"on the {3 * GAMES} deals both finished" in text
    assert "+0.0 points [+0.0, +0.0]; moved 0 (better 0, worse 0)" in text
    assert "heuristic -> random: " in text  # every policy of a run over its reference


def test_a_reference_named_that_is_not_the_first_rung(
        runs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """by_random's rungs are random, heuristic: scored against the heuristic, random's
    score is the other side of the ladder's step."""
    code, text, err = cli(capsys, "compare", str(runs["base"]), str(runs["by_random"]),
                          "--reference-policy", "heuristic", "--json")
    assert code == 0, err
    c = json.loads(text)
    new = deal_scores(runs["by_random"], "heuristic", "random")
    base = deal_scores(runs["base"], "heuristic", BASE_POLICY)
    assert (c["new"]["policy"], c["new"]["reference"], c["new"]["deals"]) == (
        "random", "heuristic", 3)
    assert c["shared"] == 3 and set(new) <= set(base)
    assert c["new_rate"] == pytest.approx(sum(new.values()) / 3)
    assert c["base_rate"] == pytest.approx(sum(base[k] for k in new) / 3)


def test_a_partial_run_pairs_what_both_have(runs: dict[str, Path], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Game 0's halves with the heuristic in the first seat are gone (a run stopped
    before committing them): those three deals are unfinished and left out."""
    partial = tmp_path / "partial"
    shutil.copytree(runs["base"], partial)
    table = read_games(partial)
    keep = [not (g == 0 and str(p) == "heuristic") for g, p in
            zip(table["game"].to_pylist(), table["policy_a"].to_pylist(), strict=True)]
    folder = next(games_dir(partial).iterdir())
    for f in folder.iterdir():
        f.unlink()
    pq.write_table(table.filter(keep).drop_columns(["job"]), folder / "part-00000000-1.parquet")
    code, text, err = cli(capsys, "compare", str(partial), str(runs["new"]))
    assert code == 0, err
    assert f"{3 * GAMES - 3} deals of {BASE_POLICY} against heuristic" in text
    assert f"{3 * GAMES} deals of {NEW_POLICY} against heuristic" in text
    assert f"on the {3 * GAMES - 3} deals both finished" in text


@pytest.mark.parametrize(("base", "new", "options", "problem"), [
    ("base", "nowhere", (), "{new}: no such folder"),
    ("base", "versus", (), "{new}: not a ladder output (a versus job)"),
    ("empty", "base", (), "{base}: not a ladder output (no manifest.json)"),
    ("versus", "versus", ("--by-deck",), "{base}: not a ladder output (a versus job)"),
    ("base", "seeded", (), "{base} and {new} share no deal (9 and 3 finished)"),
    ("base", "by_random", (), "{new}: its reference policy (first rung) is random"),
    ("base", "three", (), "{new}: 2 policies beside the reference heuristic (random, "
                          f"{BASE_POLICY}): name one with --new-policy"),
    ("three", "base", (), "{base}: 2 policies beside the reference heuristic (random, "
                          f"{BASE_POLICY}): name one with --base-policy"),
    ("three", "base", ("--base-policy", "goldfish"), "{base}: no policy goldfish in this "
                                                    "ladder (its rungs: heuristic, random, "
                                                    f"{BASE_POLICY})"),
    ("base", "new", ("--new-policy", "search"), "{new}: no policy search in this ladder"),
    ("base", "new", ("--new-policy", "heuristic"), "--new-policy: heuristic is the reference"),
    ("base", "new", ("--new-policy", "search:bogus=1"), "--new-policy: "),
    ("base", "new", ("--reference-policy", "random"), "{base}: no policy random in this ladder"),
    ("base", "new", ("--html", "x.html"), "--html: "),
])
def test_bad_input_is_one_line(runs: dict[str, Path], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str], base: str, new: str,
                               options: tuple[str, ...], problem: str) -> None:
    paths = {**runs, "nowhere": tmp_path / "nowhere"}
    code, out, err = cli(capsys, "compare", str(paths[base]), str(paths[new]), *options)
    assert code == 2 and out == ""
    assert err.startswith("mtgsim: error: ") and err.count("\n") == 1, err
    assert problem.format(base=paths[base], new=paths[new]) in err


def _spoil(folder: Path, text: str | None) -> None:
    """Replace a job folder's manifest: ``text`` as its content, a folder in its place
    (None; reading it fails as a file no one may read does, and root may read any)."""
    manifest = folder / "manifest.json"
    manifest.unlink()
    if text is None:
        manifest.mkdir()
    else:
        manifest.write_text(text)


@pytest.mark.parametrize(("text", "problem"), [
    ("{not json", "manifest.json is not JSON"),
    ("[1, 2]", "manifest.json is not a JSON object"),
    (None, "manifest.json cannot be read ("),
])
def test_a_bad_manifest_is_one_line_in_both_comparisons(
        runs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        text: str | None, problem: str) -> None:
    """Both comparisons read a folder's manifest through one reader
    (``results.manifest.read_raw_manifest``): a ladder output's bad manifest is a one-line
    "not a ladder output", a plain job's a one-line error of the plain comparison (it was
    a traceback), each naming the problem."""
    ladder, plain = tmp_path / "ladder", tmp_path / "plain"
    shutil.copytree(runs["base"], ladder)
    shutil.copytree(runs["versus"], plain)
    _spoil(ladder, text)
    _spoil(plain, text)
    for bad, good, want in ((ladder, runs["base"], f"{ladder}: not a ladder output ({problem}"),
                            (plain, runs["versus"], f"{plain}: {problem}")):
        code, out, err = cli(capsys, "compare", str(bad), str(good))
        assert code == 2 and out == ""
        assert err.startswith("mtgsim: error: ") and err.count("\n") == 1, err
        assert want in err


@pytest.mark.parametrize(("base", "new"), [("base", "new"), ("versus", "versus")])
def test_each_manifest_is_read_once(runs: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch, base: str,
                                    new: str) -> None:
    """``compare`` reads each folder's manifest once: its kind picks the comparison, which
    is handed it (two ladders, or two plain jobs), the output the same."""
    from mtgsim.results import manifest

    reads: list[Path] = []
    real = manifest.read_raw_manifest

    def counted(folder: Path) -> dict[str, object]:
        reads.append(folder)
        return real(folder)

    monkeypatch.setattr(manifest, "read_raw_manifest", counted)
    code, _, err = cli(capsys, "compare", str(runs[base]), str(runs[new]))
    assert code == 0, err
    assert reads == [runs[base], runs[new]]


def test_a_plain_job_without_a_manifest_compares_on_its_games(
        runs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No manifest is no kind: the folders pair as plain jobs, on their games, and every
    field the other manifest records is a difference."""
    plain = tmp_path / "plain"
    shutil.copytree(runs["versus"], plain)
    (plain / "manifest.json").unlink()
    code, text, err = cli(capsys, "compare", str(plain), str(runs["versus"]), "--json")
    assert code == 0, err
    c = json.loads(text)
    assert c["paired_games"] == 2 and c["mismatched"] == 0
    assert c["differences"]["kind"][1] == "versus"


def test_the_interval_of_one_deal_is_the_whole_range() -> None:
    """The ladder's statistics, shared by its steps and by compare: one deal says nothing
    of the spread; deals all alike have none."""
    from mtgsim.results.ladder import mean_interval

    assert mean_interval([0.5], -1.0, 1.0) == (0.5, -1.0, 1.0)
    assert mean_interval([0.25, 0.25, 0.25], -1.0, 1.0) == (0.25, 0.25, 0.25)
    mean, low, high = mean_interval([0.0, 1.0, 0.5, 0.5], 0.0, 1.0)
    assert mean == 0.5 and (low, high) == pytest.approx(t_interval([0.0, 1.0, 0.5, 0.5])[1:])
