"""Resolving spells and abilities (rule 608).

A ``ResolveTask`` works through a queue of effects, one at a time; each effect resolves
through its rules in the effect table (``engine.rules.effect.EFFECTS``, filled by
``engine.effects.all``: one module per effect). An effect asks all its questions (through
the task's Asker) before it changes anything, so a resumed task replays the answers of
the current effect only. "You may", "if" and "choose one" push their inner effects onto
the front of the queue instead of running them inline.
"""

from __future__ import annotations

from collections.abc import Callable

import mtgsim.engine.effects.all  # noqa: F401  (every effect module registers its rules)
from mtgsim.engine.cards import T_INSTANT, T_SORCERY, EffectT
from mtgsim.engine.effects.may import May
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.effect import EFFECTS
from mtgsim.engine.rules.entering import AfterEnter, prepare_enter
from mtgsim.engine.rules.refs import source_object
from mtgsim.engine.rules.sagas import chapter_resolved
from mtgsim.engine.rules.spell_costs import exiled_from_stack, permission
from mtgsim.engine.rules.targets import controlled_by_chosen, is_legal_target
from mtgsim.engine.rules.zones import describe, forget_object, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import object_resolved
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    NONE,
    STACK,
    GameObject,
    GameState,
    ResolveTask,
    StackItem,
)
from mtgsim.engine.state.stats import count

# 608.2n: where a resolving instant or sorcery card goes; a hook may return another zone
# (rebound, flashback) and set up what follows. (state, item, card object) -> zone | None
SpellDoneHook = Callable[[GameState, StackItem, GameObject], int | None]
SPELL_DONE_HOOKS: list[SpellDoneHook] = []
# The card a hook sent elsewhere, in its new zone (an Adventure exiled, 715.3d; an Omen
# shuffled into its library): (state, item, the card's new object) -> None
SPELL_MOVED_HOOKS: list[Callable[[GameState, StackItem, GameObject], None]] = []
# As a spell begins resolving with every target illegal, before 608.2b removes it: a hook
# that makes it another spell with no targets returns True and it resolves (a bestowed
# Aura spell resolves as an enchantment creature spell, 702.103e, 608.3b)
TARGETS_ILLEGAL_HOOKS: list[Callable[[GameState, StackItem], bool]] = []
# After a stack object resolved (epic's spell, a Saga's chapter ability): (state, item)
RESOLVED_HOOKS: list[Callable[[GameState, StackItem], None]] = [chapter_resolved]  # 714.4


def run_effect(state: GameState, item: StackItem, eff: EffectT, asker: Asker,
               queue: list[EffectT]) -> None:
    """Do one effect (its rules in the effect table). Inner effects of May/If/choose go
    to the front of ``queue``."""
    EFFECTS[type(eff)].resolve(state, item, eff, asker, queue)


def resolve_top(state: GameState, task: ResolveTask) -> None:
    """Handler of ResolveTask (608.2): on its first run the checks of 608.2b (targets)
    and 603.4 (an intervening "if") and what the resolution starts from
    (``_begin_resolving``); then the effects one at a time (``_run_queue``), each of
    which may stop it for a question or a task; last, where the card goes (608.2n, 608.3:
    ``_finish_resolving``). Split so that each rule reads on its own."""
    item = state.stack[-1]
    if item.sid != task.sid:  # a spell was cast while this resolved (cascade): find ours
        item = next(i for i in state.stack if i.sid == task.sid)
    if not task.started:
        if not _targets_checked(state, item) or not _condition_checked(state, item):
            return  # removed from the stack: it does nothing
        _begin_resolving(state, task, item)
    if _run_queue(state, task, item):
        _finish_resolving(state, task, item)


