"""Replacement and prevention effects (rules 614, 615) at the events they modify.

Every event that a replacement effect may modify goes through one function here: damage,
destruction, zone changes (including dying and entering the battlefield) and draws.
Keyword modules register hooks in the lists below (module-level functions, never
per-game closures, so the state stays serializable). A hook returns True when it
replaced the event. Hooks are applied in registration order; where several apply to
one event the affected object's controller would choose (616.1); the supported cards
never give such a choice a different outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from mtgsim.engine.cards import (
    KW_DEATHTOUCH,
    KW_INDESTRUCTIBLE,
    KW_LIFELINK,
    PROT_COLORED_SPELLS,
    Replacement,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.effect import COLOR_CHOICES
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.layers import static_amount
from mtgsim.engine.rules.targets import can_enchant
from mtgsim.engine.rules.zones import arrived, departed, describe, draw_card, log, move, new_object
from mtgsim.engine.state.decisions import Attaching, ColorFor, Decision, DecisionKind
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
_KIND_COLOR = DecisionKind.COLOR

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# (state, source, target object, amount, combat) -> amount still dealt as damage
DamageHook = Callable[[GameState, GameObject, GameObject, int, bool], int]
DAMAGE_TO_CREATURE_HOOKS: list[DamageHook] = []
# (state, object, cant_regenerate) -> True if destruction was replaced
DestroyHook = Callable[[GameState, GameObject], bool]
DESTROY_HOOKS: list[DestroyHook] = []
# (state, object, destination zone) -> replacement destination zone or None
LeaveHook = Callable[[GameState, GameObject, int], int | None]
LEAVE_HOOKS: list[LeaveHook] = []
# Entering the battlefield (614.1c, 614.12): a hook sees the card before it enters, may ask
# its questions (devour), and returns what to do to the new permanent (counters, ...).
AfterEnter = Callable[[GameState, GameObject], None]
EnterHook = Callable[[GameState, Card, int, "Asker | None"], AfterEnter | None]
ENTER_HOOKS: list[EnterHook] = []
# Drawing (614.1a, 121.6): (state, player, asker) -> True if the draw was replaced.
DrawHook = Callable[[GameState, int, "Asker | None"], bool]
DRAW_HOOKS: list[DrawHook] = []


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
    skw = source_keywords(source)
    if target < 2:
        p = state.players[target]
        p.life -= amount
        p.damage_this_turn += amount
        life_changed(state)
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, describe(state, target),
                amount)
        if combat:
            triggers.combat_damage_to_player(state, source)
        triggers.damage_to_player(state, source, target)
    else:
        obj = state.objects.get(target)
        if obj is None or obj.zone != BATTLEFIELD:
            return 0
        # Protection prevents damage from sources of the stated colours (702.16e), or of
        # the stated card types ("protection from instants").
        if obj.protection & source.color or (
                obj.card.protection_types & source.card.type_mask
                and not obj.lost_abilities):
            return 0
        if obj.protection & PROT_COLORED_SPELLS and source.zone == STACK and \
                source.color & 31:  # "protection from colored spells": a spell's damage
            return 0
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, obj.card.name, amount)
        remaining = amount
        for hook in DAMAGE_TO_CREATURE_HOOKS:
            remaining = hook(state, source, obj, remaining, combat)
        if remaining > 0:
            obj.damage += remaining
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


def destroy(state: GameState, obj: GameObject, cant_regenerate: bool = False) -> bool:
    """Destroy (701.7) with indestructible (702.12) and regeneration (701.15)."""
    if obj.zone != BATTLEFIELD:
        return False
    if obj.kw & KW_INDESTRUCTIBLE:
        return False
    if obj.regen_shields > 0 and not cant_regenerate and not obj.cant_regenerate:
        obj.regen_shields -= 1
        state.set_tapped(obj, True)
        obj.damage = 0
        obj.deathtouched = False
        if state.combat is not None:
            # 701.15a: removed from combat; it stays on the battlefield with its effects.
            from mtgsim.engine.rules.zones import remove_from_combat

            remove_from_combat(state, obj)
        if state.log is not None:
            log(state, "regenerate", obj.controller, obj.card.name)
        return False
    for hook in DESTROY_HOOKS:
        if hook(state, obj):
            return False
    if state.log is not None:
        log(state, "destroy", obj.controller, obj.card.name)
    leave_battlefield(state, obj, GRAVEYARD)
    return True


def leave_battlefield(state: GameState, obj: GameObject, zone: int,
                     sacrificed: bool = False) -> GameObject:
    """Move a permanent off the battlefield, with zone-change replacements (614.6); its
    leaves-the-battlefield triggers are checked at the end of the event it is part of
    (engine.rules.zones.simultaneously), or now if it leaves alone."""
    for hook in LEAVE_HOOKS:
        new_zone = hook(state, obj, zone)
        if new_zone is not None:
            zone = new_zone
            break
    new = move(state, obj, zone)
    if state.log is not None and zone != GRAVEYARD:
        log(state, "leaves", obj.controller, obj.card.name, ZONE_NAMES[zone])
    departed(state, obj, zone, sacrificed)
    return new


def draw(state: GameState, player: int, asker: Asker | None = None) -> None:
    """Draw a card (121.2), unless a replacement effect replaces the draw (121.6)."""
    for hook in DRAW_HOOKS:
        if hook(state, player, asker):
            return
    draw_card(state, player)


def sacrifice(state: GameState, obj: GameObject) -> None:
    """Sacrifice (701.17): to the graveyard, not destroyed; indestructible does not help."""
    if state.log is not None:
        log(state, "sacrifice", obj.controller, obj.card.name)
    leave_battlefield(state, obj, GRAVEYARD, sacrificed=True)


def with_keywords(state: GameState, card: Card, extra: list[str]) -> Card:
    """The card's characteristics plus keyword abilities an effect gave it (400.7a:
    "it gains bloodthirst 3" on a spell applies as the permanent enters)."""
    return game_card(state, msgspec.structs.replace(
        card.defn, keywords=card.keywords + tuple(extra)))


def prepare_enter(state: GameState, card: Card, controller: int,
                  asker: Asker | None) -> list[AfterEnter]:
    """Ask the questions of "as this enters" replacement effects before anything moves."""
    after = []
    for hook in ENTER_HOOKS:
        f = hook(state, card, controller, asker)
        if f is not None:
            after.append(f)
    return after


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
          after: list[AfterEnter] | None = None) -> GameObject | None:
    """Put an object onto the battlefield (from any zone) and fire its ETB triggers.

    Returns None when an Aura has nothing it could enchant and stays where it is.
    """
    ctrl = obj.owner if controller is None else controller
    if after is None:
        after = prepare_enter(state, obj.card, ctrl, asker)
    if obj.card.is_aura and attach_to == NONE:
        choice = aura_choice(state, obj.card, ctrl, asker)
        if choice is None:
            if obj.zone == 5:  # from the stack: to the graveyard instead (303.4g)
                move(state, obj, GRAVEYARD)
            return None
        attach_to = choice
    if obj.card.enters_tapped:
        tapped = True
    new = move(state, obj, BATTLEFIELD, controller=ctrl, tapped=tapped)
    if obj.gained_keywords and obj.zone == STACK:  # 400.7a: the spell's gains stay
        new.gained_keywords = list(obj.gained_keywords)
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
                 tapped: bool = False, asker: Asker | None = None) -> GameObject:
    """Create a token on the battlefield (111.2); ``asker`` answers its "as it enters"
    questions (a token with devour, 702.82a)."""
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


# --- "enters with counters" (614.1c) and "As this enters, choose a color" (614.12) --------


def enters_with_counters(state: GameState, card: Card, controller: int,
                         asker: Asker | None) -> AfterEnter | None:
    """"[This] enters with N [kind] counters on it" of the entering card, and "each other
    creature you control enters with an additional X +1/+1 counters" of permanents
    already on the battlefield (X evaluated for that permanent now)."""
    if not card.enter_replacements and not state.derived.counts.enter_replacers:
        return None  # the common case: nothing to add, known before a probe is made
    adds: list[tuple[str, int]] = []
    probe = GameObject(-1, card, controller, controller, BATTLEFIELD,
                       color=card.color_mask)  # its colours (layer 5 field)
    for r in card.enter_replacements:
        if r.kind == "enters_with_counters":
            adds.append((r.counter, static_amount(state, r.amount, probe)))
    for oid in state.battlefield:
        src = state.objects[oid]
        if src.lost_abilities or not src.card.enter_replacements:
            continue
        for r in src.card.enter_replacements:
            if r.kind == "others_enter_with_counters" and matches(
                    state, r.filter, probe, src.controller, src.oid):
                adds.append((r.counter, static_amount(state, r.amount, src)))
    adds = [(k, n) for k, n in adds if n > 0]
    if not adds:
        return None

    def put(state: GameState, obj: GameObject) -> None:
        for kind, n in adds:
            add_counters(state, obj, kind, n)
    return put


ENTER_HOOKS.append(enters_with_counters)


def _choose_color(state: GameState, card: Card, controller: int,
                  asker: Asker | None) -> AfterEnter | None:
    if not card.enter_replacements or not any([
            isinstance(a, Replacement) and a.kind == "choose_color" for a in card.abilities]):
        return None
    pick = 0
    if asker is not None:
        pick = asker.choose(Decision(_KIND_COLOR, controller,
                                     f"{card.name}: choose a color",
                                     options=list(COLOR_CHOICES),
                                     about=ColorFor("as_enters", card)))
    color = COLOR_CHOICES[pick]
    return _color_setter(color)


class _ColorSetter:
    """Sets the chosen colour on the permanent once it is on the battlefield."""

    __slots__ = ("color",)

    def __init__(self, color: int) -> None:
        self.color = color

    def __call__(self, state: GameState, obj: GameObject) -> None:
        obj.chosen_color = self.color
        if state.log is not None:
            log(state, "choose_color", obj.controller, obj.card.name,
                "WUBRG"[COLOR_CHOICES.index(self.color)])


def _color_setter(color: int) -> AfterEnter:
    return _ColorSetter(color)


ENTER_HOOKS.append(_choose_color)
