"""Combat (rules 506-511): attackers, blockers, damage assignment and damage.

Evasion and combat keywords: flying/reach (702.9, 702.17), fear (702.36), intimidate
(702.13), menace (702.110), defender (702.3), vigilance (702.20), haste and summoning
sickness (302.6, 702.10), first and double strike (702.7, 702.4), trample (702.19),
deathtouch (702.2), lifelink (702.15), protection (702.16), "can't block" and
"can't be blocked".
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards import (
    KW_ATTACKS_EACH_COMBAT,
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEATHTOUCH,
    KW_DEFENDER,
    KW_DOUBLE_STRIKE,
    KW_FEAR,
    KW_FIRST_STRIKE,
    KW_FLYING,
    KW_HASTE,
    KW_INTIMIDATE,
    KW_LURE,
    KW_MENACE,
    KW_REACH,
    KW_SHADOW,
    KW_TRAMPLE,
    KW_UNBLOCKABLE,
    KW_VIGILANCE,
    T_ARTIFACT,
    T_CREATURE,
)
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker, IllegalAnswer
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    AttackTask,
    BlockTask,
    Combat,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_ATTACKERS = DecisionKind.ATTACKERS
_KIND_BLOCKERS = DecisionKind.BLOCKERS
_KIND_DAMAGE_ORDER = DecisionKind.DAMAGE_ORDER

B_BLACK = 4
# Called with the declared attackers (after they are tapped), e.g. for keyword statistics.
ATTACK_HOOKS: list[Callable[[GameState, list[int]], None]] = []
# Blocking restrictions of static abilities (509.1b): (state, blocker, attacker) -> False
# if this blocker can't block this attacker ("can't be blocked by creatures with power
# less than this creature's power").
BLOCK_RESTRICTIONS: list[Callable[[GameState, GameObject, GameObject], bool]] = []


def can_attack(state: GameState, o: GameObject) -> bool:
    """508.1a: an untapped creature without summoning sickness that may attack."""
    if not (o.card.type_mask | o.extra_types) & T_CREATURE or o.tapped:
        return False
    if o.sick and not o.kw & KW_HASTE:
        return False
    return not o.kw & (KW_DEFENDER | KW_CANT_ATTACK)


def possible_attackers(state: GameState, player: int) -> list[int]:
    ensure(state)
    return [o.oid for o in permanents(state)
            if o.controller == player and can_attack(state, o)]


def can_block(state: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """509.1a-b: restrictions on one blocker blocking one attacker."""
    bkw = blocker.kw
    akw = attacker.kw
    if blocker.tapped or bkw & KW_CANT_BLOCK or not (
            blocker.card.type_mask | blocker.extra_types) & T_CREATURE:
        return False
    if akw & KW_UNBLOCKABLE:
        return False
    if akw & KW_FLYING and not bkw & (KW_FLYING | KW_REACH):
        return False
    if (akw ^ bkw) & KW_SHADOW:  # 702.28b: shadow blocks and is blocked only by shadow
        return False
    bcolors = blocker.color  # colours now (layer 5)
    if akw & KW_FEAR and not (blocker.card.type_mask & T_ARTIFACT or bcolors & B_BLACK):
        return False
    if akw & KW_INTIMIDATE and not (
        blocker.card.type_mask & T_ARTIFACT or bcolors & attacker.color
    ):
        return False
    if attacker.protection & bcolors:
        return False
    for restriction in BLOCK_RESTRICTIONS:
        if not restriction(state, blocker, attacker):
            return False
    return True


def attack_requirements(state: GameState, candidates: list[int]) -> list[int]:
    """508.1d: the creatures among ``candidates`` (those able to attack, 508.1a) that a
    requirement says attack: "attacks each combat if able" (Ulamog's Crusher). The
    declaration must obey as many requirements as it can without breaking a restriction;
    no restriction of the pool depends on the other attackers ("can't attack alone", a
    cost to attack), and ``candidates`` already meet the others (tapped, summoning
    sickness, "can't attack", defender), so every one of these can be obeyed at once: a
    legal declaration includes them all."""
    objects = state.objects
    return [oid for oid in candidates if objects[oid].kw & KW_ATTACKS_EACH_COMBAT]


def check_attacks(state: GameState, required: list[int], chosen: list[int]) -> None:
    """508.1d: ``IllegalAnswer`` if the declaration ``chosen`` obeys fewer requirements
    than it could (a creature that must attack and can, left out). The declaration is
    refused as it is, never completed by the engine."""
    missing = [oid for oid in required if oid not in chosen]
    if missing:
        names = ", ".join(state.objects[oid].card.name for oid in missing)
        raise IllegalAnswer(f"{names} must attack: it attacks each combat if able (508.1d)")


def attack_task(state: GameState, task: AttackTask) -> None:
    """Handler of AttackTask: the active player declares attackers (508.1). The options
    are every creature able to attack; an answer that leaves out one that must attack is
    illegal (508.1d). When every creature able to attack must, that is the only legal
    declaration and the engine makes it without asking."""
    asker = Asker(state, task)
    player = state.active
    candidates = possible_attackers(state, player)
    required = attack_requirements(state, candidates)
    chosen: list[int] = required
    if len(required) < len(candidates):
        picks = asker.choose_many(Decision(
            _KIND_ATTACKERS, player, "declare attackers", options=candidates, multi=True,
            min_count=len(required), max_count=len(candidates)))
        chosen = [candidates[i] for i in picks]
        check_attacks(state, required, chosen)
    # the required attackers first, then the others in battlefield order
    attackers = required + [oid for oid in candidates if oid in chosen and oid not in required]
    state.tasks.pop()
    defender = 1 - player
    state.combat = Combat(attackers=attackers, defender=defender)
    for oid in attackers:
        o = state.objects[oid]
        if not o.kw & KW_VIGILANCE:
            tap_permanent(state, o)
    if state.log is not None and attackers:
        log(state, "attack", player, ", ".join(state.objects[a].card.name for a in attackers))
    if attackers:
        triggers.attacked(state, attackers)
        for hook in ATTACK_HOOKS:
            hook(state, attackers)


def block_options(state: GameState) -> list[tuple[int, int]]:
    combat = state.combat
    assert combat is not None
    ensure(state)
    objects = state.objects
    pairs = []
    defender = combat.defender
    for bo in permanents(state):
        if bo.controller == defender and (bo.card.type_mask | bo.extra_types) & T_CREATURE \
                and not bo.tapped:
            b = bo.oid
            for a in combat.attackers:
                if can_block(state, bo, objects[a]):
                    pairs.append((b, a))
    return pairs


def check_blocks(state: GameState, chosen: list[tuple[int, int]]) -> None:
    """509.1b-c: each blocker blocks one attacker; menace needs two or more blockers."""
    seen: set[int] = set()
    count: dict[int, int] = {}
    for b, a in chosen:
        if b in seen:
            raise IllegalAnswer(f"{state.objects[b].card.name} blocks more than one creature")
        seen.add(b)
        count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        if n == 1 and state.objects[a].kw & KW_MENACE:
            raise IllegalAnswer(f"{state.objects[a].card.name} has menace: block it with two "
                                "or more creatures")
        if n < state.objects[a].min_blockers:
            raise IllegalAnswer(f"{state.objects[a].card.name} can't be blocked except by "
                                f"{state.objects[a].min_blockers} or more creatures")


def blockers_needed(o: GameObject) -> int:
    """The fewest creatures that may block ``o`` (509.1b): menace 2, "except by N or
    more creatures" N, else 1."""
    return max(2 if o.kw & KW_MENACE else 1, o.min_blockers)


def block_requirements(state: GameState, pairs: list[tuple[int, int]]
                       ) -> dict[int, list[int]]:
    """509.1c: blocker -> the attackers it has a requirement to block: "all creatures able
    to block it do so" (lure; Indrik Umbra) gives every creature able to block that
    attacker (a pair of ``pairs``, which meet the restrictions on one blocker and one
    attacker, 509.1b) a requirement to block it. Whether a requirement can be obeyed
    depends on the others (menace): ``obeying_blocks`` says how many can."""
    objects = state.objects
    required: dict[int, list[int]] = {}
    for b, a in pairs:
        if objects[a].kw & KW_LURE:
            required.setdefault(b, []).append(a)
    return required


def obeying_blocks(state: GameState, pairs: list[tuple[int, int]],
                   required: dict[int, list[int]]) -> list[tuple[int, int]]:
    """509.1c: blocks that obey as many of the ``required`` blocks as can be obeyed
    without breaking a restriction (a blocker blocks one attacker; menace and "can't be
    blocked except by N or more" need that many blockers); their number is the most any
    legal declaration obeys. The attackers with requirements that get blockers are a
    subset of them; for each subset, in order, every creature able to block one of them
    blocks one, if each can get enough blockers (a matching of each attacker's
    ``blockers_needed`` to distinct blockers, the others added to the first attacker of
    the subset they can block); the first subset obeying the most wins."""
    objects = state.objects
    lures: list[int] = []
    able: dict[int, list[int]] = {}
    for b, attackers in required.items():
        for a in attackers:
            if a not in able:
                lures.append(a)
                able[a] = []
            able[a].append(b)
    best: list[tuple[int, int]] = []
    for mask in range(1, 1 << len(lures)):
        active = [a for i, a in enumerate(lures) if mask >> i & 1]
        blocks = _assign_blocks(objects, able, active)
        if blocks is not None and len(blocks) > len(best):
            best = blocks
    return best


def _assign_blocks(objects: dict[int, GameObject], able: dict[int, list[int]],
                   active: list[int]) -> list[tuple[int, int]] | None:
    """Every creature able to block one of ``active`` blocking one of them, each of them
    with at least ``blockers_needed`` blockers; None if that can't be (too few)."""
    slots = [a for a in active for _ in range(blockers_needed(objects[a]))]
    holder: dict[int, int] = {}  # blocker -> slot index

    def augment(slot: int, seen: set[int]) -> bool:  # Kuhn's augmenting path
        for b in able[slots[slot]]:
            if b in seen:
                continue
            seen.add(b)
            if b not in holder or augment(holder[b], seen):
                holder[b] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not augment(slot, set()):
            return None
    blocks = [(b, slots[slot]) for b, slot in holder.items()]
    for a in active:
        for b in able[a]:
            if b not in holder:
                holder[b] = -1
                blocks.append((b, a))
    return blocks


def check_block_requirements(state: GameState, pairs: list[tuple[int, int]],
                             chosen: list[tuple[int, int]]) -> None:
    """509.1c: ``IllegalAnswer`` if the declaration ``chosen`` obeys fewer requirements
    than the most a declaration can obey without breaking a restriction. It is refused
    as declared, never completed by the engine."""
    required = block_requirements(state, pairs)
    if not required:
        return
    obeyed = sum(1 for b, a in chosen if a in required.get(b, ()))
    best = obeying_blocks(state, pairs, required)
    if obeyed < len(best):
        objects = state.objects
        declared = set(chosen)
        b = next(b for b, a in best if (b, a) not in declared)
        must = " or ".join(objects[a].card.name for a in required[b])
        raise IllegalAnswer(
            f"the blocks obey {obeyed} of the {len(best)} requirements that can be obeyed "
            f"together (509.1c): {objects[b].card.name} must block "
            f"{'one of ' if len(required[b]) > 1 else ''}{must} (all creatures able to "
            "block it do so)")


def can_declare_blocks(state: GameState, pairs: list[tuple[int, int]],
                       picks: list[int]) -> bool:
    """Whether answering a "blockers" decision offering ``pairs`` with ``picks`` is a
    legal declaration (the test ``block_task`` applies: restrictions, then
    requirements)."""
    chosen = [pairs[i] for i in picks]
    try:
        check_blocks(state, chosen)
        check_block_requirements(state, pairs, chosen)
    except IllegalAnswer:
        return False
    return True


def block_task(state: GameState, task: BlockTask) -> None:
    """Handler of BlockTask: declare blockers, then damage assignment order (509.2). A
    declaration that breaks a restriction or obeys fewer requirements than it could is
    refused (``IllegalAnswer``), never repaired."""
    asker = Asker(state, task)
    combat = state.combat
    assert combat is not None
    defender = combat.defender
    pairs = block_options(state)
    chosen: list[tuple[int, int]] = []
    if pairs:
        picks = asker.choose_many(Decision(
            _KIND_BLOCKERS, defender, "declare blockers", options=list(range(len(pairs))),
            pairs=pairs, multi=True, min_count=0, max_count=len(pairs)))
        chosen = [pairs[i] for i in picks]
        check_blocks(state, chosen)  # restrictions (509.1b)
        check_block_requirements(state, pairs, chosen)  # requirements (509.1c)
    blockers_of: dict[int, list[int]] = {}
    for b, a in chosen:
        blockers_of.setdefault(a, []).append(b)
    for a in combat.attackers:
        bl = blockers_of.get(a)
        if bl and len(bl) > 1:
            order = asker.choose_many(Decision(
                _KIND_DAMAGE_ORDER, state.active, f"damage order for {state.objects[a].card.name}",
                options=list(bl), multi=True, min_count=len(bl), max_count=len(bl),
                source=a))
            blockers_of[a] = [bl[i] for i in order]
    state.tasks.pop()
    for a in combat.attackers:
        bl = blockers_of.get(a, [])
        combat.blockers[a] = bl
        combat.blocked[a] = bool(bl)
    for b, a in chosen:
        combat.blocking.setdefault(b, []).append(a)
    if state.log is not None and chosen:
        log(state, "block", defender, "; ".join(
            f"{state.objects[b].card.name} blocks {state.objects[a].card.name}"
            for b, a in chosen))
    if chosen:
        triggers.blocked(state, list(combat.blocking))


def has_first_strikers(state: GameState) -> bool:
    combat = state.combat
    if combat is None:
        return False
    objects = state.objects
    for oid in list(combat.attackers) + list(combat.blocking):
        o = objects.get(oid)
        if o is not None and o.kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
            return True
    return False


def _deals_now(o: GameObject, first_step: bool, combat: Combat) -> bool:
    kw = o.kw
    if first_step:
        return bool(kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE))
    if kw & KW_DOUBLE_STRIKE:
        return True
    return o.oid not in combat.first_strike_done


