"""Heuristic answers to the keyword and other non-priority decisions: dredge, devour,
convoke, graft and the other "may" questions, Aura attachment, costs (discards,
sacrifices, counters, taps), searches, colours, library manipulation, sacrifices to
annihilator and edicts. Kept apart from the casting and combat heuristics so each stays
readable."""

from __future__ import annotations

from engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEFENDER,
    KW_FLYING,
    KW_HEXPROOF,
    KW_SHROUD,
    KW_TRAMPLE,
    KW_UNBLOCKABLE,
    T_CREATURE,
    T_LAND,
    CardDef,
    Damage,
    ReturnFromGraveyard,
)
from engine.payment import mana_units
from engine.policies.evaluate import (
    aura_bonus,
    aura_is_hostile,
    card_want,
    color_bits,
    color_sources,
    creatures_of,
    dead_card,
    eval_effects,
    is_creature,
    lands_of,
    perm_value,
    spell_threat,
    value,
)
from engine.state import (
    BATTLEFIELD,
    END,
    GRAVEYARD,
    MAIN2,
    NONE,
    Answer,
    Decision,
    GameObject,
    GameState,
    ResolveTask,
    StackItem,
)
from engine.targets import legal_targets

_PIP = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
_COLOR_ORDER = (1, 2, 4, 8, 16)  # the "color" decisions' options, W U B R G


def worth(o: GameObject) -> float:
    if o.card._type_mask & T_CREATURE:
        return o.power * 1.5 + o.toughness + (0.0 if o.token else 1.0)
    if o.card._type_mask & T_LAND:
        return 2.5
    return 3.0


# --- dredge, devour, convoke, graft ---------------------------------------------------------


def dredge(state: GameState, d: Decision) -> int:
    """Dredge a card worth more than a fresh draw while the library is deep enough; when
    short of lands (fewer than four, or spells in hand waiting for one), draw (or dredge
    Life from the Loam with lands in the graveyard)."""
    me = d.player
    p = state.players[me]
    objects = state.objects
    library = len(p.library)
    lands = lands_of(state, me)
    hand_lands = sum(1 for o in p.hand if objects[o].card._type_mask & T_LAND)
    # spells in hand that wait for more lands than are in play and in hand
    stuck = {objects[o].card.name for o in p.hand
             if not objects[o].card.is_land and objects[o].card._mana_value > lands + hand_lands}
    short = max(0, 4 - lands - hand_lands, 1 if stuck and lands < 6 else 0)
    need_land = short > 0 and lands < 6
    gy_lands = sum(1 for o in p.graveyard if objects[o].card._type_mask & T_LAND)
    gy_creatures = sum(1 for o in p.graveyard if objects[o].card._type_mask & T_CREATURE)
    draw_value = 6.0 + 2.0 * short if need_land else 3.0
    # A colour the hand needs and no land makes: dredging never finds that land.
    colors = color_sources(state, me)
    missing = 0
    for o in p.hand:
        c = objects[o].card
        if c._cost is not None and not c.is_land:
            for sym in c._cost.symbols:
                if sym != 32 and not sym & colors:
                    missing |= sym
    if missing:
        draw_value = max(draw_value, 6.0)
    best, best_score = d.options.index(NONE), draw_value
    for i, oid in enumerate(d.options):
        if oid == NONE:
            continue
        card = objects[oid].card
        n = next((k.n for k in card._kwi if k.name == "dredge"), 0)
        if library - n < 10:
            continue
        w = card_want(state, me, card)
        if _returns_lands(card):
            # the lands it brings back only matter while land drops are still wanted
            w = 2.0 + (2.0 if lands + hand_lands < 6 else 0.5) * min(3, gy_lands)
            if need_land and gy_lands and card._mana_value <= lands:
                w += 4.0 + 2.0 * short
        elif card.is_land:
            w += 2.0 * short
            if _land_colors(card) & missing:
                w += 4.0
        elif need_land and card._mana_value > lands or dead_card(card, colors):
            w -= 3.0  # a spell we can't cast yet
        if card.name in stuck:
            w = min(w, 1.0)  # another copy of a spell already waiting for lands
        if card.is_creature and "dredge" in card._kwnames:
            w += 0.05 * gy_creatures
        w += 0.08 * n  # self-mill feeds the graveyard
        if w > best_score:
            best, best_score = i, w
    return best


