"""Combat rules (506-511): damage, blocking restrictions and combat keywords."""

from __future__ import annotations

import pytest
from gamesetup import (
    Setup,
    alive,
    attack,
    block,
    block_pairs,
    cast,
    decision_of,
    goto,
    graveyard_names,
    obj,
    option_index,
    pass_until,
    resolve_all,
)

from mtgsim.engine.cards import KW_TRAMPLE
from mtgsim.engine.rules.combat import held_back
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.rules.zones import move, remove_from_combat
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import (
    DECLARE_BLOCKERS,
    FIRST_STRIKE_DAMAGE,
    GRAVEYARD,
    MAIN2,
)
from mtgsim.engine.state.serialize import to_msgpack


def damage_events(state, source: str) -> list[tuple[str, int]]:
    return [(e.target, e.amount) for e in state.log if e.kind == "damage" and e.card == source]


def finish_combat(state) -> None:
    """Pass (answering any damage order with the offered order) to the second main phase."""
    d = advance(state)
    if d is not None and d.kind == "order":
        answer(state, list(range(len(d.options))))
    goto(state, MAIN2)


def test_unblocked_attacker_deals_damage_to_the_defending_player() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    attack(state, [bears])
    goto(state, MAIN2)
    assert state.players[1].life == 18
    assert state.players[0].life == 20
    assert damage_events(state, "Grizzly Bears") == [("player B", 2)]
    assert obj(state, bears).tapped


@pytest.mark.parametrize("first", ["bears", "wall"])
def test_multiple_blockers_use_the_attackers_damage_assignment_order(first: str) -> None:
    s = Setup()
    giant = s.bf("Hill Giant", 0)  # 3/3
    bears = s.bf("Grizzly Bears", 1)  # 2/2
    wall = s.bf("Wall of Wood", 1)  # 0/3
    state = s.go()
    attack(state, [giant])
    block(state, [(bears, giant), (wall, giant)])
    d = advance(state)
    assert d is not None and d.kind == "order" and d.player == 0
    assert sorted(d.options) == sorted([bears, wall])
    order = [bears, wall] if first == "bears" else [wall, bears]
    answer(state, [option_index(d, o) for o in order])
    goto(state, MAIN2)
    assert state.players[1].life == 20  # a blocked creature without trample
    if first == "bears":
        # lethal (2) to the bears first, the remaining 1 to the wall
        assert not alive(state, bears)
        assert alive(state, wall) and obj(state, wall).damage == 1
    else:
        assert not alive(state, wall)
        assert alive(state, bears) and obj(state, bears).damage == 0
    assert alive(state, giant) and obj(state, giant).damage == 2


def test_first_strike_kills_before_regular_damage() -> None:
    s = Setup()
    knight = s.bf("Youthful Knight", 0)  # 2/1 first strike
    lions = s.bf("Savannah Lions", 1)  # 2/1
    state = s.go()
    attack(state, [knight])
    block(state, [(lions, knight)])
    goto(state, FIRST_STRIKE_DAMAGE)
    assert not alive(state, lions)
    assert graveyard_names(state, 1) == ["Savannah Lions"]
    goto(state, MAIN2)
    assert alive(state, knight)
    assert obj(state, knight).damage == 0
    assert damage_events(state, "Savannah Lions") == []


def test_double_strike_deals_damage_twice_to_a_player() -> None:
    s = Setup()
    ace = s.bf("Fencing Ace", 0)  # 1/1 double strike
    state = s.go()
    attack(state, [ace])
    goto(state, FIRST_STRIKE_DAMAGE)
    assert state.players[1].life == 19
    goto(state, MAIN2)
    assert state.players[1].life == 18
    assert damage_events(state, "Fencing Ace") == [("player B", 1), ("player B", 1)]


