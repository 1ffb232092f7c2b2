"""The table of effects: for each effect of card text (``{ do = "..." }``), how it
resolves and what the AI thinks it is worth, and the tools every effect module uses.

Each effect has one module, ``engine/effects/<tag>.py`` (or, for the effect a keyword
ability expands into, its keyword's module ``engine/keywords/<keyword>.py``), which
registers its ``EffectRules`` here with ``effect_rules``: its schema class (from
``engine.cards.schema``: the schema is data and imports no rules), ``resolve`` (608.2: it
asks all its questions through the Asker before it changes anything, so a resumed task
replays the answers of the current effect only), ``estimate`` (the AI's value of it, in
``engine.players.worth``'s currency) and ``sign`` (how it treats what a reference names). An
effect the AI does not value says so with ``why_not_valued``; none scores 0 silently.
``engine.effects`` imports every effect module; ``tests/rules/test_rules_table.py`` fails for
an effect, condition or amount of the schema without all of its parts.

The rules dispatch through ``EFFECTS`` only (``engine.rules.resolution.run_effect``); so does
the AI (``effects_value``, ``effect_sign``).
"""

from __future__ import annotations

import functools
import operator
import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mtgsim.engine.cards import COLOR_BIT, Filter
from mtgsim.engine.cards.schema import unions
from mtgsim.engine.rules.amounts import At, amount_value
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import AboutT
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState, StackItem

YES, NO = 1, 0
# The colours a "color of your choice" answer can name (105.1), as colour bits, WUBRG.
COLOR_CHOICES = [COLOR_BIT[c] for c in "WUBRG"]

# resolve(state, item, effect, asker, queue): inner effects go to the front of ``queue``
Resolve = Callable[[GameState, StackItem, Any, Asker, list[Any]], None]
# estimate(ev, effect): adds the effect's value for ev.me to ev.total
Estimator = Callable[["Estimate", Any], None]
# sign(effect, ref): +1 good for what ``ref`` names (or its controller), -1 bad, 0 neither
Sign = Callable[[Any, str], int]


class Role(Enum):
    """The kind of play the AI takes an effect to be, registered with the effect: the
    heuristic asks an effect's role (``role_of``), never its class. A role promises the
    fields the heuristic reads of its effects, listed with it."""

    OTHER = "other"  # valued by its estimate only
    COUNTER = "counter"  # counters a spell; ``EffectRules.avoidable`` says when it fails
    PUMP = "pump"  # +N/+N and keywords: power, toughness, keywords, negative, what, each
    COUNTERS = "counters"  # puts counters on permanents: counter, amount, what, each
    DAMAGE = "damage"  # amount, to, each
    DRAW = "draw"  # amount, who
    TUTOR = "tutor"  # searches a library for a card to a hand
    TOKENS = "tokens"  # creates creature tokens
    TAP_DOWN = "tap_down"  # taps a permanent or keeps it tapped
    RECURSION = "recursion"  # returns a card from a graveyard
    EXTRA_COMBAT = "extra_combat"  # an additional combat phase
    UNTAP_ALL = "untap_all"  # untaps each permanent matching a filter
    TEMPORARY = "temporary"  # what the ability made goes away at the next end step
    REMOVAL = "removal"  # destroys a permanent: what
    STEAL = "steal"  # gains control of a permanent: what
    EXILE = "exile"  # exiles: what
    REGENERATE = "regenerate"
    SACRIFICE = "sacrifice"  # what
    OPTIONAL = "optional"  # "you may": effects (the inner ones)
    # "you may [action]. If you do, ...": each MAY question's ``MayEffect`` holds the
    # action and what follows it, valued on its own
    IF_YOU_DO = "if_you_do"
    EACH_TARGET = "each_target"  # the inner effects once per target
    HAUNT = "haunt"  # exiles its source haunting a creature (702.55)
    SHUFFLE = "shuffle"  # shuffles its controller's library (701.24): "you may shuffle"
    DISCARD = "discard"  # a player discards (701.9): who, random
    PREVENT_SPELL = "prevent_spell"  # prevents the damage of the spell it targets: what


# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MAY = DecisionKind.MAY
_KIND_COLOR = DecisionKind.COLOR
_ROLE_COUNTER = Role.COUNTER


# avoidable(state, effect, controller): can the controller of the spell this effect
# counters keep it from being countered (pay the tax; has no hand to discard)?
Avoidable = Callable[[GameState, Any, int], bool]


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
    role: Role = Role.OTHER
    avoidable: Avoidable | None = None  # required for Role.COUNTER


EFFECTS: dict[type, EffectRules] = {}
# each effect's role, looked up at every decision of the heuristic (no effect: OTHER)
ROLES: dict[type, Role] = {type(None): Role.OTHER}


def effect_rules(kind: type, *, resolve: Resolve, estimate: Estimator | None, sign: Sign,
                 why_not_valued: str = "",
                 either_side: Callable[[Any, str], bool] | None = None,
                 role: Role = Role.OTHER, avoidable: Avoidable | None = None) -> EffectRules:
    """Register the rules of the effect ``kind`` (once: a second registration is a bug)."""
    if kind in EFFECTS:
        raise ValueError(f"effect {kind.__name__} registered twice")
    if estimate is None and not why_not_valued:
        raise ValueError(f"effect {kind.__name__}: no estimate and no reason why")
    if (role is _ROLE_COUNTER) != (avoidable is not None):
        raise ValueError(f"effect {kind.__name__}: a counter says when it is avoidable")
    rules = EffectRules(kind, resolve, estimate, sign, why_not_valued, either_side, role,
                        avoidable)
    EFFECTS[kind] = rules
    ROLES[kind] = role
    return rules


