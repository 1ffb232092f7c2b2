"""The rules-scenario runner: set up a position, play scripted actions, check the result.

It implements shared/conformance/FORMAT.md. The engine is driven exactly as a policy
would drive it; the runner answers each decision from the action in progress (targets,
X, attackers, blockers) or from the deciding player's queue of choices, and passes
priority for the player who is not acting. The game is put in "stop at every priority"
mode so that passing is always an explicit, observable step.
"""

from __future__ import annotations

import tomllib
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path

import msgspec

from engine.ask import IllegalAnswer
from engine.cardpool import load_pool
from engine.cards import KEYWORD_BITS, CardDef
from engine.casting import ALT_NAMES, activated_abilities
from engine.layers import ensure
from engine.scenario.format import (
    ActionSpec,
    AdvanceTo,
    Choice,
    PermanentSpec,
    Scenario,
    SideExpect,
    SideSetup,
)
from engine.serialize import copy_state
from engine.state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    DECLARE_ATTACKERS,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    PASS,
    PLAY,
    STEP_NAMES,
    Action,
    Decision,
    GameObject,
    GameState,
)
from engine.turn import advance, answer, new_game
from engine.zones import new_object

PLAYER_NAMES = {"A": 0, "B": 1}
ZONE_BY_NAME = {"hand": HAND, "graveyard": GRAVEYARD, "exile": EXILE, "library": LIBRARY}


class ScenarioError(Exception):
    """The scenario failed: the message says where and why."""


class ScenarioResult(msgspec.Struct):
    file: str
    name: str
    passed: bool
    error: str | None = None


def load_scenario(path: Path) -> Scenario:
    data = path.read_bytes()
    try:
        return msgspec.toml.decode(data, type=Scenario)
    except (msgspec.ValidationError, msgspec.DecodeError, tomllib.TOMLDecodeError,
            ValueError) as exc:  # ValueError: a bad keyword on a scenario card
        raise ScenarioError(f"{path}: invalid scenario: {exc}") from None


