"""The card pool matches the reference Oracle data, and the check can fail."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from mtgsim.engine.cardcheck import DEFAULT_REFERENCE, check_card, check_pool, load_reference
from mtgsim.engine.cardpool import compile_card, load_pool
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
