"""What things are worth to the AI: the currency the effects' estimates
(``engine/effects/*``, ``EffectRules.estimate``) and the policies reason in — a
permanent, a card, life, a temporary pump, a spell on the stack.

It is no policy (it decides nothing) and no rule (it changes nothing): it reads the
state, and the effect table for what a list of effects would do (``engine.rules.effect``). Values are in a rough common
currency: a 2/2 creature is worth about 5, a card in hand about 3, a point of the
opponent's life its price (``life_price``: hand-set, or what the fitted evaluation's life
curve says, more when it is the last points), at the ``LifePrice`` the deciding policy
passes down (``price`` arguments, ``Estimate.price``).
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEATHTOUCH,
    KW_DEFENDER,
    KW_DOUBLE_STRIKE,
    KW_FEAR,
    KW_FIRST_STRIKE,
    KW_FLYING,
    KW_HEXPROOF,
    KW_INDESTRUCTIBLE,
    KW_INFECT,
    KW_INTIMIDATE,
    KW_LIFELINK,
    KW_MENACE,
    KW_REACH,
    KW_SHROUD,
    KW_TRAMPLE,
    KW_UNBLOCKABLE,
    KW_VIGILANCE,
    KW_WITHER,
    T_CREATURE,
    T_INSTANT,
    T_LAND,
    T_SORCERY,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.life_price import HANDSET, LifePrice, price_of_life
from mtgsim.engine.rules.amounts import estimate_amount
from mtgsim.engine.rules.effect import (
    Role,
    effect_sign,
    effects_value,
    role_of,
)
from mtgsim.engine.rules.flagbearer import flagbearer_worth
from mtgsim.engine.rules.layers import ensure, static_amount
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    NONE,
    GameObject,
    GameState,
)
from mtgsim.engine.state.memo import Memoised, memo_on

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_COUNTER = Role.COUNTER
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_DRAW = Role.DRAW
_ROLE_EXILE = Role.EXILE
_ROLE_REMOVAL = Role.REMOVAL
_ROLE_SACRIFICE = Role.SACRIFICE
_ROLE_TEMPORARY = Role.TEMPORARY

UNTARGETABLE = KW_HEXPROOF | KW_SHROUD
EVASION = KW_FLYING | KW_UNBLOCKABLE | KW_FEAR | KW_INTIMIDATE
HOSTILE_AURA_KW = {"can't attack", "can't block", "activated abilities can't be activated"}
_REMOVALS = (Role.REMOVAL, Role.EXILE, Role.STEAL)  # what takes a permanent away
_COLOR_BIT = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}


# --- what things are worth ----------------------------------------------------------------


def types_of(o: GameObject) -> int:
    """The card types a permanent has now (layer 4: the card's and those effects gave
    it; no effect of the pool removes a card type), not its printed ones: what every
    estimate of a permanent reads (a land an effect made a creature is a creature)."""
    return o.card.type_mask | o.extra_types


def is_creature(o: GameObject) -> bool:
    return bool((o.card.type_mask | o.extra_types) & T_CREATURE)


def is_land(o: GameObject) -> bool:
    return bool((o.card.type_mask | o.extra_types) & T_LAND)


def destroys_on_damage(card: Card) -> bool:
    """"Whenever this deals combat damage to a creature, destroy that creature"
    (Stinkweed Imp): as good as deathtouch in a fight."""
    for ab in card.triggered:
        if ab.when == "deals_combat_damage_to_creature":
            for e in ab.effects:
                if role_of(e) is _ROLE_REMOVAL:
                    return True
    return False


def combat_kw(o: GameObject) -> int:
    """Keyword bits as they matter in a fight (a destroy-on-damage trigger counts as
    deathtouch)."""
    kw = o.kw
    card = o.card
    if card.triggered and not o.lost_abilities and destroys_on_damage(card):
        kw |= KW_DEATHTOUCH
    return kw


def value(o: GameObject) -> float:
    """A creature's rough worth on the board (its power, toughness and keywords)."""
    kw = combat_kw(o)
    card = o.card
    if kw & KW_CANT_ATTACK and kw & KW_CANT_BLOCK:
        return 0.5
    p = max(0, o.power)
    t = o.toughness - o.damage
    if t <= 0:
        return 0.0
    v = p * 1.5 + t
    if kw & _VALUED_KW:
        v = _keywords_value(kw, p, v)
    if card.mana_abilities or o.granted_mana:
        v += 1.5
    if card.activated or card.triggered:
        v += 0.5 + 0.25 * card.mana_value
    if o.token and o.power <= 0 and o.toughness <= 1:
        v = min(v, 1.5)
    return v