def test_double_strike_deals_damage_twice_to_a_blocker() -> None:
    s = Setup()
    ace = s.bf("Fencing Ace", 0)
    wall = s.bf("Wall of Wood", 1)  # 0/3
    state = s.go()
    attack(state, [ace])
    block(state, [(wall, ace)])
    goto(state, MAIN2)
    assert obj(state, wall).damage == 2
    assert state.players[1].life == 20


def test_double_strike_first_hit_kills_the_blocker_and_no_damage_comes_back() -> None:
    s = Setup()
    ace = s.bf("Fencing Ace", 0)  # 1/1 double strike
    lions = s.bf("Savannah Lions", 1)  # 2/1
    state = s.go()
    attack(state, [ace])
    block(state, [(lions, ace)])
    goto(state, MAIN2)
    assert not alive(state, lions)
    assert alive(state, ace) and obj(state, ace).damage == 0
    assert state.players[1].life == 20  # no trample: the second hit goes nowhere


def test_trample_assigns_the_excess_to_the_player() -> None:
    s = Setup()
    dreadmaw = s.bf("Colossal Dreadmaw", 0)  # 6/6 trample
    bears = s.bf("Grizzly Bears", 1)
    state = s.go()
    attack(state, [dreadmaw])
    block(state, [(bears, dreadmaw)])
    goto(state, MAIN2)
    assert not alive(state, bears)
    assert state.players[1].life == 16
    assert sorted(damage_events(state, "Colossal Dreadmaw")) == [
        ("Grizzly Bears", 2), ("player B", 4)]


def test_trample_with_deathtouch_assigns_one_to_each_blocker() -> None:
    s = Setup()
    viper = s.bf("Ambush Viper", 0)  # 2/1 deathtouch
    s.bf("Rancor", 0, attached_to=viper)  # +2/+0 and trample: 4/1
    giant = s.bf("Hill Giant", 1)  # 3/3
    dreadmaw = s.bf("Colossal Dreadmaw", 1)  # 6/6
    state = s.go()
    ensure(state)
    assert (obj(state, viper).power, obj(state, viper).toughness) == (4, 1)
    assert obj(state, viper).kw & KW_TRAMPLE
    attack(state, [viper])
    block(state, [(giant, viper), (dreadmaw, viper)])
    finish_combat(state)
    assert sorted(damage_events(state, "Ambush Viper")) == [
        ("Colossal Dreadmaw", 1), ("Hill Giant", 1), ("player B", 2)]
    assert state.players[1].life == 18
    assert not alive(state, giant) and not alive(state, dreadmaw)
    assert not alive(state, viper)
    # Rancor went to the graveyard with its creature and returned to its owner's hand.
    assert "Rancor" in [state.objects[o].card.name for o in state.players[0].hand]


def test_flying_can_be_blocked_only_by_flying_or_reach() -> None:
    s = Setup()
    drake = s.bf("Wind Drake", 0)
    bears = s.bf("Grizzly Bears", 1)
    spider = s.bf("Giant Spider", 1)
    angel = s.bf("Serra Angel", 1)
    state = s.go()
    attack(state, [drake])
    pairs = block_pairs(state)
    assert sorted(pairs) == sorted([(spider, drake), (angel, drake)])
    assert (bears, drake) not in pairs


def test_menace_needs_two_blockers_and_a_lone_block_changes_nothing() -> None:
    s = Setup()
    brute = s.bf("Boggart Brute", 0)  # 3/2 menace
    bears = s.bf("Grizzly Bears", 1)
    lions = s.bf("Savannah Lions", 1)
    state = s.go()
    attack(state, [brute])
    d = pass_until(state, decision_of("blockers"))
    assert d is not None
    before = to_msgpack(state)
    with pytest.raises(IllegalAnswer, match="menace"):
        answer(state, [d.pairs.index((bears, brute))])
    assert to_msgpack(state) == before
    assert state.pending is d
    answer(state, [d.pairs.index((bears, brute)), d.pairs.index((lions, brute))])
    finish_combat(state)
    assert state.players[1].life == 20
    assert not alive(state, brute)  # 4 damage from the two blockers


