"""Attacks for the heuristic policy, and the fights both attacks and blocks are judged by
(blocks: engine.players.policies.blocking).

Attacks: an alpha strike when the damage that gets through is lethal; otherwise each
creature attacks unless a blocker would eat it (kill it and live), creatures that leave
at end of turn anyway always attack, annihilators always attack, and an exalted board
sends one creature alone when that deals more. Enough blockers stay home to survive the
crack-back.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    KW_ATTACKS_EACH_COMBAT,
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEATHTOUCH,
    KW_DOUBLE_STRIKE,
    KW_FIRST_STRIKE,
    KW_INDESTRUCTIBLE,
    KW_INFECT,
    KW_TRAMPLE,
    KW_VIGILANCE,
    T_INSTANT,
)
from mtgsim.engine.effects.become_monarch import crown_taken_worth
from mtgsim.engine.effects.take_initiative import initiative_taken_worth
from mtgsim.engine.players.life_price import HANDSET, LifePrice, attack_damage_weight
from mtgsim.engine.players.policies.attack_guards import covered, home_team
from mtgsim.engine.players.policies.attack_race import burn_reach, wins_race
from mtgsim.engine.players.worth import (
    aura_bonus,
    combat_kw,
    creatures_of,
    leaves_at_end,
    value,
)
from mtgsim.engine.rules.combat import (
    attack_requirements,
    blockers_needed,
    can_attack,
    can_block,
)
from mtgsim.engine.rules.effect import Role, role_of
from mtgsim.engine.rules.mana import can_pay_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.triggers import with_triggers
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import Decision, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_PUMP = Role.PUMP

STRIKE = KW_FIRST_STRIKE | KW_DOUBLE_STRIKE


def _lethal(power: int, kw: int, dst: GameObject, toughness: int) -> bool:
    if power <= 0 or dst.kw & KW_INDESTRUCTIBLE or dst.regen_shields:
        return False
    return bool(kw & KW_DEATHTOUCH) or power >= toughness


def fight(a: GameObject, b: GameObject, a_bonus: int = 0, b_bonus: int = 0) -> tuple[bool, bool]:
    """(a dies, b dies) when ``a`` and ``b`` fight in combat, each with +N/+N bonus;
    first strike and double strike considered."""
    ap, at = a.power + a_bonus, a.toughness + a_bonus - a.damage
    bp, bt = b.power + b_bonus, b.toughness + b_bonus - b.damage
    akw, bkw = combat_kw(a), combat_kw(b)
    a_kills = _lethal(ap, akw, b, bt)
    b_kills = _lethal(bp, bkw, a, at)
    a_first = a.kw & STRIKE and not b.kw & STRIKE
    b_first = b.kw & STRIKE and not a.kw & STRIKE
    if a_first and a_kills:
        return False, True
    if b_first and b_kills:
        return True, False
    if a.kw & KW_DOUBLE_STRIKE and not a_kills:
        a_kills = _lethal(2 * ap, akw, b, bt)
    if b.kw & KW_DOUBLE_STRIKE and not b_kills:
        b_kills = _lethal(2 * bp, bkw, a, at)
    return b_kills, a_kills


def kills(attacker: GameObject, blocker: GameObject) -> bool:
    """Would ``attacker`` destroy ``blocker`` in a fight between them?"""
    return fight(attacker, blocker)[1]


def survives_fight(me: GameObject, other: GameObject) -> bool:
    """Does ``me`` survive combat with ``other`` (first strike considered)?"""
    return not fight(me, other)[0]


def damage_of(o: GameObject) -> int:
    return max(0, o.power) * (2 if o.kw & KW_DOUBLE_STRIKE else 1)


def damage_room(state: GameState, player: int, attackers: list[GameObject]) -> int:
    """How much of these attackers' damage ``player`` can take before losing: their
    life, or, when every attacker with power has infect, the poison counters they lack
    of ten (702.90b, 704.5c): an infect creature's damage counts toward ten poison, not
    twenty life. Attackers of both kinds split their damage; their life is the room
    then (the damage that would finish them off is then never overcounted)."""
    hitters = 0
    for a in attackers:  # (a loop: most attackers lack infect, and the first says so)
        if a.power > 0:
            if not a.kw & KW_INFECT:
                return state.players[player].life
            hitters += 1
    if hitters:
        return 10 - state.players[player].poison
    return state.players[player].life


def attack_risk(state: GameState, a: GameObject) -> tuple[float, bool]:
    """(what losing ``a`` in combat costs, whether umbra armor saves it): the creature and
    its Auras, less the bonus of Auras that come back to hand (Rancor). A creature that
    leaves at end of turn anyway costs next to nothing."""
    v = 0.0 if leaves_at_end(state, a) else value(a)
    shield = False
    for au in permanents(state):
        if au.attached_to != a.oid or not au.card.is_aura or au.controller != a.controller:
            continue
        if au.card.has_keyword("umbra armor") and not au.lost_abilities:
            shield = True
        if any(t.when == "leaves_to_graveyard" for t in au.card.triggered):
            v -= 0.8 * aura_bonus(au.card)
        else:
            v += 1.0
    return max(v, 1.0), shield


def has_annihilator(o: GameObject) -> bool:
    return not o.lost_abilities and any([k.name == "annihilator" for k in o.card.keyword_instances])


def _alone_bonus(state: GameState, me: int) -> tuple[int, bool]:
    """(exalted +N/+N, gains double strike) for a creature attacking alone. Both come
    from triggered abilities (702.83a), so only the permanents that have some are read."""
    n = 0
    double = False
    objects = state.objects
    for oid in with_triggers(state):
        o = objects[oid]
        if o.controller != me:
            continue
        for ab in o.granted:
            if ab.keyword == "exalted":
                n += 1
        if o.lost_abilities:
            continue
        for ab in o.card.triggered:
            if ab.keyword == "exalted":
                n += 1
            elif ab.when == "ally_attacks_alone":
                for e in ab.effects:
                    if "double strike" in getattr(e, "keywords", ()):
                        double = True
    return n, double


def unblocked_damage(state: GameState, attackers: list[GameObject],
                     blockers: list[GameObject]) -> int:
    """Damage that gets through if the defender blocks the biggest attackers it can,
    each blocker stopping one (trample excess still counts)."""
    return _through(state, attackers, blockers)[0]


def pump_in_hand(state: GameState, me: int) -> int:
    """The most power one instant pump spell in ``me``'s hand gives a creature of theirs
    (Giant Growth: 3), among those the mana ``me`` can make now pays for: what a
    creature that gets through deals on top."""
    units: list[int] | None = None
    best = 0
    objects = state.objects
    for oid in state.players[me].hand:
        c = objects[oid].card
        if not c.type_mask & T_INSTANT or c.spell is None:
            continue
        effects = c.spell.modes[0].effects if c.spell.modes else c.spell.effects
        e: Any
        for e in effects:
            if role_of(e) is _ROLE_PUMP and e.each is None and not e.negative and \
                    isinstance(e.power, int) and e.power > best:
                if units is None:
                    units = mana_units(state, me)[0]
                if can_pay_cost(c.cost, units):
                    best = e.power
    return best


def _through(state: GameState, attackers: list[GameObject],
             blockers: list[GameObject]) -> tuple[int, bool]:
    """``unblocked_damage``, and whether an attacker gets through (unblocked, or
    trampling over its blockers). Not ``evaluation.attack_power``, the evaluation's
    feature from keywords alone (one blocker an attacker, no trample, no double strike,
    every creature able to attack): this judges the attackers given with the rules'
    blocking legality (``can_block``, ``blockers_needed``), their damage (``damage_of``)
    and trample's excess."""
    order = sorted(attackers, key=lambda a: -damage_of(a))
    blocked: set[int] = set()
    through_extra = 0
    free = list(blockers)
    for a in order:
        need = blockers_needed(a)
        able = [b for b in free if can_block(state, b, a)]
        if len(able) < need:
            continue
        able.sort(key=lambda b: -(b.toughness - b.damage))
        used = able[:need]
        for b in used:
            free.remove(b)
        blocked.add(a.oid)
        if a.kw & KW_TRAMPLE:
            through_extra += max(0, a.power - sum(max(0, b.toughness - b.damage)
                                                  for b in used))
        if not free:
            break
    free_hits = sum(damage_of(a) for a in attackers if a.oid not in blocked)
    # an unblocked 0-power attacker (Noble Hierarch) still carries a pump spell
    some = through_extra > 0 or any(a.oid not in blocked for a in attackers)
    return free_hits + through_extra, some


