"""The ``create_token_copy`` effect (CreateTokenCopy): its data, how it resolves and what the AI thinks it is worth.

"Create a token that's a copy of [target creature]" (707.2: the token copies the
copiable values, i.e. the printed characteristics, not counters or effects; 111.1).
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import effect_rules, refers, unaffected
from mtgsim.engine.rules.refs import permanents, players_of, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import GameState, StackItem


class CreateTokenCopy(Effect, tag="create_token_copy", frozen=True):
    """"Create a token that's a copy of [target creature]" (707.2: the token copies the
    copiable values, i.e. the printed characteristics, not counters or effects; 111.1)."""

    what: str = "t0"
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: CreateTokenCopy, asker: Asker,
            queue: list[EffectT]) -> None:
    originals = permanents(state, refs_of(state, item, eff.what))
    for o in originals:
        # 707.2: the copiable values are the printed ones; text-changing effects, counters
        # and other effects are not copied.
        card = o.card if o.printed is None else o.printed
        if o.front is not None and o.front.bestowed is not None:
            card = o.front  # a bestowed Aura's Aura status is no copiable value (702.103b)
        if card.front_mana_cost:  # a copy of a back face (707.8): its mana value is 0
            card = game_card(state, msgspec.structs.replace(card.defn, front_mana_cost=""))
        for p in players_of(state, item, eff.who):
            rep.create_token(state, card, p, asker=asker)


RULES = effect_rules(
    CreateTokenCopy, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=("not estimated: the copy's worth is the copied creature's, not known before the target is chosen; valued 0 (and either side's creature may be copied)"),
    either_side=lambda e, ref: refers(e.what, ref))
