"""Level up (702.87) and leveler cards (711).

702.87a: "Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate
only as a sorcery." It is an ordinary activated ability (a level counter is a counter,
122), so it works wherever activated abilities do, and it exists at all times (711.3):
it may be activated whatever the number of level counters, also past the last band.

711.2 (702.87b): a leveler card's level symbols are static abilities. "{LEVEL N1-N2}
[abilities] [P/T]" means "As long as this creature has at least N1 and no more than N2
level counters on it, it has base power and toughness [P/T] and has [abilities]"
("{LEVEL N3+}": N3 or more). Card data gives them as ``levels`` (``LevelBand``): the
band's power/toughness is layer 7b and its keyword bits layer 6 (engine.rules.layers); the
band's other abilities are compiled here into the card's own abilities, each existing
only while the band applies (``LevelBetween``):

* activated abilities: ``condition`` (can't be activated outside the band, 602.5b);
* triggered abilities: ``exists_if`` (it triggers only if it exists then, 603.2);
* mana abilities: ``condition`` (engine.rules.payment skips them outside the band);
* static abilities: ``condition`` (611.3a; engine.rules.layers applies them only then), such
  as "Other creatures you control get +1/+1" or "Elves you control have '{T}: Add
  {G}{G}.'" (a granted mana ability, ``Static.grants_mana``).

Any ability not preceded by a level symbol is treated normally (711.3). Because they
are the leveler's own abilities, losing all abilities removes them like any other.

702.87c / 716: Class levels are not level counters. Nothing here reads class levels
and nothing in Class handling reads level counters; "level" is just a counter kind.
Putting level counters on a permanent by other means (Venerated Teacher) uses the same
bands: only the count of level counters matters.
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import (
    AbilityT,
    Activated,
    Cost,
    KeywordInstance,
    LevelBetween,
    ManaAbility,
    Static,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.state.game_state import GameObject, GameState


@compiles("level up")
def compile_level_up(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    out: list[AbilityT] = [Activated(
        cost=Cost(mana=inst.cost), sorcery_speed=True, keyword="level up",
        effects=(AddCounters(what="self", counter="level", amount=1),))]
    if inst is not card.instances("level up")[0]:
        return out  # the bands belong to the card, once
    for band in card.levels:
        cond = LevelBetween(band.low, band.high)
        for ab in band.abilities:
            out.append(_in_band(card, ab, cond))
    return out


def _in_band(card: Card, ab: AbilityT, cond: LevelBetween) -> AbilityT:
    """The band's ability, existing only while the band applies (711.2)."""
    if isinstance(ab, Triggered):
        if ab.exists_if is not None:
            raise ValueError(f"{card.name}: a band's triggered ability with its own "
                             "'exists_if'")
        return msgspec.structs.replace(ab, exists_if=cond)
    if isinstance(ab, (Activated, ManaAbility, Static)):
        if ab.condition is not None:
            raise ValueError(f"{card.name}: a band's ability with its own 'condition'")
        return msgspec.structs.replace(ab, condition=cond)
    raise ValueError(f"{card.name}: level bands can't hold {type(ab).__name__} abilities")


@condition_rule(LevelBetween)
def level_between(state: GameState, cond: LevelBetween, controller: int,
                  source: GameObject, subject: GameObject | None) -> bool:
    level = source.counters.get("level", 0)
    return cond.low <= level and (cond.high is None or level <= cond.high)


def has_now(obj: GameObject, ab: Activated) -> bool:
    """Whether ``obj`` has the activated ability ``ab`` now: a band's ability exists only
    while its band applies (711.2); every other one always (an "Activate only if"
    restriction, 602.5b, limits activating it, not having it)."""
    cond = ab.condition
    if not isinstance(cond, LevelBetween):
        return True
    level = obj.counters.get("level", 0)
    return cond.low <= level and (cond.high is None or level <= cond.high)
