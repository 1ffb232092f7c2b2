"""Play versions in jobs (``pipelines.playversions``, docs/jobs.md "Play versions"): a
job of version-1 policies keeps the id it had before versions existed, a policy at a
later version changes it, the manifest records every used family's version, and a
``--resume`` under another play is one line naming the folder and the policy, exit 2,
with the folder's bytes unchanged; a folder of an mtgsim that recorded no versions
resumes when its policies are all at version 1 and is refused otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsim import engine
from mtgsim.cluster.work import DeckSpec
from mtgsim.engine.players.policies.spec import PLAY_VERSIONS
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import job_id
from mtgsim.pipelines.playversions import hashed_play_versions, used_play_versions
from mtgsim.results.dataset import read_games
from mtgsim.results.manifest import read_manifest

GRUUL, AZORIUS = "gruul_stompy", "azorius_skies"
FAST = ["--executor", "serial", "--quiet", "--max-turns", "6", "--seed", "5"]
DECKS = (DeckSpec(GRUUL, ("Forest",) * 3, ""), DeckSpec(AZORIUS, ("Island",) * 3, ""))


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --------------------------------------------------------------------------- job ids


def test_a_job_of_version_1_policies_keeps_the_id_it_had_before_play_versions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ids computed on main at b5771fc, before play versions (engine 0.2.0): folders
    written by that mtgsim still resume."""
    monkeypatch.setattr(engine, "__version__", "0.2.0")
    for family in PLAY_VERSIONS:  # (whatever later commits bump)
        monkeypatch.setitem(PLAY_VERSIONS, family, 1)
    assert job_id("gauntlet", DECKS, 7, 100, policies=("heuristic", "search:rollouts=3"),
                  card_data_hash="c0ffee", pairs=[(0, 1)]) == "gauntlet-506a950e92f9"
    assert job_id("swiss", DECKS, 7, 0, policies=("heuristic", "heuristic"),
                  card_data_hash="c0ffee", options={"players": "8"},
                  deck_policies=("random", "")) == "swiss-843c022ba7f6"


def test_a_policy_at_a_later_play_version_changes_the_id(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "__version__", "0.2.0")

    def mcts_job(play: dict[str, int] | None = None) -> str:
        return job_id("gauntlet", DECKS, 7, 100, policies=("heuristic", "mcts:iterations=2"),
                      card_data_hash="c0ffee", pairs=[(0, 1)], play_versions=play)
    # mcts:iterations=2 played with the pinned pilot: the id main gave it at b5771fc
    assert mcts_job({"heuristic": 1, "mcts": 1}) == "gauntlet-d191ac40c10f"
    assert PLAY_VERSIONS["mcts"] >= 2 and mcts_job() != "gauntlet-d191ac40c10f"
    assert mcts_job() == mcts_job({"heuristic": PLAY_VERSIONS["heuristic"],
                                   "mcts": PLAY_VERSIONS["mcts"]})
    # a bump of a family the job uses, on a side or as a deck's own, moves its id
    monkeypatch.setitem(PLAY_VERSIONS, "search", 1)
    monkeypatch.setitem(PLAY_VERSIONS, "random", 1)
    plain = job_id("gauntlet", DECKS, 7, 100, policies=("heuristic", "search:rollouts=3"))
    own = job_id("gauntlet", DECKS, 7, 100, deck_policies=("", "random"))
    monkeypatch.setitem(PLAY_VERSIONS, "search", 2)
    assert job_id("gauntlet", DECKS, 7, 100, policies=("heuristic", "search:rollouts=3")) \
        not in (plain, job_id("gauntlet", DECKS, 7, 100, policies=("heuristic", "heuristic")))
    assert job_id("gauntlet", DECKS, 7, 100, deck_policies=("", "random")) == own
    monkeypatch.setitem(PLAY_VERSIONS, "random", 3)
    assert job_id("gauntlet", DECKS, 7, 100, deck_policies=("", "random")) != own


def test_the_used_versions_are_every_family_of_the_sides_and_the_decks() -> None:
    assert used_play_versions(("heuristic", "heuristic")) == \
        {"heuristic": PLAY_VERSIONS["heuristic"]}
    assert used_play_versions(("search:rollouts=2", "heuristic"), ("", "mcts", "")) == \
        {"heuristic": PLAY_VERSIONS["heuristic"], "mcts": PLAY_VERSIONS["mcts"],
         "search": PLAY_VERSIONS["search"]}
    assert list(used_play_versions(("random", "goldfish"))) == ["goldfish", "random"]
    assert hashed_play_versions({"search": 1, "mcts": 2, "heuristic": 3}) == \
        {"heuristic": 3, "mcts": 2}


# --------------------------------------------------------------------------- resume


