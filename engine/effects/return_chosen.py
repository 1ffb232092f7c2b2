"""The ``return_chosen`` effect (ReturnChosen): its data, how it resolves and what the AI
thinks it is worth.

"Return a land you control to its owner's hand" (the karoo lands: Rakdos Carnarium),
"return a permanent you control ..." (Kor Skyfisher), "return a creature you control ..."
(Whitemane Lion): the player chooses, as the effect resolves, one permanent they control
that matches ``filter`` and returns it. Nothing is targeted (115.1: the text does not say
"target"), so the choice is made on resolution (608.2c) and may be the source itself: a
karoo land with no other land returns itself, and the ability does not fizzle for want of
a legal target (608.2b does not apply). Returning is a zone change to the hand (400.7), a
leaving of the battlefield that replacement effects may modify (616.1).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.worth import perm_value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    HAND,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_RETURN = DecisionKind.RETURN


class ReturnChosen(Effect, tag="return_chosen", frozen=True):
    """The controller returns a permanent they control matching ``filter`` (their
    choice, on resolution) to its owner's hand."""

    filter: Filter = Filter()


def options_for(state: GameState, eff: ReturnChosen, player: int, source: int) -> list[int]:
    """The permanents ``player`` could return for ``eff`` now."""
    return [oid for oid in state.battlefield
            if state.objects[oid].controller == player
            and matches(state, eff.filter, state.objects[oid], player, source)]


def resolve(state: GameState, item: StackItem, eff: ReturnChosen, asker: Asker,
            queue: list[EffectT]) -> None:
    p = item.controller
    options = options_for(state, eff, p, item.source)
    if not options:
        return  # nothing to return: the rest of the ability still happens (609.3)
    pick = asker.choose(Decision(
        _KIND_RETURN, p, "return a permanent you control to its owner's hand",
        options=options, source=item.source))
    o = state.objects[options[pick]]
    if o.zone != BATTLEFIELD:
        return
    plans = rep.plan_leaving(state, [o], HAND, asker)  # 616.1, before it moves
    rep.leave_battlefield(state, o, HAND, plan=plans.get(o.oid))


def loss(state: GameState, o: GameObject, me: int, source: int) -> float:
    """What ``me`` loses by returning ``o``: a token all its worth (it ceases to exist,
    111.7), a card about a third of it and the mana spent again; a land already tapped
    this turn less (its mana was had); the source itself much more (a karoo land
    returning itself costs a land drop, a Kor Skyfisher itself its whole cast)."""
    v = perm_value(state, o, me)
    out = v if o.token else 0.35 * v + 1.0
    if o.oid == source:
        out += 50.0
    elif o.card.is_land and o.tapped:
        out -= 0.5
    return out


def estimate(ev: Estimate, e: ReturnChosen) -> None:
    """The least loss among the permanents ``me`` could return (the choice the heuristic
    makes, players.policies.choice_costs.return_chosen); when nothing else qualifies the
    source returns itself, as a large loss."""
    state = ev.state
    pool = options_for(state, e, ev.me, ev.source)
    if not pool:
        src = state.objects.get(ev.source)
        if src is not None and src.zone != BATTLEFIELD:
            ev.total -= 6.0  # cast from hand with nothing else: it will return itself
        return
    ev.total -= min(loss(state, state.objects[oid], ev.me, ev.source) for oid in pool)


def returns_a_land(card: Card) -> bool:
    """Whether ``card`` has "When ~ enters, return a land you control to its owner's
    hand" (a karoo land): played with no other land, it would return itself, and a
    player gains nothing by playing it then."""
    for ab in card.triggered:
        if ab.when == "enters":
            for e in ab.effects:
                if isinstance(e, ReturnChosen) and "land" in e.filter.types:
                    return True
    return False


RULES = effect_rules(
    ReturnChosen, resolve=resolve, estimate=estimate, sign=unaffected)
