"""The ``shuffle_into_library`` effect (ShuffleIntoLibrary): its data, how it resolves and what the AI thinks it is worth.

"When this artifact is put into a graveyard from the battlefield, its owner shuffles it
into their library." (Lembas): the card goes from its owner's graveyard into their library
and that library is shuffled (701.24a: its cards put in a random order). The card is the
one that went to the graveyard (``"self_card"``, a new object there, 400.7); if it has left
the graveyard by the time the ability resolves, there is no "it" to shuffle in and nothing
happens.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import card_want
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import move, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, LIBRARY, GameState, StackItem


class ShuffleIntoLibrary(Effect, tag="shuffle_into_library", frozen=True):
    """The card ``what`` names, in a graveyard, is shuffled into its owner's library."""

    what: str = "self_card"


def resolve(state: GameState, item: StackItem, eff: ShuffleIntoLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or obj.zone != GRAVEYARD:
            continue
        new = move(state, obj, LIBRARY)
        shuffle_library(state, new.owner)


def estimate(ev: Estimate, e: ShuffleIntoLibrary) -> None:
    """The card comes back as a future draw: a tenth of what I want it for (it is one
    card of the library, drawn some turns later)."""
    src = ev.state.objects.get(ev.source)
    if src is not None and src.owner == ev.me:
        ev.total += 0.1 * max(0.0, card_want(ev.state, ev.me, src.card))


RULES = effect_rules(ShuffleIntoLibrary, resolve=resolve, estimate=estimate, sign=unaffected)
