"""Improvise (702.126a) beside mana abilities that tap an untapped creature (Springleaf
Drum: "{T}, Tap an untapped creature you control: Add one mana of any color."): an
artifact creature either improvises or pays the Drum's cost, never both, and the Drum
either makes its mana or improvises (601.2g-h; 605.1a: a mana ability may have a
non-mana cost). Found by ``mtgsim fuzz --format pauper --seed 41`` (game 6633): Metallic
Rebuke was offered with Ornithopter, the only creature, counted both as the Drum's
creature to tap (for the {U}) and as an artifact to improvise, and its cast then failed
with "cannot pay the rest of its cost". Castability, the improvise questions and the
payment must agree: every answer offered pays the whole cost."""

from __future__ import annotations

from gamesetup import Setup, action_index, has_action, priority

from mtgsim.engine.cards.oracle.library import Found, resolve
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.keywords.improvise import improvise_payable
from mtgsim.engine.rules.mana import U
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import CAST, GameState

CORPUS = ("Springleaf Drum", "Ornithopter", "Reverse Engineer")


def corpus_card(name: str) -> CardDef:
    got = resolve([name], compile_card)[name]
    assert isinstance(got, Found), got
    return got.defn


def _board(*names: str) -> tuple[GameState, int]:
    """``names`` on A's battlefield, Reverse Engineer ({3}{U}{U}, improvise) in hand;
    A's beacon (``gamesetup``) is an artifact too: it improvises one generic mana."""
    s = Setup()
    for n in names:
        s.add(corpus_card(n) if n in CORPUS else n, 0)
    oid = s.add(corpus_card("Reverse Engineer"), 0, "hand")
    return s.go(), oid


def _every_cast_completes(state: GameState, oid: int) -> int:
    """Cast ``oid`` answering each improvise question every way it allows (other
    questions with their first option); asserts each way puts the spell on the stack and
    returns how many ways there were."""
    answer(state, action_index(priority(state, 0), CAST, oid))
    return _explore(state, oid)


def _explore(state: GameState, oid: int) -> int:
    d = advance(state)
    assert d is not None
    if d.kind == "priority":
        assert state.stack and state.stack[-1].card.name == "Reverse Engineer"
        return 1
    if d.kind != "improvise_tap":
        answer(state, [0] if d.multi else 0)
        return _explore(state, oid)
    picks: list[list[int]] = [[i] for i in range(len(d.options))]
    if d.min_count == 0:
        picks.append([])
    ways = 0
    for pick in picks:
        branch = clone(state)
        try:
            answer(branch, pick)
            ways += _explore(branch, oid)
        except IllegalAnswer as exc:  # a way offered that can't be paid
            raise AssertionError(f"improvise answer {pick} of {d.options} fails: {exc}") \
                from exc
    return ways


def test_the_drums_creature_does_not_also_improvise() -> None:
    # {3}{U}{U}: the Island's {U} and the Drum's (tapping Ornithopter), the Swamp and the
    # beacon improvising: four; counting Ornithopter also as an artifact to improvise
    # made five
    state, oid = _board("Island", "Swamp", "Springleaf Drum", "Ornithopter")
    assert not has_action(priority(state, 0), CAST, oid)


def test_a_second_swamp_pays_and_every_offered_answer_pays() -> None:
    state, oid = _board("Island", "Swamp", "Swamp", "Springleaf Drum", "Ornithopter")
    assert has_action(priority(state, 0), CAST, oid)
    assert _every_cast_completes(state, oid) >= 1


def test_the_drum_and_ornithopter_improvise_when_the_islands_pay_blue() -> None:
    # {U}{U} from the Islands; the Drum (not activated), Ornithopter and the beacon
    # improvise the three generic
    state, oid = _board("Island", "Island", "Springleaf Drum", "Ornithopter")
    assert has_action(priority(state, 0), CAST, oid)
    assert _every_cast_completes(state, oid) >= 2


def test_improvise_payable_reads_the_board() -> None:
    state, _ = _board("Island", "Swamp", "Springleaf Drum", "Ornithopter")
    assert improvise_payable(state, 0, (U, U), 2)
    assert not improvise_payable(state, 0, (U, U), 3)
    assert improvise_payable(state, 0, (U,), 4)  # the Drum, Ornithopter, beacon improvise
    thopter = next(o for o in state.battlefield
                   if state.objects[o].card.name == "Ornithopter")
    assert not improvise_payable(state, 0, (U, U), 2, gone={thopter})
