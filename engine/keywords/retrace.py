"""Retrace (702.81a): a static ability that functions while the card is in a player's
graveyard: "You may cast this card from your graveyard by discarding a land card as an
additional cost to cast it"; paying it follows 601.2b and 601.2f-h.

It is a casting permission plus an additional cost, registered in engine.rules.spell_costs as
``RETRACE`` (code 2):

* ``engine.rules.priority_actions.legal_actions`` offers ``Action(CAST, alt=2)`` only for a
  card with retrace in its owner's graveyard, with the card's own timing (an instant at instant
  speed, a sorcery at sorcery speed), while its owner may cast spells, has a land card in
  hand (``has_land_in_hand``) and can pay the mana cost;
* ``engine.rules.casting.cast_task`` asks which land card to discard after the other
  additional costs (601.2b, decision ``cost_discard``: ``ask_land``), pays the total mana
  cost (601.2f-h) and then discards the land; the cast is counted as ``retrace_casts``.

Nothing else is special: the spell resolves (or is countered) like any other and the card
goes back to its owner's graveyard (608.2n, 701.5a), so it can be retraced again.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_LAND
from mtgsim.engine.rules.mana import ManaCost
from mtgsim.engine.rules.spell_costs import CastPermission, SpellPlan, cast_permission
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import GRAVEYARD, Decision, DecisionKind, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_COST_DISCARD = DecisionKind.COST_DISCARD


def has_retrace(state: GameState, obj: GameObject) -> bool:
    return obj.card.has_keyword("retrace")


def mana_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """Retrace is not an alternative cost: the spell's mana cost is paid."""
    assert obj.card.cost is not None
    return [obj.card.cost]


def has_land_in_hand(state: GameState, player: int, obj: GameObject) -> bool:
    """The additional cost can be paid: a land card to discard."""
    objects = state.objects
    return any(objects[o].card.type_mask & T_LAND for o in state.players[player].hand)


def ask_land(state: GameState, asker: Asker, player: int, obj: GameObject, plan: SpellPlan,
             units: list[int]) -> None:
    """601.2b: the land card to discard (discarded once the mana is paid, 601.2h)."""
    lands = [o for o in state.players[player].hand
             if state.objects[o].card.type_mask & T_LAND]
    pick = asker.choose(Decision(
        _KIND_COST_DISCARD, player, f"discard a land card to retrace {obj.card.name}",
        options=lands, source=obj.oid, about=ForSpell(obj.card)))
    plan.discards.append(lands[pick])


RETRACE = cast_permission(CastPermission(
    "retrace", code=2, zone=GRAVEYARD, has=has_retrace, costs=mana_cost,
    other_payable=has_land_in_hand, ask_other=ask_land, statistic="retrace_casts"))
