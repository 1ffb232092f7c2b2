"""The tagged unions of the card schema: ``Amount``, ``Condition`` and ``EffectT``.

msgspec decodes a union member by its tag (``of``, ``if``, ``do``). A new condition or
amount is added to its schema module and to its union here; a new effect is its own
module's (``engine/effects/<tag>.py``), and ``EffectT``, the union of every effect, is
assembled from the effect table when the pool loads. Each member's rules are registered
in its module (``tests/rules/test_rules_table.py`` fails for a member without).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from mtgsim.engine.cards.schema.amounts import (
    AttachedAuras,
    AttackedWithThisTurn,
    CardsDrawnThisTurn,
    CardsInHand,
    ColorsOfAffected,
    CountCards,
    CountersOnSelf,
    CountPermanents,
    CountPermanentsOf,
    CountPlayers,
    DevouredCount,
    ExiledManaValue,
    PowerOf,
    SacrificedManaValue,
    ThatMuch,
    X,
)
from mtgsim.engine.cards.schema.conditions import (
    AllOf,
    AltCostPaid,
    CardsAtLeast,
    CardTypesInGraveyard,
    CastSpellThisTurn,
    CompletedDungeon,
    CreatureDiedThisTurn,
    Devoured,
    EnteredThisTurn,
    HadCounter,
    HaveInitiative,
    ItPowerAtMost,
    Kicked,
    LandEnteredThisTurn,
    LevelBetween,
    LifeAtMost,
    MoreLifeThanOpponent,
    Not,
    NotYourTurn,
    OnBattlefield,
    OpponentDamagedThisTurn,
    OptionalCostPaid,
    OwnedByYou,
    ReplicatePaid,
    SelfHasCounter,
    YouControl,
)
from mtgsim.engine.cards.schema.effects import Effect

Amount = (
    int | X | CountPermanents | CardsInHand | CountersOnSelf | AttachedAuras | PowerOf
    | ExiledManaValue | CountCards | ThatMuch | DevouredCount | CountPlayers
    | ColorsOfAffected | CountPermanentsOf | CardsDrawnThisTurn | SacrificedManaValue
    | AttackedWithThisTurn
)
Condition = (
    YouControl | LifeAtMost | OpponentDamagedThisTurn | HadCounter | SelfHasCounter
    | ReplicatePaid | CardTypesInGraveyard | MoreLifeThanOpponent | OwnedByYou | CardsAtLeast
    | ItPowerAtMost | Kicked | Not | Devoured | NotYourTurn | LevelBetween | AltCostPaid
    | AllOf | LandEnteredThisTurn | CreatureDiedThisTurn | EnteredThisTurn
    | OnBattlefield | HaveInitiative | CompletedDungeon | OptionalCostPaid
    | CastSpellThisTurn
)


class _Unlinked:
    """What ``EffectT`` is until the effect table links the union in: not a type, so a
    decoder built before the pool loads fails at once instead of decoding wrongly."""

    def __repr__(self) -> str:
        return "EffectT (not linked yet: load the card pool first)"


UNLINKED: Any = _Unlinked()

if TYPE_CHECKING:
    EffectT: TypeAlias = Effect  # any effect (the union is assembled at run time)
else:
    # The union of every registered effect, linked in by ``engine.rules.effect.link_effects``
    # into each module that holds this name.
    EffectT = UNLINKED
