"""Core rules: the stack and priority, targets, state-based actions, layers, triggers,
turn structure, mulligans and mana payment."""

from __future__ import annotations

import itertools
import random

import pytest
from gamesetup import (
    CAST,
    PLAY,
    POOL,
    Setup,
    action_index,
    activate,
    alive,
    attack,
    block,
    bundled_deck,
    cast,
    deadline,
    decision_of,
    goto,
    graveyard_names,
    hand_names,
    has_action,
    names,
    obj,
    on_battlefield,
    option_index,
    pass_index,
    pass_until,
    priority,
    resolve,
    resolve_all,
)

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_FLYING,
    KW_HASTE,
    KW_TRAMPLE,
    KW_VIGILANCE,
    CardDef,
    LifeAtMost,
    SpellAbility,
    Target,
    Triggered,
)
from mtgsim.engine.effects.damage import Damage
from mtgsim.engine.effects.gain_life import GainLife
from mtgsim.engine.game import play
from mtgsim.engine.players.policies import RandomPolicy
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mana import B, G, R, U, W, can_pay, parse_cost, solve, units_of
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    BEGIN_COMBAT,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    END,
    MAIN2,
    UPKEEP,
)

SAPROLING = POOL["Sprouting Thrinax"].triggered[0].effects[0].token  # type: ignore[union-attr]


def events(state, kind: str) -> list:
    return [e for e in state.log if e.kind == kind]


def pass_once(state, player: int | None = None) -> None:
    d = priority(state, player)
    answer(state, pass_index(d))


# --- priority and the stack ------------------------------------------------------------


def test_stack_resolves_last_in_first_out() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    growth = s.hand("Giant Growth", 0)
    s.bf("Forest", 0)
    shock = s.hand("Shock", 1)
    s.bf("Mountain", 1)
    state = s.go()
    cast(state, growth, [bears])
    pass_once(state, 0)
    cast(state, shock, [bears])  # in response
    assert [i.card.name for i in state.stack] == ["Giant Growth", "Shock"]
    resolve_all(state)
    # Shock resolved first and killed the 2/2; Giant Growth then had no legal target.
    assert not alive(state, bears)
    assert [e.card for e in events(state, "resolve")] == ["Shock"]
    assert [e.card for e in events(state, "fizzle")] == ["Giant Growth"]
    assert graveyard_names(state, 0) == ["Grizzly Bears", "Giant Growth"]


def test_counterspell_counters_a_spell() -> None:
    s = Setup()
    giant = s.hand("Hill Giant", 0)
    s.lands("Mountain", 0, 4)
    counter = s.hand("Counterspell", 1)
    s.lands("Island", 1, 2)
    state = s.go()
    cast(state, giant)
    sid = state.stack[-1].sid
    pass_once(state, 0)
    cast(state, counter, [sid])
    resolve_all(state)
    assert state.stack == []
    assert graveyard_names(state, 0) == ["Hill Giant"]
    assert graveyard_names(state, 1) == ["Counterspell"]
    assert [o for o in state.battlefield if obj(state, o).card.name == "Hill Giant"] == []
    assert [e.card for e in events(state, "countered")] == ["Hill Giant"]


def _mana_leak_game(p0_lands: int):
    s = Setup()
    bears = s.hand("Grizzly Bears", 0)
    lands = s.lands("Forest", 0, p0_lands)
    leak = s.hand("Mana Leak", 1)
    s.lands("Island", 1, 2)
    state = s.go()
    cast(state, bears)
    sid = state.stack[-1].sid
    pass_once(state, 0)
    cast(state, leak, [sid])
    return state, lands


def test_mana_leak_is_paid_when_the_controller_can_and_wants_to() -> None:
    state, lands = _mana_leak_game(5)
    d = resolve(state)
    assert d is not None and d.kind == "may" and d.player == 0
    answer(state, 0)  # yes, pay {3}
    resolve_all(state)
    assert [obj(state, o).card.name for o in state.battlefield if obj(state, o).controller == 0
            and obj(state, o).card.name == "Grizzly Bears"] == ["Grizzly Bears"]
    assert all(obj(state, o).tapped for o in lands)
    assert graveyard_names(state, 0) == []


def test_mana_leak_counters_when_the_controller_declines() -> None:
    state, lands = _mana_leak_game(5)
    d = resolve(state)
    assert d is not None and d.kind == "may"
    answer(state, 1)  # no
    resolve_all(state)
    assert graveyard_names(state, 0) == ["Grizzly Bears"]
    assert sum(obj(state, o).tapped for o in lands) == 2


def test_mana_leak_counters_when_the_controller_cannot_pay() -> None:
    state, lands = _mana_leak_game(4)  # 2 for the Bears, 2 left: can't pay {3}
    d = resolve(state)
    assert d is None or d.kind == "priority"  # nobody is asked
    resolve_all(state)
    assert graveyard_names(state, 0) == ["Grizzly Bears"]
    assert graveyard_names(state, 1) == ["Mana Leak"]
    assert sum(obj(state, o).tapped for o in lands) == 2


def test_spell_whose_only_target_left_does_not_resolve() -> None:
    s = Setup()
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    bears = s.bf("Grizzly Bears", 1)
    unsummon = s.hand("Unsummon", 1)
    s.bf("Island", 1)
    state = s.go()
    cast(state, bolt, [bears])
    pass_once(state, 0)
    cast(state, unsummon, [bears])
    resolve_all(state)
    assert hand_names(state, 1) == ["Grizzly Bears"]
    assert graveyard_names(state, 0) == ["Lightning Bolt"]
    assert [e.card for e in events(state, "fizzle")] == ["Lightning Bolt"]
    assert events(state, "damage") == []
    assert state.players[1].life == 20