def _keywords_value(kw: int, p: int, v: float) -> float:
    """``value`` with what its keywords add, in order (most creatures have none of them:
    ``value`` asks only when one is there)."""
    if kw & KW_DEFENDER:
        v -= p * 1.0
    if kw & (KW_FLYING | KW_UNBLOCKABLE):
        v += 0.5 + 0.5 * p
    elif kw & (KW_FEAR | KW_INTIMIDATE | KW_MENACE):
        v += 0.3 * p
    if kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
        v += 1.0 + (p if kw & KW_DOUBLE_STRIKE else 0)
    if kw & KW_DEATHTOUCH:
        v += 1.5
    if kw & KW_LIFELINK:
        v += 0.5 + 0.3 * p
    if kw & KW_TRAMPLE:
        v += 0.2 * p
    if kw & (KW_HEXPROOF | KW_SHROUD):
        v += 1.0
    if kw & KW_INDESTRUCTIBLE:
        v += 2.0
    if kw & KW_WITHER:
        v += 0.5
    if kw & KW_INFECT:  # -1/-1 counters (as wither), and its power counts toward ten
        v += 0.5 + 0.3 * p  # poison, not twenty life (702.90b-c, 704.5c)
    if kw & KW_VIGILANCE:
        v += 0.3
    if kw & KW_CANT_ATTACK:
        v *= 0.5
    return v


# the keywords ``_keywords_value`` weighs
_VALUED_KW = (KW_DEFENDER | KW_FLYING | KW_UNBLOCKABLE | KW_FEAR | KW_INTIMIDATE | KW_MENACE
              | KW_FIRST_STRIKE | KW_DOUBLE_STRIKE | KW_DEATHTOUCH | KW_LIFELINK | KW_TRAMPLE
              | KW_HEXPROOF | KW_SHROUD | KW_INDESTRUCTIBLE | KW_WITHER | KW_VIGILANCE
              | KW_CANT_ATTACK | KW_INFECT)


def leaves_at_end(state: GameState, o: GameObject) -> bool:
    """Will this creature be gone at end of turn anyway (unearth, Hellspark Elemental,
    tokens exiled at the next end step)?"""
    if o.unearthed:
        return True
    e: Any
    for ab in o.card.triggered:
        if ab.when in ("end_step", "each_end_step"):
            for e in ab.effects:
                if role_of(e) is _ROLE_SACRIFICE and e.what == "self":
                    return True
    for dl in state.delayed:
        if dl.subject == o.oid and dl.when == "end_step" and any([
                role_of(e) is _ROLE_TEMPORARY or role_of(e) is _ROLE_EXILE
                for e in dl.ability.effects]):
            return True
    return False


def removal_worth(state: GameState, o: GameObject, me: int,
                  price: LifePrice = HANDSET) -> float:
    """What removing ``o`` now takes from its controller (``perm_value``), but for a
    creature that leaves at end of turn anyway only the combat damage it can still deal
    this turn: attacking unblocked, or able to attack before combat on its controller's
    turn (life at ``price``)."""
    if not is_creature(o) or not leaves_at_end(state, o):
        return perm_value(state, o, me)
    return leaver_worth(state, o, price)


