"""Driving the game through a scenario's actions: cast, activate, attack, block,
resolve and advance, passing priority explicitly for the player who isn't acting.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from mtgsim.engine.keywords.level_up import has_now
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.spell_costs import permission_name
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.scenario.answers import DecisionAnswers
from mtgsim.engine.scenario.format import (
    ActionSpec,
    AdvanceTo,
)
from mtgsim.engine.scenario.setup import PLAYER_NAMES, ZONE_BY_NAME, ScenarioError
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    DECLARE_ATTACKERS,
    HAND,
    PASS,
    PLAY,
    SPECIAL,
    STEP_NAMES,
    Action,
    Decision,
)


class ActionDriver(DecisionAnswers):
    """Plays a scenario's actions against the engine."""

    # --- driving -------------------------------------------------------------------------

    def run_until(self, stop: Callable[[Decision], bool], what: str) -> Decision | None:
        """Answer decisions (passing priority) until ``stop`` holds or the game ends."""
        state = self.state
        for _ in range(20000):
            d = advance(state)
            if d is None:
                return None
            self._track_labels()
            if stop(d):
                return d
            answer(state, self._auto(d))
            self._track_labels()
        raise ScenarioError(f"{what}: the game did not get there")

    def priority_for(self, player: int, what: str) -> Decision:
        d = self.run_until(lambda d: d.kind is DecisionKind.PRIORITY and d.player == player, what)
        if d is None:
            raise ScenarioError(f"{what}: the game ended first")
        return d

    def do_action(self, i: int, act: ActionSpec) -> None:
        p = PLAYER_NAMES[act.player]
        what = f"action {i + 1} ({act.player} {self._verb(act)})"
        self.action = act
        self.queues[p].extend(act.choices)
        self.action_targets = deque(act.targets or [])
        self.convoke_left = list(act.convoke) if act.convoke is not None else None
        self.replicate_asked = 0
        try:
            if act.play is not None or act.cast is not None or act.activate is not None \
                    or act.plot is not None or act.foretell is not None:
                self._priority_action(p, act, what)
            elif act.attack is not None:
                self._attack(p, act, what)
            elif act.block is not None:
                self.block_action = act
                self._block(p, act, what)
            elif act.resolve is not None:
                self._resolve(act.resolve, what)
            elif act.advance is not None:
                self._advance(act.advance, what)
            else:
                raise ScenarioError(f"{what}: no verb")
        except IllegalAnswer as exc:
            if act.illegal:
                return
            raise ScenarioError(f"{what}: illegal: {exc}") from None
        finally:
            self.action = None
            self.casting = -1

    def _verb(self, act: ActionSpec) -> str:
        for key in ("play", "cast", "activate", "plot", "foretell", "attack", "block",
                    "resolve", "advance"):
            v = getattr(act, key)
            if v is not None:
                return f"{key} {v}"
        return "?"

    def _priority_action(self, p: int, act: ActionSpec, what: str) -> None:
        d = self.priority_for(p, what)
        index = self._find_action(d, act)
        if index is None:
            if act.illegal:
                return
            legal = ", ".join(self._describe_action(a) for a in d.actions)
            raise ScenarioError(f"{what}: not a legal action now (legal: {legal})")
        chosen = d.actions[index]
        source_before = self.state.objects.get(chosen.oid)
        # An action offered at priority may still be rejected while it is being cast
        # (a convoking creature that pays nothing, an illegal target): then nothing
        # changes, so the position before it is restored.
        snapshot = clone(self.state) if act.illegal else None
        named = [o for o in self.state.players[p].hand
                 if self.state.objects[o].card.name == act.discard] if act.discard else []
        untapped = {oid for oid in self.state.battlefield
                    if not self.state.objects[oid].tapped}
        self.casting = chosen.oid
        try:
            answer(self.state, index)
            # Finish casting/activating: stop at the next priority (triggers on the stack).
            self.run_until(lambda d: d.kind is DecisionKind.PRIORITY, what)
        except IllegalAnswer:
            if snapshot is None:
                raise
            self.state = snapshot
            return
        if act.discard is not None and all(o in self.state.objects for o in named):
            # The engine discarded the only card it could itself, not the one named: the
            # action as written was illegal.
            if snapshot is not None:
                self.state = snapshot
                return
            raise ScenarioError(f"{what}: illegal: {act.discard} can't be discarded for it")
        if not self._convoke_forced(p, untapped):
            # A creature named to convoke was never offered nor tapped: it can't convoke.
            if snapshot is not None:
                self.state = snapshot
                return
            raise ScenarioError(f"{what}: illegal: {self.convoke_left} can't convoke it")
        paid = sum(act.replicate) if isinstance(act.replicate, list) else act.replicate
        if paid and not any(
                item.sid in (chosen.oid, source_before.moved_to if source_before else -1)
                and sum(item.replicate_counts) for item in self.state.stack):
            # No replicate question was asked (the spell has no replicate, or not even
            # one payment is affordable): the action as written was illegal.
            if snapshot is not None:
                self.state = snapshot
                return
            raise ScenarioError(f"{what}: illegal: its replicate cost can't be paid")
        if act.illegal and act.targets and snapshot is not None:
            # The engine chose the only legal target itself: if that is not the one the
            # action names, the action as written was illegal.
            try:
                self._check_targets({chosen.oid} | ({source_before.moved_to} if source_before
                                                   else set()), act.targets, what)
            except ScenarioError:
                self.state = snapshot
                return
        if act.illegal:
            raise ScenarioError(f"{what}: the engine accepted an action that must be illegal")
        if act.targets:
            ids = {chosen.oid}
            if source_before is not None:
                ids.add(source_before.moved_to)
            self._check_targets(ids, act.targets, what)

    def _check_targets(self, ids: set[int], wanted: list[str], what: str) -> None:
        """Targets the engine chose alone (one legal choice) must be the ones named."""
        state = self.state
        for item in state.stack:
            if item.sid in ids or item.source in ids:
                got = [self._name(t) for t in item.targets]
                for w, t in zip(wanted, item.targets, strict=False):
                    if w in PLAYER_NAMES:
                        ok = t == PLAYER_NAMES[w]
                    elif w in self.labels:
                        cur = self._follow(state, self.labels[w])
                        ok = cur is not None and cur.oid == t
                    else:
                        ok = self._name(t) == w
                    if not ok:
                        raise ScenarioError(f"{what}: targets {got}, expected {wanted}")

    def _describe_action(self, a: Action) -> str:
        if a.kind == PASS:
            return "pass"
        verb = {PLAY: "play", CAST: "cast", ACTIVATE: "activate", SPECIAL: "plot"}[a.kind]
        obj = self.state.objects.get(a.oid)
        index = a.index
        if a.kind == ACTIVATE and obj is not None:  # as `ability` counts them
            abilities = activated_abilities(obj)
            index = sum(1 for b in abilities[:a.index] if has_now(obj, b))
        return f"{verb} {obj.card.name if obj else a.oid}" + (
            f" [{index}]" if a.kind == ACTIVATE else "")

    def _find_action(self, d: Decision, act: ActionSpec) -> int | None:
        state = self.state
        if act.play is not None:
            kind, name = PLAY, act.play
        elif act.cast is not None:
            kind, name = CAST, act.cast
        elif act.plot is not None:
            kind, name = SPECIAL, act.plot
        elif act.foretell is not None:
            kind, name = SPECIAL, act.foretell
        else:
            kind, name = ACTIVATE, act.activate or ""
        zone = ZONE_BY_NAME.get(act.from_ or "hand", HAND)
        fallback: int | None = None
        for i, a in enumerate(d.actions):
            if a.kind != kind:
                continue
            obj = state.objects.get(a.oid)
            if obj is None:
                continue
            label_obj = self.labels.get(name)
            if label_obj is not None:
                cur = self._follow(state, label_obj)
                if cur is None or cur.oid != a.oid:
                    continue
            elif obj.card.name != name:
                continue
            if kind == CAST and obj.zone != zone:
                continue
            if kind == CAST:
                # ``alt`` names the permission ("evoke", "flashback", "retrace"); without
                # it the normal cast is preferred, else the one way the card can be cast
                # from that zone (flashback or retrace from the graveyard).
                name_alt = permission_name(a.alt)
                if act.alt is not None and name_alt != act.alt:
                    continue
                if act.alt is None and a.alt and not act.free:
                    if fallback is None and zone != HAND:
                        fallback = i
                    continue
            if kind == ACTIVATE and act.ability is not None:
                abilities = activated_abilities(obj)
                ab = abilities[a.index] if a.index < len(abilities) else None
                if isinstance(act.ability, int):
                    # The index counts the abilities the object has now: a leveler's
                    # level up and its current band's, not other bands' (FORMAT.md).
                    present = [i for i, b in enumerate(abilities) if has_now(obj, b)]
                    if act.ability >= len(present) or a.index != present[act.ability]:
                        continue
                elif ab is None or ab.keyword != act.ability:
                    continue
            return i
        return fallback

    def _attack(self, p: int, act: ActionSpec, what: str) -> None:
        """Declare attackers in the first declare attackers step, from where the game
        stands, whose attackers are not yet declared (FORMAT.md): this combat's if its
        declaration is still to come, else the next combat's, an additional combat
        phase of this turn (500.8) included; it must be ``p``'s."""
        state = self.state
        # In a declare attackers step with priority its attackers are declared already.
        left = [not (state.step == DECLARE_ATTACKERS and state.in_priority)]

        def stop(d: Decision) -> bool:
            if d.kind is DecisionKind.ATTACKERS:
                return True
            if state.step != DECLARE_ATTACKERS:
                left[0] = True
                return False
            # A declaration the engine made without asking (no creature could attack,
            # or only ones that must): the step is here, its attackers declared.
            return left[0]

        d = self.run_until(stop, what)
        if d is None:
            raise ScenarioError(f"{what}: the game ended first")
        if state.active != p:
            raise IllegalAnswer(f"the next declare attackers step is "
                                f"{'AB'[state.active]}'s (turn {state.turn})")
        if d.kind is not DecisionKind.ATTACKERS:
            declared = sorted(self._name(a) for a in state.combat.attackers) \
                if state.combat is not None else []
            wanted = sorted(self._name(self._resolve_ref(state, n, BATTLEFIELD))
                            for n in act.attack or [])
            if declared != wanted:
                if act.illegal:
                    return
                raise ScenarioError(f"{what}: illegal: attackers would be {declared}")
            if act.illegal:
                raise ScenarioError(f"{what}: the engine accepted an attack that must be "
                                    "illegal")
            return
        answer(state, self._attackers(d, act.attack or []))
        if act.illegal:
            raise ScenarioError(f"{what}: the engine accepted an attack that must be illegal")
        self.run_until(lambda d: d.kind is DecisionKind.PRIORITY, what)

    def _block(self, p: int, act: ActionSpec, what: str) -> None:
        state = self.state
        d = self.run_until(lambda d: d.kind is DecisionKind.BLOCKERS or state.step > DECLARE_ATTACKERS + 1,
                           what)
        if d is None:
            raise ScenarioError(f"{what}: the game ended first")
        if d.kind is not DecisionKind.BLOCKERS:
            if act.block:
                if act.illegal:
                    return
                raise ScenarioError(f"{what}: illegal: no creature can block")
            return
        if d.player != p:
            raise ScenarioError(f"{what}: {'AB'[d.player]} is the defending player")
        answer(state, self._blockers(d, act.block or []))
        if act.illegal:
            raise ScenarioError(f"{what}: the engine accepted a block that must be illegal")
        self.run_until(lambda d: d.kind is DecisionKind.PRIORITY, what)

    def _resolve(self, count: int | str, what: str) -> None:
        state = self.state
        start = state.derived.memo.resolved

        def empty() -> bool:
            return not state.stack and not state.triggers

        if count == "all":
            def stop(d: Decision) -> bool:
                return d.kind is DecisionKind.PRIORITY and empty()
        else:
            assert isinstance(count, int)
            if count < 1:
                raise ScenarioError(f"{what}: resolve wants a positive number or \"all\"")

            def stop(d: Decision) -> bool:
                # Passing on with an empty stack would end the step: stop there.
                return d.kind is DecisionKind.PRIORITY and (state.derived.memo.resolved - start >= count or empty())
        if empty():
            if count == "all":
                return
            raise ScenarioError(f"{what}: nothing can resolve, the stack is empty")
        self.run_until(stop, what)
        done = state.derived.memo.resolved - start
        if isinstance(count, int) and done < count and state.result is None:
            raise ScenarioError(f"{what}: only {done} of {count} stack objects could "
                                "resolve before the stack was empty")

    def _advance(self, target: str | AdvanceTo, what: str) -> None:
        state = self.state
        if isinstance(target, str):
            step_name, turn = target, None
        else:
            step_name, turn = target.step, target.turn
        if step_name not in STEP_NAMES:
            raise ScenarioError(f"{what}: unknown step {step_name!r}")
        step = STEP_NAMES.index(step_name)
        if turn is None:
            turn = state.turn if step > state.step or (
                step == state.step and not state.stack) else state.turn + 1

        def stop(d: Decision) -> bool:
            return d.kind is DecisionKind.PRIORITY and state.turn == turn and state.step == step

        if state.turn == turn and state.step == step and state.pending is not None:
            return
        d = self.run_until(stop, what)
        if d is None and state.result is None:
            raise ScenarioError(f"{what}: never reached {step_name}")
