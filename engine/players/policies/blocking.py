"""Blocks for the heuristic policy (509.1), judged by the fights of engine.players.policies.combat_ai.

Each attacker, the biggest first, gets the block that eats it (kills it and lives), or a
blocker that survives it, or a trade worth making; a gang block when enough blockers kill
it for less than it is worth; chump blocks while what is still coming is lethal.

Blocks are always legal: menace and "can't be blocked except by N or more" get enough
blockers or none, as many requirements of "all creatures able to block it do so" (lure)
are obeyed as can be (509.1c), and a blocker blocks one attacker.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_DEATHTOUCH, KW_LIFELINK, KW_TRAMPLE
from mtgsim.engine.players.life_price import HANDSET, LifePrice
from mtgsim.engine.players.policies.combat_ai import (
    STRIKE,
    damage_of,
    damage_room,
    fight,
    kills,
)
from mtgsim.engine.players.worth import combat_kw, leaves_at_end, life_value, value
from mtgsim.engine.rules.combat import (
    block_requirements,
    blockers_needed,
    can_declare_blocks,
    obeying_blocks,
)
from mtgsim.engine.state.game_state import Decision, GameObject, GameState


def _lifelink_gain(att: GameObject, blk: GameObject) -> int:
    """Life a lifelink blocker gains dealing its combat damage (510.2: at the same time
    as the attackers' damage), unless a first striker kills it before (510.4)."""
    if not combat_kw(blk) & KW_LIFELINK or blk.power <= 0:
        return 0
    if att.kw & STRIKE and not blk.kw & STRIKE and kills(att, blk):
        return 0
    return blk.power


def _block_score(att: GameObject, blk: GameObject, lethal_risk: bool,
                 va: float) -> float | None:
    """How good blocking ``att`` (worth ``va`` dead) with ``blk`` is; None: don't."""
    blk_dies, att_dies = fight(blk, att)
    vb = value(blk)
    if att_dies and not blk_dies:
        return 100.0 + va
    if not blk_dies:
        return 50.0 - vb * 0.1
    if att_dies and va >= vb - 0.5:
        return 40.0 + va - vb
    if lethal_risk:
        # facing lethal damage, a trampler is best blocked by what absorbs the most
        absorbed = min(damage_of(att), max(0, blk.toughness - blk.damage)) \
            if att.kw & KW_TRAMPLE and not combat_kw(att) & KW_DEATHTOUCH else 0
        return 10.0 - vb + 4.0 * absorbed
    return None


def _blocked_through(objects: dict[int, GameObject], pairs: list[tuple[int, int]],
                     a: GameObject, blocks: list[int]) -> int:
    """Damage attacker ``a`` still deals the defender, blocked by ``blocks`` (indices of
    ``pairs``)."""
    if not blocks:
        return damage_of(a)
    if a.kw & KW_TRAMPLE:
        absorb = sum(max(0, objects[pairs[i][0]].toughness - objects[pairs[i][0]].damage)
                     for i in blocks)
        return max(0, damage_of(a) - absorb)
    return 0


def _gang_block(objects: dict[int, GameObject], pairs: list[tuple[int, int]],
                att: GameObject, options: list[int], need: int, worth: float,
                lethal_risk: bool) -> list[int] | None:
    """Enough blockers to kill ``att``, losing less than it is worth (or any group that
    can block it when its damage is lethal); None: no gang block."""
    if combat_kw(att) & KW_DEATHTOUCH and not lethal_risk:
        return None
    ranked = sorted(options, key=lambda i: -objects[pairs[i][0]].power)
    k = max(need, 2)
    if not (len(ranked) >= k and worth >= 5.0 or (lethal_risk and len(ranked) >= need)):
        return None
    group = ranked[:k] if len(ranked) >= k else ranked[:need]
    if len(group) < need:
        return None
    power = sum(max(0, objects[pairs[i][0]].power) for i in group)
    killed = power >= att.toughness - att.damage or any(
        combat_kw(objects[pairs[i][0]]) & KW_DEATHTOUCH for i in group)
    # the attacker kills at most its power's worth of blockers, biggest value first
    left = damage_of(att)
    lost = 0.0
    for i in sorted(group, key=lambda i: -value(objects[pairs[i][0]])):
        b = objects[pairs[i][0]]
        hp = b.toughness - b.damage
        if combat_kw(att) & KW_DEATHTOUCH and left > 0:
            lost += value(b)
            left -= 1
        elif left >= hp:
            lost += value(b)
            left -= hp
    return group if (killed and lost < worth) or lethal_risk else None


def _defended_life(state: GameState, me: int, attackers: list[GameObject]) -> int:
    """My life (or, against infect attackers, the poison counters I lack of ten:
    ``damage_room``), less a margin when the attacker has cards and mana up: a pump
    spell may still come."""
    life = damage_room(state, me, attackers)
    objects = state.objects
    attacker_p = state.players[state.active]
    if attacker_p.hand and any(not objects[o].tapped and objects[o].controller == state.active
                               and objects[o].card.mana_abilities for o in state.battlefield):
        life -= min(3, len(attacker_p.hand) + 1)
    return life


def choose_blockers(state: GameState, d: Decision, price: LifePrice = HANDSET) -> list[int]:
    """The blocks to declare (indices of ``d.pairs``), life at ``price`` (the deciding
    policy's)."""
    me = d.player
    objects = state.objects
    combat = state.combat
    assert combat is not None
    pairs = d.pairs
    by_attacker: dict[int, list[int]] = {}
    for i, (_b, a) in enumerate(pairs):
        by_attacker.setdefault(a, []).append(i)
    attackers = sorted(combat.attackers, key=lambda a: -damage_of(objects[a]))
    incoming = sum(damage_of(objects[a]) for a in attackers)
    life = _defended_life(state, me, [objects[a] for a in combat.attackers])
    used: set[int] = set()
    plan: dict[int, list[int]] = {}  # attacker -> pair indices
    # Killing an attacker that leaves at end of turn anyway (Hellspark Elemental, an
    # unearthed creature) is worth only the damage it would deal, not a lasting creature.
    worth = {a: life_value(state, me, damage_of(objects[a]), price)
             if leaves_at_end(state, objects[a]) else value(objects[a])
             for a in combat.attackers}
    for a in attackers:
        att = objects[a]
        need = blockers_needed(att)
        options = [i for i in by_attacker.get(a, []) if pairs[i][0] not in used]
        if len(options) < need:
            continue
        lethal_risk = incoming >= life
        if need == 1:
            # facing lethal damage, the best single block of each attacker (biggest
            # first) spreads the blockers, rather than none or all on one
            best, best_score = None, -1e9 if lethal_risk else 0.0
            for i in options:
                s = _block_score(att, objects[pairs[i][0]], lethal_risk, worth[a])
                if s is not None and s > best_score:
                    best, best_score = i, s
            if best is not None and (best_score >= 40.0 or lethal_risk):
                plan[a] = [best]
                used.add(pairs[best][0])
                incoming -= damage_of(att) - _blocked_through(objects, pairs, att, [best])
                life += _lifelink_gain(att, objects[pairs[best][0]])
                continue
        group = _gang_block(objects, pairs, att, options, need, worth[a], lethal_risk)
        if group is not None:
            plan[a] = group
            for i in group:
                used.add(pairs[i][0])
            incoming -= damage_of(att) - _blocked_through(objects, pairs, att, group)
    if incoming >= life:
        _chump_blocks(objects, pairs, attackers, by_attacker, plan, used, incoming, life)
    chosen = [i for blocks in plan.values() for i in blocks]
    required = block_requirements(state, pairs)
    if required:
        return _obeying(state, pairs, chosen, required)
    return _legal_blocks(objects, pairs, chosen)


def _obeying(state: GameState, pairs: list[tuple[int, int]], chosen: list[int],
             required: dict[int, list[int]]) -> list[int]:
    """Lure (509.1c): the blocks that obey the most requirements (``obeying_blocks``)
    with the planned blocks of the other creatures, when that is legal; a planned block
    of a lure attacker that the creature must block is kept in place of the one
    ``obeying_blocks`` gives it when that is still legal; else those blocks alone."""
    index = {p: i for i, p in enumerate(pairs)}
    base = {b: a for b, a in obeying_blocks(state, pairs, required)}
    planned = {pairs[i][0]: pairs[i][1] for i in chosen}
    mixed = {b: planned.get(b, a) if planned.get(b, a) in required[b] else a
             for b, a in base.items()}
    others = {b: a for b, a in planned.items() if b not in base}
    for blocks in ({**mixed, **others}, {**base, **others}):
        picks = _legal_blocks(state.objects, pairs, [index[p] for p in blocks.items()])
        if can_declare_blocks(state, pairs, picks):
            return picks
    return sorted(index[p] for p in base.items())


def _chump_blocks(objects: dict[int, GameObject], pairs: list[tuple[int, int]],
                  attackers: list[int], by_attacker: dict[int, list[int]],
                  plan: dict[int, list[int]], used: set[int], incoming: int,
                  life: int) -> None:
    """Chump blocks (added to ``plan`` and ``used``), the cheapest blockers first, while
    what is still coming is lethal."""
    for a in attackers:
        if incoming < life:
            break
        if a in plan:
            continue
        att = objects[a]
        need = blockers_needed(att)
        options = sorted((i for i in by_attacker.get(a, []) if pairs[i][0] not in used),
                         key=lambda i: value(objects[pairs[i][0]]))
        if len(options) < need:
            continue
        group = options[:need]
        saved = damage_of(att) - _blocked_through(objects, pairs, att, group)
        if saved <= 0:
            continue
        plan[a] = group
        for i in group:
            used.add(pairs[i][0])
        incoming -= saved


def _legal_blocks(objects: dict[int, GameObject], pairs: list[tuple[int, int]],
                  chosen: list[int]) -> list[int]:
    """Legality: every blocked attacker has enough blockers, every blocker blocks once."""
    count: dict[int, int] = {}
    seen: set[int] = set()
    final = []
    for i in chosen:
        blk, target = pairs[i]
        if blk in seen:
            continue
        seen.add(blk)
        final.append(i)
        count[target] = count.get(target, 0) + 1
    final = [i for i in final if count[pairs[i][1]] >= blockers_needed(objects[pairs[i][1]])]
    return sorted(final)


__all__ = ["choose_blockers"]
