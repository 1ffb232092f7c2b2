"""The ``pay_to_copy`` effect (PayToCopy): its data, how it resolves and what the AI
thinks it is worth.

"Then that player or that permanent's controller may pay {R}{R}. If the player does,
they may copy this spell and may choose a new target for that copy." (Chain Lightning):
as the spell resolves, after its damage, the player it names (the target player, or the
target permanent's controller: the controller it has now, or had as it last existed,
608.2h) may pay the cost (118.3: only with mana they can produce); if they do, they may
put a copy of the spell on the stack under their control (707.10, 707.10c: a copy of a
spell is controlled by whoever created it) and may choose new targets for it (707.10c).
The spell is still on the stack as it resolves, so it can be copied; the copy resolves
after it (it is put on the stack above the resolving spell, which then leaves it).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.copies import choose_new_targets, copy_spell
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected, yes_no
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import NONE, GameState, StackItem


class PayToCopy(Effect, tag="pay_to_copy", frozen=True):
    """The player ``who`` names ("t0": the target player, or the target permanent's
    controller) may pay ``pay``; if they do, they may copy the spell."""

    pay: str
    who: str = "t0"


def _player(state: GameState, item: StackItem, ref: str) -> int:
    """"That player or that permanent's controller" for target ``ref`` ("tN")."""
    i = int(ref[1:])
    if i >= len(item.targets):
        return NONE
    t = item.targets[i]
    if t == NONE:
        return NONE
    if t < 2:
        return t
    obj = state.objects.get(t)
    if obj is not None and obj.moved_to == NONE:
        return obj.controller
    if i < len(item.target_controllers):  # gone: its controller as it last existed
        return item.target_controllers[i]
    return NONE


def resolve(state: GameState, item: StackItem, eff: PayToCopy, asker: Asker,
            queue: list[EffectT]) -> None:
    player = _player(state, item, eff.who)
    if player == NONE or not item.is_spell or item not in state.stack:
        return
    cost = mana_mod.parse_cost(eff.pay)
    if not mana_mod.can_pay(cost.symbols, cost.generic, mana_units(state, player)[0]):
        return
    name = item.card.name
    if not yes_no(asker, player, f"pay {eff.pay} to copy {name}?", item.source,
                  MayPay(eff.pay, "copy", item.card)):
        return
    # Every question before anything changes: an effect asking again is run again from
    # its start with the answers so far (engine.state.ask), which must find the game as
    # the first time. Whether to copy and the copy's targets do not depend on the payment.
    copies = yes_no(asker, player, f"copy {name}?", item.source,
                    MayPay(eff.pay, "copy", item.card))
    new_targets = choose_new_targets(state, asker, item, player) \
        if copies and item.target_specs else None
    pay_cost(state, player, cost, 0)
    if copies:
        copy_spell(state, item, player, new_targets)


def estimate(ev: Estimate, e: PayToCopy) -> None:
    """The other player copying my spell back at me: a third of a card's worth (0.5)
    against me when the target is theirs or them and they could pay now; nothing when
    the copy would be mine to make (a spell aimed at my own things is rare) or they
    can't pay."""
    state = ev.state
    opp = 1 - ev.me
    cost = mana_mod.parse_cost(e.pay)
    if not mana_mod.can_pay(cost.symbols, cost.generic, mana_units(state, opp)[0]):
        return
    i = int(e.who[1:]) if e.who[1:].isdigit() else -1
    if 0 <= i < len(ev.targets):
        t = ev.targets[i]
        owner = t if t < 2 else (state.objects[t].controller if t in state.objects else NONE)
        if owner == opp:
            ev.total -= 0.5


RULES = effect_rules(PayToCopy, resolve=resolve, estimate=estimate, sign=unaffected)
