"""Fairness: a policy decides from its player's view (engine.state.view), never from the other
player's hand, any library's order or which hidden object has which id.

``check_game`` plays a game and, behind each decision, builds a second state that differs
only in what the deciding player may not know: each card of the other player's hand and
library they have not seen becomes another card, in both libraries the cards whose place
they do not know trade places, and the other player's hidden objects trade ids. Every
shipped policy (a fresh copy of it, so its own random state is the same) is asked through
``engine.game.decide``, the path every game takes, and must give the same answer from both
states. At each decision it also walks every reference from the view the deciding policy
is given (``gc.get_referents``) and requires that none reaches a hidden object of the game,
nor its objects table, its sight, its derived data or its players. The checker is shown to
fail against a policy that peeks, so a pass means something.
"""

from __future__ import annotations

import copy
import gc
import types
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import msgspec
import pytest

from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import Policy, decide, play, policy_stops
from mtgsim.engine.players.policies import ScriptedPolicy, make_policy
from mtgsim.engine.rules.activation import activators
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mana_units import _mana_units, mana_units
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import shuffle_library
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import OBJECT_OPTIONS, DecisionKind
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    HAND,
    LIBRARY,
    NONE,
    Answer,
    Decision,
    GameObject,
    GameState,
)
from mtgsim.engine.state.rng import randbelow, seed_state
from mtgsim.engine.state.serialize import to_msgpack
from mtgsim.engine.state.sight import Sight
from mtgsim.engine.state.view import decklist, known_hand, player_view
from mtgsim.pipelines.runner import (
    DECKS_DIR,
    game_seed,
    load_card_pool,
    load_decks,
    load_main_deck,
)

# (``heuristic:prio=plan`` too: the turn's plan reads the hand and the mana of the view,
# turn_plan; a setting, but one that weighs the hand as a whole; and
# ``heuristic:tricks=combat``, whose held pump reads its cascade's estimate of the library
# at other moments than the plain heuristic: combat_tricks)
SHIPPED = ("heuristic", "random", "goldfish", "heuristic:prio=plan",
           "heuristic:tricks=combat")

# Pairings whose decks reveal, search, look at and shuffle libraries (transmute, forecast,
# cascade, dredge, tutors) and whose spells read hands (discard, counters).
PAIRINGS = (
    ("dimir_transmute", "izzet_spells"),
    ("jund_cascade", "azorius_skies"),
    ("golgari_dredge", "orzhov_haunt"),
    ("eldrazi_ramp", "naya_auras"),
    ("selesnya_convoke", "rakdos_unearth"),
    ("bant_exalted", "mono_red_retrace"),
)

ViewOf = Callable[[GameState, int], GameState]


class Unfair(AssertionError):
    """A policy answered differently when only hidden information differed."""


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    return load_card_pool()


def _deck(pool, name: str) -> list[Card]:  # type: ignore[no-untyped-def]
    return load_main_deck(str(DECKS_DIR / f"{name}.txt"), pool).cards


def _below(rng: list[int], n: int) -> int:
    rng[0], v = randbelow(rng[0], n)
    return v


def _shown(state: GameState, me: int) -> set[int]:
    """The objects the pending question shows ``me`` (the cards of a search)."""
    d = state.pending
    if d is None or d.player != me or d.kind not in OBJECT_OPTIONS:
        return set()
    return {o for o in d.options if o in state.objects}


def hidden_ids(state: GameState, me: int) -> list[int]:
    """The objects of ``state`` that ``me`` may not see: the other player's cards in hand
    and library that ``me`` has not seen and the pending question does not show."""
    seen = 1 << me
    opp = state.players[1 - me]
    shown = _shown(state, me)
    return [oid for oid in opp.hand + opp.library
            if not state.objects[oid].known & seen and oid not in shown]


def hidden_swapped(state: GameState, me: int, rng: list[int],
                   others: Sequence[Card]) -> GameState:
    """A copy of ``state`` in which what ``me`` may not know is different: the other
    player's unseen cards (hand and library) are other cards, in each library the cards
    ``me`` does not know the place of are in another order, and the other player's hidden
    objects trade ids among themselves."""
    s = clone(state)
    seen = 1 << me
    hidden = hidden_ids(s, me)
    for oid in hidden:
        o = s.objects[oid]
        card = others[_below(rng, len(others))]
        if card.name == o.card.name:
            card = others[(others.index(card) + 1) % len(others)]
        s.objects[oid] = msgspec.structs.replace(o, card=card, color=card.color_mask)
    for p in s.players:
        lib = p.library
        places = [i for i, oid in enumerate(lib) if not s.objects[oid].known & seen]
        moved = [lib[i] for i in places]
        for i in range(len(moved) - 1, 0, -1):
            j = _below(rng, i + 1)
            moved[i], moved[j] = moved[j], moved[i]
        for i, oid in zip(places, moved, strict=True):
            lib[i] = oid
    _renumber(s, hidden, rng)
    s.derived.recount(s)
    characteristics_changed(s)
    s.sight = Sight.of(s)
    return s