def _land_colors(card: CardDef) -> int:
    bits = 0
    for ab in card._mana_abilities:
        bits |= color_bits(ab.colors)
    return bits


def _returns_lands(card: CardDef) -> bool:
    spell = card.spell
    return spell is not None and bool(spell.targets) and any(
        isinstance(e, ReturnFromGraveyard) for e in spell.effects) and \
        spell.targets[0].filter.types == ("land",)


def devour(state: GameState, d: Decision) -> list[int]:
    """Eat tokens, Spawn and small creatures for the counters; Goblins for Voracious
    Dragon; never the creatures that matter, lands only with plenty."""
    objects = state.objects
    me = d.player
    card = _entering_card(state, d)
    n = 1
    goblin_bonus = False
    if card is not None:
        n = next((k.n for k in card._kwi if k.name == "devour"), 1)
        if n < 0:
            n = 2
        goblin_bonus = any(a.when == "enters" for a in card._triggered) and "Goblin" in str(
            card.text)
        needs_one = "if it devoured" in card.text
    else:
        needs_one = False
    lands = lands_of(state, me)
    out = []
    for i, oid in enumerate(d.options):
        o = objects[oid]
        if o.card._type_mask & T_LAND and not is_creature(o):
            if lands > 7:
                out.append(i)
                lands -= 1
            continue
        gain = 2.3 * n
        if goblin_bonus and "Goblin" in o.card.subtypes:
            gain += 2.0
        cost = value(o)
        if o.token and o.power <= 1:
            cost = min(cost, 2.0)
        if o.card._mana_abilities and not o.token:
            cost += 1.0
        if gain >= cost or (needs_one and not out and cost <= 4.0):
            out.append(i)
    return out[:d.max_count]


def _entering_card(state: GameState, d: Decision) -> CardDef | None:
    """The card of the permanent a devour question is about (it names it in the prompt)."""
    name = d.prompt.split(":", 1)[0]
    if state.stack:
        item = state.stack[-1]
        if item.card.name == name:
            return item.card
    for o in state.objects.values():
        if o.card.name == name:
            return o.card
    return None


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
            if not c.is_land and oid != d.source and c._mana_value <= spare:
                if _convoke_cost(state, objects[opts[ranked[0]]]) < 4.0:
                    return [ranked[0]]
    return []


def _convoke_cost(state: GameState, o: GameObject) -> float:
    v = value(o)
    if o.sick:
        v -= 1.0
    if o.token:
        v -= 0.5
    if o.kw & KW_CANT_ATTACK or o.kw & KW_DEFENDER:
        v -= 1.0
    return v


def _graft_ok(state: GameState, item: StackItem, me: int) -> bool:
    it = state.objects.get(item.subject)
    src = state.objects.get(item.source)
    if it is None or src is None or it.controller != me:
        return False
    if not is_creature(it):
        return False
    if it.kw & KW_CANT_ATTACK and it.kw & KW_CANT_BLOCK:
        return False  # Vigean Hydropon: counters do nothing there
    if it.token and it.power <= 0 and it.card._mana_abilities:
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