def leaver_worth(state: GameState, o: GameObject, price: LifePrice = HANDSET) -> float:
    """What removing creature ``o``, which leaves at end of turn anyway
    (``leaves_at_end``), takes from its controller: the combat damage it can still deal
    (life at ``price``)."""
    combat = state.combat
    pending = False
    if state.active == o.controller:
        if combat is not None and o.oid in combat.attackers:
            pending = state.step < COMBAT_DAMAGE and not combat.blocked.get(o.oid)
        else:
            pending = state.step < DECLARE_ATTACKERS and not o.tapped
    if not pending:
        return 0.5
    return 0.5 + life_value(state, 1 - o.controller, max(0, o.power), price)


def perm_value(state: GameState, o: GameObject, me: int,
               attached: dict[int, int] | None = None) -> float:
    """What losing this permanent costs its controller (creatures, lands, Auras...).
    ``attached``: ``attachments(state)``, when the caller values many permanents of one
    state (each creature's count is then looked up, not counted over the battlefield)."""
    if is_creature(o):
        n = (attached.get(o.oid, 0) if attached is not None
             else sum(1 for a in permanents(state) if a.attached_to == o.oid))
        return value(o) + 0.5 * n
    if is_land(o):
        lands = sum(1 for p in permanents(state) if p.controller == o.controller and is_land(p))
        return 4.0 if lands <= 4 else (2.5 if lands <= 6 else 1.5)
    if o.card.is_aura and o.attached_to >= 2:
        host = state.objects.get(o.attached_to)
        if host is not None:
            hostile = aura_is_hostile(o.card)
            if hostile and host.controller != o.controller:
                return 1.0 + value(host) if is_creature(host) else 2.0
            if not is_creature(host):
                return 3.0
            bonus = aura_bonus_on(state, o)
            # the last Aura on a hexproof creature is the only way to shrink it
            if host.kw & UNTARGETABLE and host.controller != me:
                bonus *= 1.3
            return 2.0 + bonus
    if o.card.is_aura and o.attached_to in (0, 1):  # a curse
        return 3.0
    return 2.0 + 0.5 * o.card.mana_value


def attachments(state: GameState) -> dict[int, int]:
    """The number of permanents attached to each object (``attached_to``), by its id: the
    count ``perm_value`` adds for a creature, found in one walk over the battlefield for a
    caller that values every permanent (the evaluation at each rollout's horizon,
    engine.players.evaluation), where counting it per creature walked the battlefield
    once per creature."""
    counts: dict[int, int] = {}
    for a in permanents(state):
        t = a.attached_to
        counts[t] = counts.get(t, 0) + 1
    return counts


def death_triggers_value(state: GameState, o: GameObject, me: int,
                         price: LifePrice = HANDSET) -> float:
    """What the public triggers of ``o``'s death are worth to ``me``: the exiled cards
    haunting it (702.55c: "when the creature it haunts dies"), each valued for its owner
    with its target player the owner's opponent (a drain), so a lethal drain is worth
    100 to the one it wins for (life at ``price``). 0 for a creature nothing haunts (the
    usual case)."""
    haunters = state.haunters
    if not haunters:
        return 0.0
    total = 0.0
    for oid in haunters:
        h = state.objects.get(oid)
        if h is None or h.haunting != o.oid:
            continue
        owner = h.owner
        for ab in h.card.triggered:
            if ab.when == "haunted_dies":
                v = effects_value(state, owner, ab.effects, [1 - owner], oid, 0, 0, price)
                total += v if owner == me else -v
    return total


def aura_bonus_on(state: GameState, aura: GameObject) -> float:
    """What this Aura on the battlefield gives its creature now (amounts computed)."""
    v = 0.0
    for st in aura.card.statics:
        if st.applies_to != "enchanted":
            continue
        for amount, weight in ((st.power, 1.5), (st.toughness, 1.0)):
            if isinstance(amount, int):
                v += weight * amount
            else:
                try:
                    v += weight * static_amount(state, amount, aura)
                except Exception:  # noqa: BLE001 - an amount this estimate can't compute
                    v += 2.0 * weight
        v += 1.0 * len(st.keywords)
    if aura.card.has_keyword("umbra armor"):
        v += 2.0
    return v + _aura_trigger_bonus(aura.card)


