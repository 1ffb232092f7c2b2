"""The initiative (725; engine/effects/take_initiative.py) and Undercity (309, 701.49;
engine/effects/venture.py): what the rules scenarios under
tests/scenarios/oracle/initiative/ do not show — the designation and the dungeons saved,
decoded, cloned and in each player's view, who controls the triggers, venturing from the
last room with its ability still on the stack (701.49c), the rooms as printed (each one
what the compiler makes of its text), and what the AI thinks rooms and the initiative are
worth and which room it picks."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.effects.take_initiative import (
    TakeInitiative,
    initiative_taken_worth,
    initiative_worth,
)
from mtgsim.engine.effects.venture import UNDERCITY_DUNGEON, Venture, best_room, venture
from mtgsim.engine.players.life_price import FITTED
from mtgsim.engine.players.policies.search import position_value
from mtgsim.engine.rules import sba
from mtgsim.engine.rules.effect import effects_value
from mtgsim.engine.rules.turn import advance
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Rooms
from mtgsim.engine.state.game_state import (
    NONE,
    Decision,
    DecisionKind,
    PendingTrigger,
    ResolveTask,
)
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "initiative"
STEAL = "yes_combat_damage_steal_then_venture.toml"


def _runner(name: str, actions: int | None = None) -> Runner:
    """The scenario's runner after its first ``actions`` actions (all by default)."""
    sc = load_scenario(SCENARIOS / name)
    runner = Runner(sc, play_scenario(sc).pool)
    for i, act in enumerate(sc.actions[:actions]):
        runner.do_action(i, act)
    return runner


def test_the_initiative_and_dungeons_are_saved_cloned_and_seen_by_both_players() -> None:
    """Public information (725.1, 309.3: the command zone): each player's view shows who
    has the initiative, each dungeon, its room and the dungeons completed."""
    state = _runner(STEAL).state
    assert state.initiative == 0
    seen = [(p.dungeon, p.room, p.room_last, p.dungeons_completed) for p in state.players]
    assert seen == [("Undercity", 0, False, 0), ("Undercity", 1, False, 0)]
    for copy in (from_msgpack(to_msgpack(state), state.derived.pool), clone(state),
                 player_view(state, 0), player_view(state, 1)):
        assert copy.initiative == 0
        assert [(p.dungeon, p.room, p.room_last, p.dungeons_completed)
                for p in copy.players] == seen


def test_the_combat_damage_trigger_is_the_holders_and_has_no_source() -> None:
    """725.2: one trigger for the attacking player's two creatures, controlled by the
    player who had the initiative (B), with no source object; their controller (A)
    takes it."""
    runner = _runner(STEAL, 2)  # to combat damage, the trigger not resolved
    state = runner.state
    advance(state)
    items = [it for it in state.stack if it.card.name == "The Initiative"]
    assert len(items) == 1
    assert items[0].controller == 1 and items[0].source == NONE
    assert items[0].effects == (TakeInitiative(who="controller_of:it"),)
    assert state.initiative == 1


def test_the_rooms_are_undercity_as_printed() -> None:
    """Each room ability but the last is what the compiler makes of the room's text in a
    triggered ability; the arrows are the printed card's."""
    texts = {
        "Secret Entrance": "Search your library for a basic land card, reveal it, put it "
                           "into your hand, then shuffle.",
        "Forge": "Put two +1/+1 counters on target creature.",
        "Lost Well": "Scry 2.",
        "Trap!": "Target player loses 5 life.",
        "Arena": "Goad target creature.",
        "Stash": "Create a Treasure token.",
        "Archives": "Draw a card.",
        "Catacombs": "Create a 4/1 black Skeleton creature token with menace.",
    }
    base = corpus.lookup("Goliath Paladin")
    assert base is not None
    for room in UNDERCITY_DUNGEON.rooms[:-1]:
        text = texts[room.name]
        rec = msgspec.structs.replace(base, keywords=None,
                                      text="When this creature enters, " + text[0].lower()
                                      + text[1:])
        got = compile_record(rec, compile_card)
        assert isinstance(got, Compiled), (room.name, got)
        ab = got.defn.abilities[0]
        assert (ab.effects, ab.targets) == (room.ability.effects, room.ability.targets), \
            room.name
        assert room.ability.when == "room_entered"
        assert room.name in UNDERCITY_DUNGEON.card.text
    names = [r.name for r in UNDERCITY_DUNGEON.rooms]
    arrows = {names[i]: sorted(names[j] for j in r.leads_to)
              for i, r in enumerate(UNDERCITY_DUNGEON.rooms)}
    assert arrows == {
        "Secret Entrance": ["Forge", "Lost Well"], "Forge": ["Arena", "Trap!"],
        "Lost Well": ["Arena", "Stash"], "Trap!": ["Archives"],
        "Arena": ["Archives", "Catacombs"], "Stash": ["Catacombs"],
        "Archives": ["Throne of the Dead Three"],
        "Catacombs": ["Throne of the Dead Three"], "Throne of the Dead Three": [],
    }


