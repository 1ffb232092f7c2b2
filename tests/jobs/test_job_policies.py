"""Policies per deck and per side in every job kind: the spec grammar and its errors,
``--policy DECK=SPEC`` in gauntlet, versus, swiss, ablate, play and batch, the manifest,
the job id (the same games: the same id; other games: another), the dataset's policy
columns, and old datasets without them."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from old_jobs import as_job_v2

from mtgsim.cluster.seeds import deck_digest
from mtgsim.cluster.work import DeckSpec
from mtgsim.engine.players.policies import PolicySpecError, canonical, make_policy, parse_policy
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import JobError, job_id, job_policies
from mtgsim.pipelines.runner import load_card_pool, load_main_deck, play_seeded
from mtgsim.results.dataset import read_games
from mtgsim.results.manifest import read_manifest

POOL = load_card_pool()
GRUUL, AZORIUS, JUND = "gruul_stompy", "azorius_skies", "jund_cascade"
FAST = ["--executor", "serial", "--quiet", "--max-turns", "12", "--seed", "3"]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- the grammar


@pytest.mark.parametrize(("text", "expected"), [
    ("heuristic", "heuristic"),
    (" random ", "random"),
    ("goldfish", "goldfish"),
    ("heuristic: eval = fitted", "heuristic:eval=fitted"),
    ("heuristic:eval=handset", "heuristic"),
    ("heuristic:attack=race", "heuristic"),
    ("heuristic:attack=race,prio=mana", "heuristic"),
    ("heuristic:attack=trades", "heuristic:attack=trades"),
    ("heuristic:prio=plain,attack=trades", "heuristic:attack=trades,prio=plain"),
    ("heuristic:eval=fitted,attack=trades", "heuristic:attack=trades,eval=fitted"),
])
def test_specs_read_in_canonical_spelling(text: str, expected: str) -> None:
    assert canonical(text) == expected
    assert str(parse_policy(text)) == expected


@pytest.mark.parametrize(("text", "problem"), [
    ("alphazero", "unknown policy 'alphazero'"),
    ("", "unknown policy ''"),
    ("heuristic:", "nothing after ':'"),
    ("heuristic:depth=3", "heuristic has no setting 'depth' (settings: eval, attack, prio, tricks, guards)"),
    ("heuristic:attack=alpha", "must be one of trades, race, got 'alpha'"),
    ("random:depth=3", "random has no setting 'depth' (settings: none)"),
    ("heuristic:eval=linear", "must be one of fitted, handset, got 'linear'"),
    ("random:seed", "'seed' is not KEY=VALUE"),
    ("random:=4", "is not KEY=VALUE"),
])
def test_bad_specs_name_their_problem(text: str, problem: str) -> None:
    with pytest.raises(PolicySpecError) as exc:
        parse_policy(text)
    assert problem in str(exc.value)
    with pytest.raises(PolicySpecError):
        make_policy(text, 0)


def test_make_policy_takes_a_spec() -> None:
    assert make_policy("random", 3).name == "random"
    assert make_policy(parse_policy("goldfish"), 3).name == "goldfish"


# --------------------------------------------------------------------------- job ids


def _spec(name: str) -> DeckSpec:
    names = tuple(load_main_deck(name, POOL).names)
    return DeckSpec(name, names, deck_digest(names))


def test_job_policies_are_canonical_and_drop_what_changes_nothing() -> None:
    assert job_policies((" heuristic", "random"), (), 3) == (("heuristic", "random"), ())
    # a deck's own policy that both sides have anyway changes no game
    assert job_policies(("heuristic", "heuristic"), ("heuristic", ""), 2) == \
        (("heuristic", "heuristic"), ())
    assert job_policies(("heuristic", "heuristic"), ("", "random"), 3) == \
        (("heuristic", "heuristic"), ("", "random", ""))
    # with different sides, a deck's own equal to one side still changes its other side
    assert job_policies(("heuristic", "random"), ("heuristic",), 2) == \
        (("heuristic", "random"), ("heuristic", ""))
    with pytest.raises(JobError, match="unknown policy"):
        job_policies(("heuristic", "nope"), (), 2)
    with pytest.raises(JobError, match="3 per-deck policies for 2 decks"):
        job_policies(("heuristic", "heuristic"), ("", "", "random"), 2)


def test_the_job_id_hashes_each_decks_policy() -> None:
    decks = (_spec(GRUUL), _spec(AZORIUS))
    plain = job_id("gauntlet", decks, 0, 10)
    assert job_id("gauntlet", decks, 0, 10, deck_policies=()) == plain
    assert job_id("gauntlet", decks, 0, 10, deck_policies=("", "")) == plain
    ids = {plain, job_id("gauntlet", decks, 0, 10, deck_policies=("random", "")),
           job_id("gauntlet", decks, 0, 10, deck_policies=("", "random")),
           job_id("gauntlet", decks, 0, 10, deck_policies=("goldfish", ""))}
    assert len(ids) == 4


# --------------------------------------------------------------------------- the command line


BAD = [
    ["play", GRUUL, AZORIUS, "--policy-a", "alphazero"],
    ["batch", GRUUL, AZORIUS, "--policy", f"{GRUUL}=heuristic:depth=2"],
    ["gauntlet", GRUUL, AZORIUS, "--out", "x", "--policy-b", "random:"],
    ["versus", GRUUL, "--field", AZORIUS, "--out", "x", "--policy", "nodeck"],
    ["swiss", "--decks", GRUUL, AZORIUS, "--out", "x", "--policy", f"{GRUUL}=?"],
    ["ablate", JUND, "--keyword", "cascade", "--field", AZORIUS, "--out", "x",
     "--policy", f"{JUND}=random", "--policy", f"{JUND}=goldfish"],
    ["fuzz", "--policy-a", "heuristic:x=1", "--games", "1"],
]


@pytest.mark.parametrize("argv", BAD, ids=[a[0] for a in BAD])
def test_a_bad_policy_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *argv)
    assert code == 2
    assert err.startswith("mtgsim: error: --policy")
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("kind", ["gauntlet", "versus", "swiss", "ablate", "play"])
def test_a_policy_for_a_deck_not_in_the_command_is_one_line(
        kind: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "x")
    argv = {"gauntlet": ["gauntlet", GRUUL, AZORIUS, "--out", out],
            "versus": ["versus", GRUUL, "--field", AZORIUS, "--out", out],
            "swiss": ["swiss", "--decks", GRUUL, AZORIUS, "--out", out],
            "ablate": ["ablate", JUND, "--keyword", "cascade", "--field", AZORIUS, "--out",
                       out],
            "play": ["play", GRUUL, AZORIUS]}[kind]
    code, _, err = cli(capsys, *argv, "--policy", "izzet_spells=random")
    assert code == 2
    assert err.strip() == (f"mtgsim: error: --policy: no deck 'izzet_spells' here (decks: "
                           f"{', '.join(a for a in argv if a in (GRUUL, AZORIUS, JUND))})")
    assert not (tmp_path / "x").exists()


def _rows(folder: Path) -> list[dict[str, object]]:
    t = read_games(folder, ["deck_a", "deck_b", "policy_a", "policy_b", "game", "seed",
                            "winner", "turns", "decisions", "think_us_a", "think_us_b"])
    return [{k: (str(v) if k.startswith(("deck", "policy")) else v) for k, v in r.items()}
            for r in t.to_pylist()]


def test_gauntlet_pilots_each_deck_with_its_policy(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "g"
    code, _, err = cli(capsys, "gauntlet", GRUUL, AZORIUS, JUND, "--games", "4",
                       "--out", str(folder), "--policy", f"{AZORIUS}=random",
                       "--policy-b", "goldfish", *FAST)
    assert code == 0, err
    m = read_manifest(folder)
    assert m.format == "mtgsim-job/4"
    assert m.policies == ("heuristic", "goldfish")
    assert m.deck_policies == ("", "random", "")
    rows = _rows(folder)
    assert len(rows) == 12
    for r in rows:
        for side in ("a", "b"):
            deck = r[f"deck_{side}"]
            expected = "random" if deck == AZORIUS else "heuristic" if side == "a" \
                else "goldfish"
            assert r[f"policy_{side}"] == expected, r
        assert r["think_us_a"] > 0 and r["think_us_b"] > 0  # type: ignore[operator]
    # the games are those of play with these policies (deck on the play first)
    decks = {d: load_main_deck(d, POOL) for d in (GRUUL, AZORIUS, JUND)}
    table = read_games(folder, ["deck_a", "deck_b", "seed", "on_play", "winner", "turns"])
    for r, full in zip(rows, table.to_pylist(), strict=True):
        sides = [(str(full["deck_a"]), r["policy_a"]), (str(full["deck_b"]), r["policy_b"])]
        if full["on_play"] == 1:
            sides.reverse()
        state = play_seeded([decks[sides[0][0]], decks[sides[1][0]]],
                            [str(sides[0][1]), str(sides[1][1])], full["seed"], max_turns=12)
        assert state.result is not None
        winner = -1 if state.result.winner < 0 else \
            (state.result.winner if full["on_play"] == 0 else 1 - state.result.winner)
        assert (winner, state.result.turns) == (full["winner"], full["turns"])


def test_the_same_policies_spelled_otherwise_are_the_same_job(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["gauntlet", GRUUL, AZORIUS, "--games", "2", "--json", *FAST]
    ids = []
    for extra in ([], ["--policy", f"{GRUUL}=heuristic"], ["--policy-a", " heuristic"],
                  ["--policy", f"{AZORIUS}=random"], ["--policy-b", "random"]):
        code, out, err = cli(capsys, *base, "--out", str(tmp_path / str(len(ids))), *extra)
        assert code == 0, err
        ids.append(json.loads(out)["job"])
    assert ids[0] == ids[1] == ids[2]
    # a deck's own policy is a different job from a side's, even when the games agree
    assert len({ids[0], ids[3], ids[4]}) == 3
    assert _rows(tmp_path / "3") != _rows(tmp_path / "0")


def test_versus_and_ablate_pilot_by_deck(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The hero deck with its own policy: versus plays the gauntlet's games of the
    pairing, and ablation's baseline is that versus job."""
    own = ["--policy", f"{JUND}=random"]
    common = ["--games", "4", *FAST, *own]
    assert cli(capsys, "gauntlet", AZORIUS, JUND, "--out", str(tmp_path / "g"),
               *common)[0] == 0
    assert cli(capsys, "versus", JUND, "--field", AZORIUS, "--out", str(tmp_path / "v"),
               *common)[0] == 0
    code, _, err = cli(capsys, "ablate", JUND, "--keyword", "cascade", "--field", AZORIUS,
                       "--out", str(tmp_path / "a"), *common)
    assert code == 0, err

    def games(folder: Path) -> dict[int, tuple[object, ...]]:
        out = {}
        for r in _rows(folder):
            mine = "a" if r["deck_a"] == JUND else "b"
            assert r[f"policy_{mine}"] == "random"
            assert r[f"policy_{'b' if mine == 'a' else 'a'}"] == "heuristic"
            out[r["game"]] = (r["seed"], r["turns"], r["decisions"])  # type: ignore[index]
        return out
    g = games(tmp_path / "g")
    assert games(tmp_path / "v") == g == games(tmp_path / "a" / "baseline")
    for part in ("baseline", "ablated"):
        assert read_manifest(tmp_path / "a" / part).deck_policies == ("random", "")


