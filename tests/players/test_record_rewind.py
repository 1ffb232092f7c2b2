"""The rewind of ``spell_inference.record_turn`` against the game state's fields: every
field of ``GameState`` and of ``Player`` is either rewound to the other player's second
main phase by ``record_turn`` (``spell_inference.REWOUND``, ``PLAYER_REWOUND``) or listed
here with the reason it needs no rewind, so that a field added to the state fails here
until someone decides what a record does with it (the record is asked a priority
question: a field that question reads and that changed since their main phase makes the
heuristic answer another position)."""

from __future__ import annotations

import msgspec
from test_spell_inference import DECKS, _game

from mtgsim.engine.players.policies.spell_inference import (
    PLAYER_REWOUND,
    SpellMemory,
    TurnRecord,
    rewound,
)
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.game_state import MAIN2, GameState, Player
from mtgsim.engine.state.view import player_view

_BOARD = "the board as the record's view shows it (spell_inference's docstring: what " \
         "changed between their main phase and that view is in the record)"
_NOT_ADVANCED = "read as the steps and turns advance (engine.rules.steps, turn), never " \
                "by a priority answer: the record is asked, never advanced"
_KEYED_ON_TURN = "kept with the turn it is about, and read against the turn: the " \
                 "rewound turn makes their turn's hold again"
_THIS_TURN = "this turn's count, zeroed as a new turn begins (the untap step, " \
             "engine.rules.steps): a record from my turn's first view has 0 where their " \
             "turn counted, lost with what changed since (spell_inference's docstring)"
_DERIVED = "derived data, made again for the record (determinize.redealt)"

# GameState's fields record_turn leaves as the view has them, and why
STATE_KEPT: dict[str, str] = {
    "extra_cards": "the definitions of the cards the game made: no turn in them",
    "objects": _BOARD + "; the hidden hand's are removed (record_turn)",
    "battlefield": _BOARD,
    "stack": "empty: a record is made only from a view with an empty stack "
             "(SpellMemory.observe)",
    "delayed": _BOARD,
    "haunters": _BOARD,
    "effects": _BOARD,
    "in_priority": _NOT_ADVANCED,
    "next_oid": "a count of the objects made: no turn in it",
    "clock": "timestamps: no turn in them",
    "rng": "the game's own randomness: the heuristic draws from its own",
    "result": "None: a record is made while the game goes on",
    "max_turns": _NOT_ADVANCED,
    "max_actions": _NOT_ADVANCED,
    "actions_taken": _NOT_ADVANCED,
    "log": "the replay's record: read by no decision",
    "decisions": "the replay's record: read by no decision",
    "skip_first_draw": _NOT_ADVANCED,
    "stop_every_priority": _NOT_ADVANCED,
    "stops": _NOT_ADVANCED,
    "started": "True from the first turn on",
    "mulligan_stage": "over: no record is made during the mulligans (SpellMemory.observe)",
    "extra_combats": _NOT_ADVANCED,
    "extra_combat": _NOT_ADVANCED,
    "postcombat_main_done": _NOT_ADVANCED + " (and by an additional combat's resolution)",
    "combats_after_main": _NOT_ADVANCED,
    "added_combat_resume": _NOT_ADVANCED,
    "main_as": _NOT_ADVANCED,
    "attacked_this_turn": _KEYED_ON_TURN + " (attacked_turn)",
    "attacked_turn": _KEYED_ON_TURN,
    "extra_turns": _NOT_ADVANCED,
    "next_regular": _NOT_ADVANCED,
    "event_depth": "0 outside a simultaneous zone change: a view is never inside one",
    "event_before": "empty outside a simultaneous zone change",
    "departures": "empty outside a simultaneous zone change",
    "arrivals": "empty outside a simultaneous zone change",
    "monarch": _BOARD,
    "initiative": _BOARD,
    "unpreventable_turn": _KEYED_ON_TURN,
    "creature_died_turn": _KEYED_ON_TURN,
    "prevented": _KEYED_ON_TURN + " (prevented_turn)",
    "prevented_turn": _KEYED_ON_TURN,
    "spell_shields": _KEYED_ON_TURN + "; a new turn ends them (steps._next_turn), so a "
                     "record from my turn's first view has none of theirs: lost with what "
                     "changed since",
    "untargetable": _KEYED_ON_TURN + "; a new turn ends them, as spell_shields",
    "derived": _DERIVED,
    "sight": _DERIVED,
}

