"""The ``may_reveal_top`` effect (MayRevealTop): its data, how it resolves and what the AI
thinks it is worth.

"Look at the top card of your library. You may reveal that card. If a [filter] card is
revealed this way, [effects]" (Delver of Secrets): the controller looks at the card (only
they see it: ``engine.rules.zones.look_at``), then chooses whether to reveal it to every
player (701.16a); the effects happen only if it was revealed and matches the filter. The
card stays where it is either way.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Filter
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign, yes_no
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.zones import log, look_at, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayEffect
from mtgsim.engine.state.game_state import GameState, StackItem


class MayRevealTop(Effect, tag="may_reveal_top", frozen=True):
    """"Look at the top card of your library. You may reveal that card. If a [filter]
    card is revealed this way, [then]" (701.16a)."""

    filter: Filter
    then: tuple[EffectT, ...]


def resolve(state: GameState, item: StackItem, eff: MayRevealTop, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    library = state.players[me].library
    if not library:
        return
    top = state.objects[library[-1]]
    look_at(state, top, me)
    hit = matches(state, eff.filter, top, me, item.source)
    # what revealing it would do, as the player who looked at it knows
    if not yes_no(asker, me, f"{item.label}: reveal {top.card.name}?", item.source,
                  MayEffect(eff.then if hit else ())):
        return
    if state.log is not None:
        log(state, "reveal", me, top.card.name)
    reveal(state, top)
    if hit:
        queue[0:0] = eff.then


# the chance the AI gives the top card of matching: a library's order and contents are
# hidden from its view, so it cannot count; a deck built around such a card plays about
# this share of what it looks for (Delver of Secrets decks: 20-24 instants and sorceries)
HIT_CHANCE = 0.4


def estimate(ev: Estimate, e: MayRevealTop) -> None:
    """What the effects are worth times ``HIT_CHANCE``, never below nothing (revealing
    is optional)."""
    if ev.depth < 3 and ev.state.players[ev.me].library:
        ev.total += max(0.0, ev.nested(e.then)) * HIT_CHANCE


def sign(e: MayRevealTop, ref: str) -> int:
    return effects_sign(e.then, ref)


RULES = effect_rules(MayRevealTop, resolve=resolve, estimate=estimate, sign=sign)