def test_swiss_records_each_seats_policy(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "swiss", "--decks", GRUUL, AZORIUS, "--players", "4",
                       "--rounds", "1", "--top", "2", "--best-of", "1", "--out",
                       str(tmp_path / "s"), "--policy", f"{GRUUL}=goldfish", *FAST)
    assert code == 0, err
    assert read_manifest(tmp_path / "s").deck_policies == ("goldfish", "")
    rows = pq.read_table(tmp_path / "s" / "swiss" / "matches.parquet").to_pylist()
    assert rows
    for r in rows:
        for side in ("a", "b"):
            if r[f"deck_{side}"]:
                assert r[f"policy_{side}"] == ("goldfish" if r[f"deck_{side}"] == GRUUL
                                              else "heuristic")


def test_play_and_batch_take_a_decks_policy(capsys: pytest.CaptureFixture[str]) -> None:
    game = ["play", GRUUL, AZORIUS, "--seed", "9", "--max-turns", "10"]
    by_side = cli(capsys, *game, "--policy-b", "random")
    by_deck = cli(capsys, *game, "--policy", f"{AZORIUS}=random")
    assert by_side[0] == by_deck[0] == 0
    assert by_side[1] == by_deck[1]
    assert by_side[1] != cli(capsys, *game)[1]
    code, out, _ = cli(capsys, "batch", GRUUL, AZORIUS, "--games", "2", "--max-turns", "8",
                       "--policy", f"{GRUUL}=goldfish", "--json")
    assert code == 0
    assert [d["policy"] for d in json.loads(out)["decks"]] == ["goldfish", "heuristic"]


# --------------------------------------------------------------------------- old datasets


def test_a_dataset_without_policy_columns_reads_them_from_its_manifest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "old"
    assert cli(capsys, "gauntlet", GRUUL, AZORIUS, "--games", "3", "--out", str(folder),
               "--policy-b", "random", *FAST)[0] == 0
    new = _rows(folder)
    as_job_v2(folder)
    old = _rows(folder)
    assert [{k: v for k, v in r.items() if not k.startswith("think")} for r in old] == \
        [{k: v for k, v in r.items() if not k.startswith("think")} for r in new]
    assert {r["think_us_a"] for r in old} == {None}
    full = read_games(folder)
    assert full.column("policy_b").type == pa.dictionary(pa.int32(), pa.string())
    assert read_manifest(folder).deck_policies == ()
    # such a folder is not resumed by this mtgsim: its rows would lack the columns
    code, _, err = cli(capsys, "gauntlet", GRUUL, AZORIUS, "--games", "3", "--out",
                       str(folder), "--policy-b", "random", "--resume", *FAST)
    assert code == 2 and "holds a different job" in err
