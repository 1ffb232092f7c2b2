"""The initiative (725) and the ``take_initiative`` effect (TakeInitiative): the
designation, its three inherent triggered abilities, how "you take the initiative"
resolves and what the AI thinks having it is worth.

- 725.1: the initiative is a designation a player can have (``GameState.initiative``,
  ``NONE`` before anyone takes it).
- 725.2: three triggered abilities come with it, with no source, controlled by the player
  who had the initiative when they triggered: "Whenever a player takes the initiative,
  that player ventures into Undercity", "At the beginning of the upkeep of the player who
  has the initiative, that player ventures into Undercity" and "Whenever one or more
  creatures a player controls deal combat damage to the player who has the initiative,
  the controller of those creatures takes the initiative". Their "source" is
  ``INITIATIVE``, a card of no type that is never in a zone, as the monarch's is
  (``engine.effects.become_monarch``). Venturing into Undercity is
  ``engine.effects.venture`` (701.49d).
- 725.3: only one player has the initiative; a player who takes it takes it from the
  player who had it. Taking it while having it still triggers the first ability (725.2:
  "whenever a player takes the initiative"), so "you take the initiative" always
  ventures.
"""

from __future__ import annotations

from mtgsim.engine.cards import CardDef, Effect, EffectT, Triggered
from mtgsim.engine.cards.schema.conditions import HaveInitiative
from mtgsim.engine.effects.venture import UNDERCITY, Venture, room_ahead_worth
from mtgsim.engine.players.worth import creatures_of
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.rules.effect import HANDSET, Estimate, LifePrice, effect_rules, helps
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import conditions_changed, game_card
from mtgsim.engine.state.game_state import NONE, GameObject, GameState, PendingTrigger, StackItem


class TakeInitiative(Effect, tag="take_initiative", frozen=True):
    """"[Player] takes the initiative" (725.3): ``who`` is a player reference ("you"; the
    combat-damage trigger's "controller_of:it", the creatures' controller)."""

    who: str = "you"


# The name the initiative's triggers go by (725.2: they have no source): a card of no
# type, known to a game's card table once someone takes the initiative.
INITIATIVE = CardDef(
    name="The Initiative", types=(),
    text="Whenever a player takes the initiative, that player ventures into Undercity. "
         "At the beginning of the upkeep of the player who has the initiative, that "
         "player ventures into Undercity. Whenever one or more creatures a player "
         "controls deal combat damage to the player who has the initiative, the "
         "controller of those creatures takes the initiative.")
TAKEN_VENTURE = Triggered(when="takes_initiative", effects=(Venture(into=UNDERCITY),))
UPKEEP_VENTURE = Triggered(when="upkeep", effects=(Venture(into=UNDERCITY),))
TAKES_IT = Triggered(when="deals_combat_damage_to_player",
                     effects=(TakeInitiative(who="controller_of:it"),))


def take_initiative(state: GameState, player: int) -> None:
    """``player`` takes the initiative (725.3), from whoever had it; "whenever a player
    takes the initiative" triggers even if they had it (725.2)."""
    if state.initiative != player:
        state.initiative = player
        conditions_changed(state)  # "as long as you have the initiative"
    if state.log is not None:
        log(state, "initiative", player)
    _queue(state, TAKEN_VENTURE, None)


def resolve(state: GameState, item: StackItem, eff: TakeInitiative, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        take_initiative(state, p)


def _queue(state: GameState, ability: Triggered, subject: GameObject | None) -> None:
    """One of the initiative's triggers (725.2), controlled by its holder now."""
    state.triggers.append(PendingTrigger(
        NONE, state.initiative, game_card(state, INITIATIVE), ability, 0,
        subject.oid if subject is not None else NONE, subject))


def _step_began(state: GameState, when: str) -> None:
    """"At the beginning of the upkeep of the player who has the initiative, that player
    ventures into Undercity" (725.2)."""
    if when == "upkeep" and state.initiative == state.active:
        _queue(state, UPKEEP_VENTURE, None)


def _combat_damage(state: GameState, source: GameObject, player: int) -> None:
    """"Whenever one or more creatures a player controls deal combat damage to the player
    who has the initiative, the controller of those creatures takes the initiative"
    (725.2): one trigger for all the creatures of one player in one combat damage step
    (the first one dealing damage is "it", whose controller takes it; a first-strike step
    and the regular one are two events, so two triggers)."""
    if player != state.initiative:  # only creatures deal combat damage (510.1)
        return
    for t in state.triggers:
        if t.ability is TAKES_IT and t.subject_lki is not None and \
                t.subject_lki.controller == source.controller:
            return
    _queue(state, TAKES_IT, source)


@condition_rule(HaveInitiative)
def have_initiative(state: GameState, cond: HaveInitiative, controller: int,
                    source: GameObject, subject: GameObject | None) -> bool:
    """"If you have the initiative" (725.1)."""
    return state.initiative == controller


triggers.STEP_HOOKS.append(_step_began)
triggers.COMBAT_DAMAGE_HOOKS.append(_combat_damage)


ROOM_WORTH = 2.5  # a room of Undercity ahead, in the currency of the AI's estimates


def initiative_worth(state: GameState, me: int) -> float:
    """What the AI thinks having the initiative is worth to ``me`` beyond the room it
    enters as it takes it: a room at each of its upkeeps while it keeps it; the
    opponent's creatures that could take it back by dealing combat damage make that less
    sure (each one that could attack: a turn less, at most two rooms, at least half)."""
    attackers = sum(1 for o in creatures_of(state, 1 - me) if o.power > 0)
    return ROOM_WORTH * max(0.5, 2.0 - 0.5 * attackers)


def initiative_taken_worth(state: GameState, me: int, price: LifePrice = HANDSET) -> float:
    """What taking the initiative is worth to ``me`` now: the room it ventures into at
    once (``venture.room_ahead_worth``), holding it, and, when the other player had it,
    their rooms to come denied (life at ``price``)."""
    v = room_ahead_worth(state, me, price=price) + initiative_worth(state, me)
    if state.initiative == 1 - me:
        v += initiative_worth(state, 1 - me)
    return v


def estimate(ev: Estimate, e: TakeInitiative) -> None:
    """Taking the initiative is worth ``initiative_taken_worth`` to whoever takes it."""
    state = ev.state
    for p in players_for(e.who, ev.me, ev.targets, state):
        v = initiative_taken_worth(state, p, ev.price)
        ev.total += v if p == ev.me else -v


RULES = effect_rules(TakeInitiative, resolve=resolve, estimate=estimate, sign=helps("who"))
