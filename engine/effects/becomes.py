"""The ``becomes`` effect (Becomes): its data, how it resolves and what the AI thinks it is worth.

"[Target] becomes a P/T [type]. It's still a [type]": adds card types (layer 4)
and sets base power/toughness (layer 7b), for the rest of the game unless
``until_end_of_turn`` (611.2).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    TYPE_BIT,
    CardType,
    Effect,
    EffectT,
    Keyword,
    keyword_mask,
)
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameState, StackItem


class Becomes(Effect, tag="becomes", frozen=True):
    """"[Target] becomes a P/T [type]. It's still a [type]": adds card types (layer 4)
    and sets base power/toughness (layer 7b), for the rest of the game unless
    ``until_end_of_turn`` (611.2)."""

    what: str = "t0"
    add_types: tuple[CardType, ...] = ("creature",)
    power: int = 0
    toughness: int = 0
    until_end_of_turn: bool = False
    # "becomes a 0/0 Homunculus artifact creature with flying" (Kenku Artificer): the
    # creature types it sets (layer 4: "[creature types] artifact creature" keeps its
    # other card types and subtypes and replaces its creature types, 205.1b) and the
    # keyword abilities it gains (layer 6, 613.1f)
    creature_types: tuple[str, ...] = ()
    keywords: tuple[Keyword, ...] = ()


def resolve(state: GameState, item: StackItem, eff: Becomes, asker: Asker,
            queue: list[EffectT]) -> None:
    mask = 0
    for t in eff.add_types:
        mask |= TYPE_BIT[t]
    kw = keyword_mask(eff.keywords) if eff.keywords else 0
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, add_types=mask, set_base=(eff.power, eff.toughness),
            until_eot=eff.until_end_of_turn, creature_types=eff.creature_types, kw=kw))
        if state.log is not None:
            log(state, "becomes", item.controller, o.card.name,
                f"{eff.power}/{eff.toughness} {' '.join(eff.add_types)}")
    characteristics_changed(state)


def estimate(ev: Estimate, e: Becomes) -> None:
    """A permanent that becomes a creature: a body for its controller (0.5); a flyer
    made of it (Kenku Artificer's Homunculus) a little more, as flying adds to a
    creature's worth (``engine.players.worth.card_creature_value``)."""
    ev.total += 0.5 + (0.5 if e.keywords else 0.0)


RULES = effect_rules(
    Becomes, resolve=resolve, estimate=estimate, sign=unaffected)