def _targets_checked(state: GameState, item: StackItem) -> bool:
    """608.2b: each target is checked again as the spell or ability begins resolving; an
    illegal one is forgotten (``NONE``), and with every target illegal it does not
    resolve: it is removed (a spell goes to its graveyard, 608.2b) and False is returned.
    Only an object that has targets can lose them ("up to" may have none)."""
    if not item.target_specs:
        return True
    targets = item.targets
    chosen = False
    for t in targets:  # (a loop, not any(): a compiled function holds no generator)
        if t != NONE:
            chosen = True
            break
    if not chosen:
        return True
    # (a loop, not a comprehension: Cython miscompiles a comprehension whose item
    # is an and-chain of three operands, tests/packaging/test_compiled.py)
    legal: list[bool] = []
    for spec, t in zip(item.target_specs, targets, strict=False):
        ok = t != NONE and is_legal_target(state, spec, t, item.controller, item.source)
        if ok and spec.controlled_by >= 0:  # "that player controls" (Searing Blaze)
            ok = controlled_by_chosen(state, spec, t, targets)
        legal.append(ok)
    if not any(legal):
        if item.is_spell and _made_untargeted(state, item):
            item.targets = []  # it has no targets now (702.103e) and resolves
            return True
        # 608.2b: all its targets are illegal: it doesn't resolve.
        if state.log is not None:
            log(state, "fizzle", item.controller, item.label or item.card.name)
        state.tasks.pop()
        state.stack.pop()
        object_resolved(state)
        _spell_done(state, item, to_battlefield=False)
        chapter_resolved(state, item)  # 714.4: its Saga is looked at again
        return False
    item.targets = [t if ok else NONE for t, ok in zip(targets, legal, strict=False)]
    return True


def _made_untargeted(state: GameState, item: StackItem) -> bool:
    """Whether a hook made a spell whose targets are all illegal another spell with no
    targets (a bestowed Aura spell, 702.103e and 608.3b), which then resolves; the first
    hook that does ends the asking."""
    for hook in TARGETS_ILLEGAL_HOOKS:
        if hook(state, item):
            return True
    return False


def _condition_checked(state: GameState, item: StackItem) -> bool:
    """603.4: a triggered ability with an intervening "if" checks its condition again
    as it resolves; when it no longer holds the ability is removed from the stack, does
    nothing (it counts as done) and False is returned."""
    trig = item.trigger
    if trig is None or trig.condition is None:
        return True
    src = source_object(state, item)
    if condition_holds(state, trig.condition, item.controller, src, item.subject_lki):
        return True
    state.tasks.pop()
    state.stack.pop()
    object_resolved(state)
    chapter_resolved(state, item)  # 714.4: its Saga is looked at again
    return False


def _begin_resolving(state: GameState, task: ResolveTask, item: StackItem) -> None:
    """What a resolution starts from, once: the log's line, the keyword statistics of a
    trigger, the targets' controllers as they are now ("that artifact's controller",
    608.2h) and the queue of effects (an optional trigger's behind its "you may")."""
    trig = item.trigger
    if state.log is not None:
        log(state, "resolve", item.controller, item.label or item.card.name,
            ", ".join([describe(state, t) for t in item.targets if t != NONE]))
    if trig is not None and trig.keyword:
        count(state, item.controller, trig.keyword.replace(" ", "_") + "_triggers")
    if item.targets:  # their controllers, for "that artifact's controller" (608.2h)
        objects = state.objects
        item.target_controllers = tuple([
            objects[t].controller if t >= 2 and t in objects else NONE
            for t in item.targets])
    task.queue = list(item.effects)
    if trig is not None and trig.optional:
        task.queue = [May(tuple(item.effects))]
    task.started = True


def _run_queue(state: GameState, task: ResolveTask, item: StackItem) -> bool:
    """608.2c: the effects in order, one at a time, each asking its questions through
    the task's ``Asker`` (a question stops the rules and the effect runs again from its
    start with its answers). False when an effect started a task (casting a card during
    resolution) that runs before the rest."""
    queue = task.queue
    while queue:
        asker = Asker(state, task)
        eff = queue[0]
        del queue[0]
        try:
            run_effect(state, item, eff, asker, queue)
        except BaseException:
            queue.insert(0, eff)
            raise
        task.answers = []
        if state.tasks[-1] is not task:
            return False  # an effect started a task: run it
    return True