def test_lightning_helix_gains_no_life_when_its_target_is_illegal() -> None:
    # 608.2b: every target illegal -> the whole spell does not resolve, not even the
    # untargeted "you gain 3 life".
    s = Setup()
    helix = s.hand("Lightning Helix", 0)
    s.bf("Mountain", 0)
    s.bf("Plains", 0)
    bears = s.bf("Grizzly Bears", 1)
    unsummon = s.hand("Unsummon", 1)
    s.bf("Island", 1)
    state = s.go()
    cast(state, helix, [bears])
    pass_once(state, 0)
    cast(state, unsummon, [bears])
    resolve_all(state)
    assert state.players[0].life == 20
    assert graveyard_names(state, 0) == ["Lightning Helix"]


def test_lightning_helix_resolves_fully_with_a_legal_target() -> None:
    s = Setup()
    helix = s.hand("Lightning Helix", 0)
    s.bf("Mountain", 0)
    s.bf("Plains", 0)
    bears = s.bf("Grizzly Bears", 1)
    state = s.go()
    cast(state, helix, [bears])
    resolve_all(state)
    assert state.players[0].life == 23
    assert not alive(state, bears)


# --- state-based actions -----------------------------------------------------------------


def test_zero_toughness_goes_to_the_graveyard_even_with_a_regeneration_shield() -> None:
    s = Setup()
    disfigure = s.hand("Disfigure", 0)
    s.bf("Swamp", 0)
    bears = s.bf("Grizzly Bears", 1)
    obj(s.state, bears).regen_shields = 1  # 704.5f is not destruction
    state = s.go()
    cast(state, disfigure, [bears])
    resolve_all(state)
    assert not alive(state, bears)
    assert graveyard_names(state, 1) == ["Grizzly Bears"]
    assert events(state, "destroy") == [] and events(state, "regenerate") == []


def test_lethal_damage_destroys() -> None:
    s = Setup()
    shock = s.hand("Shock", 0)
    s.bf("Mountain", 0)
    bears = s.bf("Grizzly Bears", 1)
    lions = s.bf("Savannah Lions", 1)
    state = s.go()
    cast(state, shock, [bears])
    resolve_all(state)
    assert not alive(state, bears) and alive(state, lions)
    assert [e.card for e in events(state, "destroy")] == ["Grizzly Bears"]


def test_damage_marked_before_kills_when_more_is_dealt_or_toughness_drops() -> None:
    """704.5g: lethal damage counts all damage marked this turn, also damage that was
    marked at an earlier check the creature survived (the check after a second hit, or
    after its toughness went down, reads it)."""
    s = Setup()
    shocks = [s.hand("Shock", 0), s.hand("Shock", 0)]
    again = s.hand("Shock", 0)
    disfigure = s.hand("Disfigure", 0)
    for _ in range(5):
        s.bf("Mountain", 0)
    s.bf("Swamp", 0)
    giants = [s.bf("Hill Giant", 1), s.bf("Hill Giant", 1)]
    state = s.go()
    for shock, giant in zip(shocks, giants, strict=True):
        cast(state, shock, [giant])
        resolve_all(state)
        assert alive(state, giant) and obj(state, giant).damage == 2
    cast(state, disfigure, [giants[1]])  # 3/3 with 2 damage becomes 1/1
    resolve_all(state)
    assert alive(state, giants[0]) and not alive(state, giants[1])
    assert [e.card for e in events(state, "destroy")] == ["Hill Giant"]
    cast(state, again, [giants[0]])  # 4 damage in all
    resolve_all(state)
    assert not alive(state, giants[0])
    assert [e.card for e in events(state, "destroy")] == ["Hill Giant", "Hill Giant"]


def test_plus_and_minus_counters_annihilate() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0, counters={"+1/+1": 3, "-1/-1": 1})
    state = s.go()
    priority(state)
    o = obj(state, bears)
    assert o.counters == {"+1/+1": 2}
    assert (o.power, o.toughness) == (4, 4)


def test_legend_rule_keeps_the_chosen_one() -> None:
    s = Setup()
    old = s.bf("Isamaru, Hound of Konda", 0)
    new_card = s.hand("Isamaru, Hound of Konda", 0)
    s.bf("Plains", 0)
    state = s.go()
    cast(state, new_card)
    d = resolve(state)
    assert d is not None and d.kind == "legend" and d.player == 0
    assert len(d.options) == 2 and old in d.options
    new = next(o for o in d.options if o != old)
    answer(state, option_index(d, new))
    priority(state)
    assert alive(state, new) and not alive(state, old)
    assert graveyard_names(state, 0) == ["Isamaru, Hound of Konda"]


def test_legend_rule_applies_per_controller() -> None:
    s = Setup()
    a = s.bf("Isamaru, Hound of Konda", 0)
    b = s.bf("Isamaru, Hound of Konda", 1)
    state = s.go()
    d = priority(state)
    assert d.kind == "priority"
    assert alive(state, a) and alive(state, b)


def test_aura_goes_to_the_graveyard_when_its_creature_leaves() -> None:
    s = Setup()
    pacifism = s.hand("Pacifism", 0)
    s.lands("Plains", 0, 2)
    shock = s.hand("Shock", 0)
    s.bf("Mountain", 0)
    bears = s.bf("Grizzly Bears", 1)
    state = s.go()
    cast(state, pacifism, [bears])
    resolve_all(state)
    aura = next(o for o in state.battlefield if obj(state, o).card.name == "Pacifism")
    assert obj(state, aura).attached_to == bears
    cast(state, shock, [bears])
    resolve_all(state)
    priority(state)
    assert not alive(state, aura)
    assert sorted(graveyard_names(state, 0)) == ["Pacifism", "Shock"]
    assert graveyard_names(state, 1) == ["Grizzly Bears"]


def test_pacifism_stops_attacking() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    lions = s.bf("Savannah Lions", 0)
    s.bf("Pacifism", 1, attached_to=bears)
    state = s.go()
    d = pass_until(state, decision_of("attackers"))
    assert d is not None and d.options == [lions]


