"""Adventurer and Omen cards (715; engine/keywords/adventure.py,
engine/cards/oracle/adventures.py): what the rules scenarios under
tests/scenarios/oracle/adventure/ do not show — the halves compiled, the spell's
characteristics on the stack and in each player's view, an exiled adventurer saved,
decoded, cloned and seen by both players, the heuristic's choice, and the compiler's
refusals."""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.adventures import halves
from mtgsim.engine.cards.oracle.compiler import Compiled, Refused, compile_record
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.keywords.adventure import ADVENTURE_CAST, CREATURE_FROM_EXILE, OMEN_CAST
from mtgsim.engine.scenario.format import Expect
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import CAST, EXILE, STACK
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "adventure"
CARDS = ("Merchant of the Vale", "Fang Dragon", "Ardenvale Tactician", "Dread Linnorm",
         "Sagu Wildling", "Dirgur Island Dragon", "Stormshriek Feral")


def _compiled(name: str) -> Compiled:
    rec = corpus.lookup(name)
    assert rec is not None
    got = compile_record(rec, compile_card)
    assert isinstance(got, Compiled), got
    return got


def test_every_half_in_the_file_compiles_with_its_card() -> None:
    names = {corpus.lookup(n).name for n in CARDS}  # type: ignore[union-attr]
    assert set(halves()) == names
    for name in CARDS:
        defn = _compiled(name).defn
        assert defn.name == name and "creature" in defn.types
        half = defn.adventure
        assert half is not None and half.adventure is None
        assert half.types in (("instant",), ("sorcery",)) and half.spell is not None
        assert ("Adventure" in half.subtypes) != ("Omen" in half.subtypes)


def test_a_card_compiles_only_if_both_halves_do() -> None:
    rec = corpus.lookup("Merchant of the Vale")
    assert rec is not None
    half = halves()[rec.name]
    broken = {rec.name: msgspec.structs.replace(half, text="Venture into the dungeon.")}
    import mtgsim.engine.cards.oracle.adventures as adv

    saved = adv.halves
    adv.halves = lambda: broken  # type: ignore[assignment]
    try:
        got = compile_record(rec, compile_card, every=True)
    finally:
        adv.halves = saved
    assert isinstance(got, Refused) and got.name == rec.name and "Venture into the dungeon" in got.clauses
    borrower = corpus.lookup("Brazen Borrower")
    assert borrower is not None
    got = compile_record(borrower, compile_card)
    assert isinstance(got, Refused) and "not in adventures.jsonl" in got.reason


def _after_haggle() -> Runner:
    path = SCENARIOS / "yes_merchant_of_the_vale_haggle_then_the_creature_from_exile.toml"
    scenario = load_scenario(path)
    scenario = msgspec.structs.replace(scenario, actions=scenario.actions[:2], expect=Expect())
    return play_scenario(scenario)


def test_an_exiled_adventurer_is_the_creature_seen_by_both_players_saved_and_cloned() -> None:
    runner = _after_haggle()
    state = runner.state
    exiled = [state.objects[o] for o in state.players[0].exile]
    assert [o.card.name for o in exiled] == ["Merchant of the Vale"]
    obj = exiled[0]
    assert obj.adventurer == 0 and obj.front is None and obj.card.is_creature  # 715.4
    for me in (0, 1):
        seen = player_view(state, me).objects[obj.oid]
        assert seen.card.name == "Merchant of the Vale" and seen.adventurer == 0
    for other in (from_msgpack(to_msgpack(state), state.derived.pool), clone(state)):
        o = other.objects[obj.oid]
        assert o.zone == EXILE and o.adventurer == 0 and o.card.name == "Merchant of the Vale"
    from mtgsim.engine.rules.priority_actions import legal_actions

    casts = [a for a in legal_actions(state, 0) if a.kind == CAST and a.oid == obj.oid]
    assert [a.alt for a in casts] == [CREATURE_FROM_EXILE]


