"""Replacement and prevention effects (rules 614, 615) at the events they modify.

Every event that a replacement effect may modify goes through one function here: damage,
destruction and other zone changes (including dying and entering the battlefield) and
draws. The modules of the mechanics register their effects in the tables below
(module-level functions, never per-game closures, so the state stays serializable):
``ZONE_RULES`` for a permanent leaving the battlefield (regeneration, umbra armor,
unearth), ``DRAW_RULES`` for a draw (dredge), ``DAMAGE_PREVENTIONS`` for damage
(protection), ``engine.rules.entering.ENTER_RULES`` for entering. When more than one
would apply to a destruction, another zone change, a draw or a permanent entering, the
affected object's controller or the affected player chooses (616.1,
engine.rules.replacement_order), before anything moves. Every prevention effect of the
pool prevents all the damage a source would deal, so after one applies no other does
(616.1e): whichever is chosen, the outcome is the same, and nothing is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from mtgsim.engine.cards import (
    KW_DEATHTOUCH,
    KW_INDESTRUCTIBLE,
    KW_LIFELINK,
    PROT_COLORED_SPELLS,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules import enchanted_events, triggers
from mtgsim.engine.rules.entering import AfterEnter, enters_tapped, prepare_enter
from mtgsim.engine.rules.replacement_order import Applicable, apply_in_order
from mtgsim.engine.rules.targets import can_enchant
from mtgsim.engine.rules.zones import arrived, departed, describe, draw_card, log, move, new_object
from mtgsim.engine.state.decisions import Attaching, Decision, DecisionKind
from mtgsim.engine.state.derived import creature_damaged, game_card, life_changed
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GRAVEYARD,
    NONE,
    STACK,
    ZONE_NAMES,
    GameObject,
    GameState,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_ATTACH = DecisionKind.ATTACH

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# How damage dealt to a creature is dealt (not replacement effects: wither's -1/-1
# counters, 702.80c): (state, source, target object, amount, combat) -> amount marked
DamageHook = Callable[[GameState, GameObject, GameObject, int, bool], int]
DAMAGE_TO_CREATURE_HOOKS: list[DamageHook] = []
# How damage dealt to a player is dealt (120.3a; infect's poison counters, 120.3b):
# (state, source, player, amount, combat) -> the life that player loses
PlayerDamageHook = Callable[[GameState, GameObject, int, int, bool], int]
DAMAGE_TO_PLAYER_HOOKS: list[PlayerDamageHook] = []
# Prevention effects (615): (state, source, creature) -> True if they prevent all the
# damage the source would deal it (each of the pool's prevents all of it: 616.1e)
Prevention = Callable[[GameState, GameObject, GameObject], bool]
DAMAGE_PREVENTIONS: list[Prevention] = []
# Prevention effects of the game that apply to all damage, to players too (615: "prevent
# all combat damage that would be dealt this turn"), read only while
# ``GameState.prevented`` is set: (state, source, combat) -> the damage is prevented.
ALL_DAMAGE_PREVENTIONS: list[Callable[[GameState, GameObject, bool], bool]] = []
# shield(state, source, amount) -> True if it prevents all of this damage from ``source``
# (which it may count, "you gain life equal to the damage prevented this way"); asked only
# while ``GameState.spell_shields`` holds one (engine.effects.prevent_spell_damage)
SOURCE_PREVENTIONS: list[Callable[[GameState, GameObject, int], bool]] = []


class ZoneChange:
    """A permanent about to leave the battlefield: where it would go (a replacement may
    change it) and whether the event is its destruction (701.7), which regeneration and
    umbra armor replace and nothing else does."""

    __slots__ = ("obj", "zone", "destroy", "cant_regenerate")

    def __init__(self, obj: GameObject, zone: int, destroy: bool,
                 cant_regenerate: bool) -> None:
        self.obj = obj
        self.zone = zone
        self.destroy = destroy
        self.cant_regenerate = cant_regenerate


class ZoneRule(NamedTuple):
    """A kind of replacement effect on a permanent leaving the battlefield (614.6)."""

    kind: str  # its name in the 616.1 decision
    sources: Callable[[GameState, ZoneChange], list[int]]  # the objects whose effects apply
    ends: bool  # it replaces the event (``instead``); else it modifies it (``modify``)
    instead: Callable[[GameState, GameObject, int], None] | None = None  # (obj, source)
    modify: Callable[[ZoneChange], None] | None = None
    destroys_source: bool = False  # ``instead`` then destroys the source (umbra's Aura)


ZONE_RULES: list[ZoneRule] = []


def zone_rule(rule: ZoneRule) -> ZoneRule:
    """Register a kind of replacement effect on leaving the battlefield."""
    if any([r.kind == rule.kind for r in ZONE_RULES]):
        raise ValueError(f"{rule.kind} is registered already")
    ZONE_RULES.append(rule)
    return rule


class ZonePlan(NamedTuple):
    """What a permanent's leaving the battlefield comes to once its replacement effects
    are chosen (616.1): it goes to ``zone`` (NONE: it stays), or ``instead`` (a rule and
    its source) happens, then the destructions that one causes (``then``)."""

    obj: GameObject
    zone: int
    destroy: bool
    instead: tuple[ZoneRule, int] | None = None
    then: tuple[ZonePlan, ...] = ()


class DrawRule(NamedTuple):
    """A kind of replacement effect on a draw (614.1a, 121.6)."""

    kind: str
    sources: Callable[[GameState, int], list[int]]  # (state, player) -> objects
    instead: Callable[[GameState, int, int], None]  # (state, player, source)
    optional: bool = True  # "you may ... instead"


DRAW_RULES: list[DrawRule] = []
def gain_life(state: GameState, player: int, amount: int) -> None:
    if amount <= 0 or state.players[player].cant_gain_life:  # 119.7: can't gain life
        return
    state.players[player].life += amount
    life_changed(state)
    if state.log is not None:
        log(state, "gain_life", player, amount=amount)


def lose_life(state: GameState, player: int, amount: int) -> None:
    if amount <= 0:
        return
    state.players[player].life -= amount
    life_changed(state)
    if state.log is not None:
        log(state, "lose_life", player, amount=amount)


def source_keywords(source: GameObject) -> int:
    """A damage source's keyword bits: current on the battlefield (or its last known
    information), printed when it deals damage from another zone (702.80c-d)."""
    return source.kw if source.zone == BATTLEFIELD else source.card.keyword_mask


def deal_damage(state: GameState, source: GameObject, target: int, amount: int,
                combat: bool = False) -> int:
    """Deal damage (120.3); returns the damage actually dealt."""
    if amount <= 0:
        return 0
    if state.spell_shields and state.unpreventable_turn != state.turn and \
            _shielded(state, source, target, amount):
        return 0
    if state.prevented and state.unpreventable_turn != state.turn and \
            any(p(state, source, combat) for p in ALL_DAMAGE_PREVENTIONS):
        return 0  # 615.1: prevented damage is never dealt (no lifelink, no triggers)
    skw = source_keywords(source)
    if target < 2:
        p = state.players[target]
        lost = amount
        for player_hook in DAMAGE_TO_PLAYER_HOOKS:
            lost = player_hook(state, source, target, lost, combat)
        p.life -= lost
        p.damage_this_turn += amount
        life_changed(state)
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, describe(state, target),
                amount)
        if combat:
            triggers.combat_damage_to_player(state, source, target)
        triggers.damage_to_player(state, source, target)
    else:
        obj = state.objects.get(target)
        if obj is None or obj.zone != BATTLEFIELD:
            return 0
        if state.unpreventable_turn != state.turn:  # 615.12: "can't be prevented"
            for prevents in DAMAGE_PREVENTIONS:  # 615; all the damage (616.1e: no choice)
                if prevents(state, source, obj):
                    return 0
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, obj.card.name, amount)
        remaining = amount
        for hook in DAMAGE_TO_CREATURE_HOOKS:
            remaining = hook(state, source, obj, remaining, combat)
        if remaining > 0:
            obj.damage += remaining
        if obj.card.triggered or obj.granted:  # "whenever this is dealt damage"
            triggers.was_dealt_damage(state, obj, amount)
        enchanted_events.dealt_damage(state, obj, amount)  # "enchanted creature is dealt ..."
        if skw & KW_DEATHTOUCH:
            obj.deathtouched = True
        obj.damaged_turn = state.turn  # "was dealt damage this turn" (Orzhov Euthanist)
        creature_damaged(state, obj)  # lethal damage (704.5g-h)
        if combat:
            triggers.combat_damage_to_creature(state, source, obj)
    triggers.dealt_damage(state, source, amount)  # "whenever [this] deals damage"
    if skw & KW_LIFELINK:
        gain_life(state, source.controller, amount)
    return amount


def _shielded(state: GameState, source: GameObject, target: int, amount: int) -> bool:
    """Is this damage, to a player or a permanent still there, prevented by a shield on
    its source (615.1)?"""
    if target >= 2:
        obj = state.objects.get(target)
        if obj is None or obj.zone != BATTLEFIELD:
            return False
    for shield in SOURCE_PREVENTIONS:
        if shield(state, source, amount):
            return True
    return False


def protection(state: GameState, source: GameObject, obj: GameObject) -> bool:
    """Protection prevents all damage from sources of the stated colours (702.16e), or
    of the stated card types ("protection from instants"), and "protection from colored
    spells" a colored spell's damage."""
    if obj.protection & source.color or (
            obj.card.protection_types & source.card.type_mask and not obj.lost_abilities):
        return True
    return bool(obj.protection & PROT_COLORED_SPELLS and source.zone == STACK
                and source.color & 31)


