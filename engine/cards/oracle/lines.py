"""One line of a card's text -> what it adds to the card: a keyword line, a triggered,
activated, mana or static ability, a replacement, or (for an instant or sorcery) the
spell's own effects; "Choose one —" with its bullets; forecast.

``Card`` collects a card's parts as its lines are read; ``read_line`` dispatches a line
to the first kind that understands it, and a line no kind understands refuses the card,
naming the clause that stopped it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgsim.engine.cards.oracle.costs import (
    ACTIVATED,
    COST,
    FILTER_ONCE,
    MANA_ABILITY,
    X_COST,
    mana_ability,
    parse_cost_text,
)
from mtgsim.engine.cards.oracle.effects import amend_line, parse_effects
from mtgsim.engine.cards.oracle.fx_lands import conditional_mana
from mtgsim.engine.cards.oracle.keywords import KEYWORD_LINE, keyword_line
from mtgsim.engine.cards.oracle.sagas import chapter_line
from mtgsim.engine.cards.oracle.table import RULES, Ability, Ctx, Data, declare, match
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span
from mtgsim.engine.cards.oracle.triggers import SUBJECT

TRIGGER_HEAD = declare("trigger_head", "the start of a triggered ability: \"When ~ enters, \"")
MAY = declare("trigger_may", "a triggered ability's \"you may\" (603.5: optional)")
MODES = declare("choose_one", "\"Choose one —\" and its bullets (700.2)")
FORECAST = declare("forecast", "\"Forecast — [cost], Reveal ~ from your hand: [effect]\"")
ABILITY_WORD = declare("ability_word", "an ability word (207.2c: no rules meaning)")

_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][a-z]+(?: [a-z]+)*) — (?=\S)")
FLAVOR_WORD = declare("flavor_word", "a flavor word (207.2c: no rules meaning)")
# A flavor word names an ability in Title Case, two words or more ("Spiked Retribution",
# "Crown of Madness"); one capitalised word is read as an ability word above. Roman
# numerals (a Saga's chapters) and hyphenated words are not words here.
_SMALL = r"(?:of|the|a|an|to|in|on|and|from|for|with|at|by)"
_FLAVOR_WORD = re.compile(
    rf"^(?P<word>[A-Z][a-z]+(?:'s)?(?: {_SMALL})*(?: [A-Z][a-z]+(?:'s)?(?: {_SMALL})*)+)"
    r" — (?=\S)")
# Keyword abilities printed "Word — [ability]" like an ability word, but with rules of
# their own (702.142 boast, 702.177 exhaust: when and how often they may be activated)
DASH_KEYWORDS = frozenset(("Boast", "Exhaust", "Max speed"))


@dataclass
class Card:
    """A card's parts as its lines are read."""

    ctx: Ctx
    is_spell: bool  # an instant or sorcery: its effect lines are the spell's
    x: bool
    keywords: list[str] = field(default_factory=list)
    abilities: list[Data] = field(default_factory=list)
    spell: Ability | None = None
    spell_effects: list[Data] = field(default_factory=list)
    modes: list[Data] = field(default_factory=list)
    fields: Data = field(default_factory=dict)
    enchant: Data | None = None


def read_lines(lines: list[str], card: Card,
               failed: list[NotUnderstood] | None = None) -> None:
    """Read every line into ``card``; raises NotUnderstood at the first line not
    understood, or (given ``failed``) notes it there and reads on: every line's first
    clause not understood, for coverage figures."""
    i = 0
    while i < len(lines):
        span = Span(lines[i], i, 0)
        bullets = 0
        if lines[i].endswith(("choose one —", "Choose one —")):
            while i + 1 + bullets < len(lines) and lines[i + 1 + bullets].startswith("• "):
                bullets += 1
        try:
            if lines[i].endswith(("choose one —", "Choose one —")) and not bullets:
                raise NotUnderstood(lines[i], "choose one without modes")
            read_line(span, card, [Span(lines[i + 1 + b], i + 1 + b, 0)
                                   for b in range(bullets)])
        except NotUnderstood as exc:
            if failed is None:
                raise
            failed.append(exc)
        i += 1 + bullets


