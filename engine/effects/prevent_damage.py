"""The ``prevent_damage`` effect (PreventDamage): its data, how it resolves and what the AI thinks it is worth.

"Prevent all combat damage that would be dealt this turn" (Moment's Peace, Fog),
"Prevent all damage that would be dealt by creatures this turn" (Ethereal Haze) and
"Prevent all damage that sources of the color of your choice would deal this turn"
(Prismatic Strands: the colour chosen as it resolves, 608.2d; a source of that colour as
it would deal the damage, 105.2, a multicoloured one too): a prevention effect (615.1) created as the spell resolves and lasting until the turn ends
(514.2), on every source of that kind, to players and creatures alike. Prevented damage
is never dealt (615.1a): no life is lost, nothing is marked, lifelink gains nothing
(702.15b) and nothing triggers on it. "Combat damage" is the damage of the combat damage
step (510.2); "dealt by creatures" is damage whose source is a creature as it deals it
(its last known information if it left the battlefield, 608.2h). Both prevent all the
damage, so the order among prevention effects does not matter (616.1e). The effect is
kept on the state (``GameState.prevented``, a bit for each kind and the chosen colours'
bits above them, for the turn ``prevented_turn``) and read by ``engine.rules.replacement.deal_damage`` through
``ALL_DAMAGE_PREVENTIONS``.
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import T_CREATURE, Effect, EffectT
from mtgsim.engine.players.worth import life_value
from mtgsim.engine.rules.effect import (
    COLOR_CHOICES,
    Estimate,
    choose_color,
    effect_rules,
    unaffected,
)
from mtgsim.engine.rules.replacement import ALL_DAMAGE_PREVENTIONS
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ColorFor
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem

_BITS = {"combat": 1, "by_creatures": 2}
_COLOR_SHIFT = 8  # the chosen colours' bits (105.1) sit above the kinds' in ``prevented``


class PreventDamage(Effect, tag="prevent_damage", frozen=True):
    """Prevent all combat damage (``what = "combat"``), all damage creatures would deal
    (``"by_creatures"``), or all damage sources of a colour chosen as it resolves would
    deal (``"chosen_color"``), this turn."""

    what: Literal["combat", "by_creatures", "chosen_color"] = "combat"


def resolve(state: GameState, item: StackItem, eff: PreventDamage, asker: Asker,
            queue: list[EffectT]) -> None:
    if eff.what == "chosen_color":
        pick = choose_color(asker, item, "prevent damage from which color?",
                            ColorFor("prevention"))
        bits = COLOR_CHOICES[pick] << _COLOR_SHIFT
        if state.log is not None:
            log(state, "prevention", item.controller, item.label, "WUBRG"[pick])
    else:
        bits = _BITS[eff.what]
    if state.prevented_turn != state.turn:
        state.prevented = 0
    state.prevented |= bits
    state.prevented_turn = state.turn


def _prevents(state: GameState, source: GameObject, combat: bool) -> bool:
    if state.prevented_turn != state.turn:
        return False
    if combat and state.prevented & 1:
        return True
    if state.prevented >> _COLOR_SHIFT & source.color:
        return True
    return bool(state.prevented & 2 and (source.card.type_mask | source.extra_types)
                & T_CREATURE)


def estimate(ev: Estimate, e: PreventDamage) -> None:
    """In a combat: the damage of each attacker is saved (the life it would cost its
    defending player, at least 0.5 for what a block would lose), for me when the
    attackers are the opponent's, against me when they are mine; for a chosen colour,
    the attackers of the colour that saves most. Outside a combat there is nothing to
    prevent yet: 0 (a fog is cast when the attack comes)."""
    state = ev.state
    combat = state.combat
    if combat is None:
        return
    by_color = [0.0] * len(COLOR_CHOICES)
    total = 0.0
    for oid in combat.attackers:
        o = state.objects.get(oid)
        if o is None:
            continue
        saved = max(0.5, life_value(state, o.controller ^ 1, max(0, o.power), ev.price))
        v = -saved if o.controller == ev.me else saved
        total += v
        for i, bit in enumerate(COLOR_CHOICES):
            if o.color & bit:
                by_color[i] += v
    ev.total += max(by_color) if e.what == "chosen_color" else total


ALL_DAMAGE_PREVENTIONS.append(_prevents)
RULES = effect_rules(PreventDamage, resolve=resolve, estimate=estimate, sign=unaffected)
