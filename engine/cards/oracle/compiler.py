"""The compiler: a corpus record -> a ``CardDef``, or the card refused with the reason.

Characteristics come from the record's fields (name, mana cost, types, subtypes,
supertypes, power and toughness; a basic land type's intrinsic mana ability, 305.6; no
colour for devoid, 702.114a); abilities from the text through the clause table
(``engine.cards.oracle.lines``). A card compiles only if every line is understood; the
first clause that is not refuses it (``Refused.clause``). Layouts and card types the
engine cannot play (modal double-faced, split, class, planeswalkers, battles, ...)
are refused with that reason.

The definition is assembled as a card file would write it and decoded by msgspec into
``CardDef`` (so it is checked as a card file is), then checked as the pool will compile
it (``compile_record``'s ``check``): its mana cost parsed and its keywords expanded.
"""

from __future__ import annotations

import re

import msgspec

import mtgsim.engine.cards.oracle.fx_adapt  # noqa: F401
import mtgsim.engine.cards.oracle.fx_attach  # noqa: F401  (the clause patterns register)
import mtgsim.engine.cards.oracle.fx_attached_statics  # noqa: F401
import mtgsim.engine.cards.oracle.fx_basic  # noqa: F401
import mtgsim.engine.cards.oracle.fx_becomes_artifact_creature  # noqa: F401
import mtgsim.engine.cards.oracle.fx_blink  # noqa: F401
import mtgsim.engine.cards.oracle.fx_blockable_only_by  # noqa: F401
import mtgsim.engine.cards.oracle.fx_board_conditions  # noqa: F401
import mtgsim.engine.cards.oracle.fx_cast_this_turn  # noqa: F401
import mtgsim.engine.cards.oracle.fx_chosen_type_reveal  # noqa: F401
import mtgsim.engine.cards.oracle.fx_chosen_untap  # noqa: F401  (before fx_objects)
import mtgsim.engine.cards.oracle.fx_commanders  # noqa: F401
import mtgsim.engine.cards.oracle.fx_control_conditions  # noqa: F401
import mtgsim.engine.cards.oracle.fx_control_count  # noqa: F401
import mtgsim.engine.cards.oracle.fx_cost_changes  # noqa: F401
import mtgsim.engine.cards.oracle.fx_counter_for_each  # noqa: F401  (before fx_objects)
import mtgsim.engine.cards.oracle.fx_damage_each  # noqa: F401
import mtgsim.engine.cards.oracle.fx_discard_each_cant  # noqa: F401
import mtgsim.engine.cards.oracle.fx_disturb  # noqa: F401
import mtgsim.engine.cards.oracle.fx_draw_triggers  # noqa: F401
import mtgsim.engine.cards.oracle.fx_during_your_turn  # noqa: F401
import mtgsim.engine.cards.oracle.fx_enchanted_toy  # noqa: F401
import mtgsim.engine.cards.oracle.fx_entered_this_turn  # noqa: F401
import mtgsim.engine.cards.oracle.fx_exile_graveyard  # noqa: F401
import mtgsim.engine.cards.oracle.fx_exile_if_dies  # noqa: F401
import mtgsim.engine.cards.oracle.fx_flagbearer  # noqa: F401
import mtgsim.engine.cards.oracle.fx_hand_to_library  # noqa: F401
import mtgsim.engine.cards.oracle.fx_if_discarded  # noqa: F401
import mtgsim.engine.cards.oracle.fx_if_target_is  # noqa: F401
import mtgsim.engine.cards.oracle.fx_if_you_do  # noqa: F401
import mtgsim.engine.cards.oracle.fx_impulse_draw  # noqa: F401
import mtgsim.engine.cards.oracle.fx_initiative  # noqa: F401
import mtgsim.engine.cards.oracle.fx_job_select  # noqa: F401
import mtgsim.engine.cards.oracle.fx_keyword_counters  # noqa: F401
import mtgsim.engine.cards.oracle.fx_land_type_choice  # noqa: F401
import mtgsim.engine.cards.oracle.fx_lands  # noqa: F401
import mtgsim.engine.cards.oracle.fx_library  # noqa: F401
import mtgsim.engine.cards.oracle.fx_life_equal  # noqa: F401
import mtgsim.engine.cards.oracle.fx_linked  # noqa: F401
import mtgsim.engine.cards.oracle.fx_mana_artifacts  # noqa: F401
import mtgsim.engine.cards.oracle.fx_monarch  # noqa: F401
import mtgsim.engine.cards.oracle.fx_objects  # noqa: F401
import mtgsim.engine.cards.oracle.fx_optional_costs  # noqa: F401
import mtgsim.engine.cards.oracle.fx_poison  # noqa: F401
import mtgsim.engine.cards.oracle.fx_prevent  # noqa: F401
import mtgsim.engine.cards.oracle.fx_pump  # noqa: F401
import mtgsim.engine.cards.oracle.fx_removal  # noqa: F401
import mtgsim.engine.cards.oracle.fx_sacrificed  # noqa: F401
import mtgsim.engine.cards.oracle.fx_same_name  # noqa: F401
import mtgsim.engine.cards.oracle.fx_search_other  # noqa: F401
import mtgsim.engine.cards.oracle.fx_sneak  # noqa: F401
import mtgsim.engine.cards.oracle.fx_special  # noqa: F401
import mtgsim.engine.cards.oracle.fx_spells  # noqa: F401
import mtgsim.engine.cards.oracle.fx_tokens  # noqa: F401
import mtgsim.engine.cards.oracle.fx_transform  # noqa: F401
import mtgsim.engine.cards.oracle.fx_trigger_events  # noqa: F401
import mtgsim.engine.cards.oracle.fx_zones  # noqa: F401
import mtgsim.engine.cards.oracle.statics  # noqa: F401
import mtgsim.engine.cards.oracle.triggers  # noqa: F401
import mtgsim.engine.effects.all  # noqa: F401  (every effect registers: the union links)
import mtgsim.engine.keywords.all  # noqa: F401
from mtgsim.engine.cards.oracle.adventures import compile_adventurer
from mtgsim.engine.cards.oracle.bestow import compile_bestow, has_bestow
from mtgsim.engine.cards.oracle.corpus import Record
from mtgsim.engine.cards.oracle.faces import compile_faces
from mtgsim.engine.cards.oracle.lines import Card, granted_line, read_line, read_lines
from mtgsim.engine.cards.oracle.outcome import Check as Check
from mtgsim.engine.cards.oracle.outcome import Compiled as Compiled
from mtgsim.engine.cards.oracle.outcome import Refused as Refused
from mtgsim.engine.cards.oracle.overload import compile_overload, has_overload
from mtgsim.engine.cards.oracle.sagas import check_chapters
from mtgsim.engine.cards.oracle.table import Ctx, Data, declare
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span, normalise
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.rules.effect import link_effects
from mtgsim.engine.rules.mana import ManaCostError, parse_cost

