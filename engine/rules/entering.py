"""Replacement effects on a permanent entering the battlefield (614.1c-d, 614.12), and the
choice among them (616.1).

"[This] enters with N counters", "As this enters, choose a color", "Each other creature
you control enters with an additional X +1/+1 counters" (Bloodspore Thrinax), graft's and
bloodthirst's counters and devour's sacrifices are replacement effects that modify how a
permanent enters (614.1c-d). Which apply is decided from the permanent as it would exist
on the battlefield, under the player it would enter under (614.12). The mechanics register
each kind in ``ENTER_RULES``: which objects' effects of that kind apply to the event
(``sources``: the entering object itself for its own abilities, NONE for a token not
made yet) and how one applies (``apply``: it may ask its own questions, devour's; it
returns what to do to the new permanent once it is on the battlefield).

When two or more apply, the controller of the entering permanent chooses one, applies it,
and chooses again among those that would still apply (616.1, 616.1e;
engine.rules.replacement_order). The questions are asked before anything moves; what an
effect does (devour's sacrifices, the counters) happens as the permanent enters. The order
matters only when an effect acts on the game as it applies (``acts``: devour sacrifices
permanents) and another reads what that changes (``reads``: Bloodspore Thrinax's counters
come from a permanent devour may sacrifice, 616.1e leaving its effect out once it is gone;
an amount that counts cards in a graveyard): then the player is asked. Otherwise every
order gives the same permanent and the same game, and they are applied in the order
registered without a question, as a question with one answer is not asked. "Enters
tapped" (614.1c) is applied by ``engine.rules.replacement.enter`` itself: it reads nothing
and changes nothing another effect reads, so it never makes the order matter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from mtgsim.engine.cards import Replacement, X
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.effect import COLOR_CHOICES
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.layers import static_amount
from mtgsim.engine.rules.replacement_order import Applicable, apply_in_order
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.decisions import ColorFor, Decision, DecisionKind
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, GameObject, GameState

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_COLOR = DecisionKind.COLOR

# What an applied effect does to the new permanent once it is on the battlefield.
AfterEnter = Callable[[GameState, GameObject], None]


class EnterEvent:
    """A card about to enter the battlefield under ``controller``: ``oid`` is the object
    entering (the spell, the card in its zone; NONE for a token not made yet), ``gone``
    the permanents the effects applied so far will sacrifice as it enters (devour), whose
    own effects no longer apply (616.1e)."""

    __slots__ = ("card", "controller", "oid", "gone")

    def __init__(self, card: Card, controller: int, oid: int) -> None:
        self.card = card
        self.controller = controller
        self.oid = oid
        self.gone: list[int] = []


# (state, event, source) -> the permanents applying it may remove from the battlefield
Acts = Callable[[GameState, EnterEvent, int], list[int]]
# (state, event, source) -> the permanents whose leaving would change its outcome, or
# None when it reads more than which permanents are there (a graveyard's contents)
Reads = Callable[[GameState, EnterEvent, int], "list[int] | None"]


class EnterRule(NamedTuple):
    """A kind of replacement effect on entering the battlefield (614.1c-d)."""

    kind: str  # its name in the 616.1 decision
    sources: Callable[[GameState, EnterEvent], list[int]]
    apply: Callable[[GameState, EnterEvent, int, Asker | None], AfterEnter | None]
    acts: Acts | None = None  # None: it changes nothing but the entering permanent
    reads: Reads | None = None  # None: its outcome is fixed by the card and the turn
    # the keyword ability of the entering card it comes from ("" if not one): a card with
    # none of these, no "enters" replacement of its own and no permanent replacing how
    # others enter has nothing to apply, known before any rule is asked
    keyword: str = ""


ENTER_RULES: list[EnterRule] = []
_KEYWORDS: set[str] = set()  # the rules' keywords (filled as they register, at import)


def enter_rule(rule: EnterRule) -> EnterRule:
    """Register a kind of replacement effect on entering the battlefield."""
    if any([r.kind == rule.kind for r in ENTER_RULES]):
        raise ValueError(f"{rule.kind} is registered already")
    ENTER_RULES.append(rule)
    if rule.keyword:
        _KEYWORDS.add(rule.keyword)
    return rule


def prepare_enter(state: GameState, card: Card, controller: int, asker: Asker | None,
                  oid: int = NONE) -> list[AfterEnter]:
    """Apply the replacement effects of ``card`` entering under ``controller`` (616.1:
    asking its controller the order when it matters), asking their questions before
    anything moves; returns what to do to the permanent once it is there."""
    if not card.enter_replacements and not state.derived.counts.enter_replacers and \
            _KEYWORDS.isdisjoint(card.keyword_names):
        return []  # the common case: nothing replaces how it enters
    event = EnterEvent(card, controller, oid)
    found: list[tuple[EnterRule, int]] = []
    for rule in ENTER_RULES:
        for src in rule.sources(state, event):
            found.append((rule, src))
    if not found:
        return []
    if len(found) > 1 and _order_matters(state, event, found):
        return _in_chosen_order(state, event, asker)
    after: list[AfterEnter] = []
    for rule, src in found:
        f = rule.apply(state, event, src, asker)
        if f is not None:
            after.append(f)
    return after


def _order_matters(state: GameState, event: EnterEvent,
                   found: list[tuple[EnterRule, int]]) -> bool:
    """Whether some effect may remove a permanent another effect's outcome depends on."""
    for i, (rule, src) in enumerate(found):
        if rule.acts is None:
            continue
        removed = rule.acts(state, event, src)
        if not removed:
            continue
        for j, (other, osrc) in enumerate(found):
            if j == i or other.reads is None:
                continue
            needs = other.reads(state, event, osrc)
            if needs is None or any([oid in removed for oid in needs]):
                return True
    return False


