"""Haunt (702.55).

On a permanent: "When this permanent is put into a graveyard from the battlefield, exile
it haunting target creature." On an instant or sorcery: "When this spell is put into a
graveyard during its resolution, exile it haunting target creature." The exiled card
haunts that object even if it stops being a creature (702.55b), and its abilities that
refer to "the creature it haunts" trigger from exile (702.55c: ``haunted_dies``)."""

from __future__ import annotations

from typing import Any

from engine.ask import Asker
from engine.cards import (
    AbilityT,
    CardDef,
    Filter,
    HauntExile,
    KeywordInstance,
    Target,
    Triggered,
)
from engine.effects import handles
from engine.keywords import compiles
from engine.state import EXILE, GRAVEYARD, NONE, GameState, StackItem
from engine.stats import count
from engine.zones import describe, log, move

CREATURE = Target("creature", Filter())


@compiles("haunt")
def compile_haunt(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    when = "dies" if card.is_permanent_card else "spell_to_graveyard"
    return [Triggered(when=when, targets=(CREATURE,), effects=(HauntExile(),),  # type: ignore[arg-type]
                      keyword="haunt")]


@handles(HauntExile)
def haunt_exile(state: GameState, item: StackItem, eff: Any, asker: Asker,
                queue: list[Any]) -> None:
    card_obj = state.objects.get(item.source)
    if card_obj is None and item.source_lki is not None:
        card_obj = state.objects.get(item.source_lki.moved_to)
    if card_obj is None or card_obj.zone != GRAVEYARD:
        return
    target = item.targets[0] if item.targets else NONE
    if target == NONE or target not in state.objects:
        return
    new = move(state, card_obj, EXILE)
    new.haunting = target
    state.haunters = [o for o in state.haunters if o in state.objects] + [new.oid]
    if state.log is not None:
        log(state, "haunt", item.controller, new.card.name, describe(state, target))
    count(state, item.controller, "haunts")