class Runner:
    def __init__(self, scenario: Scenario, pool: dict[str, CardDef]) -> None:
        self.sc = scenario
        self.pool = pool
        self.labels: dict[str, GameObject] = {}
        self.queues: list[deque[Choice]] = [deque(), deque()]
        self.action: ActionSpec | None = None
        self.action_targets: deque[str] = deque()
        self.convoke_left: list[str] | None = None  # creatures of `convoke` not yet tapped
        self.block_action: ActionSpec | None = None
        self.state = self._build()

    # --- setup ---------------------------------------------------------------------------

    def _card(self, name: str) -> CardDef:
        card = self.pool.get(name)
        if card is None:
            raise ScenarioError(f"unknown card {name!r}")
        return card

    def _build(self) -> GameState:
        setup = self.sc.setup
        state = new_game([[], []], self.sc.seed)
        state.started = True
        state.stop_every_priority = True
        state.turn = setup.turn
        state.active = PLAYER_NAMES[setup.active]
        if setup.step not in STEP_NAMES:
            raise ScenarioError(f"unknown step {setup.step!r}")
        state.step = STEP_NAMES.index(setup.step)
        state.in_priority = True
        state.priority = state.active
        attachments: list[tuple[GameObject, str]] = []
        for pname, side in (("A", setup.A), ("B", setup.B)):
            p = PLAYER_NAMES[pname]
            self._build_side(state, p, side, attachments)
            self.queues[p].extend(side.choices)
        for obj, ref in attachments:
            obj.attached_to = self._resolve_ref(state, ref, prefer_zone=BATTLEFIELD)
        state.dirty = True
        ensure(state)
        return state

    def _build_side(self, state: GameState, p: int, side: SideSetup,
                    attachments: list[tuple[GameObject, str]]) -> None:
        player = state.players[p]
        player.life = side.life
        player.poison = side.poison
        for zone, names, lst in (
            (LIBRARY, side.library, player.library),
            (GRAVEYARD, side.graveyard, player.graveyard),
        ):
            for name in reversed(names):  # top card first in the file, last in our lists
                lst.append(new_object(state, self._card(name), p, zone).oid)
        for zone, names, lst in ((HAND, side.hand, player.hand), (EXILE, side.exile,
                                                                  player.exile)):
            for name in names:
                lst.append(new_object(state, self._card(name), p, zone).oid)
        for entry in side.battlefield:
            spec = entry if isinstance(entry, PermanentSpec) else PermanentSpec(card=entry)
            if spec.token:
                card = self.pool.get(spec.card) or self._token_card(spec.card)
            else:
                card = self._card(spec.card)
            obj = new_object(state, card, p, BATTLEFIELD, token=spec.token)
            obj.tapped = spec.tapped
            obj.sick = spec.sick
            obj.damage = spec.damage
            if spec.damage:  # marked damage was dealt this turn (it goes at cleanup, 514.2)
                obj.damaged_turn = state.turn
            obj.counters = dict(spec.counters)
            state.battlefield.append(obj.oid)
            if spec.label:
                self.labels[spec.label] = obj
            if spec.attached_to is not None:
                attachments.append((obj, spec.attached_to))

    def _token_card(self, name: str) -> CardDef:
        """A token named in a scenario: found among the tokens the pool's cards create."""
        from engine.cards import CreateToken

        for card in self.pool.values():
            effects = list(card.spell.effects if card.spell else ())
            for ab in card.abilities:
                effects.extend(getattr(ab, "effects", ()))
            for eff in effects:
                if isinstance(eff, CreateToken) and eff.token.name == name:
                    return eff.token
        raise ScenarioError(f"unknown token {name!r}")

    # --- references ----------------------------------------------------------------------

    def _resolve_ref(self, state: GameState, ref: str, prefer_zone: int | None = None,
                     among: list[int] | None = None) -> int:
        if ref in PLAYER_NAMES:
            return PLAYER_NAMES[ref]
        if ref in self.labels:
            obj = self._follow(state, self.labels[ref])
            if obj is None:
                raise ScenarioError(f"{ref!r} no longer exists")
            return obj.oid
        candidates = among if among is not None else (
            list(state.battlefield) if prefer_zone == BATTLEFIELD else list(state.objects))
        for oid in candidates:
            if oid >= 2 and oid in state.objects and state.objects[oid].card.name == ref:
                return oid
        raise ScenarioError(f"no object {ref!r}")

    def _follow(self, state: GameState, obj: GameObject) -> GameObject | None:
        if obj.oid in state.objects:
            return state.objects[obj.oid]
        if obj.moved_to in state.objects:  # the card moved (400.7): follow it
            return state.objects[obj.moved_to]
        return None

    def _track_labels(self) -> None:
        """Keep labels on their cards across zone changes."""
        objects = self.state.objects
        for label, obj in self.labels.items():
            if obj.oid not in objects and obj.moved_to in objects:
                self.labels[label] = objects[obj.moved_to]

    def _name(self, ref: int) -> str:
        if ref == -1:
            return "none"
        if ref < 2:
            return "AB"[ref]
        obj = self.state.objects.get(ref)
        return obj.card.name if obj else f"#{ref}"

    # --- answering -----------------------------------------------------------------------

    def _pick(self, d: Decision, choice: Choice) -> int:
        """Map one scenario answer to an option index."""
        if d.kind == "may":
            if choice in ("yes", "no"):
                return 0 if choice == "yes" else 1
            raise ScenarioError(f"question '{d.prompt}' wants yes or no, got {choice!r}")
        if d.kind == "mulligan":
            return 0 if choice in ("keep", "yes") else 1
        if d.kind == "color" and isinstance(choice, str):  # "W" / "white" ... (105.1)
            from engine.cards import COLOR_BIT, COLOR_NAME

            letter = COLOR_NAME.get(choice.lower(), choice.upper())
            if letter in "WUBRG" and COLOR_BIT.get(letter) in d.options:
                return d.options.index(COLOR_BIT[letter])
            raise ScenarioError(f"question '{d.prompt}' wants a color, got {choice!r}")
        if d.kind == "dredge" and choice == "no":
            return d.options.index(-1)
        if isinstance(choice, int):
            if choice in d.options and d.kind in ("x", "number", "replicate", "mode"):
                return d.options.index(choice)
            if 0 <= choice < len(d.options):
                return choice
            raise ScenarioError(f"answer {choice} out of range for '{d.prompt}'")
        if isinstance(choice, list):
            raise ScenarioError(f"question '{d.prompt}' wants one answer, got a list")
        if d.kind == "mode":
            return self._pick_mode(d, choice)
        ref = self._ref_among(choice, d.options)
        return d.options.index(ref)

    def _pick_mode(self, d: Decision, choice: str) -> int:
        labels = d.prompt.split(": ", 1)[-1].split(" or ")
        if choice in labels:
            return labels.index(choice)
        raise ScenarioError(f"mode {choice!r} is not one of {labels} ('{d.prompt}')")

    def _ref_among(self, choice: str, options: list[int], used: set[int] | None = None) -> int:
        state = self.state
        if choice in PLAYER_NAMES and PLAYER_NAMES[choice] in options:
            return PLAYER_NAMES[choice]
        if choice == "none" and -1 in options:  # an "up to N" target left unchosen
            return -1
        if choice in self.labels:
            obj = self._follow(state, self.labels[choice])
            if obj is not None and obj.oid in options:
                return obj.oid
        for oid in options:
            if used is not None and oid in used:
                continue
            if oid >= 2 and oid in state.objects and state.objects[oid].card.name == choice:
                return oid
        names = [self._name(o) for o in options]
        raise ScenarioError(f"{choice!r} is not a legal choice (choices: {names})")

    def _pick_many(self, d: Decision, choice: Choice) -> list[int]:
        if not isinstance(choice, list):
            choice = [choice]  # type: ignore[list-item]
        if d.kind == "colors":  # "the color or colors of your choice": names or letters
            from engine.cards import COLOR_BIT, COLOR_NAME

            picks = []
            for c in choice:
                letter = COLOR_NAME.get(str(c).lower(), str(c).upper())
                if letter not in "WUBRG" or COLOR_BIT.get(letter) not in d.options:
                    raise ScenarioError(f"question '{d.prompt}' wants colors, got {c!r}")
                picks.append(d.options.index(COLOR_BIT[letter]))
            return picks
        used: set[int] = set()
        out = []
        for c in choice:
            if not isinstance(c, str):
                raise ScenarioError(f"question '{d.prompt}' wants names, got {c!r}")
            ref = self._ref_among(c, d.options, used)
            used.add(ref)
            out.append(d.options.index(ref))
        return out

    def _from_queue(self, d: Decision) -> int | list[int]:
        q = self.queues[d.player]
        if not q:
            raise ScenarioError(
                f"player {'AB'[d.player]} was asked '{d.prompt}' ({d.kind}) and has no "
                f"answer queued (choices: {[self._name(o) for o in d.options]})")
        choice = q.popleft()
        if d.multi:
            return self._pick_many(d, choice)
        return self._pick(d, choice)

    def _auto(self, d: Decision) -> int | list[int]:
        """Answer a decision that the current action does not drive."""
        act = self.action
        if d.kind == "priority":
            return 0  # pass
        if d.kind == "attackers":
            if act is not None and act.attack is not None and PLAYER_NAMES[act.player] == \
                    d.player:
                return self._attackers(d, act.attack)
            return []
        if d.kind == "blockers":
            if act is not None and act.block is not None and PLAYER_NAMES[act.player] == \
                    d.player:
                return self._blockers(d, act.block)
            return []
        if d.kind == "order":
            return self._order(d)
        if d.kind == "target" and self.action_targets and act is not None and \
                PLAYER_NAMES[act.player] == d.player:
            try:
                ref = self._ref_among(self.action_targets.popleft(), d.options)
            except ScenarioError as exc:  # not a legal target: the engine rejects it
                if act.illegal:
                    raise IllegalAnswer(str(exc)) from None
                raise
            return d.options.index(ref)
        if d.kind == "x" and act is not None and act.x is not None:
            if act.x not in d.options:
                msg = f"X={act.x} is not possible (at most {max(d.options)})"
                if act.illegal:  # too big to pay, or not that many targets: rejected
                    raise IllegalAnswer(msg)
                raise ScenarioError(msg)
            return d.options.index(act.x)
        if d.kind == "replicate" and act is not None and act.replicate is not None:
            if act.replicate not in d.options:
                raise IllegalAnswer(f"replicate {act.replicate} times: at most "
                                    f"{max(d.options)} can be paid")
            return d.options.index(act.replicate)
        if d.kind == "convoke_tap" and act is not None and self.convoke_left is not None \
                and PLAYER_NAMES[act.player] == d.player:
            return self._convoke_tap(d)
        if d.kind == "cost_discard" and act is not None and act.discard is not None:
            try:  # the land for retrace (one choice), cards for a discard cost (a list)
                picks = self._pick_many(d, [act.discard])
            except ScenarioError as exc:  # not a card it may discard: the cast is rejected
                raise IllegalAnswer(str(exc)) from None
            return picks if d.multi else picks[0]
        return self._from_queue(d)

    def _convoke_tap(self, d: Decision) -> list[int]:
        """One "convoke_tap" question: the next creature of the action's ``convoke``
        list that the engine offers (each offered one keeps the cost payable), or none
        when the list is done. A creature never offered can't convoke this spell."""
        left = self.convoke_left
        assert left is not None
        for i, name in enumerate(left):
            try:
                ref = self._ref_among(name, d.options)
            except ScenarioError:
                continue
            del left[i]
            return [d.options.index(ref)]
        if left:
            raise IllegalAnswer(
                f"{', '.join(left)} can't convoke it (not an untapped creature of this "
                f"player that can pay a part of the cost while the rest stays payable; "
                f"choices: {[self._name(o) for o in d.options]})")
        if d.min_count:
            raise IllegalAnswer("the rest of the cost can't be paid without tapping more "
                                f"creatures (choices: {[self._name(o) for o in d.options]})")
        return []

    def _convoke_forced(self, p: int, untapped_before: set[int]) -> bool:
        """Creatures of ``convoke`` the engine tapped without asking (the only choice)."""
        left = self.convoke_left
        if not left:
            return True
        state = self.state
        tapped_now = [oid for oid in untapped_before
                      if oid in state.objects and state.objects[oid].tapped]
        for name in left:
            try:
                ref = self._ref_among(name, tapped_now)
            except ScenarioError:
                return False
            tapped_now.remove(ref)
        return True

    def _attackers(self, d: Decision, names: list[str]) -> list[int]:
        used: set[int] = set()
        out = []
        from engine.combat import possible_attackers

        # Creatures that attack each combat if able are declared by the engine, not asked
        # about (508.1d): naming them alongside optional attackers is fine.
        forced = [oid for oid in possible_attackers(self.state, d.player)
                  if oid not in d.options]
        for n in names:
            try:
                ref = self._ref_among(n, d.options, used)
            except ScenarioError:
                try:
                    ref = self._ref_among(n, forced, used)
                except ScenarioError:
                    raise IllegalAnswer(f"{n} can't attack") from None
                used.add(ref)
                continue
            used.add(ref)
            out.append(d.options.index(ref))
        return sorted(out)

    def _blockers(self, d: Decision, pairs: list[list[str]]) -> list[int]:
        out = []
        used: set[int] = set()
        for pair in pairs:
            if len(pair) != 2:
                raise ScenarioError(f"a block is [blocker, attacker], got {pair}")
            blocker_options = [b for b, _ in d.pairs]
            try:
                b = self._ref_among(pair[0], blocker_options, used)
                a = self._ref_among(pair[1], [a for bb, a in d.pairs if bb == b])
            except ScenarioError:
                raise IllegalAnswer(f"{pair[0]} can't block {pair[1]}") from None
            used.add(b)
            out.append(d.pairs.index((b, a)))
        return sorted(out)

    def _order(self, d: Decision) -> list[int]:
        act = self.block_action
        order = list(range(len(d.options)))
        if act is not None and act.block is not None:
            listed = [pair[0] for pair in act.block]
            names = [self._name(o) for o in d.options]

            def rank(i: int) -> int:
                for j, n in enumerate(listed):
                    if n == names[i] or (n in self.labels and self._follow(
                            self.state, self.labels[n]) is not None and
                            self.labels[n].oid == d.options[i]):
                        return j
                return len(listed)
            order.sort(key=rank)
        return order

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
        d = self.run_until(lambda d: d.kind == "priority" and d.player == player, what)
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
        try:
            if act.play is not None or act.cast is not None or act.activate is not None:
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

    def _verb(self, act: ActionSpec) -> str:
        for key in ("play", "cast", "activate", "attack", "block", "resolve", "advance"):
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
        snapshot = copy_state(self.state) if act.illegal else None
        named = [o for o in self.state.players[p].hand
                 if self.state.objects[o].card.name == act.discard] if act.discard else []
        untapped = {oid for oid in self.state.battlefield
                    if not self.state.objects[oid].tapped}
        try:
            answer(self.state, index)
            # Finish casting/activating: stop at the next priority (triggers on the stack).
            self.run_until(lambda d: d.kind == "priority", what)
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
        if act.replicate and not any(
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
        verb = {PLAY: "play", CAST: "cast", ACTIVATE: "activate"}[a.kind]
        obj = self.state.objects.get(a.oid)
        return f"{verb} {obj.card.name if obj else a.oid}" + (
            f" [{a.index}]" if a.kind == ACTIVATE else "")

    def _find_action(self, d: Decision, act: ActionSpec) -> int | None:
        state = self.state
        if act.play is not None:
            kind, name = PLAY, act.play
        elif act.cast is not None:
            kind, name = CAST, act.cast
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
                name_alt = ALT_NAMES.get(a.alt, "")
                if act.alt is not None and name_alt != act.alt:
                    continue
                if act.alt is None and a.alt and not act.free:
                    if fallback is None and zone != HAND:
                        fallback = i
                    continue
            if kind == ACTIVATE and act.ability is not None:
                if isinstance(act.ability, int):
                    if a.index != act.ability:
                        continue
                else:
                    abilities = activated_abilities(obj)
                    ab = abilities[a.index] if a.index < len(abilities) else None
                    if ab is None or ab.keyword != act.ability:
                        continue
            return i
        return fallback

    def _attack(self, p: int, act: ActionSpec, what: str) -> None:
        state = self.state
        if state.active != p:
            raise ScenarioError(f"{what}: only the active player attacks")

        # From a postcombat main phase, the next combat is an additional one (500.8).
        turn0 = state.turn
        begun = [state.step <= DECLARE_ATTACKERS]

        def stop(d: Decision) -> bool:
            if d.kind == "attackers":
                return True
            if not begun[0]:
                begun[0] = state.step <= DECLARE_ATTACKERS
                return state.turn != turn0
            return state.step > DECLARE_ATTACKERS or (
                state.step == DECLARE_ATTACKERS and state.combat is not None)
        d = self.run_until(stop, what)
        if d is None:
            raise ScenarioError(f"{what}: the game ended first")
        if d.kind != "attackers":
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
            self.run_until(lambda d: d.kind == "priority", what)
            return
        answer(state, self._attackers(d, act.attack or []))
        if act.illegal:
            raise ScenarioError(f"{what}: the engine accepted an attack that must be illegal")
        self.run_until(lambda d: d.kind == "priority", what)

    def _block(self, p: int, act: ActionSpec, what: str) -> None:
        state = self.state
        d = self.run_until(lambda d: d.kind == "blockers" or state.step > DECLARE_ATTACKERS + 1,
                           what)
        if d is None:
            raise ScenarioError(f"{what}: the game ended first")
        if d.kind != "blockers":
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
        self.run_until(lambda d: d.kind == "priority", what)

    def _resolve(self, count: int | str, what: str) -> None:
        state = self.state
        start = state.resolved
        if count == "all":
            def stop(d: Decision) -> bool:
                return d.kind == "priority" and not state.stack and not state.triggers
        else:
            assert isinstance(count, int)

            def stop(d: Decision) -> bool:
                return d.kind == "priority" and state.resolved - start >= count
        if not state.stack and count == "all":
            return
        self.run_until(stop, what)

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
            return d.kind == "priority" and state.turn == turn and state.step == step

        if state.turn == turn and state.step == step and state.pending is not None:
            return
        d = self.run_until(stop, what)
        if d is None and state.result is None:
            raise ScenarioError(f"{what}: never reached {step_name}")

    # --- checks --------------------------------------------------------------------------

    def check(self) -> None:
        state = self.state
        ensure(state)
        exp = self.sc.expect
        if exp.winner is not None:
            got = "none" if state.result is None else (
                "draw" if state.result.winner < 0 else "AB"[state.result.winner])
            if got != exp.winner:
                raise ScenarioError(f"winner: expected {exp.winner}, got {got}")
        if exp.stack is not None:
            got_stack = [i.card.name for i in reversed(state.stack)]
            if got_stack != exp.stack:
                raise ScenarioError(f"stack: expected {exp.stack}, got {got_stack}")
        for pname, side in (("A", exp.A), ("B", exp.B)):
            self._check_side(PLAYER_NAMES[pname], pname, side)
        for pe in exp.permanents:
            self._check_permanent(pe)

    def _names(self, oids: list[int]) -> list[str]:
        return [self.state.objects[o].card.name for o in oids]

    def _check_side(self, p: int, pname: str, side: SideExpect) -> None:
        state = self.state
        player = state.players[p]
        if side.life is not None and player.life != side.life:
            raise ScenarioError(f"{pname} life: expected {side.life}, got {player.life}")
        if side.poison is not None and player.poison != side.poison:
            raise ScenarioError(f"{pname} poison: expected {side.poison}, got {player.poison}")
        zones = {
            "hand": player.hand,
            "graveyard": player.graveyard,
            "exile": player.exile,
            "library": player.library,
            "battlefield": [o for o in state.battlefield if state.objects[o].controller == p],
        }
        for key, oids in zones.items():
            want = getattr(side, key)
            if want is None:
                continue
            got = self._names(oids)
            if Counter(got) != Counter(want):
                raise ScenarioError(
                    f"{pname} {key}: expected {sorted(want)}, got {sorted(got)}")
        if side.library_top is not None:
            top = self._names(list(reversed(player.library)))[:len(side.library_top)]
            if top != side.library_top:
                raise ScenarioError(f"{pname} library_top: expected {side.library_top}, "
                                    f"got {top}")
        if side.library_count is not None and len(player.library) != side.library_count:
            raise ScenarioError(f"{pname} library_count: expected {side.library_count}, "
                                f"got {len(player.library)}")

    def _check_permanent(self, pe: object) -> None:
        from engine.scenario.format import PermanentExpect

        assert isinstance(pe, PermanentExpect)
        state = self.state
        obj: GameObject | None = None
        if pe.card in self.labels:
            obj = self._follow(state, self.labels[pe.card])
            if obj is not None and obj.zone != BATTLEFIELD:
                obj = None
        else:
            for oid in state.battlefield:
                if state.objects[oid].card.name == pe.card:
                    obj = state.objects[oid]
                    break
        if obj is None:
            raise ScenarioError(f"permanent {pe.card!r}: not on the battlefield")
        where = f"permanent {pe.card!r}"
        if pe.controller is not None and "AB"[obj.controller] != pe.controller:
            raise ScenarioError(f"{where} controller: expected {pe.controller}, "
                                f"got {'AB'[obj.controller]}")
        if pe.power is not None and obj.power != pe.power:
            raise ScenarioError(f"{where} power: expected {pe.power}, got {obj.power}")
        if pe.toughness is not None and obj.toughness != pe.toughness:
            raise ScenarioError(f"{where} toughness: expected {pe.toughness}, "
                                f"got {obj.toughness}")
        if pe.counters is not None:
            got_c = {k: v for k, v in obj.counters.items() if v}
            if got_c != pe.counters:
                raise ScenarioError(f"{where} counters: expected {pe.counters}, got {got_c}")
        if pe.damage is not None and obj.damage != pe.damage:
            raise ScenarioError(f"{where} damage: expected {pe.damage}, got {obj.damage}")
        if pe.tapped is not None and obj.tapped != pe.tapped:
            raise ScenarioError(f"{where} tapped: expected {pe.tapped}, got {obj.tapped}")
        if pe.attached_to is not None:
            want = self._resolve_ref(state, pe.attached_to, prefer_zone=BATTLEFIELD)
            if obj.attached_to != want:
                raise ScenarioError(f"{where} attached_to: expected {pe.attached_to}, got "
                                    f"{self._name(obj.attached_to) if obj.attached_to >= 0 else None}")
        for ability in pe.abilities or []:
            if not has_ability(obj, ability):
                raise ScenarioError(f"{where}: expected ability {ability!r}")


def has_ability(obj: GameObject, ability: str) -> bool:
    name = ability.lower()
    bit = KEYWORD_BITS.get(name)
    if bit is not None:
        return bool(obj.kw & bit)
    from engine.keywords import object_keywords

    return any(k.lower().startswith(name) for k in object_keywords(obj))


def _with_scenario_cards(sc: Scenario, pool: dict[str, CardDef]) -> dict[str, CardDef]:
    """The pool plus the scenario's own hypothetical cards (``[[cards]]``)."""
    if not sc.cards:
        return pool
    out = dict(pool)
    for card in sc.cards:
        if card.name in out:
            raise ScenarioError(f"scenario card {card.name!r} has the name of a pool card")
        out[card.name] = card
    return out


def run_scenario(path: Path, pool: dict[str, CardDef] | None = None) -> ScenarioResult:
    try:
        sc = load_scenario(path)
    except ScenarioError as exc:
        return ScenarioResult(str(path), path.stem, False, str(exc))
    try:
        runner = Runner(sc, _with_scenario_cards(sc, pool if pool is not None else load_pool()))
        for i, act in enumerate(sc.actions):
            runner.do_action(i, act)
        runner.check()
    except ScenarioError as exc:
        return ScenarioResult(str(path), sc.name, False, str(exc))
    except Exception as exc:  # noqa: BLE001 - an engine crash is a failed scenario
        return ScenarioResult(str(path), sc.name, False,
                              f"engine error: {type(exc).__name__}: {exc}")
    return ScenarioResult(str(path), sc.name, True)


def find_scenarios(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.toml")))
        else:
            out.append(path)
    return out
