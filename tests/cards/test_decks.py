"""Tests for engine.decklists.deck: parsing and validating MTGO / Arena deck lists."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from mtgsim.engine.decklists.deck import Deck, DeckEntry, DeckError, load_deck, parse_deck_text

KNOWN: dict[str, bool] = {
    "Lightning Bolt": False,
    "Pelt Collector": False,
    "Fire // Ice": False,
    "Thalia's Lieutenant": False,
    "Llanowar Elves": False,
    "Pyroclasm": False,
    "Naturalize": False,
    "Mountain": True,
    "Forest": True,
}

# 4 + 4 + 20 + 32 = 60 cards.
VALID = """\
4 Lightning Bolt
4 Pelt Collector
20 Mountain
32 Forest
"""


def parse(text: str, file: str = "decks/test_deck.txt") -> Deck:
    return parse_deck_text(text, file=file, known_cards=KNOWN)


def error_of(text: str, file: str = "decks/bad.txt") -> DeckError:
    with pytest.raises(DeckError) as info:
        parse(text, file=file)
    return info.value


# --------------------------------------------------------------------------- valid lists


def test_valid_deck() -> None:
    deck = parse(VALID)
    assert deck.name == "test_deck"
    assert deck.main == (
        DeckEntry("Lightning Bolt", 4),
        DeckEntry("Pelt Collector", 4),
        DeckEntry("Mountain", 20),
        DeckEntry("Forest", 32),
    )
    assert deck.sideboard == ()
    assert deck.main_count() == 60
    cards = deck.main_cards()
    assert len(cards) == 60
    assert cards[:5] == ["Lightning Bolt"] * 4 + ["Pelt Collector"]
    assert cards[8:28] == ["Mountain"] * 20
    assert cards[-1] == "Forest"


def test_structs_are_frozen_and_comparable() -> None:
    deck = parse(VALID)
    assert deck == parse(VALID)
    with pytest.raises(AttributeError):
        deck.name = "other"  # type: ignore[misc]


def test_x_count_syntax() -> None:
    deck = parse(VALID.replace("4 Lightning Bolt", "4x Lightning Bolt").replace(
        "4 Pelt", "4X Pelt"))
    assert deck.main[0] == DeckEntry("Lightning Bolt", 4)
    assert deck.main[1] == DeckEntry("Pelt Collector", 4)


def test_comments_and_blank_lines() -> None:
    # With a section header blank lines mean nothing (without one, MTGO's format, a
    # blank line between cards starts the sideboard: see test_deck_formats.py).
    text = """\
# Gruul test deck
// by somebody

Deck
4 Lightning Bolt   # burn
4 Pelt Collector # creature
   // indented comment
20 Mountain

32 Forest
"""
    deck = parse(text)
    assert deck.main_count() == 60
    assert [e.name for e in deck.main] == ["Lightning Bolt", "Pelt Collector", "Mountain", "Forest"]


def test_split_card_double_slash_is_not_a_comment() -> None:
    deck = parse("4 Fire // Ice\n" + VALID.replace("32 Forest", "28 Forest"))
    assert deck.main[0] == DeckEntry("Fire // Ice", 4)
    assert deck.main_count() == 60


@pytest.mark.parametrize("header", ["Sideboard", "SIDEBOARD:", "sideboard:", "Sideboard :"])
def test_sideboard_header(header: str) -> None:
    deck = parse(VALID + f"\n{header}\n2 Pyroclasm\n3 Naturalize\n")
    assert deck.main_count() == 60
    assert deck.sideboard == (DeckEntry("Pyroclasm", 2), DeckEntry("Naturalize", 3))
    assert deck.sideboard_count() == 5
    assert "Pyroclasm" not in deck.main_cards()


def test_deck_header_is_ignored() -> None:
    deck = parse("Deck\n" + VALID + "\nSideboard\n1 Pyroclasm\n")
    assert deck.main_count() == 60
    assert deck.sideboard == (DeckEntry("Pyroclasm", 1),)


def test_arena_format() -> None:
    text = """\
Deck
4 Lightning Bolt (M10) 146
4 Pelt Collector (GRN) 141
20 Mountain (ANA) 60
32 Forest (M21) 274

Sideboard
2 Pyroclasm (ONS) 222
"""
    deck = parse(text)
    assert deck.main == (
        DeckEntry("Lightning Bolt", 4),
        DeckEntry("Pelt Collector", 4),
        DeckEntry("Mountain", 20),
        DeckEntry("Forest", 32),
    )
    assert deck.sideboard == (DeckEntry("Pyroclasm", 2),)


def test_arena_suffix_without_collector_number() -> None:
    deck = parse(VALID.replace("4 Lightning Bolt", "4 Lightning Bolt (M10)"))
    assert deck.main[0] == DeckEntry("Lightning Bolt", 4)


def test_case_insensitive_names_return_canonical_spelling() -> None:
    text = "4 LIGHTNING BOLT\n4 pelt collector\n20 mOuNtAiN\n32 forest\n"
    deck = parse(text)
    assert [e.name for e in deck.main] == ["Lightning Bolt", "Pelt Collector", "Mountain", "Forest"]


def test_curly_apostrophe_and_extra_spaces_match() -> None:
    deck = parse("4 Thalia\u2019s   Lieutenant\n" + VALID.replace("32 Forest", "28 Forest"))
    assert deck.main[0] == DeckEntry("Thalia's Lieutenant", 4)


def test_duplicate_entries_are_merged_at_first_position() -> None:
    text = """\
