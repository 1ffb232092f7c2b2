"""Scores for casting instants and sorceries with priority: the mode and targets with the
best value (``TargetPlanner``), then whether now is the moment for an effect of that kind:
removal before an attack or on a big threat, burn to the face when it wins the race,
card draw and tutors at sorcery speed or their end step, tokens, taps, extra combats, epic
last. Instants wait for the opponent's end step or combat, keeping mana up meanwhile.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import KW_CANT_BLOCK, KW_HASTE, KW_INDESTRUCTIBLE, EffectT, Target
from mtgsim.engine.players.policies.combat_tricks import (
    after_blocks,
    could_attack,
    no_attack_this_turn,
    own_pump,
    trick_score,
)
from mtgsim.engine.players.policies.context import (
    Ctx,
    first_effects,
    fits_reserve,
    is_counterspell,
)
from mtgsim.engine.players.policies.tricks import TrickScorer
from mtgsim.engine.players.worth import (
    UNTARGETABLE,
    color_sources,
    dead_card,
    is_creature,
    value,
)
from mtgsim.engine.players.worth_effects import fixed_damage
from mtgsim.engine.rules.combat import can_block
from mtgsim.engine.rules.effect import Role, effects_value, has_role, role_of
from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.game_state import (
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    MAIN1,
    MAIN2,
    GameObject,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_COUNTER = Role.COUNTER
_ROLE_COUNTERS = Role.COUNTERS
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_DRAW = Role.DRAW
_ROLE_EXTRA_COMBAT = Role.EXTRA_COMBAT
_ROLE_OTHER = Role.OTHER
_ROLE_PUMP = Role.PUMP
_ROLE_RECURSION = Role.RECURSION
_ROLE_TAP_DOWN = Role.TAP_DOWN
_ROLE_TEMPORARY = Role.TEMPORARY
_ROLE_TOKENS = Role.TOKENS
_ROLE_TUTOR = Role.TUTOR
_ROLE_UNTAP_ALL = Role.UNTAP_ALL
_TARGET_REFS = ("t0",)  # the one target (_burn_amount)


class SpellScorer(TrickScorer):
    """Instant and sorcery scores (a mixin of ``HeuristicPolicy``)."""

    __slots__ = ()  # (its state is in TargetPlanner's slots)

    def _spell_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        card = obj.card
        spell = card.spell
        assert spell is not None
        sorcery = not card.instant_speed
        if sorcery and not ctx.main:
            return 0.0
        if not (ctx.main or ctx.opp_end or (ctx.state.combat is not None and ctx.step in (
                DECLARE_ATTACKERS, DECLARE_BLOCKERS))):
            return 0.0
        mv = card.mana_value
        if ctx.main and not fits_reserve(ctx, mv) and not is_counterspell(card):
            return 0.0
        if self.combat_tricks:
            held = self._combat_trick(ctx, obj)
            if held is not None:
                return held
        # Choose a mode (and its targets) by what it would do.
        modes: list[tuple[int, tuple[Target, ...], tuple[EffectT, ...]]]
        if spell.modes:
            modes = [(i, m.targets, m.effects) for i, m in enumerate(spell.modes)]
        else:
            modes = [(-1, spell.targets, spell.effects)]
        best = 0.0
        for mode, specs, effects in modes:
            if has_role(effects, _ROLE_COUNTER):
                continue  # only with something on the stack
            score = self._effects_score(ctx, obj, specs, effects, sorcery)
            if score > best:
                best = score
                if mode >= 0:
                    self.plan_mode[obj.oid] = mode
        return max(best, self._cast_trigger_score(ctx, obj, sorcery))

    def _cast_trigger_score(self, ctx: Ctx, obj: GameObject, sorcery: bool) -> float:
        """A spell worth casting for what its casting triggers (cascade's free spell,
        valued by its estimate), whatever its own effects do: at a sorcery's time, or an
        instant at their end step (its own effects may want a better moment)."""
        if not (ctx.opp_end or ctx.main and sorcery):
            return 0.0
        gain = self._trigger_gain(ctx, obj)
        return 8.0 + obj.card.mana_value + gain if gain > 0 else 0.0

    def _trigger_gain(self, ctx: Ctx, obj: GameObject) -> float:
        """What casting ``obj`` triggers is worth: its "when you cast this" abilities'
        estimates (cascade's, engine/keywords/cascade.py)."""
        gain = 0.0
        for ab in obj.card.triggered:
            if ab.when == "cast_self":
                gain += effects_value(ctx.state, ctx.me, ab.effects, [], obj.oid, 0, 0,
                                      self.price)
        return gain

    def _combat_trick(self, ctx: Ctx, obj: GameObject) -> float | None:
        """``heuristic:tricks=combat`` (combat_tricks): the score of an instant that pumps
        my own creatures until end of turn, or None where the plain scores stand. After
        blockers, what the pump changes in the combat (plus its cast trigger's worth);
        at their end step nothing while a creature of mine could attack next turn (held
        for that combat, not cast for its cascade alone); in my second main phase after
        a turn without an attack, cast for its trigger (as at their end step)."""
        card = obj.card
        spell = card.spell
        if spell is None or spell.modes:
            return None
        pump = own_pump(card)
        if pump is None:
            return None
        trigger = self._trigger_gain(ctx, obj)
        if after_blocks(ctx):
            score, target = trick_score(ctx, card, pump, trigger)
            if score <= 0.0:
                return 0.0
            if pump.each is None:
                if not spell.targets or target not in legal_targets(
                        ctx.state, spell.targets[0], ctx.me, obj.oid, spell=True):
                    return 0.0
                self.plan[obj.oid] = [target]
            return score
        if ctx.opp_end and could_attack(ctx):
            return 0.0
        if trigger > 0.0 and no_attack_this_turn(ctx):
            return 8.0 + card.mana_value + trigger
        return None

    def _effects_score(self, ctx: Ctx, obj: GameObject, specs: tuple[Target, ...],
                       effects: tuple[EffectT, ...], sorcery: bool) -> float:
        """Score casting a spell with these effects now: its value with the best targets,
        and whether now is the time for an effect of its role (the first effect's)."""
        card = obj.card
        cost = card.cost
        x = 0
        if cost is not None and cost.x:
            x = self._plan_x_value(ctx, obj, specs, effects)
            if x <= 0:
                return 0.0
        first: Any = effects[0] if effects else None
        role = role_of(first) if first is not None else _ROLE_OTHER
        if role is _ROLE_PUMP and not first.negative and first.each is None and specs \
                and "epic" not in card.keyword_names \
                and not has_role(effects, _ROLE_EXTRA_COMBAT):
            # A combat trick is worth the fight it wins or the creature it saves, and
            # _trick_score picks that target itself: the targets' effect values (below)
            # would not count. (Castability already found a legal target.)
            return self._trick_score(ctx, obj, first)
        value_, targets = self._plan_specs(ctx, obj.oid, specs, effects, x)
        if specs and not targets:
            return 0.0
        if role is _ROLE_DAMAGE and not x and value_ < 3.0:
            combo = self._burn_pair(ctx, obj, effects, specs)
            if combo is not None and combo[0] > value_:
                value_, targets = combo[0], [combo[1]]
                self.plan[obj.oid] = list(targets)
                self.plan_rep[obj.oid] = 0  # the mana is for the second spell
        if has_role(effects, _ROLE_EXTRA_COMBAT):
            return self._extra_combat_score(ctx, effects)
        if "epic" in card.keyword_names:
            return self._epic_score(ctx)
        if role in (_ROLE_PUMP, _ROLE_COUNTERS) and not getattr(first, "negative", False) \
                and (getattr(first, "counter", "+1/+1") == "+1/+1"):
            return self._pump_spell_score(ctx, obj, first, effects, specs, value_, sorcery)
        if role is _ROLE_DRAW and not specs:
            return self._draw_spell_score(ctx, first, value_, x, sorcery)
        if role is _ROLE_TUTOR or (role is not _ROLE_TAP_DOWN and has_role(effects, _ROLE_TUTOR)):
            if ctx.main:
                return 40.0 - ctx.lands if ctx.lands < 7 else 5.0
            return 6.0 if ctx.opp_end else 0.0
        if role is _ROLE_TOKENS or (not specs and has_role(effects, _ROLE_TOKENS)):
            return self._tokens_score(ctx, obj, effects, value_)
        if role is _ROLE_TAP_DOWN:
            return self._tap_score(ctx, value_, targets)
        if role is _ROLE_RECURSION:
            if value_ <= 1.0:
                return 0.0
            if ctx.opp_end or (ctx.main and (sorcery or ctx.urgent and ctx.step == MAIN1)):
                return 9.0 + value_ * 0.5
            return 0.0
        return self._by_value_score(ctx, obj, first, specs, targets, value_, sorcery)

    def _extra_combat_score(self, ctx: Ctx, effects: tuple[EffectT, ...]) -> float:
        """Extra combat phases: after attacking, in the main phase that follows."""
        state = ctx.state
        attacked = [o for o in ctx.mine if state.attacked_turn == state.turn
                    and o.oid in state.attacked_this_turn]
        if ctx.main and ctx.step == MAIN2 and attacked and has_role(effects, _ROLE_UNTAP_ALL):
            return 26.0
        return 0.0

    @staticmethod
    def _epic_score(ctx: Ctx) -> float:
        """Epic ends the casting for the game but repeats itself every upkeep: once it
        is affordable it outweighs the rest of the hand (which it turns into value when
        it counts cards), so it goes first, before the mana is spent elsewhere; with an
        empty hand it waits for a card to count."""
        hand_after = len(ctx.hand) - 1
        if not ctx.main or hand_after < 1 and ctx.mana < 9:
            return 0.0
        return 30.0 + hand_after

    def _pump_spell_score(self, ctx: Ctx, obj: GameObject, first: Any,
                          effects: tuple[EffectT, ...], specs: tuple[Target, ...],
                          value_: float, sorcery: bool) -> float:
        """Combat tricks and pumps: only when a fight or lethal damage depends on them."""
        if first.each is None and specs:
            trick = self._trick_score(ctx, obj, first)
            if trick > 0:
                return trick
            if role_of(first) is _ROLE_COUNTERS and (ctx.main or ctx.opp_end) and \
                    value_ > 0:
                return 6.0 + value_ * 0.5 if ctx.opp_end or sorcery else 0.0
            return 0.0
        return self._mass_pump_score(ctx, first, effects)

    @staticmethod
    def _draw_spell_score(ctx: Ctx, draw: Any, value_: float, x: int,
                          sorcery: bool) -> float:
        """Card draw at sorcery speed or their end step; looting only with cards to spare;
        wheels when the hand is stuck."""
        state = ctx.state
        n = draw.amount if isinstance(draw.amount, int) else max(1, x)
        if len(state.players[ctx.me].library) <= n + 3:
            return 0.0
        if value_ < 1.0 and draw.who != "each_player":
            return 0.0  # looting: only with cards to spare
        if draw.who == "each_player" and len(ctx.hand) > 3:
            colors = color_sources(state, ctx.me)
            stuck = sum(1 for o in ctx.hand if dead_card(o.card, colors) or
                        o.card.mana_value > ctx.lands + 1)
            if stuck < 2 and any(o.card.is_land for o in ctx.hand):
                return 0.0
        if ctx.opp_end or (ctx.main and (sorcery or ctx.step == MAIN2)):
            return 7.0 + value_ * 0.5
        return 0.0

    @staticmethod
    def _tokens_score(ctx: Ctx, obj: GameObject, effects: tuple[EffectT, ...],
                      value_: float) -> float:
        """Tokens in a main phase or their end step; temporary blockers (Thunderheads)
        only against an attack."""
        combat = ctx.state.combat
        mv = obj.card.mana_value
        if has_role(effects, _ROLE_TEMPORARY):
            in_their_combat = not ctx.my_turn and ctx.step in (
                DECLARE_ATTACKERS, DECLARE_BLOCKERS) and combat is not None
            if in_their_combat and ctx.step == DECLARE_ATTACKERS:
                return 20.0 if combat is not None and combat.attackers else 0.0
            return 0.0
        if ctx.main:
            return 12.0 + mv + value_ * 0.2
        return 12.0 + mv if ctx.opp_end else 0.0

    def _by_value_score(self, ctx: Ctx, obj: GameObject, first: Any,
                        specs: tuple[Target, ...], targets: list[int], value_: float,
                        sorcery: bool) -> float:
        """Removal, burn, discard, drain: by what they achieve."""
        state = ctx.state
        if value_ <= 0:
            return 0.0
        if value_ >= 100:
            return 95.0  # lethal
        harmful_creature = specs and targets and targets[0] >= 2 and \
            state.objects[targets[0]].controller != ctx.me
        if harmful_creature:
            return self._removal_score(ctx, obj, state.objects[targets[0]], value_, sorcery)
        face = specs and targets and targets[0] == ctx.opp
        if face and first is not None and role_of(first) is _ROLE_DAMAGE:
            return self._burn_face_score(ctx, obj, first, value_)
        if value_ < 1.5:
            return 0.0
        if ctx.opp_end or (ctx.main and (sorcery or ctx.step == MAIN2 or value_ >= 4.0)):
            return 8.0 + value_
        return 0.0

    @staticmethod
    def _removal_score(ctx: Ctx, obj: GameObject, tobj: GameObject, value_: float,
                       sorcery: bool) -> float:
        """A spell against a creature of theirs: in combat on an attacker or blocker that
        matters; a sorcery now; an instant to clear a blocker before my attack, answer a
        big threat at once, else at their attack or their end step (mana stays up)."""
        state = ctx.state
        combat = state.combat
        in_my_combat = ctx.my_turn and ctx.step == DECLARE_BLOCKERS and combat is not None
        in_their_combat = not ctx.my_turn and ctx.step in (
            DECLARE_ATTACKERS, DECLARE_BLOCKERS) and combat is not None
        if in_my_combat or in_their_combat:
            if combat is not None and value_ >= 3.0 and tobj.power > 0 and (
                    tobj.oid in combat.attackers or tobj.oid in combat.blocking):
                return 30.0 + value_
            return 0.0
        if sorcery:
            return 24.0 + value_ if value_ >= 2.0 else 0.0
        if ctx.opp_end:
            if value_ >= 3.5:
                return 24.0 + value_
            # a cheap dredge spell goes to the graveyard to come back every turn
            return 4.0 if "dredge" in obj.card.keyword_names and value_ > 0 else 0.0
        if ctx.main1 and not tobj.tapped and is_creature(tobj) and \
                not tobj.kw & KW_CANT_BLOCK and any(
                    (not c.sick or c.kw & KW_HASTE) and not c.tapped and c.power > 0
                    and can_block(state, tobj, c) for c in ctx.mine):
            return 24.0 + value_ if value_ >= 2.5 else 0.0
        if ctx.main and (value_ >= 6.0 or ctx.urgent and value_ >= 3.5):
            return 22.0 + value_
        return 0.0

    def _burn_pair(self, ctx: Ctx, obj: GameObject, effects: tuple[EffectT, ...],
                   specs: tuple[Target, ...]) -> tuple[float, int] | None:
        """Two burn spells for a creature neither kills alone (Lightning Bolt and
        Staggershock for a Serra Angel): (what killing it is worth less the second card,
        target) when another burn spell in hand finishes it and the mana pays for both."""
        n = _burn_amount(specs, effects)
        if n <= 0 or all(c.toughness - c.damage <= n for c in ctx.theirs):
            return None  # (no creature of theirs survives this one alone)
        state = ctx.state
        cost = obj.card.cost
        if cost is None:
            return None
        best: tuple[float, int] | None = None
        for other in ctx.hand:
            if other.oid == obj.oid or other.card.cost is None:
                continue
            spell = other.card.spell
            if spell is None or other.card.is_permanent_card:
                continue
            if not other.card.instant_speed and not ctx.main:
                continue
            modes = [(m.targets, m.effects) for m in spell.modes] if spell.modes else \
                [(spell.targets, spell.effects)]
            m = max((_burn_amount(t, e) for t, e in modes), default=0)
            oc = other.card.cost
            if m <= 0 or oc.x or not can_pay(cost.symbols + oc.symbols,
                                              cost.generic + oc.generic, ctx.units):
                continue
            for c in ctx.theirs:
                left = c.toughness - c.damage
                if c.kw & (UNTARGETABLE | KW_INDESTRUCTIBLE) or c.regen_shields or \
                        n >= left or n + m < left:
                    continue
                v = value(c) - 3.0  # the second card
                if v >= 3.0 and (best is None or v > best[0]):
                    best = (v, c.oid)
        if best is not None and best[1] not in legal_targets(
                state, specs[0], ctx.me, obj.oid, spell=True):
            return None
        return best

    def _burn_face_score(self, ctx: Ctx, obj: GameObject, dmg: Any, v: float) -> float:
        """Burn to the opponent's face: when lethal (with the rest of the burn in hand),
        to switch on bloodthirst, at the end of their turn when the race is on, or when
        the spell will come back anyway (rebound, retrace)."""
        state = ctx.state
        burn_total = 0
        e: Any
        for o in ctx.hand:
            for e in first_effects(o.card):
                if role_of(e) is _ROLE_DAMAGE and isinstance(e.amount, int) and e.each is None:
                    burn_total += e.amount
        if burn_total >= ctx.opp_life:
            return 40.0
        amount = dmg.amount if isinstance(dmg.amount, int) else 1
        if ctx.main and not ctx.opp_damaged and amount <= 2:
            for o in ctx.hand:
                if o.oid != obj.oid and "bloodthirst" in o.card.keyword_names and \
                        o.card.mana_value + obj.card.mana_value <= ctx.mana:
                    return 19.0
        recurs = obj.card.has_keyword("rebound") or obj.zone != 1 or \
            obj.card.has_keyword("retrace")
        if ctx.opp_end and (ctx.opp_life <= 6 or recurs):
            return 5.0 + v
        if ctx.main and ctx.step == MAIN2 and (recurs or ctx.opp_life <= 3 * amount):
            return 4.0 + v
        if ctx.main and obj.card.has_keyword("retrace") and not obj.card.instant_speed:
            # A retrace sorcery is only lent to the graveyard, and from there it costs a
            # spare land, not a card: nothing is gained by waiting for combat, and before
            # combat it comes ahead of mana sinks that only save up (a level counter
            # short of its band).
            return 4.0 + v
        if ctx.main and ctx.opp_life <= 3 * amount and not ctx.theirs:
            return 4.0 + v
        del state
        return 0.0

    def _tap_score(self, ctx: Ctx, v: float, targets: list[int]) -> float:
        """Tapping (Gigadrowse, Ojutai's Breath): a blocker before my attack, or a
        creature that then won't untap."""
        if not targets or targets[0] < 2:
            return 0.0
        state = ctx.state
        t = state.objects[targets[0]]
        if t.controller == ctx.me or not is_creature(t):
            return 0.0
        if ctx.main1 and not t.tapped and any(
                not c.sick or c.kw & KW_HASTE for c in ctx.mine if not c.tapped):
            return 14.0 + v
        if ctx.opp_end and v >= 1.0:
            return 8.0 + v
        return 0.0


def _burn_amount(specs: tuple[Target, ...], effects: tuple[EffectT, ...]) -> int:
    """The damage these effects deal to their one target when it may be a creature."""
    if len(specs) != 1 or specs[0].kind not in ("any", "creature"):
        return 0
    return fixed_damage(effects, _TARGET_REFS)