link_effects()

LAYOUTS = ("normal", "leveler", "saga")
FACED = ("transform",)  # layouts of two faces the compiler reads (engine.cards.oracle.faces)
ADVENTURER = "adventure"  # adventurer and Omen cards (engine.cards.oracle.adventures)
_TYPES = {"Creature": "creature", "Artifact": "artifact", "Enchantment": "enchantment",
          "Land": "land", "Instant": "instant", "Sorcery": "sorcery", "Kindred": "kindred",
          "Tribal": "kindred"}
_SUPERTYPES = {"Basic": "basic", "Legendary": "legendary", "Snow": "snow", "World": "world"}
_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LEVEL = declare("level", "a leveler's level symbol and its power/toughness (711)")
INTRINSIC = "{T}: Add one mana of its basic land type (305.6)"


def compile_record(rec: Record, check: Check | None = None,
                   every: bool = False) -> Compiled | Refused:
    """The card a corpus record describes, or why it is refused. ``check``: what the
    pool does with a definition as it loads it (``engine.cards.pool.compile_card``:
    parses its cost, expands its keywords); a ValueError from it refuses the card.
    ``every``: read every line even after one fails, and list each line's first clause
    not understood in ``Refused.clauses`` (what coverage figures count). A transforming
    double-faced card compiles each face (``engine.cards.oracle.faces``), an adventurer
    card each half (``engine.cards.oracle.adventures``)."""
    if rec.layout in FACED:
        return compile_faces(rec, check, every, compile_face)
    if rec.layout == ADVENTURER:
        return compile_adventurer(rec, check, every, compile_face)
    if rec.layout == "normal" and has_overload(rec):  # 702.96 (engine.cards.oracle.overload)
        return compile_overload(rec, check, every, compile_face)
    if rec.layout == "normal" and has_bestow(rec):  # 702.103 (engine.cards.oracle.bestow)
        return compile_bestow(rec, check, every, compile_face)
    return compile_face(rec, check, every)


