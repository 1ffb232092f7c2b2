"""Schema of the effects keyword abilities expand into (``engine/keywords/<keyword>.py``
compiles the keyword and resolves its effect).
"""

from __future__ import annotations

from mtgsim.engine.carddefs.effects import Effect


class Annihilate(Effect, tag="annihilate", frozen=True):
    """702.86a: the defending player sacrifices N permanents."""

    n: int


class Exalt(Effect, tag="exalt", frozen=True):
    """702.83a: the creature that attacked alone gets +1/+1 until end of turn."""


class CascadeEffect(Effect, tag="cascade", frozen=True):
    """702.85a: exile until a cheaper nonland card, may cast it free, bottom the rest."""


class ReplicateCopies(Effect, tag="replicate_copies", frozen=True):
    """702.56a: copy the spell once per payment of this replicate instance."""

    instance: int = 0


class EpicCopy(Effect, tag="epic_copy", frozen=True):
    """702.50a: copy the epic spell except for its epic ability; new targets allowed."""


class ReboundCast(Effect, tag="rebound_cast", frozen=True):
    """702.88a: you may cast the exiled card without paying its mana cost."""


class HauntExile(Effect, tag="haunt_exile", frozen=True):
    """702.55a: exile this card haunting target creature (t0)."""


class RecoverPay(Effect, tag="recover_pay", frozen=True):
    """702.59a: pay the cost to return this card to hand, otherwise exile it."""

    cost: str
    pay_half_life: bool = False


class TransmuteSearch(Effect, tag="transmute_search", frozen=True):
    """702.53a: search for a card with the same mana value as the discarded card."""


class UnearthReturn(Effect, tag="unearth_return", frozen=True):
    """702.84a: return to the battlefield with haste, exiled at the next end step."""


class MoveCounter(Effect, tag="move_counter", frozen=True):
    """Move a counter from one object to another (graft, 702.58a)."""

    origin: str = "self"
    to: str = "it"
    counter: str = "+1/+1"


class CascadeBottom(Effect, tag="cascade_bottom", frozen=True):
    """The end of a cascade (702.85a): after the hit card was cast (or not), the exiled
    ``cards`` that weren't cast go to the bottom of the library in a random order."""

    cards: tuple[int, ...] = ()


class WardCounter(Effect, tag="ward_counter", frozen=True):
    """Ward (702.21a): counter the spell or ability that targeted this ("it") unless its
    controller pays ``cost``."""

    cost: str = ""
