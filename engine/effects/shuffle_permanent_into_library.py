"""The ``shuffle_permanent_into_library`` effect (ShufflePermanentIntoLibrary): its data,
how it resolves and what the AI thinks it is worth.

"Choose target artifact or enchantment. Its owner shuffles it into their library."
(Deglamer): the permanent leaves the battlefield for its owner's library (400.3: a card
goes to its owner's zone; the zone-change replacements apply, 614.6), then that player
shuffles that library (701.24a). A token put into a library ceases to exist (111.8,
704.5d); its owner still shuffles. Not a destruction: indestructible does not stop it
(702.12b) and no "dies" ability triggers (700.4).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth import removal_worth
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import shuffle_library, simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import LIBRARY, GameState, StackItem


class ShufflePermanentIntoLibrary(Effect, tag="shuffle_permanent_into_library", frozen=True):
    """The permanent ``what`` names is shuffled into its owner's library."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: ShufflePermanentIntoLibrary,
            asker: Asker, queue: list[EffectT]) -> None:
    objs = permanents(state, refs_of(state, item, eff.what))
    plans = rep.plan_leaving(state, objs, LIBRARY, asker)  # 616.1, before anything moves
    owners: list[int] = []
    with simultaneously(state):
        for o in objs:
            rep.leave_battlefield(state, o, LIBRARY, plan=plans.get(o.oid))
            if o.owner not in owners:
                owners.append(o.owner)
    for p in owners:
        shuffle_library(state, p)


def estimate(ev: Estimate, e: ShufflePermanentIntoLibrary) -> None:
    """The permanent is gone for good unless its owner draws it again, some turns later:
    nearly a removal (0.9 of its worth against its controller; a token all of it)."""
    state = ev.state
    me = ev.me
    for o in objs_for(e.what, ev.targets, state, ev.source):
        v = removal_worth(state, o, me, ev.price)
        ev.total -= sign_for(o, me) * (v if o.token else 0.9 * v)


RULES = effect_rules(ShufflePermanentIntoLibrary, role=Role.REMOVAL, resolve=resolve,
                     estimate=estimate, sign=hurts("what"))
