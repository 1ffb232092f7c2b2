"""The ``damage_cant_be_prevented`` effect (DamageCantBePrevented): its data, how it
resolves and what the AI thinks it is worth.

"Damage can't be prevented this turn." (Flaring Pain): until the end of the turn (514.2)
no prevention effect prevents any damage (615.12: prevention effects still apply to
unpreventable damage but prevent none of it). In the engine the prevention effects are
those of ``engine.rules.replacement.DAMAGE_PREVENTIONS`` (protection's, 702.16e), which
``deal_damage`` skips while ``GameState.unpreventable_turn`` is the current turn. The
effect is the game's, not an object's: it lasts the turn whatever happens to its source.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import creatures_of, value
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class DamageCantBePrevented(Effect, tag="damage_cant_be_prevented", frozen=True):
    """Until end of turn, damage can't be prevented (615.12)."""


def resolve(state: GameState, item: StackItem, eff: DamageCantBePrevented, asker: Asker,
            queue: list[EffectT]) -> None:
    state.unpreventable_turn = state.turn
    if state.log is not None:
        log(state, "damage_cant_be_prevented", item.controller)


def estimate(ev: Estimate, e: DamageCantBePrevented) -> None:
    """What it unlocks: the opponent's creatures with protection (the only damage
    prevention the engine has, 702.16e) become open to damage this turn, a tenth of each
    one's worth (the damage still has to be dealt). With none, or if the turn already has
    it, nothing: no damage this turn would have been prevented."""
    state = ev.state
    if state.unpreventable_turn == state.turn:
        return
    for o in creatures_of(state, 1 - ev.me):
        if o.protection or o.card.protection_types and not o.lost_abilities:
            ev.total += 0.1 * value(o)


RULES = effect_rules(DamageCantBePrevented, resolve=resolve, estimate=estimate,
                     sign=unaffected)