def _renumber(s: GameState, hidden: list[int], rng: list[int]) -> None:
    """The objects ``hidden`` trade ids (a random permutation among them), everywhere an
    id of theirs is held: the objects table, the zones, the last known information's
    ``moved_to``."""
    ids = list(hidden)
    for i in range(len(ids) - 1, 0, -1):
        j = _below(rng, i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    new = dict(zip(hidden, ids, strict=True))
    objects: dict[int, GameObject] = {}
    for oid, o in s.objects.items():
        if oid in new:
            o.oid = new[oid]
        if o.moved_to in new:
            o.moved_to = new[o.moved_to]
        objects[o.oid] = o
    s.objects = objects
    for it in s.stack:
        for lki in (it.subject_lki, it.source_lki):
            if lki is not None and lki.moved_to in new:
                lki.moved_to = new[lki.moved_to]
    for p in s.players:
        p.hand = [new.get(oid, oid) for oid in p.hand]
        p.library = [new.get(oid, oid) for oid in p.library]


# --- what a view can reach ------------------------------------------------------------------

# What a walk from a view does not follow: classes, modules and functions (they lead to the
# whole interpreter, not to a game), and what the card pool holds (shared by every game,
# holding none: checked once, ``_static``).
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
           types.MethodType)


def _walk(roots: Sequence[object], skip: set[int]) -> Iterator[object]:
    """Every object reachable from ``roots`` by ``gc.get_referents``, but through ``skip``
    (by ``id``) and ``_OPAQUE`` objects."""
    done = set(skip)
    todo = list(roots)
    while todo:
        o = todo.pop()
        if id(o) in done or isinstance(o, _OPAQUE):
            continue
        done.add(id(o))
        yield o
        todo.extend(gc.get_referents(o))


_STATIC: set[int] = set()


def _static(state: GameState) -> set[int]:
    """The ids of what the game's card pool reaches (its cards, their definitions): no
    game object among them, so a walk from a view need not go through them again."""
    if not _STATIC:
        pool = state.derived.pool
        reached = list(_walk([pool], set()))
        assert not any(isinstance(o, GameObject | GameState) for o in reached)
        _STATIC.update(id(o) for o in reached)
        _STATIC.add(id(pool))
    return _STATIC


def unreachable(state: GameState, view: GameState, d: Decision) -> None:
    """No hidden object of ``state`` (for ``d``'s player), none of the state's own tables
    (objects, sight, derived data, players) and no mutable object of the state's derived
    data is reachable from ``view`` and ``d``: what the view shares with the state's
    derived data are immutable values (``_derived_mutables``)."""
    me = d.player
    forbidden = {id(state.objects[oid]): oid for oid in hidden_ids(state, me)}
    forbidden.update({id(state.objects): -1, id(state.sight): -1, id(state.derived): -1,
                      id(state.sight.visible): -1, id(state.sight.visible[1 - me]): -1,
                      id(state.players[0]): -1, id(state.players[1]): -1, id(state): -1})
    forbidden.update({id(part): -1 for part in _caches(state)})
    forbidden.update({key: -1 for key in _derived_mutables(state)})
    assert view is not state
    for o in _walk([view, d], _static(state)):
        if id(o) in forbidden:
            what = f"hidden object {forbidden[id(o)]}" if forbidden[id(o)] >= 0 else \
                "the game's own"
            raise Unfair(f"{type(o).__name__} of the game ({what}) reachable from player "
                         f"{me}'s view at {d.kind}, turn {state.turn}")


def _caches(state: GameState) -> list[object]:
    """The state's cache objects (``Derived``'s parts and the lists and dicts they hold):
    a view owns its own (``Derived.for_view``), so none is reachable from it. (The
    immutable facts the parts hold, ``_facts``, are not among them: a view may hold
    the state's.)"""
    d = state.derived
    layers, checks, mana, hands = d.layers, d.checks, d.mana, d.hands
    parts: list[object] = [layers, checks, mana, hands, d.memo, d.memo.entries,
                           mana.taps, mana.refreshes, mana.answers, mana.seen,
                           hands.changes, hands.zone_actions, hands.instants, hands.plans,
                           hands.idle]
    parts.extend(answer[0] for answer in mana.answers if answer is not None)  # the Units
    return parts


def _facts(state: GameState) -> dict[str, object]:
    """The facts a state's derived data holds as immutable values, by name: a view holds
    the state's (``Layers.for_view``, ``Mana.for_view``, ``Derived.for_view``), so each
    must be immutable all the way down (``_frozen``). Of the mana entries, those a view
    holds: the public ones (``Mana.shared``, keyed without the whole state)."""
    d = state.derived
    layers, checks, mana = d.layers, d.checks, d.mana
    return {"layers.entered": layers.entered, "layers.permanents": layers.permanents,
            "layers.activators": layers.activators, "checks.entered": checks.entered,
            "checks.damaged": checks.damaged, "counts": d.counts, "extra": d.extra,
            "keys": d.keys, "mana.shared": mana.shared, "mana.sources": mana.sources,
            "mana.entered": mana.entered}


_SCALARS = (int, str, bytes, float, type(None))
_LEAVES = (*_OPAQUE, GameObject, Card)  # what _derived_mutables does not walk through


def _frozen(value: object) -> bool:
    """Whether ``value`` is immutable all the way down: scalars, and tuples and frozen
    msgspec Structs of immutable values, down to the game's objects and cards (a view
    shows the battlefield's objects themselves; a card is the pool's compiled data)."""
    if isinstance(value, _SCALARS + (GameObject, Card)):
        return True
    if isinstance(value, tuple | frozenset):
        return all(_frozen(v) for v in value)
    if isinstance(value, msgspec.Struct):
        return bool(type(value).__struct_config__.frozen) and all(
            _frozen(getattr(value, f)) for f in value.__struct_fields__)
    return False


