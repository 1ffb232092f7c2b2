"""The ``create_token`` effect (CreateToken): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    CardDef,
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import card_creature_value, guess_amount
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import card_of, game_card
from mtgsim.engine.state.game_state import GameState, StackItem


class CreateToken(Effect, tag="create_token", frozen=True):
    token: CardDef
    amount: Amount = 1
    who: str = "you"
    tapped: bool = False


def resolve(state: GameState, item: StackItem, eff: CreateToken, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    players = players_of(state, item, eff.who)
    if n * len(players) > 1:
        # One token at a time: each may ask its own "as it enters" questions (a
        # Dragon token's devour, 702.82a) before anything changes.
        queue[0:0] = [CreateToken(eff.token, 1, str(p), eff.tapped)
                      for p in players for _ in range(n)]
        return
    for p in players:
        for _ in range(n):
            token = rep.create_token(state, game_card(state, eff.token), p, eff.tapped,
                                     asker)
            item.created.append(token.oid)


def estimate(ev: Estimate, e: CreateToken) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    tok = card_of(state, e.token)
    v = card_creature_value(tok) if tok.is_creature else 1.0
    if tok.is_creature and (tok.power or 0) == 0 and (tok.toughness or 0) <= 1:
        v = 1.2  # a mana Spawn
    who = players_for(e.who, me, targets, state)
    ev.total += n * v * (1 if (not who or who[0] == me) else -1)


RULES = effect_rules(
    CreateToken, role=Role.TOKENS, resolve=resolve, estimate=estimate, sign=unaffected)
