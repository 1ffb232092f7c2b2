"""Devour N and Devour [quality] N (702.82): "As this object enters, you may sacrifice any
number of creatures ([quality] permanents). This permanent enters with N +1/+1 counters
on it for each one sacrificed this way." What it devoured is remembered (702.82b)."""

from __future__ import annotations

from engine import replacement as rep
from engine.ask import Asker
from engine.cards import CardDef
from engine.effects import add_counters
from engine.filters import has_subtype
from engine.replacement import ENTER_HOOKS, AfterEnter
from engine.state import Decision, GameObject, GameState
from engine.stats import count

QUALITY_TYPES = {"": 2, "artifact": 4, "land": 1, "creature": 2}


def _qualifies(obj: GameObject, quality: str) -> bool:
    if quality in QUALITY_TYPES:
        return bool(obj.card._type_mask & QUALITY_TYPES[quality])
    return has_subtype(obj, quality.capitalize())


def devour_enters(state: GameState, card: CardDef, controller: int,
                  asker: Asker | None) -> AfterEnter | None:
    instances = [k for k in card._kwi if k.name == "devour"]
    if not instances:
        return None
    chosen: list[int] = []
    per = []
    for k in instances:
        options = [oid for oid in state.battlefield if oid not in chosen
                   and state.objects[oid].controller == controller
                   and _qualifies(state.objects[oid], k.quality)]
        picks: list[int] = []
        if options and asker is not None:
            picks = asker.choose_many(Decision(
                "devour", controller, f"{card.name}: sacrifice to {k.text}", options=options,
                multi=True, min_count=0, max_count=len(options)))
        eaten = [options[i] for i in picks]
        chosen.extend(eaten)
        per.append((k.n if k.n > 0 else 1, len(eaten)))

    def eat(state: GameState, obj: GameObject) -> None:
        for oid in chosen:
            victim = state.objects.get(oid)
            if victim is not None:
                rep.sacrifice(state, victim)
        counters = sum(n * eaten for n, eaten in per)
        obj.devoured = len(chosen)
        add_counters(state, obj, "+1/+1", counters)
        if chosen:
            count(state, obj.controller, "devoured", len(chosen))
            count(state, obj.controller, "devour_counters", counters)
    return eat


ENTER_HOOKS.append(devour_enters)
