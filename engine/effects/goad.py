"""The ``goad`` effect (Goad): its data, how it resolves and what the AI thinks it is
worth.

701.15a: to goad a creature, its controller's opponent (the goading player) makes it
attack each combat if able and attack a player other than the goading player if able,
until the goading player's next turn. In a two-player game there is no other player to
attack, so what remains is the requirement of 508.1d, "attacks each combat if able"
(``KW_ATTACKS_EACH_COMBAT``, layer 6, read by ``engine.rules.combat``), lasting until the
goading player's next turn (``ContinuousEffect.until_turn_of``, ended by
``engine.rules.turn``). 701.15b: goading a creature that is already goaded by the same
player adds nothing (a second effect with the same duration). Undercity's Arena (Goad
target creature) and Bloodboil Sorcerer goad.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_ATTACKS_EACH_COMBAT, Effect, EffectT
from mtgsim.engine.players.worth import is_creature, value
from mtgsim.engine.players.worth_effects import objs_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameState, StackItem


class Goad(Effect, tag="goad", frozen=True):
    """"Goad [it]" (701.15a): ``what`` is a reference to the creature ("t0")."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Goad, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, kw=KW_ATTACKS_EACH_COMBAT, until_eot=False,
            until_turn_of=item.controller))
        if state.log is not None:
            log(state, "goad", item.controller, o.card.name)
    characteristics_changed(state)


def estimate(ev: Estimate, e: Goad) -> None:
    """A goaded creature of the opponent must attack into my blockers on its controller's
    turn (and so cannot stay back to block: it is tapped on my turn unless it has
    vigilance): a fifth of its worth. My own creature goaded by me is nothing: the goad
    ends as my next turn begins, before it could be made to attack."""
    for o in objs_for(e.what, ev.targets, ev.state, ev.source):
        if is_creature(o) and o.controller != ev.me:
            ev.total += 0.2 * value(o)


RULES = effect_rules(Goad, resolve=resolve, estimate=estimate, sign=hurts("what"))
