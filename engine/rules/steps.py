"""The phases and steps of a turn (500-514): each step's turn-based actions (untap 502,
upkeep 503, draw 504, main 505 with a Saga's lore counter 714.3b, the combat steps
507-511, end 513, cleanup 514), the way from one step to the next (500.4: mana empties;
500.8: added phases; 508.8: no declare blockers or combat damage steps without attackers;
510.4: a first-strike damage step only when a creature has first strike or double strike;
614.10: a skipped combat phase) and from one turn to the next (500.7: extra turns; 611.2a:
effects that last "until your next turn" end).

Priority in a step (117) and the loop that runs tasks and steps are
``engine.rules.turn``'s; it asks ``turn_based_actions`` as a step begins and ``next_step``
when both players have passed in succession with an empty stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgsim.engine.cards import KW_DOESNT_UNTAP
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import sagas, sba, triggers
from mtgsim.engine.rules.combat import combat_damage, has_first_strikers
from mtgsim.engine.rules.play_from_exile import ending_now
from mtgsim.engine.rules.stun import untap_permanent
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Discarding
from mtgsim.engine.state.derived import (
    characteristics_changed,
    checks_due,
    conditions_changed,
    damage_removed,
    permanents,
)
from mtgsim.engine.state.game_state import (
    BEGIN_COMBAT,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    DRAW,
    END,
    END_COMBAT,
    FIRST_STRIKE_DAMAGE,
    GRAVEYARD,
    MAIN1,
    MAIN2,
    NONE,
    UNTAP,
    UPKEEP,
    AttackTask,
    BlockTask,
    Decision,
    DecisionKind,
    DiscardTask,
    DrawTask,
    GameResult,
    GameState,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_DISCARD = DecisionKind.DISCARD

MAX_HAND_SIZE = 7  # the maximum hand size, discarded down to in the cleanup step (402.2, 514.1)


# --- the steps' turn-based actions ----------------------------------------------------------


def cleanup_task(state: GameState, task: DiscardTask) -> None:
    """Cleanup step (514): discard to hand size, then remove damage and end effects."""
    asker = Asker(state, task)
    player = state.active
    hand = list(state.players[player].hand)
    n = len(hand) - MAX_HAND_SIZE
    chosen: list[int] = []
    if n > 0:
        picks = asker.choose_many(Decision(
            _KIND_DISCARD, player, f"discard {n} to hand size", options=hand,
            multi=True, min_count=n, max_count=n, about=Discarding("hand_size")))
        chosen = [hand[i] for i in picks]
    state.tasks.pop()
    for oid in chosen:
        obj = state.objects[oid]
        if state.log is not None:
            log(state, "discard", player, obj.card.name)
        move(state, obj, GRAVEYARD)
    if _cleanup_finish(state):
        state.in_priority = True  # 514.3a
        state.priority = state.active
        state.passes = 0
    else:
        next_step(state)


def draw_task(state: GameState, task: DrawTask) -> None:
    """Handler of DrawTask: the draw step's turn-based draw (504.1), through the
    replacement effects on drawing."""
    asker = Asker(state, task)
    rep.draw(state, task.player, asker)
    state.tasks.pop()



# The handlers of the tasks the steps start, for the loop's table (engine.rules.turn.HANDLERS).
STEP_TASKS: dict[type, Callable[[GameState, Any], None]] = {
    DrawTask: draw_task,
    DiscardTask: cleanup_task,
}


def turn_based_actions(state: GameState) -> bool:
    """Do the step's turn-based actions; False if the step has no priority at all."""
    step = state.step
    if step == MAIN1:
        sagas.precombat_main(state)  # 714.3b: a lore counter on each Saga
        return True
    if step == MAIN2:
        return True  # no turn-based action (505)
    active = state.active
    if step == UNTAP:
        # 502: untap; "summoning sickness" ends for the active player's permanents.
        # (Fields are written only when they change: a Struct field write costs more than
        # a read.)
        objects = state.objects
        for o in permanents(state):
            if o.used_once:
                o.used_once = 0
            if o.controller == active:
                if o.sick:
                    o.sick = False
                if o.skip_untap:  # "doesn't untap during its controller's next untap step"
                    o.skip_untap = False
                    continue
                if o.tapped and not o.kw & KW_DOESNT_UNTAP:
                    if o.counters:  # (a stun counter may be removed instead, 122.1d)
                        untap_permanent(state, o)
                    else:
                        state.set_tapped(o, False)
            elif o.tapped and o.card.defn.untaps_in_others_untap and not o.lost_abilities:
                untap_permanent(state, o)  # "untap ~ during each other player's untap step"
        zone_actions = state.derived.hands.zone_actions
        for p in state.players:
            p.damage_this_turn = 0
            p.drawn_this_turn = 0
            p.cast_this_turn = 0
            p.cast_types_this_turn = 0
            if zone_actions[p.idx]:  # only such cards have abilities that work from a hand
                for oid in p.hand:  # "once each turn" abilities that work from the hand
                    o = objects[oid]
                    if o.used_once:
                        o.used_once = 0
        state.players[active].lands_played = 0
        # Untapping changes characteristics only through conditional statics ("as long as
        # it's untapped", "during your turn"); summoning sickness is no characteristic.
        conditions_changed(state)
        checks_due(state)
        return False
    if step == UPKEEP:
        triggers.step_began(state, "upkeep")
        triggers.delayed(state, "upkeep")
    elif step == DRAW:
        if not (state.turn == 1 and state.skip_first_draw):  # 103.8a
            state.tasks.append(DrawTask(player=active))
    elif step == BEGIN_COMBAT:
        # 507.1 has no turn-based action here; "at the beginning of combat" triggers.
        triggers.step_began(state, "begin_combat")
        triggers.delayed(state, "begin_combat")
        if state.extra_combat >= 0:  # "at the beginning of that combat" (500.8)
            triggers.delayed(state, f"begin_combat:{state.extra_combat}")
    elif step == DECLARE_ATTACKERS:
        state.tasks.append(AttackTask())
    elif step == DECLARE_BLOCKERS:
        state.tasks.append(BlockTask())
    elif step == FIRST_STRIKE_DAMAGE:
        combat_damage(state, first_step=True)
    elif step == COMBAT_DAMAGE:
        combat_damage(state, first_step=False)
    elif step == END_COMBAT:
        triggers.delayed(state, "end_combat")  # "at end of combat" (511.2)
    elif step == END:
        triggers.step_began(state, "end_step")
        triggers.delayed(state, "end_step")
    elif step == CLEANUP:
        state.tasks.append(DiscardTask())
    return True


