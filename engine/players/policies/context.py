"""What one priority decision of the heuristic policy looks at: the ``Ctx`` built once
per decision (whose turn and step, mana, creatures, hand, life), and the small effect
predicates every scoring module shares. Computed once because every legal action of the
decision is scored against the same position."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from mtgsim.engine.cards import KW_CANT_ATTACK, KW_FLASH, EffectT
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.combat_ai import damage_of
from mtgsim.engine.players.worth import Board, board
from mtgsim.engine.rules.effect import Role, has_role
from mtgsim.engine.rules.mana import can_pay_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.game_state import END, MAIN1, MAIN2, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_COUNTER = Role.COUNTER

COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}


def first_effects(card: Card) -> tuple[EffectT, ...]:
    """A spell's effects (its first mode's, when modal); () for a non-spell."""
    spell = card.spell
    if spell is None:
        return ()
    if spell.modes:
        return spell.modes[0].effects
    return spell.effects


class Ctx:
    """What one priority decision keeps looking at, computed once (the mana and the
    board when first asked: most decisions read neither)."""

    __slots__ = ("state", "me", "opp", "my_turn", "step", "main", "main1", "opp_end",
                 "_units", "_board", "_hand",
                 "opp_damaged", "my_life", "opp_life", "_urgent", "_reserve")

    def __init__(self, state: GameState, me: int) -> None:
        self.state = state
        self.me = me
        self.opp = opp = 1 - me
        self.my_turn = state.active == me
        self.step = state.step
        empty = not state.stack
        self.main = self.my_turn and self.step in (MAIN1, MAIN2) and empty
        self.main1 = self.main and self.step == MAIN1
        self.opp_end = not self.my_turn and self.step == END and empty
        self._units: list[int] | None = None
        self._board: Board | None = None
        self._hand: list[GameObject] | None = None
        self.opp_damaged = state.players[opp].damage_this_turn > 0
        self.my_life = state.players[me].life
        self.opp_life = state.players[opp].life
        self._urgent: bool | None = None
        self._reserve: int | None = None

    @property
    def units(self) -> list[int]:
        """The mana I could make now, a unit (colour mask) per mana (shared: read it)."""
        units = self._units
        if units is None:
            units = self._units = mana_units(self.state, self.me)[0]
        return units

    @property
    def mana(self) -> int:
        """How much mana I could make now."""
        return len(self.units)

    @property
    def board(self) -> Board:
        """The board (engine.players.worth.board), looked up when first asked."""
        b = self._board
        if b is None:
            b = self._board = board(self.state)
        return b

    @property
    def mine(self) -> list[GameObject]:
        """My creatures, in battlefield order (shared: read it)."""
        return self.board.creatures[self.me]

    @property
    def theirs(self) -> list[GameObject]:
        """Their creatures, in battlefield order (shared: read it)."""
        return self.board.creatures[self.opp]

    @property
    def lands(self) -> int:
        """The lands I control (types added by effects count)."""
        return self.board.lands[self.me]

    @property
    def hand(self) -> list[GameObject]:
        """My hand's objects (many decisions never look: a land drop)."""
        if self._hand is None:
            objects = self.state.objects
            self._hand = [objects[o] for o in self.state.players[self.me].hand]
        return self._hand

    def hand_cards(self) -> Iterator[Card]:
        """My hand's cards (for ``heuristic.land_kept``, which lists them only where its
        rule reads them)."""
        return (o.card for o in self.hand)

    def graveyard_cards(self) -> Iterator[Card]:
        """My graveyard's cards (for ``heuristic.land_kept``, as ``hand_cards``)."""
        objects = self.state.objects
        return (objects[g].card for g in self.state.players[self.me].graveyard)

    @property
    def urgent(self) -> bool:
        """Their board threatens to kill soon: spend mana now rather than hold it."""
        if self._urgent is None:
            their_power = sum(damage_of(c) for c in self.theirs if not c.kw & KW_CANT_ATTACK)
            self._urgent = their_power * 2 >= self.my_life or (
                not self.mine and their_power >= 3)
        return self._urgent

    @property
    def reserve(self) -> int:
        """Mana to keep up in the main phase for the cheapest counterspell in hand."""
        if self._reserve is None:
            reserve = 0
            if self.main and self.state.players[self.opp].hand:
                for o in self.hand:
                    c = o.card
                    if c.instant_speed and c.cost is not None and is_counterspell(c) and \
                            can_pay_cost(c.cost, self.units):
                        mv = c.mana_value
                        reserve = mv if not reserve else min(reserve, mv)
            self._reserve = reserve
        return self._reserve


@lru_cache(maxsize=4096)
def is_counterspell(card: Card) -> bool:
    """A counterspell (or a flash creature that counters as it enters). A pure function
    of the (immutable) card, memoised by the card object itself."""
    spell = card.spell
    if spell is not None:
        for effects in ([spell.effects] + [m.effects for m in spell.modes]):
            if has_role(effects, _ROLE_COUNTER):
                return True
    if card.is_creature and card.keyword_mask & KW_FLASH:
        return any(ab.when == "enters" and has_role(ab.effects, _ROLE_COUNTER)
                   for ab in card.triggered)
    return False


def fits_reserve(ctx: Ctx, cost: int) -> bool:
    """Casting something costing ``cost`` now still leaves counterspell mana up."""
    if not ctx.reserve or ctx.urgent:
        return True
    return ctx.mana - cost >= ctx.reserve
