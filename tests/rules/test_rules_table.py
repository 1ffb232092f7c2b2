"""Every effect, condition and amount of the card schema has all of its rules, and the AI
reads effects through the table.

An effect (a member of ``EffectT``) must be registered in the effect table
(``engine.rules.effect.EFFECTS``) with how it resolves, its sign and either an estimate or a
reason why the AI does not value it; the effects the AI does not value are listed here,
so that one more (or one fewer) is a change someone made on purpose. A condition needs
its check (``engine.rules.conditions.CONDITIONS``), an amount its evaluator
(``engine.rules.amounts.AMOUNTS``) and, if the AI does not compute it, a reason.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import typing
from pathlib import Path

import mtgsim.engine.cards.pool  # noqa: F401  (loads every effect and keyword module, links EffectT)
from mtgsim.engine.cards.schema import unions
from mtgsim.engine.cards.schema.effects import Effect
from mtgsim.engine.cards.schema.unions import Amount, Condition
from mtgsim.engine.rules.amounts import AMOUNTS
from mtgsim.engine.rules.conditions import CONDITIONS
from mtgsim.engine.rules.effect import EFFECTS, Role

NOT_VALUED = {
    "add_chosen_color_mana", "add_mana", "annihilate", "attach", "become_chosen_colors",
    "cascade_bottom", "change_color_word", "copy_spell", "create_token_copy", "delayed_at",
    "epic_copy", "exalt", "exile_at_next_end_step", "exile_until", "haunt_exile",
    "look_at_top", "mill", "put_from_top_onto_battlefield", "rebound_cast", "madness_cast", "recover_pay",
    "replicate_copies", "return_at_random", "reveal_top", "shuffle_graveyard_into_library",
    "transmute_search", "unearth_return", "ward_counter", "add_any_colors", "if_drawn",
    "ninjutsu_enter",
}
AMOUNTS_GUESSED = {"exiled_mana_value", "that_much", "count_players", "colors_of_affected",
                   "devoured", "count_permanents_of", "sacrificed_mana_value"}


def members(union: object) -> list[type]:
    return [t for t in typing.get_args(union) if t is not int]


def tag(cls: type) -> str:
    return str(cls.__struct_config__.tag)  # type: ignore[attr-defined]


def every_effect_class() -> list[type]:
    """Every class of effect defined anywhere (subclasses of the schema's ``Effect``)."""
    found: list[type] = []
    todo = list(Effect.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(found, key=tag)


def test_every_effect_has_its_rules() -> None:
    effects = members(unions.EffectT)
    assert effects, "EffectT is not linked"
    assert len(effects) == len(set(effects))
    assert sorted(effects, key=tag) == every_effect_class(), "an effect class not registered"
    missing = [c.__name__ for c in effects if c not in EFFECTS]
    assert missing == []
    assert set(EFFECTS) == set(effects), "a registered effect the schema lacks"
    for cls in effects:
        rules = EFFECTS[cls]
        assert rules.kind is cls
        # one module: its data class, how it resolves and what the AI thinks it is worth
        assert cls.__module__ == rules.resolve.__module__, cls.__name__
        assert cls.__module__.startswith(("mtgsim.engine.effects.",
                                          "mtgsim.engine.keywords.")), cls.__name__
        assert callable(rules.resolve) and callable(rules.sign), cls.__name__
        if rules.estimate is None:
            assert len(rules.why_not_valued) > 20, cls.__name__
        else:
            assert rules.why_not_valued == "", cls.__name__


def test_the_effects_the_ai_does_not_value_are_these() -> None:
    not_valued = {tag(c) for c, r in EFFECTS.items() if r.estimate is None}
    assert not_valued == NOT_VALUED


def test_every_condition_has_its_check() -> None:
    conditions = members(Condition)
    assert [c.__name__ for c in conditions if c not in CONDITIONS] == []
    assert set(CONDITIONS) == set(conditions)


def test_every_amount_has_its_evaluator() -> None:
    amounts = members(Amount)
    assert [c.__name__ for c in amounts if c not in AMOUNTS] == []
    assert set(AMOUNTS) == set(amounts)
    for cls in amounts:
        rule = AMOUNTS[cls]
        assert rule.ai in ("exact", "source", "guess")
        assert (rule.ai == "guess") == bool(rule.why_guess), cls.__name__
    assert {tag(c) for c, r in AMOUNTS.items() if r.ai == "guess"} == AMOUNTS_GUESSED


def test_an_effect_registered_twice_or_without_a_reason_is_refused() -> None:
    import pytest

    from mtgsim.engine.effects.damage import Damage
    from mtgsim.engine.rules.effect import effect_rules, unaffected

    with pytest.raises(ValueError, match="twice"):
        effect_rules(Damage, resolve=EFFECTS[Damage].resolve, estimate=None, sign=unaffected,
                     why_not_valued="x")

    class Unvalued:
        pass

    with pytest.raises(ValueError, match="no estimate and no reason"):
        effect_rules(Unvalued, resolve=EFFECTS[Damage].resolve, estimate=None,
                     sign=unaffected)
    assert Unvalued not in EFFECTS


def test_every_role_the_ai_reads_has_an_effect() -> None:
    """A role no effect has is a branch of the heuristic no card reaches."""
    used = {r.role for r in EFFECTS.values()}
    assert set(Role) - used == set()
    for cls, r in EFFECTS.items():
        assert (r.role is Role.COUNTER) == (r.avoidable is not None), cls.__name__


ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _type_tests(path: Path, effects: set[str]) -> list[str]:
    """``isinstance(x, Effect)`` and ``x.__class__.__name__ == "Effect"`` in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "isinstance" and len(node.args) == 2:
            names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            found += [f"{path.name}:{node.lineno}: {n}" for n in sorted(names & effects)]
        if isinstance(node, ast.Attribute) and node.attr == "__name__" and \
                isinstance(node.value, ast.Attribute) and node.value.attr == "__class__":
            found.append(f"{path.name}:{node.lineno}: __class__.__name__")
    return found


def test_the_ai_asks_the_table_not_the_effect_types() -> None:
    """The policies and engine.players.worth ask an effect's role (``role_of``, ``has_role``),
    registered with it in its module, never its class."""
    effects = {c.__name__ for c in members(unions.EffectT)}
    modules = [*sorted((ENGINE / "players" / "policies").glob("*.py")), ENGINE / "players" / "worth.py"]
    found = [f for m in modules for f in _type_tests(m, effects)]
    assert found == []


def test_a_card_decoded_before_the_effects_are_linked_is_a_clear_error() -> None:
    """The schema names no effect class; until the pool's loader links the union in, a
    decoder of card data fails at once, saying so."""
    code = ("import msgspec\nfrom mtgsim.engine.cards import CardDef\n"
            "msgspec.convert({'name': 'x', 'types': ['instant'], "
            "'spell': {'effects': [{'do': 'draw'}]}}, CardDef)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert proc.returncode != 0
    assert "not linked yet: load the card pool first" in proc.stderr