def _derived_mutables(state: GameState) -> dict[int, object]:
    """Every mutable object reachable from the state's derived data (its parts, their
    lists, dicts and the objects they hold), by id, not through the game's objects and
    cards (game state and card data, which a view may show) or the pool: none of them
    may be reachable from a view, which holds only the immutable values among what the
    state's derived data reaches (tuples, frozen Structs, scalars)."""
    skip = _static(state)
    pool = state.derived.pool  # (card data every state and view holds; maybe not _STATIC's)
    seen: set[int] = set()
    found: dict[int, object] = {}
    todo: list[object] = [state.derived]
    while todo:
        o = todo.pop()
        if id(o) in seen or id(o) in skip or o is pool or isinstance(o, _LEAVES):
            continue
        seen.add(id(o))
        if not isinstance(o, _SCALARS + (tuple, frozenset)) and not (
                isinstance(o, msgspec.Struct) and type(o).__struct_config__.frozen):
            found[id(o)] = o
        todo.extend(gc.get_referents(o))
    return found


class _Probe:
    """The deciding policy, wrapped to walk its view as ``decide`` gives it (the path
    every game takes) before it answers."""

    def __init__(self, inner: Policy, state: GameState) -> None:
        self.inner = inner
        self.name = inner.name
        self.state = state

    def decide(self, view: GameState, d: Decision) -> Answer:
        unreachable(self.state, view, d)
        return self.inner.decide(view, d)


def _answer_of(policy: Policy, state: GameState, d: Decision) -> Answer:
    """A fresh copy of ``policy``'s answer, asked as every game asks (engine.game.decide)."""
    return decide(copy.deepcopy(policy), state, d)


def check_game(deck_a: list[Card], deck_b: list[Card], players: tuple[str, str], seed: int,
               *, judges: Sequence[Policy] | None = None, view_of: ViewOf | None = None,
               max_turns: int = 60, kinds: set[DecisionKind] | None = None) -> int:
    """Play one game, checking every decision as the module's docstring says; the number
    of decisions checked. ``judges``: the policies asked besides the players' own
    (default: every shipped policy); ``view_of``: instead of ``engine.game.decide``'s
    view, ask the policies with this one (to show that the check catches a leaky view);
    ``kinds``: the decision kinds checked are added to it."""
    policies = [make_policy(players[0], seed), make_policy(players[1], seed + 1)]
    extra = list(judges) if judges is not None else [make_policy(n, 7) for n in SHIPPED]
    state = new_game([deck_a, deck_b], seed, max_turns=max_turns,
                     stops=policy_stops(policies, [deck_a, deck_b]))
    others = sorted({c.name: c for c in deck_a + deck_b}.values(), key=lambda c: c.name)
    rng = [seed_state(seed ^ 0xFA1)]
    n = 0
    while (d := advance(state)) is not None:
        me = d.player
        fresh = Sight.of(state)  # what the zones kept is what the objects say
        assert [sorted(v) for v in state.sight.visible] == [sorted(v) for v in fresh.visible]
        assert state.sight.library_known == fresh.library_known
        assert state.sight.libraries == fresh.libraries
        other = hidden_swapped(state, me, rng, others)
        assert other.pending is not None
        for policy in [policies[me], *extra]:
            if view_of is None:
                want = _answer_of(policy, state, d)
                got = _answer_of(policy, other, other.pending)
            else:
                want = copy.deepcopy(policy).decide(view_of(state, me), d)
                got = copy.deepcopy(policy).decide(view_of(other, me), other.pending)
            if want != got:
                raise Unfair(f"{policy.name} answers decision #{n + 1} ({d.kind} of player "
                             f"{me}, turn {state.turn}) with {want!r}, but {got!r} when "
                             "only hidden cards differ")
        answer(state, decide(_Probe(policies[me], state), state, d))
        if kinds is not None:
            kinds.add(d.kind)
        n += 1
    return n


GAMES = 4  # per pairing and players, seats alternating

# The bundled Pauper decks (decks/pauper/, cards compiled from Oracle text), each in one
# pairing: they ask what the keyword decks never do (scry's and surveil's looks, cards
# taken from a look, a karoo land's return, delve, a sacrifice for an effect,
# choose-discard, creatures tapped to pay a cost: Battle Screech's flashback).
PAUPER_PAIRINGS = (
    ("dimir_terror", "golgari_gardens"),
    ("grixis_affinity", "jeskai_ephemerate"),
    ("dimir_faeries", "white_weenie"),
    ("mono_blue_terror", "tron"),
    ("mono_red_kuldotha", "rakdos_madness"),
    ("jund_wildfire", "mono_red_madness"),
    ("elves", "gruul_ponza"),
)
# Keyword pairings played for the coverage of decision kinds only (the legend rule,
# devour, which replacement effect applies first, Novijen Sages's counters removed from
# among creatures).
COVERAGE_PAIRINGS = (
    ("azorius_skies", "bant_exalted"),
    ("rakdos_madness", "jund_devour"),
    ("simic_graft", "azorius_skies"),
)
PLAYERS = (("heuristic", "heuristic"), ("random", "random"))


@cache
def _all_decks() -> dict[str, list[Card]]:
    """Every bundled deck by name (the Pauper ones by their bare name), loaded as jobs
    load them: one card source, the cards the pool lacks compiled from Oracle text."""
    paths = sorted(DECKS_DIR.glob("*.txt")) + sorted((DECKS_DIR / "pauper").glob("*.txt"))
    _, decks = load_decks(CardSource(), [str(p) for p in paths])
    return {p.stem: d.cards for p, d in zip(paths, decks, strict=True)}


@cache
def _played(a: str, b: str, players: tuple[str, str]) -> tuple[tuple[int, ...],
                                                               frozenset[DecisionKind]]:
    """``check_game`` over ``GAMES`` games of ``a`` against ``b`` (seats alternating):
    the decisions checked in each game and the kinds asked (played once per session,
    for the pairing's test and for the coverage test)."""
    decks = _all_decks()
    pair = decks[a], decks[b]
    kinds: set[DecisionKind] = set()
    checked = tuple(check_game(pair[i % 2], pair[1 - i % 2], players, game_seed(0, i),
                               kinds=kinds) for i in range(GAMES))
    return checked, frozenset(kinds)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("a, b", PAIRINGS + PAUPER_PAIRINGS)
