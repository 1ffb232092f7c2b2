"""The tagged unions of the card schema: ``Amount``, ``Condition`` and ``EffectT``.

msgspec decodes a union member by its tag (``of``, ``if``, ``do``). A new effect,
condition or amount is added to its schema module and to its union here; its rules are
registered in its own module (``tests/test_rules_table.py`` fails for a member without).
"""

from __future__ import annotations

from mtgsim.engine.carddefs.amounts import (
    AttachedAuras,
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
    ThatMuch,
    X,
)
from mtgsim.engine.carddefs.conditions import (
    AltCostPaid,
    CardsAtLeast,
    CardTypesInGraveyard,
    Devoured,
    HadCounter,
    ItPowerAtMost,
    Kicked,
    LevelBetween,
    LifeAtMost,
    MoreLifeThanOpponent,
    Not,
    NotYourTurn,
    OpponentDamagedThisTurn,
    OwnedByYou,
    ReplicatePaid,
    SelfHasCounter,
    YouControl,
)
from mtgsim.engine.carddefs.effects import (
    AddChosenColorMana,
    AddCounters,
    AddMana,
    Attach,
    AttachEquipment,
    Bounce,
    CopySpell,
    CounterSpell,
    CounterUnlessDiscardHand,
    CreateToken,
    CreateTokenCopy,
    Damage,
    Destroy,
    Discard,
    DiscardChosen,
    Draw,
    Exile,
    ExileUntil,
    ForEachTarget,
    GainControl,
    GainLife,
    If,
    LookAtTop,
    LoseLife,
    May,
    Mill,
    Pump,
    PutFromTopOntoBattlefield,
    PutOnLibrary,
    Regenerate,
    ReturnAtRandom,
    ReturnFromGraveyard,
    ReturnToBattlefield,
    RevealTop,
    Sacrifice,
    Search,
    SearchLibrary,
    ShuffleGraveyardIntoLibrary,
    Tap,
    Untap,
    UntapEach,
)
from mtgsim.engine.carddefs.keyword_effects import (
    Annihilate,
    CascadeBottom,
    CascadeEffect,
    EpicCopy,
    Exalt,
    HauntExile,
    MoveCounter,
    ReboundCast,
    RecoverPay,
    ReplicateCopies,
    TransmuteSearch,
    UnearthReturn,
    WardCounter,
)
from mtgsim.engine.carddefs.lasting import (
    AdditionalCombat,
    AdditionalCombatAfterThisMain,
    BecomeChosenColors,
    Becomes,
    CantGainLife,
    ChangeColorWord,
    DelayedAt,
    DelayedTriggerAbout,
    DoesntUntapNext,
    ExileAtNextEndStep,
    ExtraTurn,
    GainAbility,
    GainKeyword,
    GrantFlashback,
    ProtectionFromChosenColor,
    SetBasePowerToughness,
)

Amount = (
    int | X | CountPermanents | CardsInHand | CountersOnSelf | AttachedAuras | PowerOf
    | ExiledManaValue | CountCards | ThatMuch | DevouredCount | CountPlayers
    | ColorsOfAffected | CountPermanentsOf
)
Condition = (
    YouControl | LifeAtMost | OpponentDamagedThisTurn | HadCounter | SelfHasCounter
    | ReplicatePaid | CardTypesInGraveyard | MoreLifeThanOpponent | OwnedByYou | CardsAtLeast
    | ItPowerAtMost | Kicked | Not | Devoured | NotYourTurn | LevelBetween | AltCostPaid
)

EffectT = (
    Damage | Destroy | Exile | Bounce | Draw | Discard | Mill | GainLife | LoseLife | Pump
    | AddCounters | CreateToken | Tap | Untap | Search | ReturnFromGraveyard | Sacrifice
    | CounterSpell | CopySpell | PutOnLibrary | GainControl | Regenerate | AddMana | May | If
    | ForEachTarget | ExileUntil | SearchLibrary | ReturnAtRandom | UntapEach | LookAtTop
    | DiscardChosen | CounterUnlessDiscardHand | CreateTokenCopy | RevealTop
    | PutFromTopOntoBattlefield | ReturnToBattlefield | AttachEquipment | Attach
    | AddChosenColorMana | ShuffleGraveyardIntoLibrary | DoesntUntapNext | Becomes
    | ProtectionFromChosenColor | ExileAtNextEndStep | AdditionalCombat | ChangeColorWord
    | BecomeChosenColors | DelayedTriggerAbout | AdditionalCombatAfterThisMain | GainKeyword
    | CantGainLife | GainAbility | DelayedAt | SetBasePowerToughness | ExtraTurn
    | GrantFlashback | Annihilate | Exalt | CascadeEffect | ReplicateCopies | EpicCopy
    | ReboundCast | HauntExile | RecoverPay | TransmuteSearch | UnearthReturn | MoveCounter
    | CascadeBottom | WardCounter
)
