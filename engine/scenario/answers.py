"""Answering the engine's decisions during a scenario action.

From the action in progress (targets, X, convoke, attackers, blockers) or from the
deciding player's queue of choices; anything else gets a fixed, predictable default.
"""

from __future__ import annotations

from mtgsim.engine.scenario.format import (
    Choice,
)
from mtgsim.engine.scenario.setup import PLAYER_NAMES, ScenarioError, ScenarioSetup
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.decisions import DecisionKind, Modes, Replacing, Rooms
from mtgsim.engine.state.game_state import (
    Decision,
)
from mtgsim.engine.state.view import player_view

# Questions of casting that the action's own keys answer (FORMAT.md: an omitted key
# means X = 0, no replicate payment, no convoke), never the choice queue.
CASTING_KEYS = ("x", "replicate", "convoke_tap")


class DecisionAnswers(ScenarioSetup):
    """Answers to decisions, from the scenario's actions and choices."""

    # --- answering -----------------------------------------------------------------------

    def _pick(self, d: Decision, choice: Choice) -> int:
        """Map one scenario answer to an option index."""
        if d.kind is DecisionKind.MAY:
            if choice in ("yes", "no"):
                return 0 if choice == "yes" else 1
            raise ScenarioError(f"question '{d.prompt}' wants yes or no, got {choice!r}")
        if d.kind is DecisionKind.MULLIGAN:
            return 0 if choice in ("keep", "yes") else 1
        if d.kind is DecisionKind.COLOR and isinstance(choice, str):  # "W" / "white" ... (105.1)
            from mtgsim.engine.cards import COLOR_BIT, COLOR_NAME

            letter = COLOR_NAME.get(choice.lower(), choice.upper())
            if letter in "WUBRG" and COLOR_BIT.get(letter) in d.options:
                return d.options.index(COLOR_BIT[letter])
            raise ScenarioError(f"question '{d.prompt}' wants a color, got {choice!r}")
        if d.kind is DecisionKind.DREDGE and choice == "no":
            return d.options.index(-1)
        if d.kind is DecisionKind.REPLACEMENT and isinstance(choice, str):
            return self._pick_replacement(d, choice)
        if isinstance(choice, int):
            if choice in d.options and d.kind in (DecisionKind.X, DecisionKind.REPLICATE,
                                                   DecisionKind.MODE):
                return d.options.index(choice)
            if 0 <= choice < len(d.options):
                return choice
            raise ScenarioError(f"answer {choice} out of range for '{d.prompt}'")
        if isinstance(choice, list):
            raise ScenarioError(f"question '{d.prompt}' wants one answer, got a list")
        if d.kind is DecisionKind.MODE:
            return self._pick_mode(d, choice)
        ref = self._ref_among(choice, d.options, d.player)
        return d.options.index(ref)

    def _pick_replacement(self, d: Decision, choice: str) -> int:
        """Which replacement effect applies first (616.1): named by its kind ("umbra
        armor", "regeneration", "unearth", "dredge"; the first of that kind), by the
        object whose effect it is (the Aura, the card with dredge), or "no" for none."""
        effects = list(d.about.effects) if isinstance(d.about, Replacing) else []
        if choice in ("no", "none") and -1 in d.options:
            return d.options.index(-1)
        if choice.lower() in effects:
            return effects.index(choice.lower())
        return d.options.index(self._ref_among(choice, d.options, d.player))

    def _pick_mode(self, d: Decision, choice: str) -> int:
        labels = list(d.about.labels) if isinstance(d.about, (Modes, Rooms)) else []
        if choice in labels:
            return labels.index(choice)
        raise ScenarioError(f"mode {choice!r} is not one of {labels} ('{d.prompt}')")

    def _ref_among(self, choice: str, options: list[int], player: int,
                   used: set[int] | None = None) -> int:
        """The option ``choice`` names (a player, a label, a card name), as ``player``
        sees the options: a scenario's answers are a player's, so they are read from
        that player's view (engine.state.view), as a policy's are."""
        state = player_view(self.state, player)
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
        if d.kind is DecisionKind.COLORS:  # "the color or colors of your choice": names or letters
            from mtgsim.engine.cards import COLOR_BIT, COLOR_NAME

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
            ref = self._ref_among(c, d.options, d.player, used)
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
        if d.kind is DecisionKind.PRIORITY:
            return 0  # pass
        if d.kind is DecisionKind.ATTACKERS:
            if act is not None and act.attack is not None and PLAYER_NAMES[act.player] == \
                    d.player:
                return self._attackers(d, act.attack)
            return self._no_attack(d)
        if d.kind is DecisionKind.BLOCKERS:
            if act is not None and act.block is not None and PLAYER_NAMES[act.player] == \
                    d.player:
                return self._blockers(d, act.block)
            return self._no_block(d)
        if d.kind is DecisionKind.DAMAGE_ORDER:
            return self._order(d)
        if d.kind is DecisionKind.TARGET and self.action_targets and act is not None and \
                PLAYER_NAMES[act.player] == d.player:
            try:
                ref = self._ref_among(self.action_targets.popleft(), d.options, d.player)
            except ScenarioError as exc:  # not a legal target: the engine rejects it
                if act.illegal:
                    raise IllegalAnswer(str(exc)) from None
                raise
            return d.options.index(ref)
        if d.kind in CASTING_KEYS:
            return self._casting_choice(d)
        if d.kind is DecisionKind.COST_DISCARD and act is not None and act.discard is not None:
            try:  # the land for retrace (one choice), cards for a discard cost (a list)
                picks = self._pick_many(d, [act.discard])
            except ScenarioError as exc:  # not a card it may discard: the cast is rejected
                raise IllegalAnswer(str(exc)) from None
            return picks if d.multi else picks[0]
        return self._from_queue(d)

    def _casting_choice(self, d: Decision) -> int | list[int]:
        """X, replicate and convoke belong to casting and have their own keys: for the
        spell the current action casts they come from its keys alone, an omitted key
        meaning X = 0, replicate paid zero times, no creature tapped for convoke
        (FORMAT.md); never from the choice queue. A spell cast by an effect (cascade)
        has no keys: its questions come from the queue, like its targets."""
        act = self.action
        if act is None or d.source != self.casting or PLAYER_NAMES[act.player] != d.player:
            return self._from_queue(d)
        if d.kind is DecisionKind.CONVOKE_TAP:
            if self.convoke_left is not None:
                return self._convoke_tap(d)
            if d.min_count:
                raise IllegalAnswer("its cost can't be paid without tapping creatures for "
                                    "convoke, and the action names none (`convoke`)")
            return []
        if d.kind is DecisionKind.X:
            value = act.x or 0
            if value not in d.options:
                msg = f"X={value} is not possible (at most {max(d.options)})"
                if act.illegal:  # too big to pay, or not that many targets: rejected
                    raise IllegalAnswer(msg)
                raise ScenarioError(msg)
            return d.options.index(value)
        # replicate: one question per instance (702.56b), printed first; a number is the
        # first instance's payments, a list gives each instance's in that order
        instance = self.replicate_asked
        self.replicate_asked += 1
        wanted = act.replicate
        if isinstance(wanted, list):
            value = wanted[instance] if instance < len(wanted) else 0
        else:
            value = (wanted or 0) if instance == 0 else 0
        if value not in d.options:
            raise IllegalAnswer(f"replicate {value} times: at most {max(d.options)} can be "
                                "paid")
        return d.options.index(value)

    def _convoke_tap(self, d: Decision) -> list[int]:
        """One "convoke_tap" question: the next creature of the action's ``convoke``
        list that the engine offers (each offered one keeps the cost payable), or none
        when the list is done. A creature never offered can't convoke this spell."""
        left = self.convoke_left
        assert left is not None
        for i, name in enumerate(left):
            try:
                ref = self._ref_among(name, d.options, d.player)
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
                ref = self._ref_among(name, tapped_now, p)
            except ScenarioError:
                return False
            tapped_now.remove(ref)
        return True

    def _attackers(self, d: Decision, names: list[str]) -> list[int]:
        """The declaration the ``attack`` action names, as it names it: one that leaves
        out a creature that must attack is the engine's to refuse (508.1d)."""
        used: set[int] = set()
        out = []
        for n in names:
            try:
                ref = self._ref_among(n, d.options, d.player, used)
            except ScenarioError:
                raise IllegalAnswer(f"{n} can't attack") from None
            used.add(ref)
            out.append(d.options.index(ref))
        return sorted(out)

    def _no_attack(self, d: Decision) -> list[int]:
        """A combat without an ``attack`` action: no attackers, except the creatures
        that must attack (508.1d: the least legal declaration, and the only one without
        a creature that may stay home)."""
        from mtgsim.engine.rules.combat import attack_requirements

        view = player_view(self.state, d.player)
        required = attack_requirements(view, d.options)
        return [i for i, oid in enumerate(d.options) if oid in required]

    def _no_block(self, d: Decision) -> list[int]:
        """No ``block`` action: no blockers, when that is legal; a creature with a
        requirement to block (509.1c) makes the scenario say which blocks it declares."""
        from mtgsim.engine.rules.combat import can_declare_blocks

        if not can_declare_blocks(player_view(self.state, d.player), d.pairs, []):
            raise ScenarioError(
                f"player {'AB'[d.player]} must declare blockers (a creature is required to "
                "block, 509.1c) and no block action says which")
        return []

    def _blockers(self, d: Decision, pairs: list[list[str]]) -> list[int]:
        out = []
        used: set[int] = set()
        for pair in pairs:
            if len(pair) != 2:
                raise ScenarioError(f"a block is [blocker, attacker], got {pair}")
            blocker_options = [b for b, _ in d.pairs]
            try:
                b = self._ref_among(pair[0], blocker_options, d.player, used)
                a = self._ref_among(pair[1], [a for bb, a in d.pairs if bb == b], d.player)
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
            view = player_view(self.state, d.player)
            names = [self._name(o) for o in d.options]

            def rank(i: int) -> int:
                for j, n in enumerate(listed):
                    if n == names[i] or (n in self.labels and self._follow(
                            view, self.labels[n]) is not None and
                            self.labels[n].oid == d.options[i]):
                        return j
                return len(listed)
            order.sort(key=rank)
        return order