def test_defender_cannot_attack() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    s.bf("Wall of Wood", 0)
    state = s.go()
    d = pass_until(state, decision_of("attackers"))
    assert d is not None and d.options == [bears]


def test_haste_ignores_summoning_sickness() -> None:
    s = Setup()
    goblin = s.bf("Raging Goblin", 0, sick=True)
    s.bf("Grizzly Bears", 0, sick=True)
    old = s.bf("Savannah Lions", 0)
    state = s.go()
    d = pass_until(state, decision_of("attackers"))
    assert d is not None and sorted(d.options) == sorted([goblin, old])


def test_vigilance_attacker_does_not_tap() -> None:
    s = Setup()
    angel = s.bf("Serra Angel", 0)
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    attack(state, [angel, bears])
    goto(state, MAIN2)
    assert not obj(state, angel).tapped
    assert obj(state, bears).tapped
    assert state.players[1].life == 14


def test_lifelink_gains_life_equal_to_damage() -> None:
    s = Setup()
    hawk = s.bf("Vampire Nighthawk", 0)
    state = s.go()
    attack(state, [hawk])
    goto(state, MAIN2)
    assert state.players[1].life == 18
    assert state.players[0].life == 22


def test_deathtouch_destroys_a_bigger_blocker() -> None:
    s = Setup()
    viper = s.bf("Ambush Viper", 0)  # 2/1 deathtouch
    dreadmaw = s.bf("Colossal Dreadmaw", 1)  # 6/6
    state = s.go()
    attack(state, [viper])
    block(state, [(dreadmaw, viper)])
    goto(state, MAIN2)
    assert not alive(state, dreadmaw)
    assert "Colossal Dreadmaw" in graveyard_names(state, 1)
    assert not alive(state, viper)


def test_fear_only_artifact_or_black_creatures_block() -> None:
    s = Setup()
    legion = s.bf("Severed Legion", 0)  # black, fear
    bears = s.bf("Grizzly Bears", 1)
    myr = s.bf("Darksteel Myr", 1)  # colourless artifact creature
    skeletons = s.bf("Drudge Skeletons", 1)  # black
    state = s.go()
    attack(state, [legion])
    pairs = block_pairs(state)
    assert sorted(pairs) == sorted([(myr, legion), (skeletons, legion)])
    assert (bears, legion) not in pairs


def test_intimidate_only_artifact_or_same_colour_creatures_block() -> None:
    s = Setup()
    boar = s.bf("Bladetusk Boar", 0)  # red, intimidate
    bears = s.bf("Grizzly Bears", 1)
    myr = s.bf("Darksteel Myr", 1)
    goblin = s.bf("Raging Goblin", 1)  # red
    state = s.go()
    attack(state, [boar])
    pairs = block_pairs(state)
    assert sorted(pairs) == sorted([(myr, boar), (goblin, boar)])
    assert (bears, boar) not in pairs


def test_cant_block_and_unblockable() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    phantom = s.bf("Phantom Warrior", 0)  # can't be blocked
    piker = s.bf("Goblin Piker", 1)  # can't block
    lions = s.bf("Savannah Lions", 1)
    state = s.go()
    attack(state, [bears, phantom])
    pairs = block_pairs(state)
    assert pairs == [(lions, bears)]
    assert all(b != piker for b, _ in pairs)


def test_protection_from_black_attacker_cannot_be_blocked_by_black_creatures() -> None:
    s = Setup()
    knight = s.bf("White Knight", 0)
    thrinax = s.bf("Sprouting Thrinax", 1)  # black, red and green
    skeletons = s.bf("Drudge Skeletons", 1)
    bears = s.bf("Grizzly Bears", 1)
    state = s.go()
    attack(state, [knight])
    pairs = block_pairs(state)
    assert pairs == [(bears, knight)]
    assert (thrinax, knight) not in pairs and (skeletons, knight) not in pairs