def _in_chosen_order(state: GameState, event: EnterEvent,
                     asker: Asker | None) -> list[AfterEnter]:
    """616.1: the controller of the entering permanent applies one effect at a time, the
    others checked again after each (616.1e: the effects of a permanent devour will
    sacrifice no longer apply)."""
    after: list[AfterEnter] = []

    def applicable() -> list[Applicable]:
        return [Applicable(rule.kind, src, ends=False) for rule in ENTER_RULES
                for src in rule.sources(state, event) if src not in event.gone]

    def apply(a: Applicable) -> None:
        f = _rule(a.kind).apply(state, event, a.source, asker)
        if f is not None:
            after.append(f)

    apply_in_order(state, event.controller, "enter", event.oid, applicable, apply, asker)
    return after


def _rule(kind: str) -> EnterRule:
    for rule in ENTER_RULES:
        if rule.kind == kind:
            return rule
    raise KeyError(kind)


def _probe(card: Card, controller: int) -> GameObject:
    """The entering permanent as 614.12 looks at it: its printed characteristics (its
    colours as the layer-5 field), under the player it enters under."""
    return GameObject(-1, card, controller, controller, BATTLEFIELD, color=card.color_mask)


# --- "[This] enters with N counters" (614.1c) ------------------------------------------


def _own_counters_sources(state: GameState, event: EnterEvent) -> list[int]:
    card = event.card
    if card.enter_replacements and any([r.kind == "enters_with_counters"
                                        and _own_applies(state, event, r)
                                        for r in card.enter_replacements]):
        return [event.oid]
    return []


def _own_applies(state: GameState, event: EnterEvent, r: Replacement) -> bool:
    """"If this was kicked, it enters with ...": its condition, for the object entering
    (the spell: 702.33d), holds; one without a condition always applies."""
    if r.condition is None:
        return True
    obj = state.objects.get(event.oid)
    if obj is None:
        return False
    return condition_holds(state, r.condition, event.controller, obj)


def _own_counters(state: GameState, event: EnterEvent, source: int,
                  asker: Asker | None) -> AfterEnter | None:
    probe = _probe(event.card, event.controller)
    adds: list[tuple[str, int]] = []
    for r in event.card.enter_replacements:
        if r.kind != "enters_with_counters" or not _own_applies(state, event, r):
            continue
        amount = r.amount
        if isinstance(amount, X):  # "enters with X +1/+1 counters" (107.3m)
            n = entering_x(state, event) * amount.times
        else:
            n = static_amount(state, amount, probe)
        if n > 0:
            adds.append((r.counter, n))
    return _put_counters(adds)


def entering_x(state: GameState, event: EnterEvent) -> int:
    """107.3m: "enters with X counters" reads the X of the spell that became the
    permanent as it resolved (the spell is still on the stack as it enters, 608.3); a
    permanent put onto the battlefield without being cast had no X chosen: 0."""
    for item in state.stack:
        if item.sid == event.oid and item.is_spell:
            return item.x
    return 0


def _own_counters_reads(state: GameState, event: EnterEvent, source: int) -> list[int] | None:
    """A fixed number reads nothing; "a counter for each creature card in your
    graveyard" (Golgari Grave-Troll) reads what a sacrifice changes."""
    if all([type(r.amount) is int or isinstance(r.amount, X)
            for r in event.card.enter_replacements if r.kind == "enters_with_counters"]):
        return []
    return None


# --- "Each other creature you control enters with an additional X counters" --------------