def gauntlet(folder: Path, *extra: str) -> list[str]:
    return ["gauntlet", GRUUL, AZORIUS, "--games", "2", "--out", str(folder),
            "--policy-b", "random", *FAST, *extra]


def test_the_manifest_records_the_play_versions(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "g"
    assert cli(capsys, *gauntlet(folder, "--policy", f"{GRUUL}=goldfish"))[0] == 0
    assert read_manifest(folder).play_versions == {
        f: PLAY_VERSIONS[f] for f in ("goldfish", "heuristic", "random")}


def test_a_resume_under_another_play_is_refused_naming_the_policy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "g"
    monkeypatch.setitem(PLAY_VERSIONS, "random", 1)
    assert cli(capsys, *gauntlet(folder))[0] == 0
    before = files(folder)
    monkeypatch.setitem(PLAY_VERSIONS, "random", 2)
    code, out, err = cli(capsys, *gauntlet(folder, "--resume"))
    assert (code, out) == (2, "")
    assert err == (f"mtgsim: error: {folder} was played with random play 1; this mtgsim "
                   "plays random play 2: start a new folder (one dataset holds one play "
                   "of each policy)\n")
    assert files(folder) == before
    # another job besides (another seed) is the usual message, not a play change
    code, _, err = cli(capsys, *gauntlet(folder, "--resume"), "--seed", "6")
    assert code == 2 and "holds a different job" in err and "play" not in err
    assert files(folder) == before
    # back at the play it was played with, it resumes
    monkeypatch.setitem(PLAY_VERSIONS, "random", 1)
    assert cli(capsys, *gauntlet(folder, "--resume"))[0] == 0


def _as_before_play_versions(folder: Path) -> None:
    """Make ``folder``'s manifest what an mtgsim before play versions wrote."""
    manifest = json.loads((folder / "manifest.json").read_text())
    del manifest["play_versions"]
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))


def test_a_folder_without_play_versions_resumes_when_its_policies_are_at_version_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "old"
    monkeypatch.setitem(PLAY_VERSIONS, "heuristic", 1)
    monkeypatch.setitem(PLAY_VERSIONS, "random", 1)
    assert cli(capsys, *gauntlet(folder))[0] == 0
    _as_before_play_versions(folder)
    assert read_manifest(folder).play_versions == {}
    cols = ["game", "seed", "winner", "turns", "decisions"]
    games = read_games(folder, cols).to_pylist()
    code, _, err = cli(capsys, *gauntlet(folder, "--resume"))
    assert code == 0, err
    assert read_manifest(folder).play_versions == {"heuristic": 1, "random": 1}
    assert read_games(folder, cols).to_pylist() == games


def test_a_folder_without_play_versions_of_a_policy_now_at_2_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An mcts job an mtgsim before play versions wrote (mcts then the old pinned pilot,
    play 1; its id without versions) is refused by this mtgsim's mcts play 2."""
    folder = tmp_path / "old"
    job = ["gauntlet", GRUUL, AZORIUS, "--games", "1", "--out", str(folder),
           "--policy-b", "mcts:iterations=1", *FAST]
    monkeypatch.setitem(PLAY_VERSIONS, "heuristic", 1)
    monkeypatch.setitem(PLAY_VERSIONS, "mcts", 1)
    assert cli(capsys, *job)[0] == 0
    _as_before_play_versions(folder)
    before = files(folder)
    monkeypatch.setitem(PLAY_VERSIONS, "mcts", 2)
    code, out, err = cli(capsys, *job, "--resume")
    assert (code, out) == (2, "")
    assert err == (f"mtgsim: error: {folder} was played with mcts play 1 (its mtgsim "
                   "recorded no play versions: version 1 of each); this mtgsim plays mcts "
                   "play 2: start a new folder (one dataset holds one play of each "
                   "policy)\n")
    assert files(folder) == before


def test_a_swiss_resume_under_another_play_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "s"
    monkeypatch.setitem(PLAY_VERSIONS, "heuristic", 1)
    monkeypatch.setitem(PLAY_VERSIONS, "goldfish", 1)
    swiss = ["swiss", "--decks", GRUUL, AZORIUS, "--players", "4", "--rounds", "1",
             "--top", "2", "--best-of", "1", "--out", str(folder),
             "--policy", f"{GRUUL}=goldfish", *FAST]
    assert cli(capsys, *swiss)[0] == 0
    assert read_manifest(folder).play_versions == {"goldfish": 1, "heuristic": 1}
    before = files(folder)
    monkeypatch.setitem(PLAY_VERSIONS, "goldfish", 2)
    code, _, err = cli(capsys, *swiss, "--resume")
    assert code == 2 and err.startswith(f"mtgsim: error: {folder} was played with "
                                        "goldfish play 1; this mtgsim plays goldfish play 2")
    assert err.count("\n") == 1
    assert files(folder) == before
