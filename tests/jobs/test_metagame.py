"""``mtgsim gauntlet --metagame pauper``: the bundled Pauper decks' gauntlet, recorded with
its metagame, and a report that reads as a Pauper metagame study (its title, the field's
archetypes and sources, the field weighted by the real lists' shares)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsim.pipelines import metagame
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.runner import DECKS_DIR, resolve_deck_path


def test_the_bundled_metagame_names_real_lists() -> None:
    meta = metagame.load("pauper")
    assert meta.lists > 1000 and len(meta.entries) >= 12
    shares = [e.share for e in meta.entries]
    assert shares == sorted(shares, reverse=True) and sum(shares) < 1
    assert sum(e.lists for e in meta.entries) + meta.other == meta.lists
    for e in meta.entries[:12]:  # each of the twelve most played: a list chosen
        assert e.event and e.date and e.rank >= 1
        assert bool(e.deck) == (not e.missing)
    for path in metagame.deck_paths(meta):
        text = path.read_text(encoding="utf-8")
        entry = next(e for e in meta.bundled() if e.deck == path.stem)
        assert text.startswith(f"# {entry.archetype}\n")
        assert f"{entry.event}, {entry.date}, rank {entry.rank}" in text.replace("\n# ", " ")


def test_a_deck_of_the_folder_is_named_with_its_folder() -> None:
    deck = metagame.bundled_names()[0]
    assert resolve_deck_path(f"pauper/{deck}") == DECKS_DIR / "pauper" / f"{deck}.txt"
    assert resolve_deck_path("../pauper/x") == Path("../pauper/x")  # reported as missing


def test_an_unknown_metagame_is_one_line(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    code = main(["gauntlet", "--metagame", "modern", "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "mtgsim: error: no bundled metagame 'modern' (bundled: pauper)\n"
    assert not (tmp_path / "o").exists()


def test_the_pauper_gauntlet_and_its_report(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g"
    assert main(["gauntlet", "--metagame", "pauper", "--games", "2", "--executor", "serial",
                 "--out", str(out), "--quiet"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    meta = metagame.load("pauper")
    assert [d["name"] for d in manifest["decks"]] == metagame.bundled_names()
    assert manifest["metagame"]["title"] == meta.title
    assert {d["deck"]: d["share"] for d in manifest["metagame"]["decks"]} == meta.shares()
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    said = capsys.readouterr().out
    assert "(the metagame's shares of the real lists)" in said
    page = (out / "report" / "index.html").read_text(encoding="utf-8")
    assert f"<title>{meta.title}: " in page
    for e in meta.bundled():
        assert e.archetype in page and f"{e.event}, {e.date}, rank {e.rank}" in page
    summary = json.loads((out / "report" / "summary.json").read_text())
    total = sum(meta.shares().values())
    for deck, share in meta.shares().items():  # the field weighted by the real shares
        assert summary["shares"][deck] == pytest.approx(share / total, abs=1e-4)
    assert summary["metagame"] == "pauper"


def test_the_same_games_as_the_decks_given_by_hand(tmp_path: Path) -> None:
    """The metagame decides no game: the job id is the gauntlet's of the same decks."""
    paths = [str(p) for p in metagame.deck_paths(metagame.load("pauper"))]
    ids = []
    for i, argv in enumerate((["--metagame", "pauper"], paths)):
        out = tmp_path / str(i)
        assert main(["gauntlet", *argv, "--games", "1", "--executor", "serial",
                     "--out", str(out), "--quiet"]) == 0
        ids.append(json.loads((out / "manifest.json").read_text())["job"])
    assert ids[0] == ids[1]