def read_line(span: Span, card: Card, bullets: list[Span]) -> None:
    """One line (and the bullets of its "choose one —") into ``card``."""
    ctx = card.ctx
    if chapter_line(span, card):  # a Saga's "I, II — [effect]" (714.2)
        return
    w = _ABILITY_WORD.match(span.text)
    if w is not None and w.group("word") in DASH_KEYWORDS:
        raise NotUnderstood(w.group("word"), "a keyword ability the engine does not have")
    if w is not None and w.group("word") != "Forecast":
        ctx.consume(span.cut(0, w.end()), ABILITY_WORD)
        span = span.cut(w.end())
    elif not card.is_spell and (f := _FLAVOR_WORD.match(span.text)) is not None:
        # (a permanent's ability only: on an instant or sorcery a Title Case label may
        # choose between effects, as on Team Acceleration)
        ctx.consume(span.cut(0, f.end()), FLAVOR_WORD)
        span = span.cut(f.end())
    text = span.text
    if not bullets:
        kw = _try_keywords(span, card)
        if kw:
            return
    if re.match(r"^(?:When|Whenever|At) ", text):
        card.abilities.extend(triggered(span, card, bullets))
        return
    if bullets:
        if not card.is_spell or text not in ("Choose one —",):
            raise NotUnderstood(text, "modes")
        card.modes.extend(modes(span, bullets, card, Ability("spell", x=card.x)))
        return
    if text.startswith("Forecast — "):
        card.abilities.append(forecast(span, card))
        return
    colon = _colon(text)
    if colon >= 0:
        try:
            card.abilities.append(activated(span, colon, card))
            return
        except NotUnderstood as exc:
            if _static(span, card):
                return
            raise exc from None
    if _static(span, card):
        return
    if card.is_spell:
        if card.spell is None:
            card.spell = Ability("spell", x=card.x)
        amended = amend_line(span, card.spell, ctx, card.spell_effects) \
            if card.spell_effects else None
        if amended is not None:
            card.spell_effects = amended
            return
        card.spell_effects += parse_effects(span, card.spell, ctx)
        return
    raise NotUnderstood(text)


def _try_keywords(span: Span, card: Card) -> bool:
    try:
        kws = keyword_line(span.text)
    except NotUnderstood:
        return False
    card.keywords.extend(kws.keywords)
    if kws.enchant is not None:
        card.enchant = kws.enchant
    card.ctx.consume(span, KEYWORD_LINE)
    return True


