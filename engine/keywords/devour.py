"""Devour N and Devour [quality] N (702.82).

702.82a "Devour N" means "As this object enters, you may sacrifice any number of
creatures. This permanent enters with N +1/+1 counters on it for each creature sacrificed
this way."
702.82b "It devoured" means "sacrificed as a result of its devour ability as it entered
the battlefield": the permanent remembers what it devoured (``GameObject.devoured`` and
``devoured_lki``, read by the ``devoured`` condition and amount of engine/keywords/
engine.rules.filters: devoured_matching, the ``devoured`` amount).
702.82c "Devour [quality] N": any number of [quality] permanents ("Devour artifact 1",
"Devour land 3", "Devour Food 3").

"Devour X, where X is the number of creatures devoured this way" (Thromok the
Insatiable) puts X counters for each, X * X in all. Each devour instance of an object is
its own ability: it asks its own question, and a permanent sacrificed to one instance is
not offered to the next. It is a replacement effect of the entering permanent (614.1c):
the choice is made as the object would enter ("as this enters"), before anything moves;
the permanents are sacrificed and the counters put on as it enters. It is the one effect
on entering that acts on the game as it applies (``acts``: what it may sacrifice), so
beside an effect that reads what it may sacrifice (Bloodspore Thrinax's) the controller
chooses the order (616.1, engine.rules.entering). Cards and tokens
alike (a Dragon token with devour 2 asks too).

Decision "devour" (multi, 0..all): which permanents to sacrifice to this instance.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    T_ARTIFACT,
    T_CREATURE,
    T_LAND,
    Devoured,
    KeywordInstance,
)
from mtgsim.engine.effects.add_counters import add_counters
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.rules.entering import AfterEnter, EnterEvent, EnterRule, enter_rule
from mtgsim.engine.rules.filters import devoured_matching, has_subtype
from mtgsim.engine.rules.zones import begin_event, end_event
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, Devouring
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GRAVEYARD,
    Decision,
    GameObject,
    GameState,
)
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_DEVOUR = DecisionKind.DEVOUR

QUALITY_TYPES = {"": T_CREATURE, "creature": T_CREATURE, "artifact": T_ARTIFACT,
                 "land": T_LAND}


def qualifies(obj: GameObject, quality: str) -> bool:
    """Is ``obj`` a permanent of the devour instance's quality (702.82a, c)?"""
    mask = QUALITY_TYPES.get(quality)
    if mask is not None:
        return bool((obj.card.type_mask | obj.extra_types) & mask)
    return has_subtype(obj, quality.capitalize())  # "Devour Food 3"


def counters_for(inst: KeywordInstance, eaten: int) -> int:
    """N counters per permanent; "Devour X" (X = how many were devoured): X per one."""
    per = eaten if inst.n < 0 else inst.n
    return per * eaten


def _candidates(state: GameState, event: EnterEvent, quality: str,
                chosen: list[int]) -> list[int]:
    """The permanents of ``quality`` its controller may sacrifice to one instance: theirs,
    not sacrificed to another instance or another effect already (``event.gone``)."""
    controller = event.controller
    return [oid for oid in state.battlefield if oid not in chosen and oid not in event.gone
            and state.objects[oid].controller == controller
            and qualifies(state.objects[oid], quality)]


def devour_sources(state: GameState, event: EnterEvent) -> list[int]:
    card = event.card
    if "devour" in card.keyword_names and any([k.name == "devour"
                                                for k in card.keyword_instances]):
        return [event.oid]
    return []


def devour_removes(state: GameState, event: EnterEvent, source: int) -> list[int]:
    """What devour may sacrifice as it applies: the effects of those permanents, and
    what counts them, may depend on whether it applies first (616.1)."""
    out: list[int] = []
    for k in event.card.keyword_instances:
        if k.name == "devour":
            out.extend([oid for oid in _candidates(state, event, k.quality, out)])
    return out


def devour_enters(state: GameState, event: EnterEvent, source: int,
                  asker: Asker | None) -> AfterEnter | None:
    card = event.card
    controller = event.controller
    instances = [k for k in card.keyword_instances if k.name == "devour"]
    chosen: list[int] = []
    plan: list[tuple[KeywordInstance, list[int]]] = []
    for k in instances:
        options = _candidates(state, event, k.quality, chosen)
        picks: list[int] = []
        if options and asker is not None:
            picks = asker.choose_many(Decision(
                _KIND_DEVOUR, controller, f"{card.name}: sacrifice any number to {k.text}",
                options=options, multi=True, min_count=0, max_count=len(options),
                about=Devouring(card, k.text)))
        eaten = [options[i] for i in picks]
        chosen.extend(eaten)
        plan.append((k, eaten))
    event.gone.extend(chosen)
    # 616.1: the replacement effects of each permanent sacrificed, chosen by its controller
    # now, before anything moves
    plans = rep.plan_leaving(state, [state.objects[oid] for oid in chosen], GRAVEYARD, asker)

    def eat(state: GameState, obj: GameObject) -> None:
        total = 0
        # All are sacrificed at once, one event, as the devourer enters: it was not on
        # the battlefield immediately before, so its own leaves-the-battlefield abilities
        # don't see them go (603.10a); everything else on the battlefield does.
        begin_event(state)
        if obj.oid in state.event_before:
            state.event_before.remove(obj.oid)
        for k, eaten in plan:
            done = 0
            for oid in eaten:
                victim = state.objects.get(oid)
                # Only a permanent still there and still yours can be sacrificed (701.17a).
                if victim is None or victim.zone != BATTLEFIELD or \
                        victim.controller != obj.controller:
                    continue
                rep.sacrifice(state, victim, plan=plans.get(oid))
                obj.devoured_lki = (*obj.devoured_lki, victim)
                done += 1
            total += counters_for(k, done)
        end_event(state)
        obj.devoured = len(obj.devoured_lki)
        add_counters(state, obj, "+1/+1", total)
        if obj.devoured:
            count(state, obj.controller, "devoured", obj.devoured)
            count(state, obj.controller, "devour_counters", total)
    return eat


DEVOUR = enter_rule(EnterRule("devour", devour_sources, devour_enters,
                             acts=devour_removes, keyword="devour"))


@condition_rule(Devoured)
def devoured(state: GameState, cond: Devoured, controller: int, source: GameObject,
             subject: GameObject | None) -> bool:
    """"If it devoured a creature" (702.82b)."""
    return devoured_matching(state, source, cond.filter) >= cond.at_least