def test_rancor_returns_to_its_owners_hand() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    rancor = s.bf("Rancor", 0, attached_to=bears)
    shock = s.hand("Shock", 1)
    s.bf("Mountain", 1)
    state = s.go()
    ensure(state)
    assert obj(state, bears).power == 4
    pass_once(state, 0)
    cast(state, shock, [bears])
    resolve_all(state)
    assert not alive(state, rancor)
    assert hand_names(state, 0) == ["Rancor"]
    assert "Rancor" not in graveyard_names(state, 0)


def test_life_zero_loses() -> None:
    s = Setup(life=(20, 3))
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, bolt, [1])
    d = pass_until(state, lambda st, d: d is None)
    assert d is None
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "life")
    assert state.players[1].life == 0 and state.players[1].lost


def test_drawing_from_an_empty_library_loses_at_the_next_check() -> None:
    s = Setup(library=0, active=0, step=MAIN2, turn=3)
    for _ in range(5):
        s.add("Island", 0, "library")
    state = s.go()
    pass_until(state, lambda st, d: st.players[1].drew_from_empty or d is None)
    assert state.players[1].drew_from_empty
    assert state.result is None or state.result.winner == 0
    pass_until(state, lambda st, d: d is None)
    assert state.result is not None
    assert (state.result.winner, state.result.reason, state.result.turns) == (
        0, "empty library", 4)


# --- layers and control ---------------------------------------------------------------


def test_lignify_sets_base_and_removes_abilities_then_pump_and_counters_apply() -> None:
    s = Setup()
    angel = s.bf("Serra Angel", 1)  # 4/4 flying, vigilance
    s.bf("Lignify", 0, attached_to=angel)
    bears = s.bf("Grizzly Bears", 1, counters={"+1/+1": 1})
    s.bf("Lignify", 0, attached_to=bears)
    growth = s.hand("Giant Growth", 1)
    s.bf("Forest", 1)
    state = s.go()
    ensure(state)
    a = obj(state, angel)
    assert (a.power, a.toughness) == (0, 4)
    assert not a.kw & (KW_FLYING | KW_VIGILANCE) and a.lost_abilities
    assert "Treefolk" in a.extra_subtypes
    assert (obj(state, bears).power, obj(state, bears).toughness) == (1, 5)
    pass_once(state, 0)
    cast(state, growth, [angel])
    resolve_all(state)
    ensure(state)
    assert (obj(state, angel).power, obj(state, angel).toughness) == (3, 7)


def test_control_magic_changes_controller_until_it_leaves() -> None:
    s = Setup()
    magic = s.hand("Control Magic", 0)
    s.lands("Island", 0, 4)
    disenchant = s.hand("Disenchant", 1)
    s.lands("Plains", 1, 2)
    giant = s.bf("Hill Giant", 1)
    state = s.go()
    cast(state, magic, [giant])
    resolve_all(state)
    ensure(state)
    assert obj(state, giant).controller == 0
    assert obj(state, giant).owner == 1
    aura = next(o for o in state.battlefield if obj(state, o).card.name == "Control Magic")
    pass_once(state, 0)
    cast(state, disenchant, [aura])
    resolve_all(state)
    ensure(state)
    assert obj(state, giant).controller == 1


def test_gaining_control_gives_summoning_sickness() -> None:
    # 302.6: a creature can attack only if its controller has controlled it continuously
    # since their most recent turn began.
    s = Setup()
    magic = s.hand("Control Magic", 0)
    s.lands("Island", 0, 4)
    giant = s.bf("Hill Giant", 1)
    lions = s.bf("Savannah Lions", 0)
    state = s.go()
    cast(state, magic, [giant])
    resolve_all(state)
    d = pass_until(state, decision_of("attackers"))
    assert d is not None and d.options == [lions]


def test_act_of_treason_lasts_until_end_of_turn() -> None:
    s = Setup()
    treason = s.hand("Act of Treason", 0)
    s.lands("Mountain", 0, 3)
    giant = s.bf("Hill Giant", 1, tapped=True)
    state = s.go()
    cast(state, treason, [giant])
    resolve_all(state)
    ensure(state)
    g = obj(state, giant)
    assert g.controller == 0 and not g.tapped and g.kw & KW_HASTE
    attack(state, [giant])
    goto(state, MAIN2)
    assert state.players[1].life == 17
    goto(state, END)
    assert obj(state, giant).controller == 0
    goto(state, UPKEEP, turn=4)
    ensure(state)
    assert obj(state, giant).controller == 1
    assert not obj(state, giant).kw & KW_HASTE


def test_ancestral_mask_counts_other_enchantments() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    s.bf("Ancestral Mask", 0, attached_to=bears)
    s.bf("Holy Strength", 0, attached_to=bears)  # +1/+2
    lions = s.bf("Savannah Lions", 1)
    pacifism = s.bf("Pacifism", 0, attached_to=lions)
    state = s.go()
    ensure(state)
    # 2/2 + 2 other enchantments x (+2/+2) + 1/2
    assert (obj(state, bears).power, obj(state, bears).toughness) == (7, 8)
    state.battlefield.remove(pacifism)
    del state.objects[pacifism]
    characteristics_changed(state)
    ensure(state)
    assert (obj(state, bears).power, obj(state, bears).toughness) == (5, 6)


# --- regeneration, indestructible, hexproof, protection -----------------------------------


def test_regeneration_shield_saves_from_lethal_damage() -> None:
    s = Setup()
    skeletons = s.bf("Drudge Skeletons", 0)
    s.lands("Swamp", 0, 2)
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    state = s.go()
    activate(state, skeletons)
    resolve_all(state)
    assert obj(state, skeletons).regen_shields == 1
    cast(state, bolt, [skeletons])
    resolve_all(state)
    priority(state)
    sk = obj(state, skeletons)
    assert alive(state, skeletons)
    assert sk.tapped and sk.damage == 0 and sk.regen_shields == 0
    assert [e.card for e in events(state, "regenerate")] == ["Drudge Skeletons"]


