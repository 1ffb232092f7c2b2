"""The ``discard`` effect (Discard): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.players.worth import guess_amount, known_lands_in_hand, lands_of
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, hurts
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Discarding
from mtgsim.engine.state.game_state import GRAVEYARD, Decision, DecisionKind, GameState, StackItem
from mtgsim.engine.state.rng import randbelow

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_DISCARD = DecisionKind.DISCARD

if TYPE_CHECKING:  # it uses this module; its class is named here only as a type
    from mtgsim.engine.effects.discard_chosen import DiscardChosen


class Discard(Effect, tag="discard", frozen=True):
    amount: Amount = 1
    who: str = "you"
    random: bool = False


def resolve(state: GameState, item: StackItem, eff: Discard, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    discarders = players_of(state, item, eff.who)
    if len(discarders) > 1 and not eff.random:
        # One player at a time: each answers before anything changes (a resumed
        # effect replays its answers, so no discard may happen before the last one).
        queue[0:0] = [Discard(n, str(p), eff.random) for p in discarders]
        return
    for p in discarders:
        hand = state.players[p].hand
        k = min(n, len(hand))
        if k == 0:
            continue
        if eff.random:
            chosen = []
            pool = list(hand)
            for _ in range(k):
                state.rng, j = randbelow(state.rng, len(pool))
                chosen.append(pool.pop(j))
        else:
            picks = asker.choose_many(Decision(
                _KIND_DISCARD, p, f"discard {k}", options=list(hand), multi=True,
                min_count=k, max_count=k, source=item.source, about=Discarding("effect")))
            chosen = [hand[i] for i in picks]
        for oid in chosen:
            put_discarded(state, p, oid)


def put_discarded(state: GameState, p: int, oid: int) -> None:
    """Player ``p`` discards ``oid`` (701.8): it goes from hand to the graveyard."""
    o = state.objects[oid]
    if state.log is not None:
        log(state, "discard", p, o.card.name)
    move(state, o, GRAVEYARD)


def estimate(ev: Estimate, e: Discard | DiscardChosen) -> None:
    """Cards discarded: a loss for the player who discards, spare lands cheap. The same
    for a discard chosen by the effect's controller (discard_chosen)."""
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    for p in players_for(e.who, me, targets, state):
        size = len(state.players[p].hand) + (ev.drawn - ev.in_hand if p == me else 0)
        have = min(n, max(0, size))
        if p != me:
            ev.total += 2.5 * have
            continue
        spare = 0
        if lands_of(state, me) >= 5:  # extra lands are cheap to discard
            spare = known_lands_in_hand(state, me)
        cheap = min(have, spare)
        ev.total -= 0.8 * cheap + 2.5 * (have - cheap)


RULES = effect_rules(
    Discard, role=Role.DISCARD, resolve=resolve, estimate=estimate, sign=hurts("who"))
