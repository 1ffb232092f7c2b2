"""Instant-speed interaction for the heuristic policy: pump spells as combat tricks (win a
fight, push lethal damage, save a creature from burn), "creatures you control get +N/+N"
after blocks, and responses to the opponent's spells and abilities (counter what matters).
These depend on a fight or a stack item in front of the policy, so they are scored against
that fight or item rather than against the board as a whole.
"""

from __future__ import annotations

from typing import Any

import msgspec

from mtgsim.engine.cards import (
    KEYWORD_BITS,
    KW_DEATHTOUCH,
    KW_DOUBLE_STRIKE,
    KW_TRAMPLE,
    EffectT,
    Target,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.combat_ai import damage_of, fight
from mtgsim.engine.players.policies.context import Ctx, first_effects, is_counterspell
from mtgsim.engine.players.policies.planning import TargetPlanner
from mtgsim.engine.players.worth import value
from mtgsim.engine.players.worth_effects import spell_threat
from mtgsim.engine.rules.combat import held_back
from mtgsim.engine.rules.effect import (
    Role,
    counter_avoidable,
    effects_value,
    first_of_role,
    has_role,
    role_of,
)
from mtgsim.engine.rules.filters import has_subtype
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, NONE, GameObject

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_COUNTER = Role.COUNTER
_ROLE_COUNTERS = Role.COUNTERS
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_PUMP = Role.PUMP
_ROLE_PREVENT_SPELL = Role.PREVENT_SPELL


class TrickScorer(TargetPlanner):
    """Combat tricks and responses (a mixin of ``HeuristicPolicy``)."""

    __slots__ = ()  # (its state is in TargetPlanner's slots)
    # ``heuristic:tricks=combat`` (a slot of HeuristicPolicy; combat_tricks)
    combat_tricks: bool

    def _mass_pump_score(self, ctx: Ctx, first: Any, effects: tuple[EffectT, ...]) -> float:
        """"Creatures you control get +N/+N": after blockers, for the extra damage.

        Its own walk of the combat, not ``pumped_combat``'s, on purpose: this is the plain
        heuristic's rule, and its play must not move (``heuristic:tricks=combat`` values
        a mass pump by ``pumped_combat`` instead, in ``combat_tricks.combat_value``). The
        two count differently: here every attacker of mine with no blocker in
        ``combat.blockers``, or with trample, adds the pump's power once, against the
        damage of the attackers with none there (``_unblocked``); ``pumped_combat``, as
        ``tricks=combat`` reads it, adds only what a blocked trampler pushes past its
        blockers (702.19b), twice the power with double strike, and counts trample
        damage as reaching the player. Both follow 510.1c: an attacker blocked whose
        blockers have all left the battlefield (dropped from ``combat.blockers``,
        zones.remove_from_combat) deals no combat damage unless it has trample, then all
        of it to the player (702.19e), so here it adds nothing and ``_unblocked`` counts
        none of it (``rules.combat.held_back``). Read through ``pumped_combat``, 96 of
        19,962 calls at the declare-blockers decisions of 306 heuristic games (every pair
        of the bundled decks, 2 games each, one seat ``tricks=combat``; the pool's 3 mass
        pumps and 6 synthetic ones) scored otherwise, each with a trampler of mine
        blocked; it would also find the fights (``pump_gain``) that this rule never
        reads. (That count was made before either followed 510.1c, and is not made
        again: in the 306 games of ``scripts/fingerprints.py --games 1`` with
        ``tricks=combat`` in either seat, 419 calls of this rule and 341 of
        ``pumped_combat``, no attacker of the caller's was blocked with its blockers
        gone; that takes instant-speed removal after blocks.)"""
        state = ctx.state
        combat = state.combat
        if role_of(first) is not _ROLE_PUMP or first.each is None:
            return 0.0
        bonus = first.power if isinstance(first.power, int) else 1
        if ctx.my_turn and ctx.step == DECLARE_BLOCKERS and combat is not None and \
                combat.attackers:
            extra = 0
            for a in combat.attackers:
                att = state.objects.get(a)
                if att is None or att.controller != ctx.me:
                    continue
                # no blocker there and not held (510.1c), or a trampler (702.19b, 702.19e)
                if att.kw & KW_TRAMPLE or (
                        not combat.blockers.get(a) and not held_back(state, a, att)):
                    extra += bonus
            if extra >= ctx.opp_life - self._unblocked(ctx):
                return 45.0
            if extra >= 3:
                return 12.0 + extra
        return 0.0

    def _unblocked(self, ctx: Ctx) -> int:
        """The damage of the attackers with no blocker in ``combat.blockers`` (510.1a),
        but those blocked whose blockers have all left, which deal none (510.1c; a
        trampler's all reaches the player, 702.19e: ``rules.combat.held_back``)."""
        state = ctx.state
        combat = state.combat
        if combat is None:
            return 0
        objects = state.objects
        return sum(damage_of(objects[a]) for a in combat.attackers
                   if a in objects and not combat.blockers.get(a)
                   and not held_back(state, a, objects[a]))

    @staticmethod
    def _trick_possible(ctx: Ctx) -> bool:
        """Whether ``_trick_score`` can find anything: an opponent's spell or ability
        with targets on the stack, or blockers declared."""
        state = ctx.state
        if state.stack:
            top = state.stack[-1]
            return top.controller != ctx.me and bool(top.targets)
        return state.combat is not None and ctx.step == DECLARE_BLOCKERS

    def _trick_score(self, ctx: Ctx, obj: GameObject, pump: Any) -> float:
        """``pump``: an effect of role PUMP or COUNTERS."""
        """A pump on one creature: win a fight, save a creature, or push lethal damage."""
        if not self._trick_possible(ctx):
            return 0.0
        state = ctx.state
        combat = state.combat
        if role_of(pump) is _ROLE_PUMP:
            bp = pump.power if isinstance(pump.power, int) else 1
            bt = pump.toughness if isinstance(pump.toughness, int) else 1
            kws = pump.keywords
        else:
            bp = bt = pump.amount if isinstance(pump.amount, int) else 1
            kws = ()
        # Save a creature from damage on the stack (an opponent's, with targets).
        if state.stack:
            top = state.stack[-1]
            e: Any
            for e in top.effects:
                if role_of(e) is _ROLE_DAMAGE and isinstance(e.amount, int):
                    t = top.targets[0]
                    o = state.objects.get(t) if t >= 2 else None
                    if o is not None and o.controller == ctx.me and \
                            o.toughness - o.damage <= e.amount < o.toughness - o.damage + bt:
                        self.plan[obj.oid] = [t]
                        return 30.0 + value(o)
            return 0.0
        assert combat is not None  # blockers are declared (_trick_possible)
        reach, _past, lines = pumped_combat(ctx, bp, bt, kws)
        for a, mine, alone, extra, held, _gains in lines:
            # the first attacker of mine the pump makes lethal: unblocked, or a blocked
            # trampler pumped over its blockers (not one blocked with no blocker left and
            # no trample: it deals no combat damage, 510.1c)
            if mine and not held and (alone or extra > 0) and reach + extra >= ctx.opp_life:
                self.plan[obj.oid] = [a]
                return 45.0
        best, best_score = NONE, 0.0
        for _a, _mine, _alone, _extra, _held, gains in lines:
            for oid, gain in gains:
                if gain > best_score:
                    best, best_score = oid, gain
        if best != NONE and best_score >= 2.5:
            self.plan[obj.oid] = [best]
            return 30.0 + best_score
        return 0.0

    # --- responding to the stack ------------------------------------------------------------

    def _respond_score(self, ctx: Ctx, obj: GameObject) -> float:
        state = ctx.state
        card = obj.card
        top = state.stack[-1]
        if top.controller == ctx.me:
            return 0.0
        # Counter what matters.
        if is_counterspell(card) and top.is_spell:
            threat = spell_threat(state, top.controller, top, self.price)
            if threat >= 3.5 or (top.card.mana_value >= 3 and threat >= 2.0):
                if card.is_creature:  # Spellstutter Sprite: its trigger targets
                    # the Faeries it will count: subtypes now (layer 4: a lignified
                    # Faerie is a Treefolk only, 205.1a)
                    faeries = 1 + sum(1 for c in ctx.mine if has_subtype(c, "Faerie"))
                    if top.card.mana_value > faeries:
                        return 0.0
                    return 45.0 + threat
                for mode, specs, effects in self._modes_of(card):
                    if not has_role(effects, _ROLE_COUNTER):
                        continue
                    opts = legal_targets(state, specs[0], ctx.me, obj.oid, spell=True) \
                        if specs else []
                    if top.sid in opts:
                        counter = first_of_role(effects, _ROLE_COUNTER)
                        if counter_avoidable(state, counter, top.controller):
                            continue
                        self.plan[obj.oid] = [top.sid]
                        if mode >= 0:
                            self.plan_mode[obj.oid] = mode
                        return 50.0 + threat
            return 0.0
        # Answer the spell with one that targets it without countering it (Hallow: its
        # damage prevented), worth what its estimate says with that spell as the target.
        prevent = self._answer_spell_score(ctx, obj, top)
        if prevent > 0.0:
            return prevent
        # Save my creature from burn with a pump.
        if not card.is_creature and card.spell is not None:
            effects = first_effects(card)
            if effects and role_of(effects[0]) in (_ROLE_PUMP, _ROLE_COUNTERS) and \
                    card.spell.targets:
                first: Any = effects[0]
                if role_of(first) is _ROLE_PUMP and not first.negative or role_of(
                        first) is _ROLE_COUNTERS and first.counter == "+1/+1":
                    return self._trick_score(ctx, obj, first)
        return 0.0

    def _answer_spell_score(self, ctx: Ctx, obj: GameObject, top: Any) -> float:
        """A noncreature spell whose one target is a spell and whose effects prevent that
        spell's damage (``Role.PREVENT_SPELL``), aimed at the opponent's spell on top of
        the stack: 40 plus its effects' estimate with that target, when that is 1.0 or
        more (a burn spell at my face or my creature, not a spell that deals none)."""
        card = obj.card
        spell = card.spell
        if card.is_creature or spell is None or len(spell.targets) != 1 or \
                spell.targets[0].kind != "spell" or not top.is_spell or \
                not has_role(spell.effects, _ROLE_PREVENT_SPELL):
            return 0.0
        state = ctx.state
        if top.sid not in legal_targets(state, spell.targets[0], ctx.me, obj.oid, spell=True):
            return 0.0
        worth = effects_value(state, ctx.me, spell.effects, [top.sid], obj.oid, 0, 0,
                              self.price)
        if worth < 1.0:
            return 0.0
        self.plan[obj.oid] = [top.sid]
        return 40.0 + worth

    def _modes_of(self, card: Card) -> list[tuple[int, tuple[Target, ...],
                                                     tuple[EffectT, ...]]]:
        spell = card.spell
        if spell is None:
            return []
        if spell.modes:
            return [(i, m.targets, m.effects) for i, m in enumerate(spell.modes)]
        return [(-1, spell.targets, spell.effects)]


# One attacker of a combat under a pump (``pumped_combat``): its id, whether its
# controller is the pump's, whether no blocker of it is left (510.1a), the damage the pump
# adds past its blockers as the plain trick counts it (no blocker left: the pump's power,
# twice with double strike, as it is even when not positive; blocked: what it adds over its
# blockers as a trampler, 702.19b, else 0), whether it is held (blocked, no blocker left
# and no trample: it deals no combat damage, 510.1c, so a pump on it adds none, whatever
# that count says; ``rules.combat.held_back``), and the fights the pump changes:
# ``(id, gain)`` of the attacker of mine with one blocker, or of each blocker of mine of
# their attacker, in the blockers' order
PumpLine = tuple[int, bool, bool, int, bool, list[tuple[int, float]]]


def pumped_combat(ctx: Ctx, bp: int, bt: int, kws: tuple[str, ...] | list[str]
                  ) -> tuple[int, int, list[PumpLine]]:
    """What a pump of +``bp``/+``bt`` (and keywords ``kws``) on one of ``ctx.me``'s
    creatures does in the declared combat, from one walk over its attackers: the damage
    that reaches the defending player before the pump as the plain trick counts it (every
    attacker with no blocker in ``combat.blockers`` but a held one, blocked with its
    blockers all gone and no trample, which deals none, 510.1c; and the damage of
    ``me``'s blocked tramplers over their blockers), that damage as
    ``heuristic:tricks=combat`` counts it, what ``rules.combat.combat_damage`` deals
    (``me``'s attackers: unblocked, 510.1a; trampled over their blockers, 702.19b; blocked
    with no blocker left, a trampler's whole damage, 702.19e, a non-trampler's none,
    510.1c), and a ``PumpLine`` per attacker, in order. The plain trick
    (``TrickScorer._trick_score``) and ``combat_tricks.combat_value`` each read it by
    their own rules, so the fights (``pump_gain``, the costly part) are found once for
    either, and neither walks the combat again for its damage."""
    state = ctx.state
    combat = state.combat
    assert combat is not None
    objects = state.objects
    me = ctx.me
    unblocked = trampled = past = 0
    lines: list[PumpLine] = []
    for a in combat.attackers:
        att = objects.get(a)
        if att is None:
            continue
        declared = combat.blockers.get(a)
        blockers = [objects[b] for b in declared if b in objects] if declared else []
        # blocked (509.1h) with no blocker left: removed from combat, a blocker leaves
        # ``combat.blockers`` (zones.remove_from_combat) but the attacker stays blocked
        # (``combat.blocked``): it deals no combat damage (510.1c) unless it has trample,
        # then all of it to the player (702.19e)
        held = held_back(state, a, att)
        if not declared and not held:
            unblocked += damage_of(att)
        gains: list[tuple[int, float]] = []
        extra = 0
        mine = att.controller == me
        if mine:
            if not blockers:
                extra = bp * (2 if att.kw & KW_DOUBLE_STRIKE else 1)
                if declared:  # blockers gone: a trampler's whole damage (702.19e)
                    trampled += trample_over(att, blockers)
                if not held:
                    past += damage_of(att)
            else:
                over = trample_over(att, blockers)
                past += over
                trampled += over
                extra = trample_over(att, blockers, bp) - over
                if len(blockers) == 1:
                    gains.append((a, pump_gain(att, blockers[0], bp, bt, kws)))
        else:
            for b in blockers:  # my blockers of their attacker
                if b.controller == me:
                    gains.append((b.oid, pump_gain(b, att, bp, bt, kws)))
        lines.append((a, mine, not blockers, extra, held, gains))
    return unblocked + trampled, past, lines


def trample_over(att: GameObject, blockers: list[GameObject], bonus: int = 0) -> int:
    """Combat damage a trampler (+``bonus`` power) assigns past its blockers: each is
    dealt lethal damage first (702.19b; 1 with deathtouch, 702.2c); first strike is not read."""
    if not att.kw & KW_TRAMPLE:
        return 0
    need = sum(1 if att.kw & KW_DEATHTOUCH else max(0, b.toughness - b.damage)
               for b in blockers)
    return max(0, att.power + bonus - need)


def pump_gain(mine: GameObject, other: GameObject, bp: int, bt: int,
              kws: tuple[str, ...] | list[str]) -> float:
    """What pumping ``mine`` (+bp/+bt and keywords) in its fight with ``other`` gains: my
    creature saved, theirs killed."""
    before = fight(mine, other)
    after = _fight_with(mine, other, bp, bt, kws)
    gain = 0.0
    if before[0] and not after[0]:
        gain += value(mine)
    if not before[1] and after[1]:
        gain += value(other)
    return gain


def _fight_with(a: GameObject, b: GameObject, bp: int, bt: int,
                kws: tuple[str, ...] | list[str]) -> tuple[bool, bool]:
    """fight(a, b) with ``a`` pumped by +bp/+bt and keywords (first strike, ...)."""
    extra = 0
    for k in kws:
        extra |= KEYWORD_BITS.get(k.lower(), 0)
    pumped = msgspec.structs.replace(a, power=a.power + bp, toughness=a.toughness + bt,
                                     kw=a.kw | extra)
    return fight(pumped, b)
