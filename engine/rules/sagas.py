"""Sagas (714): lore counters, chapter abilities, and sacrificing a Saga after its last
chapter.

- 714.2a-b: a chapter symbol with a number N is a chapter ability, a triggered ability
  meaning "When one or more lore counters are put onto this Saga, if the number of lore
  counters on it was less than N and became at least N, [effect]." (``Triggered`` with
  ``when = "chapter"`` and ``chapter = N``; one ability per number of "I, II — ...").
  ``lore_added`` queues the abilities whose number the counters just reached, whatever
  put them there: the Saga entering with its first one, the turn-based action, an effect.
- 714.2c: the final chapter number is the greatest chapter number of its abilities.
- 714.3a: as a Saga enters, its controller puts a lore counter on it (the compiler gives
  each Saga it reads that replacement, 614.1c: ``enters_with_counters``).
- 714.3b: as a player's precombat main phase begins, they put a lore counter on each
  Saga they control with one or more chapter abilities; a turn-based action, not using
  the stack (``precombat_main``, from ``engine.rules.turn``).
- 714.4 (704.5s): a Saga with one or more chapter abilities whose lore counters are at
  least its final chapter number, and that is not the source of a chapter ability that
  has triggered but not yet left the stack, is sacrificed by its controller
  (``finished``, from ``engine.rules.sba``). A chapter ability leaving the stack as it
  resolves calls for that check again (``chapter_resolved``, one of
  ``engine.rules.resolution.RESOLVED_HOOKS``).
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.mechanics import SAGA
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem

LORE = "lore"


def final_chapter(card: Card) -> int:
    """714.2c: the greatest chapter number of the card's chapter abilities (0: none)."""
    last = 0
    for ab in card.triggered:
        if ab.when == "chapter" and ab.chapter > last:
            last = ab.chapter
    return last


def lore_added(state: GameState, obj: GameObject, before: int) -> None:
    """714.2b: lore counters were put on ``obj``, which had ``before`` of them: each
    chapter ability whose number they reached triggers."""
    if obj.lost_abilities:
        return
    now = obj.counters.get(LORE, 0)
    for ab in obj.card.triggered:
        if ab.when == "chapter" and before < ab.chapter <= now:
            triggers.queue_trigger(state, obj, ab, obj.oid, obj)


def put_lore(state: GameState, obj: GameObject, n: int = 1) -> None:
    """Put ``n`` lore counters on ``obj`` (122.1) and trigger its chapters."""
    before = obj.counters.get(LORE, 0)
    obj.counters[LORE] = before + n
    characteristics_changed(state)
    if state.log is not None:
        log(state, "counters", obj.controller, obj.card.name, LORE, n)
    lore_added(state, obj, before)


def precombat_main(state: GameState) -> None:
    """714.3b: the active player puts a lore counter on each Saga they control with a
    chapter ability, in battlefield order (the abilities trigger together, 603.3b).
    Nothing to look for when no card of the game is a Saga (``engine.rules.mechanics``)."""
    if not state.derived.mechanics & SAGA:
        return
    objects = state.objects
    active = state.active
    sagas: list[GameObject] | None = None  # (made only when there is one: most turns none)
    for oid in state.battlefield:
        o = objects[oid]
        # (a card without triggered abilities has no chapter: the cheap test first)
        if o.card.triggered and o.controller == active and "Saga" in o.card.subtypes and \
                not o.lost_abilities and final_chapter(o.card):
            if sagas is None:
                sagas = []
            sagas.append(o)
    if sagas is not None:  # (putting lore counters moves no permanent)
        for o in sagas:
            put_lore(state, o)


def _chapter_pending(state: GameState, oid: int) -> bool:
    """Has a chapter ability of ``oid`` triggered without having left the stack yet?"""
    for t in state.triggers:
        if t.source == oid and t.ability.when == "chapter":
            return True
    for item in state.stack:
        if item.source == oid and item.trigger is not None and item.trigger.when == "chapter":
            return True
    return False


def finished(state: GameState, o: GameObject) -> bool:
    """714.4: the Saga ``o`` is to be sacrificed as a state-based action."""
    if "Saga" not in o.card.subtypes or o.lost_abilities:
        return False  # (a Saga that lost its abilities has no chapter ability)
    last = final_chapter(o.card)
    return last > 0 and o.counters.get(LORE, 0) >= last and not _chapter_pending(state, o.oid)


def chapter_resolved(state: GameState, item: StackItem) -> None:
    """A stack object left the stack (resolved, or removed because its targets were all
    illegal, 608.2b, or its condition false, 603.4): after a chapter ability, the next
    state-based check looks at its Saga again (714.4: the ability left the stack, done
    or not)."""
    if item.trigger is not None and item.trigger.when == "chapter":
        characteristics_changed(state)
