"""Annihilator N (702.86).

702.86a: "Annihilator N" means "Whenever this creature attacks, defending player
sacrifices N permanents." It compiles into a triggered ability on the "attacks" event
(508.3a: it triggers when the creature is declared as an attacker, not when it blocks).
The defending player chooses which of their permanents to sacrifice, any permanents at
all (lands, tokens, indestructible ones: sacrificing is not destroying, 701.17a); with
fewer than N they sacrifice all they have. The sacrifices happen as the ability resolves.

702.86b: if a creature has several instances of annihilator, each triggers separately:
one triggered ability is compiled per printed instance.

Statistics: ``permanents_annihilated`` (per attacking player), ``annihilator_triggers``.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, Sacrificing
from mtgsim.engine.state.game_state import BATTLEFIELD, GRAVEYARD, Decision, GameState, StackItem
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_SACRIFICE = DecisionKind.SACRIFICE


class Annihilate(Effect, tag="annihilate", frozen=True):
    """702.86a: the defending player sacrifices N permanents."""

    n: int


@compiles("annihilator")
def compile_annihilator(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="attacks", effects=(Annihilate(inst.n),), keyword="annihilator")]


def annihilate(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    defender = refs_of(state, item, "defending_player")[0]
    options = [oid for oid in state.battlefield if state.objects[oid].controller == defender]
    k = min(eff.n, len(options))
    if k == 0:
        return
    picks = asker.choose_many(Decision(
        _KIND_SACRIFICE, defender, f"sacrifice {k} permanent(s) to annihilator {eff.n}",
        options=options, multi=True, min_count=k, max_count=k, source=item.source,
        about=Sacrificing("annihilator")))
    done = 0
    # 616.1: the defender chooses among each one's replacement effects before any goes
    plans = rep.plan_leaving(state, [state.objects[options[i]] for i in picks], GRAVEYARD,
                             asker)
    with simultaneously(state):  # sacrificed at once: one event (603.10a)
        for i in picks:
            victim = state.objects.get(options[i])
            if victim is not None and victim.zone == BATTLEFIELD:
                rep.sacrifice(state, victim, plan=plans.get(options[i]))
                done += 1
    count(state, item.controller, "permanents_annihilated", done)


effect_rules(Annihilate, resolve=annihilate, estimate=None, sign=unaffected,
             why_not_valued="not estimated as an effect: its worth is counted with the attacking creature (engine.players.worth_effects.spell_threat adds 4 a point of annihilator)")