def test_answers_do_not_depend_on_hidden_cards(a: str, b: str, players: tuple[str, str]) -> None:
    checked, _ = _played(a, b, players)
    assert min(checked) > 10


def _defines(deck: Sequence[Card], *words: str) -> bool:
    """Whether a card of ``deck`` has any of ``words`` (an effect's tag, a cost's field)
    in its definition."""
    return any(w.encode() in msgspec.json.encode(c.defn) for c in deck for w in words)


_ONTO_BATTLEFIELD = ('"do":"flicker"', '"do":"put_from_top_onto_battlefield"',
                     '"do":"return_to_battlefield"', '"do":"return_exiled"',
                     '"to":"battlefield"')


def _puts_others_onto_battlefield(card: Card) -> bool:
    """Whether an effect of ``card`` puts a card onto the battlefield (from anywhere but
    the stack) that may be another card than a non-Aura ``card`` itself."""
    text = msgspec.json.encode(card.defn).decode()
    for effect in text.split('{"do":')[1:]:
        effect = '"do":' + effect.split("}", 1)[0]
        if any(w in effect for w in _ONTO_BATTLEFIELD) and not (
                '"what":"self"' in effect and not card.is_aura):
            return True
    return False


# The decision kinds no bundled deck can ask, each with why: a check over every bundled
# deck's card definitions that fails once a deck gets a card that could ask it (then the
# kind must be reached in the games above). The rules scenarios ask each of them
# (test_every_kind_of_decision_is_fair).
CANNOT_BE_ASKED: dict[DecisionKind, tuple[str, Callable[[Sequence[Card]], bool]]] = {
    DecisionKind.ATTACH: (
        "an Aura put onto the battlefield without being cast (303.4f): in the bundled "
        "decks with Auras, what puts a card onto the battlefield puts only itself (Sneaky "
        "Snacker), never an Aura", lambda deck: any(c.is_aura for c in deck)
        and any(_puts_others_onto_battlefield(c) for c in deck)),
    DecisionKind.DIG: (
        "revealed cards put onto the battlefield: no bundled card has that effect",
        lambda deck: _defines(deck, '"put_from_top_onto_battlefield"')),
    DecisionKind.LOOK_EXILE: (
        "looked-at cards exiled by choice: no bundled card's look at the top exiles",
        lambda deck: _defines(deck, '"exile_any":true')),
    DecisionKind.UNTAP: (
        "permanents untapped for an effect, up to N (\"untap up to two lands\", Snap): no "
        "bundled deck holds such a card since Mono-Blue Faeries left the Pauper bundle",
        lambda deck: _defines(deck, '"untap_up_to"')),
    DecisionKind.IMPROVISE_TAP: (
        "artifacts tapped to improvise (702.126a): no bundled deck holds a spell with "
        "improvise", lambda deck: any("improvise" in c.keyword_names for c in deck)),
    DecisionKind.FLASHBACK_COST: (
        "two flashback costs for one card (a printed one and one granted): no bundled "
        "deck holds both a flashback card and a card granting flashback",
        lambda deck: _defines(deck, '"grant_flashback"')
        and any(c.instances("flashback") for c in deck)),
}


def test_every_decision_kind_is_asked_in_the_fairness_games() -> None:
    """The games above, through the real decide path, ask every kind of decision of
    ``engine/state/decisions.py`` but those no bundled deck can ask (``CANNOT_BE_ASKED``,
    each reason checked over every bundled deck)."""
    reached: dict[DecisionKind, list[str]] = {}
    for a, b in PAIRINGS + PAUPER_PAIRINGS + COVERAGE_PAIRINGS:
        for players in PLAYERS:
            for k in _played(a, b, players)[1]:
                reached.setdefault(k, []).append(f"{a}-{b} ({players[0]})")
    decks = _all_decks()
    for kind, (why, could) in CANNOT_BE_ASKED.items():
        able = [name for name, deck in decks.items() if could(deck)]
        assert not able, f"{kind}: {why}, yet {able} could ask it: play one in these games"
        assert kind not in reached, f"{kind} is asked after all ({reached[kind][0]})"
    missing = set(DecisionKind) - set(reached) - set(CANNOT_BE_ASKED)
    assert not missing, f"never asked in the fairness games: {sorted(missing)}"


class Peeking:
    """Answers by the other player's hand (and the top of its own library): what a fair
    policy must never do."""

    name = "peeking"

    def decide(self, view: GameState, d: Decision) -> Answer:
        objects = view.objects
        me = d.player
        seen = [objects[o].card.name for o in view.players[1 - me].hand if o in objects]
        lib = view.players[me].library
        top = objects[lib[-1]].card.name if lib and lib[-1] in objects else ""
        h = sum(map(ord, "".join(seen) + top))
        n = len(d.actions) if d.kind == "priority" else len(d.options)
        if d.multi:
            return list(range(d.min_count))
        return h % n if n else 0


