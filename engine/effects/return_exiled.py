"""The ``return_exiled`` effect (ReturnExiled): its data, how it resolves and what the AI thinks it is worth.

"When this enchantment leaves the battlefield, return the exiled card to the battlefield
under its owner's control" (Journey to Nowhere): the second of two linked abilities
(607.2a): "the exiled card" is the card the other ability of the same object exiled
(``GameObject.exiled_by``, set by ``engine/effects/exile.py`` for an exile done by a
triggered ability). An object that comes back to the battlefield is a new object
(400.7), with no link to what its former self exiled; if the permanent leaves before its
exile ability resolves, this ability finds nothing and the card exiled afterwards stays
exiled for good (the rulings on Journey to Nowhere). A card that left exile since is a
new object too (400.7) and is not returned. It enters under its owner's control (110.2)
as a new object, untargeted (an Aura is attached by its owner's choice, 303.4f).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import card_creature_value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.entering import prepare_enter
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import NONE, GameObject, GameState, StackItem


class ReturnExiled(Effect, tag="return_exiled", frozen=True):
    """Return the cards the source's linked ability exiled to the battlefield under their
    owners' control."""


def linked_cards(state: GameState, source: int) -> list[GameObject]:
    """The cards in exile that ``source``'s ability exiled, in exile order (in a player's
    view, a face-down card of the other player's, ``NONE``, is none of them: a face-down
    card is exiled by foretell, never by another ability)."""
    objects = state.objects
    return [o for p in state.players for oid in p.exile
            if oid != NONE and (o := objects[oid]).exiled_by == source]


def resolve(state: GameState, item: StackItem, eff: ReturnExiled, asker: Asker,
            queue: list[EffectT]) -> None:
    cards = linked_cards(state, item.source)
    afters = [prepare_enter(state, c.card, c.owner, asker, c.oid) for c in cards]
    with simultaneously(state):
        for card_obj, after in zip(cards, afters, strict=True):
            rep.enter(state, card_obj, card_obj.owner, asker=asker, after=after)


def estimate(ev: Estimate, e: ReturnExiled) -> None:
    """The card comes back to its owner: a creature's worth (its printed numbers) for
    them, 1 for any other permanent card."""
    for o in linked_cards(ev.state, ev.source):
        v = card_creature_value(o.card) if o.card.is_creature else 1.0
        ev.total += v if o.owner == ev.me else -v


RULES = effect_rules(ReturnExiled, resolve=resolve, estimate=estimate, sign=unaffected)