def _pair_gain(state: GameState, a: GameObject, b: GameObject, risk: float, shield: bool,
               w: float, bonus: int = 0, double: bool = False) -> float:
    """My gain when ``b`` blocks ``a`` (without the damage ``a`` would have dealt)."""
    a_dies, b_dies = _fight_double(a, b, bonus) if double else fight(a, b, bonus, 0)
    gain = value(b) if b_dies else 0.0
    if a_dies:
        gain -= 2.5 if shield else risk
    if a.kw & KW_TRAMPLE:
        need = 1 if a.kw & KW_DEATHTOUCH else max(0, b.toughness - b.damage)
        gain += w * max(0, a.power + bonus - need)
    return gain


def attack_net(state: GameState, attackers: list[GameObject], blockers: list[GameObject],
               opp_life: int, w: float, bonus: int = 0, double: bool = False,
               cache: dict[tuple[int, int, int], float] | None = None,
               able_of: dict[int, list[GameObject]] | None = None,
               price: LifePrice = HANDSET) -> float:
    """What an attack with ``attackers`` is worth to me if the defender blocks well:
    each blocker takes the block best for them (eat, trade, or chump a big attacker),
    and when the rest would be lethal they chump what they can. ``able_of``: the
    ``blockers`` able to block each attacker (by id), found once for every candidate
    attack of a declaration. In the defender's order of thought: what each block would
    give (``_block_gains``), the good blocks (``_best_blocks``), then chumps while the
    rest is lethal (``_chump_blocks``)."""
    if not attackers:
        return 0.0
    dmg: dict[int, int] = {}
    gains: dict[tuple[int, int], float] = {}
    menace: set[int] = set()
    _block_gains(state, attackers, blockers, w, bonus, double, cache, able_of, dmg, gains,
                 menace)
    free = {b.oid for b in blockers}
    unblocked = set(dmg)
    net = _best_blocks(gains, dmg, menace, unblocked, free, w)
    through = sum(dmg[x] for x in unblocked)
    if through >= opp_life:
        net, through = _chump_blocks(attackers, gains, dmg, menace, unblocked, free,
                                     opp_life, through, net)
    if through >= opp_life:
        return 100.0 + through
    if state.monarch >= 0 and state.monarch != attackers[0].controller and \
            any(dmg[x] > 0 for x in unblocked):  # combat damage to the monarch (724.2)
        net += crown_taken_worth(state, attackers[0].controller)
    if state.initiative >= 0 and state.initiative != attackers[0].controller and \
            any(dmg[x] > 0 for x in unblocked):  # combat damage takes the initiative (725.2)
        net += initiative_taken_worth(state, attackers[0].controller, price)
    return net + w * through