def test_doom_blade_is_regenerated_but_terror_cannot_be() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 1)
    lions = s.bf("Savannah Lions", 1)
    obj(s.state, bears).regen_shields = 1
    obj(s.state, lions).regen_shields = 1
    blade = s.hand("Doom Blade", 0)
    terror = s.hand("Terror", 0)
    s.lands("Swamp", 0, 4)
    state = s.go()
    cast(state, blade, [bears])
    resolve_all(state)
    cast(state, terror, [lions])
    resolve_all(state)
    assert alive(state, bears) and obj(state, bears).tapped
    assert not alive(state, lions)
    assert graveyard_names(state, 1) == ["Savannah Lions"]


def test_indestructible_survives_destroy_and_lethal_damage() -> None:
    s = Setup()
    myr = s.bf("Darksteel Myr", 1)
    blade = s.hand("Doom Blade", 0)
    bolt = s.hand("Lightning Bolt", 0)
    s.lands("Swamp", 0, 2)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, blade, [myr])
    resolve_all(state)
    assert alive(state, myr)
    cast(state, bolt, [myr])
    with deadline(10):  # lethal damage on it must not make state-based actions loop
        resolve_all(state)
        d = priority(state)
    assert d.player == 0
    assert alive(state, myr) and obj(state, myr).damage == 3
    assert graveyard_names(state, 1) == []


def test_hexproof_stops_only_opponents() -> None:
    s = Setup()
    scout = s.bf("Gladecover Scout", 1)
    bears = s.bf("Grizzly Bears", 1)
    bolt = s.hand("Lightning Bolt", 0)
    growth = s.hand("Giant Growth", 1)
    state = s.go()
    ensure(state)  # characteristics (hexproof) are computed lazily
    spec = Target("any")
    assert legal_targets(state, spec, 0, bolt) == [0, 1, bears]
    assert scout in legal_targets(state, Target("creature"), 1, growth)


def test_hexproof_target_choice_in_a_real_cast() -> None:
    s = Setup()
    scout = s.bf("Gladecover Scout", 1)
    s.bf("Forest", 1)
    growth = s.hand("Giant Growth", 1)
    s.bf("Mountain", 0)
    bolt = s.hand("Lightning Bolt", 0)
    state = s.go()
    d = priority(state, 0)
    answer(state, action_index(d, CAST, bolt))
    d = advance(state)
    assert d is not None and d.kind == "target" and d.options == [0, 1]
    answer(state, option_index(d, 1))
    pass_once(state, 0)
    cast(state, growth, [scout])  # its controller may target it
    resolve_all(state)
    ensure(state)
    assert obj(state, scout).power == 4
    assert state.players[1].life == 17


def test_protection_from_black_cannot_be_targeted_by_black_spells() -> None:
    s = Setup()
    knight = s.bf("White Knight", 1)
    blade = s.hand("Doom Blade", 0)
    s.lands("Swamp", 0, 2)
    state = s.go()
    ensure(state)
    spec = POOL["Doom Blade"].spell.targets[0]  # type: ignore[union-attr]
    assert legal_targets(state, spec, 0, blade) == []
    d = priority(state, 0)
    assert not has_action(d, CAST, blade)
    bears = s.bf("Grizzly Bears", 1)
    ensure(state)
    assert legal_targets(state, spec, 0, blade) == [bears]
    assert knight not in legal_targets(state, Target("creature"), 0, blade)


# --- triggered abilities ------------------------------------------------------------------


def test_thrinax_dies_and_makes_three_saprolings() -> None:
    s = Setup()
    thrinax = s.bf("Sprouting Thrinax", 0)
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, bolt, [thrinax])
    resolve(state)  # the Bolt; the trigger goes on the stack
    assert [i.label for i in state.stack] == ["Sprouting Thrinax trigger"]
    resolve_all(state)
    tokens = [o for o in state.battlefield if obj(state, o).card.name == "Saproling"]
    assert len(tokens) == 3
    for t in tokens:
        o = obj(state, t)
        assert o.token and o.controller == 0 and (o.power, o.toughness) == (1, 1)


def test_apnap_active_players_trigger_goes_on_the_stack_first() -> None:
    s = Setup()
    mine = s.bf("Sprouting Thrinax", 0)
    theirs = s.bf("Sprouting Thrinax", 1)
    state = s.go()
    attack(state, [mine])
    block(state, [(theirs, mine)])
    d = goto(state, COMBAT_DAMAGE)
    assert not alive(state, mine) and not alive(state, theirs)
    assert [i.controller for i in state.stack] == [0, 1]  # active player's at the bottom
    assert d.player == 0
    resolve(state)
    assert {obj(state, o).controller for o in state.battlefield
            if obj(state, o).card.name == "Saproling"} == {1}
    resolve_all(state)
    saps = sorted(o for o in state.battlefield if obj(state, o).card.name == "Saproling")
    assert [obj(state, o).controller for o in saps] == [1, 1, 1, 0, 0, 0]


SANCTUARY = CardDef(
    name="Test Sanctuary",
    types=("enchantment",),
    abilities=(Triggered(when="upkeep", condition=LifeAtMost(amount=10),
                         effects=(GainLife(amount=3),)),),
    text="At the beginning of your upkeep, if you have 10 or less life, you gain 3 life.",
)


@pytest.mark.parametrize(("life", "expected"), [(15, 15), (10, 13), (8, 11)])
def test_intervening_if_is_checked_when_the_event_happens(life: int, expected: int) -> None:
    s = Setup(active=1, step=MAIN2, turn=3, life=(life, 20))
    s.bf(SANCTUARY, 0)
    state = s.go()
    goto(state, UPKEEP, turn=4)
    assert len(state.stack) == (1 if life <= 10 else 0)
    resolve_all(state) if state.stack else None
    assert state.players[0].life == expected


