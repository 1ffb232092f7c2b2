"""The ``gain_keyword`` effect (GainKeyword): its data, how it resolves and what the AI thinks it is worth.

"[The spell] gains [keyword]" (Bloodlord of Vaasgoth: "it gains bloodthirst 3"): a
keyword ability as printed; it stays with the permanent the spell becomes (400.7a).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import STACK, GameState, StackItem


class GainKeyword(Effect, tag="gain_keyword", frozen=True):
    """"[The spell] gains [keyword]" (Bloodlord of Vaasgoth: "it gains bloodthirst 3"): a
    keyword ability as printed; it stays with the permanent the spell becomes (400.7a)."""

    what: str = "it"
    keyword: str = ""


def resolve(state: GameState, item: StackItem, eff: GainKeyword, asker: Asker,
            queue: list[EffectT]) -> None:
    """"It gains bloodthirst 3": the spell has it, and so does the permanent it becomes
    (400.7a; engine.rules.replacement.with_keywords applies it as the permanent enters)."""
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or r < 2 or obj.zone != STACK:
            continue
        obj.gained_keywords = (*obj.gained_keywords, eff.keyword)
        if state.log is not None:
            log(state, "gains", item.controller, obj.card.name, eff.keyword)


RULES = effect_rules(
    GainKeyword, resolve=resolve, estimate=by_sign, sign=helps("what"))