def test_the_check_catches_a_policy_that_sees_the_whole_state(pool) -> None:  # type: ignore[no-untyped-def]
    """Given the whole state instead of the view, a peeking policy is caught; given the
    view, the same policy has nothing to peek at and passes."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    with pytest.raises(Unfair, match="peeking answers decision"):
        check_game(deck_a, deck_b, ("heuristic", "heuristic"), 5, judges=[Peeking()],
                   view_of=lambda state, me: state)
    check_game(deck_a, deck_b, ("heuristic", "heuristic"), 5, judges=[Peeking()])


def test_the_check_catches_a_policy_that_reads_library_order(pool) -> None:  # type: ignore[no-untyped-def]
    """A view that showed the libraries in order would be caught too."""

    def ordered(state: GameState, me: int) -> GameState:
        view = player_view(state, me)
        view.objects = state.objects
        view.players = state.players
        return view

    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    with pytest.raises(Unfair):
        check_game(deck_a, deck_b, ("random", "random"), 3, judges=[Peeking()],
                   view_of=ordered)


class CountsTheirInstants:
    """Answers by the view's count of instants in the other player's hand: fair only if
    the view counts the cards it holds."""

    name = "counting"

    def decide(self, view: GameState, d: Decision) -> Answer:
        n = view.derived.hands.instants[1 - d.player] or 0
        if d.multi:
            return list(range(d.min_count))
        return n % max(1, len(d.actions) if d.kind == "priority" else len(d.options))


def test_the_check_catches_a_view_sharing_the_game_s_derived_data(pool) -> None:  # type: ignore[no-untyped-def]
    """A view with the game's derived data (issue 37: its count of the other player's
    instants is of their hidden hand) is caught; the view policies are given passes."""

    def sharing(state: GameState, me: int) -> GameState:
        view = player_view(state, me)
        view.derived = state.derived
        return view

    deck_a, deck_b = _deck(pool, "izzet_spells"), _deck(pool, "dimir_transmute")
    with pytest.raises(Unfair, match="counting answers decision"):
        check_game(deck_a, deck_b, ("heuristic", "heuristic"), 4,
                   judges=[CountsTheirInstants()], view_of=sharing)
    check_game(deck_a, deck_b, ("heuristic", "heuristic"), 4, judges=[CountsTheirInstants()])


def test_scripted_and_facade_policies_get_the_view(pool) -> None:  # type: ignore[no-untyped-def]
    """A scripted policy's fallback, and a policy of the facade's Game, are given views."""
    import mtgsim

    seen: list[GameState] = []

    def fallback(view: GameState, d: Decision) -> Answer:
        seen.append(view)
        return make_policy("heuristic", 1).decide(view, d)

    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    state = new_game([deck_a, deck_b], 2, max_turns=8)
    play(state, [ScriptedPolicy(fallback=fallback), make_policy("heuristic", 2)])
    assert seen and all(v.rng == 0 and v.log is None for v in seen)
    assert all(o not in v.objects for v in seen for o in v.players[1].hand)

    class Spy:
        name = "spy"

        def decide(self, view: GameState, d: Decision) -> Answer:
            seen.append(view)
            return make_policy("random", 3).decide(view, d)

    seen.clear()
    game = mtgsim.Game("gruul_stompy", "azorius_skies", seed=4, policies=["heuristic", Spy()])
    for _ in range(200):
        if game.step() is None:
            break
    assert seen and all(o not in v.objects for v in seen for o in v.players[0].hand)
    d = game.decision
    if d is not None:
        v = game.view()
        assert all(o not in v.objects for o in v.players[1 - d.player].hand)


# --- what a view holds --------------------------------------------------------------------


def _play_until(state: GameState, policies: Sequence[Policy], turn: int) -> Decision:
    while (d := advance(state)) is not None and state.turn < turn:
        answer(state, decide(policies[d.player], state, d))
    assert d is not None
    return d


def test_a_view_holds_what_its_player_may_know(pool) -> None:  # type: ignore[no-untyped-def]
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11, keep_log=True, record=True)
    _play_until(state, policies, 4)
    for me in (0, 1):
        v = player_view(state, me)
        mine, theirs = state.players[me], state.players[1 - me]
        assert all(o in v.objects for o in mine.hand)
        assert not any(o in v.objects for o in theirs.hand)
        assert len(v.players[1 - me].hand) == len(theirs.hand)  # counts stay
        assert v.players[1 - me].library == [NONE] * len(theirs.library)
        assert v.players[me].library == sorted(mine.library)  # its cards, not their order
        assert all(o in v.objects for o in mine.library)
        assert not any(o in v.objects for o in theirs.library)
        assert all(o in v.objects for o in state.battlefield)
        for p in state.players:
            assert all(o in v.objects for o in p.graveyard + p.exile)
        assert v.rng == 0 and v.log is None and v.decisions is None
        assert not hasattr(v.sight, "visible")  # no way round to the other hand
        assert [o.oid for o in known_hand(v, me)] == mine.hand
        assert known_hand(v, 1 - me) == []
        got = decklist(v, 1 - me)
        assert got is not None and sorted(c.name for c in got) == \
            sorted(c.name for c in (deck_b if me == 0 else deck_a))
        # the state itself is untouched
        assert state.rng != 0 and state.log is not None


def test_a_revealed_card_is_in_both_views_until_it_moves_or_is_shuffled(pool) -> None:  # type: ignore[no-untyped-def]
    """Revealing (701.16a) shows a hidden card to both players; a shuffle (701.24) or a
    zone change (400.7) makes it unknown again."""
    from mtgsim.engine.rules.zones import look_at, move, reveal

    deck_a, deck_b = _deck(pool, "dimir_transmute"), _deck(pool, "izzet_spells")
    state = new_game([deck_a, deck_b], 3)
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    _play_until(state, policies, 2)
    hand = state.players[0].hand
    card = state.objects[hand[0]]
    assert card.oid not in player_view(state, 1).objects
    reveal(state, card)
    assert player_view(state, 1).objects[card.oid] is card
    hidden_again = move(state, card, LIBRARY)  # a new object (400.7), from a hidden zone
    assert hidden_again.oid not in player_view(state, 1).objects
    shuffle_library(state, 0)
    card = state.objects[state.players[0].hand[0]]
    dead = move(state, card, GRAVEYARD)  # public: both see it
    assert player_view(state, 1).objects[dead.oid] is dead
    moved = move(state, dead, LIBRARY)  # onto the top of the library: seen going there
    v = player_view(state, 1)
    assert v.players[0].library[-1] == moved.oid and moved.oid in v.objects
    shuffle_library(state, 0)
    v = player_view(state, 1)
    assert moved.oid not in v.objects and set(v.players[0].library) == {NONE}
    # looking at the top card: only the one who looked knows it, at its place
    top = state.objects[state.players[1].library[-1]]
    look_at(state, top, 1)
    assert player_view(state, 1).players[1].library[-1] == top.oid
    assert top.oid not in player_view(state, 0).objects
    drawn = move(state, top, HAND)
    assert drawn.oid not in player_view(state, 0).objects


def test_a_view_shows_the_cards_a_search_offers(pool) -> None:  # type: ignore[no-untyped-def]
    """A question whose options are cards of a library (a search) shows them to the one
    asked, and only while it is pending."""
    deck_a, deck_b = _deck(pool, "dimir_transmute"), _deck(pool, "izzet_spells")
    for seed in range(40):
        state = new_game([deck_a, deck_b], seed, max_turns=20)
        policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
        while (d := advance(state)) is not None:
            lib = state.players[d.player].library
            opts = [o for o in d.options if o in lib]
            if opts:
                v = player_view(state, d.player)
                assert all(v.objects[o] is state.objects[o] for o in opts)
                assert not any(o in player_view(state, 1 - d.player).objects
                               for o in opts if not state.objects[o].known & 1 << (1 - d.player))
                return
            answer(state, decide(policies[d.player], state, d))
    pytest.fail("no game of these decks searched a library")


# --- the leaks of issue 37, one by one --------------------------------------------------------


def test_numbers_are_not_taken_for_objects(pool) -> None:  # type: ignore[no-untyped-def]
    """A question whose options are numbers (a block declaration's pair indices, X, a
    mode, colours) shows no object, though the other player's library cards have ids
    like those numbers (player 0's library cards keep ids 2-61): player 1's views at
    such questions hold none of player 0's hidden cards."""
    checked = 0
    for a, b in PAIRINGS:
        deck_a, deck_b = _deck(pool, a), _deck(pool, b)
        for seed in range(3):
            policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
            state = new_game([deck_a, deck_b], seed,
                             stops=policy_stops(policies, [deck_a, deck_b]))
            while (d := advance(state)) is not None:
                if d.kind not in OBJECT_OPTIONS and any(
                        o in state.objects for o in d.options if o >= 2):
                    view = player_view(state, d.player)
                    hidden = set(hidden_ids(state, d.player))
                    assert not hidden & set(view.objects), (d.kind, d.options)
                    checked += 1
                answer(state, decide(policies[d.player], state, d))
    assert checked > 20


def test_the_view_counts_only_what_it_holds(pool) -> None:  # type: ignore[no-untyped-def]
    """The view's derived data is its own: of the other player's hand it counts the
    cards it shows (none until one is revealed), not the hidden hand's instants or cards
    usable from it, and it has no hand plan, idle verdict or memo entry of the game's."""
    deck_a, deck_b = _deck(pool, "izzet_spells"), _deck(pool, "dimir_transmute")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 4, stops=policy_stops(policies, [deck_a, deck_b]))
    differ = 0
    while (d := advance(state)) is not None:
        me, opp = d.player, 1 - d.player
        view = player_view(state, me)
        real, mine = state.derived, view.derived
        assert mine is not real and mine.hands is not real.hands
        assert mine.memo.entries == {} and mine.hands.plans == [None, None]
        assert mine.hands.idle == [None, None] and mine.mana.answers == [None, None]
        assert all(e is None or e is r and e.whole is None  # (public: test_view_mana)
                   for e, r in zip(mine.mana.units, real.mana.units, strict=True))
        shown = known_hand(view, opp)
        assert mine.hands.instants[opp] == sum(o.card.instant_speed for o in shown)
        usable = sum(1 for o in shown if o.card.zone_actions) + sum(
            1 for oid in view.players[opp].graveyard if view.objects[oid].card.zone_actions)
        assert mine.hands.zone_actions[opp] == usable
        assert mine.hands.zone_actions[me] == real.hands.zone_actions[me]
        if real.hands.instants[opp] is not None and \
                real.hands.instants[opp] != mine.hands.instants[opp]:
            differ += 1  # the game's count, of the hidden hand, is not the view's
        answer(state, decide(policies[me], state, d))
    assert differ > 10


