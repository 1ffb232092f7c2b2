"""Heuristic answers about Auras: what an Aura should be attached to, for friend or foe.

``aura_host_score`` is shared with the casting heuristics (``engine.players.policies.cast_score``).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEFENDER,
    KW_FLYING,
    KW_HEXPROOF,
    KW_SHROUD,
    KW_TRAMPLE,
    KW_UNBLOCKABLE,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.worth import (
    aura_is_hostile,
    is_creature,
    is_land,
    value,
)
from mtgsim.engine.state.decisions import Attaching
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    Decision,
    GameObject,
    GameState,
)


def worth(o: GameObject) -> float:
    if is_creature(o):  # its types now (an animated land is a creature)
        return o.power * 1.5 + o.toughness + (0.0 if o.token else 1.0)
    if is_land(o):
        return 2.5
    return 3.0


# --- Auras -------------------------------------------------------------------------------------


def aura_host_score(state: GameState, me: int, card: Card, o: GameObject,
                    hostile: bool) -> float:
    """How good a home ``o`` is for this Aura (negative: don't)."""
    mine = o.controller == me
    if not is_creature(o):
        if hostile:
            return -1.0 if mine else 1.0
        if not mine:
            return -1.0
        return 3.0 + (1.0 if not o.tapped else 0.0)  # Utopia Sprawl on a Forest
    if hostile:
        if mine:
            return -5.0
        v = value(o)
        if o.kw & KW_CANT_ATTACK and o.kw & KW_CANT_BLOCK:
            return 0.0
        return v
    if not mine:
        return -5.0
    kw = o.kw
    score = 2.0 + 0.3 * value(o)
    protected = bool(kw & (KW_HEXPROOF | KW_SHROUD))
    if protected:
        score += 5.0
    if kw & (KW_CANT_ATTACK | KW_DEFENDER):
        score -= 6.0
    if kw & (KW_FLYING | KW_UNBLOCKABLE) or o.min_blockers or any(
            st.cant_be_blocked_by is not None for st in o.card.statics):
        score += 2.0
    auras = sum(1 for a in permanents(state) if a.attached_to == o.oid and a.card.is_aura)
    grows = any(st.applies_to == "self" and not isinstance(st.power, int)
                for st in o.card.statics)
    if grows:
        score += 2.5  # grows with Auras (Kor Spiritdancer, Aura Gnarlid)
    if protected or grows:
        score += 1.5 * min(auras, 3)  # one unanswerable threat
    else:
        score -= 1.0 * auras  # spread the risk
    if o.card.mana_abilities and o.power <= 1:
        score -= 2.5  # a mana creature taps for mana, not attacks
    if not o.sick:
        score += 1.0
    for st in card.statics:
        if "trample" in st.keywords and kw & KW_TRAMPLE:
            score -= 1.0
    del card
    return score


def attach(state: GameState, d: Decision, hostile: bool | None = None) -> int:
    """An Aura entering without being cast: on the opponent's best creature if it hurts,
    else on my best home for it."""
    card = _aura_card(state, d)
    if hostile is None:
        hostile = card is not None and aura_is_hostile(card)
    best, best_score = 0, -1e9
    for i, ref in enumerate(d.options):
        if ref < 2:
            score = 1.0 if (ref != d.player) == hostile else -1.0
        else:
            o = state.objects[ref]
            if card is not None:
                score = aura_host_score(state, d.player, card, o, hostile)
            else:
                mine = o.controller == d.player
                score = worth(o) if mine != hostile else -worth(o)
        if score > best_score:
            best, best_score = i, score
    return best


def _aura_card(state: GameState, d: Decision) -> Card | None:
    """The Aura's card, as the heuristic finds it by the entering Aura's name: the card
    of the first object with that name."""
    about = d.about
    if not isinstance(about, Attaching):
        return None
    name = about.card.name
    for o in state.objects.values():
        if o.card.name == name:
            return o.card
    return None