2 Lightning Bolt
10 Mountain
4 Pelt Collector
2 lightning bolt
10 Mountain
32 Forest
Sideboard
1 Pyroclasm
1 Naturalize
1 Pyroclasm
"""
    deck = parse(text)
    assert deck.main == (
        DeckEntry("Lightning Bolt", 4),
        DeckEntry("Mountain", 20),
        DeckEntry("Pelt Collector", 4),
        DeckEntry("Forest", 32),
    )
    assert deck.sideboard == (DeckEntry("Pyroclasm", 2), DeckEntry("Naturalize", 1))
    assert deck.main_cards()[:4] == ["Lightning Bolt"] * 4
    assert deck.main_cards()[4:24] == ["Mountain"] * 20


def test_basic_lands_may_exceed_four_copies() -> None:
    deck = parse("4 Lightning Bolt\n56 Mountain\nSideboard\n10 Forest\n")
    assert deck.main == (DeckEntry("Lightning Bolt", 4), DeckEntry("Mountain", 56))
    assert deck.sideboard == (DeckEntry("Forest", 10),)


def test_exactly_fifteen_sideboard_cards_allowed() -> None:
    deck = parse(VALID + "Sideboard\n4 Pyroclasm\n4 Naturalize\n7 Mountain\n")
    assert deck.sideboard_count() == 15


def test_more_than_sixty_main_cards_allowed() -> None:
    assert parse(VALID + "1 Forest\n").main_count() == 61


def test_windows_line_endings() -> None:
    deck = parse(VALID.replace("\n", "\r\n") + "Sideboard:\r\n1 Pyroclasm\r\n")
    assert deck.main_count() == 60
    assert deck.sideboard == (DeckEntry("Pyroclasm", 1),)


# --------------------------------------------------------------------------- errors


def test_error_str_and_fields() -> None:
    err = DeckError("decks/x.txt", 7, "something is wrong")
    assert str(err) == "decks/x.txt:7: something is wrong"
    assert (err.file, err.line, err.message) == ("decks/x.txt", 7, "something is wrong")


def test_error_is_picklable() -> None:
    err = pickle.loads(pickle.dumps(DeckError("decks/x.txt", 3, "bad")))
    assert isinstance(err, DeckError)
    assert (err.file, err.line, err.message) == ("decks/x.txt", 3, "bad")
    assert str(err) == "decks/x.txt:3: bad"


@pytest.mark.parametrize(
    "bad_line",
    ["Lightning Bolt", "four Lightning Bolt", "4", "4x", "-1 Lightning Bolt", "4Lightning Bolt"],
)
def test_malformed_line(bad_line: str) -> None:
    err = error_of(f"# header\n4 Pelt Collector\n{bad_line}\n20 Mountain\n")
    assert err.file == "decks/bad.txt"
    assert err.line == 3
    assert "malformed line" in err.message
    assert str(err).startswith("decks/bad.txt:3: malformed line")


def test_count_zero() -> None:
    err = error_of("4 Pelt Collector\n\n0 Lightning Bolt\n")
    assert (err.file, err.line) == ("decks/bad.txt", 3)
    assert err.message == "count must be at least 1, got 0"


def test_unknown_card_with_suggestion() -> None:
    err = error_of("4 Pelt Collector\n// comment\n4 Lightning Blot\n")
    assert (err.file, err.line) == ("decks/bad.txt", 3)
    assert err.message == "unknown card 'Lightning Blot' (did you mean 'Lightning Bolt'?)"
    assert str(err) == (
        "decks/bad.txt:3: unknown card 'Lightning Blot' (did you mean 'Lightning Bolt'?)"
    )


def test_unknown_card_suggestion_is_case_insensitive_and_canonical() -> None:
    err = error_of("4 llanowar elfs\n")
    assert err.line == 1
    assert err.message == "unknown card 'llanowar elfs' (did you mean 'Llanowar Elves'?)"


def test_unknown_card_without_suggestion() -> None:
    err = error_of("4 Pelt Collector\n1 Black Lotus\n")
    assert err.line == 2
    assert err.message == "unknown card 'Black Lotus'"


def test_every_unknown_card_is_named_at_once_with_close_suggestions_only() -> None:
    """A real list with two typos and two cards the pool lacks: one error names all four,
    at the first one's line; "Brushland" gets no suggestion (difflib's 0.6 cutoff offered
    "Island"), the typos get the card they misspell."""
    known = {**KNOWN, "Island": True, "Counterspell": False}
    with pytest.raises(DeckError) as info:
        parse_deck_text("4 Pelt Collector\n4 Lightning Blot\n4 Brushland\n4 Counterspel\n"
                        "4 Tarmogoyf\n4 Lightning Blot\n40 Forest\n", file="decks/bad.txt",
                        known_cards=known)
    err = info.value
    assert err.line == 2
    assert err.message == (
        "4 cards of this list are unknown: unknown card 'Lightning Blot' (line 2; did you "
        "mean 'Lightning Bolt'?); unknown card 'Brushland' (line 3); unknown card "
        "'Counterspel' (line 4; did you mean 'Counterspell'?); unknown card 'Tarmogoyf' "
        "(line 5)")


def test_unknown_card_in_arena_format_names_the_card_without_suffix() -> None:
    err = error_of("Deck\n4 Lightning Blot (M10) 146\n")
    assert err.line == 2
    assert err.message == "unknown card 'Lightning Blot' (did you mean 'Lightning Bolt'?)"


def test_five_copies_in_one_line() -> None:
    err = error_of("4 Pelt Collector\n5 Lightning Bolt\n20 Mountain\n")
    assert (err.file, err.line) == ("decks/bad.txt", 2)
    assert "too many copies of 'Lightning Bolt': 5" in err.message
    assert "at most 4" in err.message


def test_copy_limit_reported_at_line_that_crosses_it() -> None:
    text = """\
