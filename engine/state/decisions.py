"""What the game asks a player, typed: ``Decision``, its ``DecisionKind`` and, per kind,
what the question is about (``About`` payloads), and the priority ``Action``s.

A decision waits in the state (``GameState.pending``) until answered with an index into
its ``options`` (or ``actions``), or a list of indices for a multi-select. Everything a
policy or the scenario runner needs to understand the question is in its fields: the
kind, the options, the source (the spell, ability or permanent asking), the counts, and
the payload (which target slot of which spell, which effect a "may" is about, which card
enters, which colour the choice is for). ``prompt`` is display text only: no code reads
it (``tests/state/test_decisions.py`` plays every game with the prompts replaced by noise and
requires the same answers).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec

from mtgsim.engine.cards import EffectT, Target
from mtgsim.engine.cards.card import Card

NONE = -1
Answer = int | list[int]


class Action(msgspec.Struct, frozen=True, array_like=True):
    """A priority action (rule 117.1): pass, play a land, cast, activate, or another
    special action (116.2: plot)."""

    kind: int  # PASS, PLAY, CAST, ACTIVATE, SPECIAL
    oid: int = NONE
    index: int = 0  # ability index for ACTIVATE; the special action's code for SPECIAL
    alt: int = 0  # for CAST: the permission used (0: the normal way; see casting.py)


PASS, PLAY, CAST, ACTIVATE, SPECIAL = 0, 1, 2, 3, 4
PASS_ACTION = Action(PASS)


class DecisionKind(StrEnum):
    """Every kind of question (the value is its name in logs and scenario errors).

    (Reading a member off the class, ``DecisionKind.PRIORITY``, goes through the enum
    metaclass's ``__getattr__`` on Python 3.11: code that does it at every decision keeps
    the member in a module constant instead.)"""

    PRIORITY = "priority"  # an action with priority (117.1): ``actions``
    MULLIGAN = "mulligan"  # keep (option 0) or mulligan (103.5)
    BOTTOM = "bottom"  # the London mulligan's cards to put on the bottom (103.5)
    DISCARD = "discard"  # cards to discard: to hand size (514.1) or for an effect
    TARGET = "target"  # one target of a spell, ability, trigger or copy (601.2c)
    ATTACKERS = "attackers"  # creatures to attack with (508.1)
    BLOCKERS = "blockers"  # (blocker, attacker) pairs to block with (509.1): ``pairs``
    DAMAGE_ORDER = "order"  # an attacker's blockers in damage assignment order (509.2)
    X = "x"  # the value of X (601.2b)
    MAY = "may"  # yes (option 0) or no to an optional action (payload: which)
    DREDGE = "dredge"  # a dredge card to dredge instead of drawing, or -1 (702.52a)
    DEVOUR = "devour"  # permanents to sacrifice to devour (702.82a)
    CONVOKE_TAP = "convoke_tap"  # a creature to tap for convoke, or none (702.51a)
    REPLICATE = "replicate"  # how many times to pay a replicate cost (702.56a)
    ATTACH = "attach"  # what an Aura entering without being cast enchants (303.4f)
    COST_DISCARD = "cost_discard"  # cards to discard as a cost (retrace, an ability)
    COST = "cost"  # a permanent to sacrifice or return as a cost
    MODE = "mode"  # a mode of a modal spell, ability or effect (700.2)
    SACRIFICE = "sacrifice"  # permanents to sacrifice for an effect (annihilator, edicts)
    SEARCH = "search"  # cards to find in a library (701.19)
    COLOR = "color"  # one colour (105.1): options are colour bits
    COLORS = "colors"  # one or more colours
    COST_COUNTER = "cost_counter"  # a permanent to remove a counter from, or put one on
    COST_TAP = "cost_tap"  # untapped permanents to tap as a cost
    DIG = "dig"  # revealed cards to put onto the battlefield
    LOOK_EXILE = "look_exile"  # looked-at cards to exile
    LIBRARY_ORDER = "library_order"  # cards to put back on top, in order (top first)
    CHOOSE_DISCARD = "choose_discard"  # cards an effect makes a player discard, or exile
    FLASHBACK_COST = "flashback_cost"  # which of several flashback costs to pay
    LEGEND = "legend"  # which legendary permanent to keep (704.5j)
    REPLACEMENT = "replacement"  # which replacement effect applies to an event first (616.1)
    LOOK_BOTTOM = "look_bottom"  # looked-at cards to put on the bottom (scry, 701.22a)
    LOOK_GRAVEYARD = "look_graveyard"  # looked-at cards to put into the graveyard (surveil)
    LOOK_TAKE = "look_take"  # looked-at or revealed cards to put into the hand
    RETURN = "return"  # a permanent to return to its owner's hand for an effect (a karoo land)
    DELVE = "delve"  # a graveyard card to exile for delve, or none (702.66a)
    UNTAP = "untap"  # permanents to untap for an effect, up to N ("untap up to two lands")
    IMPROVISE_TAP = "improvise_tap"  # an artifact to tap for improvise, or none (702.126a)


# The kinds whose options are ids: of objects, of players (0 and 1, a target or what an
# Aura enchants), or NONE for "none of them" (dredge, convoke, a replacement). The options
# of every other kind are numbers (a mulligan's keep, yes or no, X, a mode, a replicate
# count, colour bits, a flashback cost's index, a block declaration's pair indices) and
# never name an object, whatever object has that id: engine.state.view shows the player
# asked the objects of a pending question of these kinds alone (a search's cards), and
# ``tests/state/test_decisions.py`` checks at every decision of real games that the
# options of these kinds are ids of objects or players.
OBJECT_OPTIONS = frozenset({
    DecisionKind.BOTTOM, DecisionKind.DISCARD, DecisionKind.TARGET, DecisionKind.ATTACKERS,
    DecisionKind.DAMAGE_ORDER, DecisionKind.DREDGE, DecisionKind.DEVOUR,
    DecisionKind.CONVOKE_TAP, DecisionKind.ATTACH, DecisionKind.COST_DISCARD,
    DecisionKind.COST, DecisionKind.SACRIFICE, DecisionKind.SEARCH,
    DecisionKind.COST_COUNTER, DecisionKind.COST_TAP, DecisionKind.DIG,
    DecisionKind.LOOK_EXILE, DecisionKind.LIBRARY_ORDER, DecisionKind.CHOOSE_DISCARD,
    DecisionKind.LOOK_BOTTOM, DecisionKind.LOOK_GRAVEYARD, DecisionKind.LOOK_TAKE,
    DecisionKind.LEGEND, DecisionKind.REPLACEMENT, DecisionKind.RETURN,
    DecisionKind.DELVE, DecisionKind.UNTAP, DecisionKind.IMPROVISE_TAP,
})
# ... and those whose options are numbers (every kind is in exactly one of the two)
NUMBER_OPTIONS = frozenset({
    DecisionKind.PRIORITY, DecisionKind.MULLIGAN, DecisionKind.BLOCKERS, DecisionKind.X,
    DecisionKind.MAY, DecisionKind.REPLICATE, DecisionKind.MODE, DecisionKind.COLOR,
    DecisionKind.COLORS, DecisionKind.FLASHBACK_COST,
})


# --- what a question is about ---------------------------------------------------------


class About(msgspec.Struct, frozen=True, omit_defaults=True, tag_field="about"):
    """The details of one kind of question (a tagged union: ``AboutT``)."""


class Mulligans(About, tag="mulligans", frozen=True):
    """MULLIGAN: how many mulligans the player has taken."""

    taken: int


class Discarding(About, tag="discarding", frozen=True):
    """DISCARD: why (down to hand size in cleanup, or an effect of ``source``)."""

    reason: Literal["hand_size", "effect"]


class TargetOf(About, tag="target_of", frozen=True):
    """TARGET: the ``slot``-th target (from 0) of a ``what`` whose card is ``card``
    (``source`` is the spell's object, the ability's source, or the copied stack item),
    and the target specification the options satisfy."""

    what: Literal["spell", "ability", "trigger", "copy"]
    card: Card
    slot: int
    spec: Target | None = None


class ForSpell(About, tag="for_spell", frozen=True):
    """X, CONVOKE_TAP, REPLICATE, COST_DISCARD for retrace, a kicker's MAY: the card of
    the spell being cast (``source`` its object); ``cost`` a cost being offered."""

    card: Card
    cost: str = ""


class MayEffect(About, tag="may_effect", frozen=True):
    """MAY: an optional effect ("you may ...") of the resolving ``source``'s ability or
    spell: the effects it would do."""

    effects: tuple[EffectT, ...]


class MayCast(About, tag="may_cast", frozen=True):
    """MAY: cast the card ``source`` without paying its mana cost (cascade) or from
    exile (rebound): ``keyword`` says which."""

    keyword: Literal["cascade", "rebound", "madness"]
    card: Card


class MayPay(About, tag="may_pay", frozen=True):
    """MAY: pay ``cost``: to recover a card, or so that a spell or ability is not
    countered (ward, "counter unless its controller pays"), or 2 life rather than the
    mana of a Phyrexian symbol of a spell's cost (``cost`` the symbol, 107.4f)."""

    cost: str
    why: Literal["recover", "ward", "unless", "phyrexian", "copy"]  # "copy": Chain Lightning's
    card: Card | None = None  # the card to recover / the spell or ability's card