DAMAGE_PREVENTIONS.append(protection)


def plan_zone_change(state: GameState, obj: GameObject, zone: int, destroy: bool,
                     cant_regenerate: bool, asker: Asker | None) -> ZonePlan:
    """Choose the replacement effects of ``obj`` leaving the battlefield for ``zone``
    (destroyed, when ``destroy``; 616.1, asking its controller), and those of the
    destructions an effect that applies instead causes; nothing changes yet."""
    if obj.zone != BATTLEFIELD or destroy and obj.kw & KW_INDESTRUCTIBLE:
        return ZonePlan(obj, NONE, destroy)  # 702.12b: it isn't destroyed
    event = ZoneChange(obj, zone, destroy, cant_regenerate)

    def applicable() -> list[Applicable]:
        return [Applicable(rule.kind, src, rule.ends)
                for rule in ZONE_RULES for src in rule.sources(state, event)]

    def modify(a: Applicable) -> None:
        rule = _zone_rule(a.kind)
        assert rule.modify is not None
        rule.modify(event)

    pick = apply_in_order(state, obj.controller, "destroy" if destroy else "zone_change",
                          obj.oid, applicable, modify, asker)
    if pick is None:
        return ZonePlan(obj, event.zone, destroy)
    rule = _zone_rule(pick.kind)
    then = (plan_zone_change(state, state.objects[pick.source], GRAVEYARD, True, False,
                             asker),) if rule.destroys_source else ()
    return ZonePlan(obj, NONE, destroy, (rule, pick.source), then)


