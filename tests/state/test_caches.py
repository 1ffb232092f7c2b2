"""The engine's memoised and incremental facts agree with a fresh computation at every
decision of real games: characteristics after an incremental layers.refresh (versus a
full recomputation on a copy), each player's mana units (payment.mana_units versus
_mana_units), the permanents with activated abilities (activation.activators), the
objects on the battlefield (derived.permanents), each player's creatures
(engine.players.worth.board), the counts of permanents with spell-granting and "as ... enters"
abilities (Counts.spell_granters, enter_replacers), the game's mechanics
(Derived.mechanics: every object's cards have no bit it lacks), the cards in
hand with instant speed (Hands.instants) and the hand's plan for legal actions
(priority_actions._hand_plan, memoised on Hands.changes, versus one made on a clone), cost
feasibility (mana.can_pay and can_pay_cost versus the solver), and the legal actions a
verdict that a player can do nothing at instant speed answers (Hands.idle, versus a
clone's). These caches key on counters bumped at the invalidation points of
engine.state.derived (taps, refresh counts, hand changes); a missed one would show here as
a difference.

The engine's hand-inlined copies of functions (written out on hot paths) are held to the
functions they copy the same way: priority_actions.legal_actions' look at the activators
kept (versus a fresh search), priority_actions._castable_from_hand's plain cards (versus
can_cast), payment._mana_units' untapped sources (versus can_tap_for_mana),
targets._candidates' permanents (versus is_legal_target), at every decision;
turn._priority's two passes at once (versus the same games without the shortcut); and
rng.shuffle (versus randbelow)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import Setup, bundled_deck

from mtgsim.engine.cards import T_CREATURE, Target
from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.players.worth import board
from mtgsim.engine.rules import (
    activation,
    castability,
    mana_sources,
    priority_actions,
    targets,
    turn,
)
from mtgsim.engine.rules import mana_units as mana_units_mod
from mtgsim.engine.rules.layers import ensure, refresh
from mtgsim.engine.rules.mana import can_pay, can_pay_cost, solve
from mtgsim.engine.rules.replacement import enter
from mtgsim.engine.rules.spell_costs import spell_granters
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import move
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.caches import ENTERED
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    ALL_STOPS,
    BATTLEFIELD,
    GRAVEYARD,
    MAIN1,
    GameState,
    stop_bit,
)
from mtgsim.engine.state.rng import next_u64, randbelow, shuffle
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.pipelines.runner import DECKS_DIR

DECKS = sorted(p.stem for p in Path(DECKS_DIR).glob("*.txt"))
CHARACTERISTICS = ("controller", "kw", "power", "toughness", "color", "protection",
                   "extra_types", "extra_subtypes", "lost_abilities", "granted_mana",
                   "granted", "granted_activated", "min_blockers", "sick")


def _same_permanents(state: GameState) -> None:
    perms = permanents(state)
    assert len(perms) == len(state.battlefield), f"turn {state.turn}: permanents"
    for o, oid in zip(perms, state.battlefield, strict=True):
        assert o is state.objects[oid], f"turn {state.turn}: permanents"


def check(state: GameState) -> int:
    """Compare every cached fact with a fresh computation; the number of facts compared."""
    layers = state.derived.layers
    kept = layers.activators  # as priority_actions.legal_actions reads it itself when current
    if kept is None or kept.refreshes != layers.refreshes or layers.stale:
        kept = None
    _same_permanents(state)  # kept from the last refresh, or made now if one is due
    ensure(state)
    _same_permanents(state)
    full = clone(state)
    full.derived.layers.plain = False  # no incremental shortcut: every permanent recomputed
    refresh(full)
    n = 0
    for oid in state.battlefield:
        got, want = state.objects[oid], full.objects[oid]
        for field in CHARACTERISTICS:
            assert getattr(got, field) == getattr(want, field), (
                f"turn {state.turn}: {got.card.name}.{field}")
            n += 1
    # the game's mechanics (engine.rules.mechanics) cover every card an object has
    cards = [c for o in state.objects.values() for c in (o.card, o.front, o.printed)
             if c is not None]
    mechanics = state.derived.mechanics
    assert all(c.mechanics & mechanics == c.mechanics for c in cards), "game's mechanics"
    perms = [state.objects[oid].card for oid in state.battlefield]
    counts = state.derived.counts
    assert counts.spell_granters == sum(1 for c in perms if c.spell_grants)
    assert counts.enter_replacers == sum(1 for c in perms if c.enter_replacements)
    for p in (0, 1):
        units, sources = mana_units_mod.mana_units(state, p)
        fresh_units, fresh_sources, _, _, fresh_filters, _ = mana_units_mod._mana_units(state, p)
        assert (units, sources) == (fresh_units, fresh_sources), f"turn {state.turn}: mana"
        assert units.filters == fresh_units.filters == len(fresh_filters)
        assert mana_units_mod.filter_sources(state, p) == fresh_filters, f"turn {state.turn}: filters"
        fresh_activators = tuple([oid for oid in state.battlefield
                                  if state.objects[oid].controller == p and (
                                      state.objects[oid].card.activated
                                      or state.objects[oid].granted_activated)])
        assert activation.activators(state)[p] == fresh_activators
        assert kept is None or kept.players[p] == fresh_activators, "activators kept"
        creatures = [state.objects[oid] for oid in state.battlefield
                     if state.objects[oid].controller == p and (
                         state.objects[oid].card.type_mask
                         | state.objects[oid].extra_types) & T_CREATURE]
        assert board(state).creatures[p] == creatures, f"turn {state.turn}: creatures"
        for oid in state.players[p].hand:
            cost = state.objects[oid].card.cost
            if cost is not None:
                assert can_pay(cost.symbols, cost.generic, units) == (
                    solve(cost.symbols, cost.generic, units) is not None) == \
                    can_pay_cost(cost, units)
        hand = state.players[p].hand
        instants = state.derived.hands.instants[p]
        assert instants is None or instants == sum(
            1 for oid in hand if state.objects[oid].card.instant_speed), "instants in hand"
        plan = priority_actions._hand_plan(state, p)
        assert plan == priority_actions._hand_plan(clone(state), p), \
            f"turn {state.turn}: hand plan"
        n += 4
    return n + inline_copies(state)


# --- hand-inlined copies: each answers as the function it copies ------------------------


def _target_specs(state: GameState, player: int) -> list[tuple[Target, int, bool]]:
    """The targets ``player`` could be asked for now, with their source and whether it is
    a spell: of each card in their hand (each mode too) and of each activated ability of
    their permanents."""
    specs: list[tuple[Target, int, bool]] = []
    objects = state.objects
    for oid in state.players[player].hand:
        card = objects[oid].card
        modes = range(-1, len(card.spell.modes)) if card.spell is not None else range(-1, 0)
        for mode in modes:
            specs += [(t, oid, True) for t in castability.spell_targets(card, mode)]
    for o in permanents(state):
        if o.controller == player:
            for ab in activation.activated_abilities(o):
                specs += [(t, o.oid, False) for t in ab.targets]
    return specs


def inline_copies(state: GameState) -> int:
    """Compare the answers of the copies written out on hot paths with those of the
    functions they copy; the number of answers compared."""
    n = 0
    objects = state.objects
    where = f"turn {state.turn}, step {state.step}"
    for p in (0, 1):
        # priority_actions._castable_from_hand decides a card with a cost and targets only
        # itself
        units = mana_units_mod.mana_units(state, p)[0]
        grants = bool(state.derived.counts.spell_granters and spell_granters(state))
        plan = priority_actions._hand_plan(state, p)
        for sorcery_ok in (True, False):
            got = priority_actions._castable_from_hand(state, p, sorcery_ok, plan)
            want = [(oid, alt) for oid, check in (plan.spells if sorcery_ok else plan.instants)
                    for alt in check.casts
                    if castability.can_cast(state, p, objects[oid], alt, units, grants)]
            assert got == want, f"{where}: castable from hand"
            n += 1
        # payment._mana_units tells which plain mana sources can be tapped itself
        kept = {oid for oid, _ in mana_units_mod._mana_units(state, p)[1]}
        for o, printed, _, _, amount, tap, _ in mana_sources._mana_sources(state).players[p]:
            if printed is not None and amount > 0:
                assert (o.oid in kept) == (not tap or mana_sources.can_tap_for_mana(o)), (
                    f"{where}: {o.card.name}'s mana")
                n += 1
        # targets._candidates applies the source's colours and types, the filter and
        # can_target_object to each permanent itself
        for spec, source, spell in _target_specs(state, p):
            if spec.kind not in ("any", "creature", "permanent", "spell_or_permanent"):
                continue
            want = [o.oid for o in permanents(state)
                    if targets.is_legal_target(state, spec, o.oid, p, source, spell)]
            got = [oid for oid in targets._candidates(state, spec, p, source, spell)
                   if oid >= 2 and objects[oid].zone == BATTLEFIELD]
            assert got == want, f"{where}: targets of {objects[source].card.name}"
            if spec.kind in ("creature", "permanent"):
                assert targets._candidates(state, spec, p, source, spell, first=True) == \
                    want[:1], f"{where}: first target of {objects[source].card.name}"
            n += 1
    return n


def test_both_passes_at_once_play_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """turn._priority takes both players' automatic passes at once where neither stops
    (pass_priority twice, written out): one call ends such a step, where without the
    shortcut it gives the other player priority; and the same games are played without
    it, decision for decision and to the same end. The heuristic policy plays them: it
    has steps it does not stop in (the random policy stops everywhere)."""
    s = Setup(beacons=False)
    s.bf("Forest", 0)
    state = s.go()
    no_main = ALL_STOPS & ~stop_bit(MAIN1, True) & ~stop_bit(MAIN1, False)
    state.stops = [no_main, no_main]
    for at_once in (True, False):
        monkeypatch.setattr(turn, "BOTH_PASSES_AT_ONCE", at_once)
        one = clone(state)
        turn._priority(one)  # (a call the compiled engine makes too: cpdef)
        assert (one.step, one.passes, one.priority) == (
            (MAIN1 + 1, 0, 1) if at_once else (MAIN1, 1, 1)), at_once

    def play(at_once: bool) -> list[object]:
        monkeypatch.setattr(turn, "BOTH_PASSES_AT_ONCE", at_once)
        seen: list[object] = []
        for i, deck in enumerate(DECKS[:6]):
            decks = [bundled_deck(deck), bundled_deck(DECKS[(i + 7) % len(DECKS)])]
            policies = [make_policy("heuristic", 5 * i), make_policy("heuristic", 5 * i + 1)]
            state = new_game(decks, 70 + i, stops=policy_stops(policies, decks))
            while (d := advance(state)) is not None:
                chosen = decide(policies[d.player], state, d)
                seen.append((state.turn, state.step, d.player, d.kind, chosen))
                answer(state, chosen)
            seen.append(to_msgpack(state))
        return seen

    assert play(True) == play(False)


def test_shuffle_is_fisher_yates_with_randbelow() -> None:
    """rng.shuffle writes out randbelow (and next_u64): the same permutation and generator
    state as a Fisher-Yates shuffle drawing with randbelow, for libraries of every size a
    game has and seeds from the generator itself."""
    seed = 0
    for _ in range(200):
        seed, _draw = next_u64(seed)
        for n in (0, 1, 2, 3, 7, 40, 60, 61):
            items = list(range(n))
            after = shuffle(seed, items)
            want = list(range(n))
            state = seed
            for i in range(n - 1, 0, -1):
                state, j = randbelow(state, i + 1)
                want[i], want[j] = want[j], want[i]
            assert (items, after) == (want, state), (seed, n)


@pytest.mark.parametrize("deck", DECKS)
def test_cached_facts_match_fresh_ones(deck: str) -> None:
    compared = 0
    for i in range(2):
        opponent = DECKS[(DECKS.index(deck) + 1 + i) % len(DECKS)]
        decks = [bundled_deck(deck), bundled_deck(opponent)]
        policies = [make_policy("heuristic", 7 * i), make_policy("random" if i else "heuristic",
                                                                 7 * i + 1)]
        state = new_game(decks, 900 + i, stops=policy_stops(policies, decks))
        while True:
            d = advance(state)
            if d is None:
                break
            compared += check(state)
            try:
                answer(state, decide(policies[d.player], state, d))
            except IllegalAnswer:
                answer(state, decide(make_policy("heuristic", 0), state, d))
    assert compared > 500


def test_memoised_facts_stay_with_their_state() -> None:
    """Memo entries live in the state's derived data: a decoded or cloned state starts
    without them and never answers from the original's."""
    decks = [bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game(decks, 5, stops=policy_stops(policies, decks))
    while state.turn < 4:
        d = advance(state)
        assert d is not None
        answer(state, decide(policies[d.player], state, d))
    mana_units_mod.mana_units(state, 0)
    activation.activators(state)
    derived = state.derived
    assert derived.mana.units[0] is not None and derived.layers.activators is not None, \
        "mana units and activators are memoised on the state"
    # a clone holds the public mana entries (immutable values of ids and colours keyed on
    # counts it copies: engine.rules.mana_units.ManaEntry), never the original's Units or
    # sources; a decoded state none
    public = tuple([e if e is not None and e.whole is None else None
                    for e in derived.mana.units])
    assert public[0] is not None, "the bench's lands make public mana"
    for other, entries in ((clone(state), public),
                           (from_msgpack(to_msgpack(state), state.derived.pool), (None, None))):
        kept = other.derived
        assert kept is not derived and kept.memo.entries == {}
        assert kept.mana.units == entries and kept.mana.sources is None
        assert kept.mana.answers == [None, None]
        assert kept.layers.activators is None and kept.hands.plans == [None, None]
        assert mana_units_mod.mana_units(other, 0) == mana_units_mod._mana_units(other, 0)[:2]


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_idle_verdicts_answer_as_a_fresh_state_would(policy: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """At every priority of real games (decisions and automatic passes alike), the legal
    actions equal those of a clone, which has no verdict that its player can do nothing
    at instant speed (Hands.idle); and the verdict answered many of them."""
    real = priority_actions.legal_actions
    answered = 0
    compared = 0

    def compared_with_a_clone(state: GameState, player: int) -> list[object]:
        nonlocal answered, compared
        verdict = state.derived.hands.idle[player]
        got = real(state, player)
        assert got == real(clone(state), player), f"turn {state.turn}, step {state.step}"
        compared += 1
        answered += verdict is not None and state.derived.hands.idle[player] is verdict and \
            len(got) == 1
        return got

    monkeypatch.setattr(turn, "legal_actions", compared_with_a_clone)
    for i, deck in enumerate(DECKS):
        decks = [bundled_deck(deck), bundled_deck(DECKS[(i + 5) % len(DECKS)])]
        policies = [make_policy(policy, 3 * i), make_policy(policy, 3 * i + 1)]
        state = new_game(decks, 40 + i, stops=policy_stops(policies, decks))
        while (d := advance(state)) is not None:
            answer(state, decide(policies[d.player], state, d))
    assert compared > 2000 and answered > compared // 20, (compared, answered)


def test_permanents_follow_the_battlefield_between_refreshes() -> None:
    """derived.permanents while a change awaits a refresh: newcomers at the end of the
    kept list, and a departure (characteristics stale) made afresh."""
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    s.bf("Forest", 0)
    lions = s.hand("Savannah Lions", 1)
    state = s.go()
    ensure(state)
    kept = permanents(state)
    assert kept is permanents(state)  # kept from the refresh
    enter(state, state.objects[lions], 1)  # entered, no refresh yet
    assert state.derived.layers.entered and state.derived.layers.stale == ENTERED
    _same_permanents(state)
    assert [o.card.name for o in permanents(state)][-3:] == [
        "Grizzly Bears", "Forest", "Savannah Lions"]
    move(state, state.objects[bears], GRAVEYARD)  # stale: made afresh
    _same_permanents(state)
    ensure(state)
    _same_permanents(state)
    names = [o.card.name for o in permanents(state)]
    assert names[-2:] == ["Forest", "Savannah Lions"] and "Grizzly Bears" not in names