def may(state: GameState, d: Decision) -> int:
    """Yes (option 0), except: graft onto the opponent's creature or off a grafter that
    would die, cascade or rebound into a spell that could only hurt me, draws that would
    deck me, and optional effects that do me more harm than good."""
    me = d.player
    prompt = d.prompt
    if prompt.startswith("cascade: cast") or prompt.startswith("rebound: cast"):
        obj = state.objects.get(d.source)
        if obj is not None and not free_spell_ok(state, me, obj):
            return 1
        return 0
    if prompt.startswith("recover") or prompt.startswith("pay "):
        return 0
    if prompt.startswith("discard your hand"):
        hand = len(state.players[me].hand)
        spell = next((i for i in state.stack if i.controller == me and i.is_spell), None)
        threat = spell_threat(state, me, spell) if spell is not None else 3.0
        return 0 if hand <= 1 or threat >= 3.0 * hand else 1
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
            if lib <= 3 and any(e.__class__.__name__ == "Draw" for e in item.effects):
                return 1
            v = eval_effects(state, me, _inner(item), item.targets, item.source, item.x)
            if v < -0.5:
                return 1
    return 0


def _inner(item: StackItem) -> tuple[object, ...]:
    out: list[object] = []
    for e in item.effects:
        inner = getattr(e, "effects", None)
        if e.__class__.__name__ == "May" and inner is not None:
            out.extend(inner)
        else:
            out.append(e)
    return tuple(out)


def free_spell_ok(state: GameState, me: int, obj: GameObject) -> bool:
    """Is casting this (free) spell good for me: some legal target it helps me with?"""
    card = obj.card
    if card.is_permanent_card and not card.is_aura:
        return True
    spell = card.spell
    if card.is_aura:
        from engine.casting import aura_target

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
            if eval_effects(state, me, effects, [], obj.oid) >= 0:
                return True
            continue
        for t in legal_targets(state, specs[0], me, obj.oid, spell=True):
            trial = [t] + [NONE] * (len(specs) - 1)
            if eval_effects(state, me, effects, trial, obj.oid) > 0:
                return True
    return False


# --- Auras -------------------------------------------------------------------------------------


def aura_host_score(state: GameState, me: int, card: CardDef, o: GameObject,
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
            st.cant_be_blocked_by is not None for st in o.card._statics):
        score += 2.0
    auras = sum(1 for a in state.battlefield if state.objects[a].attached_to == o.oid
                and state.objects[a].card.is_aura)
    grows = any(st.applies_to == "self" and not isinstance(st.power, int)
                for st in o.card._statics)
    if grows:
        score += 2.5  # grows with Auras (Kor Spiritdancer, Aura Gnarlid)
    if protected or grows:
        score += 1.5 * min(auras, 3)  # one unanswerable threat
    else:
        score -= 1.0 * auras  # spread the risk
    if o.card._mana_abilities and o.power <= 1:
        score -= 2.5  # a mana creature taps for mana, not attacks
    if not o.sick:
        score += 1.0
    for st in card._statics:
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


def _aura_card(state: GameState, d: Decision) -> CardDef | None:
    prompt = d.prompt
    if not prompt.startswith("attach ") or " to" not in prompt:
        return None
    name = prompt[len("attach "):prompt.rindex(" to")]
    for o in state.objects.values():
        if o.card.name == name:
            return o.card
    return None


# --- costs ---------------------------------------------------------------------------------------


def cost_discard(state: GameState, d: Decision) -> Answer:
    """Discard lands first when there are enough on the battlefield (retrace), else the
    card I want least."""
    me = d.player
    lands_out = lands_of(state, me)
    objects = state.objects

    def keep(i: int) -> float:
        c = objects[d.options[i]].card
        if c._type_mask & T_LAND:
            return 0.0 if lands_out >= 4 else 6.0
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


def sacrifice(state: GameState, d: Decision) -> list[int]:
    """Edicts and annihilator: the permanents I lose least by (tokens, spare lands,
    Auras on dying creatures), lands kept while few."""
    objects = state.objects
    me = d.player
    ranked = sorted(range(len(d.options)), key=lambda i: perm_value(
        state, objects[d.options[i]], me) + (0.2 if objects[d.options[i]].tapped is False
                                             else 0.0))
    return sorted(ranked[:d.min_count])