def test_a_view_owns_its_caches(pool) -> None:  # type: ignore[no-untyped-def]
    """A view's derived data owns every part that can be written (``Derived.for_view``):
    its ``Layers``, ``Checks``, ``Mana``, ``Memo`` and ``Hands`` are not the state's,
    nor the lists and dicts they hold, and no mutable object of the state's derived data
    is reachable from it; what it shares with the state (the facts ``Layers`` found, the
    ids ``Layers`` and ``Checks`` keep, ``Counts``, the card table, the public mana
    entries and the mana sources: test_view_mana checks those at every decision) is
    immutable all the way down and equals what the view would compute itself; and the
    view's invalidation points and refresh write its own parts, never the state's."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11)
    _play_until(state, policies, 4)
    with_facts = refreshed = 0
    while refreshed < 5 and (d := advance(state)) is not None:
        view = player_view(state, d.player)
        real, mine = state.derived, view.derived
        for part in ("layers", "checks", "mana", "memo", "hands"):
            assert getattr(mine, part) is not getattr(real, part), part
        ours = {id(p) for p in _caches(view)}
        assert not ours & {id(p) for p in _caches(state)}
        assert not set(_derived_mutables(view)) & set(_derived_mutables(state))
        for name, fact in _facts(view).items():
            assert _frozen(fact), f"{name} is not immutable"
            assert fact == _facts(state)[name], name
        layers, theirs = mine.layers, real.layers
        assert layers.stale == theirs.stale and layers.refreshes == theirs.refreshes
        assert layers.permanents == theirs.permanents and layers.activators == theirs.activators
        if theirs.permanents is not None and theirs.activators is not None:
            with_facts += 1
            # what the view would find itself, from its own battlefield
            assert layers.permanents == tuple(view.objects[oid] for oid in view.battlefield)
            fresh = msgspec.structs.replace(layers, activators=None)
            view.derived.layers = fresh
            assert activators(view) == layers.activators.players
            view.derived.layers = layers
        perms = [view.objects[oid].card for oid in view.battlefield]  # counted afresh
        assert (mine.counts.spell_granters, mine.counts.enter_replacers) == (
            sum(1 for c in perms if c.spell_grants),
            sum(1 for c in perms if c.enter_replacements))
        before = (theirs.stale, theirs.refreshes, theirs.permanents, theirs.activators,
                  theirs.entered, real.checks.needed, real.checks.full, real.checks.entered,
                  real.checks.damaged, real.mana.refreshes.copy(), real.mana.units,
                  real.mana.sources)
        characteristics_changed(view)  # the view's point: its own Layers and Checks
        assert layers.stale and mine.checks.needed
        ensure(view)  # a refresh on the view
        assert not layers.stale and layers.refreshes == theirs.refreshes + 1
        assert layers.permanents == tuple(view.objects[oid] for oid in view.battlefield)
        for p in (0, 1):  # the view's mana found again: its own entries and sources
            assert mana_units(view, p) == _mana_units(view, p)[:2]
        after = (theirs.stale, theirs.refreshes, theirs.permanents, theirs.activators,
                 theirs.entered, real.checks.needed, real.checks.full, real.checks.entered,
                 real.checks.damaged, real.mana.refreshes, real.mana.units,
                 real.mana.sources)
        assert all(x is y or x == y for x, y in zip(before, after, strict=True)), \
            "a view's refresh wrote the game's caches"
        assert theirs.permanents is before[2] and theirs.activators is before[3]
        refreshed += 1
        answer(state, decide(policies[d.player], state, d))
    assert refreshed == 5 and with_facts > 0


def test_the_check_catches_a_view_sharing_a_mutable_fact(pool) -> None:  # type: ignore[no-untyped-def]
    """Were a fact the state's derived data keeps a list (mutable), the view's shallow
    copy would share it, and both walks catch that: ``_frozen`` in the test above and
    ``unreachable``, which every view policies are given passes."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11)
    d = _play_until(state, policies, 4)
    unreachable(state, player_view(state, d.player), d)  # as played: nothing shared
    state.derived.checks.damaged = list(state.derived.checks.damaged)  # type: ignore[assignment]
    view = player_view(state, d.player)
    assert not _frozen(view.derived.checks.damaged)
    with pytest.raises(Unfair, match="list of the game"):
        unreachable(state, view, d)