def test_intervening_if_is_checked_again_on_resolution() -> None:
    s = Setup(active=1, step=MAIN2, turn=3, life=(8, 20))
    s.bf(SANCTUARY, 0)
    state = s.go()
    goto(state, UPKEEP, turn=4)
    assert len(state.stack) == 1
    state.players[0].life = 12  # the condition no longer holds
    resolve_all(state)
    assert state.players[0].life == 12
    assert not [e for e in events(state, "gain_life")]


def test_tokens_cease_to_exist_when_they_leave_the_battlefield() -> None:
    s = Setup()
    token = s.bf(SAPROLING, 1, token=True)
    unsummon = s.hand("Unsummon", 0)
    s.bf("Island", 0)
    state = s.go()
    n_objects = len(state.objects)
    cast(state, unsummon, [token])
    resolve_all(state)
    assert token not in state.objects
    assert hand_names(state, 1) == []
    assert all(obj(state, o).card.name != "Saproling" for o in state.objects)
    assert len(state.objects) == n_objects - 1  # the Unsummon card moved, the token is gone


# --- turn structure -------------------------------------------------------------------------


def test_cleanup_discards_down_to_seven() -> None:
    s = Setup(step=END)
    hand = [s.hand("Hill Giant", 0) for _ in range(9)]
    state = s.go()
    d = pass_until(state, decision_of("discard"))
    assert d is not None and d.player == 0 and state.step == CLEANUP
    assert d.multi and d.min_count == 2 and d.max_count == 2
    assert sorted(d.options) == sorted(hand)
    answer(state, [0, 3])
    assert len(state.players[0].hand) == 7
    assert graveyard_names(state, 0) == ["Hill Giant", "Hill Giant"]
    with pytest.raises(AssertionError):
        pass_until(state, decision_of("discard"), limit=5)


def test_no_discard_at_seven_cards() -> None:
    s = Setup(step=END)
    for _ in range(7):
        s.hand("Hill Giant", 0)
    state = s.go()
    goto(state, UPKEEP, turn=4)
    assert len(state.players[0].hand) == 7
    assert events(state, "discard") == []


def _bundled_decks():
    return bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")


def test_starting_player_skips_the_first_draw() -> None:
    gruul, skies = _bundled_decks()
    state = new_game([gruul, skies], seed=7, keep_log=True)
    for _ in range(2):
        d = advance(state)
        assert d is not None and d.kind == "mulligan"
        answer(state, 0)  # keep
    assert len(events(state, "draw")) == 14  # the opening hands
    pass_until(state, lambda st, d: st.turn >= 3)
    draws = events(state, "draw")
    assert [e.player for e in draws if e.turn == 1] == [0] * 7 + [1] * 7
    assert [e.player for e in draws if e.turn == 2] == [1]
    assert [e.player for e in draws if e.turn == 3] == [0]
    assert state.players[0].mulligans == 0


def test_london_mulligan_draws_seven_then_bottoms_one() -> None:
    gruul, skies = _bundled_decks()
    state = new_game([gruul, skies], seed=3)
    d = advance(state)
    assert d is not None and d.kind == "mulligan" and d.player == 0
    first_hand = list(state.players[0].hand)
    answer(state, 1)  # mulligan
    assert state.players[0].mulligans == 1
    assert len(state.players[0].hand) == 7
    assert not set(first_hand) & set(state.players[0].hand)  # new objects (400.7)
    d = advance(state)
    assert d is not None and d.kind == "mulligan" and d.player == 0
    answer(state, 0)  # keep
    d = advance(state)
    assert d is not None and d.kind == "bottom" and d.player == 0
    assert d.multi and d.min_count == 1 and d.max_count == 1 and len(d.options) == 7
    chosen_card = state.objects[d.options[4]].card.name
    answer(state, [4])
    p = state.players[0]
    assert len(p.hand) == 6 and len(p.library) == 54
    assert state.objects[p.library[0]].card.name == chosen_card  # on the bottom
    d = advance(state)
    assert d is not None and d.kind == "mulligan" and d.player == 1


def test_mana_empties_between_steps() -> None:
    s = Setup()
    bolt = s.hand("Lightning Bolt", 0)
    state = s.go()
    state.players[0].pool = [R]
    d = priority(state, 0)
    assert has_action(d, CAST, bolt)  # floating mana pays
    goto(state, BEGIN_COMBAT)
    assert state.players[0].pool == []
    d = priority(state, 0)
    assert not has_action(d, CAST, bolt)


def test_floating_mana_is_spent_on_a_spell() -> None:
    s = Setup()
    bolt = s.hand("Lightning Bolt", 0)
    state = s.go()
    state.players[0].pool = [R, G]
    cast(state, bolt, [1])
    assert state.players[0].pool == [G]
    resolve_all(state)
    assert state.players[1].life == 17


# --- mana payment ----------------------------------------------------------------------------


HYBRID_SHOCK = CardDef(
    name="Test Hybrid Shock",
    types=("instant",),
    mana_cost="{R/G}",
    spell=SpellAbility(targets=(Target("any"),), effects=(POOL["Shock"].spell.effects)),  # type: ignore[union-attr]
)


@pytest.mark.parametrize(("land", "castable"), [("Mountain", True), ("Forest", True),
                                                ("Island", False), ("Savage Lands", True)])
def test_hybrid_symbol_is_payable_by_either_colour(land: str, castable: bool) -> None:
    s = Setup()
    spell = s.hand(HYBRID_SHOCK, 0)
    lid = s.bf(land, 0)
    state = s.go()
    d = priority(state, 0)
    assert has_action(d, CAST, spell) == castable
    if castable:
        cast(state, spell, [1])
        assert obj(state, lid).tapped
        resolve_all(state)
        assert state.players[1].life == 18