def _block_gains(state: GameState, attackers: list[GameObject], blockers: list[GameObject],
                 w: float, bonus: int, double: bool,
                 cache: dict[tuple[int, int, int], float] | None,
                 able_of: dict[int, list[GameObject]] | None, dmg: dict[int, int],
                 gains: dict[tuple[int, int], float], menace: set[int]) -> None:
    """``attack_net``'s table: each attacker's damage (``dmg``: double strike twice), the
    attackers that need two blockers or more (``menace``, 702.110b), and my gain for each
    (attacker, blocker) pair a block is possible for (``gains``; ``cache`` keeps them
    across the candidate attacks of a declaration, as ``able_of`` keeps who can block
    whom: 509.1b-c)."""
    for a in attackers:
        strikes = 2 if double or a.kw & KW_DOUBLE_STRIKE else 1
        dmg[a.oid] = max(0, a.power + bonus) * strikes
        need = blockers_needed(a)
        if need > 1:
            menace.add(a.oid)
        able = able_of.get(a.oid) if able_of is not None else None
        if able is None:
            able = [b for b in blockers if can_block(state, b, a)]
            if able_of is not None:
                able_of[a.oid] = able
        if len(able) < need:
            continue
        risk: tuple[float, bool] | None = None  # attack_risk, when a pair is not cached
        key_bonus = bonus * 2 + (1 if double else 0)
        for b in able:
            g = cache.get((a.oid, b.oid, key_bonus)) if cache is not None else None
            if g is None:
                if risk is None:
                    risk = attack_risk(state, a)
                g = _pair_gain(state, a, b, risk[0], risk[1], w, bonus, double)
                if cache is not None:
                    cache[(a.oid, b.oid, key_bonus)] = g
            gains[(a.oid, b.oid)] = g


