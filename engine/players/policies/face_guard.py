"""Which priority actions the search may switch to that aim damage at the other player's
face (``search:face=F``, docs/search-record.md "Where the three-turn search loses").

The search's rollouts stop at a two- or three-turn horizon and score the position there
with the fitted evaluation, which prices the other player's life lost against the cards
and creatures each side keeps. Read over the games the search lost, a class of its own
switches spent a burn spell (or a damage ability) on the other player's face where the
heuristic would have kept it or aimed it at a creature: Lightning Bolt at the face on
turn 4 with the other player at 20, Blaze for 3 at the face over casting Prodigal
Pyromancer, Stoke the Flames at the face where the heuristic kills a creature. Three
turns read the life lost as worth more than the card, on three deals; past the horizon
the creature left alive (or the card not kept for one) costs more than those points of
life: a burn spell kills a creature once, and a face hit is only worth its damage when
the rest of the race finishes the player.

With ``face=F`` the search still tries every action it would, but one whose damage is
aimed at the other player (a target the action's choices pick, 115.1 and 601.2c: the
player is the target of the spell or ability; 120.3a: damage dealt to a player makes
them lose that much life) is dropped from the candidates at a priority decision unless
the other player is near dead: their life less what the player can still deal them this
turn and the next (the damage of the burn in hand, ``burn_in_hand``, and the power of
their untapped creatures, ``reach``) is ``F`` or less. The heuristic's own answer is
never dropped, and when it aims at the face itself (its ``_burn_face_score``: lethal
burn, bloodthirst, a recurring spell) nothing is: the search only chooses among face
hits then. Where each candidate aims is read from its script, or, for a plain action,
from the heuristic's own choices on the decision's first deal
(``search_actions.complete_actions``' ``paths``), the same choices the plain action
plays there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.search_actions import Candidate, Step
from mtgsim.engine.players.worth import is_creature
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.effect import Role, role_of
from mtgsim.engine.state.decisions import ACTIVATE, CAST, Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import BATTLEFIELD, GameState

_DAMAGE = Role.DAMAGE  # (a compiled module reads enum members from constants)
_TARGET = DecisionKind.TARGET


def _spell_effects(card: Card) -> tuple[Any, ...]:
    """Every effect a spell card may have (each mode's, when modal)."""
    spell = card.spell
    if spell is None:
        return ()
    if spell.modes:
        return tuple(e for m in spell.modes for e in m.effects)
    return tuple(spell.effects)


def action_damages(state: GameState, d: Decision, index: int) -> bool:
    """Does priority action ``index`` of ``d`` cast a spell, or activate an ability,
    with a damage effect (``Role.DAMAGE``: Lightning Bolt, Blaze, Prodigal Pyromancer)?"""
    action = d.actions[index]
    o = state.objects.get(action.oid)
    if o is None:
        return False
    if action.kind == CAST:
        effects = _spell_effects(o.card)
    elif action.kind == ACTIVATE:
        abilities = activated_abilities(o)
        if action.index >= len(abilities):
            return False
        effects = tuple(abilities[action.index].effects)
    else:
        return False
    return any(role_of(e) is _DAMAGE for e in effects)


def aims_at_face(state: GameState, d: Decision, candidate: Answer | Candidate,
                 paths: Mapping[int, tuple[Step, ...]]) -> bool:
    """Does ``candidate`` (a priority action, plain or scripted) deal damage with a
    target choice that picks the other player? A plain action's choices are the
    heuristic's (``paths``); an action with none recorded aims nowhere."""
    if isinstance(candidate, Candidate):
        first, steps = candidate.first, candidate.then or paths.get(candidate.first, ())
    elif isinstance(candidate, int):
        first, steps = candidate, paths.get(candidate, ())
    else:
        return False
    other = 1 - d.player
    if not any(s.kind is _TARGET and other in s.picks for s in steps):
        return False
    return action_damages(state, d, first)


def burn_in_hand(state: GameState, me: int) -> int:
    """The fixed damage of the spells in ``me``'s hand (each spell's damage effects with
    a number for their amount, its first mode's when modal): what ``me`` may still burn
    the other player for, mana aside."""
    total = 0
    for oid in state.players[me].hand:
        o = state.objects.get(oid)
        spell = o.card.spell if o is not None else None
        if spell is None:
            continue
        effects = spell.modes[0].effects if spell.modes else spell.effects
        for e in effects:
            amount = getattr(e, "amount", None)
            if role_of(e) is _DAMAGE and isinstance(amount, int):
                total += amount
    return total


def reach(state: GameState, me: int) -> int:
    """What ``me`` may deal the other player over this turn and the next, blockers aside:
    the burn in hand and the power of ``me``'s untapped creatures (510.1a: an unblocked
    attacker deals its power to the player)."""
    power = sum(max(0, o.power) for o in state.objects.values()
                if o.zone == BATTLEFIELD and o.controller == me and is_creature(o)
                and not o.tapped)
    return burn_in_hand(state, me) + power


def face_room(state: GameState, me: int) -> int:
    """The other player's life less ``me``'s ``reach``: how far the race is from lethal."""
    return state.players[1 - me].life - reach(state, me)


def drop_face_switches(state: GameState, d: Decision,
                       candidates: Sequence[Answer | Candidate],
                       paths: Mapping[int, tuple[Step, ...]],
                       floor: int) -> list[Answer | Candidate]:
    """``candidates`` (the heuristic's answer first) without those that aim damage at
    the other player's face, unless the heuristic's answer does too or the race is
    ``floor`` or less from lethal (``face_room``; module docstring)."""
    out = list(candidates)
    if len(out) < 2 or aims_at_face(state, d, out[0], paths) or \
            face_room(state, d.player) <= floor:
        return out
    return [out[0], *(c for c in out[1:] if not aims_at_face(state, d, c, paths))]


__all__ = ["action_damages", "aims_at_face", "burn_in_hand", "drop_face_switches",
           "face_room", "reach"]
