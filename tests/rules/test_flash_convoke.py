"""Flash (702.8) and convoke (702.51) details that no card of the pool can show in a
scenario: multiple instances of flash, flash in a zone other than the hand, and the
convoke payment solver (each creature pays exactly one mana, colours matched)."""

from __future__ import annotations

from gamesetup import CAST, POOL, Setup, goto, has_action, priority

from mtgsim.engine.cards import KW_FLASH, CardDef
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.keywords.convoke import apply_convoke
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.state.game_state import DECLARE_ATTACKERS, MAIN1, UPKEEP

DOUBLE_FLASH = CardDef(
    name="Test Double Flash Bear", mana_cost="{1}{G}", types=("creature",),
    subtypes=("Bear",), power=2, toughness=2, keywords=("Flash", "Flash"),
    text="(test only) Flash\nFlash",
)
FLASH_RETRACE = CardDef(
    name="Test Flash Retrace Bear", mana_cost="{1}{G}", types=("creature",),
    subtypes=("Bear",), power=2, toughness=2, keywords=("Flash", "Retrace"),
    text="(test only) Flash\nRetrace",
)
PLAIN_RETRACE = CardDef(
    name="Test Retrace Bear", mana_cost="{1}{G}", types=("creature",),
    subtypes=("Bear",), power=2, toughness=2, keywords=("Retrace",),
    text="(test only) Retrace",
)


def test_multiple_flash_instances_are_redundant() -> None:
    """702.8b: two instances are one permission; the card is offered once."""
    compiled = compile_card(DOUBLE_FLASH)
    assert compiled.keyword_mask & KW_FLASH and compiled.instant_speed
    s = Setup(active=1, step=UPKEEP)
    oid = s.hand(DOUBLE_FLASH, 0)
    s.lands("Forest", 0, 2)
    state = s.go()
    d = goto(state, UPKEEP, player=0)
    casts = [a for a in d.actions if a.kind == CAST and a.oid == oid]
    assert len(casts) == 1


def test_flash_works_in_the_zone_the_card_is_played_from() -> None:
    """702.8a: flash functions in any zone from which the card could be played: a
    creature with retrace (cast from the graveyard) and flash in the opponent's turn;
    without flash it waits for its owner's main phase."""
    s = Setup(active=1, step=DECLARE_ATTACKERS)
    fast = s.add(FLASH_RETRACE, 0, "graveyard")
    slow = s.add(PLAIN_RETRACE, 0, "graveyard")
    s.hand("Forest", 0)
    s.lands("Forest", 0, 2)
    state = s.go()
    d = goto(state, DECLARE_ATTACKERS, player=0)
    assert has_action(d, CAST, fast)
    assert not has_action(d, CAST, slow)


def test_nonflash_creature_waits_for_sorcery_timing() -> None:
    s = Setup(active=0, step=MAIN1)
    oid = s.hand("Grizzly Bears", 0)
    s.lands("Forest", 0, 2)
    state = s.go()
    assert has_action(priority(state, 0), CAST, oid)


def _convoke(names: list[str], cost: str, units: list[int] | None = None
             ) -> tuple[tuple[int, ...], int] | None:
    s = Setup(beacons=False)
    oids = [s.bf(n, 0) for n in names]
    state = s.go()
    c = parse_cost(cost)
    return apply_convoke(state, c.symbols, c.generic, oids, units)


def test_convoke_each_creature_pays_exactly_one() -> None:
    # 702.51a: a creature pays one generic or one mana of its colour, never two.
    assert _convoke(["Grizzly Bears", "Grizzly Bears"], "{3}") == ((), 1)
    assert _convoke(["Grizzly Bears"] * 4, "{3}") is None  # one of them pays nothing
    assert _convoke(["Grizzly Bears"], "{G}{G}") == ((16,), 0)
    # A white creature can't pay {G} and there is no generic: it pays nothing.
    assert _convoke(["Savannah Lions"], "{G}") is None
    # A colourless creature pays only generic mana.
    assert _convoke(["Darksteel Myr"], "{1}{G}") == ((16,), 0)
    assert _convoke(["Darksteel Myr"], "{G}") is None


def test_convoke_finds_the_assignment_that_works() -> None:
    """A green-blue creature must pay {U} when the green one pays {G}; with mana left to
    pay only {W}, the creatures must take {G} and {U}, not the generic."""
    krasis = POOL["Bounding Krasis"]
    assert krasis.color_mask == 2 | 16
    assert _convoke(["Bounding Krasis", "Grizzly Bears"], "{G}{U}") == ((), 0)
    # {1}{G}{U} with one Plains left: the creatures must pay {G}{U}, the Plains {1}.
    assert _convoke(["Grizzly Bears", "Bounding Krasis"], "{1}{G}{U}", [1]) == ((), 1)
    # With an Island left instead, either way works; the rest must be payable by it.
    left = _convoke(["Grizzly Bears", "Bounding Krasis"], "{1}{G}{U}", [2])
    assert left is not None


def test_convoked_creatures_are_counted() -> None:
    """702.51c: the creatures that convoked a spell are counted (``convoked_creatures``)."""
    from pathlib import Path

    from mtgsim.engine.scenario.runner import load_scenario, play_scenario

    path = Path(__file__).parents[1] / "scenarios" / "keywords" / "convoke" / "convoke_colored_and_generic.toml"
    runner = play_scenario(load_scenario(path))
    assert runner.state.players[0].stats.get("convoked_creatures") == 4
