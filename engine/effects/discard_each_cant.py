"""The ``discard_each_cant`` effect (DiscardEachCant): its data, how it resolves and what
the AI thinks it is worth.

"Each opponent discards a card. For each opponent who can't, [effects]." (Refurbished
Familiar: "you draw a card"; Aclazotz; a "+1/+1 counters" and a "gain 4 life" kin). A
player with no card in hand can't discard one (701.8a: to discard is to move a card from
one's hand to the graveyard; with none, nothing is discarded, 101.3). Who can't is
known before anyone discards: each opponent with a card in hand discards one (each
choosing theirs, the ``discard`` effect), then the effects happen once for each
opponent whose hand was empty (608.2c: the instructions are followed in order).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.effects.discard import Discard
from mtgsim.engine.effects.discard import estimate as discard_estimate
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign, refers
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class DiscardEachCant(Effect, tag="discard_each_cant", frozen=True):
    """Each player ``who`` names discards a card; ``effects`` happen once for each of
    them who can't (an empty hand)."""

    effects: tuple[EffectT, ...]
    who: str = "each_opponent"


def resolve(state: GameState, item: StackItem, eff: DiscardEachCant, asker: Asker,
            queue: list[EffectT]) -> None:
    players = players_of(state, item, eff.who)
    cant = [p for p in players if not state.players[p].hand]
    # The discards (one player at a time, as ``discard`` asks them), then the effects
    # once per player who couldn't.
    then: list[EffectT] = [Discard(1, str(p)) for p in players if p not in cant]
    for _ in cant:
        then.extend(eff.effects)
    queue[0:0] = then


def estimate(ev: Estimate, e: DiscardEachCant) -> None:
    """The discard as ``discard`` values it, and the effects once for each player it
    names whose hand is empty now (my view of their hand size is public, 402.3)."""
    discard_estimate(ev, Discard(1, e.who))
    if ev.depth >= 3:
        return
    empty = sum(1 for p in players_for(e.who, ev.me, ev.targets, ev.state)
                if not ev.state.players[p].hand)
    if empty:
        ev.total += empty * ev.nested(e.effects)


def sign(e: DiscardEachCant, ref: str) -> int:
    """Bad for the players who discard; the effects' sign for anything else."""
    if refers(e.who, ref):
        return -1
    return effects_sign(e.effects, ref)


RULES = effect_rules(DiscardEachCant, resolve=resolve, estimate=estimate, sign=sign)
