"""Transforming double-faced cards (712, 701.28; engine/effects/transform.py,
engine/cards/oracle/faces.py): what the rules scenarios under
tests/scenarios/oracle/transform/ do not show — the back face's mana value and colour,
what each player's view shows, a transformed permanent saved, decoded and cloned, the
rules 701.28d and 701.28f, and the compiler's refusals."""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtgsim.engine.cards import COLOR_BIT, Triggered
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, Refused, compile_face, compile_record
from mtgsim.engine.cards.oracle.faces import back_colors
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.effects.transform import Transform, resolve, transform
from mtgsim.engine.rules.zones import move
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GRAVEYARD, GameObject, GameState, StackItem
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "transform"


def _transformed() -> tuple[Runner, GameObject]:
    runner = play_scenario(load_scenario(SCENARIOS / "yes_delver_of_secrets_transforms.toml"))
    objs = [o for o in runner.state.objects.values() if o.card.name == "Insectile Aberration"]
    assert len(objs) == 1
    return runner, objs[0]


def test_the_back_face_has_its_own_characteristics_and_the_front_mana_value() -> None:
    _, obj = _transformed()
    assert obj.front is not None and obj.front.name == "Delver of Secrets"
    assert obj.transforms == 1
    assert obj.card.mana_cost == "" and obj.card.mana_value == 1  # 712.8e
    assert obj.card.color_mask == COLOR_BIT["U"]
    assert obj.card.subtypes == ("Human", "Insect") and not obj.card.triggered
    assert obj.front.mana_value == 1 and obj.front.back is obj.card.defn


def test_each_player_sees_the_face_that_is_up() -> None:
    runner, obj = _transformed()
    for me in (0, 1):
        seen = player_view(runner.state, me).objects[obj.oid]
        assert seen.card.name == "Insectile Aberration" and seen.power == 4


def test_a_transformed_permanent_saved_and_cloned_stays_transformed_and_leaves_as_its_front(
) -> None:
    runner, obj = _transformed()
    state = runner.state
    for other in (from_msgpack(to_msgpack(state), state.derived.pool), clone(state)):
        o = other.objects[obj.oid]
        assert o.card.name == "Insectile Aberration" and o.transforms == 1
        assert o.front is not None and o.front.name == "Delver of Secrets"
        card = move(other, o, GRAVEYARD)
        assert card.card.name == "Delver of Secrets" and card.front is None
        assert card.card.back is not None and card.transforms == 0
    assert state.objects[obj.oid].card.name == "Insectile Aberration"  # the original


def _trigger_item(state: GameState, obj: GameObject, transforms: int) -> StackItem:
    return StackItem(state.next_oid, obj.controller, obj.oid, obj.card, False,
                     (Transform(),), trigger=Triggered(when="upkeep", effects=(Transform(),)),
                     label="test trigger", source_transforms=transforms)


def test_a_trigger_transforms_its_source_only_if_it_has_not_transformed_since() -> None:
    runner, obj = _transformed()
    state = runner.state
    resolve(state, _trigger_item(state, obj, 0), Transform(), None, [])  # type: ignore[arg-type]
    assert obj.card.name == "Insectile Aberration"  # 701.28f: it transformed since
    resolve(state, _trigger_item(state, obj, 1), Transform(), None, [])  # type: ignore[arg-type]
    assert obj.card.name == "Delver of Secrets" and obj.front is None  # back to its front
    assert obj.power == 1 + 1 or state.derived.layers.stale  # refreshed at the next look


def test_a_single_faced_permanent_does_not_transform() -> None:
    runner = play_scenario(load_scenario(
        SCENARIOS.parent / "monarch" / "yes_combat_damage_to_the_monarch_takes_it.toml"))
    bears = next(o for o in runner.state.objects.values() if o.card.name == "Grizzly Bears")
    assert not transform(runner.state, bears)  # 701.28d
    assert bears.card.name == "Grizzly Bears" and bears.transforms == 0