def test_a_view_is_built_for_its_player(pool) -> None:  # type: ignore[no-untyped-def]
    """A view is a state of its own: not the game's state, objects, players, sight or
    derived data; the other player's hidden hand cards are NONE in it."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11)
    _play_until(state, policies, 4)
    for me in (0, 1):
        view = player_view(state, me)
        assert view is not state and view.objects is not state.objects
        assert all(v is not p for v in view.players for p in state.players)
        assert view.derived is not state.derived and view.sight is not state.sight
        theirs = view.players[1 - me].hand
        assert len(theirs) == len(state.players[1 - me].hand)
        assert all(oid == NONE or oid in view.objects for oid in theirs)
        assert view.players[me].hand == state.players[me].hand
        unreachable(state, view, msgspec.structs.replace(state.pending, player=me))  # type: ignore[arg-type]


class _Unchanged:
    """A policy wrapped to check that the game it is asked about is, byte for byte, what
    it was before it answered: nothing it does with its view reaches the game."""

    def __init__(self, inner: Policy, state: GameState) -> None:
        self.inner = inner
        self.name = inner.name
        self.state = state
        self.asked = 0

    def decide(self, view: GameState, d: Decision) -> Answer:
        before = to_msgpack(self.state)
        got = self.inner.decide(view, d)
        assert to_msgpack(self.state) == before, f"{self.name} changed the game"
        self.asked += 1
        return got


@pytest.mark.parametrize("name", ["heuristic", "random", "goldfish", "search:rollouts=2",
                                  "mcts:iterations=1", "search:rollouts=1,infer=0",
                                  "search:rollouts=1,infer=2"])
def test_the_shipped_policies_change_nothing_of_the_game(pool, name: str) -> None:  # type: ignore[no-untyped-def]
    deck_a, deck_b = _deck(pool, "jund_cascade"), _deck(pool, "azorius_skies")
    # (seven turns for the searches: with the default pilot of December 6 the search's
    # seat is asked 8 times in six turns of this deal, 12 in seven)
    state = new_game([deck_a, deck_b], 13, keep_log=True, record=True,
                     max_turns=7 if name.startswith(("search", "mcts")) else 60)
    watched = [_Unchanged(make_policy(name, 3), state),
               _Unchanged(make_policy("heuristic", 4), state)]
    play(state, watched)
    assert state.result is not None and watched[0].asked > 10


# --- every kind of decision, through the scenarios ------------------------------------------

ROOT = DECKS_DIR.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.toml")) + sorted(
    (ROOT / "tests" / "data" / "shared" / "conformance" / "examples").rglob("*.toml"))
JUDGES = (*SHIPPED, "search:rollouts=1", "mcts:iterations=1", "search:rollouts=1,infer=0",
          "search:rollouts=1,infer=2")


def check_decision(state: GameState, judges: Sequence[Policy], rng: list[int],
                   others: Sequence[Card]) -> None:
    """``check_game``'s checks at ``state``'s pending decision: the view ``decide`` gives
    reaches nothing hidden, and every judge answers alike from a state whose hidden cards,
    library orders and hidden ids differ."""
    d = state.pending
    assert d is not None
    me = d.player
    decide(_Probe(_Fixed(), state), state, d)
    other = hidden_swapped(state, me, rng, others)
    assert other.pending is not None
    for policy in judges:
        want = _answer_of(policy, state, d)
        got = _answer_of(policy, other, other.pending)
        if want != got:
            raise Unfair(f"{policy.name} answers {d.kind} of player {me} with {want!r}, "
                         f"but {got!r} when only hidden cards differ")


class _Fixed:
    """Answers nothing of its own (the probe's walk is the point)."""

    name = "fixed"

    def decide(self, view: GameState, d: Decision) -> Answer:
        return 0


def test_every_kind_of_decision_is_fair(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kind of question, in the rules scenarios (which ask the rare kinds the
    bundled decks never do: what an Aura entering attaches to, a cost's counters and
    taps, dig, look and exile, library order, a discard chosen by another, flashback
    costs) and in bundled-deck games, is checked as ``check_game`` checks a game's."""
    import mtgsim.engine.scenario.actions as actions
    from mtgsim.engine.scenario.runner import run_scenario

    judges = [make_policy(n, 7) for n in JUDGES]
    kinds: set[DecisionKind] = set()
    rng = [seed_state(0x5CE)]
    real = actions.answer

    def checked(state: GameState, a: Answer) -> None:
        d = state.pending
        if d is not None and d.kind not in kinds:  # each kind in a few positions
            cards = sorted({o.card.name: o.card for o in state.objects.values()}.values(),
                           key=lambda c: c.name)
            check_decision(state, judges, rng, cards)
            kinds.add(d.kind)
        real(state, a)

    monkeypatch.setattr(actions, "answer", checked)
    for path in SCENARIOS:
        run_scenario(path)
    monkeypatch.undo()
    pool = load_card_pool()
    # the kinds no scenario asks (a London mulligan's bottom, the legend rule), and the
    # others again in games: azorius_skies vs bant_exalted, seed 0, asks both
    deck_a, deck_b = _deck(pool, "azorius_skies"), _deck(pool, "bant_exalted")
    policies = [make_policy("heuristic", 0), make_policy("heuristic", 1)]
    state = new_game([deck_a, deck_b], 0, stops=policy_stops(policies, [deck_a, deck_b]))
    others = sorted({c.name: c for c in deck_a + deck_b}.values(), key=lambda c: c.name)
    in_games: set[DecisionKind] = set()
    while (d := advance(state)) is not None:
        if d.kind not in in_games:
            check_decision(state, judges, rng, others)
            in_games.add(d.kind)
        answer(state, decide(policies[d.player], state, d))
    assert {DecisionKind.BOTTOM, DecisionKind.LEGEND} <= in_games
    assert kinds | in_games == set(DecisionKind), sorted(set(DecisionKind) - kinds - in_games)


def test_the_search_answers_do_not_depend_on_hidden_cards(pool) -> None:  # type: ignore[no-untyped-def]
    """The search policy with a small budget, judged at every decision of short games."""
    checked = 0
    for a, b in PAIRINGS[:2]:
        checked += check_game(_deck(pool, a), _deck(pool, b), ("heuristic", "heuristic"), 5,
                              judges=[make_policy("search:rollouts=1", 7)], max_turns=7)
    assert checked > 30


def test_the_tree_search_answers_do_not_depend_on_hidden_cards(pool) -> None:  # type: ignore[no-untyped-def]
    """The tree search over the turn (``mcts``) with a small budget, judged at every
    decision of short games."""
    checked = 0
    for a, b in PAIRINGS[:2]:
        checked += check_game(_deck(pool, a), _deck(pool, b), ("heuristic", "heuristic"), 5,
                              judges=[make_policy("mcts:iterations=1", 7)], max_turns=7)
    assert checked > 30


# (seed 1, nine turns: the search's memory bounds the other player's lands at 6 and 3 of
# its decisions; tests/players/test_hand_inference.py checks that it does)
INFERRING_GAMES = (("golgari_dredge", "orzhov_haunt"), ("izzet_spells", "mono_red_retrace"))


@pytest.mark.parametrize("spec", ["search:rollouts=1,infer=1", "search:rollouts=1,infer=2"])
def test_the_inferring_search_answers_do_not_depend_on_hidden_cards(pool, spec: str) -> None:  # type: ignore[no-untyped-def]
    """The search with ``infer=1`` (hand_inference) or ``infer=2`` (spell_inference, its
    record of the other player's last turn too) as a player, so its public memory grows
    over the game, judged at every decision (a copy of it, memory and all, answers the
    real game and the one whose hidden cards differ alike): its memory reads only what
    the views show."""
    checked = 0
    for a, b in INFERRING_GAMES:  # games where its memory bounds the other's lands
        checked += check_game(_deck(pool, a), _deck(pool, b), (spec, "heuristic"), 1,
                              judges=[], max_turns=9)
    assert checked > 30
