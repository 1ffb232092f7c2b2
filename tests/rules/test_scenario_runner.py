"""The scenario runner follows shared/conformance/FORMAT.md exactly where it spells out
what an omitted key means, and refuses impossible scenarios with a clear message.

The cases that pass are scenario files (tests/scenarios/format), run with every
scenario by test_scenarios.py. Each of them that pins down a reading has a twin here
that must fail (the expectation changed to what the old reading would give), so none of
them can pass by accident; the other cases here must fail with a message that contains
the given words. Most are variations of those files; the scenarios that are nothing but
a mistake (an attack no declare attackers step can take, impossible setups) stay written
here, beside the message they must produce.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

FORMAT = Path(__file__).parents[1] / "scenarios" / "format"


def _file(name: str, *changes: tuple[str, str]) -> str:
    """The scenario file tests/scenarios/format/<name>.toml, which passes as written (it
    runs with every scenario), with each (old, new) change made at old's first place."""
    text = (FORMAT / f"{name}.toml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, f"{name}.toml has no {old!r}"
        text = text.replace(old, new, 1)
    return text


def test_the_byte_order_mark_scenario_starts_with_one() -> None:
    """The file that proves a byte order mark is accepted has one (an editor that drops
    it would leave that scenario proving nothing)."""
    assert (FORMAT / "byte_order_mark.toml").read_bytes().startswith(b"\xef\xbb\xbf")


# From the declare attackers step, attackers declared: not this combat, the next one.
_ATTACK_AFTER_DECLARED = '''
name = "attack in a declare attackers step already declared goes to the next combat"
[setup]
turn = 3
[setup.A]
battlefield = ["Grizzly Bears"]
[setup.B]
library = ["Forest"]
[[actions]]
player = "A"
attack = ["Grizzly Bears"]
[[actions]]
player = "A"
attack = ["Grizzly Bears"]
'''

_ATTACK_BLOCKED_BY_DEFENDER = '''
name = "attack by the non-active player: the next declare attackers step is not theirs"
[setup]
turn = 3
[setup.B]
battlefield = ["Grizzly Bears"]
[[actions]]
player = "B"
attack = ["Grizzly Bears"]
'''


def _setup(extra: str, side: str = "") -> str:
    return f'name = "an impossible setup"\n[setup]\n{extra}\n[setup.A]\n{side}\n'


CASES: list[tuple[str, str, str]] = [
    # (id, scenario text, words the failure message contains); the cases that pass are
    # files of tests/scenarios/format
    ("x omitted is 0 (twin)", _file("x_omitted_is_zero", ("life = 20", "life = 17")),
     "B life: expected 17, got 20"),
    ("replicate omitted is 0 (twin)", _file("replicate_omitted_is_zero",
                                            ("life = 19", "life = 17")),
     "B life: expected 17, got 19"),
    ("convoke omitted taps nothing (twin)", _file(
        "convoke_omitted_taps_nothing", ("tapped = false", "tapped = true")),
     "tapped: expected True, got False"),
    ("convoke needed but omitted", _file("convoke_needed_but_omitted_rejected",
                                         ("\nillegal = true", "")),
     "without tapping creatures for convoke"),
    ("attack in the additional combat (twin)", _file(
        "attack_in_the_additional_combat", ("life = 16", "life = 18")),
     "B life: expected 18, got 16"),
    ("attack after the declaration: the next combat", _ATTACK_AFTER_DECLARED,
     "the next declare attackers step is B's (turn 4)"),
    ("attack by the defending player", _ATTACK_BLOCKED_BY_DEFENDER,
     "the next declare attackers step is A's (turn 3)"),
    # level up is 0, the 3+ band's "{T}: 3 damage" is 1 (the 1-2 band's doesn't exist)
    ("ability index: the band's is 1 (twin)", _file(
        "ability_index_counts_current_abilities", ("life = 17", "life = 19")),
     "B life: expected 19, got 17"),
    ("ability index: 2 does not exist", _file(
        "ability_index_counts_current_abilities", ("ability = 1", "ability = 2")),
     "not a legal action now"),
    ("BOM accepted (twin)", _file("byte_order_mark", ("life = 20", "life = 19")),
     "A life: expected 19, got 20"),
    ("resolve = 99 with one object", _file("resolve_one_with_one_object",
                                           ("resolve = 1\n", "resolve = 99\n")),
     "only 1 of 99 stack objects could resolve"),
    ("resolve on an empty stack", _file(
        "resolve_one_with_one_object",
        ('cast = "Lightning Bolt"\ntargets = ["B"]', 'resolve = "all"')),
     "nothing can resolve, the stack is empty"),
    ("negative counters", _setup("", 'battlefield = [{ card = "Grizzly Bears", counters = '
                                     '{ "+1/+1" = -1 } }]'),
     "-1 +1/+1 counters: a count can't be negative"),
    ("zero turn", _setup("turn = 0"), "turn = 0: turns are numbered from 1"),
    ("negative turn", _setup("turn = -2"), "turn = -2: turns are numbered from 1"),
    ("lethal damage", _setup("", 'battlefield = [{ card = "Grizzly Bears", damage = 2 }]'),
     "A's Grizzly Bears has 2 damage and toughness 2: not a stable position"),
    ("damage beyond toughness", _setup("", 'battlefield = [{ card = "Grizzly Bears", '
                                           'damage = 5 }]'),
     "has 5 damage and toughness 2: not a stable position (state-based actions would "
     "destroy it, 704.5g)"),
    ("toughness 0", _setup("", 'battlefield = [{ card = "Grizzly Bears", counters = '
                               '{ "-1/-1" = 2 } }]'),
     "has toughness 0: not a stable position"),
    ("negative damage", _setup("", 'battlefield = [{ card = "Grizzly Bears", '
                                   'damage = -1 }]'), "damage = -1 is negative"),
    ("no life", _setup("", "life = 0"), "A has 0 life: not a stable position"),
]


@pytest.mark.parametrize(("text", "failure"), [(t, f) for _, t, f in CASES],
                         ids=[c[0] for c in CASES])
def test_runner_follows_the_format(tmp_path: Path, text: str, failure: str) -> None:
    f = tmp_path / "case.toml"
    f.write_bytes(text.encode("utf-8"))
    result = run_scenario(f, load_pool())
    assert not result.passed
    assert result.error is not None and failure in result.error, result.error