def link_effects() -> Any:
    """Assemble ``EffectT``, the union of every registered effect (by tag, whatever order
    the modules loaded in), and link it into each module that still holds the name
    unlinked: the schema's abilities, the stack items of the state, the effect classes
    that hold effects ("you may ...", "if ..."). msgspec then decodes an effect by its tag
    (``do``). Done once the effect and keyword modules are loaded (``engine.cards.pool``);
    a module imported later gets the union from the schema. Returns the union."""
    kinds = sorted(EFFECTS, key=lambda k: str(k.__struct_config__.tag))  # type: ignore[attr-defined]
    union: Any = functools.reduce(operator.or_, kinds)  # Damage | Destroy | ...
    for name in sorted(sys.modules):
        module = sys.modules[name]
        if name.startswith("mtgsim.") and vars(module).get("EffectT") is unions.UNLINKED:
            vars(module)["EffectT"] = union
    return union


def role_of(e: object) -> Role:
    """The kind of play the AI takes the effect ``e`` to be (OTHER for no effect: None)."""
    return ROLES[type(e)]


def has_role(effects: tuple[object, ...], *roles: Role) -> bool:
    """Any of these effects has one of these roles."""
    for e in effects:  # (a loop: no generator object for a call made at every decision)
        if ROLES[type(e)] in roles:
            return True
    return False


def counter_avoidable(state: GameState, e: object, controller: int) -> bool:
    """Can the controller of the spell the counter ``e`` targets keep it from being
    countered (``EffectRules.avoidable``)?"""
    avoidable = EFFECTS[type(e)].avoidable
    return avoidable is not None and avoidable(state, e, controller)


def first_of_role(effects: tuple[object, ...], *roles: Role) -> Any:
    """The first of these effects with one of these roles (None if none has)."""
    for e in effects:
        if ROLES[type(e)] in roles:
            return e
    return None


# --- resolving ----------------------------------------------------------------------------


def amount_of(state: GameState, item: StackItem, amount: object) -> int:
    """An effect's amount as the effect happens (``engine.rules.amounts``)."""
    if type(amount) is int:
        return amount
    return amount_value(state, amount, At.resolving(state, item))


def each_matching(state: GameState, item: StackItem, f: Filter) -> list[GameObject]:
    """The permanents matching ``f`` now ("each creature", "all other creatures")."""
    return [
        state.objects[oid] for oid in list(state.battlefield)
        if matches(state, f, state.objects[oid], item.controller, item.source)
    ]


def each_or_named(state: GameState, item: StackItem, each: Filter | None,
                  what: str) -> list[GameObject]:
    """The permanents an effect with both forms acts on: each one matching ``each`` now
    ("destroy all creatures", "each creature you control gets +1/+1"), else those its
    reference ``what`` names that are still on the battlefield ("target creature")."""
    if each is not None:
        return each_matching(state, item, each)
    return permanents(state, refs_of(state, item, what))


def choose_color(asker: Asker, item: StackItem, question: str, about: AboutT) -> int:
    """The colour the controller of ``item`` chooses as it resolves (608.2d: a choice an
    effect makes is made as it happens), as its index in ``COLOR_CHOICES`` (W, U, B, R,
    G); ``question`` follows the ability's label, ``about`` says what the colour is for
    (a policy answers protection, prevention, mana, a land type, a colour word apart)."""
    return asker.choose(Decision(_KIND_COLOR, item.controller, f"{item.label}: {question}",
                                 options=list(COLOR_CHOICES), source=item.source,
                                 about=about))


def yes_no(asker: Asker, player: int, prompt: str, source: int, about: AboutT) -> bool:
    """Ask a "may" question (yes: option 0); ``about`` says what it is about."""
    return asker.choose(Decision(_KIND_MAY, player, prompt, options=[YES, NO],
                                 source=source, about=about)) == 0


# --- estimating ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LifePrice:
    """Which price of life an estimate reads (``engine.players.life_price``): ``fitted``
    the fitted evaluation's curve, else the hand-set price. The deciding policy carries
    one and passes it down (``Estimate.price``, the worth functions' ``price``): no module
    holds it. Here, beside ``Estimate``, because the rules build estimates and import
    nothing of the players. Immutable and shared (``HANDSET``, ``FITTED``): passing one
    costs no allocation."""

    fitted: bool = False


HANDSET = LifePrice(False)  # the default: the hand-set price of life
FITTED = LifePrice(True)  # a policy asked for eval=fitted


class Estimate:
    """One estimate of a list of effects for ``me`` with ``targets``: the running
    ``total`` each effect's estimator adds to (in order, so sums are exact), ``drawn``
    (cards the list draws ``me`` before a discard), ``in_hand`` (1 if the source is a
    card in ``me``'s hand: it leaves the hand as it is cast) and ``price``, the price of
    life of the policy that asks (``LifePrice``)."""

    __slots__ = ("state", "me", "targets", "source", "x", "depth", "total", "drawn",
                 "in_hand", "price")

    def __init__(self, state: GameState, me: int, targets: list[int], source: int, x: int,
                 depth: int, price: LifePrice = HANDSET) -> None:
        self.state = state
        self.price = price
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
                             self.x, self.depth + 1, self.price)


def effects_value(state: GameState, me: int, effects: tuple[Any, ...], targets: list[int],
                  source: int, x: int = 0, depth: int = 0,
                  price: LifePrice = HANDSET) -> float:
    """The rough gain for ``me`` if ``effects`` happened now with ``targets``, life at
    ``price`` (the asking policy's)."""
    ev = Estimate(state, me, targets, source, x, depth, price)
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