def compile_face(rec: Record, check: Check | None = None, every: bool = False,
                 face: str = "") -> Compiled | Refused:
    """One face of a card (``face``: "" for a card of one face, else "front" or "back",
    its name the face's own; "adventurer" or "adventure" for an adventurer card's
    halves)."""
    why = _unplayable(rec, face)
    if why:
        return Refused(rec.name, why)
    name = rec.name.split(" // ", 1)[0]
    types = tuple(_TYPES[t] for t in rec.types)
    text = rec.text or ""
    lines = normalise(text, name)
    ctx = Ctx(name, types, tuple(rec.subtypes), lines=lines,
              line_parser=granted_line, layout=rec.layout,
              face=face if face in ("front", "back") else "")
    spell = "instant" in types or "sorcery" in types
    x = "{X}" in (rec.manaCost or "")
    ctx.x = x
    card = Card(ctx, is_spell=spell, x=x)
    data = _characteristics(rec, types)
    data["name"] = name
    failed: list[NotUnderstood] | None = [] if every else None
    try:
        if rec.layout == "leveler":
            levels = _leveler(lines, card)
            data["levels"] = levels
        else:
            read_lines(lines, card, failed)
        if failed:
            raise failed[0]
        check_chapters(card.abilities, rec.name)
        data.update(_abilities(card, rec, types))
    except NotUnderstood as exc:
        clauses = tuple(f.clause for f in failed) if failed else (exc.clause,)
        return Refused(rec.name, exc.why, exc.clause, clauses)
    data["text"] = text
    try:
        defn = msgspec.convert(data, CardDef)
        if check is not None:
            check(defn)
    except (msgspec.ValidationError, ValueError) as exc:
        return Refused(rec.name, f"not a valid card: {exc}")
    return Compiled(defn, tuple(lines), tuple(ctx.pieces))


def _unplayable(rec: Record, face: str = "") -> str:
    """Why the engine cannot play this card (or this face: "front", "back") whatever its
    text says, or ""."""
    if not face and rec.layout not in LAYOUTS:
        return f"{rec.layout} layout: the engine plays single-faced and transforming " \
            "double-faced cards only"
    for t in rec.types:
        if t not in _TYPES:
            return f"{t.lower()} cards are not supported"
    if not rec.types:
        return "no card type"
    for s in rec.supertypes:
        if s not in _SUPERTYPES:
            return f"{s.lower()} supertype is not supported"
    if "Land" in rec.types and len(rec.types) > 1 and "Artifact" not in rec.types:
        return "land creatures and other land types are not supported"
    cost = rec.manaCost or ""
    if not cost and "Land" not in rec.types and face != "back":  # a back face has none
        return "no mana cost: the card cannot be cast the ways the engine knows"
    try:
        parse_cost(cost, phyrexian=True)
    except ManaCostError:
        return f"mana cost {cost} has symbols the engine cannot pay"
    if ("Creature" in rec.types) != (rec.power is not None and rec.toughness is not None):
        return "power and toughness"
    for v in (rec.power, rec.toughness):
        if v is not None and not re.fullmatch(r"\d+", v):
            return f"power or toughness {v} is not a number"
    return ""