def _aura_trigger_bonus(card: Card) -> float:
    """What an Aura's triggers about its creature give that creature's side: "whenever
    enchanted creature deals damage, you gain that much life" is lifelink's worth
    (``card_creature_value``'s 0.5 and a little of the power, taken as 2)."""
    return sum(1.1 for ab in card.triggered if ab.when == "enchanted_deals_damage")


def aura_bonus(card: Card) -> float:
    v = 0.0
    for st in card.statics:
        if st.applies_to == "enchanted":
            if isinstance(st.power, int):
                v += 1.5 * st.power
            else:
                v += 3.0
            if isinstance(st.toughness, int):
                v += st.toughness
            v += 1.0 * len(st.keywords)
    return v + _aura_trigger_bonus(card)


def card_power_toughness(card: Card) -> tuple[int, int]:
    p = card.power or 0
    t = card.toughness or 0
    for k in card.keyword_instances:
        if k.name == "graft":
            p += k.n
            t += k.n
    for r in card.enter_replacements:
        if r.kind == "enters_with_counters" and r.counter == "+1/+1" and \
                isinstance(r.amount, int):
            p += r.amount
            t += r.amount
    return p, t


def card_creature_value(card: Card) -> float:
    """A creature card's worth once on the battlefield (printed numbers)."""
    p, t = card_power_toughness(card)
    kw = card.keyword_mask
    v = max(0, p) * 1.5 + max(t, 0)
    if kw & (KW_FLYING | KW_UNBLOCKABLE):
        v += 0.5 + 0.5 * p
    if kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
        v += 1.0
    if kw & KW_DEATHTOUCH:
        v += 1.5
    if kw & KW_LIFELINK:
        v += 0.5 + 0.3 * p
    if kw & (KW_HEXPROOF | KW_SHROUD):
        v += 1.0
    if kw & KW_DEFENDER:
        v -= p
    if card.triggered or card.activated:
        v += 0.5 + 0.3 * card.mana_value
    if card.keyword_instances:
        v += 0.5 * len(card.keyword_instances)
    if card.levels:
        v += 2.0
    if card.statics:
        v += flagbearer_worth(card)
    return max(v, 1.0)


def aura_is_hostile(card: Card) -> bool:
    """An Aura that hurts what it enchants (Pacifism, Lignify, Control Magic, curses)."""
    for st in card.statics:
        if st.applies_to != "enchanted":
            continue
        if st.gain_control or st.lose_all_abilities or st.set_base is not None:
            return True
        if st.land_type:  # Spreading Seas: a land of the opponent's loses its colours
            return True
        if any(k in HOSTILE_AURA_KW for k in st.keywords):
            return True
        if isinstance(st.power, int) and isinstance(st.toughness, int) and \
                st.power + st.toughness < 0:
            return True
    if card.enchant_player:  # a curse: what it does to "enchanted" player
        for ab in card.triggered:
            for e in ab.effects:
                if effect_sign(e, "enchanted") < 0:
                    return True
    return False


