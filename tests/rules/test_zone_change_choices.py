"""616.1 on zone changes that are not destructions: a bounce, a sacrifice by an effect, a
sacrifice as a cost. Their only replacement effect in the pool is unearth's, so no card
of the pool makes them need a choice; a second one, registered by the test ("if it would
leave the battlefield, put it on the bottom of its owner's library instead", for a
creature named here), shows each path asks the permanent's controller (not the player
whose spell or ability moves it) before anything moves, and that the order decides
where the card goes (616.1e: the other still applies after the first)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gamesetup import POOL, Setup, action_index, cast, obj

from mtgsim.engine.cards import CardDef
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.decisions import Decision, Replacing
from mtgsim.engine.state.game_state import ACTIVATE, CAST, EXILE, LIBRARY, MAIN1, GameState

# the Eldrazi Spawn token Nest Invader makes ("Sacrifice this creature: Add {C}")
SPAWN: CardDef = POOL["Nest Invader"].abilities[0].effects[0].token  # type: ignore[attr-defined]


def _to_library_sources(state: GameState, event: rep.ZoneChange) -> list[int]:
    obj = event.obj
    return [obj.oid] if obj.card.name == "Dregscape Zombie" and event.zone != LIBRARY \
        else []


def _to_library(event: rep.ZoneChange) -> None:
    event.zone = LIBRARY


@pytest.fixture
def library_rule() -> Iterator[None]:
    rule = rep.ZoneRule("test library", _to_library_sources, ends=False, modify=_to_library)
    rep.ZONE_RULES.append(rule)
    try:
        yield
    finally:
        rep.ZONE_RULES.remove(rule)


def _zombie(s: Setup, player: int = 0) -> int:
    return s.bf("Dregscape Zombie", player)


def _unearthed(state: GameState, oid: int) -> None:
    state.objects[oid].unearthed = True


def _question(state: GameState) -> Decision:
    d = advance(state)
    while d is not None and d.kind == "priority":
        answer(state, 0)
        d = advance(state)
    assert d is not None and d.kind == "replacement", d
    return d


def _where(state: GameState, owner: int, name: str) -> str:
    p = state.players[owner]
    for zone, oids in (("library", p.library), ("exile", p.exile),
                       ("graveyard", p.graveyard), ("hand", p.hand)):
        if any(state.objects[o].card.name == name for o in oids):
            return zone
    return "battlefield" if any(state.objects[o].card.name == name
                                for o in state.battlefield) else "nowhere"


@pytest.mark.parametrize(("first", "ends_in"), [("unearth", "library"),
                                                 ("test library", "exile")])
def test_a_bounce_asks_the_permanents_controller(library_rule: None, first: str,
                                                 ends_in: str) -> None:
    """Player 1's Unsummon on player 0's unearthed Dregscape Zombie: player 0 orders
    unearth and the other; the second still applies after the first (616.1e)."""
    s = Setup(active=1, step=MAIN1)
    zombie = _zombie(s)
    unsummon = s.hand("Unsummon", 1)
    s.lands("Island", 1, 1)
    state = s.go()
    _unearthed(state, zombie)
    cast(state, unsummon, [zombie])
    d = _question(state)
    assert d.player == 0 and d.source == zombie
    assert isinstance(d.about, Replacing) and d.about.event == "zone_change"
    assert sorted(d.about.effects) == ["test library", "unearth"]
    answer(state, d.about.effects.index(first))
    assert _where(state, 0, "Dregscape Zombie") == ends_in


def test_a_sacrifice_by_an_effect_asks_the_sacrificing_player(library_rule: None) -> None:
    """Player 1's Diabolic Edict: player 0 sacrifices the Zombie (the only creature) and
    is asked, before it moves, which replacement effect applies first."""
    s = Setup(active=1, step=MAIN1)
    zombie = _zombie(s)
    edict = s.hand("Diabolic Edict", 1)
    s.lands("Swamp", 1, 2)
    state = s.go()
    _unearthed(state, zombie)
    cast(state, edict, [0])
    d = _question(state)
    assert d.player == 0 and d.source == zombie
    assert obj(state, zombie).zone == 2  # nothing moved yet
    answer(state, d.about.effects.index("unearth"))  # type: ignore[union-attr]
    assert _where(state, 0, "Dregscape Zombie") == "library"


def test_a_sacrifice_as_a_cost_is_chosen_with_the_costs(library_rule: None) -> None:
    """Dimir House Guard's 'Sacrifice a creature: Regenerate': the Zombie sacrificed as
    the cost; its controller's 616.1 choice comes with the cost's choices (602.2b), before
    anything is paid."""
    s = Setup(active=0, step=MAIN1)
    zombie = _zombie(s)
    guard = s.bf("Dimir House Guard", 0)
    state = s.go()
    _unearthed(state, zombie)
    d = advance(state)
    assert d is not None and d.kind == "priority"
    answer(state, action_index(d, ACTIVATE, guard))
    d = advance(state)
    while d is not None and d.kind == "cost":
        answer(state, [d.options.index(zombie)] if d.multi else d.options.index(zombie))
        d = advance(state)
    assert d is not None and d.kind == "replacement" and d.player == 0
    assert obj(state, zombie).zone == 2 and not state.stack
    answer(state, d.about.effects.index("test library"))  # type: ignore[union-attr]
    assert _where(state, 0, "Dregscape Zombie") == "exile"
    assert state.stack and state.stack[-1].source == guard


def _spawn_sources(state: GameState, event: rep.ZoneChange) -> list[int]:
    obj = event.obj
    return [obj.oid] if obj.card.name == "Eldrazi Spawn" and event.zone != EXILE else []


def _to_exile(event: rep.ZoneChange) -> None:
    event.zone = EXILE


@pytest.fixture
def spawn_rules() -> Iterator[None]:
    """Two effects that would apply to an Eldrazi Spawn token leaving the battlefield:
    the library rule above, for Spawn too, and one exiling it."""
    rules = [rep.ZoneRule("test exile", _spawn_sources, ends=False, modify=_to_exile),
             rep.ZoneRule("test spawn library", _spawn_library, ends=False,
                          modify=_to_library)]
    rep.ZONE_RULES.extend(rules)
    try:
        yield
    finally:
        for rule in rules:
            rep.ZONE_RULES.remove(rule)


def _spawn_library(state: GameState, event: rep.ZoneChange) -> list[int]:
    obj = event.obj
    return [obj.oid] if obj.card.name == "Eldrazi Spawn" and event.zone != LIBRARY else []


def test_a_mana_abilitys_sacrifice_is_asked_before_paying_a_spell(spawn_rules: None) -> None:
    """Grizzly Bears paid with a Forest and an Eldrazi Spawn's 'Sacrifice this creature:
    Add {C}' (605.3b): the Spawn's controller chooses (616.1) before anything is paid."""
    s = Setup(active=0, step=MAIN1)
    forest = s.bf("Forest", 0)
    spawn = s.bf(SPAWN, 0, token=True)
    bears = s.hand("Grizzly Bears", 0)
    state = s.go()
    d = advance(state)
    assert d is not None and d.kind == "priority"
    answer(state, action_index(d, CAST, bears))
    d = advance(state)
    assert d is not None and d.kind == "replacement" and d.player == 0 and d.source == spawn
    assert not obj(state, forest).tapped and not state.stack  # nothing paid yet
    answer(state, d.options.index(spawn))
    assert spawn not in state.objects or obj(state, spawn).zone != 2
    assert obj(state, forest).tapped and state.stack[-1].card.name == "Grizzly Bears"


def test_a_mana_abilitys_sacrifice_is_asked_before_paying_an_ability(
        spawn_rules: None) -> None:
    """Transcendent Master's level up {1} paid by an Eldrazi Spawn: asked with the
    ability's cost choices (602.2b), before the mana is paid."""
    s = Setup(active=0, step=MAIN1)
    master = s.bf("Transcendent Master", 0)
    spawn = s.bf(SPAWN, 0, token=True)
    state = s.go()
    d = advance(state)
    assert d is not None and d.kind == "priority"
    answer(state, action_index(d, ACTIVATE, master))
    d = advance(state)
    assert d is not None and d.kind == "replacement" and d.player == 0 and d.source == spawn
    assert obj(state, spawn).zone == 2 and not state.stack
    answer(state, 0)
    assert state.stack and state.stack[-1].source == master