class MayDiscardHand(About, tag="may_discard_hand", frozen=True):
    """MAY: discard the hand so that the spell ``spell`` (a stack item) is not
    countered."""

    spell: int


class Devouring(About, tag="devouring", frozen=True):
    """DEVOUR: the card entering (not an object yet) and the devour instance."""

    card: Card
    instance: str


class Attaching(About, tag="attaching", frozen=True):
    """ATTACH: the Aura card entering."""

    card: Card


class CostOf(About, tag="cost_of", frozen=True):
    """COST, COST_DISCARD, COST_TAP, COST_COUNTER: the cost being paid for ``card``
    (``source`` its object) and which action of it this question is."""

    action: Literal["sacrifice", "return", "discard", "tap", "remove_counter",
                    "put_counter", "reveal", "choose", "exile"]
    card: Card
    counter: str = ""  # the kind of counter


class Modes(About, tag="modes", frozen=True):
    """MODE: the labels of the options, in order (the options are mode indices)."""

    labels: tuple[str, ...]


class Rooms(About, tag="rooms", frozen=True):
    """MODE, venturing (701.49b): the dungeon and the names of the rooms the venture marker
    may move to, in the order of the options (the options are room indices)."""

    dungeon: str
    labels: tuple[str, ...]


class Searching(About, tag="searching", frozen=True):
    """SEARCH: whose library is searched, and for transmute the mana value wanted."""

    library: int
    mana_value: int = NONE