class Board:
    """Each player's creatures (battlefield order) and lands, found once per refresh of
    characteristics: only a refresh changes what is on the battlefield, who controls it
    and its types (every battlefield change is followed by one). The policies look at
    these at nearly every decision.

    A refresh after which only permanents entered (``layers._refresh_entered``, most of
    them) leaves the others as they were: the board then is the board before it with the
    permanents that entered (at the battlefield's end) added, not a walk over it all."""

    __slots__ = ("creatures", "lands", "printed_lands", "size")

    def __init__(self, state: GameState) -> None:
        self.creatures: tuple[list[GameObject], list[GameObject]] = ([], [])
        self.lands = [0, 0]  # lands now (types added by effects count)
        self.printed_lands = [0, 0]  # land cards
        self.size = 0  # the battlefield's length it was found for
        self._add(state)

    def _add(self, state: GameState) -> None:
        """Add the permanents past the first ``size`` of the battlefield."""
        creatures = self.creatures
        lands = self.lands
        printed_lands = self.printed_lands
        objects = state.objects
        battlefield = state.battlefield
        for oid in battlefield[self.size:] if self.size else battlefield:
            o = objects[oid]
            mask = o.card.type_mask
            types = mask | o.extra_types  # (effects only add types: a land card is a land)
            if types & T_CREATURE:
                creatures[o.controller].append(o)
            if types & T_LAND:
                lands[o.controller] += 1
                if mask & T_LAND:
                    printed_lands[o.controller] += 1
        self.size = len(battlefield)

    def with_entered(self, state: GameState) -> Board:
        """This board (of the refresh before) with the permanents that entered since."""
        new = Board.__new__(Board)
        new.creatures = (self.creatures[0].copy(), self.creatures[1].copy())
        new.lands = self.lands.copy()
        new.printed_lands = self.printed_lands.copy()
        new.size = self.size
        new._add(state)
        return new


def board(state: GameState) -> Board:
    """The current ``Board`` (shared: read it, never change it)."""
    d = state.derived
    layers = d.layers
    if layers.stale:
        ensure(state)
    refreshes = layers.refreshes
    hit = d.memo.entries.get("board")
    if hit is not None:
        if hit.key == refreshes:
            return hit.value  # type: ignore[no-any-return]
        if layers.only_entered_since(hit.key):
            b: Board = hit.value.with_entered(state)
            d.memo.entries["board"] = Memoised(refreshes, b)
            return b
    return memo_on(state, "board", refreshes, Board)


def lands_of(state: GameState, me: int) -> int:
    """Land cards ``me`` controls on the battlefield."""
    return board(state).printed_lands[me]


def creatures_of(state: GameState, player: int) -> list[GameObject]:
    """The creatures ``player`` controls, in battlefield order (shared: don't change it)."""
    return board(state).creatures[player]


def color_sources(state: GameState, me: int) -> int:
    """Colours ``me`` can make now or with the lands in hand (a colour-bit mask)."""
    mask = 0
    objects = state.objects
    for o in permanents(state):
        if o.controller == me:
            for ab in o.card.mana_abilities:
                mask |= color_bits(ab.colors)
            for ab in o.granted_mana:
                mask |= color_bits(ab.colors)
    for oid in state.players[me].hand:
        c = objects[oid].card
        if c.type_mask & T_LAND:
            for ab in c.mana_abilities:
                mask |= color_bits(ab.colors)
    return mask


def dead_card(card: Card, colors: int) -> bool:
    """A spell whose coloured mana these colours can't pay."""
    cost = card.cost
    if cost is None or card.type_mask & T_LAND:
        return False
    return any(not sym & colors for sym in cost.symbols if sym != 32)


def air_cover_want(state: GameState, me: int, card: Card) -> float:
    """Extra want for a flying or reach creature card while the opponent has more flyers
    than ``me`` has creatures able to block them: nothing else stops that damage, and a
    blocker that kills the flyer (Stinkweed Imp) answers it for good."""
    if not card.keyword_mask & (KW_FLYING | KW_REACH) or card.keyword_mask & KW_CANT_BLOCK:
        return 0.0
    flyers = [c for c in creatures_of(state, 1 - me)
              if c.kw & KW_FLYING and not c.kw & KW_CANT_ATTACK and c.power > 0]
    if not flyers:
        return 0.0
    cover = sum(1 for c in creatures_of(state, me)
                if c.kw & (KW_FLYING | KW_REACH) and not c.kw & KW_CANT_BLOCK)
    if cover >= len(flyers):
        return 0.0
    p, _t = card_power_toughness(card)
    kills = card.keyword_mask & KW_DEATHTOUCH or destroys_on_damage(card)
    best = 0.0
    for c in flyers:
        if kills or p >= c.toughness - c.damage:
            best = max(best, 0.8 * value(c))
        else:
            best = max(best, 0.5 * c.power)  # a chump block: one hit saved
    return min(best, 12.0)