def test_x_spell_uses_every_land() -> None:
    s = Setup()
    blaze = s.hand("Blaze", 0)
    lands = s.lands("Mountain", 0, 4)
    state = s.go()
    d = priority(state, 0)
    answer(state, action_index(d, CAST, blaze))
    d = advance(state)
    assert d is not None and d.kind == "x" and d.options == [0, 1, 2, 3]
    answer(state, 3)
    d = advance(state)
    assert d is not None and d.kind == "target"
    answer(state, option_index(d, 1))
    assert state.stack[-1].x == 3
    assert all(obj(state, o).tapped for o in lands)
    resolve_all(state)
    assert state.players[1].life == 17


def _valid_payment(symbols: tuple[int, ...], generic: int, units: list[int],
                   chosen: list[int]) -> bool:
    if len(set(chosen)) != len(chosen) or len(chosen) != len(symbols) + generic:
        return False
    if any(not 0 <= i < len(units) for i in chosen):
        return False
    return all(units[chosen[k]] & sym for k, sym in enumerate(symbols))


def _payable_brute_force(symbols: tuple[int, ...], generic: int, units: list[int]) -> bool:
    if len(units) < len(symbols) + generic:
        return False
    for perm in itertools.permutations(range(len(units)), len(symbols)):
        if all(units[i] & s for i, s in zip(perm, symbols, strict=True)):
            return True
    return False


@pytest.mark.parametrize(("cost", "units", "payable"), [
    ("{R}", [R], True),
    ("{R}", [G], False),
    ("{1}{R}", [R | G, R], True),  # the dual must pay the generic
    ("{U}{W}", [W | U, U | R], True),  # needs backtracking: the first fit for {U} is wrong
    ("{W}{U}", [U | R, W | U], True),
    ("{G}{G}", [G, R | G, R], True),
    ("{G}{G}", [G, R, R], False),
    ("{R}{R}", [R, G | W, G], False),
    ("{2}{R}", [R, G, G], True),
    ("{2}{R}", [G, G, G], False),
    ("{2}{R}", [R, G], False),
    ("{R/G}", [G], True),
    ("{R/G}", [R], True),
    ("{R/G}", [U], False),
    ("{R/G}{G}", [G, R | G | B], True),
    ("{R/G}{G}{R}", [G, R | G | B, R | G | B], True),
    ("{W}{U}{B}", [W | U, U | B, B | W], True),
    ("{W}{U}{B}", [W | U, U | W, B | U], True),
    ("{W}{U}{B}", [W | U, U | W, W | U], False),
    ("{C}", [R], False),
    ("{1}", [32], True),
])
def test_solver_finds_a_payment_iff_one_exists(cost: str, units: list[int],
                                               payable: bool) -> None:
    c = parse_cost(cost)
    chosen = solve(c.symbols, c.generic, units)
    assert (chosen is not None) == payable
    assert can_pay(c.symbols, c.generic, units) == payable
    if chosen is not None:
        assert _valid_payment(c.symbols, c.generic, units, chosen)


def test_solver_spends_the_least_flexible_units() -> None:
    # one symbol (most costs): the first unit of fewest colours that pays it, then the
    # generic part from the rest in the same order; the dual land stays untapped
    assert solve((G,), 1, [R | G, G, R]) == [1, 2]
    assert solve((G,), 0, [R | G, R, G]) == [2]
    assert solve((), 2, [R | G, R, G]) == [1, 2]
    assert solve((R, G), 1, [R | G, G, R, W]) == [2, 1, 3]


def test_solver_agrees_with_brute_force_on_random_instances() -> None:
    rng = random.Random(1234)
    masks = [W, U, B, R, G, W | U, U | B, B | R, R | G, G | W, W | B, U | R, B | G, R | W,
             G | U, B | R | G, W | U | B | R | G, 32]
    sym_masks = [W, U, B, R, G, W | U, R | G, B | G, 32]
    payable_count = 0
    for _ in range(1500):
        units = [rng.choice(masks) for _ in range(rng.randint(0, 6))]
        symbols = tuple(sorted((rng.choice(sym_masks) for _ in range(rng.randint(0, 4))),
                               key=lambda m: bin(m).count("1")))
        generic = rng.randint(0, 3)
        expected = _payable_brute_force(symbols, generic, units)
        chosen = solve(symbols, generic, units)
        assert (chosen is not None) == expected, (symbols, generic, units)
        # can_pay answers by Hall's condition, without the solver's search
        assert can_pay(symbols, generic, units) == expected, (symbols, generic, units)
        assert can_pay(symbols, generic, units_of(tuple(units))) == expected
        if chosen is not None:
            payable_count += 1
            assert _valid_payment(symbols, generic, units, chosen)
    assert payable_count > 200  # both outcomes are well exercised


# --- game limits ---------------------------------------------------------------------------


def test_turn_limit_is_a_draw_with_its_reason() -> None:
    islands = [POOL["Island"]] * 60
    state = new_game([islands, islands], seed=5, max_turns=6)
    play(state, [RandomPolicy(1), RandomPolicy(2)])
    assert state.result is not None
    assert (state.result.winner, state.result.reason, state.result.turns) == (-1, "turn limit", 6)


def test_action_limit_is_a_draw_with_its_reason() -> None:
    gruul, skies = _bundled_decks()
    state = new_game([gruul, skies], seed=5, max_actions=25)
    play(state, [RandomPolicy(1), RandomPolicy(2)])
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (-1, "action limit")
    assert state.actions_taken == 25



# --- more rules ------------------------------------------------------------------------------


def test_regeneration_in_combat_keeps_until_end_of_turn_effects() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    lions = s.bf("Savannah Lions", 0)
    obj(s.state, bears).regen_shields = 1
    growth = s.hand("Giant Growth", 0)
    s.bf("Forest", 0)
    blade = s.hand("Doom Blade", 0)
    s.lands("Swamp", 0, 2)
    state = s.go()
    attack(state, [lions])
    goto(state, DECLARE_ATTACKERS)
    cast(state, growth, [bears])
    resolve_all(state)
    cast(state, blade, [bears])
    resolve_all(state)
    assert alive(state, bears) and obj(state, bears).tapped
    characteristics_changed(state)  # recompute from scratch: the Giant Growth effect must still exist
    ensure(state)
    assert (obj(state, bears).power, obj(state, bears).toughness) == (5, 5)