class ColorFor(About, tag="color_for", frozen=True):
    """COLOR: what the colour is for: a permanent's "as it enters, choose a color",
    protection from it, preventing its sources' damage, the colour word a text change
    replaces or puts in, or a mana added by an effect ("two mana in any combination of
    colors")."""

    # ("land_type": a basic land type, chosen as the colour of its mana, 305.6: Plains
    # white, Island blue, Swamp black, Mountain red, Forest green; Navigator's Compass)
    purpose: Literal["as_enters", "protection", "word_from", "word_to", "mana", "prevention",
                     "land_type"]
    card: Card | None = None


class FlashbackCosts(About, tag="flashback_costs", frozen=True):
    """FLASHBACK_COST: the costs offered, in option order."""

    costs: tuple[str, ...]


class Legend(About, tag="legend", frozen=True):
    """LEGEND: the name the legendary permanents share."""

    name: str


class Replacing(About, tag="replacing", frozen=True):
    """REPLACEMENT: the event that replacement effects would modify (616.1: a destruction,
    another zone change, a draw; ``source`` is the object affected, NONE for a draw), and
    each option's effect, in option order ("regeneration", "umbra armor", "unearth",
    "dredge"; "none" for the option NONE of applying none, when every one is optional).
    The options are the objects whose abilities or effects they are (the Aura, the
    regenerating or unearthed permanent, the card with dredge)."""

    event: Literal["destroy", "zone_change", "draw", "enter"]
    effects: tuple[str, ...]


class Sacrificing(About, tag="sacrificing", frozen=True):
    """SACRIFICE: for what (annihilator's trigger, or an effect)."""

    keyword: str = ""


AboutT = (
    Mulligans | Discarding | TargetOf | ForSpell | MayEffect | MayCast | MayPay
    | MayDiscardHand | Devouring | Attaching | CostOf | Modes | Searching | ColorFor
    | FlashbackCosts | Legend | Sacrificing | Replacing | Rooms
)


class Decision(msgspec.Struct, omit_defaults=True):
    """A question the game asks one player; it waits in the state until answered.

    ``options`` are object ids, player ids or numbers, by ``kind``: ids for the kinds of
    ``OBJECT_OPTIONS``, numbers for the others (never read as ids); priority decisions
    list ``actions`` instead. A single answer is an index into them; a multi-select
    (``multi``) answer is a list of indices with ``min_count <= len <= max_count``.
    ``about`` says what the question is about (per kind, see ``About``); ``prompt`` is
    display text only.
    """

    kind: DecisionKind
    player: int
    prompt: str = ""
    options: list[int] = []
    actions: list[Action] = []
    multi: bool = False
    min_count: int = 0
    max_count: int = 1
    source: int = NONE
    pairs: list[tuple[int, int]] = []  # block decisions: (blocker, attacker) options
    about: AboutT | None = None
