"""Madness (702.35): "Madness [cost]" is two abilities. A static ability that works while
the card is in its owner's hand: "If a player would discard this card, that player
discards it, but exiles it instead of putting it into their graveyard"; and a triggered
ability: "When this card is exiled this way, its owner may cast it by paying [cost]
rather than paying its mana cost. If that player doesn't, they put this card into their
graveyard." (702.35a). The card is still discarded (what counts discards sees it).
Casting it follows 601.2b and 601.2f-h with the madness cost as an alternative cost
(702.35b), during the trigger's resolution, so timing permissions do not apply (an
instant's or a sorcery's: it is cast as the ability resolves).

The discard replacement is a hook of ``engine.rules.zones.move`` (a card put from a
hand into a graveyard is discarded, 701.8a); the cast is a casting permission from
exile (code 5) that no legal action offers: only the trigger starts it.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import AbilityT, Effect, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.castability import castable_modes
from mtgsim.engine.rules.effect import effect_rules, unaffected, yes_no
from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.rules.triggers import queue_trigger
from mtgsim.engine.rules.zones import DISCARD_HOOKS, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayCast
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    CastTask,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count

MADNESS_CODE = 5


class MadnessCast(Effect, tag="madness_cast", frozen=True):
    """702.35a: the owner may cast the exiled card for its madness cost; if they don't,
    it goes to its owner's graveyard."""


MADNESS_TRIGGER = Triggered(when="discarded_into_exile", effects=(MadnessCast(),),
                            keyword="madness")


@compiles("madness")
def compile_madness(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """Nothing printed to add: the replacement and the trigger work through the hook."""
    parse_cost(inst.cost)  # a cost the engine pays, or the card is refused
    return []


def madness_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    return [parse_cost(obj.card.instances("madness")[0].cost)]


def _discarded(state: GameState, obj: GameObject) -> GameObject | None:
    """A card with madness discarded from a hand goes to exile instead (702.35a), and
    its trigger waits for the next time a player would receive priority."""
    if not obj.card.has_keyword("madness"):
        return None
    new = move(state, obj, EXILE)
    if state.log is not None:
        log(state, "madness", new.owner, new.card.name)
    count(state, new.owner, "madness_discards")
    queue_trigger(state, new, MADNESS_TRIGGER, new.oid, new)
    return new


def madness_cast(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    card_obj = state.objects.get(item.source)
    if card_obj is None or card_obj.zone != EXILE:
        return  # it left exile: a new object the ability no longer finds (400.7)
    owner = card_obj.owner
    cost = madness_cost(state, card_obj)[0]
    units, _ = mana_units(state, owner)
    if state.players[owner].can_cast_spells and can_pay(cost.symbols, cost.generic, units) \
            and castable_modes(state, card_obj.card, owner, card_obj.oid) and \
            yes_no(asker, owner, f"madness: cast {card_obj.card.name} for {cost.text}?",
                   card_obj.oid, MayCast("madness", card_obj.card)):
        count(state, owner, "madness_casts")
        state.tasks.append(CastTask(player=owner, oid=card_obj.oid, alt=MADNESS_CODE))
        return
    move(state, card_obj, GRAVEYARD)


DISCARD_HOOKS.append(_discarded)

MADNESS = cast_permission(CastPermission(
    "madness", code=MADNESS_CODE, zone=EXILE, has=lambda state, obj: False,
    costs=madness_cost))

effect_rules(MadnessCast, resolve=madness_cast, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the madness cast is valued when the spell is "
                            "cast (its own effects), as rebound's")
