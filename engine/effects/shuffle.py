"""The ``shuffle`` effect (Shuffle): its data, how it resolves and what the AI thinks it is worth.

"You may shuffle." (Ponder): the player shuffles their library (701.24a: its cards put in
a random order); what anyone knew of where its cards were is forgotten
(``zones.shuffle_library``).

The AI's question is whether the cards it knows on top are worse than a random card of
its library (``shuffle_wanted``): after Ponder has put the best of three on top, it
shuffles only when even that one is worse than the library's average.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import card_want
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Shuffle(Effect, tag="shuffle", frozen=True):
    """``who`` shuffles their library (701.24a)."""

    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: Shuffle, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        shuffle_library(state, p)


def shuffle_gain(state: GameState, me: int) -> float:
    """What shuffling my library is worth to me: a random card's worth (the mean of
    ``card_want`` over my library, whose contents I know) less that of the top card
    when I know which it is; 0 when I do not (a shuffle then changes nothing I know)."""
    library = state.players[me].library
    objects = state.objects
    if not library or library[-1] not in objects:
        return 0.0
    top = objects[library[-1]]
    if not top.known & (1 << me):
        return 0.0
    wants = [card_want(state, me, objects[oid].card) for oid in library if oid in objects]
    return sum(wants) / len(wants) - card_want(state, me, top.card)


def shuffle_wanted(state: GameState, me: int) -> bool:
    """The heuristic's answer to "you may shuffle": yes when the known top card is worse
    than a random one."""
    return shuffle_gain(state, me) > 0.0


def estimate(ev: Estimate, e: Shuffle) -> None:
    """``shuffle_gain`` for my own library (a shuffle of the other's is not valued: it
    is never asked of the pool's cards)."""
    if e.who == "you":
        ev.total += shuffle_gain(ev.state, ev.me)


RULES = effect_rules(Shuffle, role=Role.SHUFFLE, resolve=resolve, estimate=estimate,
                     sign=unaffected)
