"""Heuristic answers to keyword questions: dredge, devour, and the "may" questions (graft,
free spells of cascade and rebound, and the other optional effects).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    T_CREATURE,
    T_LAND,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.shuffle import shuffle_wanted
from mtgsim.engine.keywords.ward import ward_life
from mtgsim.engine.players.life_price import HANDSET, LifePrice
from mtgsim.engine.players.policies.optional_cost_plan import bargain_ok, evidence_ok
from mtgsim.engine.players.worth import (
    aura_is_hostile,
    card_want,
    color_bits,
    color_sources,
    creatures_of,
    dead_card,
    death_triggers_value,
    is_creature,
    is_land,
    lands_of,
    value,
)
from mtgsim.engine.players.worth_effects import spell_threat
from mtgsim.engine.rules.effect import Role, effects_value, has_role, role_of
from mtgsim.engine.rules.filters import has_subtype
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.decisions import (
    Devouring,
    ForSpell,
    MayCast,
    MayDiscardHand,
    MayEffect,
    MayPay,
)
from mtgsim.engine.state.game_state import (
    NONE,
    Decision,
    GameObject,
    GameState,
    ResolveTask,
    StackItem,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_DRAW = Role.DRAW
_ROLE_OPTIONAL = Role.OPTIONAL
_ROLE_IF_YOU_DO = Role.IF_YOU_DO
_ROLE_RECURSION = Role.RECURSION
_ROLE_SHUFFLE = Role.SHUFFLE

# --- dredge, devour, graft --------------------------------------------------------------------


def dredge(state: GameState, d: Decision) -> int:
    """Dredge a card worth more than a fresh draw while the library is deep enough; when
    short of lands (fewer than four, or spells in hand waiting for one), draw (or dredge
    Life from the Loam with lands in the graveyard)."""
    me = d.player
    p = state.players[me]
    objects = state.objects
    library = len(p.library)
    lands = lands_of(state, me)
    hand_lands = sum(1 for o in p.hand if objects[o].card.type_mask & T_LAND)
    # spells in hand that wait for more lands than are in play and in hand
    stuck = {objects[o].card.name for o in p.hand
             if not objects[o].card.is_land and objects[o].card.mana_value > lands + hand_lands}
    short = max(0, 4 - lands - hand_lands, 1 if stuck and lands < 6 else 0)
    need_land = short > 0 and lands < 6
    gy_lands = sum(1 for o in p.graveyard if objects[o].card.type_mask & T_LAND)
    gy_creatures = sum(1 for o in p.graveyard if objects[o].card.type_mask & T_CREATURE)
    draw_value = 6.0 + 2.0 * short if need_land else 3.0
    # A colour the hand needs and no land makes: dredging never finds that land.
    colors = color_sources(state, me)
    missing = 0
    for o in p.hand:
        c = objects[o].card
        if c.cost is not None and not c.is_land:
            for sym in c.cost.symbols:
                if sym != 32 and not sym & colors:
                    missing |= sym
    if missing:
        draw_value = max(draw_value, 6.0)
    best, best_score = d.options.index(NONE), draw_value
    for i, oid in enumerate(d.options):
        if oid == NONE:
            continue
        card = objects[oid].card
        n = next((k.n for k in card.keyword_instances if k.name == "dredge"), 0)
        if library - n < 10:
            continue
        w = card_want(state, me, card)
        if _returns_lands(card):
            # the lands it brings back only matter while land drops are still wanted
            w = 2.0 + (2.0 if lands + hand_lands < 6 else 0.5) * min(3, gy_lands)
            if need_land and gy_lands and card.mana_value <= lands:
                w += 4.0 + 2.0 * short
        elif card.is_land:
            w += 2.0 * short
            if _land_colors(card) & missing:
                w += 4.0
        elif need_land and card.mana_value > lands or dead_card(card, colors):
            w -= 3.0  # a spell we can't cast yet
        if card.name in stuck:
            w = min(w, 1.0)  # another copy of a spell already waiting for lands
        if card.is_creature and "dredge" in card.keyword_names:
            w += 0.05 * gy_creatures
        w += 0.08 * n  # self-mill feeds the graveyard
        if w > best_score:
            best, best_score = i, w
    return best


def _land_colors(card: Card) -> int:
    bits = 0
    for ab in card.mana_abilities:
        bits |= color_bits(ab.colors)
    return bits


def _returns_lands(card: Card) -> bool:
    spell = card.spell
    return spell is not None and bool(spell.targets) and any(
        role_of(e) is _ROLE_RECURSION for e in spell.effects) and \
        spell.targets[0].filter.types == ("land",)


def devour(state: GameState, d: Decision, price: LifePrice = HANDSET) -> list[int]:
    """Eat tokens, Spawn and small creatures for the counters; Goblins for Voracious
    Dragon; never the creatures that matter, lands only with plenty."""
    objects = state.objects
    me = d.player
    card = _entering_card(state, d)
    n = 1
    goblin_bonus = False
    if card is not None:
        n = next((k.n for k in card.keyword_instances if k.name == "devour"), 1)
        if n < 0:
            n = 2
        goblin_bonus = any(a.when == "enters" for a in card.triggered) and "Goblin" in str(
            card.text)
        needs_one = "if it devoured" in card.text
    else:
        needs_one = False
    lands = lands_of(state, me)
    out = []
    for i, oid in enumerate(d.options):
        o = objects[oid]
        if is_land(o) and not is_creature(o):
            if lands > 7:
                out.append(i)
                lands -= 1
            continue
        gain = 2.3 * n
        if goblin_bonus and has_subtype(o, "Goblin"):  # its subtypes now (layer 4: Lignify)
            gain += 2.0
        cost = value(o)
        if o.token and o.power <= 1:
            cost = min(cost, 2.0)
        if o.card.mana_abilities and not o.token:
            cost += 1.0
        # its death's public triggers: a haunting card's drain (lethal: never eaten)
        cost -= death_triggers_value(state, o, me, price)
        if gain >= cost or (needs_one and not out and cost <= 4.0):
            out.append(i)
    return out[:d.max_count]


def _entering_card(state: GameState, d: Decision) -> Card | None:
    """The card of the permanent a devour question is about, as the heuristic finds it
    by the entering card's name: the spell on top of the stack, or a permanent or card
    of that name (a token's devour counts as plain devour 1 until one of its kind is
    known)."""
    about = d.about
    if not isinstance(about, Devouring):
        return None
    name = about.card.name
    if state.stack:
        item = state.stack[-1]
        if item.card.name == name:
            return item.card
    for o in state.objects.values():
        if o.card.name == name:
            return o.card
    return None


def _graft_ok(state: GameState, item: StackItem, me: int) -> bool:
    it = state.objects.get(item.subject)
    src = state.objects.get(item.source)
    if it is None or src is None or it.controller != me:
        return False
    if not is_creature(it):
        return False
    if it.kw & KW_CANT_ATTACK and it.kw & KW_CANT_BLOCK:
        return False  # Vigean Hydropon: counters do nothing there
    if it.token and it.power <= 0 and it.card.mana_abilities:
        return False  # an Eldrazi Spawn about to be eaten
    if not is_creature(src):
        return True  # a graft land: the counter does nothing there
    # keep the grafter alive, and its last counters where evasion or abilities want them
    left = src.toughness - src.damage - 1
    if left <= 0:
        return False
    if left == 1 and src.card.toughness == 0 and value(it) < value(src) - 1.0:
        return False
    return True


# --- "may" -------------------------------------------------------------------------------------


# Paying 2 life for a Phyrexian symbol (107.4f) leaves at least this much life
PHYREXIAN_FLOOR = 10


def phyrexian_life_ok(state: GameState, me: int) -> bool:
    """2 life rather than a mana for a Phyrexian symbol (asked only when either would
    do): the mana stays for another spell, so life is paid while it stays above
    ``PHYREXIAN_FLOOR`` and twice what the opponent's creatures could hit for; closer
    to dying, the mana pays."""
    left = state.players[me].life - 2
    power = sum(max(c.power, 0) for c in creatures_of(state, 1 - me))
    return left > max(PHYREXIAN_FLOOR, 2 * power)


def may(state: GameState, d: Decision, price: LifePrice = HANDSET) -> int:
    """Yes (option 0), except: graft onto the opponent's creature or off a grafter that
    would die, cascade or rebound into a spell that could only hurt me, draws that would
    deck me, and optional effects that do me more harm than good."""
    me = d.player
    about = d.about
    if isinstance(about, MayCast):  # cascade, rebound
        obj = state.objects.get(d.source)
        if obj is not None and not free_spell_ok(state, me, obj, price):
            return 1
        return 0
    if isinstance(about, MayPay) and about.why == "phyrexian":
        return 0 if phyrexian_life_ok(state, me) else 1
    if isinstance(about, ForSpell) and about.cost == "bargain":  # 702.166a
        return 0 if bargain_ok(state, me, d.source) else 1
    if isinstance(about, ForSpell) and about.cost.startswith("collect evidence "):
        need = int(about.cost.rsplit(" ", 1)[1])  # 701.59a
        return 0 if evidence_ok(state, me, d.source, need) else 1
    if isinstance(about, MayPay) and about.why == "ward" and \
            ward_life(about.cost) >= state.players[me].life:
        return 1  # "Ward—Pay N life" with N life or less left: paying it would lose
    if isinstance(about, (MayPay, ForSpell)):  # recover, ward, "unless pays", kicker
        return 0
    if isinstance(about, MayEffect) and not about.effects:
        return 1  # nothing would happen (a card revealed that matches nothing): keep it hidden
    if isinstance(about, MayDiscardHand):
        hand = len(state.players[me].hand)
        spell = next((i for i in state.stack if i.controller == me and i.is_spell), None)
        threat = spell_threat(state, me, spell, price) if spell is not None else 3.0
        return 0 if hand <= 1 or threat >= 3.0 * hand else 1
    if isinstance(about, MayEffect) and len(about.effects) == 1 and \
            role_of(about.effects[0]) is _ROLE_SHUFFLE:  # "you may shuffle" (Ponder)
        return 0 if shuffle_wanted(state, me) else 1
    task = state.tasks[-1] if state.tasks else None
    item = None
    if isinstance(task, ResolveTask):
        item = next((s for s in state.stack if s.sid == task.sid), None)
    if item is not None:
        trig = item.trigger
        if trig is not None and trig.keyword == "graft":
            return 0 if _graft_ok(state, item, me) else 1
        if item.controller == me:
            lib = len(state.players[me].library)
            if lib <= 3 and any(role_of(e) is _ROLE_DRAW for e in item.effects):
                return 1
            if isinstance(about, MayEffect) and has_role(item.effects, _ROLE_IF_YOU_DO):
                # one action of "you may [action]. If you do, ...": it and what follows
                if lib <= 3 and any(role_of(e) is _ROLE_DRAW for e in about.effects):
                    return 1
                v = effects_value(state, me, about.effects, item.targets, item.source, item.x, 0,
                                  price)
                return 1 if v < 0.0 else 0
            v = effects_value(state, me, _inner(item), item.targets, item.source, item.x, 0,
                              price)
            if v < -0.5:
                return 1
    return 0


def _inner(item: StackItem) -> tuple[object, ...]:
    out: list[object] = []
    for e in item.effects:
        inner = getattr(e, "effects", None)
        if role_of(e) is _ROLE_OPTIONAL and inner is not None:
            out.extend(inner)
        else:
            out.append(e)
    return tuple(out)


def free_spell_ok(state: GameState, me: int, obj: GameObject,
                  price: LifePrice = HANDSET) -> bool:
    """Is casting this (free) spell good for me: some legal target it helps me with?"""
    card = obj.card
    if card.is_permanent_card and not card.is_aura:
        return True
    spell = card.spell
    if card.is_aura:
        from mtgsim.engine.rules.castability import aura_target

        spec = aura_target(card)
        hostile = aura_is_hostile(card)
        for t in legal_targets(state, spec, me, obj.oid, spell=True):
            owner = t if t < 2 else state.objects[t].controller
            if (owner != me) == hostile:
                return True
        return False
    if spell is None:
        return True
    modes = [(m.targets, m.effects) for m in spell.modes] if spell.modes else \
        [(spell.targets, spell.effects)]
    for specs, effects in modes:
        if not specs:
            if effects_value(state, me, effects, [], obj.oid, 0, 0, price) >= 0:
                return True
            continue
        for t in legal_targets(state, specs[0], me, obj.oid, spell=True):
            trial = [t] + [NONE] * (len(specs) - 1)
            if effects_value(state, me, effects, trial, obj.oid, 0, 0, price) > 0:
                return True
    return False
