"""Triggers of an Aura (or an Equipment) on what happens to the permanent it is
attached to: "When enchanted creature becomes tapped" (Cryoshatter; Contaminated Ground's
land; Hawkeye's Bow's "equipped creature": a permanent becomes tapped when it changes from
untapped to tapped, 701.26a; one that enters tapped does not become tapped) and "... or is
dealt damage" (120.3; damage dealt at once, as all combat damage of a step, is one event,
510.2: one trigger). The ability triggers on the permanent its source is attached to as
the event happens (603.2, 303.4, 301.5); "it" is that permanent.

``tap_permanent`` taps wherever the rules tap a permanent (costs, mana abilities,
attacking, effects), ``dealt_damage`` where damage is dealt to a creature; both return at
once unless an Aura with such an ability is on the battlefield (``_watchers``, memoised
until the next refresh of characteristics, which an Aura entering, leaving or moving
makes), and at once in a game none of whose cards has such an ability
(``engine.rules.mechanics``).
"""

from __future__ import annotations

from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mechanics import ATTACHED_EVENTS, AURA_EVENTS
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.memo import memo_on

TAPPED = "enchanted_becomes_tapped"
EQUIPPED_TAPPED = "equipped_becomes_tapped"  # (an Equipment's: Hawkeye's Bow)
DAMAGED = "enchanted_dealt_damage"
_WATCHED = ATTACHED_EVENTS  # the three above (one lookup, not three compares)


def _find_watchers(state: GameState) -> list[int]:
    """The permanents (Auras) with an ability that triggers on these events, in
    battlefield order."""
    out = []
    for o in permanents(state):
        for ab in o.card.triggered:
            if ab.when in _WATCHED:
                out.append(o.oid)
                break
    return out


_MEMO = "enchanted events"


def _watchers(state: GameState) -> list[int]:
    """The watchers now (characteristics brought up to date first: an Aura that has just
    entered is one)."""
    d = state.derived
    if d.layers.stale:
        ensure(state)
    return memo_on(state, _MEMO, d.layers.refreshes, _find_watchers)


def tap_permanent(state: GameState, obj: GameObject) -> None:
    """Tap ``obj``; if it was untapped, it becomes tapped (701.26a) and triggers."""
    if obj.tapped:
        return
    state.set_tapped(obj, True)
    d = state.derived
    if not d.mechanics & AURA_EVENTS:  # no card of the game has such an ability
        return
    hit = d.memo.entries.get(_MEMO)  # (``_watchers`` written out for the common case)
    if hit is not None and hit.key == d.layers.refreshes and not d.layers.stale:
        if hit.value:
            _trigger(state, hit.value, obj, TAPPED, 0)
        return
    watchers = _watchers(state)
    if watchers:
        _trigger(state, watchers, obj, TAPPED, 0)


def dealt_damage(state: GameState, obj: GameObject, amount: int) -> None:
    """``amount`` damage has just been dealt to ``obj`` (120.3)."""
    d = state.derived
    if not d.mechanics & AURA_EVENTS:  # (as in tap_permanent)
        return
    hit = d.memo.entries.get(_MEMO)  # (as in tap_permanent)
    if hit is not None and hit.key == d.layers.refreshes and not d.layers.stale:
        if hit.value:
            _trigger(state, hit.value, obj, DAMAGED, amount)
        return
    watchers = _watchers(state)
    if watchers:
        _trigger(state, watchers, obj, DAMAGED, amount)


def _trigger(state: GameState, watchers: list[int], obj: GameObject, when: str,
             amount: int) -> None:
    objects = state.objects
    for oid in watchers:
        aura = objects.get(oid)
        if aura is None or aura.attached_to != obj.oid or aura.lost_abilities:
            continue
        for ab in aura.card.triggered:
            if ab.when != when and not (when == TAPPED and ab.when == EQUIPPED_TAPPED):
                continue
            if when == DAMAGED:  # one event for damage dealt at once (510.2)
                triggers.queue_counted(state, aura.oid, aura.controller, aura.card, ab,
                                       aura.timestamp, obj, amount)
            else:
                triggers.queue_trigger(state, aura, ab, obj.oid, obj)
