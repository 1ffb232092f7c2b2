"""Tests for ``mtgsim deck check`` and ``mtgsim decks`` (pipelines.deckinfo), and the
bundled archetype decks they describe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import known_cards, load_pool
from mtgsim.engine.decklists.deck import load_deck
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.deckinfo import archetype_of, header_comment, load_info
from mtgsim.pipelines.runner import DECKS_DIR

POOL = load_pool()
GRUUL = str(DECKS_DIR / "gruul_stompy.txt")
BUNDLED = sorted(DECKS_DIR.glob("*.txt"))
# The seed keywords of the archetype gauntlet, each the main plan of some bundled deck.
SEED_KEYWORDS = (
    "enchant", "flash", "epic", "convoke", "dredge", "transmute", "bloodthirst", "haunt",
    "replicate", "forecast", "graft", "recover", "wither", "retrace", "devour", "exalted",
    "unearth", "cascade", "annihilator", "level up", "rebound", "umbra armor",
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- deck check


def test_check_valid_deck_prints_curve_sources_and_keywords(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deck", "check", GRUUL)
    assert code == 0, err
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (f"{GRUUL}: Gruul Stompy — 60 cards (21 lands, 39 other), "
                        "no sideboard")
    # 24 one-drops (elves, Bolt, Shock, Giant Growth, Rancor), 10 two-drops, 3 Hill Giants,
    # 2 Dreadmaws: a row per mana value from 1 to 6, empty ones included, with a histogram.
    curve = [line for line in lines if " | " in line or line.rstrip().endswith("|")]
    assert [c.split("|")[0].strip() for c in curve] == ["1", "2", "3", "4", "5", "6"]
    assert curve[0].endswith("| " + "#" * 24 + " 24")
    assert curve[1].endswith("| " + "#" * 10 + " 10")
    assert curve[2].rstrip().endswith("3 |")
    assert "average mana value 1.74" in out
    # Forests and eight mana elves make green; the red cards need 13 pips.
    assert "G green  19 sources (11 lands + 8 creatures); 28 pips in 26 cards" in out
    assert "R red    10 sources (10 lands); 13 pips in 13 cards" in out
    assert "Deathtouch 4, Enchant 4, Flash 4, Trample 2" in out


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck", "check", GRUUL, "--json")
    assert code == 0
    info = json.loads(out)
    assert info["archetype"] == "Gruul Stompy"
    assert (info["main"], info["sideboard"], info["lands"], info["spells"]) == (60, 0, 21, 39)
    assert info["curve"] == {"1": 24, "2": 10, "4": 3, "6": 2}
    assert info["colors"]["G"]["sources"] == 19
    assert info["colors"]["G"]["creatures"] == 8
    assert info["keywords"]["Enchant"] == 4


def test_check_accepts_bundled_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck", "check", "azorius_skies")
    assert code == 0
    assert "Azorius Skies — 60 cards (23 lands, 37 other)" in out


def test_hybrid_pips_are_counted_apart_and_sources_once(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    path = write(tmp_path, "ramgang.txt",
                 "# Ram-Gang test\n4 Boggart Ram-Gang\n4 Savage Lands\n52 Mountain\n")
    code, out, _ = run(capsys, "deck", "check", path, "--json")
    assert code == 0
    info = json.loads(out)
    assert info["colors"] == {}  # no plain coloured pips at all
    # Savage Lands makes red and green: one source of the hybrid, not two.
    assert info["hybrid"] == {"R/G": {"sources": 56, "pips": 12, "cards": 4, "max_pips": 3}}
    code, out, _ = run(capsys, "deck", "check", path)
    assert "R/G hybrid  56 sources (56 lands); 12 hybrid pips in 4 cards" in out


def test_check_invalid_deck_names_file_and_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.txt",
                "# Broken\n4 Llanowar Elves\n4 Lightning Boltz\n52 Forest\n")
    code, out, err = run(capsys, "deck", "check", bad)
    assert code == 2
    assert out.strip() == ""
    assert err.strip() == (f"mtgsim: error: {bad}:3: unknown card 'Lightning Boltz' "
                           "(not in the corpus; did you mean 'Lightning Bolt'?); to supply "
                           "a card by hand, write it in a card file and give it with "
                           "--cards FILE (docs/cards.md)")


def test_check_reports_every_deck_and_fails_if_any_is_bad(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "short.txt", "# Short\n4 Llanowar Elves\n20 Forest\n")
    five = write(tmp_path, "five.txt", "# Five\n5 Rancor\n55 Forest\n")
    code, out, err = run(capsys, "deck", "check", GRUUL, bad, five)
    assert code == 2
    assert "Gruul Stompy — 60 cards" in out  # the valid deck is still described
    assert "1 of 3 decks valid" in out
    errors = err.strip().splitlines()
    assert errors[0] == f"mtgsim: error: {bad}:3: main deck has 24 cards (at least 60)"
    assert errors[1].startswith(f"mtgsim: error: {five}:2: too many copies of 'Rancor'")


def test_check_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nope.txt")
    code, _, err = run(capsys, "deck", "check", missing)
    assert code == 2
    assert err.strip() == f"mtgsim: error: {missing}: no such file"


def test_check_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "deck", "check")
    assert code == 2
    assert "usage:" in err


# --------------------------------------------------------------------------- decks


def test_decks_lists_every_bundled_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "decks")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["deck", "archetype", "cards", "sideboard"]
    rows = {line.split()[0]: line for line in lines[1:]}
    pauper = {f"pauper/{p.stem}" for p in (DECKS_DIR / "pauper").glob("*.txt")}
    assert pauper  # the bundled Pauper metagame's decks, named with their folder
    assert set(rows) == {p.stem for p in BUNDLED} | pauper
    assert rows["pauper/rakdos_madness"].split()[1:3] == ["Rakdos", "Madness"]
    assert rows["gruul_stompy"].split()[1:] == ["Gruul", "Stompy", "60", "0"]
    assert rows["eldrazi_ramp"].split()[1:] == ["Eldrazi", "Ramp", "60", "15"]


def test_header_and_archetype() -> None:
    text = "\n# Azorius Skies: flyers\n# Key cards: X\n4 Island\n# not header\n"
    assert header_comment(text) == ["Azorius Skies: flyers", "Key cards: X"]
    assert archetype_of(header_comment(text), "fallback") == "Azorius Skies"
    assert archetype_of(header_comment("// Bogles\n4 Forest\n"), "x") == "Bogles"
    assert archetype_of(header_comment("4 Forest\n"), "my_deck") == "my_deck"


# --------------------------------------------------------------------------- bundled decks


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_bundled_deck_is_valid_and_documented(path: Path) -> None:
    deck = load_deck(path, known_cards(POOL))
    assert deck.main_count() == 60
    assert deck.sideboard_count() in (0, 15)
    info = load_info(path, POOL)
    assert info.archetype != path.stem  # the header names the archetype
    assert len(info.header) >= 3  # archetype, plan and key cards
    assert 17 <= info.lands <= 24
    for color, need in info.colors.items():  # every colour the spells need has sources
        assert need.sources >= 5, (path.stem, color)


def test_every_seed_keyword_is_a_main_plan_of_some_deck() -> None:
    best: dict[str, int] = {}
    for path in BUNDLED:
        deck = load_deck(path, known_cards(POOL))
        counts: dict[str, int] = {}
        for entry in deck.main:
            for kw in POOL[entry.name].keyword_names:
                counts[kw] = counts.get(kw, 0) + entry.count
        for kw, n in counts.items():
            best[kw] = max(best.get(kw, 0), n)
    # epic cards cost seven or eight: two copies make a plan; everything else has four+
    missing = {kw: best.get(kw, 0) for kw in SEED_KEYWORDS
               if best.get(kw, 0) < (2 if kw == "epic" else 4)}
    assert missing == {}
