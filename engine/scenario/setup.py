"""Building a scenario's starting position, and naming objects by their scenario labels.

The base of the runner (``engine.scenario.runner.Runner``): the state, the players'
queues of choices and the labels ("A:Grizzly Bears#2") every later step refers to.
"""

from __future__ import annotations

from collections import deque

from mtgsim.engine.cards import KW_INDESTRUCTIBLE, T_CREATURE
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.effects.venture import DUNGEONS
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.rules.zones import new_object
from mtgsim.engine.scenario.format import (
    ActionSpec,
    Choice,
    PermanentSpec,
    Scenario,
    SideSetup,
)
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STEP_NAMES,
    GameObject,
    GameState,
    Player,
)

PLAYER_NAMES = {"A": 0, "B": 1}
ZONE_BY_NAME = {"hand": HAND, "graveyard": GRAVEYARD, "exile": EXILE, "library": LIBRARY}


class ScenarioError(Exception):
    """The scenario failed: the message says where and why."""


class ScenarioSetup:
    """The position of a scenario and its labelled objects."""

    def __init__(self, scenario: Scenario, pool: CardPool) -> None:
        self.sc = scenario
        self.pool = pool
        self.labels: dict[str, GameObject] = {}
        self.queues: list[deque[Choice]] = [deque(), deque()]
        self.action: ActionSpec | None = None
        self.action_targets: deque[str] = deque()
        self.convoke_left: list[str] | None = None  # creatures of `convoke` not yet tapped
        self.casting = -1  # the object the current cast/activate action casts (its id)
        self.replicate_asked = 0  # replicate questions of the current action so far
        self.block_action: ActionSpec | None = None
        self.state = self._build()

    # --- setup ---------------------------------------------------------------------------

    def _card(self, name: str) -> Card:
        card = self.pool.get(name)
        if card is None:
            raise ScenarioError(f"unknown card {name!r}")
        return card

    def _build(self) -> GameState:
        setup = self.sc.setup
        if setup.turn < 1:
            raise ScenarioError(f"setup: turn = {setup.turn}: turns are numbered from 1")
        state = new_game([[], []], self.sc.seed, pool=self.pool)
        state.started = True
        state.stop_every_priority = True
        state.turn = setup.turn
        state.active = PLAYER_NAMES[setup.active]
        if setup.step not in STEP_NAMES:
            raise ScenarioError(f"unknown step {setup.step!r}")
        state.step = STEP_NAMES.index(setup.step)
        state.in_priority = True
        state.priority = state.active
        if setup.monarch is not None:
            state.monarch = PLAYER_NAMES[setup.monarch]
        if setup.initiative is not None:
            state.initiative = PLAYER_NAMES[setup.initiative]
        attachments: list[tuple[GameObject, str]] = []
        for pname, side in (("A", setup.A), ("B", setup.B)):
            p = PLAYER_NAMES[pname]
            self._build_side(state, p, side, attachments)
            self.queues[p].extend(side.choices)
        for obj, ref in attachments:
            obj.attached_to = self._resolve_ref(state, ref, prefer_zone=BATTLEFIELD)
        characteristics_changed(state)
        ensure(state)
        self._check_stable(state)
        return state

    def _check_stable(self, state: GameState) -> None:
        """Refuse a position that can't stand when a player gets priority: a player
        who has already lost (704.5a, c), a creature with toughness 0 or less or with
        lethal damage marked on it (704.5f-g), an Aura attached to nothing (704.5m: a
        forgotten ``attached_to``). (Other state-based actions, an Aura on something it
        can't enchant, two legendary permanents, are left to set up: they are how a
        scenario shows those rules working.)"""
        def unstable(what: str, why: str) -> ScenarioError:
            return ScenarioError(f"setup: {what}: not a stable position (state-based "
                                 f"actions would {why})")

        for p in state.players:
            name = "AB"[p.idx]
            if p.life <= 0:
                raise unstable(f"{name} has {p.life} life", "make them lose, 704.5a")
            if p.poison >= 10:
                raise unstable(f"{name} has {p.poison} poison counters",
                               "make them lose, 704.5c")
        for oid in state.battlefield:
            o = state.objects[oid]
            if o.card.is_aura and o.attached_to < 0:
                raise unstable(f"{'AB'[o.controller]}'s {o.card.name} is an Aura attached "
                               "to nothing (give attached_to)",
                               "put it into its owner's graveyard, 704.5m")
            if not (o.card.type_mask | o.extra_types) & T_CREATURE:
                continue
            what = f"{'AB'[o.controller]}'s {o.card.name}"
            if o.toughness <= 0:
                raise unstable(f"{what} has toughness {o.toughness}",
                               "put it into its owner's graveyard, 704.5f")
            if o.damage >= o.toughness and not o.kw & KW_INDESTRUCTIBLE:
                raise unstable(f"{what} has {o.damage} damage and toughness {o.toughness}",
                               "destroy it, 704.5g")

    def _build_side(self, state: GameState, p: int, side: SideSetup,
                    attachments: list[tuple[GameObject, str]]) -> None:
        player = state.players[p]
        player.life = side.life
        if side.poison < 0:
            raise ScenarioError(f"setup.{'AB'[p]}: poison = {side.poison} is negative")
        player.poison = side.poison
        _dungeon_setup(player, side, f"setup.{'AB'[p]}")
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
            what = f"setup.{'AB'[p]}.battlefield: {spec.card}"
            if spec.damage < 0:
                raise ScenarioError(f"{what}: damage = {spec.damage} is negative")
            for kind, n in spec.counters.items():
                if n < 0:
                    raise ScenarioError(f"{what}: {n} {kind} counters: a count can't be "
                                        "negative")
            state.set_tapped(obj, spec.tapped)
            obj.sick = spec.sick
            # a permanent of the position was there before the turn began, unless it is
            # summoning sick: then it entered this turn ("if ~ entered this turn")
            obj.entered_turn = state.turn if spec.sick else 0
            obj.damage = spec.damage
            if spec.damage:  # marked damage was dealt this turn (it goes at cleanup, 514.2)
                obj.damaged_turn = state.turn
            obj.counters = {k: n for k, n in spec.counters.items() if n}  # 0: none
            state.battlefield.append(obj.oid)
            if spec.label:
                self.labels[spec.label] = obj
            if spec.attached_to is not None:
                attachments.append((obj, spec.attached_to))

    def _token_card(self, name: str) -> Card:
        """A token named in a scenario: found among the tokens the pool's cards create."""
        card = self.pool.token(name)
        if card is None:
            raise ScenarioError(f"unknown token {name!r}")
        return card

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


def _dungeon_setup(player: Player, side: SideSetup, where: str) -> None:
    """A player's dungeon in the command zone, its venture marker's room (309) and the
    dungeons they completed (309.7)."""
    if side.dungeons_completed < 0:
        raise ScenarioError(f"{where}: dungeons_completed = {side.dungeons_completed} is "
                            "negative")
    player.dungeons_completed = side.dungeons_completed
    if side.dungeon is None:
        if side.room is not None:
            raise ScenarioError(f"{where}: room = {side.room!r} without a dungeon")
        return
    dungeon = DUNGEONS.get(side.dungeon)
    if dungeon is None:
        raise ScenarioError(f"{where}: unknown dungeon {side.dungeon!r} (known: "
                            f"{', '.join(sorted(DUNGEONS))})")
    names = [r.name for r in dungeon.rooms]
    room = names[0] if side.room is None else side.room
    if room not in names:
        raise ScenarioError(f"{where}: {side.dungeon} has no room {room!r} (its rooms: "
                            f"{', '.join(names)})")
    player.dungeon = side.dungeon
    player.room = names.index(room)
    player.room_last = not dungeon.rooms[player.room].leads_to
