"""The default AI: plays lands and its curve, aims removal and burn sensibly, weighs trades
when attacking and blocking, counters what matters, and burns face when it is lethal.

It reads only public information and its own hand. Cheap on purpose: it is called for
most decisions of millions of games.
"""

from __future__ import annotations

from engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEATHTOUCH,
    KW_DOUBLE_STRIKE,
    KW_FIRST_STRIKE,
    KW_FLYING,
    KW_HEXPROOF,
    KW_LIFELINK,
    KW_MENACE,
    KW_SHROUD,
    KW_TRAMPLE,
    KW_VIGILANCE,
    T_CREATURE,
    AddCounters,
    Bounce,
    CardDef,
    CounterSpell,
    Damage,
    Destroy,
    Exile,
    GainControl,
    Pump,
    Sacrifice,
    Static,
    Tap,
)
from engine.combat import can_block
from engine.layers import ensure
from engine.payment import mana_units
from engine.policies import choices
from engine.rng import randbelow, seed_state
from engine.state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END,
    MAIN1,
    MAIN2,
    PLAY,
    UPKEEP,
    Answer,
    Decision,
    GameObject,
    GameState,
    stop_bit,
)

UNTARGETABLE = KW_HEXPROOF | KW_SHROUD
HOSTILE_AURA_KW = {"can't attack", "can't block", "activated abilities can't be activated"}


def value(o: GameObject) -> float:
    """A creature's rough worth on the board."""
    kw = o.kw
    if kw & KW_CANT_ATTACK and kw & KW_CANT_BLOCK:
        return 0.5
    v = o.power * 1.5 + o.toughness
    if kw & KW_FLYING:
        v += 1.5
    if kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
        v += 1.0
    if kw & KW_DEATHTOUCH:
        v += 1.5
    if kw & KW_LIFELINK:
        v += 0.5
    return v


def aura_is_hostile(card: CardDef) -> bool:
    for st in card._statics:
        if st.gain_control or st.lose_all_abilities or st.set_base is not None:
            return True
        if any(k in HOSTILE_AURA_KW for k in st.keywords):
            return True
    return False


def kills(attacker: GameObject, blocker: GameObject) -> bool:
    """Would ``attacker``'s combat damage destroy ``blocker``?"""
    if attacker.power <= 0:
        return False
    if attacker.kw & KW_DEATHTOUCH:
        return True
    return attacker.power >= blocker.toughness - blocker.damage


def survives_fight(me: GameObject, other: GameObject) -> bool:
    """Does ``me`` survive combat with ``other`` (first strike considered)?"""
    if not kills(other, me):
        return True
    me_first = me.kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE) and not other.kw & (
        KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)
    return bool(me_first and kills(me, other))


def _stops() -> int:
    own = (UPKEEP, MAIN1, DECLARE_BLOCKERS, MAIN2)  # forecast; sorcery speed; pump
    theirs = (DECLARE_ATTACKERS, DECLARE_BLOCKERS, END)  # flash blockers; pump; end step
    mask = 0
    for step in own:
        mask |= stop_bit(step, True)
    for step in theirs:
        mask |= stop_bit(step, False)
    return mask