def test_venturing_from_the_last_room_completes_it_and_starts_again() -> None:
    """701.49c: the marker on Throne of the Dead Three, its ability not yet resolved (so
    704.5t has not completed the dungeon): venturing completes it and enters a new
    Undercity's first room, whose ability triggers; then nothing is left to complete."""
    state = _runner("no_throne_reveals_no_creature_card.toml", 0).state
    p = state.players[0]
    throne = UNDERCITY_DUNGEON.rooms[-1]
    p.room, p.room_last = len(UNDERCITY_DUNGEON.rooms) - 1, True
    card = next(iter(state.objects.values())).card  # any card: only the ability is read
    state.triggers.append(PendingTrigger(NONE, 0, card, throne.ability, 0))
    assert not sba._complete_dungeons(state)  # 704.5t waits for the Throne's ability
    venture(state, 0, "Undercity", Asker(state, ResolveTask(sid=NONE)), NONE)
    assert (p.dungeon, p.room, p.room_last, p.dungeons_completed) == ("Undercity", 0, False, 1)
    assert state.triggers[-1].ability is UNDERCITY_DUNGEON.rooms[0].ability
    assert not sba._complete_dungeons(state)


def test_room_choice_takes_the_path_the_board_wants() -> None:
    """The heuristic's room at Undercity's first fork: with a creature the Forge's
    counters go on it; with none the Forge's ability would have no target, so Lost Well
    (and its path to the Skeleton) is better."""
    state = _runner("yes_the_holders_upkeep_ventures_on.toml", 2).state
    d = Decision(DecisionKind.MODE, 0, "venture", options=[1, 2], source=NONE,
                 about=Rooms("Undercity", ("Forge", "Lost Well")))
    assert msgspec.json.decode(msgspec.json.encode(d), type=Decision) == d  # saved games
    assert best_room(state, 0, d) == 0  # Aarakocra Sneak carries the counters
    for oid in list(state.battlefield):
        if state.objects[oid].controller == 0:
            state.battlefield.remove(oid)
            del state.objects[oid]
    state.derived.layers.stale = True
    assert best_room(state, 0, d) == 1
    # at the fitted price of life (heuristic:eval=fitted, engine.players.life_price: 1.5 a
    # point at 20 life rather than 0.6) the Forge's path to the Trap's 5 life is better
    assert best_room(state, 0, d, FITTED) == 0


def test_the_initiative_is_worth_its_rooms_and_denies_the_holders() -> None:
    state = _runner(STEAL).state  # A has the initiative
    take = (TakeInitiative(),)
    mine = effects_value(state, 0, take, [], NONE)  # A takes it again: a room, no denial
    theirs = effects_value(state, 1, take, [], NONE)  # B takes it from A
    assert mine == pytest.approx(initiative_taken_worth(state, 0)) and mine > 0
    assert theirs == pytest.approx(initiative_taken_worth(state, 1))
    assert theirs > initiative_worth(state, 0) > 0
    assert effects_value(state, 0, (Venture(),), [], NONE) > 0


def test_the_search_counts_the_initiative_in_its_position_value() -> None:
    state = _runner(STEAL).state
    with_it = position_value(state, 0)
    state.initiative = 1
    without = position_value(state, 0)
    state.initiative = NONE
    assert with_it > position_value(state, 0) > without


def test_the_heuristic_values_an_attack_that_takes_the_initiative() -> None:
    from mtgsim.engine.players.policies.combat_ai import attack_net

    state = _runner(STEAL, 0).state  # the setup: B has the initiative
    objs = state.objects.values()
    bears = next(o for o in objs if o.card.name == "Grizzly Bears")
    explorer = next(o for o in objs if o.card.name == "Underdark Explorer")
    taken = attack_net(state, [bears], [], 20, 1.0)
    blocked = attack_net(state, [bears], [explorer], 20, 1.0)
    worth = initiative_taken_worth(state, 0)  # B's rooms denied too
    state.initiative = NONE
    assert worth > initiative_taken_worth(state, 0) > 0
    assert taken == pytest.approx(attack_net(state, [bears], [], 20, 1.0) + worth)
    assert blocked == attack_net(state, [bears], [explorer], 20, 1.0)