def _colon(text: str) -> int:
    """Where the cost of an activated ability ends (the first ": " outside quotes), or
    -1."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted and text[i + 1:i + 2] == " ":
            return i
    return -1


def _static(span: Span, card: Card) -> bool:
    found = match("static", span)
    if found is None:
        return False
    r, m = found
    ab = Ability("static", span=span, ctx=card.ctx)
    saved = len(card.ctx.pieces)
    try:
        out = r.build(m, ab, card.ctx)
    except NotUnderstood as exc:  # the static ability's line is the clause not understood
        del card.ctx.pieces[saved:]
        raise NotUnderstood(span.text, exc.why or exc.clause) from None
    card.ctx.glue(span, ab.nested, r.name)
    card.keywords.extend(out.get("keywords", []))
    card.abilities.extend(out.get("abilities", []))
    fields = out.get("card", {})
    assert isinstance(fields, dict)
    for key, value in fields.items():
        if key in card.fields:
            raise NotUnderstood(span.text, f"two {key}s")
        card.fields[key] = value
    return True


_HEAD = re.compile(r"^(?P<head>(?:When|Whenever|At) [^,]+), (?P<body>.+)$")
_IF = re.compile(r"^(?P<cond>if [^,]+), (?P<rest>.+)$")


def triggered(span: Span, card: Card, bullets: list[Span]) -> list[Data]:
    """A triggered ability (two for haunt's "When ~ enters or the creature it haunts
    dies": the same effects on either event)."""
    ctx = card.ctx
    m = _HEAD.match(span.text)
    if m is None:
        raise NotUnderstood(span.text, "trigger")
    head = span.group(m, "head")
    found = match("trigger", head)
    if found is None:
        raise NotUnderstood(head.text, "an event the engine does not have")
    r, hm = found
    specs: list[Data] = r.build(hm, ctx)
    ctx.consume(head, r.name)
    ctx.consume(span.cut(m.end("head"), m.start("body")), TRIGGER_HEAD)
    when = specs[0]["when"]
    ab = Ability("triggered", it=SUBJECT.get(when, "self"), when=when, ctx=ctx)
    body = span.group(m, "body")
    condition: Data | None = None
    c = _IF.match(body.text)
    if c is not None:
        cond = body.group(c, "cond")
        found_c = match("condition", cond)
        if found_c is None:
            raise NotUnderstood(cond.text, "a condition the engine does not have")
        condition = found_c[0].build(found_c[1], ab)
        ctx.consume(cond, found_c[0].name)
        ctx.consume(body.cut(c.end("cond"), c.start("rest")), TRIGGER_HEAD)
        body = body.group(c, "rest")
    if body.text.startswith("you may "):
        ab.optional = True
        ctx.consume(body.cut(0, 8), MAY)
        body = body.cut(8)
    effects: list[Data] = []
    trigger_modes: list[Data] = []
    if bullets:
        if body.text not in ("choose one —",):
            raise NotUnderstood(body.text, "modes")
        trigger_modes = modes(body, bullets, card, ab)
    else:
        effects = parse_effects(body, ab, ctx)
    out = []
    for spec in specs:
        a: Data = {"type": "triggered", **spec, "effects": effects}
        if ab.targets:
            a["targets"] = list(ab.targets)
        if condition is not None:
            if "condition" in a:
                raise NotUnderstood(span.text, "two conditions")
            a["condition"] = condition
        if ab.optional:
            a["optional"] = True
        if trigger_modes:
            a["modes"] = trigger_modes
        out.append(a)
    return out


def modes(head: Span, bullets: list[Span], card: Card, outer: Ability) -> list[Data]:
    """"Choose one —" and its bullets: one mode each, with its own targets."""
    ctx = card.ctx
    ctx.consume(head, MODES)
    out = []
    for b in bullets:
        ctx.consume(b.cut(0, 2), MODES)
        body = b.cut(2)
        label = body.text.rstrip(".")
        name = _mode_name(body.text)
        if name:
            ctx.consume(body.cut(0, name), MODE_NAME)
            body = body.cut(name)
        ab = Ability(outer.kind, it=outer.it, when=outer.when, x=outer.x, ctx=ctx)
        effects = parse_effects(body, ab, ctx)
        mode: Data = {"label": label, "effects": effects}
        if ab.targets:
            mode["targets"] = ab.targets
        out.append(mode)
    return out


MODE_NAME = declare("small_mode_flavor_name",
                    "a mode's flavor name: \"• Cure Wounds — You gain 2 life.\" (207.2d, 700.2)")
_MODE_NAME = re.compile(r"^[A-Z][a-z]+(?:'s)? — (?=\S)")


def _mode_name(text: str) -> int:
    """Where a mode's flavor name ends ("Cure Wounds — ", Dawnbringer Cleric; "Whack — "),
    or 0: a Title Case name and an em dash before the mode's text. A flavor word has no
    rules meaning (207.2d); the mode is its text after the dash, read as any mode's
    (700.2). A keyword printed like one (boast, exhaust: ``DASH_KEYWORDS``) is no name."""
    m = _FLAVOR_WORD.match(text) or _MODE_NAME.match(text)
    if m is None or text[:m.end()].removesuffix(" — ") in DASH_KEYWORDS:
        return 0
    return m.end()


_RESTRICTION = re.compile(r"(?:^|(?<=\. ))(?:Activate|Spend) only [^.]+\.$")


def activated(span: Span, colon: int, card: Card) -> Data:
    """"[Cost]: [Effects]. [Activate only ...]" -> an activated or a mana ability."""
    ctx = card.ctx
    ab = Ability("activated", ctx=ctx)
    cost_span = span.cut(0, colon)
    cost = parse_cost_text(cost_span.text, ab, x_ok=True)
    rest = span.cut(colon + 1).strip()
    extra: Data = {}
    restriction = _RESTRICTION.search(rest.text)
    body = rest
    if restriction is not None:
        body = rest.cut(0, restriction.start()).strip()
        rspan = rest.cut(restriction.start())
        for sentence in re.findall(r"(?:Activate|Spend) only [^.]+\.", rspan.text):
            found = None
            for r in RULES.get("restriction", ()):
                rm = r.regex.fullmatch(sentence)
                if rm is not None:
                    found = (r, rm)
                    break
            if found is None:
                raise NotUnderstood(sentence, "a restriction the engine does not have")
            start = rspan.text.index(sentence)
            sentence_span = rspan.cut(start, start + len(sentence))
            ab.span, ab.nested = sentence_span, []
            found[0].build(found[1], ab, extra)
            ctx.glue(sentence_span, ab.nested, found[0].name)
    if "x_color" in extra:  # a restriction on paying the cost (engine.rules.x_costs)
        cost["x_color"] = extra.pop("x_color")
    if body.text.startswith("Add ") and extra == {"once_per_turn": True}:
        # "{1}: Add {R}, {W}, or {B}. Activate only once each turn." (a filter, 602.5b)
        out = mana_ability(cost, body.text, ab, once=True)
        ctx.consume(cost_span, COST)
        ctx.consume(span.cut(colon, colon + 1), MANA_ABILITY)
        ctx.consume(body, FILTER_ONCE)
        return out
    if body.text.startswith("Add ") and not extra:
        two = conditional_mana(cost, body, ab)  # "... add {C}{C} instead." (Urza's Mine)
        if two is not None:
            ctx.consume(cost_span, COST)
            ctx.consume(span.cut(colon, colon + 1), MANA_ABILITY)
            card.abilities.append(two[0])
            return two[1]
        out = mana_ability(cost, body.text, ab)
        ctx.consume(cost_span, COST)
        ctx.consume(span.cut(colon, colon + 1), MANA_ABILITY)
        ctx.consume(body, MANA_ABILITY)
        return out
    if cost.get("reveal_self") or cost.get("discard_self") and set(cost) - {"discard_self",
                                                                            "mana"}:
        raise NotUnderstood(cost_span.text, "a cost paid from the hand")
    if cost.get("discard_self"):
        # "Discard ~: ..." (Faerie Macabre): the ability moves its card out of the hand,
        # so it works only there (113.6k)
        ab.zone = "hand"
    effects = parse_effects(body, ab, ctx)
    ctx.consume(cost_span, X_COST if ab.x else COST)
    ctx.consume(span.cut(colon, colon + 1), ACTIVATED)
    a: Data = {"type": "activated", "cost": cost, "effects": effects}
    if ab.targets:
        a["targets"] = ab.targets
    if ab.zone != "battlefield":
        a["zone"] = ab.zone
    a.update(extra)
    return a


_FORECAST = re.compile(r"^Forecast — (?P<cost>[^:]+): (?P<body>.+)$")


def forecast(span: Span, card: Card) -> Data:
    """Forecast (702.57): an activated ability of the card in its owner's hand, only
    during their upkeep and once each turn, its cost including revealing it."""
    ctx = card.ctx
    m = _FORECAST.match(span.text)
    if m is None:
        raise NotUnderstood(span.text, "forecast")
    card.keywords.append("Forecast")
    ab = Ability("activated", ctx=ctx)
    cost_span = span.group(m, "cost")
    cost = parse_cost_text(cost_span.text, ab)
    if not cost.pop("reveal_self", False):
        raise NotUnderstood(cost_span.text, "forecast cost")
    cost["reveal_self"] = True
    effects = parse_effects(span.group(m, "body"), ab, ctx)
    ctx.consume(span.cut(0, m.start("cost")), FORECAST)
    ctx.consume(cost_span, COST)
    ctx.consume(span.cut(m.end("cost"), m.start("body")), FORECAST)
    a: Data = {"type": "activated", "zone": "hand", "upkeep_only": True,
               "once_per_turn": True, "keyword": "forecast", "cost": cost,
               "effects": effects}
    if ab.targets:
        a["targets"] = ab.targets
    return a


def granted_line(span: Span, ctx: Ctx) -> list[Data]:
    """A quoted ability a card gives ("It has \"Sacrifice ~: Add {C}.\"") -> abilities."""
    card = Card(ctx, is_spell=False, x=False)
    read_line(span, card, [])
    if card.keywords or card.fields or card.spell_effects or card.modes:
        raise NotUnderstood(span.text, "a granted ability of this kind")
    return card.abilities