def _best_blocks(gains: dict[tuple[int, int], float], dmg: dict[int, int], menace: set[int],
                 unblocked: set[int], free: set[int], w: float) -> float:
    """The defender's good blocks, best for them first: while some free blocker's block
    of an unblocked attacker costs me more than the damage it stops (weighted ``w``), it
    blocks (a second free blocker joins an attacker with menace). Takes them out of
    ``unblocked`` and ``free``; my net gain from them."""
    net = 0.0
    while gains:
        best: tuple[int, int] | None = None
        best_rel = 0.0
        for pair, g in gains.items():
            if pair[0] in unblocked and pair[1] in free:
                rel = g - w * dmg[pair[0]]
                if rel < best_rel:
                    best, best_rel = pair, rel
        if best is None:
            break
        net += gains[best]
        unblocked.discard(best[0])
        free.discard(best[1])
        if best[0] in menace:  # a second blocker joins
            other = _free_blocker(gains, best[0], free)
            if other is not None:
                free.discard(other)
    return net


def _chump_blocks(attackers: list[GameObject], gains: dict[tuple[int, int], float],
                  dmg: dict[int, int], menace: set[int], unblocked: set[int], free: set[int],
                  opp_life: int, through: int, net: float) -> tuple[float, int]:
    """Against ``through`` damage that would be lethal, the defender chumps what they can,
    the biggest attacker first, until the rest is not (an attacker with menace is left
    alone; a trampler's damage still gets through). ``net`` and ``through`` after them."""
    by_oid = {a.oid: a for a in attackers}
    # (the biggest first, as sorted(key=-dmg) did: reverse keeps ties in their order)
    for x in sorted(unblocked, key=dmg.__getitem__, reverse=True):
        if through < opp_life:
            break
        if x in menace:
            continue
        y = _free_blocker(gains, x, free)
        if y is None:
            continue
        net += gains[(x, y)]
        free.discard(y)
        unblocked.discard(x)
        if not by_oid[x].kw & KW_TRAMPLE:
            through -= dmg[x]
    return net, through


def _free_blocker(gains: dict[tuple[int, int], float], attacker: int,
                  free: set[int]) -> int | None:
    """The first free blocker (in ``gains``' order) able to block ``attacker``, if any."""
    for pair in gains:  # (a loop, not next(): a compiled function holds no generator)
        if pair[0] == attacker and pair[1] in free:
            return pair[1]
    return None


def choose_attackers(state: GameState, d: Decision, price: LifePrice = HANDSET,
                     race: bool = False, cover: bool = False) -> list[int]:
    """The attackers to declare (indices of ``d.options``): every creature that must
    attack (508.1d: ``attack_requirements``), and those of the others
    ``_optional_attackers`` picks, life at ``price`` (the deciding policy's); ``race``:
    the race is reckoned too (``heuristic:attack=race``, ``attack_race``); ``cover``: a
    guard stays home only against a creature no creature home covers
    (``heuristic:guards=cover``, ``attack_guards``)."""
    required = set(attack_requirements(state, d.options))
    optional = [i for i, oid in enumerate(d.options) if oid not in required]
    objects = state.objects
    picks = _optional_attackers(state, d.player, [objects[d.options[i]] for i in optional],
                                price, race, cover)
    return sorted([optional[i] for i in picks]
                  + [i for i, oid in enumerate(d.options) if oid in required])