def test_arrest_stops_mana_abilities_too() -> None:
    s = Setup()
    elves = s.bf("Llanowar Elves", 0)
    scout = s.hand("Gladecover Scout", 0)  # {G}
    state = s.go()
    assert has_action(priority(state, 0), CAST, scout)
    s2 = Setup()
    elves = s2.bf("Llanowar Elves", 0)
    s2.bf("Arrest", 1, attached_to=elves)
    scout = s2.hand("Gladecover Scout", 0)
    state = s2.go()
    assert not has_action(priority(state, 0), CAST, scout)


def test_summoning_sick_creature_cannot_tap_for_mana() -> None:
    s = Setup()
    s.bf("Llanowar Elves", 0, sick=True)
    scout = s.hand("Gladecover Scout", 0)
    state = s.go()
    assert not has_action(priority(state, 0), CAST, scout)


def test_aura_spell_without_its_target_goes_to_the_graveyard() -> None:
    # An Aura spell whose target is gone doesn't resolve (608.2b); Rancor was never on the
    # battlefield, so its "put into a graveyard from the battlefield" trigger doesn't fire.
    s = Setup()
    bears = s.bf("Grizzly Bears", 1)
    rancor = s.hand("Rancor", 0)
    s.bf("Forest", 0)
    unsummon = s.hand("Unsummon", 1)
    s.bf("Island", 1)
    state = s.go()
    cast(state, rancor, [bears])
    pass_once(state, 0)
    cast(state, unsummon, [bears])
    resolve_all(state)
    assert graveyard_names(state, 0) == ["Rancor"]
    assert hand_names(state, 0) == []


def test_until_end_of_turn_effects_and_damage_end_in_cleanup() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    growth = s.hand("Giant Growth", 0)
    s.bf("Forest", 0)
    shock = s.hand("Shock", 0)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, growth, [bears])
    resolve_all(state)
    cast(state, shock, [bears])
    resolve_all(state)
    ensure(state)
    b = obj(state, bears)
    assert (b.power, b.toughness, b.damage) == (5, 5, 2)
    goto(state, UPKEEP, turn=4)
    ensure(state)
    b = obj(state, bears)
    assert (b.power, b.toughness, b.damage) == (2, 2, 0)
    assert state.effects == []


def test_one_land_per_turn() -> None:
    s = Setup()
    forest = s.hand("Forest", 0)
    mountain = s.hand("Mountain", 0)
    state = s.go()
    d = priority(state, 0)
    assert has_action(d, PLAY, forest) and has_action(d, PLAY, mountain)
    answer(state, action_index(d, PLAY, forest))
    d = priority(state, 0)
    assert not has_action(d, PLAY, mountain)
    assert [obj(state, o).card.name for o in state.battlefield][-1] == "Forest"


def test_sorcery_timing() -> None:
    s = Setup()
    divination = s.hand("Divination", 0)
    s.lands("Island", 0, 3)
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    viper = s.hand("Ambush Viper", 1)  # flash
    s.lands("Forest", 1, 2)
    state = s.go()
    cast(state, bolt, [1])
    assert not has_action(priority(state, 0), CAST, divination)  # the stack isn't empty
    resolve_all(state)
    assert has_action(priority(state, 0), CAST, divination)
    d = goto(state, BEGIN_COMBAT, player=1)
    assert has_action(d, CAST, viper)  # flash: any time it has priority
    d = goto(state, BEGIN_COMBAT, player=0)
    assert not has_action(d, CAST, divination)


def test_diabolic_edict_sacrifices_even_an_indestructible_creature() -> None:
    s = Setup()
    myr = s.bf("Darksteel Myr", 1)
    edict = s.hand("Diabolic Edict", 0)
    s.lands("Swamp", 0, 2)
    state = s.go()
    cast(state, edict, [1])
    resolve_all(state)
    assert not alive(state, myr)
    assert graveyard_names(state, 1) == ["Darksteel Myr"]


def test_savage_lands_and_rampant_growth_lands_enter_tapped() -> None:
    s = Setup(library=0)
    lands = s.hand("Savage Lands", 0)
    growth = s.hand("Rampant Growth", 0)
    s.lands("Forest", 0, 2)
    for name in ("Hill Giant", "Mountain", "Hill Giant"):
        s.add(name, 0, "library")
    for _ in range(3):
        s.add("Island", 1, "library")
    state = s.go()
    d = priority(state, 0)
    answer(state, action_index(d, PLAY, lands))
    assert obj(state, on_battlefield(state, 0, "Savage Lands")[0]).tapped
    cast(state, growth)
    d = resolve(state)
    assert d is not None and d.kind == "search"
    assert [obj(state, o).card.name for o in d.options] == ["Mountain"]  # basic lands only
    answer(state, [0])
    mountains = on_battlefield(state, 0, "Mountain")
    assert len(mountains) == 1 and obj(state, mountains[0]).tapped
    assert sorted(names(state, state.players[0].library)) == ["Hill Giant", "Hill Giant"]


def test_twincast_copies_a_spell_with_a_new_target() -> None:
    s = Setup()
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    twincast = s.hand("Twincast", 0)
    s.lands("Island", 0, 2)
    bears = s.bf("Grizzly Bears", 1)
    state = s.go()
    cast(state, bolt, [1])
    cast(state, twincast, [state.stack[-1].sid])
    d = resolve(state)
    assert d is not None and d.kind == "target" and bears in d.options
    answer(state, option_index(d, bears))
    resolve_all(state)
    assert not alive(state, bears)
    assert state.players[1].life == 17
    assert graveyard_names(state, 0) == ["Twincast", "Lightning Bolt"]
    assert all(o.zone != 5 for o in state.objects.values())  # the copy ceased to exist


