"""Multiple instances of graft and devour on one object (702.58b, 702.82a): no card of the
reference pool has two, so these rules are checked with test-only cards added to the
pool and ordinary scenarios."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

TEST_CARDS = [
    CardDef(name="Test Double Graft", types=("creature",), mana_cost="{2}", power=0,
            toughness=0, keywords=("Graft 1", "Graft 2"), text="Graft 1\nGraft 2"),
    # A Food token (111.10b) as Food-making cards would create it; none is in the pool.
    CardDef(name="Food", types=("artifact",), subtypes=("Food",),
            text="{2}, {T}, Sacrifice this token: You gain 3 life."),
    CardDef(name="Test Double Devour", types=("creature",), mana_cost="{2}", power=1,
            toughness=1, keywords=("Devour 1", "Devour 2"), text="Devour 1\nDevour 2"),
]


def _run(tmp_path: Path, text: str) -> None:
    pool = load_pool().with_cards(TEST_CARDS)
    f = tmp_path / "scenario.toml"
    f.write_text(text)
    result = run_scenario(f, pool)
    assert result.passed, result.error


def test_graft_instances_work_separately(tmp_path: Path) -> None:
    """702.58b: two graft instances: 1 + 2 counters as it enters, and two triggers that
    each may move a counter."""
    _run(tmp_path, """
name = "two graft instances"
rules = ["702.58a", "702.58b"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Test Double Graft", "Grizzly Bears"]
battlefield = ["Forest", "Forest", "Forest", "Forest"]
[[actions]]
player = "A"
cast = "Test Double Graft"
[[actions]]
player = "A"
resolve = "all"
[[actions]]
player = "A"
cast = "Grizzly Bears"
choices = ["yes", "yes"]
[[actions]]
player = "A"
resolve = "all"
[[expect.permanents]]
card = "Test Double Graft"
counters = { "+1/+1" = 1 }
[[expect.permanents]]
card = "Grizzly Bears"
counters = { "+1/+1" = 2 }
""")


def test_graft_instances_second_checks_its_own_condition(tmp_path: Path) -> None:
    """Each instance's trigger checks "if this has a +1/+1 counter" itself (603.4): with
    one counter left, the second trigger does nothing and asks nothing."""
    _run(tmp_path, """
name = "two graft instances, one counter"
rules = ["702.58b", "603.4"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Grizzly Bears"]
battlefield = ["Forest", "Forest", { card = "Test Double Graft", counters = { "+1/+1" = 1 } }]
[[actions]]
player = "A"
cast = "Grizzly Bears"
choices = ["yes"]
[[actions]]
player = "A"
resolve = "all"
[expect.A]
graveyard = ["Test Double Graft"]
[expect]
stack = []
[[expect.permanents]]
card = "Grizzly Bears"
counters = { "+1/+1" = 1 }
""")


def test_devour_instances_each_sacrifice_their_own(tmp_path: Path) -> None:
    """Each devour instance asks separately; a creature sacrificed to one isn't offered
    to the other; counters are N per creature of each instance (1*1 + 2*2)."""
    _run(tmp_path, """
name = "two devour instances"
rules = ["702.82a"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Test Double Devour"]
battlefield = ["Forest", "Forest", "Grizzly Bears", "Savannah Lions", "Llanowar Elves"]
[[actions]]
player = "A"
cast = "Test Double Devour"
choices = [["Grizzly Bears"], ["Savannah Lions", "Llanowar Elves"]]
[[actions]]
player = "A"
resolve = "all"
[expect.A]
graveyard = ["Grizzly Bears", "Savannah Lions", "Llanowar Elves"]
[[expect.permanents]]
card = "Test Double Devour"
counters = { "+1/+1" = 5 }
""")


def test_devour_food(tmp_path: Path) -> None:
    """702.82c: "Devour Food 3" offers only Foods (not another artifact, not a creature);
    three counters for each Food sacrificed."""
    _run(tmp_path, """
name = "devour Food"
rules = ["702.82c"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Feasting Hobbit"]
battlefield = ["Forest", "Forest", { card = "Food", token = true }, { card = "Food", token = true }, "Darksteel Myr", "Blight Sickle"]
[[actions]]
player = "A"
cast = "Feasting Hobbit"
choices = [["Food", "Food"]]
[[actions]]
player = "A"
resolve = "all"
[expect.A]
battlefield = ["Forest", "Forest", "Darksteel Myr", "Blight Sickle", "Feasting Hobbit"]
[[expect.permanents]]
card = "Feasting Hobbit"
counters = { "+1/+1" = 6 }
power = 8
toughness = 8
""")


def test_devour_food_nothing_else_offered(tmp_path: Path) -> None:
    """Without Foods nothing is offered (no question is asked)."""
    _run(tmp_path, """
name = "devour Food, no Food"
rules = ["702.82c"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Feasting Hobbit"]
battlefield = ["Forest", "Forest", "Darksteel Myr", "Blight Sickle", "Grizzly Bears"]
[[actions]]
player = "A"
cast = "Feasting Hobbit"
[[actions]]
player = "A"
resolve = "all"
[[expect.permanents]]
card = "Feasting Hobbit"
counters = {}
""")
