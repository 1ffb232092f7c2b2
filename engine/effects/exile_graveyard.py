"""The ``exile_graveyard`` effect (ExileGraveyard): its data, how it resolves and what the AI thinks it is worth.

"Exile target player's graveyard." (Bojuka Bog, Nihil Spellbomb), "Exile all
graveyards." (Relic of Progenitus): every card in those graveyards is exiled at once
(one event, 400.7: each becomes a new object in exile). With ``one``: "Target player
exiles a card from their graveyard." — that player chooses the card (the one who
performs the action chooses, 608.2d); with an empty graveyard nothing happens.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_CREATURE, Effect, EffectT, Filter
from mtgsim.engine.players.worth import life_value
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.replacement import gain_life
from mtgsim.engine.rules.zones import log, move, simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import EXILE, Decision, GameState, StackItem

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_CHOOSE = DecisionKind.CHOOSE_DISCARD


class ExileGraveyard(Effect, tag="exile_graveyard", frozen=True):
    """The graveyards of the players ``who`` names are exiled; with ``one``, each of
    those players exiles one card of their choice from their graveyard."""

    who: str = "t0"
    one: bool = False
    # "Exile all creature cards from target player's graveyard" (Crypt Incursion): only
    # the cards matching; and "You gain 3 life for each card exiled this way": the
    # ability's controller gains this much for each card it exiled (119.3)
    filter: Filter | None = None
    life_each: int = 0


def resolve(state: GameState, item: StackItem, eff: ExileGraveyard, asker: Asker,
            queue: list[EffectT]) -> None:
    players = players_of(state, item, eff.who)
    chosen: list[int] = []
    for p in players:  # every question before anything moves
        yard = list(state.players[p].graveyard)
        if eff.filter is not None:
            f = eff.filter
            yard = [oid for oid in yard
                    if matches(state, f, state.objects[oid], item.controller, item.source)]
        if not eff.one:
            chosen.extend(yard)
        elif len(yard) == 1:
            chosen.append(yard[0])
        elif yard:
            picks = asker.choose_many(Decision(
                _KIND_CHOOSE, p, f"{item.label}: exile a card from your graveyard",
                options=yard, multi=True, min_count=1, max_count=1, source=item.source))
            chosen.append(yard[picks[0]])
    with simultaneously(state):
        for oid in chosen:
            o = state.objects[oid]
            if state.log is not None:
                log(state, "exile", o.owner, o.card.name)
            move(state, o, EXILE)
    if eff.life_each and chosen:
        gain_life(state, item.controller, eff.life_each * len(chosen))


def _card_worth(state: GameState, oid: int) -> float:
    """What a card in a graveyard is to its owner: a little (recursion, delve,
    threshold), more for a creature card (reanimation)."""
    return 0.5 if state.objects[oid].card.type_mask & T_CREATURE else 0.2


def estimate(ev: Estimate, e: ExileGraveyard) -> None:
    """The cards taken from each graveyard: a gain when they are the opponent's, a loss
    when mine (with ``one``, the owner gives up the card worth least to them)."""
    state = ev.state
    for p in players_for(e.who, ev.me, ev.targets, state):
        yard = state.players[p].graveyard
        if e.filter is not None:
            f = e.filter
            yard = [oid for oid in yard if matches(state, f, state.objects[oid], ev.me,
                                                   ev.source)]
        worths = [_card_worth(state, oid) for oid in yard]
        if not worths:
            continue
        w = min(worths) if e.one else sum(worths)
        ev.total += -w if p == ev.me else w
        if e.life_each:  # my life gained: what losing as much would be worth, negated
            ev.total -= life_value(state, ev.me, -e.life_each * (1 if e.one else len(yard)),
                                   ev.price)


_HURTS_WHO = hurts("who")


def _sign(e: ExileGraveyard, ref: str) -> int:
    """Bad for the players ``who`` names; ``targets`` (Thraben Charm's "any number of
    target players") names each of its targets."""
    if e.who == "targets" and ref.startswith("t") and ref[1:].isdigit():
        return -1
    return _HURTS_WHO(e, ref)


RULES = effect_rules(ExileGraveyard, resolve=resolve, estimate=estimate, sign=_sign)