def test_protection_from_black_prevents_damage_from_a_black_source() -> None:
    s = Setup(active=1)
    thrinax = s.bf("Sprouting Thrinax", 1)  # 3/3, black
    knight = s.bf("White Knight", 0)  # 2/2 first strike, protection from black
    state = s.go()
    attack(state, [thrinax])
    block(state, [(knight, thrinax)])
    goto(state, MAIN2)
    assert alive(state, knight)
    assert obj(state, knight).damage == 0
    assert damage_events(state, "Sprouting Thrinax") == []
    assert obj(state, thrinax).damage == 2
    assert state.players[0].life == 20


def test_tapped_creature_cannot_block() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    s.bf("Savannah Lions", 1, tapped=True)
    spider = s.bf("Giant Spider", 1)
    state = s.go()
    attack(state, [bears])
    assert block_pairs(state) == [(spider, bears)]


def test_attacker_stays_blocked_when_its_blocker_leaves() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    dreadmaw = s.bf("Colossal Dreadmaw", 0)  # trample
    lions = s.bf("Savannah Lions", 1)
    wall = s.bf("Wall of Wood", 1)
    shock = s.hand("Shock", 0)
    bolt = s.hand("Lightning Bolt", 0)
    s.lands("Mountain", 0, 2)
    state = s.go()
    attack(state, [bears, dreadmaw])
    block(state, [(lions, bears), (wall, dreadmaw)])
    goto(state, DECLARE_BLOCKERS)
    cast(state, shock, [lions])
    resolve_all(state)
    cast(state, bolt, [wall])
    resolve_all(state)
    goto(state, MAIN2)
    # 509.1h / 506.4: the Bears stay blocked and deal no damage; trample assigns all of
    # the Dreadmaw's damage to the player when no blocker is left (702.19e).
    assert damage_events(state, "Grizzly Bears") == []
    assert damage_events(state, "Colossal Dreadmaw") == [("player B", 6)]
    assert state.players[1].life == 14


def test_regenerated_attacker_is_removed_from_combat_and_takes_no_more_damage() -> None:
    s = Setup()
    skeletons = s.bf("Drudge Skeletons", 0)  # 1/1
    obj(s.state, skeletons).regen_shields = 1
    knight = s.bf("Youthful Knight", 1)  # 2/1 first strike
    bears = s.bf("Grizzly Bears", 1)  # 2/2
    state = s.go()
    attack(state, [skeletons])
    block(state, [(knight, skeletons), (bears, skeletons)])
    d = advance(state)
    assert d is not None and d.kind == "order"
    answer(state, [option_index(d, knight), option_index(d, bears)])
    goto(state, FIRST_STRIKE_DAMAGE)
    sk = obj(state, skeletons)
    assert alive(state, skeletons) and sk.tapped and sk.regen_shields == 0
    assert state.combat is not None and skeletons not in state.combat.attackers
    goto(state, MAIN2)
    # 510.1d: the Bears block nothing any more, so they deal no combat damage.
    assert alive(state, skeletons)
    assert damage_events(state, "Grizzly Bears") == []
    assert damage_events(state, "Youthful Knight") == [("Drudge Skeletons", 2)]


def test_first_strike_step_is_skipped_without_first_strikers() -> None:
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    attack(state, [bears])
    steps = []
    pass_until(state, lambda st, d: steps.append(st.step) or st.step == MAIN2)
    assert FIRST_STRIKE_DAMAGE not in steps


def test_double_strike_with_trample_after_the_blocker_died() -> None:
    s = Setup()
    ace = s.bf("Fencing Ace", 0)  # 1/1 double strike
    s.bf("Rancor", 0, attached_to=ace)  # 3/1 double strike, trample
    wall = s.bf("Wall of Wood", 1)  # 0/3
    state = s.go()
    attack(state, [ace])
    block(state, [(wall, ace)])
    goto(state, FIRST_STRIKE_DAMAGE)
    assert not alive(state, wall)  # all 3 was lethal damage, nothing tramples over
    assert state.players[1].life == 20
    goto(state, MAIN2)
    # 702.19e: no blockers left, so all of the second strike's damage goes to the player
    assert state.players[1].life == 17
    assert damage_events(state, "Fencing Ace") == [("Wall of Wood", 3), ("player B", 3)]


