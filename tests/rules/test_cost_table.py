"""Every part of a cost has all of its rules, and every field of ``Cost`` has its part.

A cost part (``engine.rules.costs.COST_PARTS``) must say whether it can be paid, how it is
paid, the choices it needs (or why it needs none) and what the AI thinks it gives up (or
why the AI does not value it); the parts the AI does not value are listed here, so one
more (or one fewer) is a change someone made on purpose. Each field of ``Cost`` must be
read by a part, and a part's ``present`` must notice its fields.
"""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec
import pytest

import mtgsim.engine.keywords.all  # noqa: F401  (and those of keywords: craft's material)
import mtgsim.engine.rules.cost_parts  # noqa: F401  (registers the parts)
import mtgsim.engine.rules.cost_parts_cards  # noqa: F401  (and those of cards)
from mtgsim.engine.cards import Cost, Filter
from mtgsim.engine.rules.costs import COST_PARTS, CostPart, Stage, cost_part, parts_of

NOT_VALUED = {"tap_untapped", "reveal_self", "untap", "return_to_hand", "put_counter",
              "remove_counter", "mana", "reveal_hand", "reveal_x", "choose", "reveal_card"}
NO_CHOICE = {"reveal_self", "tap", "untap", "pay_life", "put_counter", "remove_counter",
             "discard_self", "sacrifice_self", "exile_self", "mana", "reveal_hand",
             "exile_graveyard_top"}

# A value other than the default for each field, to build a cost with that part.
SAMPLE: dict[type, object] = {str: "{1}", bool: True, int: 2}


def _sample(name: str) -> object:
    if name in ("put_counter", "remove_counter"):
        return "+1/+1"
    default = getattr(Cost(), name)
    if default is None:
        return Filter(types=("creature",))
    return SAMPLE[type(default)]


def test_every_part_has_all_of_its_rules() -> None:
    names = [p.name for p in COST_PARTS]
    assert len(names) == len(set(names))
    for p in COST_PARTS:
        assert callable(p.present) and callable(p.can_pay) and callable(p.pay), p.name
        assert isinstance(p.stage, Stage), p.name
        if p.ask is None:
            assert len(p.why_no_choice) > 10, p.name
        else:
            assert p.why_no_choice == "", p.name
        if p.worth is None:
            assert len(p.why_not_valued) > 20, p.name
        else:
            assert p.why_not_valued == "", p.name
        assert p.fields and set(p.fields) <= set(Cost.__struct_fields__), p.name


def test_the_parts_without_a_choice_or_a_value_are_these() -> None:
    assert {p.name for p in COST_PARTS if p.worth is None} == NOT_VALUED
    assert {p.name for p in COST_PARTS if p.ask is None} == NO_CHOICE


def test_every_cost_field_has_a_part() -> None:
    read = {f for p in COST_PARTS for f in p.fields}
    assert [f for f in Cost.__struct_fields__ if f not in read] == []


@pytest.mark.parametrize("name", Cost.__struct_fields__)
def test_a_cost_with_a_field_set_has_the_part_that_reads_it(name: str) -> None:
    cost = msgspec.structs.replace(Cost(), **{name: _sample(name)})
    # a field that only qualifies another (how many, which kind) makes no part alone
    qualifiers = {"remove_counters_n", "remove_counters_kind", "sacrifice_n",
                  "tap_untapped_count", "exile_graveyard_filter", "x_color"}
    parts = parts_of(cost)
    if name in qualifiers:
        assert parts == ()
    else:
        assert parts and all(name in p.fields for p in parts), name
    assert parts_of(Cost()) == ()


def test_a_spell_pays_its_mana_with_its_total_cost() -> None:
    cost = Cost(mana="{1}", sacrifice=Filter(types=("creature",)))
    assert [p.name for p in parts_of(cost)] == ["sacrifice", "mana"]
    assert [p.name for p in parts_of(cost, spell=True)] == ["sacrifice"]


def test_a_part_without_a_reason_is_refused() -> None:
    def never(*args: object) -> bool:
        return False

    with pytest.raises(ValueError, match="no choice"):
        cost_part(CostPart("x", ("mana",), present=never, can_pay=never, pay=never,
                           stage=Stage.PAID, why_not_valued="x" * 30))
    with pytest.raises(ValueError, match="not valued"):
        cost_part(CostPart("x", ("mana",), present=never, can_pay=never, pay=never,
                           stage=Stage.PAID, why_no_choice="x" * 30))
    with pytest.raises(ValueError, match="twice"):
        cost_part(COST_PARTS[0])


ENGINE = Path(__file__).resolve().parents[2] / "engine" / "rules"


def _cost_fields_read(path: Path) -> list[str]:
    """Fields of a ``Cost`` read in a module: ``<...cost>.<field>`` (the mana excepted:
    a spell's mana is part of its total cost, 601.2f, which casting computes)."""
    fields = set(Cost.__struct_fields__) - {"mana"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in fields:
            base = node.value
            name = base.attr if isinstance(base, ast.Attribute) else \
                base.id if isinstance(base, ast.Name) else ""
            if name.endswith("cost"):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("module", ["activation.py", "casting.py", "castability.py",
                                    "priority_actions.py", "payment.py",
                                    "mana_sources.py", "mana_units.py", "mana_helped.py",
                                    "spell_costs.py"])
def test_paying_dispatches_through_the_table(module: str) -> None:
    """Activating and casting read no part of a cost themselves: they ask the table."""
    assert _cost_fields_read(ENGINE / module) == []


def test_the_field_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f(ab):\n    return ab.cost.tap or card.alternative_cost.sacrifice\n")
    assert len(_cost_fields_read(bad)) == 2