def _optional_attackers(state: GameState, me: int, mine: list[GameObject],
                        price: LifePrice = HANDSET, race: bool = False,
                        cover: bool = False) -> list[int]:
    """Which of ``mine``, the creatures that may attack and need not, attack (indices of
    ``mine``), the creatures that must attack attacking beside them. With ``race``, the
    burn in hand counts toward lethal, and an attacker that wins the race
    (``attack_race.wins_race``) plays as the beatdown: damage weighed as at low life, no
    guard kept home against their attackers. With ``cover``, ``_keep_guards`` keeps a
    guard home only against a creature no creature home covers (``attack_guards``)."""
    opp = 1 - me
    if not mine:
        return []
    my_creatures = creatures_of(state, me)
    # those that attack each combat if able (declared whatever the choice)
    forced = [o for o in my_creatures
              if o.kw & KW_ATTACKS_EACH_COMBAT and can_attack(state, o)]
    theirs = creatures_of(state, opp)
    blockers = [o for o in theirs if not o.tapped and not o.kw & KW_CANT_BLOCK]
    opp_life = damage_room(state, opp, mine + forced)
    my_life = state.players[me].life
    # Alpha strike when what gets through is lethal anyway, with a pump spell in hand
    # on a creature that gets through.
    through, some = _through(state, mine + forced, blockers)
    reach = burn_reach(state, me) if race else 0
    if through + max(pump_in_hand(state, me) if some else 0, reach) >= opp_life:
        return list(range(len(mine)))
    my_power = sum(damage_of(o) for o in my_creatures if not o.kw & KW_CANT_ATTACK)
    their_power = sum(damage_of(o) for o in theirs if not o.kw & KW_CANT_ATTACK)
    beatdown = my_power >= their_power or opp_life <= my_life - 4 or opp_life <= 6
    crack = [o for o in theirs if not o.kw & KW_CANT_ATTACK]
    racing = race and wins_race(through, reach, opp_life, their_power,
                                damage_room(state, me, crack))
    beatdown = beatdown or racing
    w = attack_damage_weight(opp_life, my_power, beatdown, price)
    if racing:  # every point counts as it does at 10 life or less (life_price)
        w = max(w, attack_damage_weight(min(opp_life, 10), my_power, True, price))
    always = [i for i, a in enumerate(mine) if leaves_at_end(state, a) or has_annihilator(a)]
    useful = [i for i, a in enumerate(mine) if a.power > 0 or i in always]
    cache: dict[tuple[int, int, int], float] = {}
    able_of: dict[int, list[GameObject]] = {}  # attacker -> the blockers able to block it
    safe, free = _safe_attackers(state, mine, useful, always, blockers, beatdown, w,
                                 cache, able_of)
    candidates: list[list[int]] = [sorted(safe)]
    if sorted(useful) != candidates[0]:
        candidates.append(sorted(useful))
    # The creatures nothing blocks profitably, alone: when the safe set's trades score
    # below zero, the unblockable ones still attack (not the whole board held back).
    if free and sorted(free) not in candidates and sorted(free) != sorted(always):
        candidates.append(sorted(free))
    scores = [attack_net(state, [mine[i] for i in c] + forced, blockers, opp_life, w,
                         cache=cache, able_of=able_of, price=price) for c in candidates]
    if always:
        candidates.append(sorted(always))
        scores.append(attack_net(state, [mine[i] for i in always] + forced, blockers,
                                 opp_life, w, cache=cache, able_of=able_of, price=price))
    # Exalted: one creature alone, pumped (and given double strike by Rafiq).
    bonus, double = _alone_bonus(state, me)
    if (bonus or double) and not forced:
        for i in useful:
            a = mine[i]
            if leaves_at_end(state, a):
                continue
            candidates.append([i])
            scores.append(attack_net(state, [a], blockers, opp_life, w, bonus, double,
                                     cache=cache, able_of=able_of, price=price))
    best = max(range(len(candidates)), key=lambda k: (scores[k], -len(candidates[k])))
    chosen = list(candidates[best]) if scores[best] > 0 or candidates[best] == always else \
        list(always)
    if chosen and not beatdown and scores[best] < 100:
        _keep_guards(state, mine, chosen, crack, w,
                     home_team(mine, chosen, [o for o in my_creatures if o not in forced])
                     if cover else None)
    if chosen and their_power >= my_life and scores[best] < 100:  # (crack's damage)
        _keep_home_enough(state, me, mine, chosen, crack, my_life)
    return sorted(chosen)


