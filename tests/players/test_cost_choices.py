"""The heuristic's answers to the costs of issue 36's casting family: which graveyard
cards it delves (702.66a) and when it pays 2 life for a Phyrexian symbol (107.4f)."""

from __future__ import annotations

import pytest
from gamesetup import Setup, card

from mtgsim.engine.players.policies.choice_costs import delve
from mtgsim.engine.players.policies.choice_keywords import phyrexian_life_ok
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind


def _delve_question(s: Setup, options: list[int], min_count: int) -> Decision:
    state = s.state
    spell = s.hand("Grizzly Bears", 0)  # (any card: the question only names it)
    return Decision(DecisionKind.DELVE, 0, "delve", options=options, multi=True,
                    min_count=min_count, max_count=1, source=spell,
                    about=ForSpell(card(state, "Grizzly Bears")))


def test_delve_exiles_lands_first_and_keeps_a_flashback_card() -> None:
    s = Setup()
    think = s.add("Think Twice", 0, "graveyard")
    bears = s.add("Grizzly Bears", 0, "graveyard")
    bolt = s.add("Lightning Bolt", 0, "graveyard")
    forest = s.add("Forest", 0, "graveyard")
    state = s.go()
    options = [think, bears, bolt, forest]
    assert delve(state, _delve_question(s, options, 0)) == [options.index(forest)]
    # a spell before a creature card
    assert delve(state, _delve_question(s, [think, bears, bolt], 0)) == [2]
    # a card with flashback only when the cost can't be paid otherwise
    assert delve(state, _delve_question(s, [think], 0)) == []
    assert delve(state, _delve_question(s, [think], 1)) == [0]


def test_phyrexian_life_is_paid_only_while_it_is_safe() -> None:
    s = Setup(life=(20, 20))
    state = s.go()
    assert phyrexian_life_ok(state, 0)
    state.players[0].life = 12  # 10 left: the floor
    assert not phyrexian_life_ok(state, 0)
    state.players[0].life = 20
    for _ in range(2):
        s.bf("Colossal Dreadmaw", 1)  # 12 power: 18 left is not twice that
    assert not phyrexian_life_ok(state, 0)


def test_storm_copies_are_worth_the_spell_once_per_spell_cast_before() -> None:
    """702.40a: the AI values Grapeshot's storm trigger at what Grapeshot does, once for
    each spell cast this turn (any player's), nothing on the turn's first spell."""
    from mtgsim.engine.cards.oracle import corpus
    from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
    from mtgsim.engine.cards.pool import compile_card
    from mtgsim.engine.rules.effect import effects_value

    got = compile_record(corpus.lookup("Grapeshot"), compile_card)  # type: ignore[arg-type]
    assert isinstance(got, Compiled)
    s = Setup()
    shot = s.hand(got.defn, 0)
    state = s.go()
    grapeshot = state.objects[shot].card
    assert grapeshot.spell is not None
    trigger = next(ab for ab in grapeshot.triggered if ab.keyword == "storm")
    once = effects_value(state, 0, grapeshot.spell.effects, [1], shot)
    assert once > 0
    assert effects_value(state, 0, trigger.effects, [1], shot) == 0
    state.players[0].cast_this_turn, state.players[1].cast_this_turn = 2, 1
    assert effects_value(state, 0, trigger.effects, [1], shot) == pytest.approx(3 * once)


def _corpus_card(name: str):  # type: ignore[no-untyped-def]
    from mtgsim.engine.cards.oracle import corpus
    from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
    from mtgsim.engine.cards.pool import compile_card

    got = compile_record(corpus.lookup(name), compile_card)  # type: ignore[arg-type]
    assert isinstance(got, Compiled)
    return got.defn


def _bone_shards_cast(with_dreadmaw: bool) -> tuple[int, int]:
    """The heuristic's cast of Bone Shards at the opponent's Dreadmaw: (how, card)."""
    from gamesetup import priority

    from mtgsim.engine.game import decide
    from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
    from mtgsim.engine.state.game_state import CAST

    s = Setup()
    s.bf("Swamp", 0)
    s.bf("Colossal Dreadmaw" if with_dreadmaw else "Grizzly Bears", 0)
    s.bf("Colossal Dreadmaw", 1)
    shards = s.hand(_corpus_card("Bone Shards"), 0)
    s.hand("Island", 0)
    state = s.go()
    state.players[0].lands_played = 1  # (the Island is not played this turn)
    d = priority(state, 0)
    a = d.actions[decide(HeuristicPolicy(0), state, d)]  # type: ignore[index]
    assert a.kind == CAST and a.oid == shards, a
    return a.alt, shards


def test_either_additional_cost_the_cheaper_is_paid() -> None:
    """"Sacrifice a creature or discard a card" (601.2b): a spare land card is discarded
    rather than a Dreadmaw sacrificed, but with one land out the land card is kept and
    a Grizzly Bears sacrificed: the cheaper of the two by the AI's worth."""
    from mtgsim.engine.rules.spell_costs import ALT_OTHER_ADDITIONAL

    alt, _ = _bone_shards_cast(with_dreadmaw=True)
    assert alt == ALT_OTHER_ADDITIONAL  # discard the Island, keep the 6/6
    alt, _ = _bone_shards_cast(with_dreadmaw=False)
    assert alt == 0  # sacrifice the 2/2, keep the second land