def test_izzet_charm_counter_mode_unless_paid() -> None:
    s = Setup()
    divination = s.hand("Divination", 0)
    lands = s.lands("Island", 0, 4)  # 1 spare after Divination: can't pay {2}
    charm = s.hand("Izzet Charm", 1)
    s.bf("Island", 1)
    s.bf("Mountain", 1)
    state = s.go()
    cast(state, divination)
    pass_once(state, 0)
    cast(state, charm, [state.stack[-1].sid], mode=0)
    resolve_all(state)
    assert graveyard_names(state, 0) == ["Divination"]
    assert sum(obj(state, o).tapped for o in lands) == 3
    assert len(state.players[0].hand) == 0


def test_stealing_a_legend_applies_the_legend_rule_to_the_new_controller() -> None:
    s = Setup()
    s.bf("Isamaru, Hound of Konda", 0)
    theirs = s.bf("Isamaru, Hound of Konda", 1)
    magic = s.hand("Control Magic", 0)
    s.lands("Island", 0, 4)
    state = s.go()
    cast(state, magic, [theirs])
    d = resolve(state)
    assert d is not None and d.kind == "legend" and d.player == 0
    answer(state, option_index(d, theirs))
    priority(state)
    assert alive(state, theirs)
    assert graveyard_names(state, 0) == ["Isamaru, Hound of Konda"]


def test_mind_rot_makes_the_target_player_choose_discards() -> None:
    s = Setup()
    rot = s.hand("Mind Rot", 0)
    s.lands("Swamp", 0, 3)
    hand = [s.hand(n, 1) for n in ("Hill Giant", "Shock", "Wind Drake")]
    state = s.go()
    cast(state, rot, [1])
    d = resolve(state)
    assert d is not None and d.kind == "discard" and d.player == 1
    assert (d.min_count, d.max_count) == (2, 2) and sorted(d.options) == sorted(hand)
    answer(state, [option_index(d, hand[0]), option_index(d, hand[2])])
    assert hand_names(state, 1) == ["Shock"]
    assert sorted(graveyard_names(state, 1)) == ["Hill Giant", "Wind Drake"]


def test_ability_loss_and_grants_apply_in_timestamp_order() -> None:
    # 613.7: Spectral Flight's flying (older) is removed by a later Lignify; Rancor's
    # trample (newer than Lignify) is kept; Pacifism's restriction is not an ability.
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    s.bf("Spectral Flight", 0, attached_to=bears)
    s.bf("Pacifism", 1, attached_to=bears)
    s.bf("Lignify", 1, attached_to=bears)
    giant = s.bf("Hill Giant", 0)
    s.bf("Lignify", 1, attached_to=giant)
    s.bf("Rancor", 0, attached_to=giant)
    state = s.go()
    ensure(state)
    b, g = obj(state, bears), obj(state, giant)
    assert not b.kw & KW_FLYING
    assert b.kw & KW_CANT_ATTACK and b.kw & KW_CANT_BLOCK
    assert (b.power, b.toughness) == (2, 6)  # 0/4 base, +2/+2 from Spectral Flight
    assert g.kw & KW_TRAMPLE and (g.power, g.toughness) == (2, 4)


def test_umbra_armor_saves_the_creature_and_the_aura_is_destroyed() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 1)
    umbra = s.bf("Hyena Umbra", 1, attached_to=bears)  # +1/+1, first strike, umbra armor
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, bolt, [bears])
    resolve_all(state)
    priority(state)
    assert alive(state, bears) and obj(state, bears).damage == 0
    assert not alive(state, umbra)
    assert graveyard_names(state, 1) == ["Hyena Umbra"]


def test_state_based_actions_are_checked_again_after_umbra_armor() -> None:
    # The Umbra replaced the destruction; without its +1/+1 the creature is 0/0, which the
    # next round of state-based actions (704.3) must see before anyone gets priority.
    s = Setup()
    bears = s.bf("Grizzly Bears", 1, counters={"-1/-1": 2})
    s.bf("Hyena Umbra", 1, attached_to=bears)  # 1/1 with the Umbra
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    state = s.go()
    cast(state, bolt, [bears])
    with deadline(10):
        resolve_all(state)
        priority(state)
    assert not alive(state, bears)
    assert sorted(graveyard_names(state, 1)) == ["Grizzly Bears", "Hyena Umbra"]


TWIN_SHOCK = CardDef(
    name="Test Twin Shock",
    types=("instant",),
    mana_cost="{R}",
    spell=SpellAbility(
        targets=(Target("creature"), Target("creature", distinct=True)),
        effects=(Damage(amount=2, to="t0"), Damage(amount=2, to="t1"),
                 GainLife(amount=2)),
    ),
    text="Deals 2 damage to target creature and 2 damage to another target creature. "
         "You gain 2 life.",
)


def test_spell_with_one_illegal_target_still_affects_the_legal_one() -> None:
    # 608.2b: the illegal target is unaffected, the rest of the spell happens.
    s = Setup()
    twin = s.hand(TWIN_SHOCK, 0)
    s.bf("Mountain", 0)
    bears = s.bf("Grizzly Bears", 1)
    lions = s.bf("Savannah Lions", 1)
    unsummon = s.hand("Unsummon", 1)
    s.bf("Island", 1)
    state = s.go()
    cast(state, twin, [bears, lions])
    pass_once(state, 0)
    cast(state, unsummon, [bears])
    resolve_all(state)
    assert hand_names(state, 1) == ["Grizzly Bears"]
    assert not alive(state, lions)
    assert [(e.card, e.target, e.amount) for e in events(state, "damage")] == [
        ("Test Twin Shock", "Savannah Lions", 2)]
    assert state.players[0].life == 22