def _zone_rule(kind: str) -> ZoneRule:
    for rule in ZONE_RULES:
        if rule.kind == kind:
            return rule
    raise KeyError(kind)


def perform_zone_change(state: GameState, plan: ZonePlan,
                        sacrificed: bool = False) -> GameObject | None:
    """Carry out a planned zone change: the new object, or None if it stayed (replaced,
    indestructible, or gone already)."""
    obj = plan.obj
    if obj.zone != BATTLEFIELD or state.objects.get(obj.oid) is not obj:
        return None
    if plan.instead is not None:
        rule, source = plan.instead
        assert rule.instead is not None
        rule.instead(state, obj, source)
        for then in plan.then:
            perform_zone_change(state, then)
        return None
    if plan.zone == NONE:
        return None
    if plan.destroy and state.log is not None:
        log(state, "destroy", obj.controller, obj.card.name)
    new = move(state, obj, plan.zone)
    if state.log is not None and plan.zone != GRAVEYARD:
        log(state, "leaves", obj.controller, obj.card.name, ZONE_NAMES[plan.zone])
    departed(state, obj, plan.zone, sacrificed)
    return new


def destroy(state: GameState, obj: GameObject, cant_regenerate: bool = False,
            asker: Asker | None = None) -> bool:
    """Destroy (701.7): unless indestructible (702.12b) or replaced (regeneration,
    701.15; umbra armor, 702.89; with unearth it goes to exile instead, 702.84a), it is
    put into its owner's graveyard. True if it left the battlefield."""
    plan = plan_zone_change(state, obj, GRAVEYARD, True, cant_regenerate, asker)
    return perform_zone_change(state, plan) is not None


