"""Transforming (701.28) and the ``transform`` effect (Transform): its data, how it
resolves and what the AI thinks it is worth.

- 712.2, 712.8d: a transforming double-faced card has a front face and a back face
  (``CardDef.back``); on the battlefield it has the characteristics of the face that is
  up, and only those. With its back face up a permanent's ``card`` is the back face's
  card and ``GameObject.front`` its front face's; in every other zone the card has its
  front face's characteristics (712.8a: a zone change makes a new object of the front
  face, ``engine.rules.zones.move``).
- 701.28a, c: to transform a permanent is to turn it over to its other face; it is the
  same object, so it keeps its counters, damage, attachments,
  tapped status and summoning sickness, and continuous effects that applied to it still
  apply.
- 701.28d: a permanent that is not a transforming double-faced card (a token copy of a
  back face, any single-faced card) does not transform: nothing happens.
- 701.28f: when a triggered ability of a permanent tries to transform it, it does so
  only if it has not transformed since the ability was put on the stack
  (``StackItem.source_transforms`` against ``GameObject.transforms``).
- 712.8e: a back face's mana value is its front face's mana cost's
  (``CardDef.front_mana_cost``, compiled into ``Card.mana_value``).

A text-changing effect (612) applied to the face that was up does not carry over to the
other face: its card is replaced. No card the compiler accepts changes text and
transforms.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.worth import card_creature_value
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.layers import face_changed
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import (
    card_of,
    characteristics_changed,
    game_card,
    permanent_card_changed,
)
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem


class Transform(Effect, tag="transform", frozen=True):
    """"Transform [permanent]" (701.28a): ``what`` names it ("self": the ability's
    source)."""

    what: str = "self"


def other_face(state: GameState, obj: GameObject) -> Card | None:
    """The card of the face ``obj`` would turn to, or None if it cannot transform."""
    if obj.front is not None:
        return obj.front
    back = obj.card.back
    return game_card(state, back) if back is not None else None


def transform(state: GameState, obj: GameObject) -> bool:
    """Turn the permanent ``obj`` over (701.28a); False if it cannot (701.28d)."""
    new = other_face(state, obj)
    if new is None:
        return False
    old = obj.card
    obj.front = None if obj.front is not None else (obj.printed or old)
    obj.printed = None
    obj.card = new
    obj.transforms += 1
    face_changed(obj)
    permanent_card_changed(state, old, new)  # what engine.state.derived counts of its card
    characteristics_changed(state)
    if state.log is not None:
        log(state, "transform", obj.controller, old.name, new.name)
    return True


def resolve(state: GameState, item: StackItem, eff: Transform, asker: Asker,
            queue: list[EffectT]) -> None:
    for obj in permanents(state, refs_of(state, item, eff.what)):
        if eff.what == "self" and item.trigger is not None and \
                obj.transforms != item.source_transforms:
            continue  # 701.28f: it transformed since the ability was put on the stack
        transform(state, obj)


def _face_value(card: Card) -> float:
    """A face's worth on the battlefield from its printed characteristics."""
    return card_creature_value(card) if card.is_creature else 2.0 + 0.5 * card.mana_value


def estimate(ev: Estimate, e: Transform) -> None:
    """The permanent's worth with its other face up, less its worth with this one (both
    from the faces' printed characteristics: counters and effects stay with it), for its
    controller."""
    state = ev.state
    for oid in (ev.targets if e.what.startswith("t") else [ev.source]):
        obj = state.objects.get(oid)
        if obj is None:
            continue
        if obj.front is not None:
            new = obj.front
        elif obj.card.back is not None:
            new = card_of(state, obj.card.back)
        else:
            continue
        gain = _face_value(new) - _face_value(obj.card)
        ev.total += gain if obj.controller == ev.me else -gain


RULES = effect_rules(Transform, resolve=resolve, estimate=estimate, sign=helps("what"))