def test_lifelink_works_for_a_blocker() -> None:
    s = Setup(active=1)
    lions = s.bf("Savannah Lions", 1)  # 2/1 attacker
    hawk = s.bf("Vampire Nighthawk", 0)  # 2/3 flying deathtouch lifelink blocker
    state = s.go()
    attack(state, [lions])
    block(state, [(hawk, lions)])
    goto(state, MAIN2)
    assert not alive(state, lions)
    assert alive(state, hawk) and obj(state, hawk).damage == 2
    assert state.players[0].life == 22  # lifelink works on blocks too


@pytest.mark.parametrize("trample", [False, True])
@pytest.mark.parametrize("leaves", ["combat", "battlefield"])
def test_held_back_is_a_blocked_attacker_with_no_blocker_left(trample: bool,
                                                              leaves: str) -> None:
    """``held_back``, the one predicate of 510.1c that the damage step and the
    heuristic's walks read: an attacker blocked (509.1h) whose blockers have all left
    combat (506.4: removed from combat, or dead) deals no combat damage, unless it has
    trample, then all of it to the player (702.19e). Before the blocker leaves, neither a
    blocked nor an unblocked attacker is held; once it has, the Bears (2/2) are and deal
    nothing, the Dreadmaw (6/6 trample) is not and deals its 6 to B, beside the unblocked
    Lions' 2."""
    s = Setup()
    att = s.bf("Colossal Dreadmaw" if trample else "Grizzly Bears", 0)
    lions = s.bf("Savannah Lions", 0)  # 2/1, unblocked
    wall = s.bf("Wall of Wood", 1)  # 0/3
    state = s.go()
    assert not held_back(state, att, obj(state, att))  # no combat
    attack(state, [att, lions])
    block(state, [(wall, att)])
    goto(state, DECLARE_BLOCKERS)
    assert not held_back(state, att, obj(state, att))
    assert not held_back(state, lions, obj(state, lions))
    if leaves == "combat":
        remove_from_combat(state, obj(state, wall))
    else:
        move(state, obj(state, wall), GRAVEYARD)
    combat = state.combat
    assert combat is not None and combat.blockers[att] == [] and combat.blocked[att]
    assert held_back(state, att, obj(state, att)) is not trample
    assert not held_back(state, lions, obj(state, lions))
    goto(state, MAIN2)
    name = "Colossal Dreadmaw" if trample else "Grizzly Bears"
    assert damage_events(state, name) == ([("player B", 6)] if trample else [])
    assert state.players[1].life == 20 - 2 - (6 if trample else 0)
    if leaves == "combat":  # still on the battlefield, dealt no damage (510.1d)
        assert alive(state, wall) and obj(state, wall).damage == 0
    else:
        assert not alive(state, wall)


def test_held_back_counts_a_listed_blocker_that_is_no_object_as_gone() -> None:
    """A blocker id still in ``combat.blockers`` but no longer an object (a hand-made
    state: the engine drops a blocker that leaves, zones.remove_from_combat) counts as
    gone, as the damage step's walk of the attacker's blockers skips it; a blocker that is
    still an object keeps its attacker from being held."""
    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    wall = s.bf("Wall of Wood", 1)
    state = s.go()
    attack(state, [bears])
    block(state, [(wall, bears)])
    goto(state, DECLARE_BLOCKERS)
    assert not held_back(state, bears, obj(state, bears))
    combat = state.combat
    assert combat is not None
    combat.blockers[bears] = [wall + 1000]
    assert held_back(state, bears, obj(state, bears))
    combat.blockers[bears] = [wall + 1000, wall]
    assert not held_back(state, bears, obj(state, bears))
