"""The monarch (724) and the ``become_monarch`` effect (BecomeMonarch): the designation,
its two inherent triggered abilities, how "you become the monarch" resolves and what the
AI thinks being the monarch is worth.

- 724.1: the monarch is a designation a player can have; at most one player has it
  (``GameState.monarch``, ``NONE`` when no one is the monarch).
- 724.2: two triggered abilities come with it, with no source, controlled by the player
  who was the monarch when they triggered: "At the beginning of the monarch's end step,
  that player draws a card" and "Whenever a creature deals combat damage to the monarch,
  its controller becomes the monarch". They are put on the stack as any trigger is; the
  object they name as their "source" is ``MONARCH``, a card of no type that is never in
  any zone (so no effect can find, counter the source of, or copy it).
- 724.3 (here 724.1's "only one"): a player who becomes the monarch takes the designation
  from the player who had it. Becoming the monarch when one already is changes nothing
  (and triggers nothing: no card here triggers on becoming the monarch).
"""

from __future__ import annotations

from mtgsim.engine.cards import CardDef, Effect, EffectT, Triggered
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.players.worth import creatures_of
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import NONE, GameObject, GameState, PendingTrigger, StackItem


class BecomeMonarch(Effect, tag="become_monarch", frozen=True):
    """"[Player] becomes the monarch" (724.3): ``who`` is a player reference ("you"; the
    combat-damage trigger's "controller_of:it", the creature's controller)."""

    who: str = "you"


# The name the monarch's triggers go by (724.2: they have no source): a card of no type,
# known to a game's card table once someone becomes the monarch.
MONARCH = CardDef(name="The Monarch", types=(),
                  text="At the beginning of the monarch's end step, that player draws a "
                       "card. Whenever a creature deals combat damage to the monarch, its "
                       "controller becomes the monarch.")
END_STEP_DRAW = Triggered(when="end_step", effects=(Draw(),))
TAKES_CROWN = Triggered(when="deals_combat_damage_to_player",
                        effects=(BecomeMonarch(who="controller_of:it"),))


def become_monarch(state: GameState, player: int) -> None:
    """``player`` becomes the monarch (724.3), taking it from whoever was."""
    if state.monarch == player:
        return
    state.monarch = player
    if state.log is not None:
        log(state, "monarch", player)


def resolve(state: GameState, item: StackItem, eff: BecomeMonarch, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        become_monarch(state, p)


def _queue(state: GameState, ability: Triggered, subject: GameObject | None) -> None:
    """One of the monarch's triggers (724.2), controlled by the monarch now."""
    state.triggers.append(PendingTrigger(
        NONE, state.monarch, game_card(state, MONARCH), ability, 0,
        subject.oid if subject is not None else NONE, subject))


def _step_began(state: GameState, when: str) -> None:
    """"At the beginning of the monarch's end step, that player draws a card" (724.2)."""
    if when == "end_step" and state.monarch == state.active:
        _queue(state, END_STEP_DRAW, None)


def _combat_damage(state: GameState, source: GameObject, player: int) -> None:
    """"Whenever a creature deals combat damage to the monarch, its controller becomes
    the monarch" (724.2): each creature that deals combat damage to the monarch triggers
    it once; the creature's controller is read as the ability resolves (its last known
    information if it left the battlefield)."""
    if player == state.monarch:  # only creatures deal combat damage (510.1)
        _queue(state, TAKES_CROWN, source)


triggers.STEP_HOOKS.append(_step_began)
triggers.COMBAT_DAMAGE_HOOKS.append(_combat_damage)


CARD_WORTH = 2.8  # a card drawn, as the draw effect's estimate values it


def monarch_worth(state: GameState, me: int) -> float:
    """What the AI thinks the designation is worth to ``me`` now: a card at each of its
    end steps while it keeps it; the opponent's creatures that could take it back by
    attacking make that less sure (each one that could attack: a turn less, at most
    three cards' worth, at least one)."""
    attackers = sum(1 for o in creatures_of(state, 1 - me) if o.power > 0)
    return CARD_WORTH * max(1.0, 3.0 - attackers)


def crown_taken_worth(state: GameState, me: int) -> float:
    """What taking the crown from the monarch is worth to ``me`` (the heuristic's attack
    into the monarch, 724.2): being it, and the other player no longer being it."""
    return monarch_worth(state, me) + monarch_worth(state, 1 - me)


def estimate(ev: Estimate, e: BecomeMonarch) -> None:
    """Becoming the monarch is worth ``monarch_worth``; taking it from the opponent also
    takes their draws (the same again, as they would have valued it)."""
    state = ev.state
    for p in players_for(e.who, ev.me, ev.targets, state):
        if state.monarch == p:
            continue
        v = crown_taken_worth(state, p) if state.monarch == 1 - p else \
            monarch_worth(state, p)
        ev.total += v if p == ev.me else -v


RULES = effect_rules(BecomeMonarch, resolve=resolve, estimate=estimate, sign=helps("who"))