2 Lightning Bolt
4 Pelt Collector
2 Lightning Bolt
20 Mountain
1 LIGHTNING BOLT
32 Forest
"""
    err = error_of(text)
    assert err.line == 5
    assert "too many copies of 'Lightning Bolt': 5" in err.message


def test_copy_limit_counts_main_and_sideboard_together() -> None:
    text = VALID + "\nSideboard\n2 Pyroclasm\n1 Lightning Bolt\n"
    err = error_of(text)
    assert err.line == 8
    assert "too many copies of 'Lightning Bolt': 5" in err.message
    assert "sideboard" in err.message


def test_four_copies_split_between_main_and_sideboard_is_fine() -> None:
    text = VALID.replace("4 Lightning Bolt", "3 Lightning Bolt").replace("32 Forest", "33 Forest")
    deck = parse(text + "Sideboard\n1 Lightning Bolt\n")
    assert deck.main[0] == DeckEntry("Lightning Bolt", 3)
    assert deck.sideboard == (DeckEntry("Lightning Bolt", 1),)


def test_too_few_main_cards_reported_at_last_line() -> None:
    text = "4 Lightning Bolt\n4 Pelt Collector\n20 Mountain\n\n# end\n"
    err = error_of(text)
    assert (err.file, err.line) == ("decks/bad.txt", 5)
    assert "28" in err.message
    assert "60" in err.message


def test_too_few_main_cards_ignores_sideboard() -> None:
    text = "4 Lightning Bolt\n20 Mountain\n32 Forest\nSideboard\n4 Pyroclasm\n"
    err = error_of(text)
    assert err.line == 5
    assert err.message.startswith("main deck has 56 cards")


def test_empty_file() -> None:
    err = error_of("")
    assert err.line == 1
    assert "main deck has 0 cards" in err.message


def test_sideboard_over_fifteen() -> None:
    text = VALID + "Sideboard\n4 Pyroclasm\n4 Naturalize\n7 Mountain\n1 Forest\n2 Forest\n"
    err = error_of(text)
    assert (err.file, err.line) == ("decks/bad.txt", 9)
    assert err.message == "sideboard has 16 cards (at most 15)"


def test_first_error_in_file_order_wins() -> None:
    err = error_of("4 Lightning Blot\nnonsense\n")
    assert err.line == 1
    assert "unknown card" in err.message


# --------------------------------------------------------------------------- files


def test_load_deck_from_file(tmp_path: Path) -> None:
    path = tmp_path / "gruul_stompy.txt"
    path.write_text("Deck\n" + VALID + "\nSIDEBOARD:\n2 Pyroclasm\n", encoding="utf-8")
    deck = load_deck(path, KNOWN)
    assert deck.name == "gruul_stompy"
    assert deck.main_count() == 60
    assert deck.sideboard == (DeckEntry("Pyroclasm", 2),)
    assert load_deck(str(path), KNOWN) == deck


def test_load_deck_with_utf8_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + VALID.encode())
    assert load_deck(path, KNOWN).main[0] == DeckEntry("Lightning Bolt", 4)


def test_load_deck_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("4 Pelt Collector\n4 Lightning Blot\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path, KNOWN)
    assert info.value.file == str(path)
    assert info.value.line == 2
    assert str(info.value).startswith(f"{path}:2: unknown card 'Lightning Blot'")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.txt"
    with pytest.raises(DeckError) as info:
        load_deck(path, KNOWN)
    assert info.value.file == str(path)
    assert info.value.line == 0
    assert str(info.value) == f"{path}:0: no such file"


def test_directory_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as info:
        load_deck(tmp_path, KNOWN)
    assert info.value.line == 0


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"4 Lightning Bolt \xff\xfe\n")
    with pytest.raises(DeckError) as info:
        load_deck(path, KNOWN)
    assert info.value.line == 0
    assert "UTF-8" in info.value.message