def cost_counter(state: GameState, d: Decision) -> int:
    """Which permanent pays a counter cost: remove +1/+1 counters from the creature that
    keeps the most toughness; put a -1/-1 counter where it costs least."""
    objects = state.objects
    remove = "remove" in d.prompt

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


# --- searching and libraries ---------------------------------------------------------------------


def search(state: GameState, d: Decision) -> list[int]:
    """The card I want most: a land of a colour I lack, else the best card for now."""
    if not d.options:
        return []
    me = d.player
    objects = state.objects
    have = 0
    for u in mana_units(state, me)[0]:
        have |= u
    need = _pip_need(state, me)
    best_i, best = 0, -1e9
    for i, oid in enumerate(d.options):
        c = objects[oid].card
        if c._type_mask & T_LAND:
            produced = 0
            for ab in c._mana_abilities:
                for ch in ab.colors:
                    produced |= _PIP.get(ch, 32)
            score = card_want(state, me, c) + (3.0 if produced & ~have else 0.0) + \
                0.5 * sum(need.get(b, 0) for b in _COLOR_ORDER if produced & b)
            if c._enters_tapped:
                score -= 0.5
        else:
            score = card_want(state, me, c)
        if score > best:
            best_i, best = i, score
    if d.max_count == 0:
        return []
    picks = [best_i]
    if d.min_count > 1 or d.max_count > 1:
        rest = sorted((i for i in range(len(d.options)) if i != best_i),
                      key=lambda i: -card_want(state, me, objects[d.options[i]].card))
        picks += rest[:max(d.min_count, d.max_count) - 1]
    return sorted(picks[:d.max_count])


def _pip_need(state: GameState, me: int) -> dict[int, int]:
    """Coloured pips of the spells in hand, by colour bit."""
    need: dict[int, int] = {}
    objects = state.objects
    for oid in state.players[me].hand:
        cost = objects[oid].card._cost
        if cost is None:
            continue
        for sym in cost.symbols:
            for b in _COLOR_ORDER:
                if sym == b:
                    need[b] = need.get(b, 0) + 1
    return need


def look_exile(state: GameState, d: Decision) -> list[int]:
    """Exile the opponent's good cards from the top of their library; from mine, only
    extra lands when I have plenty."""
    me = d.player
    objects = state.objects
    out = []
    lands = lands_of(state, me)
    for i, oid in enumerate(d.options):
        o = objects[oid]
        if o.owner != me:
            if not o.card.is_land:
                out.append(i)
        elif o.card.is_land and lands >= 6:
            out.append(i)
    return out[:d.max_count]


def library_order(state: GameState, d: Decision) -> list[int]:
    """My library: the cards I want most on top; the opponent's: the worst on top."""
    me = d.player
    objects = state.objects
    mine = all(objects[o].owner == me for o in d.options)
    ranked = sorted(range(len(d.options)),
                    key=lambda i: card_want(state, me, objects[d.options[i]].card))
    return ranked if not mine else list(reversed(ranked))


def choose_discard(state: GameState, d: Decision) -> list[int]:
    """I choose what a player discards: the opponent's best cards, my worst."""
    me = d.player
    objects = state.objects
    theirs = any(objects[o].owner != me for o in d.options)
    owner = objects[d.options[0]].owner if d.options else me

    def score(i: int) -> float:
        c = objects[d.options[i]].card
        w = card_want(state, owner, c)
        return -w if theirs else w

    ranked = sorted(range(len(d.options)), key=score)
    return sorted(ranked[:d.min_count])


