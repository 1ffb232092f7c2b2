"""Checking a scenario's expected end state (life, zones, permanents and their
characteristics) against the game.
"""

from __future__ import annotations

from collections import Counter

from mtgsim.engine.cards import KEYWORD_BITS
from mtgsim.engine.effects.venture import DUNGEONS
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.scenario.format import (
    SideExpect,
)
from mtgsim.engine.scenario.setup import PLAYER_NAMES, ScenarioError, ScenarioSetup
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GameObject,
    Player,
)


class ExpectationChecks(ScenarioSetup):
    """Compares the position reached with the scenario's ``expect`` tables."""

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
        if exp.monarch is not None:
            got_monarch = "none" if state.monarch < 0 else "AB"[state.monarch]
            if got_monarch != exp.monarch:
                raise ScenarioError(f"monarch: expected {exp.monarch}, got {got_monarch}")
        if exp.initiative is not None:
            got_initiative = "none" if state.initiative < 0 else "AB"[state.initiative]
            if got_initiative != exp.initiative:
                raise ScenarioError(f"initiative: expected {exp.initiative}, got "
                                    f"{got_initiative}")
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
        _check_dungeon(player, pname, side)

    def _check_permanent(self, pe: object) -> None:
        from mtgsim.engine.scenario.format import PermanentExpect

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
    from mtgsim.engine.keywords import object_keywords

    return any(k.lower().startswith(name) for k in object_keywords(obj))


def _check_dungeon(player: Player, pname: str, side: SideExpect) -> None:
    """The dungeon in ``player``'s command zone ("none"), its room, the dungeons completed."""
    if side.dungeon is not None:
        got = player.dungeon or "none"
        if got != side.dungeon:
            raise ScenarioError(f"{pname} dungeon: expected {side.dungeon}, got {got}")
    if side.room is not None:
        dungeon = DUNGEONS.get(player.dungeon)
        got = dungeon.rooms[player.room].name if dungeon is not None else "none"
        if got != side.room:
            raise ScenarioError(f"{pname} room: expected {side.room}, got {got}")
    if side.dungeons_completed is not None and \
            player.dungeons_completed != side.dungeons_completed:
        raise ScenarioError(f"{pname} dungeons_completed: expected "
                            f"{side.dungeons_completed}, got {player.dungeons_completed}")
