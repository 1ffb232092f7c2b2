"""Convoke (702.51a) beside mana abilities that tap an untapped creature (Springleaf Drum:
"{T}, Tap an untapped creature you control: Add one mana of any color."): each creature
either convokes or pays the Drum's cost, never both (601.2g-h: the mana abilities are
activated before the costs are paid; 605.1a: a mana ability may have a non-mana cost).
Found by ``mtgsim fuzz --format pauper --seed 11``: Meeting of Minds and Conclave Phalanx
were offered with a Drum and creatures counted twice, and their cast then failed with
"cannot pay the rest of its cost". Castability, the convoke questions and the payment
must agree: every answer offered pays the whole cost."""

from __future__ import annotations

from gamesetup import Setup, action_index, has_action, priority

from mtgsim.engine.cards.oracle.library import Found, resolve
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.keywords.convoke_helped import convoke_payable, split_pools
from mtgsim.engine.rules.mana import FIVE_COLORS, G, U, W, can_pay
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import CAST, GameState


def corpus_card(name: str) -> CardDef:
    got = resolve([name], compile_card)[name]
    assert isinstance(got, Found), got
    return got.defn


def _board(*names: str, spell: str = "Meeting of Minds") -> tuple[GameState, int]:
    s = Setup()
    for n in names:
        s.add(corpus_card(n) if n == "Springleaf Drum" else n, 0)
    oid = s.add(corpus_card(spell), 0, "hand")
    return s.go(), oid


def _every_cast_completes(state: GameState, oid: int) -> int:
    """Cast ``oid`` answering its questions every way they allow (a convoke question with
    each creature offered, or none when allowed; other questions with their first option);
    asserts each way puts the spell on the stack, and returns how many ways there were."""
    d = priority(state, 0)
    answer(state, action_index(d, CAST, oid))
    return _explore(state, oid)


def _explore(state: GameState, oid: int) -> int:
    d = advance(state)
    assert d is not None
    if d.kind == "priority":
        top = state.stack[-1]
        assert top.is_spell and top.sid == oid or top.card.name == state.objects.get(
            oid, top).card.name, "the spell is not on the stack"
        return 1
    if d.kind != "convoke_tap":
        answer(state, [0] if d.multi else 0)
        return _explore(state, oid)
    ways = 0
    picks: list[list[int]] = [[i] for i in range(len(d.options))]
    if d.min_count == 0:
        picks.append([])
    for pick in picks:
        branch = clone(state)
        try:
            answer(branch, pick)
            ways += _explore(branch, oid)
        except IllegalAnswer as exc:  # a way offered that can't be paid
            raise AssertionError(f"convoke answer {pick} of {d.options} fails: {exc}") from exc
    return ways


def test_a_creature_tapped_for_the_drum_does_not_also_convoke() -> None:
    # {3}{U}: the Island, the Drum tapping one Bears and the other Bears convoking make
    # three mana; counting both Bears for convoke and one for the Drum made four
    state, oid = _board("Island", "Springleaf Drum", "Grizzly Bears", "Grizzly Bears")
    assert not has_action(priority(state, 0), CAST, oid)


def test_a_third_creature_makes_it_castable_and_every_offered_answer_pays() -> None:
    # the Forest, the Drum's blue (tapping one Bears) and two Bears convoking: the
    # third Bears must not be offered to convoke (the Drum then has no creature to tap,
    # and only it makes blue)
    state, oid = _board("Forest", "Springleaf Drum", "Grizzly Bears", "Grizzly Bears",
                        "Grizzly Bears")
    assert _every_cast_completes(state, oid) >= 1


def test_conclave_phalanx_with_two_drums() -> None:
    # {4}{W}: two Drums each tapping a Bears make two mana, the third Bears and the Lions
    # convoke ({W}): four; a Plains makes it five
    names = ("Springleaf Drum", "Springleaf Drum", "Grizzly Bears", "Grizzly Bears",
             "Grizzly Bears", "Savannah Lions")
    state, oid = _board(*names, spell="Conclave Phalanx")
    assert not has_action(priority(state, 0), CAST, oid)
    state, oid = _board("Plains", *names, spell="Conclave Phalanx")
    assert _every_cast_completes(state, oid) >= 1


