"""The heuristic's answer to ``REPLACEMENT``: which replacement effect applies first to an
event (616.1; engine.rules.replacement_order).

A destruction: an effect that saves the permanent before one that only changes where it
would go (unearth: after it the others still apply, 616.1e, so applying a saving one
first comes to the same and asks nothing more); among those that save it, a
regeneration shield before an Aura with umbra armor (the shield is gone at the end of the
turn anyway, the Aura is a card and its bonus), except for a creature in combat before
combat damage, which regeneration would remove from combat; among Auras, the one whose
bonus to the creature is worth least. A draw: the dredge choice
(``choice_keywords.dredge``) among the cards with dredge. A permanent entering (asked only
when devour could sacrifice what another effect depends on, engine.rules.entering): every
effect that only adds to the permanent before devour, since applied first it still counts
(Bloodspore Thrinax's counters come from the Thrinax, which devour may then still eat),
and applied after devour sacrificed its source it would not apply at all (616.1e).
"""

from __future__ import annotations

from mtgsim.engine.players.policies.choice_keywords import dredge
from mtgsim.engine.players.worth import aura_bonus_on
from mtgsim.engine.state.decisions import Decision, DecisionKind, Replacing
from mtgsim.engine.state.game_state import COMBAT_DAMAGE, NONE, GameObject, GameState

_DREDGE = DecisionKind.DREDGE  # (a module constant: see DecisionKind)
# the effects on entering that change the game as they apply (devour's sacrifices)
_ACTING = frozenset(("devour",))


def replacement(state: GameState, d: Decision) -> int:
    about = d.about
    assert isinstance(about, Replacing)
    if about.event == "draw":
        return _draw(state, d, about.effects)
    if about.event == "enter":
        return next((i for i, kind in enumerate(about.effects) if kind not in _ACTING), 0)
    obj = state.objects.get(d.source)
    scores = [_score(state, obj, kind, oid) for kind, oid in zip(about.effects, d.options,
                                                                  strict=True)]
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def _score(state: GameState, obj: GameObject | None, kind: str, source: int) -> float:
    if kind == "regeneration":
        combat = state.combat
        in_combat = obj is not None and combat is not None and state.step < COMBAT_DAMAGE \
            and (obj.oid in combat.attackers or obj.oid in combat.blocking)
        return 2.0 if in_combat else 20.0
    if kind == "umbra armor":
        aura = state.objects.get(source)
        return 10.0 - (aura_bonus_on(state, aura) if aura is not None else 0.0)
    if kind == "none":
        return -100.0
    return 0.0  # a modification (unearth), or an effect this estimate doesn't know


def _draw(state: GameState, d: Decision, effects: tuple[str, ...]) -> int:
    """The dredge choice among the cards with dredge (or not to dredge), as if only
    they applied; without one, the first option."""
    cards = [oid for kind, oid in zip(effects, d.options, strict=True) if kind == "dredge"]
    if not cards:
        return 0
    options = [*cards, NONE] if NONE in d.options else cards
    pick = options[dredge(state, Decision(_DREDGE, d.player, options=options))]
    return d.options.index(pick)


__all__ = ["replacement"]