# Player's fields record_turn leaves as the view has them (for the other player: the
# question is theirs), and why
PLAYER_KEPT: dict[str, str] = {
    "idx": "the seat",
    "life": _BOARD,
    "library": _BOARD + "; its size is the record's (TurnRecord.library)",
    "graveyard": _BOARD,
    "exile": _BOARD,
    "poison": _BOARD,
    "land_drops": "one a turn: no effect changes it",
    "drew_from_empty": "False: the game goes on",
    "lost": "False: the game goes on",
    "mulligans": "over before any record",
    "damage_this_turn": _THIS_TURN,
    "drawn_this_turn": _THIS_TURN,
    "cast_this_turn": _THIS_TURN,
    "cast_types_this_turn": _THIS_TURN,
    "land_entered_turn": _KEYED_ON_TURN + " (and what record_turn sets lands_played from)",
    "cant_gain_life": "for the rest of the game",
    "pool": "emptied as each step ends (500.4): what floated at their last priority is "
            "gone by the record's view, whose pool the record keeps",
    "can_cast_spells": "for the rest of the game (epic)",
    "stats": "the game's keyword statistics: read by no decision",
    "dungeon": _BOARD,
    "room": _BOARD,
    "dungeons_completed": _BOARD,
    "room_last": _BOARD,
    "skip_combats": _NOT_ADVANCED,
}


def _fields(struct: type[msgspec.Struct]) -> set[str]:
    return set(struct.__struct_fields__)


def test_every_field_of_the_state_is_rewound_or_kept_for_a_reason() -> None:
    """GameState's fields are those ``rewound`` sets, ``players`` (their fields below) and
    those kept with a reason, each once; a new field fails here until it is classified."""
    rewound_names = [name for name, _ in rewound(1, 3)]
    assert len(set(rewound_names)) == len(rewound_names)
    assert not set(rewound_names) & set(STATE_KEPT)
    assert "players" not in rewound_names and "players" not in STATE_KEPT
    assert _fields(GameState) == set(rewound_names) | set(STATE_KEPT) | {"players"}, \
        "a GameState field is neither rewound by record_turn nor kept with a reason"


def test_every_field_of_a_player_is_rewound_or_kept_for_a_reason() -> None:
    """Likewise Player's: those ``record_turn`` rewinds for the other player
    (``PLAYER_REWOUND``) and those kept with a reason."""
    assert not set(PLAYER_REWOUND) & set(PLAYER_KEPT)
    assert _fields(Player) == set(PLAYER_REWOUND) | set(PLAYER_KEPT), \
        "a Player field is neither rewound by record_turn nor kept with a reason"


def _records(seeds: range) -> list[tuple[GameState, TurnRecord]]:
    """Seat 0's records of seat 1's turns in heuristic games, with the view each was
    made from."""
    out: list[tuple[GameState, TurnRecord]] = []
    for seed in seeds:
        state, policies = _game(DECKS, seed)
        memory = SpellMemory()
        while (d := advance(state)) is not None:
            view = player_view(state, d.player)
            if d.player == 0:
                before = memory.record
                memory.observe(view, 0)
                if memory.record is not None and memory.record is not before:
                    out.append((view, memory.record))
            answer(state, policies[d.player].decide(view, d))
    return out


def test_a_record_holds_what_is_rewound() -> None:
    """Each record of real games holds the values ``rewound`` gives its turn, and the
    rewound Player fields: their hand only the cards the view shows, their land drop
    spent only if a land entered under their control that turn. The views they are made
    from differ in some of them (the end step or my turn, not their main phase)."""
    records = _records(range(2))
    assert len(records) > 4
    moved = set()
    for view, record in records:
        game = record.game
        for name, value in rewound(1, record.turn):
            assert getattr(game, name) == value, name
            if getattr(view, name) != value:
                moved.add(name)
        theirs, seen = game.players[1], view.players[1]
        assert theirs.hand == [o for o in seen.hand if o in view.objects]
        assert theirs.lands_played == (
            seen.land_drops if seen.land_entered_turn >= record.turn else 0)
        assert game.step == MAIN2
    assert {"turn", "step", "active", "priority"} <= moved, moved