def _finish_resolving(state: GameState, task: ResolveTask, item: StackItem) -> None:
    """608.3: a permanent spell enters (its "as it enters" questions first, an Aura
    attached to its target); 608.2n: an instant or sorcery goes to its graveyard; the
    item leaves the stack and the hooks of a resolved object run (a Saga's chapter)."""
    after = None
    attach = NONE
    card = item.card
    if item.is_spell and card.is_permanent_card:
        asker = Asker(state, task)
        if card.is_aura:
            attach = item.targets[0] if item.targets else NONE
        if not card.is_aura or attach != NONE:
            spell_obj = state.objects.get(item.sid)
            if spell_obj is not None and spell_obj.gained_keywords:
                # 400.7a: abilities an effect gave the spell apply as it enters.
                card = rep.with_keywords(state, card, spell_obj.gained_keywords)
            after = prepare_enter(state, card, item.controller, asker, item.sid)
    state.tasks.pop()
    object_resolved(state)
    if state.stack and state.stack[-1] is item:
        state.stack.pop()
    elif item in state.stack:
        state.stack.remove(item)
    _spell_done(state, item, to_battlefield=True, attach=attach, after=after)
    for hook in RESOLVED_HOOKS:
        hook(state, item)


def _spell_done(state: GameState, item: StackItem, to_battlefield: bool, attach: int = NONE,
                after: list[AfterEnter] | None = None) -> None:
    """608.2n / 608.3: an instant or sorcery goes to the graveyard; a permanent enters."""
    if not item.is_spell:
        return
    obj = state.objects.get(item.sid)
    if obj is None or obj.zone != STACK:
        return
    card = obj.card
    if item.is_copy:
        forget_object(state, item.sid)
        if to_battlefield and card.is_permanent_card:  # 608.3f: it becomes a token
            rep.create_token(state, card, item.controller, after=after)
        return
    if card.type_mask & (T_INSTANT | T_SORCERY) or not to_battlefield:
        zone = EXILE if item.alt and exiled_from_stack(item.alt) else GRAVEYARD  # flashback
        if to_battlefield and zone == GRAVEYARD:
            for hook in SPELL_DONE_HOOKS:
                other = hook(state, item, obj)
                if other is not None:
                    zone = other
                    break
        new = move(state, obj, zone)
        if zone == GRAVEYARD and to_battlefield and new.card.triggered:
            triggers.spell_to_graveyard(state, new)
        elif zone != GRAVEYARD and to_battlefield:
            for moved in SPELL_MOVED_HOOKS:
                moved(state, item, new)
        return
    if card.is_aura and attach == NONE:
        move(state, obj, GRAVEYARD)
        return
    if item.alt:
        alt = item.alt

        def remember_alt(_state: GameState, new: GameObject) -> None:
            new.cast_alt = alt  # "if its evoke cost was paid" (702.74a)

        after = [*(after or []), remember_alt]
    if item.paid or item.kicked:
        paid = (*item.paid, "kicker") if item.kicked else item.paid
        obj.cast_paid = paid  # the spell as it enters: "If this was kicked, it enters with"

        def remember_paid(_state: GameState, new: GameObject) -> None:
            new.cast_paid = paid  # "if it was bargained" (702.166c), "kicked" (702.33d)

        after = [*(after or []), remember_paid]
    perm = permission(item.alt) if item.alt else None
    tapped = perm is not None and perm.enters_tapped
    if perm is not None and perm.entered is not None:
        after = [*(after or []), perm.entered]  # "enters tapped and attacking" (sneak)
    # a permanent spell with its back face up (cast transformed: disturb, 702.146b)
    # enters transformed (712.14); ``front`` is the card's own face then
    # a bestowed Aura spell becomes a bestowed Aura (702.103b): the permanent keeps the
    # spell's characteristics, ``front`` the card's own
    keep = perm is not None and perm.keeps_face and obj.front is not None
    rep.enter(state, obj, item.controller, tapped=tapped, attach_to=attach,
              after=after or [],
              transformed=not keep and obj.front is not None and obj.front.back is not None,
              face=obj.card if keep else None)


__all__ = ["resolve_top", "run_effect"]
