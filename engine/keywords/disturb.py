"""Disturb (702.146), and the back face's "If [this] would be put into a graveyard from
anywhere, exile it instead" (614.1a).

- 702.146a: disturb is a static ability that functions while the card with it is in a
  graveyard: "You may cast this card transformed from your graveyard by paying [cost]
  rather than its mana cost." A casting permission from the graveyard (``DISTURB``, code
  12) whose cost is the disturb cost (118.9, an alternative cost) and whose spell has the
  back face's characteristics (``CastPermission.face``; 712.11: a spell cast transformed
  has its back face up, its mana value its front face's, 712.8e): the back face's types
  give it its timing (a creature spell at sorcery speed, 307.1) and its colour.
- 702.146b: a resolving double-faced spell cast with disturb enters the battlefield
  transformed (``engine.rules.resolution``: a permanent spell with its back face up
  enters so, 712.14).
- The back faces of disturb cards say "If [this] would be put into a graveyard from
  anywhere, exile it instead." (614.1a): on the battlefield a replacement of leaving it
  (``EXILE_INSTEAD``, a zone rule its controller orders with others, 616.1); on the
  stack (the spell countered, 701.6a) ``engine.rules.zones.move`` sends it to exile. In
  other zones the card has its front face's characteristics (712.8a) and goes to the
  graveyard.

The AI casts the back face from the graveyard in a main phase when the disturb cost fits
the mana it keeps for other spells: a creature from the graveyard is a card it gains
(``engine.players.policies.cast_score``).
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.replacement import ZoneChange, ZoneRule, zone_rule
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import EXILE, GRAVEYARD, GameObject, GameState

DISTURB_CODE = 12


def has_disturb(state: GameState, obj: GameObject) -> bool:
    """The card has disturb and a back face to cast (702.146a)."""
    return "disturb" in obj.card.keyword_names and obj.card.back is not None


def disturb_costs(state: GameState, obj: GameObject) -> list[ManaCost]:
    """The disturb cost, paid rather than the mana cost (702.146a)."""
    return [parse_cost(obj.card.instances("disturb")[0].cost)]


def back_face(state: GameState, obj: GameObject) -> Card:
    """The back face: the characteristics of the spell cast transformed (712.11)."""
    back = obj.card.back
    assert back is not None, obj.card.name
    return game_card(state, back)


DISTURB = cast_permission(CastPermission(
    "disturb", code=DISTURB_CODE, zone=GRAVEYARD, has=has_disturb, costs=disturb_costs,
    face=back_face))


def _exiles_itself(state: GameState, event: ZoneChange) -> list[int]:
    """The permanent itself, going to a graveyard, when its face up says so."""
    obj = event.obj
    return [obj.oid] if event.zone == GRAVEYARD and obj.card.exiles_itself else []


def _to_exile(event: ZoneChange) -> None:
    event.zone = EXILE


EXILE_INSTEAD = zone_rule(ZoneRule("exile instead of its graveyard", _exiles_itself,
                                   ends=False, modify=_to_exile))