def known_lands_in_hand(state: GameState, player: int) -> int:
    """The land cards in ``player``'s hand that the state (a player's view) shows: all of
    a player's own, of the other player's only those revealed."""
    objects = state.objects
    n = 0
    for oid in state.players[player].hand:
        o = objects.get(oid)
        if o is not None and o.card.type_mask & T_LAND:
            n += 1
    return n


def card_want(state: GameState, me: int, card: Card) -> float:
    """How much ``me`` wants this card in hand now (searching, transmuting, dredging)."""
    mask = card.type_mask
    lands = lands_of(state, me)
    hand_lands = known_lands_in_hand(state, me)
    if mask & T_LAND:
        need = lands + hand_lands
        return 9.0 if need < 4 else (5.0 if need < 6 else 1.0)
    opp = 1 - me
    castable_soon = card.mana_value <= lands + 1 + hand_lands
    base = 0.0 if castable_soon else -2.0 - (card.mana_value - lands) * 0.5
    if mask & T_CREATURE:
        v = card_creature_value(card)
        if card.toughness == 0 and not any(k.name == "graft" for k in card.keyword_instances):
            grow = 0
            for r in card.enter_replacements:
                if r.kind == "enters_with_counters" and r.counter == "+1/+1":
                    grow += guess_amount(state, r.amount, me, NONE, 0)
            if grow <= 0:
                return base  # it would enter as a 0/0 (Golgari Grave-Troll, empty yard)
            v += 2.5 * grow
        return base + 2.0 + v * 0.8 + air_cover_want(state, me, card)
    theirs = creatures_of(state, opp)
    best_theirs = max((value(c) for c in theirs if not c.kw & UNTARGETABLE), default=0.0)
    if card.is_aura:
        if aura_is_hostile(card):
            if card.enchant_player:
                return base + 4.0
            return base + (2.0 + best_theirs if best_theirs else 1.0)
        return base + 3.0 + aura_bonus(card) * 0.5
    spell = card.spell
    if spell is not None:
        effects = spell.effects if not spell.modes else spell.modes[0].effects
        for e in effects:
            role = role_of(e)
            if role is _ROLE_COUNTER:
                return base + (5.0 if state.players[opp].hand else 3.0)
            if role in _REMOVALS and spell.targets:
                return base + (2.5 + best_theirs if best_theirs else 1.5)
            if role is _ROLE_DAMAGE:
                return base + 3.0 + (min(best_theirs, 6.0) if best_theirs else 1.0)
            if role is _ROLE_DRAW:
                return base + 4.0
        if mask & (T_INSTANT | T_SORCERY):
            return base + 3.0 + 0.3 * card.mana_value
    return base + 3.0 + 0.3 * card.mana_value


# --- what effects would do ------------------------------------------------------------------


def guess_amount(state: GameState, amount: object, me: int, source: int, x: int) -> int:
    """The AI's estimate of an amount (``engine.rules.amounts.estimate_amount``)."""
    return estimate_amount(state, amount, me, source, x)


def life_value(state: GameState, player: int, amount: int,
               price: LifePrice = HANDSET) -> float:
    """What ``amount`` life lost by ``player`` is worth to their opponent: 100 when it
    is all they have, else its price at ``price``, the deciding policy's
    (``life_price.price_of_life``: hand-set, or the fitted evaluation's life curve, where a
    point near zero costs more than a point at 30)."""
    life = state.players[player].life
    if amount >= life:
        return 100.0
    return price_of_life(life, amount, price)


def color_bits(colors: str) -> int:
    m = 0
    for ch in colors:
        m |= _COLOR_BIT.get(ch, 0)
    return m