def discard(state: GameState, d: Decision) -> list[int]:
    """Discard to hand size or for an effect (also mulligan bottoms): keep lands while
    few, keep the castable spells; dredge cards come back, so they go first."""
    p = state.players[d.player]
    objs = [state.objects[o] for o in d.options]
    lands_in_play = lands_of(state, d.player)
    lands_in_hand = sum(1 for o in objs if o.card.is_land)
    too_many_lands = lands_in_play + lands_in_hand > 5 + p.mulligans

    colors = color_sources(state, d.player)

    def keep_score(i: int) -> float:
        c = objs[i].card
        if c.is_land:
            return -1.0 if too_many_lands else 10.0 - lands_in_hand
        s = 5.0 - abs(c._mana_value - 2.5) * (1.0 if not lands_in_play else 0.5)
        if lands_in_play and dead_card(c, colors):
            s -= 3.0
        if "dredge" in c._kwnames and d.kind == "discard":
            s -= 2.5  # it comes back from the graveyard (not from the library bottom)
        if c._mana_value > lands_in_play + lands_in_hand + 2:
            s -= 1.0
        return s

    ranked = sorted(range(len(objs)), key=keep_score)
    return sorted(ranked[:d.min_count])


def damage_order(state: GameState, d: Decision) -> list[int]:
    objs = [state.objects[o] for o in d.options]
    return sorted(range(len(objs)), key=lambda i: (objs[i].toughness - objs[i].damage,
                                                   -value(objs[i])))


def legend(state: GameState, d: Decision) -> int:
    objs = [state.objects[o] for o in d.options]
    return max(range(len(objs)), key=lambda i: (sum(objs[i].counters.values()),
                                                not objs[i].tapped, -objs[i].oid))


# --- colours -------------------------------------------------------------------------------------


def color(state: GameState, d: Decision) -> int:
    """"Choose a color": for mana, the colour my hand needs most; for protection, the
    colour of the opponent's threats; a colour word to replace: the opponent's."""
    me = d.player
    prompt = d.prompt
    opts = d.options
    if "protection" in prompt or "replace which" in prompt:
        counts = _opp_colors(state, me)
        return max(range(len(opts)), key=lambda i: (counts.get(opts[i], 0), -i))
    if "with which" in prompt:
        mine = _my_colors(state, me)
        return min(range(len(opts)), key=lambda i: (mine.get(opts[i], 0), i))
    need = _pip_need(state, me)
    have = 0
    for u in mana_units(state, me)[0]:
        have |= u
    deck = _my_colors(state, me)

    def score(i: int) -> float:
        b = opts[i]
        return need.get(b, 0) * 2.0 + (1.5 if not have & b else 0.0) + 0.1 * deck.get(b, 0)

    return max(range(len(opts)), key=score)


def _opp_colors(state: GameState, me: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for item in state.stack:
        if item.controller != me:
            for b in _COLOR_ORDER:
                if item.card._color_mask & b:
                    counts[b] = counts.get(b, 0) + 3
    for o in creatures_of(state, 1 - me):
        for b in _COLOR_ORDER:
            if o.color & b:
                counts[b] = counts.get(b, 0) + 1
    return counts


def _my_colors(state: GameState, me: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == me:
            for b in _COLOR_ORDER:
                if o.card._color_mask & b:
                    counts[b] = counts.get(b, 0) + 1
    for oid in state.players[me].hand:
        for b in _COLOR_ORDER:
            if objects[oid].card._color_mask & b:
                counts[b] = counts.get(b, 0) + 1
    return counts


def colors(state: GameState, d: Decision) -> list[int]:
    """"Becomes the color or colors of your choice": one colour; on an opponent's
    creature one my removal can hit (not black, for Doom Blade), on mine my own."""
    opts = d.options
    mine = _my_colors(state, d.player)
    ranked = sorted(range(len(opts)), key=lambda i: (-mine.get(opts[i], 0), i))
    for i in ranked:
        if opts[i] != 4:  # not black
            return [i]
    return [ranked[0]]


__all__ = ["dredge", "devour", "convoke_tap", "may", "attach", "cost_discard",
           "cost_choice", "sacrifice", "search", "color", "colors", "cost_counter",
           "cost_tap", "look_exile", "library_order", "choose_discard", "discard",
           "damage_order", "legend", "aura_host_score", "free_spell_ok", "worth",
           "BATTLEFIELD", "GRAVEYARD", "Damage", "aura_bonus"]
