"""Enchant (702.5) and Auras (303.4): where each rule lives.

Enchant is a static ability ("Enchant [object or player]") that restricts what an Aura
spell can target and what the Aura can enchant (702.5a). The engine's pieces:

* Parsing (engine.keywords.compile_keywords): each "Enchant [quality]" instance becomes a
  filter; several instances all apply, so the card's ``enchant`` filter requires all of
  them (``Filter.all_of``, 702.5c). "Enchant player" sets ``enchant_player`` (702.5d).
  Qualities without a stock filter are given in card data (``enchant = {...}``: "Enchant
  creature with another Aura attached to it" is ``with_other_aura``).
* Aura spells target (303.4a, 601.2c): ``engine.rules.castability.aura_target`` turns the enchant
  abilities into the spell's one target, so hexproof, shroud and protection apply to it;
  an "Enchant player" Aura targets only players (702.5d). As the spell resolves with a
  legal target the Aura enters attached to it (303.4b, 608.3); with its target gone it
  doesn't resolve and goes to the graveyard (608.2b, effects.resolve_top).
* An Aura permanent targets nothing: the state-based action ``engine.rules.sba.aura_legal``
  (704.5m, 303.4c) checks only what it may enchant (``engine.rules.sba.can_enchant``: its
  enchant abilities, players only for "Enchant player", not itself, protection, 702.16c),
  never hexproof or shroud. An Aura attached to an illegal object or player, to an object
  that no longer exists, to a player who left the game, or to nothing goes to its
  owner's graveyard; an Aura that is also a creature can't enchant anything (303.4d).
* An Aura entering the battlefield other than by resolving (a search, a return from the
  graveyard): ``engine.rules.replacement.enter`` asks its controller what it enchants among the
  legal choices (``aura_choice``, decision "attach", 303.4f; no targeting); with no legal
  choice it stays in its zone, or goes to the graveyard from the stack (303.4g).
* "Attach" (701.3) moves an Aura on the battlefield only to something it can enchant
  (``engine.effects.attach``).
* Control (303.4e): the Aura and the enchanted object have their own controllers (layer
  2 changes one, not the other); the Aura's activated abilities are offered only to the
  Aura's controller (``engine.rules.priority_actions.legal_actions``), while abilities it grants
  (``Static.grants``, layer 6) belong to the enchanted object: its controller activates
  them and controls their triggers (``GameObject.granted`` / ``granted_activated``).
* An Aura is attached to one object or player only (``GameObject.attached_to``).
"""

from __future__ import annotations

from mtgsim.engine.rules.triggers import CAST_HOOKS
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count


def count_aura_cast(state: GameState, spell: GameObject, item: StackItem) -> None:
    """Statistic "auras_cast": Aura spells cast (303.4a: they target what they will
    enchant)."""
    if spell.card.is_aura:
        count(state, item.controller, "auras_cast")


CAST_HOOKS.append(count_aura_cast)
