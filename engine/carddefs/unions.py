"""The tagged unions of the card schema: ``Amount``, ``Condition`` and ``EffectT``.

Core members first, then each keyword family's aliases; msgspec decodes by tag, and the
member order is kept as it always was.
"""

from __future__ import annotations

from mtgsim.engine.carddefs.amounts import (
    AttachedAuras,
    CardsInHand,
    CountersOnSelf,
    CountPermanents,
    PowerOf,
    X,
)
from mtgsim.engine.carddefs.conditions import (
    HadCounter,
    LifeAtMost,
    OpponentDamagedThisTurn,
    ReplicatePaid,
    SelfHasCounter,
    YouControl,
)
from mtgsim.engine.carddefs.effects import (
    AddCounters,
    AddMana,
    Annihilate,
    Bounce,
    CascadeEffect,
    CopySpell,
    CounterSpell,
    CreateToken,
    Damage,
    Destroy,
    Discard,
    Draw,
    EpicCopy,
    Exalt,
    Exile,
    ForEachTarget,
    GainControl,
    GainLife,
    HauntExile,
    If,
    LoseLife,
    May,
    Mill,
    MoveCounter,
    Pump,
    PutOnLibrary,
    ReboundCast,
    RecoverPay,
    Regenerate,
    ReplicateCopies,
    ReturnFromGraveyard,
    Sacrifice,
    Search,
    Tap,
    TransmuteSearch,
    UnearthReturn,
    Untap,
)
from mtgsim.engine.carddefs.families import (
    AmountsA,
    AmountsB,
    AmountsC,
    AmountsD,
    AmountsE,
    AmountsF,
    ConditionsA,
    ConditionsB,
    ConditionsC,
    ConditionsD,
    ConditionsE,
    ConditionsF,
    EffectsA,
    EffectsB,
    EffectsC,
    EffectsD,
    EffectsE,
    EffectsF,
)

Amount = (
    int | X | CountPermanents | CardsInHand | CountersOnSelf | AttachedAuras | PowerOf
    | AmountsA | AmountsB | AmountsC | AmountsD | AmountsE | AmountsF
)
Condition = (
    YouControl | LifeAtMost | OpponentDamagedThisTurn | HadCounter | SelfHasCounter
    | ReplicatePaid
    | ConditionsA | ConditionsB | ConditionsC | ConditionsD | ConditionsE | ConditionsF
)

EffectT = (
    Damage | Destroy | Exile | Bounce | Draw | Discard | Mill | GainLife | LoseLife | Pump
    | AddCounters | CreateToken | Tap | Untap | Search | ReturnFromGraveyard | Sacrifice
    | CounterSpell | CopySpell | PutOnLibrary | GainControl | Regenerate | AddMana | May | If | ForEachTarget
    | Annihilate | Exalt | CascadeEffect | ReplicateCopies | EpicCopy | ReboundCast
    | HauntExile | RecoverPay | TransmuteSearch | UnearthReturn | MoveCounter
    | EffectsA | EffectsB | EffectsC | EffectsD | EffectsE | EffectsF
)
