"""Card data files: errors name the right line, and your own cards add to the pool.

Every error is checked the way a user meets it, through the command line: one line
``mtgsim: error: FILE:LINE: ...`` on stderr, exit code 2, no traceback.
"""

from __future__ import annotations

import gc
import shutil
from pathlib import Path

import msgspec
import pytest

from mtgsim.cluster.work import JobSpec, Player
from mtgsim.engine.cards.pool import (
    DATA_DIR,
    GAME_YOUNG_THRESHOLD,
    CardDataError,
    CardSource,
    load_pool,
    parse_cards,
    read_extra,
    young_collections_for_games,
)
from mtgsim.engine.cards.tomlines import locate
from mtgsim.pipelines.cli import main

BEARS = (DATA_DIR / "g" / "grizzly_bears.toml").read_text()
NEW_CARD = '''name = "Cave Bear"
mana_cost = "{2}{G}"
types = ["creature"]
subtypes = ["Bear"]
power = 3
toughness = 3
'''


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("mtgsim: error: "), err
    assert "Traceback" not in err
    return lines[0]


def base_copy(tmp_path: Path) -> Path:
    """A copy of the bundled card data to break."""
    data = tmp_path / "carddata"
    shutil.copytree(DATA_DIR, data)
    return data


# --------------------------------------------------------------------------- lines


def test_a_toml_syntax_error_names_its_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = base_copy(tmp_path)
    bad = data / "g" / "golgari_thug.toml"
    lines = bad.read_text().splitlines()
    assert len(lines) > 8
    lines[7] = "keywords = = [\"Dredge 4\"]"  # line 8: two equals signs
    bad.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "cards", "list", "--card-data", str(data))
    assert code == 2
    line = one_line_error(err)
    assert f"{bad}:8: TOML syntax error" in line


def test_a_duplicate_names_the_line_of_its_name(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = base_copy(tmp_path)
    dup = data / "z" / "zz_second_bears.toml"
    dup.parent.mkdir(exist_ok=True)
    dup.write_text("# the same card again\n\n" + BEARS)
    code, _, err = run(capsys, "cards", "list", "--card-data", str(data))
    assert code == 2
    line = one_line_error(err)
    assert f"{dup}:3: card 'Grizzly Bears' is defined twice" in line
    assert "grizzly_bears.toml" in line


def test_a_duplicate_inside_a_many_card_file_names_its_table(tmp_path: Path) -> None:
    f = tmp_path / "two.toml"
    f.write_text("[[card]]\n" + NEW_CARD + "\n[[card]]\n" + NEW_CARD)
    with pytest.raises(CardDataError, match=r"two\.toml:10: card 'Cave Bear' is defined twice"):
        load_pool(str(DATA_DIR), read_extra([f]))


@pytest.mark.parametrize(("change", "line", "what"), [
    (('power = 2', 'power = "two"'), 5, "$.power"),
    (('subtypes = ["Bear"]', 'subtypes = ["Bear"]\nflavour = "x"'), 5, "unknown field"),
    (('mana_cost = "{1}{G}"', 'mana_cost = "{1}{Q}"'), 2, "bad mana symbol"),
])
def test_a_schema_error_names_the_line_of_the_field(change: tuple[str, str], line: int,
                                                    what: str) -> None:
    text = BEARS.replace(*change)
    with pytest.raises(CardDataError) as exc:
        parse_cards(text, "bears.toml")
    assert str(exc.value).startswith(f"bears.toml:{line}: card 'Grizzly Bears': ")
    assert what in str(exc.value)


def test_an_error_deep_in_an_ability_names_its_line() -> None:
    text = (DATA_DIR / "g" / "golgari_thug.toml").read_text()
    bad = text.replace('{ do = "put_on_library" }', '{ do = "put_on_librar" }')
    with pytest.raises(CardDataError) as exc:
        parse_cards(bad, "thug.toml")
    want = next(i for i, s in enumerate(bad.splitlines(), 1) if "put_on_librar" in s)
    assert str(exc.value).startswith(f"thug.toml:{want}: card 'Golgari Thug': ")


def test_locate_follows_arrays_of_tables() -> None:
    text = ('name = "X"\n[[abilities]]\ntype = "static"\n\n[[abilities]]\ntype = "triggered"\n'
            'effects = [{ do = "draw" }]\n[[card]]\nname = "Y"\n[[card.abilities]]\n'
            'when = "dies"\n')
    assert locate(text, ["name"]) == 1
    assert locate(text, ["abilities", 1, "effects", 0, "do"]) == 7
    assert locate(text, ["abilities", 0]) == 2
    assert locate(text, ["card", 0, "abilities", 0, "when"]) == 11
    assert locate(text, ["nothing"]) == 1


def test_a_non_utf8_card_file_is_one_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    data = base_copy(tmp_path)
    bad = data / "l" / "latin1.toml"
    bad.write_bytes('name = "Caf\xe9"\n'.encode("latin-1"))
    code, _, err = run(capsys, "cards", "list", "--card-data", str(data))
    assert code == 2
    assert f"{bad}: not UTF-8 text" in one_line_error(err)


def test_a_directory_named_like_a_card_file_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = base_copy(tmp_path)
    (data / "x" / "odd.toml").mkdir(parents=True)
    code, _, err = run(capsys, "cards", "list", "--card-data", str(data))
    assert code == 2
    assert f"{data / 'x' / 'odd.toml'}: a directory, not a card file" in one_line_error(err)


def test_an_empty_card_data_directory_is_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "list", "--card-data", str(tmp_path))
    assert code == 2
    assert "no card data files" in one_line_error(err)