def _safe_attackers(state: GameState, mine: list[GameObject], useful: list[int],
                    always: list[int], blockers: list[GameObject], beatdown: bool, w: float,
                    cache: dict[tuple[int, int, int], float],
                    able_of: dict[int, list[GameObject]]) -> tuple[list[int], list[int]]:
    """Each creature on its own: the ones to attack with because the defender's best
    answer does not cost me (``safe``), and those no block of theirs gains them anything
    against (``free``). Fills ``cache`` with each pair's gain and ``able_of`` with each
    attacker's possible blockers."""
    safe: list[int] = list(always)
    free: list[int] = list(always)
    for i in useful:
        if i in always:
            continue
        a = mine[i]
        able = able_of[a.oid] = [b for b in blockers if can_block(state, b, a)]
        if len(able) < blockers_needed(a):
            safe.append(i)
            free.append(i)
            continue
        risk, shield = attack_risk(state, a)
        worst = 1e9
        for b in able:
            g = _pair_gain(state, a, b, risk, shield, w)
            cache[(a.oid, b.oid, 0)] = g
            worst = min(worst, g)
        if worst >= -0.5 or (beatdown and worst >= -2.0):
            safe.append(i)
        if worst >= 0.0:
            free.append(i)
    return safe, free


def _keep_guards(state: GameState, mine: list[GameObject], chosen: list[int],
                 crack: list[GameObject], w: float,
                 home: list[GameObject] | None = None) -> None:
    """Not racing: a creature that would eat one of their attackers stays home (leaves
    ``chosen``) when its own attack deals little. ``home``: the creatures staying home
    (``heuristic:guards=cover``, ``attack_guards``): an attacker of theirs that one of
    them blocks and survives needs no guard, and a guard kept joins them."""
    for i in list(chosen):
        a = mine[i]
        if a.kw & KW_VIGILANCE or leaves_at_end(state, a) or has_annihilator(a):
            continue
        guard = 0.0
        va = value(a)
        for o in crack:
            if o.power > 0 and can_block(state, a, o):
                if home is not None and covered(state, o, home, a, survives_fight):
                    continue
                a_dies, o_dies = fight(a, o)
                if o_dies and not a_dies:
                    guard = max(guard, value(o))
                elif o_dies and value(o) > va:  # a trade it would win on value
                    guard = max(guard, 0.6 * value(o))
        if guard >= 3.0 and guard >= w * damage_of(a) + 1.0:
            chosen.remove(i)
            if home is not None:
                home.append(a)


def _keep_home_enough(state: GameState, me: int, mine: list[GameObject], chosen: list[int],
                      crack: list[GameObject], my_life: int) -> None:
    """Keep home (out of ``chosen``) enough blockers to survive the crack-back, the
    toughest first."""
    attacking = {mine[i].oid for i in chosen}
    home = [o for o in creatures_of(state, me)
            if o.oid not in attacking and not o.kw & KW_CANT_BLOCK]
    through = unblocked_damage(state, crack, home)
    for i in sorted(chosen, key=lambda j: -mine[j].toughness):
        if through < my_life:
            break
        a = mine[i]
        if a.kw & (KW_VIGILANCE | KW_CANT_BLOCK) or leaves_at_end(state, a):
            continue
        # only a creature that can stop some of it stays (not a ground creature
        # against flyers)
        less = unblocked_damage(state, crack, home + [a])
        if less >= through:
            continue
        chosen.remove(i)
        home.append(a)
        through = less


def _fight_double(a: GameObject, b: GameObject, bonus: int) -> tuple[bool, bool]:
    """A fight where ``a`` (+bonus/+bonus) has double strike."""
    ap, at = a.power + bonus, a.toughness + bonus - a.damage
    bt = b.toughness - b.damage
    akw = combat_kw(a)
    if not b.kw & STRIKE and _lethal(ap, akw, b, bt):
        return False, True
    b_kills = _lethal(b.power, combat_kw(b), a, at)
    return b_kills, _lethal(2 * ap, akw, b, bt)


__all__ = ["choose_attackers", "damage_of", "fight", "kills", "survives_fight"]
