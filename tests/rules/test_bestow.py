"""Bestow (702.103; engine/keywords/bestow.py, engine/cards/oracle/bestow.py): what the
rules scenarios under tests/scenarios/oracle/bestow/ do not show — the two faces
compiled and the compiler's refusals, the spell's and the permanent's characteristics
(an Aura, its mana value the card's), the same object once it falls off, the printed
card in any other zone, a saved and a cloned game, and the offered casts."""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, Refused, compile_record
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.keywords.bestow import BESTOW_CAST, is_bestowed
from mtgsim.engine.rules.zones import move
from mtgsim.engine.scenario.format import Expect
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import BATTLEFIELD, CAST, GRAVEYARD, HAND, STACK
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "bestow"


def _compile(name: str) -> Compiled | Refused:
    rec = corpus.lookup(name)
    assert rec is not None
    return compile_record(rec, compile_card)


def _run(file: str, actions: int) -> Runner:
    scenario = load_scenario(SCENARIOS / file)
    return play_scenario(msgspec.structs.replace(scenario, actions=scenario.actions[:actions],
                                                 expect=Expect()))


def test_a_bestow_card_compiles_with_its_bestowed_aura() -> None:
    got = _compile("Nyxborn Rollicker")
    assert isinstance(got, Compiled), got
    card = got.defn
    assert card.types == ("enchantment", "creature") and card.power == 1
    assert card.keywords[0].startswith("Bestow {1}{R}")
    assert not any(getattr(a, "applies_to", "") == "enchanted" for a in card.abilities)
    aura = card.bestowed
    assert aura is not None and aura.bestowed is None
    assert aura.types == ("enchantment",) and aura.subtypes == ("Aura",)  # 702.103b
    assert aura.power is None and aura.toughness is None and aura.mana_cost == "{R}"
    assert aura.keywords == ("Enchant creature",)
    assert [getattr(a, "applies_to", "") for a in aura.abilities] == ["enchanted"]
    assert any(p.pattern == "bestow_enchant_creature" for p in got.pieces)


def test_a_bestow_card_is_refused_naming_the_clause_of_either_face() -> None:
    phoenix = _compile("Detective's Phoenix")  # Bestow—{R}, Collect evidence 6
    assert isinstance(phoenix, Refused) and phoenix.clause.startswith("Bestow—{R}")
    everflame = _compile("Everflame Eidolon")
    assert isinstance(everflame, Refused) and "If it's an Aura" in everflame.clause
    flitterstep = _compile("Flitterstep Eidolon")  # "This creature can't be blocked."
    assert isinstance(flitterstep, Refused) and flitterstep.reason.startswith("bestowed:")
    compiled = [r.name for r in corpus.records().values()
                if "Bestow" in (r.text or "") and isinstance(compile_record(r, compile_card),
                                                               Compiled)]
    assert {"Nyxborn Hydra", "Nyxborn Rollicker", "Boon Satyr", "Hypnotic Siren"} <= \
        set(compiled) and len(compiled) >= 22


def test_cast_bestowed_the_spell_and_its_permanent_are_an_aura_with_the_card_in_front() -> None:
    file = "yes_nyxborn_rollicker_bestowed_on_savannah_lions.toml"
    runner = _run(file, 1)
    state = runner.state
    item = state.stack[-1]
    spell = state.objects[item.sid]
    assert spell.zone == STACK and item.alt == BESTOW_CAST and is_bestowed(spell)
    assert item.card.is_aura and not item.card.is_creature  # 702.103b
    assert spell.card.mana_value == 1  # the mana cost's, not the bestow cost's (118.9c)
    assert spell.front is not None and spell.front.is_creature
    for me in (0, 1):
        assert player_view(state, me).objects[spell.oid].card.is_aura
    runner = _run(file, 2)
    state = runner.state
    perm = next(o for o in state.objects.values()
                if o.zone == BATTLEFIELD and o.card.name == "Nyxborn Rollicker")
    assert is_bestowed(perm) and not perm.card.is_creature and perm.cast_alt == BESTOW_CAST
    for other in (from_msgpack(to_msgpack(state), state.derived.pool), clone(state)):
        o = other.objects[perm.oid]
        assert is_bestowed(o) and o.attached_to == perm.attached_to
    new = move(state, perm, GRAVEYARD)  # in any other zone it is the card as printed
    assert new.card.is_creature and new.front is None and not is_bestowed(new)


def test_fallen_off_it_is_the_same_permanent_now_the_creature() -> None:
    file = "yes_nyxborn_hydra_bestowed_falls_off_as_a_creature.toml"
    before = _run(file, 2).state
    aura = next(o for o in before.objects.values()
                if o.zone == BATTLEFIELD and o.card.name == "Nyxborn Hydra")
    state = _run(file, 4).state
    hydra = state.objects[aura.oid]  # the same object (702.103f: not a new one, 400.7)
    assert hydra.zone == BATTLEFIELD and not is_bestowed(hydra)
    assert hydra.card.is_creature and hydra.attached_to < 0 and hydra.front is None
    assert state.players[0].stats.get("bestow_unattached") == 1
    assert state.players[0].stats.get("bestows") == 1


def test_both_casts_are_offered_from_the_hand() -> None:
    from mtgsim.engine.rules.priority_actions import legal_actions

    state = _run("yes_nyxborn_rollicker_bestowed_on_savannah_lions.toml", 0).state
    rollicker = next(o for o in state.objects.values()
                     if o.zone == HAND and o.card.name == "Nyxborn Rollicker")
    alts = sorted(a.alt for a in legal_actions(state, 0)
                  if a.kind == CAST and a.oid == rollicker.oid)
    assert alts == [0, BESTOW_CAST]


def test_a_token_copy_of_a_bestowed_aura_is_the_enchantment_creature() -> None:
    """707.2: the copiable values are the printed ones; being a bestowed Aura is an
    effect (702.103b), not copied."""
    from mtgsim.engine.effects.create_token_copy import CreateTokenCopy, resolve
    from mtgsim.engine.state.ask import Asker
    from mtgsim.engine.state.game_state import StackItem

    state = _run("yes_nyxborn_rollicker_bestowed_on_savannah_lions.toml", 2).state
    aura = next(o for o in state.objects.values()
                if o.zone == BATTLEFIELD and o.card.name == "Nyxborn Rollicker")
    item = StackItem(aura.oid, 0, aura.oid, aura.card, False, (), targets=[aura.oid])
    before = set(state.battlefield)
    resolve(state, item, CreateTokenCopy(), Asker(state, None), [])  # type: ignore[arg-type]
    token = state.objects[next(o for o in state.battlefield if o not in before)]
    assert token.token and token.card.is_creature and not token.card.is_aura
    assert token.front is None and is_bestowed(state.objects[aura.oid])