def leave_battlefield(state: GameState, obj: GameObject, zone: int,
                      sacrificed: bool = False, asker: Asker | None = None,
                      plan: ZonePlan | None = None) -> GameObject | None:
    """Move a permanent off the battlefield, with zone-change replacements (614.6): those
    of ``plan`` when they were chosen already (``plan_leaving``), else chosen now, its
    controller asked through ``asker`` (616.1). Its leaves-the-battlefield triggers are
    checked at the end of the event it is part of (engine.rules.zones.simultaneously), or
    now if it leaves alone. The new object, or None if it stayed."""
    if plan is None:
        plan = plan_zone_change(state, obj, zone, False, False, asker)
    return perform_zone_change(state, plan, sacrificed)


def may_be_replaced(state: GameState, obj: GameObject, zone: int) -> bool:
    """Would any replacement effect apply to ``obj`` leaving the battlefield for ``zone``
    (not destroyed)? A cheap test for the paths that plan only when one could."""
    event = ZoneChange(obj, zone, False, False)
    return any([rule.sources(state, event) for rule in ZONE_RULES])


def plan_leaving(state: GameState, objs: Iterable[GameObject], zone: int,
                 asker: Asker | None, destroy: bool = False,
                 cant_regenerate: bool = False) -> dict[int, ZonePlan]:
    """The replacement effects of permanents about to leave the battlefield for ``zone``
    (destroyed, when ``destroy``) in one event (a bounce, an exile, a sacrifice of
    several, "destroy all"), each chosen by that permanent's controller before any of
    them moves, the active player's choices first (616.1, 101.4: APNAP); by object id."""
    here = [o for o in objs if o.zone == BATTLEFIELD]
    first = state.active
    return {o.oid: plan_zone_change(state, o, zone, destroy, cant_regenerate, asker)
            for o in [*[o for o in here if o.controller == first],
                      *[o for o in here if o.controller != first]]}


def draw(state: GameState, player: int, asker: Asker | None = None) -> None:
    """Draw a card (121.2), unless a replacement effect replaces the draw (121.6); the
    player chooses among those that would (616.1)."""
    if DRAW_RULES:
        def applicable() -> list[Applicable]:
            return [Applicable(rule.kind, src, True, optional=rule.optional)
                    for rule in DRAW_RULES for src in rule.sources(state, player)]

        pick = apply_in_order(state, player, "draw", NONE, applicable, _unmodified, asker)
        if pick is not None:
            for rule in DRAW_RULES:
                if rule.kind == pick.kind:
                    rule.instead(state, player, pick.source)
                    return
    draw_card(state, player)


def _unmodified(a: Applicable) -> None:
    raise AssertionError(f"{a.kind} replaces a draw, it doesn't modify it")


def sacrifice(state: GameState, obj: GameObject, asker: Asker | None = None,
              plan: ZonePlan | None = None) -> None:
    """Sacrifice (701.17): to the graveyard, not destroyed; indestructible does not help.
    Its replacement effects are ``plan``'s when chosen already (``plan_leaving``)."""
    if state.log is not None:
        log(state, "sacrifice", obj.controller, obj.card.name)
    leave_battlefield(state, obj, GRAVEYARD, sacrificed=True, asker=asker, plan=plan)


