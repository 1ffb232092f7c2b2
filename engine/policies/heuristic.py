"""The default AI: plays lands and its curve, aims removal, burn and Auras at the right
player, weighs trades when attacking and blocking, counters what matters, holds mana for
its counterspells and flash creatures, and uses its cards' keyword abilities the way a
competent player would (see ``engine.policies.choices`` for the keyword questions).

It reads only public information and its own hand. Cheap on purpose: it is called for
most decisions of millions of games. Deterministic: its only randomness is its own RNG.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_FLASH,
    KW_FLYING,
    KW_HASTE,
    KW_MENACE,
    KW_REACH,
    T_LAND,
    CardDef,
)
from engine.casting import ALT_EVOKE, ALT_RETRACE, aura_target
from engine.combat import can_block
from engine.layers import ensure
from engine.policies import choices
from engine.policies.activation import ActivationScorer
from engine.policies.combat_ai import choose_attackers, choose_blockers, kills, survives_fight
from engine.policies.context import COLOR_BITS, Ctx, fits_reserve
from engine.policies.evaluate import (
    aura_bonus,
    aura_is_hostile,
    dead_card,
    guess_amount,
    is_creature,
    value,
)
from engine.policies.spells import SpellScorer
from engine.policies.stops import deck_stops
from engine.policies.targeting import TargetChooser
from engine.rng import seed_state
from engine.state import (
    ACTIVATE,
    CAST,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END,
    MAIN1,
    MAIN2,
    NONE,
    PLAY,
    UPKEEP,
    Answer,
    Decision,
    GameObject,
    GameState,
    stop_bit,
)
from engine.targets import legal_targets

__all__ = ["HeuristicPolicy", "value", "aura_is_hostile", "kills", "survives_fight"]


def _stops() -> int:
    own = (UPKEEP, MAIN1, DECLARE_BLOCKERS, MAIN2)  # forecast; sorcery speed; tricks
    theirs = (DECLARE_ATTACKERS, DECLARE_BLOCKERS, END)  # flash blockers; tricks; end step
    mask = 0
    for step in own:
        mask |= stop_bit(step, True)
    for step in theirs:
        mask |= stop_bit(step, False)
    return mask


class HeuristicPolicy(SpellScorer, ActivationScorer, TargetChooser):
    """Stops (like MTGO's): with an empty stack it wants priority only in the steps where
    it ever acts (``stops``); the engine passes for it elsewhere."""

    name = "heuristic"
    stops = _stops()

    @staticmethod
    def stops_for(deck: Iterable[CardDef]) -> int:
        """The steps this deck ever acts in (engine.policies.stops)."""
        return deck_stops(deck)

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed ^ 0xA11CE)
        self.plan: dict[int, list[int]] = {}  # source oid -> intended targets
        self.plan_mode: dict[int, int] = {}  # source oid -> intended mode
        self.plan_x: dict[int, int] = {}  # source oid -> intended X
        self.plan_rep: dict[int, int] = {}  # source oid -> replicate payments
        self._tkey: tuple[int, int] = (0, 0)
        self._tidx = 0
        self._copy_key: tuple[int, int] = (0, 0)
        self._copy_dmg: dict[int, int] = {}  # targets the copies so far aim at: damage

    # --- entry point ---------------------------------------------------------------------

    def decide(self, state: GameState, d: Decision) -> Answer:
        kind = d.kind
        if kind == "priority":
            return self.priority(state, d)
        if kind == "target":
            return self.target(state, d)
        if kind == "attackers":
            ensure(state)
            return choose_attackers(state, d)
        if kind == "blockers":
            ensure(state)
            return choose_blockers(state, d)
        if kind == "mulligan":
            return self.mulligan(state, d)
        if kind in ("bottom", "discard"):
            return choices.discard(state, d)
        if kind == "order":
            return choices.damage_order(state, d)
        if kind == "x":
            return self.choose_x(state, d)
        if kind == "may":
            return choices.may(state, d)
        if kind == "dredge":
            return choices.dredge(state, d)
        if kind == "devour":
            return choices.devour(state, d)
        if kind == "convoke_tap":
            return choices.convoke_tap(state, d)
        if kind == "replicate":
            return self.replicate(state, d)
        if kind == "attach":
            return choices.attach(state, d)
        if kind == "cost_discard":
            return choices.cost_discard(state, d)
        if kind == "cost":
            return choices.cost_choice(state, d)
        if kind == "mode":
            return self.mode(state, d)
        if kind == "sacrifice":
            return choices.sacrifice(state, d)
        if kind == "search":
            return choices.search(state, d)
        if kind == "color":
            return choices.color(state, d)
        if kind == "colors":
            return choices.colors(state, d)
        if kind == "cost_counter":
            return choices.cost_counter(state, d)
        if kind == "cost_tap":
            return choices.cost_tap(state, d)
        if kind == "dig":
            return list(range(len(d.options)))
        if kind == "look_exile":
            return choices.look_exile(state, d)
        if kind == "library_order":
            return choices.library_order(state, d)
        if kind == "choose_discard":
            return choices.choose_discard(state, d)
        if kind == "flashback_cost":
            return 0
        if kind == "legend":
            return choices.legend(state, d)
        if d.multi:
            return list(range(d.min_count))
        return 0

    def mulligan(self, state: GameState, d: Decision) -> int:
        """Keep two to five lands whose colours cast something early; with six cards or
        fewer keep anything playable, but no landless hand above four cards."""
        p = state.players[d.player]
        objects = state.objects
        lands = 0
        colors = 0
        spells: list[CardDef] = []
        for oid in p.hand:
            c = objects[oid].card
            if c.is_land:
                lands += 1
                for ab in c._mana_abilities:
                    for ch in ab.colors:
                        colors |= COLOR_BITS.get(ch, 32)
            else:
                spells.append(c)
        if lands == 0 and p.mulligans < 3:
            return 1  # five cards and no land play nothing for turns: four are better
        if p.mulligans >= 2:
            return 0
        creature = any(c.is_creature for c in spells)
        if p.mulligans >= 1 and lands == 1 and sum(
                1 for c in spells if c._mana_value <= 1 and (creature or not (
                    c.is_aura and not c.enchant_player and not aura_is_hostile(c)))) >= 2:
            return 0  # (Auras count only with a creature to put them on)
        if not 2 <= lands <= 5:
            return 1
        if p.mulligans == 0 and spells and all(
                c.is_aura and not c.enchant_player and not aura_is_hostile(c)
                for c in spells):
            return 1  # Auras and nothing to put them on
        if p.mulligans == 0 and spells and lands == 2:
            castable = [c for c in spells if c._mana_value <= lands + 1
                        and not dead_card(c, colors)]
            if not castable or all(
                    c.is_aura and not c.enchant_player and not aura_is_hostile(c)
                    for c in castable):
                return 1  # two lands that cast nothing (or Auras and no creature) early
        return 0

    # --- priority -----------------------------------------------------------------------------

    def priority(self, state: GameState, d: Decision) -> int:
        ensure(state)
        self.plan.clear()
        self.plan_mode.clear()
        self.plan_x.clear()
        self.plan_rep.clear()
        ctx = Ctx(state, d.player)
        objects = state.objects
        best_i = 0
        best_score = 0.0
        for i, a in enumerate(d.actions):
            if a.kind == PLAY:
                score = self._land_score(ctx, objects[a.oid].card)
            elif a.kind == CAST:
                score = self._cast_score(ctx, objects[a.oid], a.alt)
            elif a.kind == ACTIVATE:
                score = self._activate_score(ctx, objects[a.oid], a.index)
            else:
                continue
            if score > best_score:
                best_score, best_i = score, i
        return best_i

    def _land_score(self, ctx: Ctx, card: CardDef) -> float:
        """Play a land first (over 100), except that with plenty of lands the last one in
        hand is kept to retrace a spell."""
        state = ctx.state
        if ctx.lands >= 6:
            hand_lands = sum(1 for o in ctx.hand if o.card._type_mask & T_LAND)
            if hand_lands == 1 and any(
                    state.objects[g].card.has_keyword("retrace")
                    for g in state.players[ctx.me].graveyard):
                return 0.0
        return 100.0 + self._land_bonus(ctx, card)

    def _land_bonus(self, ctx: Ctx, card: CardDef) -> float:
        have = 0
        for u in ctx.units:
            have |= u
        produced = 0
        for ab in card._mana_abilities:
            for ch in ab.colors:
                produced |= COLOR_BITS.get(ch, 32)
        new_color = 1.0 if produced & ~have else 0.0
        if card._enters_tapped:
            # Tapped lands go down on turns the extra mana would not be used.
            want = ctx.mana + 1
            if any(not o.card.is_land and o.card._mana_value == want for o in ctx.hand):
                return -1.0 + new_color
            return 0.5 + new_color
        return new_color

    # --- casting ---------------------------------------------------------------------------

    def _cast_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        card = obj.card
        state = ctx.state
        if alt == ALT_RETRACE and not self._retrace_ok(ctx, card):
            return 0.0
        if alt == ALT_EVOKE:
            return self._evoke_score(ctx, obj)
        if state.stack:
            return self._respond_score(ctx, obj)
        if card.is_creature:
            return self._creature_score(ctx, obj)
        if card.is_aura:
            return self._aura_score(ctx, obj)
        if card.spell is None or card.is_permanent_card:
            if not ctx.main:
                return 0.0
            if not fits_reserve(ctx, card._mana_value):
                return 0.0
            return 11.0 + card._mana_value
        return self._spell_score(ctx, obj, alt)

    def _retrace_ok(self, ctx: Ctx, card: CardDef) -> bool:
        """Retrace discards a land: only spare ones (enough lands on the battlefield, or
        more in hand than the land drops coming)."""
        hand_lands = sum(1 for o in ctx.hand if o.card._type_mask & T_LAND)
        p = ctx.state.players[ctx.me]
        if hand_lands == 0:
            return False
        if p.lands_played < p.land_drops and hand_lands <= 1 and ctx.lands < 6:
            return False  # play it instead
        return ctx.lands >= max(4, card._mana_value) or hand_lands >= 3

    def _evoke_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main and not ctx.opp_end:
            return 0.0
        best = 0.0
        for ab in obj.card._triggered:
            if ab.when != "enters":
                continue
            score, targets = self._plan_specs(ctx, obj.oid, ab.targets, ab.effects)
            if score > best:
                best = score
                self.plan[obj.oid] = targets
        return 8.0 + best if best >= 4.0 else 0.0

    def _creature_score(self, ctx: Ctx, obj: GameObject) -> float:
        card = obj.card
        mv = card._mana_value
        flash = bool(card._kw & KW_FLASH)
        if card.toughness == 0 and not card.levels and self._enters_dead(ctx, obj):
            return 0.0  # a 0/0 with nothing to grow it (Golgari Grave-Troll, empty yard)
        if ctx.main:
            if not fits_reserve(ctx, mv) and (flash or not ctx.urgent):
                return 0.0
            if flash and ctx.reserve and not ctx.urgent:
                return 0.0  # keep it for the end of the opponent's turn
            score = 20.0 + mv
            if "bloodthirst" in card._kwnames and not ctx.opp_damaged:
                if ctx.main1 and self._can_damage_in_combat(ctx):
                    return 0.0  # attack first, cast it after combat
                score -= 3.0
            if card._kw & KW_HASTE and ctx.main1:
                score += 4.0
            if any(k.name == "devour" for k in card._kwi):
                score += 0.5 * sum(1 for c in ctx.mine if c.token)
            return score
        if not flash:
            return 0.0
        state = ctx.state
        if ctx.opp_end:
            return 15.0 + mv
        if not ctx.my_turn and ctx.step == DECLARE_ATTACKERS and state.combat is not None:
            # an ambush blocker
            p, t = card.power or 0, card.toughness or 0
            for a in state.combat.attackers:
                att = state.objects.get(a)
                if att is None:
                    continue
                if att.kw & KW_FLYING and not card._kw & (KW_FLYING | KW_REACH):
                    continue
                if p >= att.toughness - att.damage and att.power < t:
                    return 30.0 + mv
        return 0.0

    def _enters_dead(self, ctx: Ctx, obj: GameObject) -> bool:
        card = obj.card
        if any(k.name in ("graft", "devour", "bloodthirst") for k in card._kwi):
            return any(k.name == "devour" for k in card._kwi) and not any(
                c for c in ctx.mine) or ("bloodthirst" in card._kwnames and
                                         not ctx.opp_damaged and not any(
                                             k.name == "graft" for k in card._kwi))
        total = 0
        for r in card._enter_replacements:
            if r.kind == "enters_with_counters" and r.counter == "+1/+1":
                total += guess_amount(ctx.state, r.amount, ctx.me, obj.oid, 0)
        return total <= 0

    def _can_damage_in_combat(self, ctx: Ctx) -> bool:
        """Will an attack this turn probably deal the opponent damage (bloodthirst)?"""
        state = ctx.state
        blockers = [c for c in ctx.theirs if not c.tapped and not c.kw & KW_CANT_BLOCK]
        for c in ctx.mine:
            if c.tapped or c.power <= 0 or c.kw & KW_CANT_ATTACK:
                continue
            if c.sick and not c.kw & KW_HASTE:
                continue
            able = [b for b in blockers if can_block(state, b, c)]
            if len(able) < (2 if c.kw & KW_MENACE else 1):
                return True
            if len(ctx.mine) > len(blockers):
                return True
        return False

    def _aura_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main:
            return 0.0
        card = obj.card
        state = ctx.state
        if not fits_reserve(ctx, card._mana_value):
            return 0.0
        spec = aura_target(card)
        options = legal_targets(state, spec, ctx.me, obj.oid, spell=True)
        if not options:
            return 0.0
        hostile = aura_is_hostile(card)
        if card.enchant_player:
            target = ctx.opp if hostile else ctx.me
            if target not in options:
                return 0.0
            self.plan[obj.oid] = [target]
            return 16.0 + card._mana_value
        best, best_score = NONE, 0.0
        for t in options:
            o = state.objects[t]
            s = choices.aura_host_score(state, ctx.me, card, o, hostile)
            if s > best_score:
                best, best_score = t, s
        if best == NONE:
            return 0.0
        self.plan[obj.oid] = [best]
        if hostile:
            if best_score < 3.5:
                return 0.0
            return 18.0 + min(best_score, 10.0)
        if not is_creature(state.objects[best]):  # Utopia Sprawl on a Forest: ramp
            return 24.0 if ctx.lands < 6 else 8.0
        if best_score < 3.0:
            return 0.0  # no creature worth enchanting yet
        return 18.0 + card._mana_value + min(aura_bonus(card), 6.0) * 0.3
