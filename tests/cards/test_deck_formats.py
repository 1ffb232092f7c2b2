"""The deck-list formats people paste: each loads, or is an error naming file and line.

One loading test and one or more error tests per format: MTGO .dek (XML), MTGO .txt (a
blank line before the sideboard), the Arena export (About / Deck / Sideboard /
Commander / Companion, printing suffixes), Moxfield and Archidekt lines, ``SB:`` lines,
and the size limits every format shares.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import known_cards, load_pool
from mtgsim.engine.decklists.deck import MAX_MAIN, DeckEntry, DeckError, load_deck, parse_deck
from mtgsim.pipelines.cli import main

KNOWN = known_cards(load_pool())

MAIN_60 = [("Lightning Bolt", 4), ("Llanowar Elves", 4), ("Grizzly Bears", 4),
           ("Mountain", 24), ("Forest", 24)]
SIDE = [("Dragon Fodder", 2), ("Naturalize", 1)]


def load(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> object:
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return load_deck(path, KNOWN)


def error(tmp_path: Path, name: str, text: str) -> DeckError:
    with pytest.raises(DeckError) as info:
        load(tmp_path, name, text)
    assert info.value.file == str(tmp_path / name)
    return info.value


def entries(pairs: list[tuple[str, int]]) -> tuple[DeckEntry, ...]:
    return tuple(DeckEntry(n, c) for n, c in pairs)


# --------------------------------------------------------------------------- MTGO .dek


def dek(cards: list[tuple[str, int, bool]]) -> str:
    rows = "\n".join(f'  <Cards CatID="{1000 + i}" Quantity="{q}" Sideboard="{str(s).lower()}" '
                     f'Name="{n}" Annotation="0" />' for i, (n, q, s) in enumerate(cards))
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
            '  <NetDeckID>0</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n'
            f"{rows}\n</Deck>\n")


DEK = dek([(n, c, False) for n, c in MAIN_60] + [(n, c, True) for n, c in SIDE])


def test_mtgo_dek_loads(tmp_path: Path) -> None:
    deck = load(tmp_path, "burn.dek", "\ufeff" + DEK)  # MTGO writes a byte-order mark
    assert deck.main == entries(MAIN_60)  # type: ignore[attr-defined]
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]
    assert deck.name == "burn"  # type: ignore[attr-defined]


def test_mtgo_dek_is_recognised_by_content_too() -> None:
    deck = parse_deck(DEK, file="pasted.txt", known_cards=KNOWN)
    assert deck.main_count() == 60 and deck.sideboard_count() == 3


@pytest.mark.parametrize(("change", "line", "message"), [
    (('Name="Grizzly Bears"', 'Name="Grizzly Baers"'), 7, "unknown card 'Grizzly Baers' "
                                                          "(did you mean 'Grizzly Bears'?)"),
    (('Quantity="24" Sideboard="false" Name="Forest"', 'Quantity="many" Sideboard="false" '
      'Name="Forest"'), 9, "'Forest': Quantity 'many' is not a count"),
    (('Sideboard="true" Name="Naturalize"', 'Sideboard="yes" Name="Naturalize"'), 11,
     "'Naturalize': Sideboard must be true or false"),
    (('Name="Naturalize" Annotation="0" />', 'Name="Naturalize" Annotation="0">'), 12,
     "not a valid .dek file (XML: mismatched tag)"),
    (('Quantity="4" Sideboard="false" Name="Lightning Bolt"', 'Quantity="5" '
      'Sideboard="false" Name="Lightning Bolt"'), 5, "too many copies of 'Lightning Bolt'"),
])
def test_mtgo_dek_errors_name_the_line(tmp_path: Path, change: tuple[str, str], line: int,
                                       message: str) -> None:
    text = DEK.replace(*change)
    assert text != DEK
    err = error(tmp_path, "bad.dek", text)
    assert err.line == line, err
    assert message in err.message


def test_a_dek_that_is_no_deck(tmp_path: Path) -> None:
    err = error(tmp_path, "odd.dek", '<?xml version="1.0"?>\n<Library>\n</Library>\n')
    assert (err.line, err.message) == (2, "not an MTGO deck: the root element is <Library>, "
                                          "not <Deck>")
    err = error(tmp_path, "text.dek", "4 Lightning Bolt\n")
    assert err.line == 1 and "not a valid .dek file" in err.message


# --------------------------------------------------------------------------- MTGO .txt


def lines(pairs: list[tuple[str, int]], fmt: str = "{c} {n}") -> str:
    return "".join(fmt.format(c=c, n=n) + "\n" for n, c in pairs)


MTGO_TXT = lines(MAIN_60) + "\n" + lines(SIDE)


def test_mtgo_txt_blank_line_starts_the_sideboard(tmp_path: Path) -> None:
    deck = load(tmp_path, "burn.txt", MTGO_TXT)
    assert deck.main == entries(MAIN_60)  # type: ignore[attr-defined]
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]
    assert deck.main_count() == 60  # type: ignore[attr-defined]  # not 63: nothing merged


def test_mtgo_txt_trailing_blank_lines_and_comments_change_nothing(tmp_path: Path) -> None:
    deck = load(tmp_path, "burn.txt", "// exported\n\n" + lines(MAIN_60) + "\n\n# end\n")
    assert deck.sideboard == ()  # type: ignore[attr-defined]


def test_mtgo_txt_a_second_break_is_an_error(tmp_path: Path) -> None:
    text = lines(MAIN_60[:3]) + "\n" + lines(MAIN_60[3:]) + "\n" + lines(SIDE)
    err = error(tmp_path, "groups.txt", text)
    assert err.line == 8
    assert "a second blank line between cards" in err.message
    assert "'Deck' and 'Sideboard' headers" in err.message


# --------------------------------------------------------------------------- Arena


ARENA = ("About\nName Gruul Burn\n\nDeck\n"
         + lines(MAIN_60, "{c} {n} (M10) 146")
         + "\nSideboard\n" + lines(SIDE, "{c} {n} (ZEN) 12a"))


def test_arena_export_loads(tmp_path: Path) -> None:
    deck = load(tmp_path, "arena.txt", ARENA)
    assert deck.main == entries(MAIN_60)  # type: ignore[attr-defined]
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]
    assert deck.title == "Gruul Burn"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "line", "message"), [
    ("Commander\n1 Grizzly Bears (M10) 1\n\n" + ARENA.split("\n", 3)[3], 1,
     "a Commander section: commander decks are not supported"),
    ("Companion\n1 Grizzly Bears (M10) 1\n\n" + ARENA.split("\n", 3)[3], 1,
     "a Companion section: companion (702.139) is not implemented"),
    (ARENA.replace("Name Gruul Burn", "Format Standard"), 2,
     "unexpected line 'Format Standard' in the About section"),
    (ARENA.replace("Llanowar Elves (M10)", "Llanowar Elfs (M10)"), 6,
     "unknown card 'Llanowar Elfs' (did you mean 'Llanowar Elves'?)"),
])
def test_arena_errors_name_the_line(tmp_path: Path, text: str, line: int,
                                    message: str) -> None:
    err = error(tmp_path, "arena.txt", text)
    assert err.line == line, err
    assert message in err.message


# --------------------------------------------------------------------------- Moxfield


def test_moxfield_and_archidekt_lines_load(tmp_path: Path) -> None:
    text = ("1x Lightning Bolt (2X2) 117 *F*\n3x Lightning Bolt (M10) 146\n"
            "4x Llanowar Elves (dom) 168 *E* [Ramp] ^Have,#37d67a^\n"
            + lines(MAIN_60[2:], "{c}x {n} (ZEN) 230")
            + "2x Dragon Fodder (M19) 135 [Sideboard]\n"
            + "1x Naturalize [Sideboard{noPrice}]\n"
            + "1x Pyroclasm [Maybeboard{noDeck}{noPrice}]\n"
            + "\nMAYBEBOARD:\n1x Not A Real Card (XXX) 1\n")
    deck = load(tmp_path, "moxfield.txt", text)
    assert deck.main == entries(MAIN_60)  # type: ignore[attr-defined]
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]


def test_moxfield_sideboard_header(tmp_path: Path) -> None:
    deck = load(tmp_path, "m.txt", lines(MAIN_60, "{c}x {n} (M10) 1") + "\nSIDEBOARD:\n"
                + lines(SIDE, "{c}x {n} (M10) 1 *F*"))
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "line", "message"), [
    ("1x Grizzly Bears (M10) 1 *CMDR*\n" + lines(MAIN_60, "{c}x {n}"), 1,
     "'Grizzly Bears' is marked as a commander"),
    ("1x Grizzly Bears [Commander{top}]\n" + lines(MAIN_60, "{c}x {n}"), 1,
     "marked as a commander"),
    (lines(MAIN_60, "{c}x {n} (M10) 146") + "2x (M19) 135\n", 6, "unknown card '(M19) 135'"),
    (lines(MAIN_60, "{c}x {n} (M10) 146") + "Two Dragon Fodder (M19) 135\n", 6,
     "malformed line 'Two Dragon Fodder (M19) 135'"),
])
def test_moxfield_errors_name_the_line(tmp_path: Path, text: str, line: int,
                                       message: str) -> None:
    err = error(tmp_path, "moxfield.txt", text)
    assert err.line == line, err
    assert message in err.message


# --------------------------------------------------------------------------- SB: lines


def test_sb_lines_load_anywhere(tmp_path: Path) -> None:
    text = "SB: 2 Dragon Fodder\n" + lines(MAIN_60) + "SB:  1 [ZEN] Naturalize\n"
    deck = load(tmp_path, "mws.txt", text)
    assert deck.main == entries(MAIN_60)  # type: ignore[attr-defined]
    assert deck.sideboard == entries(SIDE)  # type: ignore[attr-defined]


def test_sb_lines_count_toward_the_copy_limit(tmp_path: Path) -> None:
    err = error(tmp_path, "mws.txt", lines(MAIN_60) + "SB: 1 Lightning Bolt\n")
    assert err.line == 6
    assert "too many copies of 'Lightning Bolt': 5 across main deck and sideboard" in \
        err.message
    err = error(tmp_path, "mws.txt", lines(MAIN_60) + "SB: Lightning Bolt\n")
    assert err.line == 6 and "malformed line" in err.message


# --------------------------------------------------------------------------- sizes


def test_a_count_no_deck_can_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = error(tmp_path, "huge.txt", "99999999999999999999 Forest\n")
    assert err.line == 1 and "count 999999999999... is more than a deck can hold" in \
        err.message
    err = error(tmp_path, "huge.txt", "4 Lightning Bolt\n1001 Forest\n")
    assert err.line == 2 and f"at most {MAX_MAIN} cards" in err.message
    path = tmp_path / "huge.txt"
    path.write_text("9" * 5000 + " Forest\n")  # more digits than int() takes by default
    assert main(["deck", "check", str(path)]) == 2
    out, err_text = capsys.readouterr()
    assert err_text.startswith(f"mtgsim: error: {path}:1: count 999999999999...")
    assert "Traceback" not in err_text and len(err_text.splitlines()) == 1


def test_a_deck_over_a_thousand_cards(tmp_path: Path) -> None:
    ok = load(tmp_path, "big.txt", "500 Forest\n500 Mountain\n")
    assert ok.main_count() == 1000  # type: ignore[attr-defined]
    err = error(tmp_path, "big.txt", "500 Forest\n500 Mountain\n1 Forest\n")
    assert (err.line, err.message) == (3, f"main deck has 1001 cards (at most {MAX_MAIN})")


def test_every_format_plays_through_the_command_line(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    paths = {"a.dek": DEK, "b.txt": MTGO_TXT, "c.txt": ARENA}
    for name, text in paths.items():
        (tmp_path / name).write_text(text)
    code = main(["play", str(tmp_path / "a.dek"), str(tmp_path / "c.txt"), "--quiet"])
    assert code == 0, capsys.readouterr().err
    assert main(["deck", "check", *(str(tmp_path / n) for n in paths)]) == 0
    out = capsys.readouterr().out
    assert "3 of 3 decks valid" in out
    assert f"{tmp_path / 'c.txt'}: Gruul Burn — 60 cards" in out  # Arena's About name
