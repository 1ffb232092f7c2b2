"""The heuristic policy's answers to the questions that follow a cast or activation:
targets, modes, X and replicate payments. Each first takes what the priority decision
planned (``TargetPlanner``) so the action does what it was scored for; only questions it
did not foresee (triggers, copies, a changed board) are scored here afresh.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import EffectT, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.effects.destroy import Destroy
from mtgsim.engine.effects.venture import best_room
from mtgsim.engine.players.policies.context import first_effects
from mtgsim.engine.players.policies.planning import TargetPlanner
from mtgsim.engine.players.worth import (
    UNTARGETABLE,
    aura_is_hostile,
    creatures_of,
    is_creature,
    is_land,
    value,
)
from mtgsim.engine.players.worth_effects import harmful_to_target, spell_threat
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.castability import spell_targets
from mtgsim.engine.rules.effect import Role, effects_value, role_of
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.spell_costs import spell_face
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.decisions import Rooms
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    DECLARE_ATTACKERS,
    END,
    MAIN1,
    NONE,
    STACK,
    ActivateTask,
    CastTask,
    Decision,
    GameObject,
    GameState,
    ResolveTask,
    StackItem,
    Task,
    TriggerTask,
)
from mtgsim.engine.state.rng import randbelow

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_DRAW = Role.DRAW
_ROLE_EACH_TARGET = Role.EACH_TARGET
_ROLE_HAUNT = Role.HAUNT
_ROLE_PUMP = Role.PUMP
_ROLE_REMOVAL = Role.REMOVAL
_ROLE_STEAL = Role.STEAL
_ROLE_TAP_DOWN = Role.TAP_DOWN
_ROLE_TOKENS = Role.TOKENS


class TargetChooser(TargetPlanner):
    """Targets, modes, X and replicate (a mixin of ``HeuristicPolicy``, which seeds the
    RNG and the per-resolution target counters)."""

    __slots__ = ("rng", "target_question", "targets_asked", "copy_question", "copy_damage")

    rng: int
    target_question: tuple[Task | None, int]
    targets_asked: int
    copy_question: tuple[Task | None, int]
    copy_damage: dict[int, int]  # targets the copies so far aim at: damage

    def target(self, state: GameState, d: Decision) -> int:
        planned = self.plan.get(d.source)
        if planned:
            while planned:
                t = planned.pop(0)
                if t in d.options:
                    return d.options.index(t)
        me = d.player
        key = (state.tasks[-1] if state.tasks else None, d.source)
        if key[0] is not self.target_question[0] or key[1] != self.target_question[1]:
            self.target_question = key
            self.targets_asked = 0
        idx = self.targets_asked
        self.targets_asked += 1
        effects, specs_len = self._targeted_effects(state, d)
        copying = isinstance(state.tasks[-1] if state.tasks else None, ResolveTask)
        if copying:
            idx %= max(1, specs_len)  # copies: each asks its targets anew
        ensure(state)
        sign = harmful_to_target(effects, idx) if effects else -1
        best_i = 0
        best = -1e9
        pending = self._pending_targets(state, me, d.source)
        if copying:
            if key[0] is not self.copy_question[0] or key[1] != self.copy_question[1]:
                self.copy_question = key
                self.copy_damage = {}
            for t, n in self.copy_damage.items():
                o = state.objects.get(t)
                doomed = n < 0 or (o is not None and n >= o.toughness - o.damage)
                pending[t] = max(pending.get(t, 0), 2 if doomed else 1)
        for i, t in enumerate(d.options):
            if t == NONE:
                score = 0.0
            elif effects:
                trial = [NONE] * idx + [t] + [NONE] * max(0, specs_len - idx - 1)
                score = effects_value(state, me, effects, trial, d.source, 0, 0, self.price)
                if t >= 2:
                    o = state.objects.get(t)
                    if o is not None:
                        if sign == 0 and o.zone == BATTLEFIELD:
                            score += self._flexible_target_score(state, me, o)
                        if pending.get(t, 0) >= 2 and o.controller != me:
                            score -= 2.0 + abs(score)
                        if o.zone == BATTLEFIELD and is_creature(o):
                            score += 0.01 * value(o) * (1 if (o.controller == me) == (
                                sign > 0) else -1)
                        if o.zone == STACK:
                            item = next((s for s in state.stack if s.sid == t), None)
                            if item is not None:
                                th = spell_threat(state, item.controller, item, self.price)
                                score += th * (1 if (item.controller == me) == (sign > 0)
                                               else -1) * 0.1
                else:
                    score += 0.01 if (t == me) == (sign > 0) else -0.01
            else:
                score = self._fallback_target_score(state, me, t)
            if score > best:
                best, best_i = score, i
        if copying and effects:
            t = d.options[best_i]
            hit = 0
            e: Any
            for e in effects:
                if role_of(e) is _ROLE_DAMAGE and e.to == f"t{idx}" and isinstance(e.amount, int):
                    hit += e.amount
                elif role_of(e) in (_ROLE_REMOVAL, _ROLE_STEAL) and getattr(e, "what", "") == \
                        f"t{idx}":
                    hit = -1000
            self.copy_damage[t] = self.copy_damage.get(t, 0) + hit
        return best_i

    def _flexible_target_score(self, state: GameState, me: int, o: GameObject) -> float:
        """Tap-or-untap and copy effects: tap their best untapped creature or untap my
        best tapped one; copy the best creature."""
        my_turn = state.active == me
        if o.controller == me:
            if not o.tapped:
                return -2.0
            if is_creature(o):
                return 0.5 + 0.2 * value(o)
            return 0.4 if is_land(o) else 0.1
        if o.tapped:
            return -1.0
        if is_creature(o):
            # tapping a blocker before my attack; on their turn, one that could attack
            before_attack = my_turn and state.step <= MAIN1
            their_attack = not my_turn and state.step < DECLARE_ATTACKERS
            return 0.5 + 0.2 * value(o) if before_attack or their_attack else 0.0
        if is_land(o):
            return 0.3 if not my_turn and state.step <= MAIN1 else 0.0
        return -1.0

    def _fallback_target_score(self, state: GameState, me: int, t: int) -> float:
        if t < 2:
            return 2.0 if t != me else -50.0
        o = state.objects.get(t)
        if o is None:
            return -1.0
        v = value(o) if is_creature(o) and o.zone == BATTLEFIELD else 1.0
        return v if o.controller != me else -v - 10

    def _targeted_effects(self, state: GameState, d: Decision) -> tuple[tuple[EffectT, ...],
                                                                         int]:
        """The effects of whatever is choosing targets now, and its number of targets."""
        task = state.tasks[-1] if state.tasks else None
        objects = state.objects
        if isinstance(task, CastTask):
            obj = objects.get(task.oid)
            if obj is not None:
                # the spell as it is cast: a card cast bestowed is an Aura (702.103b), an
                # Adventure its own spell (715.3a)
                card = spell_face(state, obj, task.alt)
                if card.is_aura:
                    return self._aura_effects(card), 1
                spell = card.spell
                if spell is not None:
                    mode = self.plan_mode.get(task.oid, -1)
                    if spell.modes:
                        for m in ([mode] if mode >= 0 else range(len(spell.modes))):
                            if spell.modes[m].targets:
                                specs = spell_targets(card, m)
                                return spell.modes[m].effects, len(specs)
                    return spell.effects, len(spell.targets)
        if isinstance(task, ActivateTask):
            obj = objects.get(task.oid)
            if obj is not None:
                ab = activated_abilities(obj)[task.index]
                return ab.effects, len(ab.targets)
        if isinstance(task, TriggerTask):
            for t in state.triggers:
                if t.source == d.source:
                    tab = t.ability
                    if tab.keyword == "haunt" and tab.effects and \
                            role_of(tab.effects[0]) is _ROLE_HAUNT:
                        return (), 1
                    if tab.targets:
                        return tab.effects, len(tab.targets)
                    if tab.modes:
                        for md in tab.modes:
                            if md.targets:
                                return md.effects, len(md.targets)
        if isinstance(task, ResolveTask):
            for item in state.stack:
                if item.sid == d.source:
                    return item.effects, len(item.targets)
        return (), 1

    def _aura_effects(self, card: Card) -> tuple[EffectT, ...]:
        """A stand-in effect for where an Aura should go (hostile: like removal)."""
        if aura_is_hostile(card):
            return (Destroy(),)
        return (AddCounters(amount=1),)

    def mode(self, state: GameState, d: Decision) -> int:
        planned = self.plan_mode.pop(d.source, None)
        if planned is not None and planned in d.options:
            return d.options.index(planned)
        ensure(state)
        me = d.player
        if isinstance(d.about, Rooms):  # venturing (701.49b): the best path on
            return best_room(state, me, d, self.price)
        # "tap or untap" (chosen as it resolves): tap what the opponent controls.
        task = state.tasks[-1] if state.tasks else None
        if isinstance(task, ResolveTask) and state.stack:
            item = next((s for s in state.stack if s.sid == task.sid), state.stack[-1])
            if item.targets and item.targets[0] >= 2 and len(d.options) == 2 and \
                    not item.is_spell and item.card.spell is None or (
                    item.targets and len(d.options) == 2 and _is_tap_untap(item)):
                t = state.objects.get(item.targets[0])
                if t is not None and t.controller == me:
                    return 1
                return 0
        modes = self._mode_candidates(state, d)
        if modes:
            best_i, best_v = 0, -1e9
            for i, (effects, specs) in enumerate(modes):
                v = effects_value(state, me, effects, [], d.source, 0, 0, self.price)
                if specs:
                    v, _t = self._best_targets_value(state, me, d.source, specs, effects)
                if v > best_v:
                    best_i, best_v = i, v
            return best_i
        return self._below(len(d.options))

    def _best_targets_value(self, state: GameState, me: int, source: int,
                            specs: tuple[Target, ...], effects: tuple[EffectT, ...]
                            ) -> tuple[float, list[int]]:
        chosen: list[int] = []
        for spec in specs:
            options = legal_targets(state, spec, me, source, chosen)
            if not options:
                chosen.append(NONE)
                continue
            best = max(options, key=lambda t: effects_value(state, me, effects,
                                                           chosen + [t], source, 0, 0, self.price))
            chosen.append(best)
        return effects_value(state, me, effects, chosen, source, 0, 0, self.price), chosen

    def _mode_candidates(self, state: GameState, d: Decision
                         ) -> list[tuple[tuple[EffectT, ...], tuple[Target, ...]]]:
        task = state.tasks[-1] if state.tasks else None
        objects = state.objects
        if isinstance(task, TriggerTask):
            for t in state.triggers:
                if t.source == d.source and t.ability.modes:
                    return [(t.ability.modes[m].effects, t.ability.modes[m].targets)
                            for m in d.options]
        if isinstance(task, CastTask):
            obj = objects.get(task.oid)
            if obj is not None and obj.card.spell is not None and obj.card.spell.modes:
                ms = obj.card.spell.modes
                return [(ms[m].effects, ms[m].targets) for m in d.options]
        return []

    def choose_x(self, state: GameState, d: Decision) -> int:
        planned = self.plan_x.pop(d.source, None)
        top = len(d.options) - 1
        if planned is not None:
            # a spell's options are 0..top; an ability's only the values with a target
            if planned in d.options:
                return d.options.index(planned)
            return max(0, min(top, planned))
        obj = state.objects.get(d.source)
        if obj is None:
            return top
        effects = first_effects(obj.card)
        me = d.player
        if effects and role_of(effects[0]) is _ROLE_DRAW:
            lib = len(state.players[me].library)
            return max(0, min(top, lib - 10, 7 - len(state.players[me].hand) + 1))
        if effects and role_of(effects[0]) is _ROLE_DAMAGE:
            opp_life = state.players[1 - me].life
            if opp_life <= top:
                return opp_life
        return top

    def replicate(self, state: GameState, d: Decision) -> int:
        """How many times to pay replicate: one copy per useful target (X/1s to ping,
        attackers to pump, blockers to tap), as many cards as the library allows."""
        planned = self.plan_rep.pop(d.source, None)
        top = len(d.options) - 1
        if planned is not None:
            return max(0, min(top, planned))
        obj = state.objects.get(d.source)
        if obj is None:
            return 0
        ensure(state)
        me = d.player
        opp = 1 - me
        card = obj.card
        effects = first_effects(card)
        spell = card.spell
        specs = spell.targets if spell is not None else ()
        first: Any = effects[0] if effects else None
        want = top
        if role_of(first) is _ROLE_DAMAGE and specs:
            amount = first.amount if isinstance(first.amount, int) else 1
            kills = sorted((c for c in creatures_of(state, opp)
                            if not c.kw & UNTARGETABLE and not c.protection & card.color_mask),
                           key=lambda c: -value(c))
            shots = 0
            for c in kills:
                need = -(-(c.toughness - c.damage) // amount)
                if value(c) >= 2.0 * need:
                    shots += need
            life = state.players[opp].life
            face = -(-life // amount)
            if face <= top + 1:
                want = face - 1
            else:
                want = shots - 1
                if state.active != me and state.step == END:
                    want = top  # the rest at the opponent's face
        elif role_of(first) is _ROLE_DRAW:
            lib = len(state.players[me].library)
            hand = len(state.players[me].hand)
            want = min(top, lib - 10, max(0, 8 - hand))
        elif role_of(first) is _ROLE_PUMP and specs:
            combat = state.combat
            if combat is not None:
                mine = [a for a in combat.attackers if a in state.objects
                        and state.objects[a].controller == me]
                want = len(mine) - 1
            else:
                want = 0
        elif role_of(first) is _ROLE_TAP_DOWN and specs:
            untapped = [c for c in creatures_of(state, opp) if not c.tapped]
            want = len(untapped) - 1
        elif role_of(first) is _ROLE_TOKENS:
            want = top
        return max(0, min(top, want))

    def _below(self, n: int) -> int:
        self.rng, v = randbelow(self.rng, n)
        return v


def _is_tap_untap(item: StackItem) -> bool:
    return any(role_of(e) is _ROLE_EACH_TARGET for e in item.effects)