def _characteristics(rec: Record, types: tuple[str, ...]) -> Data:
    data: Data = {"name": rec.name, "types": list(types), "mana_cost": rec.manaCost or ""}
    if rec.supertypes:
        data["supertypes"] = [_SUPERTYPES[s] for s in rec.supertypes]
    if rec.subtypes:
        data["subtypes"] = list(rec.subtypes)
    if rec.power is not None and rec.toughness is not None:
        data["power"], data["toughness"] = int(rec.power), int(rec.toughness)
    return data


def _abilities(card: Card, rec: Record, types: tuple[str, ...]) -> Data:
    out: Data = {}
    if card.keywords:
        out["keywords"] = card.keywords
    if any(k.lower() == "devoid" for k in card.keywords):
        out["colors"] = []
    abilities = list(card.abilities)
    basic = "".join(c for t, c in _BASIC_MANA.items() if t in rec.subtypes)
    if basic and "land" in types:
        abilities.append({"type": "mana", "colors": basic})
    if abilities:
        out["abilities"] = abilities
    if card.enchant is not None:
        out["enchant"] = card.enchant
    spell: Data = {}
    if card.spell is not None and card.spell.targets:
        spell["targets"] = card.spell.targets
    if card.spell_effects:
        spell["effects"] = card.spell_effects
    if card.modes:
        spell["modes"] = card.modes
    extra = card.fields.pop("additional_cost", None)
    if extra is not None:
        if "instant" not in types and "sorcery" not in types:
            raise_ = NotUnderstood("As an additional cost", "on a permanent spell")
            raise raise_
        spell["additional_cost"] = extra
        other = card.fields.pop("additional_cost_or", None)
        if other is not None:  # "..., [A] or [B]" (engine.cards.oracle.fx_cost_changes)
            spell["additional_cost_or"] = other
    if spell:
        if "instant" not in types and "sorcery" not in types:
            raise NotUnderstood(rec.text or "", "a permanent with a spell's effects")
        if card.spell_effects and card.modes:
            raise NotUnderstood(rec.text or "", "effects and modes")
        out["spell"] = spell
    elif "instant" in types or "sorcery" in types:
        raise NotUnderstood(rec.text or "", "a spell that does nothing")
    out.update(card.fields)
    return out


_LEVEL = re.compile(r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|(?P<plus>\+))$")
_PT = re.compile(r"^(?P<p>\d+)/(?P<t>\d+)$")


def _leveler(lines: list[str], card: Card) -> list[Data]:
    """A leveler's text (711): its lines up to the first level symbol, then each band:
    "LEVEL 2-6", its power/toughness, its abilities (keywords of the band and other
    abilities, which exist only at that level, 711.2)."""
    first = next((i for i, line in enumerate(lines) if _LEVEL.match(line)), None)
    if first is None:
        raise NotUnderstood(lines[0] if lines else "", "a leveler without levels")
    read_lines(lines[:first], card)
    bands: list[Data] = []
    i = first
    ctx = card.ctx
    while i < len(lines):
        m = _LEVEL.match(lines[i])
        if m is None or i + 1 >= len(lines):
            raise NotUnderstood(lines[i], "level symbol")
        pt = _PT.match(lines[i + 1])
        if pt is None:
            raise NotUnderstood(lines[i + 1], "level power/toughness")
        ctx.consume(Span(lines[i], i, 0), LEVEL)
        ctx.consume(Span(lines[i + 1], i + 1, 0), LEVEL)
        band: Data = {"low": int(m.group("low")), "power": int(pt.group("p")),
                      "toughness": int(pt.group("t"))}
        if m.group("high"):
            band["high"] = int(m.group("high"))
        j = i + 2
        inner = Card(ctx, is_spell=False, x=False)
        while j < len(lines) and not _LEVEL.match(lines[j]):
            read_line(Span(lines[j], j, 0), inner, [])
            j += 1
        kws = [k.lower() for k in inner.keywords]
        if kws:
            band["keywords"] = kws
        if inner.abilities:
            band["abilities"] = inner.abilities
        if inner.fields or inner.enchant or inner.spell_effects:
            raise NotUnderstood(lines[i], "a level band with this")
        bands.append(band)
        i = j
    return bands
