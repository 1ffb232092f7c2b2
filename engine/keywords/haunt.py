"""Haunt (702.55).

702.55a: on a permanent, "When this permanent is put into a graveyard from the
battlefield, exile it haunting target creature" (the compiled ``leaves_to_graveyard``
trigger); on an instant or sorcery, "When this spell is put into a graveyard during its
resolution, exile it haunting target creature" (``spell_to_graveyard``, queued by
effects._spell_done only for a spell card that resolved: not when countered, when it
doesn't resolve for lack of legal targets, nor for a copy). With no creature to target
the trigger is removed (603.3d); if its target is illegal on resolution, or the card
left the graveyard, nothing happens and the card stays where it is.
702.55b: the exiled card "haunts" the object its haunt ability targeted
(``GameObject.haunting`` holds that object's id, which control changes and
characteristic changes don't alter; a zone change makes a new object, 400.7, which is not
haunted). 702.55c: its abilities that refer to "the creature it haunts" trigger from
exile (``haunted_dies``, engine.rules.triggers.left_battlefield: when that object is put into a
graveyard from the battlefield; not when it is exiled or returned to hand). Card data
gives those abilities ``keyword = "haunt"`` so they count as haunt triggers."""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    Filter,
    KeywordInstance,
    Target,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.effect import Role, effect_rules, unaffected
from mtgsim.engine.rules.zones import describe, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import EXILE, GRAVEYARD, NONE, GameState, StackItem
from mtgsim.engine.state.stats import count


class HauntExile(Effect, tag="haunt_exile", frozen=True):
    """702.55a: exile this card haunting target creature (t0)."""

CREATURE = Target("creature", Filter())


@compiles("haunt")
def compile_haunt(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    # 702.55a: a permanent's haunt triggers when it is put into a graveyard from the
    # battlefield (whatever its types then); an instant's or sorcery's when the card is
    # put into a graveyard as the spell resolves (not when countered or when it fizzles).
    when = "leaves_to_graveyard" if card.is_permanent_card else "spell_to_graveyard"
    return [Triggered(when=when, targets=(CREATURE,), effects=(HauntExile(),),  # type: ignore[arg-type]
                      keyword="haunt")]


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


effect_rules(HauntExile, role=Role.HAUNT, resolve=haunt_exile, estimate=None,
             sign=unaffected,
             why_not_valued="not estimated: the haunting is a step of the card's own keyword, valued with the card")