def _others_counters_sources(state: GameState, event: EnterEvent) -> list[int]:
    if not state.derived.counts.enter_replacers:
        return []  # the common case: no permanent replaces how others enter
    probe: GameObject | None = None
    out = []
    for oid in state.battlefield:
        src = state.objects[oid]
        if src.lost_abilities or not src.card.enter_replacements:
            continue
        for r in src.card.enter_replacements:
            if r.kind != "others_enter_with_counters":
                continue
            if probe is None:
                probe = _probe(event.card, event.controller)
            if matches(state, r.filter, probe, src.controller, src.oid):
                out.append(oid)
                break
    return out


def _others_counters(state: GameState, event: EnterEvent, source: int,
                     asker: Asker | None) -> AfterEnter | None:
    """X evaluated for the source permanent as the effect applies (before devour may
    sacrifice it, when its controller applies this one first)."""
    src = state.objects[source]
    probe = _probe(event.card, event.controller)
    adds = [(r.counter, static_amount(state, r.amount, src))
            for r in src.card.enter_replacements if r.kind == "others_enter_with_counters"
            and matches(state, r.filter, probe, src.controller, src.oid)]
    return _put_counters([(k, n) for k, n in adds if n > 0])


def _others_counters_reads(state: GameState, event: EnterEvent, source: int) -> list[int]:
    return [source]  # gone, its effect no longer applies (616.1e)


class _Counters:
    """Puts the counters an "enters with" effect gives once the permanent is there."""

    __slots__ = ("adds",)

    def __init__(self, adds: list[tuple[str, int]]) -> None:
        self.adds = adds

    def __call__(self, state: GameState, obj: GameObject) -> None:
        for kind, n in self.adds:
            add_counters(state, obj, kind, n)


def _put_counters(adds: list[tuple[str, int]]) -> AfterEnter | None:
    return _Counters(adds) if adds else None


# --- "As this enters, choose a color" (614.12) ------------------------------------------


def _color_sources(state: GameState, event: EnterEvent) -> list[int]:
    card = event.card
    if card.enter_replacements and any([r.kind == "choose_color"
                                        for r in card.enter_replacements]):
        return [event.oid]
    return []


def _choose_color(state: GameState, event: EnterEvent, source: int,
                  asker: Asker | None) -> AfterEnter | None:
    card = event.card
    pick = 0
    if asker is not None:
        pick = asker.choose(Decision(_KIND_COLOR, event.controller,
                                     f"{card.name}: choose a color",
                                     options=list(COLOR_CHOICES),
                                     about=ColorFor("as_enters", card)))
    return _ColorSetter(COLOR_CHOICES[pick])


class _ColorSetter:
    """Sets the chosen colour on the permanent once it is on the battlefield."""

    __slots__ = ("color",)

    def __init__(self, color: int) -> None:
        self.color = color

    def __call__(self, state: GameState, obj: GameObject) -> None:
        obj.chosen_color = self.color
        if state.log is not None:
            log(state, "choose_color", obj.controller, obj.card.name,
                "WUBRG"[COLOR_CHOICES.index(self.color)])


# Registered in the order they were applied before the choice existed, the order used
# when it doesn't matter (so the counters of one event are put on in the same order).
OWN_COUNTERS = enter_rule(EnterRule("enters with counters", _own_counters_sources,
                                    _own_counters, reads=_own_counters_reads))
OTHERS_COUNTERS = enter_rule(EnterRule("enters with additional counters",
                                       _others_counters_sources, _others_counters,
                                       reads=_others_counters_reads))
CHOOSE_COLOR = enter_rule(EnterRule("choose a color", _color_sources, _choose_color))

__all__ = ["ENTER_RULES", "AfterEnter", "EnterEvent", "EnterRule", "enter_rule",
           "prepare_enter"]


def enters_tapped(state: GameState, obj: GameObject, controller: int,
                  card: Card | None = None) -> bool:
    """Whether ``obj``, whose card has an "enters tapped" replacement effect (614.1c:
    ``Card.enters_tapped``), enters tapped under ``controller``: yes, unless every such
    effect it has is "enters tapped unless [condition]" and the condition holds as it
    would enter (Razortrap Gorge: "unless a player has 13 or less life"; Witch's
    Cottage: "unless you control three or more other Swamps", counted without it: it is
    not on the battlefield yet, 614.12). ``card``: the face it enters with, if not its
    card's (712.14: transformed)."""
    for ab in (obj.card if card is None else card).abilities:
        if isinstance(ab, Replacement) and ab.kind == "enters_tapped" and (
                ab.unless is None or not condition_holds(state, ab.unless, controller, obj)):
            return True
    return False