# --------------------------------------------------------------------------- your own cards


def test_your_cards_add_to_the_bundled_pool(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "cave_bear.toml"
    mine.write_text(NEW_CARD)
    code, out, err = run(capsys, "cards", "list", "--cards", str(mine))
    assert code == 0, err
    names = out.splitlines()
    assert "Cave Bear" in names
    assert "Grizzly Bears" in names and len(names) == len(load_pool()) + 1


def test_a_directory_of_your_cards_and_a_deck_that_plays_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "mine"
    cards.mkdir()
    (cards / "cave_bear.toml").write_text(NEW_CARD)
    deck = tmp_path / "bears.txt"
    deck.write_text("4 Cave Bear\n4 Grizzly Bears\n52 Forest\n")
    code, out, err = run(capsys, "play", str(deck), "gruul_stompy", "--cards", str(cards),
                         "--seed", "2")
    assert code == 0, err
    assert "Cave Bear" in out
    code, _, err = run(capsys, "play", str(deck), "gruul_stompy", "--quiet")
    assert code == 2 and "unknown card 'Cave Bear'" in one_line_error(err)


def test_a_name_already_in_the_pool_needs_override(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "big_bears.toml"
    mine.write_text("# stronger bears\n" + BEARS.replace("power = 2", "power = 5"))
    code, _, err = run(capsys, "cards", "list", "--cards", str(mine))
    assert code == 2
    line = one_line_error(err)
    assert f"{mine}:2: card 'Grizzly Bears' is already in the pool" in line
    assert "--override" in line
    source = CardSource(extra=read_extra([mine]), override=True)
    assert source.load()["Grizzly Bears"].power == 5
    assert load_pool()["Grizzly Bears"].power == 2  # the bundled pool is untouched
    assert source.hash() != CardSource().hash()


def test_override_does_not_allow_two_of_your_own(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(NEW_CARD)
    (tmp_path / "b.toml").write_text(NEW_CARD)
    with pytest.raises(CardDataError, match=r"b\.toml:1: card 'Cave Bear' is defined twice"):
        CardSource(extra=read_extra([tmp_path]), override=True).load()


def test_a_missing_card_path_is_one_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "list", "--cards", str(tmp_path / "nope.toml"))
    assert code == 2
    assert "nope.toml: no such file or directory" in one_line_error(err)


def test_replacing_the_pool_keeps_working(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cave_bear.toml").write_text(NEW_CARD)
    code, out, _ = run(capsys, "cards", "list", "--card-data", str(tmp_path))
    assert code == 0 and out.splitlines() == ["Cave Bear"]


def test_workers_build_the_same_pool_from_the_job_spec(tmp_path: Path) -> None:
    """The extra files travel as text: a worker needs none of the user's paths."""
    mine = tmp_path / "cave_bear.toml"
    mine.write_text(NEW_CARD)
    source = CardSource(extra=read_extra([mine]))
    spec = JobSpec("j", 1, (), cards=source)
    wire = msgspec.msgpack.encode(spec)
    mine.unlink()
    back = msgspec.msgpack.decode(wire, type=JobSpec)
    assert back == spec
    assert "Cave Bear" in Player(back).pool


def test_loading_the_pool_makes_young_collections_rarer(tmp_path: Path) -> None:
    """Loading a pool raises the youngest generation's threshold for the games to come,
    but never lowers one set higher, and never turns a collector set off (0) back on."""
    (tmp_path / "grizzly_bears.toml").write_text(BEARS, encoding="utf-8")
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's default
        load_pool(str(tmp_path))  # (a pool not loaded before: load_pool keeps each one)
        assert gc.get_threshold() == (GAME_YOUNG_THRESHOLD, 10, 10)
        gc.set_threshold(50_000, 5, 7)
        young_collections_for_games()
        assert gc.get_threshold() == (50_000, 5, 7)
        gc.set_threshold(0, 10, 10)
        young_collections_for_games()
        assert gc.get_threshold() == (0, 10, 10)
    finally:
        gc.set_threshold(*before)
