"""The ``if_you_do`` effect (IfYouDo): its data, how it resolves and what the AI thinks it is worth.

"You may discard a card. If you do, draw two cards." (Abandon Attachments), "you may
discard a card or sacrifice a land. If you do, ..." (Highway Robbery), "you may pay {B}.
If you do, draw a card." (Nihil Spellbomb), "you may draw a card. If you do, discard a
card ..." (Moon-Circuit Hacker), "you may exile a creature card from your graveyard. If
you do, exile target artifact or enchantment an opponent controls." (Masked Vandal): an
optional action the controller takes as
the effect happens (608.2d: the choice is made as the spell or ability resolves), and
effects that happen only if it was taken (608.2c: "if you do" refers back to that
action). Exactly one of the actions offered may be taken; one the player cannot take
now (no card in hand, no matching permanent, too little mana) is not offered, and with
none offered nothing happens.

"Discard a card. If you do, draw two cards." (Flush Out) is the mandatory form
(``must``): the discard is not a choice (701.9a), and the effects follow only if a card
was discarded (608.2c), so with an empty hand nothing happens.

Exiling a card from one's own graveyard (406.2; the player picks which of the cards
that match, 608.2d) is offered only while one matches. The targets of a triggered
ability's effects after "if you do" were chosen as it was put on the stack (603.3d), so
without a legal target the ability never resolves and nothing is exiled.

Discarding, sacrificing and exiling cannot be stopped once chosen, so the action and the effects
are put at the front of the effects still to do, in order (701.8 discard, 701.17
sacrifice, 406.2 exile); mana is paid at once (a cost paid during resolution, 608.2d and 118.3). A
draw can be replaced (dredge, 702.52a: the card is not drawn, 614.6), so after a draw the
effects happen only if the player drew that many cards (``IfDrawn``: their count of cards
drawn this turn, 121.1, went up by as many).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Filter
from mtgsim.engine.effects.discard import Discard
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.effects.exile_graveyard import ExileGraveyard
from mtgsim.engine.effects.sacrifice import Sacrifice
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.effect import (
    Estimate,
    Role,
    effect_rules,
    effects_sign,
    unaffected,
    yes_no,
)
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayEffect
from mtgsim.engine.state.game_state import GameState, StackItem


class IfYouDo(Effect, tag="if_you_do", frozen=True):
    """"You may [action]. If you do, [effects]." The actions offered: discard
    ``discard`` cards, sacrifice a permanent you control matching ``sacrifice``, exile a
    card from your graveyard matching ``exile_card``, pay the mana ``pay``; the player takes at most one (608.2c, 608.2d)."""

    effects: tuple[EffectT, ...]
    discard: int = 0
    sacrifice: Filter | None = None
    pay: str = ""
    must: bool = False  # the action is mandatory: "Discard a card. If you do, ..."
    draw: int = 0
    exile_card: Filter | None = None


class IfDrawn(Effect, tag="if_drawn", frozen=True):
    """Made as an ``IfYouDo`` draw is taken: ``effects`` happen if ``player`` has drawn
    ``at_least`` cards this turn by then (the draw just before was not replaced)."""

    effects: tuple[EffectT, ...]
    player: int = 0
    at_least: int = 1


def _actions(state: GameState, item: StackItem, eff: IfYouDo) -> list[tuple[EffectT, ...]]:
    """The actions the controller can take now, each as the effects that do it."""
    me = item.controller
    out: list[tuple[EffectT, ...]] = []
    if eff.draw:
        drawn = state.players[me].drawn_this_turn + eff.draw
        out.append((Draw(eff.draw), IfDrawn(eff.effects, me, drawn)))
    if eff.discard and len(state.players[me].hand) >= eff.discard:
        out.append((Discard(eff.discard),))
    if eff.sacrifice is not None:
        f = eff.sacrifice
        if any(state.objects[oid].controller == me
               and matches(state, f, state.objects[oid], me, item.source)
               for oid in state.battlefield):
            out.append((Sacrifice(filter=f),))
    if eff.exile_card is not None:
        g = eff.exile_card
        if any(matches(state, g, state.objects[oid], me, item.source)
               for oid in state.players[me].graveyard):
            out.append((_exile_one(g),))
    return out


def _exile_one(f: Filter) -> ExileGraveyard:
    """The action "exile a [kind] card from your graveyard": the controller exiles one
    card of its choice among those matching ``f`` (ExileGraveyard's ``one``)."""
    return ExileGraveyard(who="you", one=True, filter=f)


def resolve(state: GameState, item: StackItem, eff: IfYouDo, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    if eff.must:  # 701.9a: the discard is made if it can be; 608.2c: "if you do"
        if len(state.players[me].hand) >= eff.discard:
            queue[0:0] = (Discard(eff.discard), *eff.effects)
        return
    if eff.pay:
        cost = mana_mod.parse_cost(eff.pay)
        units, _ = mana_units(state, me)
        if mana_mod.can_pay(cost.symbols, cost.generic, units) and yes_no(
                asker, me, f"{item.label}: pay {eff.pay}?", item.source,
                MayEffect(eff.effects)):
            pay_cost(state, me, cost, 0)
            queue[0:0] = eff.effects
        return
    for action in _actions(state, item, eff):  # one question per action offered
        drawing = isinstance(action[0], Draw)  # its effects are in the IfDrawn after it
        if yes_no(asker, me, f"{item.label}: do it?", item.source,
                  MayEffect(action[:1] + eff.effects if drawing else action + eff.effects)):
            queue[0:0] = action if drawing else action + eff.effects
            return


def resolve_if_drawn(state: GameState, item: StackItem, eff: IfDrawn, asker: Asker,
                     queue: list[EffectT]) -> None:
    if state.players[eff.player].drawn_this_turn >= eff.at_least:
        queue[0:0] = eff.effects


def estimate(ev: Estimate, e: IfYouDo) -> None:
    """The best of the actions with what follows them (the discard's or sacrifice's own
    estimate counts what it gives up; mana paid at 0.5 a point), never less than
    nothing: the player need not act (the mandatory form is what it is)."""
    if ev.depth >= 3:
        return
    if e.must:  # no choice: the discard and what follows, even when worth less than 0
        ev.total += ev.nested((Discard(e.discard), *e.effects))
        return
    best = 0.0
    if e.pay:
        cost = mana_mod.parse_cost(e.pay)
        best = max(best, ev.nested(e.effects) - 0.5 * cost.mana_value)
    if e.draw:
        best = max(best, ev.nested((Draw(e.draw), *e.effects)))
    if e.discard:
        best = max(best, ev.nested((Discard(e.discard), *e.effects)))
    if e.sacrifice is not None:
        best = max(best, ev.nested((Sacrifice(filter=e.sacrifice), *e.effects)))
    if e.exile_card is not None:
        best = max(best, ev.nested((_exile_one(e.exile_card), *e.effects)))
    ev.total += best


def sign(e: IfYouDo, ref: str) -> int:
    return effects_sign(e.effects, ref)


RULES = effect_rules(IfYouDo, role=Role.IF_YOU_DO, resolve=resolve, estimate=estimate,
                     sign=sign)
effect_rules(IfDrawn, resolve=resolve_if_drawn, estimate=None, sign=unaffected,
             why_not_valued="made only while an IfYouDo resolves: IfYouDo's estimate counts "
                            "its effects")
