"""Dungeons (309) and the ``venture`` effect (Venture, 701.49): Undercity as printed, the
venture marker, room abilities, and what the AI thinks a room ahead is worth.

- 309.2-309.3: a dungeon card starts outside the game and is put into the command zone
  as its owner ventures into it; a player has at most one dungeon there
  (``Player.dungeon``, its name; ``Player.room``, the room the venture marker is on).
- 309.4: a dungeon's rooms are joined by arrows; each room has a room ability, a triggered
  ability "When you move your venture marker into this room, [effect]" (309.4c) whose
  source is the dungeon and whose controller is its owner. Here each room's ability is
  a ``Triggered`` put into ``GameState.triggers`` as the marker moves, named for the
  dungeon's card (``Dungeon.card``: a card of no type, in no zone, as the monarch's
  triggers are), with its targets chosen as it is put on the stack (603.3d: none legal,
  it is removed).
- 701.49a: venturing with no dungeon, the player puts one into the command zone with the
  marker on its first room; 701.49b: otherwise the marker moves along an arrow to a next
  room (the player chooses at a fork: a ``MODE`` question about ``Rooms``); 701.49c: a
  player whose marker is on the last room (its ability not yet resolved) completes that
  dungeon and ventures into a new one. 701.49d: "venture into Undercity" chooses
  Undercity when the player has no dungeon (the initiative's triggers,
  ``engine.effects.take_initiative``); Undercity can be entered only that way.
- 704.5t, 309.7: once the last room's ability has left the stack the dungeon is removed
  from the game and the player has completed it (``engine.rules.sba``;
  ``Player.dungeons_completed``).

Only Undercity is known: the dungeons of Adventures in the Forgotten Realms (what "venture
into the dungeon" chooses among) need room effects the engine lacks (Tomb of
Annihilation's "each player loses 2 life unless they discard a card", Mad Wizard's Lair's
free cast, ...), so the compiler refuses "venture into the dungeon".
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import CardDef, Effect, EffectT, Filter, ManaAbility, Target, Triggered
from mtgsim.engine.cards.schema.conditions import CompletedDungeon
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.effects.create_token import CreateToken
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.effects.dungeon_reveal_put import DungeonRevealPut
from mtgsim.engine.effects.goad import Goad
from mtgsim.engine.effects.lose_life import LoseLife
from mtgsim.engine.effects.scry import Scry
from mtgsim.engine.effects.search import Search
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.rules.effect import (
    HANDSET,
    Estimate,
    LifePrice,
    effect_rules,
    effects_value,
    helps,
)
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.sba import complete_dungeon
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Rooms
from mtgsim.engine.state.derived import checks_due, game_card
from mtgsim.engine.state.game_state import (
    NONE,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    PendingTrigger,
    StackItem,
)

_KIND_MODE = DecisionKind.MODE  # (a module constant: see DecisionKind)
UNDERCITY = "Undercity"


class Venture(Effect, tag="venture", frozen=True):
    """"[Player] ventures into [dungeon]" (701.49): ``who`` is a player reference;
    ``into`` the dungeon chosen when the player has none (701.49d: "Undercity")."""

    who: str = "you"
    into: str = UNDERCITY


class Room(msgspec.Struct, frozen=True):
    """One room of a dungeon (309.4): its name, its room ability and the rooms its arrows
    lead to (indices into the dungeon's rooms; none for the bottommost room)."""

    name: str
    ability: Triggered
    leads_to: tuple[int, ...] = ()


class Dungeon(msgspec.Struct, frozen=True):
    """A dungeon card (309): the card its room abilities are named for, and its rooms,
    the first one topmost."""

    card: CardDef
    rooms: tuple[Room, ...]


def _room(name: str, effects: tuple[EffectT, ...], leads_to: tuple[int, ...],
          targets: tuple[Target, ...] = ()) -> Room:
    return Room(name, Triggered(when="room_entered", effects=effects, targets=targets),
                leads_to)


_TREASURE = CardDef(name="Treasure", types=("artifact",), subtypes=("Treasure",), colors=(),
                    abilities=(ManaAbility(colors="WUBRG", sacrifice_self=True),))
_SKELETON = CardDef(name="Skeleton", types=("creature",), subtypes=("Skeleton",),
                    colors=("B",), power=4, toughness=1, keywords=("Menace",))

# Undercity (Commander Legends: Battle for Baldur's Gate), its rooms as printed.
UNDERCITY_DUNGEON = Dungeon(
    CardDef(name=UNDERCITY, types=(), text=(
        "(You can venture into Undercity only after you take the initiative.)\n"
        "Secret Entrance — Search your library for a basic land card, reveal it, put it "
        "into your hand, then shuffle. (→ Forge or Lost Well)\n"
        "Forge — Put two +1/+1 counters on target creature. (→ Trap! or Arena)\n"
        "Lost Well — Scry 2. (→ Arena or Stash)\n"
        "Trap! — Target player loses 5 life. (→ Archives)\n"
        "Arena — Goad target creature. (→ Archives or Catacombs)\n"
        "Stash — Create a Treasure token. (→ Catacombs)\n"
        "Archives — Draw a card. (→ Throne of the Dead Three)\n"
        "Catacombs — Create a 4/1 black Skeleton creature token with menace. "
        "(→ Throne of the Dead Three)\n"
        "Throne of the Dead Three — Reveal the top ten cards of your library. Put a "
        "creature card from among them onto the battlefield with three +1/+1 counters on "
        "it. It gains hexproof until your next turn. Then shuffle.")),
    (
        _room("Secret Entrance", (Search(filter=Filter(types=("land",),
                                                       supertypes=("basic",)),
                                         reveal=True),), (1, 2)),
        _room("Forge", (AddCounters(counter="+1/+1", amount=2),), (3, 4),
              (Target(kind="creature"),)),
        _room("Lost Well", (Scry(amount=2),), (4, 5)),
        _room("Trap!", (LoseLife(amount=5, who="t0"),), (6,), (Target(kind="player"),)),
        _room("Arena", (Goad(),), (6, 7), (Target(kind="creature"),)),
        _room("Stash", (CreateToken(token=_TREASURE),), (7,)),
        _room("Archives", (Draw(),), (8,)),
        _room("Catacombs", (CreateToken(token=_SKELETON),), (8,)),
        _room("Throne of the Dead Three", (DungeonRevealPut(amount=10, counters=3),), ()),
    ))
DUNGEONS: dict[str, Dungeon] = {UNDERCITY: UNDERCITY_DUNGEON}


def resolve(state: GameState, item: StackItem, eff: Venture, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        venture(state, p, eff.into, asker, item.source)


def venture(state: GameState, player: int, into: str, asker: Asker, source: int) -> None:
    """``player`` ventures (701.49): into ``into``'s first room with no dungeon or after
    completing one on its last room (701.49a, c), else along an arrow of theirs (701.49b,
    asking at a fork before anything changes); the new room's ability triggers."""
    p = state.players[player]
    dungeon = DUNGEONS.get(p.dungeon)
    room = 0
    if dungeon is not None and not p.room_last:
        nexts = dungeon.rooms[p.room].leads_to
        room = nexts[0]
        if len(nexts) > 1:
            labels = tuple(dungeon.rooms[r].name for r in nexts)
            room = nexts[asker.choose(Decision(
                _KIND_MODE, player, "venture into " + " or ".join(labels),
                options=list(nexts), source=source,
                about=Rooms(dungeon.card.name, labels)))]
    else:
        if dungeon is not None:  # 701.49c: the last room's ability is still on the stack
            complete_dungeon(state, player)
        dungeon = DUNGEONS[into]  # 701.49a, d
        p.dungeon = into
    p.room = room
    entered = dungeon.rooms[room]
    p.room_last = not entered.leads_to
    if p.room_last:
        checks_due(state)  # 704.5t: completed once this room's ability leaves the stack
    if state.log is not None:
        log(state, "venture", player, dungeon.card.name, entered.name)
    state.triggers.append(PendingTrigger(NONE, player, game_card(state, dungeon.card),
                                         entered.ability, 0))


@condition_rule(CompletedDungeon)
def completed_dungeon(state: GameState, cond: CompletedDungeon, controller: int,
                      source: GameObject, subject: GameObject | None) -> bool:
    """"If you've completed a dungeon" (309.7): any dungeon, any time this game."""
    return state.players[controller].dungeons_completed > 0


# --- what the AI thinks a room is worth -------------------------------------------------

# each room further down the path counts for this much of its worth now (it is a turn or
# more away, and the initiative may be lost before)
LATER = 0.6


def room_now_worth(state: GameState, me: int, room: Room,
                   price: LifePrice = HANDSET) -> float:
    """What ``room``'s ability would give ``me`` now, its targets the best legal ones (by
    the effect table's estimates at ``price``, as the player would choose them)."""
    ab = room.ability
    chosen: list[int] = []
    for spec in ab.targets:
        options = legal_targets(state, spec, me, NONE, chosen)
        if not options:
            return 0.0  # 603.3d: removed from the stack, nothing happens
        chosen.append(max(options, key=lambda t: effects_value(state, me, ab.effects,
                                                             [*chosen, t], NONE, 0, 0,
                                                             price)))
    return effects_value(state, me, ab.effects, chosen, NONE, 0, 0, price)


def path_worth(state: GameState, me: int, dungeon: Dungeon, room: int,
               seen: dict[int, float] | None = None,
               price: LifePrice = HANDSET) -> float:
    """``room``'s worth now and the best path on from it, each room further less
    (``seen``: the rooms already valued in this question, each path sharing them; life
    at ``price``)."""
    if seen is None:
        seen = {}
    got = seen.get(room)
    if got is not None:
        return got
    here = dungeon.rooms[room]
    on = 0.0
    for r in here.leads_to:
        on = max(on, path_worth(state, me, dungeon, r, seen, price))
    got = seen[room] = room_now_worth(state, me, here, price) + LATER * on
    return got


def next_rooms(state: GameState, player: int, into: str = UNDERCITY) -> tuple[int, ...]:
    """The rooms ``player``'s next venture may enter (of their dungeon, else of ``into``)."""
    p = state.players[player]
    dungeon = DUNGEONS.get(p.dungeon)
    if dungeon is None or p.room_last:
        return (0,)
    return dungeon.rooms[p.room].leads_to


def best_room(state: GameState, me: int, d: Decision, price: LifePrice = HANDSET) -> int:
    """The index of ``d.options`` (rooms of ``me``'s dungeon) whose path is worth most:
    the Skeleton's room when the board needs a body, the Trap when the opponent is low,
    the Forge when a creature would carry its counters."""
    dungeon = DUNGEONS.get(state.players[me].dungeon, UNDERCITY_DUNGEON)
    best, best_v = 0, -1e9
    seen: dict[int, float] = {}
    for i, r in enumerate(d.options):
        v = path_worth(state, me, dungeon, r, seen, price)
        if v > best_v:
            best, best_v = i, v
    return best


def room_ahead_worth(state: GameState, me: int, into: str = UNDERCITY,
                     price: LifePrice = HANDSET) -> float:
    """What ``me``'s next venture is worth: the best room it may enter (and its path)."""
    p = state.players[me]
    dungeon = DUNGEONS.get(p.dungeon) if not p.room_last else None
    if dungeon is None:
        dungeon = DUNGEONS[into]
    seen: dict[int, float] = {}
    return max(path_worth(state, me, dungeon, r, seen, price)
               for r in next_rooms(state, me, into))


def estimate(ev: Estimate, e: Venture) -> None:
    """Venturing is worth the room ahead (and its path on) to whoever ventures."""
    state = ev.state
    for p in players_for(e.who, ev.me, ev.targets, state):
        v = room_ahead_worth(state, p, e.into, ev.price)
        ev.total += v if p == ev.me else -v


RULES = effect_rules(Venture, resolve=resolve, estimate=estimate, sign=helps("who"))