def lethal_for(attacker: GameObject, blocker: GameObject, pending: int) -> int:
    """Lethal damage (702.19c, 702.2c): toughness minus damage, 1 with deathtouch."""
    if attacker.kw & KW_DEATHTOUCH:
        return 1
    return max(0, blocker.toughness - blocker.damage - pending)


def held_back(state: GameState, a: int, att: GameObject) -> bool:
    """Whether attacker ``a`` (``att``) is blocked (509.1h) with no blocker left and has
    no trample: it deals no combat damage (510.1c). A blocker removed from combat or gone
    from the battlefield is dropped from ``combat.blockers`` (506.4,
    zones.remove_from_combat) while ``combat.blocked`` keeps the attacker blocked; a
    trampler with no blocker left deals all its damage to the player (702.19e), so it is
    not held, and neither is an unblocked attacker. A blocker listed but no longer an
    object (a hand-made state) counts as gone. The one test of it: ``combat_damage``
    asks it of an attacker whose blockers are all gone, and the heuristic's walks of a
    declared combat (tricks.py, activation.py) ask it so that they do not take such an
    attacker for unblocked. No allocation: the blockers are read in place."""
    combat = state.combat
    if combat is None or att.kw & KW_TRAMPLE or not combat.blocked.get(a):
        return False
    declared = combat.blockers.get(a)
    if declared:
        objects = state.objects
        for b in declared:
            if b in objects:
                return False
    return True


