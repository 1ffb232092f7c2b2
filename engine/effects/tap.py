"""The ``tap`` effect (Tap): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import is_creature, is_land, value
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Tap(Effect, tag="tap", frozen=True):
    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Tap, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        tap_permanent(state, o)


def estimate(ev: Estimate, e: Tap) -> None:
    keep_down_estimate(ev, e.what, tapped_creatures=False)


def keep_down_estimate(ev: Estimate, what: str, tapped_creatures: bool) -> None:
    """What keeping the permanents ``what`` names from untapping is worth to ``ev.me``
    (tapping them, or "doesn't untap during its controller's next untap step", 502.3:
    one estimate serves both, as the heuristic counts the same loss): a creature a turn
    without attacking or blocking, a fifth of its worth (``tapped_creatures``: a tapped
    one counts too, as it stays tapped); an untapped land its mana, most on the other
    player's turn."""
    state = ev.state
    me = ev.me
    for o in objs_for(what, ev.targets, state, ev.source):
        if is_creature(o):
            w = 0.2 * value(o) if tapped_creatures or not o.tapped \
                else 0.0
            ev.total -= sign_for(o, me) * w
        elif is_land(o) and not o.tapped:  # its types now (layer 4)
            ev.total -= sign_for(o, me) * (0.5 if state.active != o.controller
                                        else 0.1)


RULES = effect_rules(
    Tap, role=Role.TAP_DOWN, resolve=resolve, estimate=estimate, sign=hurts("what"))
