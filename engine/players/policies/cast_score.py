"""Scores for casting a card with priority, by what it is: creatures (curve-out in the
main phase, flash creatures held for the end step or an ambush block, bloodthirst after
combat), Auras (on the best host, or the opponent's worst-off creature when hostile),
other permanents, evoke and retrace, discard outlets before a madness spell they let me
cast (``madness_plan``); instants and sorceries go to ``SpellScorer`` and
anything cast with a stack to answer goes to the responses in ``TrickScorer``.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_FLASH,
    KW_FLYING,
    KW_HASTE,
    KW_REACH,
    T_LAND,
    Cost,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords.adventure import ADVENTURE, OMEN
from mtgsim.engine.keywords.bestow import BESTOW
from mtgsim.engine.keywords.disturb import DISTURB
from mtgsim.engine.keywords.escape import ESCAPE, escape_exiles
from mtgsim.engine.keywords.evoke import EVOKE
from mtgsim.engine.keywords.overload import OVERLOAD
from mtgsim.engine.keywords.retrace import RETRACE
from mtgsim.engine.keywords.sneak import SNEAK
from mtgsim.engine.players.policies import choices
from mtgsim.engine.players.policies.bestow_plan import bestow_score
from mtgsim.engine.players.policies.context import Ctx, fits_reserve
from mtgsim.engine.players.policies.escape_plan import escape_starves
from mtgsim.engine.players.policies.madness_plan import discards_own_card, outlet_plan
from mtgsim.engine.players.policies.sneak_plan import sneak_score, wait_for_sneak
from mtgsim.engine.players.policies.spells import SpellScorer
from mtgsim.engine.players.worth import (
    aura_bonus,
    aura_is_hostile,
    card_want,
    guess_amount,
    is_creature,
    perm_value,
)
from mtgsim.engine.rules.castability import additional_of, aura_target, permission_costs
from mtgsim.engine.rules.costs import CostWorth, controlled, costs_worth
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.spell_costs import (
    ALT_ALTERNATIVE,
    ALT_NORMAL,
    ALT_OTHER_ADDITIONAL,
    spell_face,
)
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.game_state import DECLARE_ATTACKERS, NONE, GameObject

# Retrace (and the land play that keeps a land back for it): a land card is spare once
# the lands on the battlefield plus the others in hand are at least RETRACE_LANDS, and
# with KEEP_FOR_RETRACE lands out the last land in hand is kept to retrace rather than
# played (the deck then floods into spells instead of into more mana than it uses).
RETRACE_LANDS = 3
KEEP_FOR_RETRACE = 4
# Paying life instead of mana (118.9) leaves at least this much life
LIFE_FLOOR = 5
# _cast_score's ``alt`` for the spell's worth alone, whichever way it is paid
_SCORED_PLAIN = -1
# the permissions' codes _cast_score compares a cast with, as module constants (not an
# attribute read of each permission for every cast scored)
_RETRACE = RETRACE.code
_ESCAPE = ESCAPE.code
_EVOKE = EVOKE.code
_ADVENTURE = ADVENTURE.code
_OMEN = OMEN.code
_OVERLOAD = OVERLOAD.code
_DISTURB = DISTURB.code
_SNEAK = SNEAK.code
_BESTOW = BESTOW.code


def _cost_loss(ctx: Ctx, obj: GameObject, cost: Cost) -> float:
    """What paying one of "[A] or [B]" gives up: the cards the discard would take (the
    least wanted), the permanents the sacrifice would take (the least valued), the mana
    (half a point each: it could cast something else) and the life."""
    state, me = ctx.state, ctx.me
    loss = 0.0
    if cost.discard:
        wants = sorted(card_want(state, me, o.card) for o in ctx.hand if o.oid != obj.oid)
        loss += sum(wants[:cost.discard])
    if cost.sacrifice is not None:
        worths = sorted(perm_value(state, state.objects[oid], me)
                        for oid in controlled(state, me, cost.sacrifice, obj.oid))
        loss += sum(worths[:cost.sacrifice_n])
    if cost.mana:
        loss += 0.5 * parse_cost(cost.mana).mana_value
    return loss + 0.4 * cost.pay_life


class CastScorer(SpellScorer):
    """Casting scores (a mixin of ``HeuristicPolicy``)."""

    __slots__ = ()  # (its state is in TargetPlanner's slots)

    def _cast_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        card = obj.card
        state = ctx.state
        if alt != ALT_NORMAL:  # (the usual cast skips the permissions' own scores)
            if alt == _RETRACE and not self._retrace_ok(ctx, card):
                return 0.0
            if alt == _ESCAPE and escape_starves(state, ctx.me, obj, escape_exiles(obj)):
                return 0.0  # its exiles would take what delve or a reduction in hand needs
            if alt == _EVOKE:
                return self._evoke_score(ctx, obj)
            if alt == _ADVENTURE or alt == _OMEN:
                return self._half_score(ctx, obj, alt)
            if alt == _OVERLOAD:
                return self._overload_score(ctx, obj, alt)
            if alt == _DISTURB:
                return self._disturb_score(ctx, obj)
            if alt == _SNEAK:
                return self._sneak_score(ctx, obj)
            if alt == _BESTOW:
                return self._bestow_score(ctx, obj)
            if alt == ALT_ALTERNATIVE and card.alternative_cost is not None and \
                    card.alternative_cost.pay_life:
                return self._life_instead_score(ctx, obj, card.alternative_cost)
        elif ctx.main1 and "sneak" in card.keyword_names and \
                wait_for_sneak(state, ctx.me, obj, ctx.mana):
            return 0.0  # cast for its sneak cost in combat, or after it (sneak_plan)
        if card.spell is not None and card.spell.additional_cost_or is not None and \
                alt in (ALT_NORMAL, ALT_OTHER_ADDITIONAL):
            return self._either_cost_score(ctx, obj, alt)
        if state.stack:
            return self._respond_score(ctx, obj)
        if card.is_creature:
            return self._creature_score(ctx, obj)
        if card.is_aura:
            return self._aura_score(ctx, obj)
        if ctx.main and discards_own_card(card):
            cost = permission_costs(state, obj, alt)[0]
            if fits_reserve(ctx, cost.mana_value):
                # the madness spell it lets me cast with the mana left (702.35a)
                plan = outlet_plan(state, ctx.me, obj, cost, ctx.hand, self.price)
                if plan > 0.0:
                    return max(plan, self._spell_score(ctx, obj, alt))
        if card.spell is None or card.is_permanent_card:
            if not ctx.main:
                return 0.0
            if not fits_reserve(ctx, card.mana_value):
                return 0.0
            return 11.0 + card.mana_value
        return self._spell_score(ctx, obj, alt)

    def _life_instead_score(self, ctx: Ctx, obj: GameObject, cost: Cost) -> float:
        """Life rather than mana (118.9: Snuff Out's "pay 4 life"): the same play as the
        normal cast, less what the life is worth (so that with the mana at hand the
        mana is spent, the normal cast scoring higher), and never when it would leave
        ``LIFE_FLOOR`` or less, or the opponent's board lethal next turn."""
        left = ctx.my_life - cost.pay_life
        if left <= LIFE_FLOOR or left <= sum(max(c.power, 0) for c in ctx.theirs):
            return 0.0
        score = self._cast_score(ctx, obj, 0)
        if score <= 0.0:
            return 0.0
        loss = costs_worth(CostWorth(ctx.state, ctx.me, lambda o: False, lambda o: 0.0),
                           obj, cost)
        return max(score - loss, 0.01)

    def _sneak_score(self, ctx: Ctx, obj: GameObject) -> float:
        """Sneak: the swap of an unblocked attacker (``sneak_plan``); an instant or
        sorcery is worth its effects with the best targets (planned for the cast)."""

        def spell_value(card: Card) -> float:
            spell = card.spell
            if spell is None or spell.modes:
                return 0.0  # a modal spell waits for its normal cast
            value, targets = self._plan_specs(ctx, obj.oid, spell.targets, spell.effects)
            self.plan[obj.oid] = targets
            return value

        return sneak_score(ctx.state, ctx.me, obj, spell_value)

    def _bestow_score(self, ctx: Ctx, obj: GameObject) -> float:
        """Bestow (702.103a): the card as an Aura on my best creature for it, for the
        bestow cost, preferred to the creature cast when there is one (``bestow_plan``)."""
        if ctx.state.stack:
            return 0.0
        face = spell_face(ctx.state, obj, _BESTOW)
        mv = permission_costs(ctx.state, obj, _BESTOW)[0].mana_value
        host = self._aura_score(ctx, obj, face, mv)
        plan = self.plan.get(obj.oid)
        if host <= 0.0 or not plan:
            return 0.0
        return bestow_score(ctx.state, ctx.me, plan[0], host, mv)

    def _either_cost_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        """"As an additional cost, [A] or [B]" (601.2b): each way is offered as its own
        cast; the spell's score less what that cost gives up, so the cheaper way wins."""
        card = obj.card
        cost = additional_of(card, alt)
        base = self._cast_score(ctx, obj, _SCORED_PLAIN)
        if base <= 0.0 or cost is None:
            return 0.0
        return max(base - _cost_loss(ctx, obj, cost), 0.01)

    def _retrace_ok(self, ctx: Ctx, card: Card) -> bool:
        """Retrace discards a land: only a spare one, i.e. the lands on the battlefield
        and the rest of those in hand still reach ``RETRACE_LANDS`` (and the spell's
        mana value). A land the turn's land drop would put down is played instead."""
        hand_lands = sum(1 for o in ctx.hand if o.card.type_mask & T_LAND)
        p = ctx.state.players[ctx.me]
        if hand_lands == 0:
            return False
        if p.lands_played < p.land_drops and hand_lands <= 1 and \
                ctx.lands < KEEP_FOR_RETRACE:
            return False  # play it instead
        return ctx.lands + hand_lands - 1 >= max(RETRACE_LANDS, card.mana_value)

    def _evoke_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main and not ctx.opp_end:
            return 0.0
        best = 0.0
        for ab in obj.card.triggered:
            if ab.when != "enters":
                continue
            score, targets = self._plan_specs(ctx, obj.oid, ab.targets, ab.effects)
            if score > best:
                best = score
                self.plan[obj.oid] = targets
        return 8.0 + best if best >= 4.0 else 0.0

    def _half_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        """An adventurer's Adventure or an Omen card's Omen (715.3): its effects' worth
        with the best targets, in a main phase (an instant one also at the end of the
        opponent's turn), not in answer to a spell. An Adventure comes back as a creature
        to cast from exile (715.3d), so worth something it goes before the creature (the
        creature's own score is 20 + its mana value); an Omen's card is shuffled away, so
        it scores as a spell, below casting the creature."""
        state = ctx.state
        face = spell_face(state, obj, alt)
        if state.stack or not (ctx.main or ctx.opp_end and face.instant_speed):
            return 0.0
        if not fits_reserve(ctx, face.mana_value) or face.spell is None:
            return 0.0
        value, targets = self._plan_specs(ctx, obj.oid, face.spell.targets, face.spell.effects)
        if value < 1.0:
            return 0.0
        self.plan[obj.oid] = targets
        if alt == _ADVENTURE:
            return 21.0 + obj.card.mana_value + value
        return 10.0 + value

    def _overload_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        """Overload (702.96): the spell with "each" for "target", worth its effects on
        every object they reach. Cast so when that is worth more than the normal cast
        (offered beside it, scored as any spell) by more than the extra mana (half a
        point each); scored above the normal cast by that difference, at the normal
        cast's timing (or, when the normal cast has no use now, as a sweeper: in a main
        phase, an instant one also at the end of the opponent's turn, never in answer to
        a spell)."""
        state = ctx.state
        card = obj.card
        face = spell_face(state, obj, alt)
        if face.spell is None or card.spell is None:
            return 0.0
        cost = permission_costs(state, obj, alt)[0]
        if not fits_reserve(ctx, cost.mana_value):
            return 0.0
        value, _ = self._plan_specs(ctx, obj.oid, face.spell.targets, face.spell.effects)
        single, _ = self._plan_specs(ctx, obj.oid, card.spell.targets, card.spell.effects)
        gain = value - max(single, 0.0) - 0.5 * max(0, cost.mana_value - card.mana_value)
        if gain <= 0.0:
            return 0.0
        base = self._cast_score(ctx, obj, _SCORED_PLAIN)
        if base <= 0.0:
            if state.stack or not (ctx.main or ctx.opp_end and face.instant_speed):
                return 0.0
            base = 10.0
        self.plan[obj.oid] = []
        return base + gain

    def _creature_score(self, ctx: Ctx, obj: GameObject) -> float:
        card = obj.card
        mv = card.mana_value
        flash = bool(card.keyword_mask & KW_FLASH)
        if card.toughness == 0 and not card.levels and self._enters_dead(ctx, obj):
            return 0.0  # a 0/0 with nothing to grow it (Golgari Grave-Troll, empty yard)
        if ctx.main:
            if not fits_reserve(ctx, mv) and (flash or not ctx.urgent):
                return 0.0
            if flash and not ctx.urgent and not card.keyword_mask & KW_HASTE:
                # keep it for the end of the opponent's turn or an ambush block: cast
                # now it gains nothing a main phase gives (it cannot attack this turn)
                return 0.0
            score = 20.0 + mv
            if "bloodthirst" in card.keyword_names and not ctx.opp_damaged:
                if ctx.main1 and self._can_damage_in_combat(ctx):
                    return 0.0  # attack first, cast it after combat
                score -= 3.0
            if card.keyword_mask & KW_HASTE and ctx.main1:
                score += 4.0
            if any(k.name == "devour" for k in card.keyword_instances):
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
                if att.kw & KW_FLYING and not card.keyword_mask & (KW_FLYING | KW_REACH):
                    continue
                if p >= att.toughness - att.damage and att.power < t:
                    return 30.0 + mv
        return 0.0

    def _enters_dead(self, ctx: Ctx, obj: GameObject) -> bool:
        card = obj.card
        if any(k.name in ("graft", "devour", "bloodthirst") for k in card.keyword_instances):
            return any(k.name == "devour" for k in card.keyword_instances) and not any(
                c for c in ctx.mine) or ("bloodthirst" in card.keyword_names and
                                         not ctx.opp_damaged and not any(
                                             k.name == "graft" for k in card.keyword_instances))
        total = 0
        for r in card.enter_replacements:
            if r.kind == "enters_with_counters" and r.counter == "+1/+1":
                total += guess_amount(ctx.state, r.amount, ctx.me, obj.oid, 0)
        return total <= 0

    def _can_damage_in_combat(self, ctx: Ctx) -> bool:
        """Can an attack this turn deal the opponent damage (bloodthirst)? Any creature
        able to attack may: the defender need not block it, and a bloodthirst creature
        cast after combat loses nothing (without haste it could not attack anyway)."""
        for c in ctx.mine:
            if c.tapped or c.power <= 0 or c.kw & KW_CANT_ATTACK:
                continue
            if c.sick and not c.kw & KW_HASTE:
                continue
            return True
        return False

    def _disturb_score(self, ctx: Ctx, obj: GameObject) -> float:
        """Disturb (702.146a): the back face cast from the graveyard for the disturb
        cost, a card gained, so always worth it in a main phase when the cost fits the
        mana kept for other spells: a creature face as a creature cast from hand scores
        a point less (the hand's cards go first: they have no other way to be cast), an
        Aura face as that Aura, on the best creature for it."""
        state = ctx.state
        face = spell_face(state, obj, DISTURB.code)
        mv = permission_costs(state, obj, DISTURB.code)[0].mana_value
        if state.stack or not ctx.main or not fits_reserve(ctx, mv):
            return 0.0
        if face.is_aura:
            return self._aura_score(ctx, obj, face, mv)
        return 19.0 + mv if face.is_creature else 0.0

    def _aura_score(self, ctx: Ctx, obj: GameObject, face: Card | None = None,
                    mv: int = -1) -> float:
        """An Aura spell (``face``: the Aura the card is cast as, when not its own;
        ``mv``: the mana its cost takes, when not its mana value)."""
        if not ctx.main:
            return 0.0
        card = obj.card if face is None else face
        state = ctx.state
        if not fits_reserve(ctx, card.mana_value if mv < 0 else mv):
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
            return 16.0 + card.mana_value
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
        return 18.0 + card.mana_value + min(aura_bonus(card), 6.0) * 0.3
