"""Turn structure (rules 500-514), priority (117) and the game's main loop.

The loop runs the innermost task if there is one, otherwise the step machine: turn-based
actions of the current step, then priority. Before a player receives priority,
state-based actions are checked and waiting triggers go on the stack (117.5). A player
whose only legal action is to pass is passed for without asking, so steps in which
nobody can act cost no decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

import mtgsim.engine.keywords.all  # noqa: F401  (keyword modules register their hooks)
from mtgsim.engine.cards import KW_DOESNT_UNTAP, CardDef
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import sagas, sba, triggers
from mtgsim.engine.rules.activation import activate_task
from mtgsim.engine.rules.casting import cast_task, play_land
from mtgsim.engine.rules.combat import attack_task, block_task, combat_damage, has_first_strikers
from mtgsim.engine.rules.play_from_exile import ending_now
from mtgsim.engine.rules.priority_actions import legal_actions
from mtgsim.engine.rules.resolution import resolve_top
from mtgsim.engine.rules.special_actions import special
from mtgsim.engine.rules.stun import untap_permanent
from mtgsim.engine.rules.zones import draw_card, log, move, shuffle_library
from mtgsim.engine.state.ask import Asker, IllegalAnswer, Suspend, validate
from mtgsim.engine.state.decisions import Discarding, Mulligans
from mtgsim.engine.state.derived import (
    Derived,
    characteristics_changed,
    checks_due,
    conditions_changed,
    damage_removed,
    game_card,
    permanents,
)
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    BEGIN_COMBAT,
    CAST,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    DRAW,
    END,
    END_COMBAT,
    FIRST_STRIKE_DAMAGE,
    GRAVEYARD,
    LIBRARY,
    MAIN1,
    MAIN2,
    NONE,
    PLAY,
    SPECIAL,
    STEP_NAMES,
    STOP_OWN_STACK,
    UNTAP,
    UPKEEP,
    ActivateTask,
    Answer,
    AttackTask,
    BlockTask,
    CastTask,
    Decision,
    DecisionKind,
    DiscardTask,
    DrawTask,
    GameObject,
    GameResult,
    GameState,
    LegendTask,
    MulliganTask,
    Player,
    ResolveTask,
    TriggerTask,
    ZoneActionsTask,
)
from mtgsim.engine.state.rng import seed_state
from mtgsim.engine.state.sight import Sight

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_BOTTOM = DecisionKind.BOTTOM
_KIND_DISCARD = DecisionKind.DISCARD
_KIND_MULLIGAN = DecisionKind.MULLIGAN

KEEP, MULLIGAN = 0, 1
_PRIORITY = DecisionKind.PRIORITY  # (a module constant: see DecisionKind)
HAND_SIZE = 7


# --- setup and mulligans (103) ----------------------------------------------------------


def new_game(decks: Sequence[Sequence[Card | CardDef]], seed: int, *,
             pool: CardPool | None = None, keep_log: bool = False, record: bool = False,
             max_turns: int = 60, max_actions: int = 5000,
             stops: Sequence[int] | None = None) -> GameState:
    """A new two-player game. ``decks`` are lists of cards (top of library last): cards
    of ``pool`` (by default the pool the first deck's cards come from), or definitions
    made in code, which join the game's card table; ``stops``: each player's stops
    (engine.state.game_state.ALL_STOPS when not given)."""
    if pool is None:
        pool = next((c.pool for deck in decks for c in deck
                     if isinstance(c, Card) and c.pool is not None), None)
        if pool is None:
            raise ValueError("new_game: no card pool (give pool= when the decks hold none "
                             "of its cards)")
    state = GameState(players=[Player(0), Player(1)], rng=seed_state(seed),
                      max_turns=max_turns, max_actions=max_actions)
    state.derived = Derived(pool, [])
    state.derived.mechanics = 0  # counted from here on: the decks' cards, then each made
    state.sight = Sight()
    if stops is not None:
        state.stops = list(stops)
    if keep_log:
        state.log = []
    if record:
        state.decisions = []
    state.derived.decklists = tuple(_fill_library(state, p, deck, pool)
                                    for p, deck in enumerate(decks))
    return state


def _fill_library(state: GameState, player: int, deck: Sequence[Card | CardDef],
                  pool: CardPool) -> tuple[Card, ...]:
    """Put ``deck``'s cards into ``player``'s library in one pass (what ``new_object``
    does for each, with the library's visibility bookkept once: its owner sees its cards,
    in id order, which is deck order); the cards, the player's deck list."""
    cards = tuple([card if isinstance(card, Card) and card.pool is pool else game_card(
        state, card if isinstance(card, CardDef) else card.defn) for card in deck])
    objects = state.objects
    visible = state.sight.visible[player]
    oid = state.next_oid
    clock = state.clock
    ids = list(range(oid, oid + len(cards)))
    for card in cards:
        clock += 1
        objects[oid] = visible[oid] = GameObject(
            oid, card, player, player, LIBRARY, clock, card.color_mask, player)
        oid += 1
    state.next_oid = oid
    state.clock = clock
    mechanics = state.derived.mechanics
    for card in cards:
        mechanics |= card.mechanics
    state.derived.mechanics = mechanics  # (engine.rules.mechanics: the decks' cards)
    state.players[player].library.extend(ids)
    state.sight.libraries[player].extend(ids)
    state.sight.library_changes[player] += len(ids)
    return cards


def _start(state: GameState) -> None:
    """103.2-103.5: shuffle, draw seven, mulligans in turn order."""
    state.started = True
    for p in (0, 1):
        shuffle_library(state, p)
        for _ in range(HAND_SIZE):
            draw_card(state, p)
    state.tasks.append(MulliganTask(player=1))
    state.tasks.append(MulliganTask(player=0))


def mulligan_task(state: GameState, task: MulliganTask) -> None:
    """London mulligan (103.5): shuffle and draw seven, then bottom one card per mulligan."""
    asker = Asker(state, task)
    p = state.players[task.player]
    if p.mulligans < HAND_SIZE:
        choice = asker.choose(Decision(
            _KIND_MULLIGAN, task.player,
            f"keep this hand ({p.mulligans} mulligans)?", options=[KEEP, MULLIGAN],
            about=Mulligans(p.mulligans)))
    else:
        choice = KEEP
    if choice == MULLIGAN:
        p.mulligans += 1
        for oid in list(p.hand):
            move(state, state.objects[oid], LIBRARY)
        shuffle_library(state, task.player)
        for _ in range(HAND_SIZE):
            draw_card(state, task.player)
        task.answers = []
        if state.log is not None:
            log(state, "mulligan", task.player, amount=p.mulligans)
        return
    n = min(p.mulligans, len(p.hand))
    if n:
        hand = list(p.hand)
        picks = asker.choose_many(Decision(
            _KIND_BOTTOM, task.player, f"put {n} on the bottom", options=hand,
            multi=True, min_count=n, max_count=n))
        for i in picks:
            if state.log is not None:
                log(state, "bottom", task.player, state.objects[hand[i]].card.name)
            move(state, state.objects[hand[i]], LIBRARY, bottom=True)
    if state.log is not None:  # the hand kept, one event per card: what a game starts with
        for oid in p.hand:
            log(state, "opening_hand", task.player, state.objects[oid].card.name,
                amount=p.mulligans)
    state.tasks.pop()


def cleanup_task(state: GameState, task: DiscardTask) -> None:
    """Cleanup step (514): discard to hand size, then remove damage and end effects."""
    asker = Asker(state, task)
    player = state.active
    hand = list(state.players[player].hand)
    n = len(hand) - HAND_SIZE
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
        _next_step(state)


def draw_task(state: GameState, task: DrawTask) -> None:
    asker = Asker(state, task)
    rep.draw(state, task.player, asker)
    state.tasks.pop()


HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    DrawTask: draw_task,
    CastTask: cast_task,
    ActivateTask: activate_task,
    ResolveTask: resolve_top,
    TriggerTask: triggers.put_on_stack,
    AttackTask: attack_task,
    BlockTask: block_task,
    MulliganTask: mulligan_task,
    DiscardTask: cleanup_task,
    LegendTask: sba.legend_task,
    ZoneActionsTask: sba.zone_actions_task,
}


