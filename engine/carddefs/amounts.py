"""Schema of dynamic amounts (``{ of = "..." }``): numbers computed as an effect happens.

The core members only; amounts added for keyword families live in
``engine.carddefs.families`` and the full ``Amount`` union in ``engine.carddefs.unions``.
"""

from __future__ import annotations

from mtgsim.engine.carddefs.base import _Frozen
from mtgsim.engine.carddefs.filters import Filter

# --- amounts ---------------------------------------------------------------------------


class Dyn(_Frozen, tag_field="of", frozen=True):
    """A number computed from the game when the effect happens."""


class X(Dyn, tag="x", frozen=True):
    times: int = 1


class CountPermanents(Dyn, tag="count_permanents", frozen=True):
    filter: Filter = Filter()
    times: int = 1


class CardsInHand(Dyn, tag="cards_in_hand", frozen=True):
    who: str = "you"


class CountersOnSelf(Dyn, tag="counters_on_self", frozen=True):
    counter: str = "+1/+1"


class AttachedAuras(Dyn, tag="attached_auras", frozen=True):
    """Auras attached to the source (Kor Spiritdancer)."""

    times: int = 1


class PowerOf(Dyn, tag="power_of", frozen=True):
    what: str = "self"
