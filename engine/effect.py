"""The table of effects: for each effect of card text (``{ do = "..." }``), how it
resolves and what the AI thinks it is worth, and the tools every effect module uses.

Each effect has one module, ``engine/effects/<tag>.py`` (or, for the effect a keyword
ability expands into, its keyword's module ``engine/keywords/<keyword>.py``), which
registers its ``EffectRules`` here with ``effect_rules``: its schema class (from
``engine.carddefs``: the schema is data and imports no rules), ``resolve`` (608.2: it
asks all its questions through the Asker before it changes anything, so a resumed task
replays the answers of the current effect only), ``estimate`` (the AI's value of it, in
``engine.worth``'s currency) and ``sign`` (how it treats what a reference names). An
effect the AI does not value says so with ``why_not_valued``; none scores 0 silently.
``engine.effects`` imports every effect module; ``tests/test_rules_table.py`` fails for
an effect, condition or amount of the schema without all of its parts.

The rules dispatch through ``EFFECTS`` only (``engine.resolution.run_effect``); so does
the AI (``effects_value``, ``effect_sign``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mtgsim.engine.amounts import At, amount_value
from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import COLOR_BIT, Filter
from mtgsim.engine.decisions import AboutT
from mtgsim.engine.filters import matches
from mtgsim.engine.state import Decision, DecisionKind, GameObject, GameState, StackItem

YES, NO = 1, 0
# The colours a "color of your choice" answer can name (105.1), as colour bits, WUBRG.
COLOR_CHOICES = [COLOR_BIT[c] for c in "WUBRG"]

# resolve(state, item, effect, asker, queue): inner effects go to the front of ``queue``
Resolve = Callable[[GameState, StackItem, Any, Asker, list[Any]], None]
# estimate(ev, effect): adds the effect's value for ev.me to ev.total
Estimator = Callable[["Estimate", Any], None]
# sign(effect, ref): +1 good for what ``ref`` names (or its controller), -1 bad, 0 neither
Sign = Callable[[Any, str], int]


@dataclass(frozen=True, slots=True)
class EffectRules:
    kind: type
    resolve: Resolve
    estimate: Estimator | None
    sign: Sign
    why_not_valued: str = ""  # required when ``estimate`` is None
    # True: whose the target ``ref`` is does not matter to this effect (tap or untap,
    # copies, moving an Aura), whatever the other effects of the list do to it
    either_side: Callable[[Any, str], bool] | None = None


EFFECTS: dict[type, EffectRules] = {}


def effect_rules(kind: type, *, resolve: Resolve, estimate: Estimator | None, sign: Sign,
                 why_not_valued: str = "",
                 either_side: Callable[[Any, str], bool] | None = None) -> EffectRules:
    """Register the rules of the effect ``kind`` (once: a second registration is a bug)."""
    if kind in EFFECTS:
        raise ValueError(f"effect {kind.__name__} registered twice")
    if estimate is None and not why_not_valued:
        raise ValueError(f"effect {kind.__name__}: no estimate and no reason why")
    rules = EffectRules(kind, resolve, estimate, sign, why_not_valued, either_side)
    EFFECTS[kind] = rules
    return rules


# --- resolving ----------------------------------------------------------------------------


def amount_of(state: GameState, item: StackItem, amount: object) -> int:
    """An effect's amount as the effect happens (``engine.amounts``)."""
    if type(amount) is int:
        return amount
    return amount_value(state, amount, At.resolving(state, item))


def each_matching(state: GameState, item: StackItem, f: Filter) -> list[GameObject]:
    """The permanents matching ``f`` now ("each creature", "all other creatures")."""
    return [
        state.objects[oid] for oid in list(state.battlefield)
        if matches(state, f, state.objects[oid], item.controller, item.source)
    ]


def yes_no(asker: Asker, player: int, prompt: str, source: int, about: AboutT) -> bool:
    """Ask a "may" question (yes: option 0); ``about`` says what it is about."""
    return asker.choose(Decision(DecisionKind.MAY, player, prompt, options=[YES, NO],
                                 source=source, about=about)) == 0


# --- estimating ---------------------------------------------------------------------------


class Estimate:
    """One estimate of a list of effects for ``me`` with ``targets``: the running
    ``total`` each effect's estimator adds to (in order, so sums are exact), ``drawn``
    (cards the list draws ``me`` before a discard) and ``in_hand`` (1 if the source is a
    card in ``me``'s hand: it leaves the hand as it is cast)."""

    __slots__ = ("state", "me", "targets", "source", "x", "depth", "total", "drawn",
                 "in_hand")

    def __init__(self, state: GameState, me: int, targets: list[int], source: int, x: int,
                 depth: int) -> None:
        self.state = state
        self.me = me
        self.targets = targets
        self.source = source
        self.x = x
        self.depth = depth
        self.total = 0.0
        self.drawn = 0
        src = state.objects.get(source)
        self.in_hand = 1 if src is not None and src.zone == 1 and src.owner == me else 0

    def nested(self, effects: tuple[Any, ...]) -> float:
        """The value of inner effects ("you may", "if", a mode), estimated on their own."""
        return effects_value(self.state, self.me, effects, self.targets, self.source,
                             self.x, self.depth + 1)


def effects_value(state: GameState, me: int, effects: tuple[Any, ...], targets: list[int],
                  source: int, x: int = 0, depth: int = 0) -> float:
    """The rough gain for ``me`` if ``effects`` happened now with ``targets``."""
    ev = Estimate(state, me, targets, source, x, depth)
    for e in effects:
        estimate = EFFECTS[type(e)].estimate
        if estimate is not None:
            estimate(ev, e)
    return ev.total


def effect_sign(e: object, ref: str) -> int:
    """How an effect treats what ``ref`` names: +1 good for it (or its controller), -1 bad,
    0 unaffected or it depends."""
    return EFFECTS[type(e)].sign(e, ref)


def effects_sign(effects: tuple[Any, ...], ref: str) -> int:
    """The first sign the effects give ``ref``, -1 as soon as one hurts it."""
    s = 0
    for e in effects:
        v = EFFECTS[type(e)].sign(e, ref)
        if v:
            s = v if not s else s
            if v < 0:
                return -1
    return s


def refers(ref: str, name: str) -> bool:
    """Does card-text reference ``ref`` mean ``name`` (or its controller)?"""
    if ref == name:
        return True
    return ref.endswith(":" + name)


def hurts(field: str) -> Sign:
    """The sign of an effect bad for what its ``field`` names."""
    def sign(e: Any, ref: str) -> int:
        return -1 if refers(getattr(e, field), ref) else 0
    return sign


def helps(field: str) -> Sign:
    """The sign of an effect good for what its ``field`` names."""
    def sign(e: Any, ref: str) -> int:
        return 1 if refers(getattr(e, field), ref) else 0
    return sign


def unaffected(e: Any, ref: str) -> int:
    """The sign of an effect that is neither good nor bad for what a reference names."""
    return 0