def _record(name: str) -> corpus.Record:
    rec = corpus.lookup(name)
    assert rec is not None
    return rec


def test_a_back_face_alone_is_refused_and_named_by_its_front() -> None:
    got = compile_record(corpus.records()["Insectile Aberration"], compile_card)
    assert isinstance(got, Refused) and got.reason.startswith("the back face")
    assert corpus.lookup("Insectile Aberration") == corpus.records()["Insectile Aberration"]


def test_back_face_colours_come_only_from_what_the_corpus_says() -> None:
    delver = _record("Delver of Secrets")
    assert back_colors(delver, corpus.records()["Insectile Aberration"]) == ("U",)
    # a multicoloured identity: the back face's indicator could hold any of its colours
    multi = next(r for r in corpus.records().values()
                 if r.layout == "transform" and r.back and len(r.colorIdentity) > 1
                 and "Land" not in corpus.records()[r.back].types)
    assert back_colors(multi, corpus.records()[multi.back or ""]) is None
    got = compile_record(multi, compile_card)
    assert isinstance(got, Refused)
    cloistered = compile_record(_record("Cloistered Youth"), compile_card)  # W, back B
    assert isinstance(cloistered, Refused) and cloistered.reason.startswith("the colour")


def test_a_clause_the_back_face_does_not_understand_refuses_the_card() -> None:
    """Delver of Secrets' front face with, as its back, a back face the compiler does not
    understand: the card is refused, naming that face's clause."""
    records = corpus.records()
    back = next(r for r in records.values() if r.front and r.layout == "transform"
                and isinstance(b := compile_face(r, None, False, "back"), Refused)
                and b.clause)
    clause = compile_face(back, None, False, "back")
    assert isinstance(clause, Refused)
    got = compile_record(msgspec.structs.replace(_record("Delver of Secrets"),
                                                 back=back.name), compile_card)
    assert isinstance(got, Refused) and got.clause == clause.clause
    assert got.reason.startswith("back face")


def test_thraben_sentry_compiles_with_its_optional_transform() -> None:
    got = compile_record(_record("Thraben Sentry"), compile_card)
    assert isinstance(got, Compiled) and got.defn.back is not None
    assert got.defn.back.name == "Thraben Militia" and got.defn.back.colors == ("W",)


def test_a_token_copy_of_a_back_face_is_that_face_with_mana_value_0() -> None:
    """707.8: a copy of a transformed permanent copies the face that is up; 712.8e: the
    mana value of a permanent copying a back face is 0; 701.28d: it cannot transform."""
    from mtgsim.engine.effects import create_token_copy as copy_effect

    runner, obj = _transformed()
    state = runner.state
    item = StackItem(state.next_oid, 0, obj.oid, obj.card, False,
                     (copy_effect.CreateTokenCopy(),), targets=[obj.oid], label="copy")
    copy_effect.resolve(state, item, copy_effect.CreateTokenCopy(), None,  # type: ignore[arg-type]
                        [])
    token = next(o for o in state.objects.values() if o.token)
    assert token.card.name == "Insectile Aberration" and token.controller == 0
    assert token.card.mana_value == 0 and token.card.back is None and token.front is None
    assert not transform(state, token)


def test_the_heuristic_reveals_only_a_card_that_does_something() -> None:
    """Delver of Secrets' "you may reveal": the question says what revealing would do
    (``MayEffect``: the transform for a hit, nothing for a miss); the heuristic keeps a
    miss hidden."""
    from mtgsim.engine.players.policies.choice_keywords import may
    from mtgsim.engine.state.decisions import Decision, DecisionKind, MayEffect

    runner, obj = _transformed()
    for effects, answer in (((), 1), ((Transform(),), 0)):
        d = Decision(DecisionKind.MAY, 1, "reveal?", options=[1, 0], source=obj.oid,
                     about=MayEffect(effects))
        assert may(runner.state, d) == answer