def with_keywords(state: GameState, card: Card, extra: tuple[str, ...]) -> Card:
    """The card's characteristics plus keyword abilities an effect gave it (400.7a:
    "it gains bloodthirst 3" on a spell applies as the permanent enters)."""
    return game_card(state, msgspec.structs.replace(
        card.defn, keywords=card.keywords + tuple(extra)))


def aura_choice(state: GameState, card: Card, controller: int, asker: Asker | None,
                exclude: int = NONE) -> int | None:
    """303.4f: an Aura entering other than by resolving as an Aura spell: the player it
    enters under chooses what it enchants, among what it could legally enchant (enchant
    abilities and other effects such as protection; no targeting, so hexproof and shroud
    don't matter). None: nothing is legal and it stays where it is (303.4g)."""

    candidates = [0, 1] if card.enchant_player else state.battlefield
    options = [r for r in candidates if r != exclude
               and can_enchant(state, card, NONE, controller, r)]
    if not options:
        return None
    if asker is None:
        return options[0]
    pick = asker.choose(Decision(_KIND_ATTACH, controller, f"attach {card.name} to",
                                 options=options, about=Attaching(card)))
    return options[pick]


def enter(state: GameState, obj: GameObject, controller: int | None = None,
          tapped: bool = False, attach_to: int = NONE, asker: Asker | None = None,
          after: list[AfterEnter] | None = None,
          transformed: bool = False, face: Card | None = None) -> GameObject | None:
    """Put an object onto the battlefield (from any zone) and fire its ETB triggers.

    ``transformed``: it enters with its back face up (712.14: "put onto the battlefield
    transformed", craft's and a saga's return, a spell cast with disturb, 702.146b), so
    its replacement effects and "enters" triggers are the back face's; a card that is not
    a transforming double-faced card stays where it is (712.14a) and None is returned.
    ``face``: the characteristics it enters with when they are not the card's own (a
    bestowed Aura spell's, 702.103b: ``front`` keeps the card's).
    Returns None when an Aura has nothing it could enchant and stays where it is.
    """
    ctrl = obj.owner if controller is None else controller
    card = obj.card
    if transformed:
        front = card if obj.front is None else obj.front  # a spell cast transformed
        if front.back is None:
            return None
        face = card = game_card(state, front.back)
    if after is None:
        after = prepare_enter(state, card, ctrl, asker, obj.oid)
    if card.is_aura and attach_to == NONE:
        choice = aura_choice(state, card, ctrl, asker)
        if choice is None:
            if obj.zone == 5:  # from the stack: to the graveyard instead (303.4g)
                move(state, obj, GRAVEYARD)
            return None
        attach_to = choice
    if card.enters_tapped and enters_tapped(state, obj, ctrl, card):
        tapped = True
    new = move(state, obj, BATTLEFIELD, controller=ctrl, tapped=tapped, face=face)
    if obj.gained_keywords and obj.zone == STACK:  # 400.7a: the spell's gains stay
        new.gained_keywords = obj.gained_keywords
    if attach_to != NONE:
        new.attached_to = attach_to
    for f in after:
        f(state, new)
    if state.log is not None:
        log(state, "enters", new.controller, new.card.name,
            describe(state, attach_to) if attach_to != NONE else "")
    arrived(state, new)
    return new


def create_token(state: GameState, card: Card, controller: int,
                 tapped: bool = False, asker: Asker | None = None,
                 after: list[AfterEnter] | None = None) -> GameObject:
    """Create a token on the battlefield (111.2); ``asker`` answers its "as it enters"
    questions (a token with devour, 702.82a), unless they were answered (``after``)."""
    if after is None:
        after = prepare_enter(state, card, controller, asker)
    obj = new_object(state, card, controller, BATTLEFIELD, token=True)
    state.set_tapped(obj, tapped)
    obj.sick = True
    state.battlefield.append(obj.oid)
    for f in after:
        f(state, obj)
    if state.log is not None:
        log(state, "token", controller, card.name)
    arrived(state, obj)
    return obj
