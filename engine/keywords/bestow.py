"""Bestow (702.103): an enchantment creature card cast as an Aura that becomes a
creature again when it is no longer attached.

- 702.103a: "Bestow [cost]" means "As you cast this spell, you may choose to cast it
  bestowed. If you do, you pay [cost] rather than its mana cost", an alternative cost
  (118.9, 601.2b, 601.2f-h): the casting permission ``BESTOW`` (code 21, from the hand).
  A spell is cast one way only, so it is never combined with another alternative cost
  (118.9a). The permission's cost may have X (Nyxborn Hydra's {X}{G}{G}): X is chosen as
  the cost is (601.2b) and "enters with X +1/+1 counters" counts it.
- 702.103b: "As a spell cast bestowed is put onto the stack, it becomes an Aura
  enchantment and gains enchant creature", a bestowed Aura spell whose permanent is a
  bestowed Aura. The compiler makes that Aura a face of the card (``CardDef.bestowed``,
  ``engine.cards.oracle.bestow``): the type line "Enchantment — Aura" (205.1a: becoming
  an Aura enchantment it is no creature, so it has no creature types, 205.3d, and no
  power or toughness, 208.3), "Enchant creature" added, every other ability of the card
  kept. Cast bestowed the spell has that face (``CastPermission.face``), so it targets a
  creature (303.4a, 601.2c), is a noncreature spell (702.103d: only the Aura is looked at
  to see whether it can be cast; a creature-only counterspell can't counter it), and its
  mana value is its mana cost's (118.9c, 202.3). It resolves into a permanent with the
  same face (``CastPermission.keeps_face``; ``GameObject.front`` holds the card's own),
  attached to its target (303.4f), and its "Enchanted creature gets ..." ability applies
  to that creature (303.4e, 613.1 layers 6 and 7c).
- 702.103c (a copy of a bestowed Aura spell is bestowed too): no effect of the engine
  copies a permanent spell (its copy effects copy instants and sorceries, 707.10), so no
  such copy arises. A copy of a bestowed Aura permanent is the enchantment creature: being
  an Aura is 702.103b's effect, not a copiable value (707.2;
  ``engine.effects.create_token_copy``).
- 702.103e, 608.3b: "As a bestowed Aura spell begins resolving, if its target is illegal,
  it ceases to be bestowed and the effect making it an Aura spell ends. It continues
  resolving as a creature spell": ``unbestow_spell`` (a hook of
  ``engine.rules.resolution``) gives it the card's own characteristics and no target, so
  it is not removed by 608.2b and enters as the enchantment creature, with its "enters"
  abilities (it does enter).
- 702.103f: "If a bestowed Aura becomes unattached, it ceases to be bestowed. If a
  bestowed Aura is attached to an illegal object or player, it becomes unattached and
  ceases to be bestowed. This is an exception to rule 704.5m.": ``unbestow_permanent``
  (a hook of the state-based actions, ``engine.rules.sba``) turns it back into the card it
  is (the same object: it does not enter the battlefield, so no "enters" ability
  triggers, and it keeps its counters and the turn it came under its controller's
  control, 302.6). Its enchanted creature leaving the battlefield, gaining protection
  from its colour or ceasing to be a creature all come to it through 704.5m's check.
- 702.103g (phasing in unattached): the engine has no phasing.
- In any zone but the stack and the battlefield, and on the battlefield once unbestowed,
  it is the card as printed: a zone change leaves ``front``'s card (400.7; 712.8a's
  mechanism), and a permanent with bestow put onto the battlefield other than by
  resolving bestowed is simply the creature.

The heuristic's choice between the two casts is ``engine.players.policies.bestow_plan``.
Statistics: ``bestows`` (casts bestowed), ``bestow_unattached`` (Auras turned back into
creatures).
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules import sba
from mtgsim.engine.rules.layers import face_changed
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.resolution import TARGETS_ILLEGAL_HOOKS
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.derived import (
    characteristics_changed,
    game_card,
    permanent_card_changed,
)
from mtgsim.engine.state.game_state import HAND, NONE, GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count

BESTOW_CAST = 21  # cast bestowed, for its bestow cost (702.103a)


def _has(state: GameState, obj: GameObject) -> bool:
    return obj.zone == HAND and obj.card.bestowed is not None


def bestow_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """702.103a: the bestow cost, paid rather than the mana cost."""
    return [parse_cost(obj.card.instances("bestow")[0].cost)]


def bestowed_face(state: GameState, obj: GameObject) -> Card:
    """The bestowed Aura the card is as a spell cast bestowed (702.103b)."""
    face = obj.card.bestowed
    assert face is not None, obj.card.name
    return game_card(state, face)


def is_bestowed(obj: GameObject) -> bool:
    """Is this spell or permanent a bestowed Aura (702.103b)? Its card is then the
    bestowed face and ``front`` the card's own, which has bestow."""
    front = obj.front
    return front is not None and front.bestowed is not None and obj.card.is_aura


def _cease(obj: GameObject) -> Card:
    """It ceases to be bestowed: the card's own characteristics again (702.103e-f);
    the Aura's card is returned."""
    front = obj.front
    assert front is not None
    aura = obj.card
    obj.card = front
    obj.front = None
    return aura


def unbestow_spell(state: GameState, item: StackItem) -> bool:
    """702.103e, 608.3b: a bestowed Aura spell whose target is illegal as it begins
    resolving ceases to be bestowed and resolves as the enchantment creature spell, with
    no target (so 608.2b does not remove it)."""
    obj = state.objects.get(item.sid)
    if obj is None or item.is_copy or not is_bestowed(obj):
        return False
    _cease(obj)
    item.card = obj.card
    item.target_specs = ()
    item.targets = []
    if state.log is not None:
        log(state, "unbestowed", item.controller, obj.card.name, "its target is illegal")
    return True


def unbestow_permanent(state: GameState, obj: GameObject) -> bool:
    """702.103f: a bestowed Aura unattached, or attached to what it can't enchant,
    becomes unattached and ceases to be bestowed rather than going to the graveyard
    (the exception to 704.5m): the enchantment creature, the same permanent."""
    if not is_bestowed(obj):
        return False
    aura = _cease(obj)
    front = obj.card
    permanent_card_changed(state, aura, front)  # the permanents' cards counted, as for a transform
    obj.attached_to = NONE
    face_changed(obj)
    characteristics_changed(state)
    count(state, obj.controller, "bestow_unattached")
    if state.log is not None:
        log(state, "unbestowed", obj.controller, obj.card.name, "unattached")
    return True


BESTOW = cast_permission(CastPermission(
    "bestow", code=BESTOW_CAST, zone=HAND, has=_has, costs=bestow_cost,
    face=bestowed_face, keeps_face=True, statistic="bestows"))
TARGETS_ILLEGAL_HOOKS.append(unbestow_spell)
sba.AURA_KEPT_HOOKS.append(unbestow_permanent)