def combat_damage(state: GameState, first_step: bool) -> None:
    """510.1-2: assign all combat damage, then deal it simultaneously."""
    combat = state.combat
    if combat is None:
        return
    ensure(state)
    objects = state.objects
    assignments: list[tuple[GameObject, int, int]] = []
    for a in combat.attackers:
        att = objects.get(a)
        if att is None or not _deals_now(att, first_step, combat):
            continue
        power = att.power
        if first_step:
            combat.first_strike_done.append(a)
        if power <= 0:
            continue
        if not combat.blocked.get(a):
            assignments.append((att, combat.defender, power))
            continue
        blockers = [objects[b] for b in combat.blockers.get(a, []) if b in objects]
        if not blockers:  # blocked, no blocker left (asked only here: off the common path)
            if not held_back(state, a, att):  # a trampler: all to the player, 702.19e
                assignments.append((att, combat.defender, power))
            continue  # else held: no combat damage, 510.1c
        remaining = power
        for i, bo in enumerate(blockers):
            last = i == len(blockers) - 1
            need = lethal_for(att, bo, 0)
            if last and not att.kw & KW_TRAMPLE:
                give = remaining
            else:
                give = min(remaining, need)
            if give:
                assignments.append((att, bo.oid, give))
            remaining -= give
            if remaining <= 0:
                break
        if remaining > 0:
            assignments.append((att, combat.defender, remaining))
    for b, attackers in combat.blocking.items():
        blocker = objects.get(b)
        if blocker is None or not _deals_now(blocker, first_step, combat) or not attackers:
            continue
        if first_step:
            combat.first_strike_done.append(b)
        if blocker.power > 0 and attackers[0] in objects:
            assignments.append((blocker, attackers[0], blocker.power))
    for src, target, amount in assignments:
        rep.deal_damage(state, src, target, amount, combat=True)


def record_attackers(state: GameState, attackers: list[int]) -> None:
    """Remember the creatures declared as attackers this turn ("attacked this turn")."""
    if state.attacked_turn != state.turn:
        state.attacked_turn = state.turn
        state.attacked_this_turn = []
    state.attacked_this_turn.extend(attackers)


ATTACK_HOOKS.append(record_attackers)


def cant_be_blocked_by(state: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """False if a static ability of the attacker says this blocker can't block it."""
    if attacker.lost_abilities:
        return True
    for st in attacker.card.statics:
        f = st.cant_be_blocked_by
        if f is None:
            continue
        if st.condition is not None and not condition_holds(
                state, st.condition, attacker.controller, attacker):
            continue
        if matches(state, f, blocker, attacker.controller, attacker.oid):
            return False
    return True


BLOCK_RESTRICTIONS.append(cant_be_blocked_by)
