"""What the other player's spells say of their hidden hand (``search:infer=2``).

``infer=1`` (``hand_inference``) uses the land drop the heuristic never skips. This module
uses what it cast, or rather did not: the rollouts' opponent model is the heuristic, and
the heuristic's second main phase (it stops there: ``stops.deck_stops``) ends when its
priority answer with an empty stack is to pass (117.3a, 117.4; 505.1 the main phase,
307.1 sorcery timing). So the hand it held at that last priority held no card the
heuristic would have played there, with the mana it had open, on that board. A deal of
their hidden hand that puts such a card among the cards they still hold since then is
one the opponent model says could not have happened.

The record (``TurnRecord``, kept by ``HandMemory`` beside its land evidence, from the
views the policy is given and nothing else) is, for the latest turn of theirs, the first
view with an empty stack after their second main phase began (their end step, or the
first view of the next turn, before its player acts: nothing of theirs changes between
their last main-phase priority and then but what the end step and the untap of the next
turn's player do). It is kept as a determinization of that view (the cards ``me`` did
not see dealt once, from the view and a seed of the turn: ``determinize``), its hidden
hand removed, turned back to their second main phase: their turn, step ``MAIN2``, their
priority, and their land drop spent if a land entered under their control that turn
(``Player.land_entered_turn``, public). It is never changed; each question clones it.

The question (``TurnRecord.would_have_played``), for a deal of their hand now: the
cards of it they held then are the hidden cards now less the cards that may have joined
since (a hidden card joins a hand from the library, so at most what their library lost
since the record: as ``hand_inference``); which of the dealt cards those are is chosen
at random from the deal's seed (the deal is exchangeable, so conditioning a random
subset of its size is conditioning the real one). Those cards go into the record's hand
(with the cards of it ``me`` knows), the legal actions are listed (``legal_actions``) and
the default heuristic, the rollouts' opponent model, answers that priority. If it plays
one of those cards (a cast, a land, an ability from the hand) the deal is one it would
not have passed with: ``RootSearch.deal`` deals again (``RETRIES``).

What it can get wrong (docs/search-record.md, "What the spells say"): the record's board is
the one of the first view after their main phase, so what changed between (their end
step's triggers, the untap of my permanents when the record is my turn's first view) is
in it, and so is what a new turn ends when the record is my turn's first view (their
turn's counts of spells cast, cards drawn and damage dealt, ``Player.cast_this_turn``
and the rest, are 0 there, and their turn's shields are gone: ``rewound`` turns back the
turn, the step and the priority, not what the turn's end erased); the cards they held
then and have played since are public now, but which hidden card each was is not, so
they are not in the record's hand: a counterspell or a flash creature held then and cast
since made the heuristic keep mana up (``fits_reserve``), which the record without it
does not know, and it may say "would have cast" of a card that was held back for that
mana. A player who is not the heuristic breaks the model, as for ``infer=1``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.determinize import add_card, determinize, redealt
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.paired_gain import mix
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.priority_actions import legal_actions
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import PASS, Decision, DecisionKind
from mtgsim.engine.state.game_state import HAND, MAIN2, NONE, UPKEEP, GameState
from mtgsim.engine.state.rng import randbelow

# Deals tried before keeping the first (the ``infer=1`` deal): when every one of them
# would have been played, the record most likely says something the model gets wrong
# (see the module docstring), and the first deal is the one ``infer=1`` makes
RETRIES = 16
# The seed of a record's own deal of the cards its view hides (their library's holes,
# the hand's cards, removed): a constant mixed with the turn, nothing hidden
_RECORD_SEED = 0x5BE11
_PRIORITY = DecisionKind.PRIORITY
# my attack declaration: the first view of my turn when no priority of mine came before it
# (a priority with nothing but a pass is not asked), so nothing of mine was done yet
_ATTACKERS = DecisionKind.ATTACKERS


@dataclass(frozen=True)
class TurnRecord:
    """The other player's public position at the end of their turn ``turn``'s second
    main phase (module docstring): ``game`` (never changed: each question clones it),
    their library's size and their hidden hand's size at the view it was made from."""

    turn: int
    game: GameState
    library: int
    hidden: int

    def would_have_played(self, view: GameState, dealt: GameState, me: int,
                          seed: int) -> bool:
        """Whether the default heuristic, in this record's position with the dealt cards
        of ``dealt`` (a deal of ``view``) that were in their hand then, would have played
        one of those cards rather than pass (module docstring); False when the record
        says nothing of this deal (the library grew, or no dealt card was held then)."""
        other = 1 - me
        joined = self.library - len(view.players[other].library)
        fresh = [oid for oid in dealt.players[other].hand if oid not in view.objects]
        held = len(fresh) - joined
        if joined < 0 or held <= 0 or held > self.hidden:
            return False
        cards = [dealt.objects[oid].card for oid in _pick(fresh, held, seed)]
        return _plays_one(self.game, other, cards)


def _pick(items: list[int], n: int, seed: int) -> list[int]:
    """``n`` of ``items`` chosen uniformly (a partial Fisher-Yates shuffle from
    ``seed``), in their order."""
    order = list(range(len(items)))
    rng = seed
    for i in range(n):
        rng, j = randbelow(rng, len(order) - i)
        order[i], order[i + j] = order[i + j], order[i]
    return [items[i] for i in sorted(order[:n])]


def _plays_one(record: GameState, player: int, cards: list[Card]) -> bool:
    """Whether the default heuristic's priority answer for ``player`` in ``record`` with
    ``cards`` added to their hand plays one of them."""
    game = clone(record)
    added = {add_card(game, card, player, HAND) for card in cards}
    theirs = game.players[player]
    theirs.hand = list(theirs.hand) + sorted(added)
    redealt(game)
    ensure(game)
    actions = legal_actions(game, player)
    if len(actions) < 2:
        return False
    answer = HeuristicPolicy(0).priority(game, Decision(_PRIORITY, player, actions=actions))
    action = actions[answer]
    return action.kind != PASS and action.oid in added


# The fields of the other player's ``Player`` that ``record_turn`` turns back: their hand
# (the cards ``me`` knows; a question adds those it asks about) and their land drop
PLAYER_REWOUND = ("hand", "lands_played")


def rewound(other: int, turn: int) -> tuple[tuple[str, object], ...]:
    """The fields of ``GameState`` that ``record_turn`` sets, with their values at
    ``other``'s priority in their turn ``turn``'s second main phase with an empty stack:
    what a view after it shows otherwise. Every other field is kept as the view has it,
    for a reason ``tests/players/test_record_rewind.py`` gives field by field (a field
    added to the state fails there until it is rewound here or given its reason)."""
    return (("turn", turn), ("active", other), ("priority", other), ("step", MAIN2),
            ("passes", 0), ("pending", None), ("tasks", []), ("combat", None),
            ("triggers", []))


def record_turn(view: GameState, me: int, turn: int) -> TurnRecord | None:
    """The record of the other player's turn ``turn`` from ``view``, the first view with
    an empty stack after its second main phase began (module docstring); None when the
    view cannot be dealt (no deck list nor card seen to sample from)."""
    other = 1 - me
    hidden_ids = [oid for oid in view.players[other].hand if oid == NONE
                  or oid not in view.objects]
    game = determinize(view, me, mix(_RECORD_SEED, turn))
    if game is None:
        return None
    theirs = game.players[other]
    theirs.hand = [oid for oid in theirs.hand if oid in view.objects]
    for oid in [o for o in game.objects if o not in view.objects
                and game.objects[o].zone == HAND and game.objects[o].owner == other]:
        del game.objects[oid]
    for name, value in rewound(other, turn):
        setattr(game, name, value)
    theirs.lands_played = theirs.land_drops if theirs.land_entered_turn >= turn else 0
    redealt(game)
    return TurnRecord(turn, game, len(view.players[other].library), len(hidden_ids))


class SpellMemory:
    """One seat's record of the other player's latest turn (``TurnRecord``), over one game,
    from the views it is given: the first view with an empty stack, at a priority of
    ``me`` in their end step or at my first priority or attack declaration of the next
    turn (the first views of mine in it: nothing of mine was done before), makes the
    record of their turn (module docstring)."""

    def __init__(self) -> None:
        self.record: TurnRecord | None = None
        self.mine: set[int] = set()  # the turns a view showed to be ``me``'s own

    def observe(self, view: GameState, me: int) -> None:
        """Remember ``view`` (``me``'s, at one of their decisions)."""
        if view.turn == 1 and view.step < UPKEEP:
            return  # the mulligans
        other = 1 - me
        first = view.active == me and view.turn not in self.mine  # my turn's first view
        if view.active == me:
            self.mine.add(view.turn)
        kind = view.pending.kind if view.pending is not None else None
        if view.stack or view.triggers or (kind is not _PRIORITY and kind is not _ATTACKERS):
            return
        if view.active == other and view.step > MAIN2:
            if view.tasks:
                return
            turn = view.turn  # their end step: their main phases are over
        elif first and view.turn - 1 not in self.mine:
            turn = view.turn - 1  # my turn: theirs was before it (500.1; an extra turn
            # of mine, seen, is not theirs)
        else:
            return
        if turn < 1 or (self.record is not None and self.record.turn >= turn):
            return
        self.record = record_turn(view, me, turn)

    def deal(self, view: GameState, me: int, seed: int,
             deal: Callable[[int], GameState | None]) -> GameState | None:
        """``deal(seed)``, dealt again from other seeds (up to ``RETRIES`` deals) while the
        record says the heuristic would have played one of the cards it holds since; the
        first deal when every one would have (module docstring)."""
        first = deal(seed)
        record = self.record
        if first is None or record is None:
            return first
        dealt: GameState | None = first
        for attempt in range(RETRIES):
            if attempt:
                dealt = deal(mix(seed, attempt))
            if dealt is None:
                break
            if not record.would_have_played(view, dealt, me, mix(seed, attempt, 0xC0DE)):
                return dealt
        return first


__all__ = ["PLAYER_REWOUND", "RETRIES", "SpellMemory", "TurnRecord", "record_turn", "rewound"]
