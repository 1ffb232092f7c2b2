"""What each player cast this turn, by card type: "Activate only if you've cast an instant
or sorcery spell this turn" (Potioner's Trove; 602.5b: a restriction on activating).

A spell counts once it has been cast (601.2i: it is on the stack and its costs are paid),
whatever happens to it later (countered or still on the stack), with the card types it
had as it was cast (an Adventure's instant or sorcery half, 715.3; a permanent spell's
types). Spells cast by an effect ("cast it without paying its mana cost") are cast too;
copies of spells are not cast (707.10) and never reach ``record_cast``. The record is
``Player.cast_types_this_turn``, a mask of ``TYPE_BIT``, cleared as each turn begins
(``engine.rules.turn``) as storm's count is (702.40a).
"""

from __future__ import annotations

from mtgsim.engine.cards import TYPE_BIT, CastSpellThisTurn
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem


def record_cast(state: GameState, player: int, item: StackItem) -> None:
    """``player`` has just cast the spell ``item`` (601.2i)."""
    state.players[player].cast_types_this_turn |= item.card.type_mask


def types_mask(types: tuple[str, ...]) -> int:
    """The ``TYPE_BIT`` mask of the condition's card types ("instant or sorcery")."""
    mask = 0
    for t in types:
        mask |= TYPE_BIT[t]
    return mask


@condition_rule(CastSpellThisTurn)
def cast_spell_this_turn(state: GameState, cond: CastSpellThisTurn, controller: int,
                         source: GameObject, subject: GameObject | None) -> bool:
    """"If you've cast an instant or sorcery spell this turn": the controller cast a spell
    with one of those card types this turn."""
    return bool(state.players[controller].cast_types_this_turn & types_mask(cond.types))