# --- the step machine ---------------------------------------------------------------------


def _turn_based_actions(state: GameState) -> bool:
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
# them (500.8, 508.8): the hot path of ``_next_step``. (A flag per step: an item of a
# tuple is read inline by the compiled engine, a bit of an int takes a shift and an and.)
_PLAIN_STEPS = tuple(step in (UNTAP, UPKEEP, DRAW, BEGIN_COMBAT, FIRST_STRIKE_DAMAGE,
                              COMBAT_DAMAGE, END) for step in range(CLEANUP + 1))


def _next_step(state: GameState) -> None:
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
    _next_step(state)


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


def step_machine(state: GameState) -> None:
    if not state.started:
        _start(state)
        return
    if not state.in_priority:
        state.in_priority = True
        state.priority = state.active
        state.passes = 0
        if not _turn_based_actions(state):
            _next_step(state)
        elif not state.tasks and state.pending is None and state.result is None:
            _priority(state)  # what advance would do next
        return
    _priority(state)


# Whether ``_priority`` takes two automatic passes at once (a test turns it off: the games
# must be the same).
BOTH_PASSES_AT_ONCE = True


def _priority(state: GameState) -> None:
    """117.5: state-based actions and triggers first, then a player acts or passes."""
    d = state.derived
    if d.checks.needed and sba.check(state):  # (set by whatever makes characteristics stale)
        return
    if state.result is not None:
        return
    if state.triggers:
        state.tasks.append(TriggerTask())
        return
    player = state.priority
    stack = state.stack
    if stack:
        if stack[-1].controller == player and not state.stop_every_priority and \
                not state.stops[player] & STOP_OWN_STACK:
            pass_priority(state)  # they do not hold priority over their own object
            return
    elif not state.stop_every_priority:
        step = state.step
        stops = state.stops
        table = d.stop_table
        if table is None or table.mask0 is not stops[0] or table.mask1 is not stops[1]:
            table = _stop_table(state)
        flags = table.flags
        if not flags[player][step if player == state.active else step + 13]:
            # The player does not stop in this step (their stops) and passes without
            # being asked. If the other player has not passed yet and has no stop here
            # either, their priority, with the state unchanged, would be the same
            # automatic pass: both are taken at once and the step ends (pass_priority
            # twice with an empty stack, written out: most steps end here;
            # tests/state/test_caches.py plays the same games with BOTH_PASSES_AT_ONCE off).
            if BOTH_PASSES_AT_ONCE and state.passes == 0 and not flags[1 - player][
                    step if player != state.active else step + 13]:
                state.priority = 1 - player
                state.passes = 0
                if step == CLEANUP:
                    state.in_priority = False  # 514.3a: another cleanup step
                else:
                    _next_step(state)
                return
            pass_priority(state)
            return
    actions = legal_actions(state, player)
    if len(actions) == 1 and not state.stop_every_priority:
        pass_priority(state)
        return
    state.pending = Decision(_PRIORITY, player, actions=actions)