def test_on_the_stack_the_spell_is_the_adventure_only() -> None:
    path = SCENARIOS / "yes_merchant_of_the_vale_haggle_then_the_creature_from_exile.toml"
    scenario = load_scenario(path)
    runner = play_scenario(msgspec.structs.replace(scenario, actions=scenario.actions[:1],
                                                   expect=Expect()))
    state = runner.state
    item = state.stack[-1]
    spell = state.objects[item.sid]
    assert spell.zone == STACK and item.alt == ADVENTURE_CAST
    assert item.card.name == spell.card.name == "Haggle"  # 715.3a
    assert spell.card.mana_value == 1 and not spell.card.is_creature
    assert spell.front is not None and spell.front.name == "Merchant of the Vale"
    for me in (0, 1):
        assert player_view(state, me).objects[spell.oid].card.name == "Haggle"
    saved = from_msgpack(to_msgpack(state), state.derived.pool)
    assert saved.objects[spell.oid].card.name == "Haggle"
    assert saved.objects[spell.oid].front is not None


def test_an_omen_is_offered_from_the_hand_beside_its_creature() -> None:
    path = SCENARIOS / "yes_roost_seek_omen_shuffled_into_the_library.toml"
    scenario = load_scenario(path)
    runner = play_scenario(msgspec.structs.replace(scenario, actions=[], expect=Expect()))
    from mtgsim.engine.rules.priority_actions import legal_actions

    state = runner.state
    alts = sorted(a.alt for a in legal_actions(state, 0) if a.kind == CAST)
    assert alts == [OMEN_CAST]  # one Forest: {G} for Roost Seek, not {4}{G}


def _heuristic_cast(opposing: list[str]) -> tuple[str, int]:
    """What the heuristic casts first with Fang Dragon in hand and seven Mountains, the
    opponent controlling ``opposing``: (card name, permission)."""
    from mtgsim.engine.game import decide
    from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
    from mtgsim.engine.rules.turn import advance
    from mtgsim.engine.scenario.format import SideSetup

    path = SCENARIOS / "yes_forktail_sweep_only_the_opponents_creatures.toml"
    scenario = load_scenario(path)
    setup = msgspec.structs.replace(
        scenario.setup,
        A=SideSetup(hand=["Fang Dragon"], battlefield=["Mountain"] * 7),
        B=SideSetup(battlefield=list(opposing)))  # type: ignore[arg-type]
    runner = play_scenario(msgspec.structs.replace(scenario, setup=setup, actions=[],
                                                   expect=Expect()))
    state = runner.state
    d = advance(state)
    assert d is not None
    act = d.actions[decide(HeuristicPolicy(1), state, d)]  # type: ignore[index]
    assert act.kind == CAST
    return state.objects[act.oid].card.name, act.alt


def test_the_heuristic_sends_the_card_on_its_adventure_first_when_it_is_worth_something(
) -> None:
    assert _heuristic_cast(["Llanowar Elves", "Grizzly Bears"]) == \
        ("Fang Dragon", ADVENTURE_CAST)  # the sweep kills the Elves; the Dragon comes later
    assert _heuristic_cast([]) == ("Fang Dragon", 0)  # nothing to sweep: the Dragon now


# a deck of adventurer and Omen cards, named both ways a list names them (the creature,
# or "Creature // Half")
DECK = ("4 Merchant of the Vale // Haggle\n4 Fang Dragon\n4 Ardenvale Tactician\n"
        "4 Sagu Wildling // Roost Seek\n4 Dirgur Island Dragon\n4 Dread Linnorm\n"
        "4 Lightning Bolt\n14 Mountain\n6 Plains\n6 Forest\n6 Island\n")


def test_a_deck_of_adventurer_and_omen_cards_loads_and_plays(tmp_path: Path) -> None:
    from mtgsim.engine.cards.pool import CardSource
    from mtgsim.pipelines.runner import load_decks, play_seeded

    path = tmp_path / "adventures.txt"
    path.write_text(DECK)
    source, decks = load_decks(CardSource(), [str(path), "gruul_stompy"])
    names = [c.name for c in decks[0].cards]
    assert names.count("Merchant of the Vale") == 4 and names.count("Sagu Wildling") == 4
    merchant = next(c for c in decks[0].cards if c.name == "Merchant of the Vale")
    assert merchant.adventure is not None and merchant.adventure.name == "Haggle"
    for seed in range(3):
        for policies in (["heuristic", "heuristic"], ["random", "random"]):
            assert play_seeded(decks, policies, seed).result is not None
