"""The table of what keywords add to casting a spell (engine.rules.spell_costs): every keyword
with a casting cost registers there, and casting names none of them."""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest

import mtgsim.engine.keywords.all  # noqa: F401  (every keyword module registers)
from mtgsim.engine.cards import KeywordInstance
from mtgsim.engine.cards.check import DEFAULT_REFERENCE
from mtgsim.engine.keywords import parse_keyword
from mtgsim.engine.rules import spell_costs
from mtgsim.engine.rules.spell_costs import AdditionalCost, CastPermission, CostReduction
from mtgsim.engine.state.game_state import StackItem

# the sources (a compiled module's __file__ is its build's, under build/compiled)
ENGINE = Path(__file__).resolve().parents[2] / "engine" / "rules"

# Reminder text that speaks of paying for or casting the spell itself; a cast "without
# paying its mana cost" by a triggered ability (rebound, cascade) is no cost.
CASTING_COST = re.compile(r"cast this (card|spell) (from|for)|as you cast this spell|"
                          r"while casting this spell|paid its \w+ cost|in addition to paying")
FREE = "without paying its mana cost"


def _reminders() -> dict[str, list[str]]:
    """Engine keyword name -> the reminder texts Oracle prints after that keyword."""
    out: dict[str, list[str]] = {}
    for line in DEFAULT_REFERENCE.read_text(encoding="utf-8").splitlines():
        card = json.loads(line)
        for text in card.get("keywords") or ():
            try:
                parsed = parse_keyword(text)
            except ValueError:
                continue  # a keyword the engine does not implement
            if not isinstance(parsed, KeywordInstance):
                continue  # evasion and combat bits: no cost
            for row in card["oracle_text"].splitlines():
                if row.lower().startswith(text.lower()):
                    out.setdefault(parsed.name, []).extend(re.findall(r"\(([^)]*)\)", row))
    return out


def _registered() -> set[str]:
    return {p.keyword for p in spell_costs.PERMISSIONS} | \
        {a.keyword for a in spell_costs.ADDITIONAL} | \
        {r.keyword for r in spell_costs.REDUCTIONS}


def test_every_keyword_with_a_casting_cost_registers() -> None:
    reminders = _reminders()
    with_cost = {name for name, texts in reminders.items()
                 if any(CASTING_COST.search(t) and FREE not in t for t in texts)}
    # the classification sees the keywords it must (it is not vacuous)
    assert {"flashback", "kicker", "evoke", "convoke", "replicate", "retrace"} <= with_cost
    missing = with_cost - _registered()
    assert not missing, f"keywords with a casting cost not in engine.rules.spell_costs: {missing}"


def test_the_table_holds_what_each_keyword_offers() -> None:
    kinds = {p.keyword: type(p) for p in spell_costs.PERMISSIONS}
    kinds.update({a.keyword: type(a) for a in spell_costs.ADDITIONAL})
    kinds.update({r.keyword: type(r) for r in spell_costs.REDUCTIONS})
    assert kinds == {"flashback": CastPermission, "retrace": CastPermission,
                     "evoke": CastPermission, "madness": CastPermission,
                     "plot": CastPermission, "adventure": CastPermission,
                     "omen": CastPermission, "adventure creature": CastPermission,
                     "escape": CastPermission, "overload": CastPermission,
                     "disturb": CastPermission, "sneak": CastPermission,
                     "foretell": CastPermission, "bestow": CastPermission,
                     "play from exile": CastPermission,
                     "kicker": AdditionalCost,
                     "replicate": AdditionalCost, "convoke": CostReduction,
                     "collect evidence": AdditionalCost, "bargain": AdditionalCost,
                     "buyback": AdditionalCost,
                     "delve": CostReduction, "improvise": CostReduction}
    # codes are stored in games and replays: they never change
    assert {p.keyword: p.code for p in spell_costs.PERMISSIONS} == \
        {"flashback": 1, "retrace": 2, "evoke": 3, "madness": 5, "plot": 6, "adventure": 8,
         "omen": 9, "adventure creature": 10, "escape": 11, "overload": 20,
         "disturb": 12, "sneak": 13, "bestow": 21, "foretell": 22,
         "play from exile": 23}
    assert [a.keyword for a in spell_costs.ADDITIONAL] == ["replicate", "kicker",
                                                          "collect evidence", "bargain",
                                                          "buyback"]
    assert spell_costs.exiled_from_stack(1) and not spell_costs.exiled_from_stack(2)
    assert not spell_costs.exiled_from_stack(11)  # an escaped spell goes to the graveyard
    assert not spell_costs.exiled_from_stack(12)  # disturb: only its back face's own text
    assert spell_costs.permission_name(3) == "evoke"
    assert spell_costs.permission_name(spell_costs.ALT_ALTERNATIVE) == "alternative cost"


def test_each_registration_is_once() -> None:
    flashback = spell_costs.permission(1)
    assert flashback is not None
    with pytest.raises(ValueError, match="registered twice"):
        spell_costs.cast_permission(flashback)
    with pytest.raises(ValueError, match="registered twice"):
        spell_costs.additional_cost(spell_costs.ADDITIONAL[0])
    with pytest.raises(ValueError, match="registered twice"):
        spell_costs.cost_reduction(spell_costs.REDUCTIONS[0])


@pytest.mark.parametrize("module", ["casting.py", "castability.py", "priority_actions.py",
                                    "activation.py", "costs.py",
                                    "cost_parts.py", "payment.py", "mana_sources.py",
                                    "mana_units.py", "mana_helped.py", "spell_costs.py"])
def test_the_casting_rules_name_no_keyword(module: str) -> None:
    """Identifiers and short strings only: comments and docstrings may cite rules, and
    the fields of the spell's record on the stack (``StackItem.kicked``) are state."""
    source = (ENGINE / module).read_text(encoding="utf-8")
    names = _registered()
    record = set(StackItem.__struct_fields__)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.string in record:
            continue
        if tok.type == tokenize.NAME or tok.type == tokenize.STRING and \
                not tok.string.startswith(('"""', "'''")):
            low = tok.string.lower()
            found.extend(f"{tok.start[0]}: {tok.string}" for n in names if n in low)
    assert not found, f"{module} names keywords: {found}"