class StopTable(msgspec.Struct):
    """``GameState.stops`` as flags (``Derived.stop_table``): ``flags[player]`` holds a
    player's stops as a flag per bit (``stop_bit``'s numbering: a step of their own turn,
    or 13 more for the other player's), made from the masks ``mask0`` and ``mask1``, the
    int objects themselves: the table holds while the state has them (a mask replaced by
    another int object makes it again)."""

    mask0: int
    mask1: int
    flags: tuple[tuple[bool, ...], tuple[bool, ...]]


def _stop_table(state: GameState) -> StopTable:
    """``GameState.stops`` as a ``StopTable``, kept in the derived data."""
    s0, s1 = state.stops
    flags0, flags1 = (tuple(bool(mask >> bit & 1) for bit in range(26)) for mask in (s0, s1))
    table = state.derived.stop_table = StopTable(s0, s1, (flags0, flags1))
    return table


def pass_priority(state: GameState) -> None:
    """117.3d-117.4: both pass in succession: resolve the top object or end the step."""
    state.passes += 1
    if state.passes >= 2:
        state.passes = 0
        if state.stack:
            state.tasks.append(ResolveTask(sid=state.stack[-1].sid))
            state.priority = state.active  # 117.3b
        else:
            if state.step == CLEANUP:
                state.in_priority = False  # 514.3a: another cleanup step
            else:
                _next_step(state)
    else:
        state.priority = 1 - state.priority


def take_action(state: GameState, index: int) -> None:
    """Apply the answer to a priority decision."""
    d = state.pending
    assert d is not None
    action = d.actions[index]
    state.pending = None
    kind = action.kind
    player = d.player
    if kind == PLAY:
        play_land(state, player, action.oid)
        state.passes = 0
    elif kind == CAST:
        state.tasks.append(CastTask(player=player, oid=action.oid, alt=action.alt))
    elif kind == ACTIVATE:
        state.tasks.append(ActivateTask(player=player, oid=action.oid, index=action.index))
    elif kind == SPECIAL:  # 116.2: no stack; the player keeps priority (116.3)
        special(action.index).take(state, player, action.oid)
        state.passes = 0
    else:
        pass_priority(state)


# --- driving the game -------------------------------------------------------------------


def advance(state: GameState) -> Decision | None:
    """Run the game until a player must decide (returned) or it ends (None)."""
    tasks = state.tasks
    while state.result is None:
        if state.pending is not None:
            return state.pending
        if tasks:
            task = tasks[-1]
            try:
                HANDLERS[type(task)](state, task)
            except Suspend:
                return state.pending
        elif state.in_priority:
            _priority(state)
        else:
            step_machine(state)
    return None


def answer(state: GameState, value: Answer) -> None:
    """Give the answer to the pending decision (validated; the state is unchanged if bad)."""
    d = state.pending
    if d is None:
        raise IllegalAnswer("no decision is pending")
    validate(d, value)
    if isinstance(value, list):  # the state's own (the caller may reuse its list)
        value = value.copy()
    state.actions_taken += 1
    if state.decisions is not None:
        state.decisions.append(value.copy() if isinstance(value, list) else value)
    if d.kind is _PRIORITY:
        assert isinstance(value, int)
        take_action(state, value)
    else:
        task = state.tasks[-1]
        task.answers.append(value)
        state.pending = None
        try:
            HANDLERS[type(task)](state, task)
        except Suspend:
            pass
        except IllegalAnswer:
            task.answers.pop()
            state.pending = d
            state.actions_taken -= 1
            if state.decisions is not None:
                state.decisions.pop()
            raise
    if state.actions_taken >= state.max_actions and state.result is None:
        state.result = GameResult(-1, "action limit", state.turn)


def step_name(state: GameState) -> str:
    return STEP_NAMES[state.step]


__all__ = ["advance", "answer", "new_game"]
