"""The rules-scenario file format (shared/conformance/FORMAT.md) as msgspec Structs.

Unknown keys are rejected so a typo in a scenario fails loudly instead of being ignored.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from mtgsim.engine.cards import CardDef

Choice = str | int | list[str]


class _S(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    pass


class PermanentSpec(_S):
    card: str
    label: str | None = None
    tapped: bool = False
    sick: bool = False  # entered this turn (else it was there as the turn began)
    counters: dict[str, int] = {}
    damage: int = 0
    attached_to: str | None = None
    token: bool = False


class SideSetup(_S):
    life: int = 20
    library: list[str] = []
    hand: list[str] = []
    graveyard: list[str] = []
    exile: list[str] = []
    battlefield: list[str | PermanentSpec] = []
    choices: list[Choice] = []
    poison: int = 0
    # the dungeon in the command zone and the room its venture marker is on (309), the
    # dungeons completed (309.7): a project addition
    dungeon: str | None = None
    room: str | None = None
    dungeons_completed: int = 0


class Setup(_S):
    turn: int = 1
    active: Literal["A", "B"] = "A"
    step: str = "main1"
    monarch: Literal["A", "B"] | None = None  # who is the monarch (724), a project addition
    initiative: Literal["A", "B"] | None = None  # who has the initiative (725), an addition
    A: SideSetup = msgspec.field(default_factory=SideSetup)
    B: SideSetup = msgspec.field(default_factory=SideSetup)


class AdvanceTo(_S):
    step: str
    turn: int | None = None


class ActionSpec(_S):
    player: Literal["A", "B"]
    play: str | None = None
    cast: str | None = None
    activate: str | None = None
    # a special action other than playing a land (116.2), by the card it is taken with:
    # plot (702.170a), a project addition
    plot: str | None = None
    # foretell (702.143a: exile it from the hand face down), a project addition
    foretell: str | None = None
    ability: str | int | None = None
    attack: list[str] | None = None
    defender: Literal["A", "B"] | None = None
    block: list[list[str]] | None = None
    resolve: int | Literal["all"] | None = None
    advance: str | AdvanceTo | None = None
    targets: list[str] | None = None
    x: int | None = None
    from_: Literal["hand", "graveyard", "exile"] | None = msgspec.field(
        default=None, name="from")
    # times the replicate cost is paid; a list: for each replicate instance in order
    # (printed first, then granted ones: Djinn Illuminatus), a project addition
    replicate: int | list[int] | None = None
    convoke: list[str] | None = None
    discard: str | None = None
    free: bool = False
    # the casting permission used: "evoke" (from the hand), "flashback", "retrace"
    alt: Literal["evoke", "flashback", "retrace", "alternative cost", "adventure", "omen",
                 "adventure creature", "other additional cost", "escape",
                 "overload", "disturb", "sneak", "foretell",
                 "bestow"] | None = None
    choices: list[Choice] = []
    illegal: bool = False


class PermanentExpect(_S):
    card: str
    controller: Literal["A", "B"] | None = None
    power: int | None = None
    toughness: int | None = None
    counters: dict[str, int] | None = None
    damage: int | None = None
    tapped: bool | None = None
    attached_to: str | None = None
    abilities: list[str] | None = None


class SideExpect(_S):
    life: int | None = None
    hand: list[str] | None = None
    battlefield: list[str] | None = None
    graveyard: list[str] | None = None
    exile: list[str] | None = None
    library: list[str] | None = None
    library_top: list[str] | None = None
    library_count: int | None = None
    poison: int | None = None
    # the dungeon in the command zone ("none": no dungeon), the venture marker's room, the
    # dungeons completed (309): a project addition
    dungeon: str | None = None
    room: str | None = None
    dungeons_completed: int | None = None


class Expect(_S):
    winner: Literal["A", "B", "draw"] | None = None
    monarch: Literal["A", "B", "none"] | None = None  # who is the monarch (724), an addition
    initiative: Literal["A", "B", "none"] | None = None  # who has the initiative (725)
    stack: list[str] | None = None
    A: SideExpect = msgspec.field(default_factory=SideExpect)
    B: SideExpect = msgspec.field(default_factory=SideExpect)
    permanents: list[PermanentExpect] = []


class AiSpec(_S):
    """A project extension of the format (tests/data/shared/conformance/AI.md): after
    the actions, policies play on and the scenario checks what ``player``'s achieved."""

    policy: str = "heuristic"  # a policy spec (engine.players.policies.spec) deciding for player
    player: Literal["A", "B"] = "A"
    opponent: str = "heuristic"  # the other player's policy
    # "wins this turn": the game is over with the player the winner before the turn
    # ends; "alive at end of turn": the turn ends (or the game does) with the player
    # not lost
    expect: Literal["wins this turn", "alive at end of turn"] = "wins this turn"
    seed: int = 0  # the policies' seed
    # what a search deals the hidden cards from: "position", each player's cards of the
    # position are their deck list; "unknown", no deck list (a position set up by hand:
    # the search samples from the cards seen or the card pool, determinize_pool)
    deck_lists: Literal["position", "unknown"] = "position"


class Scenario(_S):
    name: str
    rules: list[str] = []
    seed: int = 0
    setup: Setup = msgspec.field(default_factory=Setup)
    actions: list[ActionSpec] = []
    expect: Expect = msgspec.field(default_factory=Expect)
    # Hypothetical cards for rules that no card of the pool reaches (an Aura with two
    # enchant abilities, 702.5c): [[cards]] tables as in engine/cards/data, known to this
    # scenario only; their names must not be those of pool cards.
    cards: list[CardDef] = []
    # Cards compiled from the bundled Oracle corpus for this scenario (project
    # extension): each replaces a pool card of the same name, so a scenario proves what
    # the compiler makes of a real card's text (tests/scenarios/oracle/).
    corpus: list[str] = []
    # The compiler's clause patterns this scenario checks (engine.cards.oracle.table):
    # tests/cards/test_oracle_scenarios.py checks the corpus cards use them.
    patterns: list[str] = []
    ai: AiSpec | None = None  # an AI puzzle (project extension, see AiSpec)