def _cleanup_finish(state: GameState) -> bool:
    """514.2: remove damage, end "until end of turn" effects. True if priority follows."""
    removed = False
    for o in permanents(state):
        if o.damage or o.regen_shields or o.deathtouched:
            o.damage = 0
            o.regen_shields = 0
            o.deathtouched = False
            removed = True
    if removed:
        damage_removed(state)  # "target damaged creature"
    if state.effects:
        n = len(state.effects)
        state.effects = [e for e in state.effects if not e.until_eot and not ending_now(state, e)]
        if len(state.effects) != n:
            characteristics_changed(state)
    conditions_changed(state)  # statics whose condition may change with the turn
    checks_due(state)
    # 514.3a: if state-based actions or triggers happen, players get priority.
    acted = sba.check(state)
    return acted or bool(state.triggers)


# The steps always followed by the next one, with no phase added or step skipped after
# them (500.8, 508.8): the hot path of ``next_step``. (A flag per step: an item of a
# tuple is read inline by the compiled engine, a bit of an int takes a shift and an and.)
_PLAIN_STEPS = tuple(step in (UNTAP, UPKEEP, DRAW, BEGIN_COMBAT, FIRST_STRIKE_DAMAGE,
                              COMBAT_DAMAGE, END) for step in range(CLEANUP + 1))


