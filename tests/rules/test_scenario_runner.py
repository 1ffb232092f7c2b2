"""The scenario runner follows shared/conformance/FORMAT.md exactly where it spells out
what an omitted key means, and refuses impossible scenarios with a clear message.

Each case is a scenario text and what must come of it: passing, or failing with a
message that contains the given words. Every "passes" case also has a twin that must
fail (the expectation changed to what the old reading would give), so none of them can
pass by accident.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

_X_OMITTED = '''
name = "a cast without x has X = 0, even with a number queued"
[setup.A]
hand = ["Blaze"]
battlefield = ["Mountain", "Mountain", "Mountain", "Mountain"]
[[actions]]
player = "A"
cast = "Blaze"
targets = ["B"]
choices = [3]
[[actions]]
player = "A"
resolve = 1
[expect.B]
life = 20
'''

_X_GIVEN = _X_OMITTED.replace('choices = [3]', 'x = 3').replace('life = 20', 'life = 17')

_REPLICATE_OMITTED = '''
name = "a cast without replicate pays it zero times, even with a number queued"
[setup.A]
hand = ["Pyromatics"]
battlefield = ["Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain"]
[[actions]]
player = "A"
cast = "Pyromatics"
targets = ["B"]
choices = [2]
[[actions]]
player = "A"
resolve = "all"
[expect]
stack = []
[expect.B]
life = 19
'''

_REPLICATE_GIVEN = _REPLICATE_OMITTED.replace('choices = [2]', 'replicate = 2\nchoices = ["B", "B"]'
                                              ).replace('life = 19', 'life = 17')

_CONVOKE_OMITTED = '''
name = "a cast without convoke taps no creature for it"
[setup.A]
hand = ["Conclave's Blessing"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Grizzly Bears", "Savannah Lions"]
[[actions]]
player = "A"
cast = "Conclave's Blessing"
targets = ["Grizzly Bears"]
[[expect.permanents]]
card = "Savannah Lions"
tapped = false
[[expect.permanents]]
card = "Grizzly Bears"
tapped = false
'''

_CONVOKE_NEEDED = '''
name = "a cast that can be paid only by convoking, without convoke: illegal"
[setup.A]
hand = ["Conclave's Blessing"]
battlefield = ["Plains", "Plains", "Grizzly Bears", "Savannah Lions"]
[[actions]]
player = "A"
cast = "Conclave's Blessing"
targets = ["Grizzly Bears"]
'''

_CONVOKE_NEEDED_REJECTED = _CONVOKE_NEEDED.replace(
    'targets = ["Grizzly Bears"]', 'targets = ["Grizzly Bears"]\nillegal = true') + '''
[expect.A]
hand = ["Conclave's Blessing"]
'''

# Waves of Aggression cast after combat: the next `attack` is the additional combat's.
_ATTACK_ADDITIONAL = '''
name = "attack after a combat is over declares in the additional combat"
[setup]
turn = 3
[setup.A]
hand = ["Waves of Aggression"]
battlefield = ["Grizzly Bears", "Mountain", "Mountain", "Mountain", "Plains", "Plains"]
[[actions]]
player = "A"
attack = ["Grizzly Bears"]
[[actions]]
player = "A"
advance = "main2"
[[actions]]
player = "A"
cast = "Waves of Aggression"
[[actions]]
player = "A"
resolve = 1
[[actions]]
player = "A"
attack = ["Grizzly Bears"]
[[actions]]
player = "A"
advance = "end"
[expect.B]
life = 16
'''

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

_LEVELER_INDEX = '''
name = "an ability index counts the abilities the object has now"
[setup]
turn = 3
[setup.A]
battlefield = [{ card = "Brimstone Mage", counters = { level = 3 } }]
[[actions]]
player = "A"
activate = "Brimstone Mage"
ability = INDEX
targets = ["B"]
[[actions]]
player = "A"
resolve = 1
[expect.B]
life = 17
'''

_BOM = '\ufeffname = "a UTF-8 byte order mark at the start is accepted"\n[expect.A]\nlife = 20\n'


def _resolve_too_many(n: str) -> str:
    return f'''
name = "resolve = {n} with one object on the stack"
[setup.A]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[[actions]]
player = "A"
cast = "Lightning Bolt"
targets = ["B"]
[[actions]]
player = "A"
resolve = {n}
[expect.B]
life = 17
'''


def _setup(extra: str, side: str = "") -> str:
    return f'name = "an impossible setup"\n[setup]\n{extra}\n[setup.A]\n{side}\n'


CASES: list[tuple[str, str, str | None]] = [
    # (id, scenario text, None: passes / words the failure message contains)
    ("x omitted is 0", _X_OMITTED, None),
    ("x omitted is 0 (twin)", _X_OMITTED.replace("life = 20", "life = 17"),
     "B life: expected 17, got 20"),
    ("x given", _X_GIVEN, None),
    ("replicate omitted is 0", _REPLICATE_OMITTED, None),
    ("replicate omitted is 0 (twin)", _REPLICATE_OMITTED.replace("life = 19", "life = 17"),
     "B life: expected 17, got 19"),
    ("replicate given", _REPLICATE_GIVEN, None),
    ("convoke omitted taps nothing", _CONVOKE_OMITTED, None),
    ("convoke omitted taps nothing (twin)", _CONVOKE_OMITTED.replace(
        "tapped = false", "tapped = true", 1), "tapped: expected True, got False"),
    ("convoke needed but omitted", _CONVOKE_NEEDED, "without tapping creatures for convoke"),
    ("convoke needed but omitted, illegal = true", _CONVOKE_NEEDED_REJECTED, None),
    ("attack in the additional combat", _ATTACK_ADDITIONAL, None),
    ("attack in the additional combat (twin)", _ATTACK_ADDITIONAL.replace(
        "life = 16", "life = 18"), "B life: expected 18, got 16"),
    ("attack after the declaration: the next combat", _ATTACK_AFTER_DECLARED,
     "the next declare attackers step is B's (turn 4)"),
    ("attack by the defending player", _ATTACK_BLOCKED_BY_DEFENDER,
     "the next declare attackers step is A's (turn 3)"),
    # level up is 0, the 3+ band's "{T}: 3 damage" is 1 (the 1-2 band's doesn't exist)
    ("ability index: the band's is 1", _LEVELER_INDEX.replace("INDEX", "1"), None),
    ("ability index: the band's is 1 (twin)", _LEVELER_INDEX.replace("INDEX", "1").replace(
        "life = 17", "life = 19"), "B life: expected 19, got 17"),
    ("ability index: 2 does not exist", _LEVELER_INDEX.replace("INDEX", "2"),
     "not a legal action now"),
    ("BOM accepted", _BOM, None),
    ("BOM accepted (twin)", _BOM.replace("life = 20", "life = 19"),
     "A life: expected 19, got 20"),
    ("resolve = 99 with one object", _resolve_too_many("99"),
     "only 1 of 99 stack objects could resolve"),
    ("resolve = 1 with one object", _resolve_too_many("1"), None),
    ("resolve on an empty stack", _resolve_too_many("1").replace(
        'cast = "Lightning Bolt"\ntargets = ["B"]', 'resolve = "all"'),
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
    ("damage below toughness", _setup("", 'battlefield = [{ card = "Grizzly Bears", '
                                          'damage = 1 }]'), None),
    ("indestructible with lethal damage", _setup(
        "", 'battlefield = [{ card = "Darksteel Myr", damage = 1 }]'), None),
    ("toughness 0", _setup("", 'battlefield = [{ card = "Grizzly Bears", counters = '
                               '{ "-1/-1" = 2 } }]'),
     "has toughness 0: not a stable position"),
    ("negative damage", _setup("", 'battlefield = [{ card = "Grizzly Bears", '
                                   'damage = -1 }]'), "damage = -1 is negative"),
    ("no life", _setup("", "life = 0"), "A has 0 life: not a stable position"),
]


@pytest.mark.parametrize(("text", "failure"), [(t, f) for _, t, f in CASES],
                         ids=[c[0] for c in CASES])
def test_runner_follows_the_format(tmp_path: Path, text: str, failure: str | None) -> None:
    f = tmp_path / "case.toml"
    f.write_bytes(text.encode("utf-8"))
    result = run_scenario(f, load_pool())
    if failure is None:
        assert result.passed, result.error
    else:
        assert not result.passed
        assert result.error is not None and failure in result.error, result.error