class HeuristicPolicy:
    """Stops (like MTGO's): with an empty stack it wants priority only in the steps where
    it ever acts (``stops``); the engine passes for it elsewhere."""

    name = "heuristic"
    stops = _stops()

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed ^ 0xA11CE)
        self.plan: dict[int, list[int]] = {}  # source oid -> intended targets

    # --- entry point ---------------------------------------------------------------------

    def decide(self, state: GameState, d: Decision) -> Answer:
        kind = d.kind
        if kind == "priority":
            return self.priority(state, d)
        if kind == "target":
            return self.target(state, d)
        if kind == "attackers":
            return self.attackers(state, d)
        if kind == "blockers":
            return self.blockers(state, d)
        if kind == "mulligan":
            return self.mulligan(state, d)
        if kind in ("bottom", "discard"):
            return self.discard(state, d)
        if kind == "order":
            objs = [state.objects[o] for o in d.options]
            return sorted(range(len(objs)), key=lambda i: objs[i].toughness - objs[i].damage)
        if kind == "x":
            return len(d.options) - 1
        if kind == "may":
            return choices.may(state, d)
        if kind == "dredge":
            return choices.dredge(state, d)
        if kind == "devour":
            return choices.devour(state, d)
        if kind == "convoke":
            return choices.convoke(state, d)
        if kind == "replicate":
            return len(d.options) - 1
        if kind == "attach":
            src = state.objects.get(d.source)
            return choices.attach(state, d, src is not None and aura_is_hostile(src.card))
        if kind in ("cost_discard", "cost"):
            return choices.cost_discard(state, d)
        if kind == "mode":
            return self.mode(state, d)
        if kind == "sacrifice":
            objs = [state.objects[o] for o in d.options]
            ranked = sorted(range(len(objs)), key=lambda i: (
                bool(objs[i].card._type_mask & 1), value(objs[i]) if
                objs[i].card._type_mask & T_CREATURE else 3.0))
            return sorted(ranked[:d.min_count])
        if kind == "search":
            return self.search(state, d)
        if d.multi:
            return list(range(d.min_count))
        return 0

    # --- mulligans and discards -------------------------------------------------------------

    def mulligan(self, state: GameState, d: Decision) -> int:
        p = state.players[d.player]
        lands = sum(1 for oid in p.hand if state.objects[oid].card.is_land)
        if p.mulligans >= 2 or 2 <= lands <= 5:
            return 0
        return 1

    def discard(self, state: GameState, d: Decision) -> list[int]:
        p = state.players[d.player]
        objs = [state.objects[o] for o in d.options]
        lands_in_play = sum(1 for oid in state.battlefield
                            if state.objects[oid].controller == d.player
                            and state.objects[oid].card.is_land)
        lands_in_hand = sum(1 for o in objs if o.card.is_land)
        too_many_lands = lands_in_play + lands_in_hand > 5 + p.mulligans

        def keep_score(i: int) -> float:
            c = objs[i].card
            if c.is_land:
                return -1.0 if too_many_lands else 10.0 - lands_in_hand
            return 5.0 - abs(c._mana_value - 2.5)

        ranked = sorted(range(len(objs)), key=keep_score)
        return sorted(ranked[:d.min_count])

    # --- priority -----------------------------------------------------------------------------

    def priority(self, state: GameState, d: Decision) -> int:
        me = d.player
        opp = 1 - me
        objects = state.objects
        my_turn = state.active == me
        main = my_turn and state.step in (MAIN1, MAIN2) and not state.stack
        best_i = 0
        best_score = 0.0
        for i, a in enumerate(d.actions):
            if a.kind == PLAY:
                score = 100.0 + self._land_score(state, me, objects[a.oid].card)
            elif a.kind == CAST:
                score = self._cast_score(state, me, opp, objects[a.oid], main)
            elif a.kind == ACTIVATE:
                score = self._activate_score(state, me, opp, objects[a.oid], a.index, main)
            else:
                continue
            if score > best_score:
                best_score, best_i = score, i
        return best_i

    def _land_score(self, state: GameState, me: int, card: CardDef) -> float:
        if card._enters_tapped:
            return 0.5
        have = 0
        for u in mana_units(state, me)[0]:
            have |= u
        produced = 0
        for ab in card._mana_abilities:
            for ch in ab.colors:
                produced |= {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}[ch]
        return 1.0 if produced & ~have else 0.0

    def _opp_creatures(self, state: GameState, opp: int) -> list[GameObject]:
        objects = state.objects
        return [objects[oid] for oid in state.battlefield
                if objects[oid].controller == opp and objects[oid].card._type_mask & T_CREATURE]

    def _my_creatures(self, state: GameState, me: int) -> list[GameObject]:
        return self._opp_creatures(state, me)

    def _cast_score(self, state: GameState, me: int, opp: int, obj: GameObject,
                    main: bool) -> float:
        card = obj.card
        ensure(state)
        self.plan.pop(obj.oid, None)
        # Counter an opponent's spell that matters.
        if state.stack:
            top = state.stack[-1]
            if top.controller == opp and top.is_spell and card.spell is not None and any(
                    isinstance(e, CounterSpell) for e in card.spell.effects):
                if top.card._mana_value >= 2 or not top.card.is_creature:
                    self.plan[obj.oid] = [top.sid]
                    return 50.0 + top.card._mana_value
            if card.spell is not None and not card.is_creature:
                pass
        if card.is_creature:
            if main:
                return 20.0 + card._mana_value
            if card._instant_speed and state.step == END and state.active == opp \
                    and not state.stack:
                return 15.0 + card._mana_value
            return 0.0
        if card.is_aura:
            if not main:
                return 0.0
            hostile = aura_is_hostile(card)
            pool = self._opp_creatures(state, opp) if hostile else self._my_creatures(state, me)
            pool = [c for c in pool if not (c.kw & UNTARGETABLE and c.controller != me)
                    and not c.kw & KW_CANT_ATTACK]
            if not pool:
                return 0.0
            best = max(pool, key=value)
            if hostile and value(best) < 4:
                return 0.0
            self.plan[obj.oid] = [best.oid]
            return 18.0 + card._mana_value
        spell = card.spell
        if spell is None:
            return 0.0
        effects = spell.effects if not spell.modes else spell.modes[0].effects
        first = effects[0] if effects else None
        if isinstance(first, CounterSpell):
            return 0.0
        if isinstance(first, Damage) and spell.targets:
            return self._burn_score(state, me, opp, obj, first, main)
        if isinstance(first, (Destroy, Exile, Bounce, GainControl)) and spell.targets:
            if spell.targets[0].kind == "permanent":
                return self._remove_noncreature(state, opp, obj)
            return self._removal_score(state, opp, obj, main, threshold=4.0)
        if isinstance(first, Pump) and spell.targets:
            if first.negative:
                return self._shrink_score(state, opp, obj, first)
            return self._pump_score(state, me, opp, obj, first)
        if isinstance(first, AddCounters) and spell.targets:
            mine = self._my_creatures(state, me)
            if main and mine:
                self.plan[obj.oid] = [max(mine, key=value).oid]
                return 8.0
            return 0.0
        if isinstance(first, Sacrifice):
            if self._opp_creatures(state, opp) and (main or state.step == END):
                self.plan[obj.oid] = [opp]
                return 12.0
            return 0.0
        if spell.targets and spell.targets[0].kind == "card_in_graveyard":
            return 6.0 if main else 0.0
        if spell.targets and spell.targets[0].kind == "player":
            self.plan[obj.oid] = [opp]
        if main:
            return 10.0 + card._mana_value
        return 0.0

    def _burn_score(self, state: GameState, me: int, opp: int, obj: GameObject, dmg: Damage,
                    main: bool) -> float:
        amount = dmg.amount if isinstance(dmg.amount, int) else max(
            0, len(mana_units(state, me)[0]) - obj.card._mana_value)
        if amount <= 0:
            return 0.0
        opp_life = state.players[opp].life
        if amount >= opp_life:
            self.plan[obj.oid] = [opp]
            return 90.0
        targets = [c for c in self._opp_creatures(state, opp)
                   if c.toughness - c.damage <= amount and not c.kw & UNTARGETABLE
                   and not c.protection & obj.card._color_mask]
        if targets:
            best = max(targets, key=value)
            if value(best) >= 4.0 or state.step == DECLARE_BLOCKERS:
                self.plan[obj.oid] = [best.oid]
                return 30.0 + value(best)
        if opp_life <= 3 * amount or (state.step == END and state.active == opp
                                      and opp_life <= 10):
            self.plan[obj.oid] = [opp]
            return 5.0
        return 0.0

    def _removal_score(self, state: GameState, opp: int, obj: GameObject, main: bool,
                       threshold: float) -> float:
        spec = obj.card.spell.targets[0] if obj.card.spell else None
        from engine.targets import legal_targets

        if spec is None:
            return 0.0
        options = [state.objects[o] for o in legal_targets(state, spec, 1 - opp, obj.oid)
                   if o >= 2 and state.objects[o].controller == opp]
        if not options:
            return 0.0
        best = max(options, key=value)
        if value(best) < threshold and not main:
            return 0.0
        self.plan[obj.oid] = [best.oid]
        return 25.0 + value(best)

    def _remove_noncreature(self, state: GameState, opp: int, obj: GameObject) -> float:
        spec = obj.card.spell.targets[0] if obj.card.spell else None
        from engine.targets import legal_targets

        if spec is None:
            return 0.0
        options = [o for o in legal_targets(state, spec, 1 - opp, obj.oid)
                   if o >= 2 and state.objects[o].controller == opp]
        if not options:
            return 0.0
        self.plan[obj.oid] = [options[0]]
        return 20.0

    def _shrink_score(self, state: GameState, opp: int, obj: GameObject, pump: Pump) -> float:
        amount = pump.toughness if isinstance(pump.toughness, int) else 0
        options = [c for c in self._opp_creatures(state, opp)
                   if c.toughness - c.damage <= amount and not c.kw & UNTARGETABLE]
        if not options:
            return 0.0
        best = max(options, key=value)
        self.plan[obj.oid] = [best.oid]
        return 25.0 + value(best)

    def _pump_score(self, state: GameState, me: int, opp: int, obj: GameObject,
                    pump: Pump) -> float:
        combat = state.combat
        if combat is None or state.step != DECLARE_BLOCKERS:
            return 0.0
        bonus_t = pump.toughness if isinstance(pump.toughness, int) else 0
        bonus_p = pump.power if isinstance(pump.power, int) else 0
        objects = state.objects
        for a in combat.attackers:
            att = objects.get(a)
            if att is None:
                continue
            blockers = [objects[b] for b in combat.blockers.get(a, []) if b in objects]
            if att.controller == me:
                if not blockers:
                    if att.power + bonus_p >= state.players[opp].life:
                        self.plan[obj.oid] = [a]
                        return 40.0
                    continue
                b = blockers[0]
                if len(blockers) == 1 and (kills(b, att) or not kills(att, b)):
                    if b.power < att.toughness + bonus_t and att.power + bonus_p >= b.toughness:
                        self.plan[obj.oid] = [a]
                        return 35.0
            else:
                for b in blockers:
                    if b.controller == me and kills(att, b) and \
                            att.power < b.toughness + bonus_t and not att.kw & KW_DEATHTOUCH:
                        self.plan[obj.oid] = [b.oid]
                        return 35.0
        return 0.0

    def _activate_score(self, state: GameState, me: int, opp: int, obj: GameObject, index: int,
                        main: bool) -> float:
        ab = obj.card._activated[index]
        first = ab.effects[0] if ab.effects else None
        if isinstance(first, Damage) and ab.targets:
            targets = [c for c in self._opp_creatures(state, opp)
                       if c.toughness - c.damage <= (first.amount if isinstance(
                           first.amount, int) else 1) and not c.kw & UNTARGETABLE]
            if targets:
                self.plan[obj.oid] = [max(targets, key=value).oid]
                return 22.0
            if state.step == END and state.active == opp:
                self.plan[obj.oid] = [opp]
                return 5.0
            return 0.0
        if first is not None and first.__class__.__name__ == "Regenerate":
            combat = state.combat
            if combat is not None and state.step == DECLARE_BLOCKERS and obj.regen_shields == 0:
                in_combat = obj.oid in combat.attackers or obj.oid in combat.blocking
                if in_combat:
                    return 20.0
            return 0.0
        if isinstance(first, Tap):
            return 0.0
        if ab.keyword == "level up":
            return 7.0 if main else 0.0
        if ab.keyword == "unearth":
            return 16.0 if main and state.step == MAIN1 else 0.0
        if ab.keyword == "forecast":
            return 12.0
        if ab.keyword == "transmute":
            return 2.0 if main else 0.0
        return 3.0 if main else 0.0

    # --- targets and modes ---------------------------------------------------------------------

    def target(self, state: GameState, d: Decision) -> int:
        planned = self.plan.get(d.source)
        if planned:
            for t in planned:
                if t in d.options:
                    planned.remove(t)
                    return d.options.index(t)
        me = d.player
        src = state.objects.get(d.source)
        harmful = True
        if src is not None:
            harmful = self._is_harmful(src.card)
        best_i = 0
        best = -1e9
        for i, t in enumerate(d.options):
            if t < 2:
                score = 2.0 if (t != me) == harmful else -50.0
            else:
                o = state.objects[t]
                mine = o.controller == me
                score = value(o) if o.card._type_mask & T_CREATURE else 1.0
                if mine == harmful:
                    score = -score - 10
            if score > best:
                best, best_i = score, i
        return best_i

    def _is_harmful(self, card: CardDef) -> bool:
        if card.is_aura:
            return aura_is_hostile(card)
        effects: tuple[object, ...] = ()
        if card.spell is not None:
            effects = card.spell.effects or (card.spell.modes[0].effects
                                             if card.spell.modes else ())
        for ab in card._triggered:
            effects = effects + tuple(ab.effects)
        for ab2 in card._activated:
            effects = effects + tuple(ab2.effects)
        for e in effects:
            if isinstance(e, Pump):
                return e.negative
            if isinstance(e, (AddCounters, Static)):
                return False
        return True

    def mode(self, state: GameState, d: Decision) -> int:
        # "tap or untap": tap what the opponent controls, untap what is mine.
        if len(d.options) == 2 and state.stack:
            item = state.stack[-1]
            if item.targets and item.targets[0] >= 2:
                t = state.objects.get(item.targets[0])
                if t is not None and t.controller == d.player:
                    return 1
            return 0
        return self._below(len(d.options))

    def search(self, state: GameState, d: Decision) -> list[int]:
        if not d.options:
            return []
        have = 0
        for u in mana_units(state, d.player)[0]:
            have |= u
        for i, oid in enumerate(d.options):
            for ab in state.objects[oid].card._mana_abilities:
                if any({"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}.get(c, 32) & ~have
                       for c in ab.colors):
                    return [i]
        return [0]

    def _below(self, n: int) -> int:
        self.rng, v = randbelow(self.rng, n)
        return v

    # --- combat ------------------------------------------------------------------------------

    def attackers(self, state: GameState, d: Decision) -> list[int]:
        ensure(state)
        me = d.player
        opp = 1 - me
        mine = [state.objects[o] for o in d.options]
        theirs = self._opp_creatures(state, opp)
        blockers = [o for o in theirs if not o.tapped]
        opp_life = state.players[opp].life
        my_life = state.players[me].life
        # Alpha strike when the damage that gets through is lethal anyway.
        total = sum(max(0, a.power) for a in mine)
        biggest_blocked = sorted((a.power for a in mine), reverse=True)[:len(blockers)]
        if total - sum(biggest_blocked) >= opp_life:
            return list(range(len(mine)))
        my_power = sum(max(0, o.power) for o in self._my_creatures(state, me))
        their_power = sum(max(0, o.power) for o in theirs if not o.kw & KW_CANT_ATTACK)
        beatdown = my_power >= their_power or opp_life <= my_life
        chosen = []
        for i, a in enumerate(mine):
            able = [b for b in blockers if can_block(state, b, a)]
            eaten = any(kills(b, a) and survives_fight(b, a) for b in able)
            trades = any(kills(b, a) for b in able)
            if not able or (not eaten and (beatdown or not trades)):
                chosen.append(i)
        # Keep home enough ground blockers to survive the crack-back.
        crack = [o for o in theirs if not o.kw & KW_CANT_ATTACK]
        if sum(max(0, o.power) for o in crack) >= my_life:
            home = [mine[i] for i in range(len(mine)) if i not in chosen]
            for i in sorted(chosen, key=lambda j: -mine[j].toughness):
                a = mine[i]
                stoppable = [o for o in crack if any(can_block(state, h, o) for h in home)]
                through = sum(max(0, o.power) for o in crack) - sum(
                    sorted((max(0, o.power) for o in stoppable), reverse=True)[:len(home)])
                if through < my_life:
                    break
                if a.kw & KW_VIGILANCE:
                    continue
                chosen.remove(i)
                home.append(a)
        return chosen

    def blockers(self, state: GameState, d: Decision) -> list[int]:
        ensure(state)
        me = d.player
        objects = state.objects
        combat = state.combat
        assert combat is not None
        life = state.players[me].life
        by_attacker: dict[int, list[int]] = {}
        for i, (_blocker, a) in enumerate(d.pairs):
            by_attacker.setdefault(a, []).append(i)
        used: set[int] = set()
        chosen: list[int] = []
        attackers = sorted(combat.attackers, key=lambda a: -objects[a].power)
        incoming = sum(max(0, objects[a].power) for a in attackers)
        for a in attackers:
            att = objects[a]
            if att.kw & KW_MENACE:
                continue
            options = [i for i in by_attacker.get(a, []) if d.pairs[i][0] not in used]
            if not options:
                continue
            best = None
            best_score = 0.0
            for i in options:
                blk = objects[d.pairs[i][0]]
                survive = survives_fight(blk, att)
                kill = kills(blk, att) and not (
                    att.kw & KW_FIRST_STRIKE and kills(att, blk) and not blk.kw & KW_FIRST_STRIKE)
                if kill and survive:
                    score = 100.0 + value(att)
                elif survive:
                    score = 50.0 - value(blk) * 0.1
                elif kill and value(att) >= value(blk) - 0.5:
                    score = 40.0 + value(att) - value(blk)
                elif incoming >= life:
                    score = 10.0 - value(blk)
                else:
                    continue
                if score > best_score:
                    best, best_score = i, score
            if best is not None:
                chosen.append(best)
                used.add(d.pairs[best][0])
                if not att.kw & KW_TRAMPLE:
                    incoming -= max(0, att.power)
        return sorted(chosen)


__all__ = ["HeuristicPolicy", "BATTLEFIELD", "DECLARE_ATTACKERS"]