def test_the_split_is_chosen_for_the_cost() -> None:
    # a white and a blue creature, one Drum: either may be the one the Drum taps, so
    # {W}{W} and {U}{U} are each payable, {W}{U}{U} (three mana from two creatures) not
    pools = sorted(sorted(p) for p in split_pools([], [(FIVE_COLORS, -1)], [W, U]))
    assert pools == [[W, U], [W, FIVE_COLORS], [U, FIVE_COLORS]]
    assert any(can_pay((W, W), 0, p) for p in pools)
    assert any(can_pay((U, U), 0, p) for p in pools)
    assert not any(can_pay((W, U, U), 0, p) for p in pools)


def test_a_creature_with_the_ability_convokes_when_not_activated() -> None:
    # Saruli Caretaker-like: a green creature whose own ability taps another creature:
    # activated it makes one mana of any colour (tapping the helper), else it and the
    # helper convoke: two units
    pools = sorted(sorted(p) for p in split_pools([], [(FIVE_COLORS, G)], [G]))
    assert pools == [[G, G], [FIVE_COLORS]]


def test_convoke_payable_reads_the_board() -> None:
    state, _ = _board("Forest", "Springleaf Drum", "Grizzly Bears", "Grizzly Bears",
                      "Grizzly Bears")
    assert convoke_payable(state, 0, (U,), 3)
    assert not convoke_payable(state, 0, (U,), 4)
    assert not convoke_payable(state, 0, (U, U), 2)
    bears = [o for o in state.battlefield if state.objects[o].card.name == "Grizzly Bears"]
    assert not convoke_payable(state, 0, (U,), 3, gone={bears[0]})


def test_holdout_settlement_not_activated_still_makes_its_colourless_mana() -> None:
    # {3}{U}: the Island, Holdout Settlement's plain "{T}: Add {C}." (no creature tapped
    # for it) and both Bears convoking make four; a split that counted the land only with
    # a creature tapped for its other ability made three (605.1a, 702.51a)
    s = Setup()
    s.add("Island", 0)
    s.add(corpus_card("Holdout Settlement"), 0)
    s.add("Grizzly Bears", 0)
    s.add("Grizzly Bears", 0)
    oid = s.add(corpus_card("Meeting of Minds"), 0, "hand")
    state = s.go()
    assert has_action(priority(state, 0), CAST, oid)
    assert _every_cast_completes(state, oid) >= 1


def _phyrexian_question(state: GameState, oid: int) -> tuple[bool, GameState]:
    """Cast ``oid`` and answer its questions: "pay 2 life for {B/P}?" with mana (option 1)
    when asked, the others with their first option; whether it was asked, and the state
    once the spell is on the stack (a way offered that can't be paid raises)."""
    answer(state, action_index(priority(state, 0), CAST, oid))
    asked = False
    while True:
        d = advance(state)
        assert d is not None
        if d.kind == "priority":
            assert state.stack and state.stack[-1].card.name == "Vault Skirge"
            return asked, state
        if isinstance(d.about, MayPay) and d.about.why == "phyrexian":
            asked = True
            answer(state, 1)  # with mana
        else:
            answer(state, [0] if d.multi else 0)


def test_phyrexian_mana_is_asked_only_when_mana_can_pay_it() -> None:
    # Vault Skirge {1}{B/P}, an artifact: Chief Engineer gives it convoke. The Engineer
    # is the only creature: it convokes ({1}) or the Drum taps it (for {B}), never both,
    # so the {B/P} is paid with 2 life, unasked; counting the Engineer twice offered
    # mana for it, and the cast then failed
    state, oid = _board("Springleaf Drum", "Chief Engineer", spell="Vault Skirge")
    assert has_action(priority(state, 0), CAST, oid)
    asked, state = _phyrexian_question(state, oid)
    assert not asked and state.players[0].life == 18
    # with a Bears too, the Drum taps it for {B} and the Engineer convokes: asked, and
    # paying with mana completes
    state, oid = _board("Springleaf Drum", "Chief Engineer", "Grizzly Bears",
                        spell="Vault Skirge")
    asked, state = _phyrexian_question(state, oid)
    assert asked and state.players[0].life == 20