def next_step(state: GameState) -> None:
    """500.4: mana empties; move to the next step, skipping combat steps as 508.8 says."""
    p0, p1 = state.players
    if p0.pool:
        p0.pool = []
    if p1.pool:
        p1.pool = []
    step = state.step
    state.in_priority = False
    if _PLAIN_STEPS[step]:
        state.step = step + 1
        return
    if step == CLEANUP:
        if state.result is None:
            _next_turn(state)
        return
    if step == MAIN1 or step == MAIN2:
        if state.main_as != NONE:  # an additional main phase: what followed "this main
            step = state.main_as   # phase" follows it (500.8)
            state.main_as = NONE
        if state.combats_after_main:  # 500.8: "after this main phase, ... combat phase"
            state.combats_after_main -= 1
            state.added_combat_resume = step
            state.extra_combat = NONE
            state.step = BEGIN_COMBAT
            if state.players[state.active].skip_combats:
                _skip_combat(state)
            return
    elif step == END_COMBAT and state.added_combat_resume != NONE:
        state.main_as = state.added_combat_resume  # "followed by an additional main phase"
        state.added_combat_resume = NONE
    leaving_postcombat_main = step == MAIN2
    step += 1
    if leaving_postcombat_main:
        # 500.8: phases added after the first postcombat main phase come next, the most
        # recently created first: an additional combat phase, then its main phase.
        state.postcombat_main_done = True
        state.extra_combat = NONE
        if state.extra_combats:
            state.extra_combat = state.extra_combats.pop(0)
            step = BEGIN_COMBAT
    combat = state.combat
    if step == DECLARE_BLOCKERS and (combat is None or not combat.attackers):
        step = END_COMBAT
    if step == FIRST_STRIKE_DAMAGE and not has_first_strikers(state):
        step = COMBAT_DAMAGE
    if state.step == END_COMBAT:
        state.combat = None  # 511.3
    state.step = step
    if step == BEGIN_COMBAT and state.players[state.active].skip_combats:
        _skip_combat(state)


def _skip_combat(state: GameState) -> None:
    """The active player skips this combat phase (614.10, 614.10a: "skips their next
    combat phase"): none of its steps happens and the turn goes on as if it had ended,
    to the main phase after it (505.1a), an additional one if the phase was added with
    one (500.8)."""
    state.players[state.active].skip_combats -= 1
    if state.log is not None:
        log(state, "skip_combat", state.active)
    state.step = END_COMBAT
    next_step(state)


def _until_next_turn(state: GameState) -> None:
    """Effects that last "until your next turn" end as that player's next turn begins
    (611.2a: the duration the effect states; 500.5's "until" a phase or step: before its
    untap step, so a creature goaded "until your next turn" untaps free of it)."""
    active = state.active
    kept = [e for e in state.effects if e.until_turn_of != active]
    if len(kept) != len(state.effects):
        state.effects = kept
        characteristics_changed(state)


def _next_turn(state: GameState) -> None:
    state.turn += 1
    if state.extra_turns:  # 500.7: the most recently created extra turn first
        if state.next_regular == NONE:
            state.next_regular = 1 - state.active
        state.active = state.extra_turns.pop()
    elif state.next_regular != NONE:  # back to the turn order the extra turns interrupted
        state.active = state.next_regular
        state.next_regular = NONE
    else:
        state.active = 1 - state.active
    state.step = UNTAP
    if state.effects:
        _until_next_turn(state)
    state.combat = None
    state.extra_combats = []
    state.extra_combat = NONE
    state.postcombat_main_done = False
    state.combats_after_main = 0
    state.added_combat_resume = NONE
    state.main_as = NONE
    if state.spell_shields:  # "this turn" (514.2): the shields of the last turn end
        state.spell_shields = []
    if state.untargetable:  # likewise "can't be the target ... this turn"
        state.untargetable = []
    if state.turn > state.max_turns:
        state.result = GameResult(-1, "turn limit", state.turn - 1)


__all__ = ["STEP_TASKS", "cleanup_task", "draw_task", "next_step", "turn_based_actions"]
