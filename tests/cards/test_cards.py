"""The card pool matches the reference Oracle data, and the check can fail."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from mtgsim.engine.cards.check import DEFAULT_REFERENCE, check_card, check_pool, load_reference
from mtgsim.engine.cards.pool import compile_card, load_pool
from mtgsim.pipelines.cli import main


def test_every_reference_card_is_supported_and_matches() -> None:
    reference = load_reference()
    assert len(reference) == 314
    assert check_pool(load_pool()) == []


def test_cards_check_command(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["cards", "check"]) == 0
    assert "314 of 314 reference cards match; 0 problem(s)" in capsys.readouterr().out
    assert main(["cards", "list"]) == 0
    names = capsys.readouterr().out.splitlines()
    assert "Bloodbraid Elf" in names and names == sorted(names)


def test_a_mismatch_is_reported(tmp_path: Path) -> None:
    pool = load_pool()
    elf = pool["Bloodbraid Elf"]
    wrong = compile_card(msgspec.structs.replace(elf.defn, mana_cost="{1}{R}{G}", power=2))
    ref = load_reference()["Bloodbraid Elf"]
    problems = check_card(wrong, ref)
    assert any("mana cost" in p for p in problems)
    assert any("power/toughness" in p for p in problems)
    lines = [json.loads(x) for x in DEFAULT_REFERENCE.read_text().splitlines()[:3]]
    lines[0]["keywords"] = ["Flying"]
    f = tmp_path / "ref.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in lines))
    problems = check_pool(pool, f)
    assert len(problems) == 1 and "keywords" in problems[0]


# --------------------------------------------------------------------------- your references

CAVE_BEAR = '''name = "Cave Bear"
mana_cost = "{2}{G}"
types = ["creature"]
subtypes = ["Bear"]
power = 3
toughness = 3
keywords = ["Trample"]
'''
CAVE_BEAR_REF = {"name": "Cave Bear", "mana_cost": "{2}{G}", "type_line": "Creature — Bear",
                 "power": "3", "toughness": "3", "keywords": ["Trample"],
                 "oracle_text": "Trample"}


def _mtgjson_face(**changes: object) -> dict[str, object]:
    face: dict[str, object] = {"name": "Cave Bear", "manaCost": "{2}{G}",
                               "type": "Creature — Bear", "power": "3", "toughness": "3",
                               "keywords": ["Trample"], "text": "Trample",
                               "layout": "normal", "colors": ["G"]}
    face.update(changes)
    return face


def _check(capsys, tmp_path: Path, reference: object, *, jsonl: bool = False,  # type: ignore[no-untyped-def]
           card: str = CAVE_BEAR) -> tuple[int, str, str]:
    mine = tmp_path / "cave_bear.toml"
    mine.write_text(card)
    ref = tmp_path / ("ref.jsonl" if jsonl else "ref.json")
    ref.write_text(json.dumps(reference) if not jsonl else
                   "\n".join(json.dumps(x) for x in reference))  # type: ignore[attr-defined]
    code = main(["cards", "check", "--cards", str(mine), "--reference", str(ref)])
    out, err = capsys.readouterr()
    return code, out, err


def test_your_cards_against_your_jsonl_reference(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = _check(capsys, tmp_path, [CAVE_BEAR_REF], jsonl=True)
    assert code == 0, out + err
    assert "1 of 1 of your cards match; 0 problem(s)" in out
    code, out, _ = _check(capsys, tmp_path, [{**CAVE_BEAR_REF, "power": "4"}], jsonl=True)
    assert code == 1
    assert "Cave Bear: power/toughness 3/3, reference 4/3" in out


def test_your_cards_against_mtgjson_atomic_cards(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    atomic = {"meta": {"version": "5.2.2"},
              "data": {"Cave Bear": [_mtgjson_face()],
                       "Lightning Bolt": [_mtgjson_face(name="Lightning Bolt")]}}
    code, out, err = _check(capsys, tmp_path, atomic)
    assert code == 0, out + err
    assert "1 of 1 of your cards match" in out
    # keyword actions and ability words MTGJSON lists are no keyword abilities to miss
    atomic["data"]["Cave Bear"] = [_mtgjson_face(keywords=["Trample", "Scry", "Landfall"])]
    assert _check(capsys, tmp_path, atomic)[0] == 0
    # ... but a keyword ability the engine knows is
    atomic["data"]["Cave Bear"] = [_mtgjson_face(keywords=["Trample", "Vigilance"])]
    code, out, _ = _check(capsys, tmp_path, atomic)
    assert code == 1 and "Cave Bear: keywords" in out


def test_mtgjson_keywords_are_names_without_numbers(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    card = CAVE_BEAR.replace('keywords = ["Trample"]', 'keywords = ["Annihilator 2"]')
    atomic = {"data": {"Cave Bear": [_mtgjson_face(keywords=["Annihilator"])]}}
    code, out, err = _check(capsys, tmp_path, atomic, card=card)
    assert code == 0, out + err


def test_mtgjson_set_and_all_printings_files(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    one_set = {"meta": {}, "data": {"code": "TST", "cards": [_mtgjson_face(manaCost="{1}{G}")]}}
    code, out, _ = _check(capsys, tmp_path, one_set)
    assert code == 1 and "Cave Bear: mana cost '{2}{G}', reference '{1}{G}'" in out
    printings = {"data": {"TST": {"code": "TST", "cards": [_mtgjson_face()]},
                          "TS2": {"code": "TS2", "cards": [_mtgjson_face()]}}}
    assert _check(capsys, tmp_path, printings)[0] == 0


def test_a_card_missing_from_your_reference_is_a_problem(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    atomic = {"data": {"Lightning Bolt": [_mtgjson_face(name="Lightning Bolt")]}}
    code, out, _ = _check(capsys, tmp_path, atomic)
    assert code == 1 and "Cave Bear: not in the reference" in out


def test_your_new_card_needs_no_reference_entry(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """With the bundled reference (which holds the bundled cards), a card of your own is
    checked against the schema and said to have nothing to compare with: exit 0, not
    "0 of 0 of your cards match" and exit 1."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "cave_bear.toml").write_text(CAVE_BEAR)
    (mine / "lightning_bolt.toml").write_text(
        'name = "Lightning Bolt"\nmana_cost = "{R}"\ntypes = ["instant"]\n'
        'spell = { targets = [{ kind = "any" }], effects = [{ do = "damage", amount = 3 }] }\n')
    code = main(["cards", "check", "--cards", str(mine), "--override"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert out.splitlines() == [
        "Cave Bear: valid against the schema; no reference entry to compare with (give "
        "--reference FILE with Oracle data for it)",
        "2 of your card(s) valid against the schema; 1 of 1 of your cards match; 1 with no "
        "reference entry to compare with; 0 problem(s)"]
    (mine / "cave_bear.toml").write_text(CAVE_BEAR.replace("power = 3", 'power = "3"'))
    code = main(["cards", "check", "--cards", str(mine), "--override"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mtgsim: error: {mine / 'cave_bear.toml'}:")


@pytest.mark.parametrize(("content", "message"), [
    ('{"name": "Cave Bear"}\nnot json\n', ":1: not a reference card"),
    ("", "no reference cards"),
    ('{"data": {"code": "X", "cards": []}}', "an MTGJSON file without cards"),
])
def test_a_bad_reference_is_one_line(tmp_path: Path, capsys, content: str,  # type: ignore[no-untyped-def]
                                     message: str) -> None:
    ref = tmp_path / "bad.jsonl"
    ref.write_text(content)
    code = main(["cards", "check", "--reference", str(ref)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"mtgsim: error: {ref}") and message in err
    assert len(err.strip().splitlines()) == 1
