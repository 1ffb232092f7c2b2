"""Heuristic answers to cost and payment decisions: creatures to tap for convoke, cards to
discard, permanents to sacrifice, counters to remove, creatures to tap for a cost.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_DEFENDER,
    T_LAND,
)
from mtgsim.engine.effects.return_chosen import loss
from mtgsim.engine.players.life_price import HANDSET, LifePrice
from mtgsim.engine.players.policies.escape_plan import COUNTED_KEEP, counted_in_graveyard
from mtgsim.engine.players.policies.madness_plan import (
    MADNESS_KEPT,
    cost_discard_spent,
    madness_cost,
    madness_discards,
)
from mtgsim.engine.players.policies.ninjutsu_plan import best_return
from mtgsim.engine.players.policies.optional_cost_plan import evidence_pick
from mtgsim.engine.players.worth import (
    card_want,
    is_creature,
    lands_of,
    perm_value,
    value,
)
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.decisions import CostOf, ForSpell
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    END,
    HAND,
    MAIN2,
    Answer,
    Decision,
    GameObject,
    GameState,
)

# --- delve -------------------------------------------------------------------------------------


def delve(state: GameState, d: Decision) -> list[int]:
    """One graveyard card at a time (702.66a): exile every card it may rather than pay
    mana (the mana stays for other spells), lands first, then spells, then creature
    cards; a card usable from the graveyard (flashback, retrace, unearth, dredge) only
    when the cost can't be paid otherwise, and a card a hand card's cost reduction counts
    (Tolarian Terror's instants and sorceries) after the others of its kind. Escape's
    other cards (702.138a, one question each with ``min_count`` 1) are chosen alike."""
    about = d.about
    if isinstance(about, ForSpell) and about.cost.startswith("collect evidence "):
        return evidence_pick(state, d, int(about.cost.rsplit(" ", 1)[1]))  # 701.59a
    objects = state.objects
    keep = [_delve_keep(objects[oid]) for oid in d.options]
    counted = [counted_in_graveyard(state, d.player, objects[oid]) for oid in d.options]
    ranked = sorted(range(len(d.options)),
                    key=lambda i: keep[i] + (COUNTED_KEEP if counted[i] else 0.0))
    best = ranked[0]
    if d.min_count == 0 and keep[best] >= _KEEP_IN_GRAVEYARD:
        return []
    return [best]


_KEEP_IN_GRAVEYARD = 100.0


def _delve_keep(o: GameObject) -> float:
    """How much a card is worth keeping in the graveyard: a land least, a card usable
    from there most (``_KEEP_IN_GRAVEYARD`` and more)."""
    card = o.card
    if card.zone_actions or "dredge" in card.keyword_names:
        return _KEEP_IN_GRAVEYARD + card.mana_value
    if card.type_mask & T_LAND:
        return 0.0
    return (20.0 if is_creature(o) else 10.0) + card.mana_value


# --- convoke -----------------------------------------------------------------------------------


def convoke_tap(state: GameState, d: Decision) -> list[int]:
    """One creature at a time: tap creatures rather than lands at the end of the
    opponent's turn; on my turn only when the lands are wanted for another spell or the
    mana can't pay; never an attacker before combat if another will do."""
    objects = state.objects
    me = d.player
    opts = d.options
    ranked = sorted(range(len(opts)), key=lambda i: _convoke_cost(state, objects[opts[i]]))
    if d.min_count > 0:
        return [ranked[0]]
    if state.active != me and state.step == END:
        return [ranked[0]]
    if state.active == me and state.step == MAIN2:
        # after combat: tap the creatures that didn't attack when the lands have a use
        hand = state.players[me].hand
        spare = len(mana_units(state, me)[0])
        for oid in hand:
            c = objects[oid].card
            if not c.is_land and oid != d.source and c.mana_value <= spare:
                if _convoke_cost(state, objects[opts[ranked[0]]]) < 4.0:
                    return [ranked[0]]
    return []


def improvise_tap(state: GameState, d: Decision) -> list[int]:
    """One artifact at a time (702.126a): a noncreature artifact none of whose
    abilities costs {T} (Bone Saw's equip doesn't) loses nothing tapped, so it is tapped
    whenever it is offered; any other artifact as convoke taps its creatures
    (``convoke_tap``: at the end of the opponent's turn, after combat when the lands
    have a use, or when mana alone can't pay)."""
    objects = state.objects
    for i, oid in enumerate(d.options):
        c = objects[oid].card
        if not is_creature(objects[oid]) and not any(a.cost.tap for a in c.activated) \
                and not any(m.tap for m in c.mana_abilities):
            return [i]
    return convoke_tap(state, d)


def _convoke_cost(state: GameState, o: GameObject) -> float:
    v = value(o)
    if o.sick:
        v -= 1.0
    if o.token:
        v -= 0.5
    if o.kw & KW_CANT_ATTACK or o.kw & KW_DEFENDER:
        v -= 1.0
    return v


# --- costs ---------------------------------------------------------------------------------------


def cost_discard(state: GameState, d: Decision, price: LifePrice = HANDSET) -> Answer:
    """A madness card whose madness cost the mana left pays first; then lands when there
    are enough on the battlefield (retrace), else the card I want least."""
    me = d.player
    lands_out = lands_of(state, me)
    objects = state.objects
    # madness cards the mana left after the cost casts go first (702.35a)
    mad = madness_discards(state, me, d.options, cost_discard_spent(state, d.source),
                           price)

    def keep(i: int) -> float:
        c = objects[d.options[i]].card
        if mad and d.options[i] in mad:
            return -100.0 - c.mana_value
        if c.type_mask & T_LAND:
            return 0.0 if lands_out >= 4 else 6.0
        if madness_cost(c) is not None:  # kept for a later discard with mana up
            return card_want(state, me, c) + MADNESS_KEPT
        return card_want(state, me, c)

    ranked = sorted(range(len(d.options)), key=keep)
    if d.multi:
        return sorted(ranked[:d.min_count])
    return ranked[0]


def cost_choice(state: GameState, d: Decision) -> Answer:
    """Permanents to sacrifice or return for a cost: the least valuable, never the
    source itself when anything else will do."""
    objects = state.objects
    me = d.player
    about = d.about
    if d.multi and isinstance(about, CostOf) and about.action == "reveal":
        return list(range(len(d.options)))  # "Reveal X ...": X as large as it can be
    if isinstance(about, CostOf) and about.action in ("choose", "reveal"):
        # "the creature you chose or the card you revealed": the greatest power
        return max(range(len(d.options)), key=lambda i: (_power_of(objects[d.options[i]]), -i))
    src = objects.get(d.source)
    if src is not None and src.zone == HAND and "ninjutsu" in src.card.keyword_names \
            and not d.multi:
        pick = best_return(state, me, src.card, list(d.options))
        if pick is not None:
            return d.options.index(pick[0])
    if src is not None and src.zone == HAND and "sneak" in src.card.keyword_names \
            and isinstance(about, CostOf) and about.action == "return" and not d.multi:
        # the attacker returned for a sneak cost, asked as the spell is cast from the hand
        # (601.2h; sneak_plan): ninjutsu's choice
        pick = best_return(state, me, src.card, list(d.options))
        if pick is not None:
            return d.options.index(pick[0])

    def cost(i: int) -> float:
        o = objects[d.options[i]]
        v = perm_value(state, o, me)
        if o.oid == d.source:
            v += 50.0
        return v

    ranked = sorted(range(len(d.options)), key=cost)
    if d.multi:
        return sorted(ranked[:max(d.min_count, 1) if d.max_count else 0])
    return ranked[0]


def _power_of(o: GameObject) -> int:
    """A permanent's power now, a card's printed power elsewhere."""
    return o.power if o.zone == BATTLEFIELD else (o.card.power or 0)


def sacrifice(state: GameState, d: Decision) -> list[int]:
    """Edicts and annihilator: the permanents I lose least by (tokens, spare lands,
    Auras on dying creatures), lands kept while few."""
    objects = state.objects
    me = d.player
    ranked = sorted(range(len(d.options)), key=lambda i: perm_value(
        state, objects[d.options[i]], me) + (0.2 if objects[d.options[i]].tapped is False
                                             else 0.0))
    return sorted(ranked[:d.min_count])


def return_chosen(state: GameState, d: Decision) -> int:
    """A permanent to return for an effect (a karoo land, Kor Skyfisher): the one whose
    return loses least (``effects.return_chosen.loss``: a land already tapped for mana
    before an untapped one, never the source itself when anything else will do)."""
    objects = state.objects
    return min(range(len(d.options)),
               key=lambda i: loss(state, objects[d.options[i]], d.player, d.source))


def cost_counter(state: GameState, d: Decision) -> int:
    """Which permanent pays a counter cost: remove +1/+1 counters from the creature that
    keeps the most toughness; put a -1/-1 counter where it costs least."""
    objects = state.objects
    remove = isinstance(d.about, CostOf) and d.about.action == "remove_counter"

    def score(i: int) -> float:
        o = objects[d.options[i]]
        t = o.toughness - o.damage
        if remove:
            return t - 1 if not is_creature(o) else (t - 1) * 2.0 - 0.1 * value(o)
        if is_creature(o):
            return (t - 1) * 1.0 - 0.3 * value(o) if t > 1 else -value(o)
        return 1.0

    return max(range(len(d.options)), key=score)


def cost_tap(state: GameState, d: Decision) -> list[int]:
    objects = state.objects
    ranked = sorted(range(len(d.options)), key=lambda i: _convoke_cost(
        state, objects[d.options[i]]))
    return sorted(ranked[:d.min_count])
