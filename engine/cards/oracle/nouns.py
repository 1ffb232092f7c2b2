"""Noun phrases of Oracle text: the objects and players a clause names, read into the
schema's filters and targets.

"another target nonblack creature an opponent controls with flying", "each creature you
control with a +1/+1 counter on it", "up to three target land cards from your graveyard":
a phrase is read word by word (quantity, qualities, the type words, then what follows
them), and every word must be understood; a word the reader does not know refuses the
clause (``NotUnderstood``).

The engine models no planeswalkers and no battles (a card that is one is refused), so
"creature or planeswalker" and "player or planeswalker" name, in every game the engine
plays, exactly the creatures and the players.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.table import Ability, Data, count
from mtgsim.engine.cards.oracle.text import NotUnderstood

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "instant", "sorcery")
_PLURAL_TYPES = {
    "creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
    "lands": "land", "instants": "instant", "sorceries": "sorcery",
}
_NOUNS = {"permanent": "permanent", "permanents": "permanent", "card": "card",
          "cards": "card", "spell": "spell", "spells": "spell"}
_NON = {"nonland": ("not_types", "land"), "nonartifact": ("not_types", "artifact"),
        "noncreature": ("not_types", "creature"),
        "nonenchantment": ("not_types", "enchantment"),
        "nonbasic": ("not_supertypes", "basic"),
        "nonlegendary": ("not_supertypes", "legendary")}
KEYWORD_WORDS = (
    "flying", "reach", "trample", "deathtouch", "lifelink", "vigilance", "haste", "menace",
    "defender", "first strike", "double strike", "hexproof", "shroud", "indestructible",
    "fear", "intimidate", "flash", "shadow", "wither", "infect", "plainswalk", "islandwalk",
    "swampwalk", "mountainwalk", "forestwalk",
)


# How "equal to [amount]" is read (``engine.cards.oracle.amounts.equal_to``, which reads
# noun phrases itself: registered there, so the two modules do not import each other).
AMOUNTS: list[Callable[[str, Ability], int | Data]] = []


@cache
def subtypes() -> frozenset[str]:
    """Every subtype a corpus card has (creature, land, artifact, enchantment types)."""
    out: set[str] = set()
    for rec in corpus.records().values():
        out.update(rec.subtypes)
    return frozenset(out)


def singular_subtype(word: str) -> str | None:
    """The subtype a (possibly plural) capitalised word names: "Elves" -> "Elf"."""
    if not word[:1].isupper():
        return None
    known = subtypes()
    candidates: list[str] = []
    if word.endswith("ves"):
        candidates += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    candidates.append(word)
    for c in candidates:
        if c in known:
            return c
    return None


@dataclass
class Noun:
    """A phrase read: what it names (``noun``: "creature", "permanent", "card", "spell",
    "player", "opponent"), the filter, whether it is plural, and its zone words."""

    noun: str
    filter: Data = field(default_factory=dict)
    plural: bool = False
    zone: str = ""  # "your graveyard", "a graveyard" (cards)


def _add(f: Data, key: str, value: str) -> None:
    f.setdefault(key, [])
    if value not in f[key]:
        f[key].append(value)


_SUFFIXES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^you control\b"), "controller:you"),
    (re.compile(r"^(?:an opponent controls|your opponents control|you don't control|"
                r"defending player controls)\b"), "controller:opponent"),
    (re.compile(r"^with level up\b"), "keyword_abilities:level up"),
    (re.compile(r"^with mana value equal to (.+)$"), "mana_value_of"),
    (re.compile(r"^with power (\d+) or less\b"), "max_power"),
    (re.compile(r"^with power (\d+) or greater\b"), "min_power"),
    (re.compile(r"^with toughness (\d+) or greater\b"), "min_toughness"),
    (re.compile(r"^named ~(?= |$)"), "named_self"),
    (re.compile(r"^with mana value (\d+) or less\b"), "max_mana_value"),
    (re.compile(r"^with mana value X or less\b"), "max_mana_value_x"),
    (re.compile(r"^with mana value X\b"), "mana_value_x"),
    (re.compile(r"^with an? ([+-]1/[+-]1) counter on (?:it|them)\b"), "with_counter"),
    (re.compile(r"^with ([+-]1/[+-]1) counters on (?:it|them)\b"), "with_counter"),
    (re.compile(r"^with counters on (?:it|them)\b"), "with_counter:any"),
    (re.compile(r"^that (?:isn't|is not|aren't) enchanted\b"), "enchanted:false"),
    (re.compile(r"^that (?:was|were) dealt damage this turn\b"), "damaged_this_turn"),
    (re.compile(r"^that attacked this turn\b"), "attacked_this_turn"),
    (re.compile(r"^with another Aura attached to it\b"), "with_other_aura"),
    (re.compile(r"^with (" + "|".join(KEYWORD_WORDS) + r")\b"), "has_keyword"),
    (re.compile(r"^without (" + "|".join(KEYWORD_WORDS) + r")\b"), "lacks_keyword"),
]


def _suffix(rest: str, f: Data, ab: Ability | None) -> str:
    """Read the qualities after the type words; what is left (must be nothing)."""
    while rest:
        for regex, what in _SUFFIXES:
            m = regex.match(rest)
            if m is None:
                continue
            if what.startswith("controller:"):
                if "controller" in f:
                    raise NotUnderstood(rest, "two controllers")
                f["controller"] = what.split(":")[1]
            elif what in ("max_power", "max_mana_value", "min_power", "min_toughness"):
                f[what] = int(m.group(1))
            elif what == "max_mana_value_x":
                if ab is None or not ab.x:
                    raise NotUnderstood(rest, "X of a card without {X}")
                f["max_mana_value_of"] = {"of": "x"}
            elif what == "mana_value_x":  # X announced (107.3, engine.rules.x_costs)
                # only an activated ability's: a spell's targets are chosen before its X
                # is on the stack, where filters read it (engine.rules.filters)
                if ab is None or not ab.x or ab.kind != "activated":
                    raise NotUnderstood(rest, "mana value X of a spell's target")
                f["mana_value_of"] = {"of": "x"}
            elif what == "with_counter":
                f["with_counter"] = m.group(1)
            elif what == "keyword_abilities:level up":
                f["keyword_abilities"] = ["level up"]
            elif what == "mana_value_of":
                if ab is None or not AMOUNTS:
                    raise NotUnderstood(rest, "an amount here")
                f["mana_value_of"] = AMOUNTS[0]("equal to " + m.group(1), ab)
            elif what == "named_self":  # "cards named ~": this card's name (201.2)
                if ab is None or ab.ctx is None or ab.ctx.layout != "normal":
                    raise NotUnderstood(rest, "the name of a face")
                f["named"] = ab.ctx.name
            elif what == "with_counter:any":
                f["with_counter"] = "any"
            elif what == "enchanted:false":
                f["enchanted"] = False
            elif what in ("damaged_this_turn", "attacked_this_turn", "with_other_aura"):
                f[what] = True
            else:
                _add(f, what, m.group(1))
            rest = rest[m.end():].strip()
            break
        else:
            raise NotUnderstood(rest, "unknown quality")
    return rest


_TYPE_SEP = re.compile(r"^(?:, or |, and/or |, | or | and/or )")


def read_noun(text: str, ab: Ability | None = None) -> Noun:
    """Read an object phrase without its determiner ("nonblack creature you control",
    "artifact or enchantment", "Forests", "creature card"); raises NotUnderstood."""
    f: Data = {}
    words = text.strip()
    other = False
    if words.startswith("other "):
        other, words = True, words[6:]
    # qualities before the type words
    while True:
        m = re.match(r"^(tapped|untapped|attacking or blocking|attacking|blocking|"
                     r"multicolored|monocolored|basic|legendary|snow|token|nontoken|"
                     r"non[a-z]+|non-[A-Z][a-z]+|white|blue|black|red|green)(?:,)? ", words)
        if m is None:
            break
        _quality(m.group(1), f)
        words = words[m.end():]
        m2 = re.match(r"^(and/or|or) (?=white|blue|black|red|green)", words)
        if m2 is not None:
            words = words[m2.end():]
    noun, plural, words = _types(words, f)
    if other:
        f["other"] = True
    rest = _suffix(words, f, ab)
    if rest:
        raise NotUnderstood(rest)
    return Noun(noun, f, plural)


def _quality(word: str, f: Data) -> None:
    if word in ("tapped", "untapped"):
        f["tapped"] = word == "tapped"
    elif word == "attacking or blocking":
        f["in_combat"] = True
    elif word in ("attacking", "blocking"):
        f[word] = True
    elif word in ("multicolored", "monocolored"):
        f[word] = True
    elif word in ("basic", "legendary", "snow"):
        _add(f, "supertypes", word)
    elif word.startswith("non-"):  # "non-Dragon" (205.3: one subtype, singular)
        if singular_subtype(word[4:]) != word[4:]:
            raise NotUnderstood(word, "not a subtype")
        _add(f, "not_subtypes", word[4:])
    elif word == "token":
        f["token"] = True
    elif word == "nontoken":
        f["token"] = False
    elif word in COLOR_WORDS:
        _add(f, "colors", COLOR_WORDS[word])
    elif word.startswith("non") and word[3:] in COLOR_WORDS:
        _add(f, "not_colors", COLOR_WORDS[word[3:]])
    elif word in _NON:
        key, value = _NON[word]
        _add(f, key, value)
    else:
        raise NotUnderstood(word, "unknown quality")


_WORD = re.compile(r"^([A-Za-z][\w'-]*)")
# "permanent card" (110.4b: artifact, creature, enchantment, land, planeswalker or battle)
_PERMANENT_CARD = re.compile(r"^ (cards?)\b")
PERMANENT_CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker",
                        "battle")


def _type_word(w: str) -> tuple[str, str, bool] | None:
    """("type", name, plural) for a card type, ("sub", name, plural) for a subtype,
    ("noun", name, plural) for card/spell/permanent, ("pw", ...) for planeswalker."""
    if w in _PLURAL_TYPES:
        return "type", _PLURAL_TYPES[w], True
    if w in CARD_TYPES:
        return "type", w, False
    if w in _NOUNS:
        return "noun", _NOUNS[w], w.endswith("s")
    if w in ("planeswalker", "planeswalkers"):
        return "pw", "planeswalker", w.endswith("s")
    sub = singular_subtype(w)
    if sub is not None:
        return "sub", sub, sub != w
    return None


def _types(words: str, f: Data) -> tuple[str, bool, str]:
    """The type words: "creature", "artifact or enchantment", "Goblin creature",
    "artifact creature", "instant or sorcery spell", "creature cards", "Forests"; the
    noun they make, whether plural, and the rest of the phrase."""
    units: list[list[tuple[str, str]]] = [[]]
    noun = ""
    plural = False
    planeswalker = False
    while True:
        m = _WORD.match(words)
        tw = _type_word(m.group(1)) if m is not None else None
        if m is None or tw is None:
            break
        kind, name, many = tw
        plural = plural or many
        words = words[m.end():]
        if kind == "noun":
            noun = name
            pc = _PERMANENT_CARD.match(words) if name == "permanent" and not units[-1] \
                else None
            if pc is not None:  # "permanent card" (110.4b): a card of a permanent type
                noun, plural = "card", plural or pc.group(1) == "cards"
                words = words[pc.end():]
                f["types"] = list(PERMANENT_CARD_TYPES)
            break
        if kind == "pw":
            planeswalker = True
        else:
            units[-1].append((kind, name))
        sep = _TYPE_SEP.match(words)
        if sep is not None and _starts_type(words[sep.end():]):
            words = words[sep.end():]
            if units[-1]:
                units.append([])
            continue
        if words.startswith(" ") and _starts_type(words[1:]):
            words = words[1:]
            continue
        break
    units = [u for u in units if u]
    if not units:
        if planeswalker:
            raise NotUnderstood(words, "planeswalkers are not modelled")
        if not noun:
            raise NotUnderstood(words, "no type word")
    _unit_filter(units, f)
    return noun or "permanent", plural, words.strip()


def _unit_filter(units: list[list[tuple[str, str]]], f: Data) -> None:
    """Type units joined by "or" into a filter: several single words are any of them;
    one unit of several words is all of them ("artifact creature", "Eldrazi Spawn")."""
    if len(units) > 1:
        if any(len(u) > 1 for u in units):
            raise NotUnderstood(" or ".join(n for u in units for _, n in u),
                                "a choice of combined types")
        kinds = {u[0][0] for u in units}
        if kinds == {"type", "sub"}:  # "creature or Vehicle": either matches
            f["any_of"] = [{"types": [u[0][1] for u in units if u[0][0] == "type"]},
                           {"subtypes": [u[0][1] for u in units if u[0][0] == "sub"]}]
            return
        if len(kinds) > 1:
            raise NotUnderstood(" or ".join(u[0][1] for u in units),
                                "types or subtypes")
        key = "types" if kinds == {"type"} else "subtypes"
        f[key] = [u[0][1] for u in units]
        return
    if not units:
        return
    unit = units[0]
    types = [n for k, n in unit if k == "type"]
    subs = [n for k, n in unit if k == "sub"]
    all_of: list[Data] = []
    if types:
        f["types"] = [types[-1]]
        all_of += [{"types": [t]} for t in types[:-1]]
    if subs:
        f["subtypes"] = [subs[0]]
        all_of += [{"subtypes": [s]} for s in subs[1:]]
    if all_of:
        f["all_of"] = all_of


def _starts_type(words: str) -> bool:
    m = _WORD.match(words)
    return m is not None and _type_word(m.group(1)) is not None


def object_filter(text: str, ab: Ability | None = None) -> Data:
    """The filter of a phrase naming permanents ("creatures you control", "each
    nonland permanent"): cards and spells are not permanents."""
    n = read_noun(text, ab)
    if n.noun not in ("permanent",):
        raise NotUnderstood(text, "not permanents")
    return n.filter


@dataclass
class Targeted:
    """One "target ..." phrase: how many targets, whether up to, the spec of each."""

    count: int
    up_to: bool
    spec: Data
    x_times: bool = False


_TARGET = re.compile(r"^(?:(?P<upto>up to )?(?P<n>one|two|three|four|five|X|\d+) )?"
                     r"(?P<another>another )?target (?P<rest>.+)$")


def read_target(text: str, ab: Ability) -> Targeted:
    """"target creature", "any target", "up to two target creatures", "another target
    permanent", "target creature card from your graveyard", "target player"."""
    t = text.strip()
    if t == "any target":
        return Targeted(1, False, {"kind": "any"})
    m = _TARGET.match(t)
    if m is None:
        raise NotUnderstood(text, "not a target")
    n_word = m.group("n")
    x_times = n_word == "X"
    if x_times and not ab.x:
        raise NotUnderstood(text, "X targets without {X}")
    n = 1 if n_word is None or x_times else count(n_word)
    rest = m.group("rest")
    spec = _target_spec(rest, ab, plural=n > 1 or x_times)
    if m.group("another"):
        if any(_same_kind(s, spec) for s in ab.targets):
            spec["distinct"] = True
        elif spec["kind"] == "card_in_graveyard":
            # other than this card: in a graveyard it is a new object (400.7), which the
            # "other" of a filter (not the source) does not tell apart
            raise NotUnderstood(text, "another card than this one")
        else:
            spec.setdefault("filter", {})["other"] = True
    return Targeted(n, bool(m.group("upto")), spec, x_times)


def _same_kind(a: Data, b: Data) -> bool:
    return bool(a.get("kind") == b.get("kind") or {a.get("kind"), b.get("kind")} & {"any"})


_PLAYERS = {"player": "player", "players": "player", "opponent": "opponent",
            "opponents": "opponent", "player or planeswalker": "player",
            "opponent or planeswalker": "opponent", "players or planeswalkers": "player"}
_GRAVEYARD = re.compile(r"^(?P<what>.+?) (?:from|in) (?:(?P<zone>your|a|an opponent's|target "
                        r"player's) graveyard|(?P<any>graveyards))$")
_GRAVEYARD_SINGLE = re.compile(r"^(?P<what>.+?) from a single graveyard$")


def _target_spec(rest: str, ab: Ability, plural: bool) -> Data:
    if rest in _PLAYERS:
        return {"kind": _PLAYERS[rest]}
    if rest in ("creature or player", "creature or planeswalker or player"):
        raise NotUnderstood(rest, "old wording")
    if rest in ("spell or permanent",):
        return {"kind": "spell_or_permanent"}
    single = _GRAVEYARD_SINGLE.match(rest)
    if single is not None:
        n = read_noun(single.group("what"), ab)
        if n.noun != "card":
            raise NotUnderstood(rest, "not a card")
        spec = _spec("card_in_graveyard", n.filter)
        spec["same_graveyard"] = True
        return spec
    g = _GRAVEYARD.match(rest)
    if g is not None:
        n = read_noun(g.group("what"), ab)
        if n.noun != "card":
            raise NotUnderstood(rest, "not a card")
        f = n.filter
        zone = g.group("zone")
        if g.group("any") and not plural:
            raise NotUnderstood(rest, "graveyards")
        if g.group("any"):  # "up to two target cards from graveyards": any graveyard each
            zone = "a"
        if zone == "your":
            f["controller"] = "you"
        elif zone == "an opponent's":
            f["controller"] = "opponent"
        elif zone != "a":
            raise NotUnderstood(rest, "graveyard")
        return _spec("card_in_graveyard", f)
    n = read_noun(rest, ab)
    if n.plural != plural:
        raise NotUnderstood(rest, "number")
    f = n.filter
    if n.noun == "spell":
        return _spec("spell", f)
    if n.noun == "card":
        raise NotUnderstood(rest, "a card without its zone")
    if f.get("types") == ["creature"]:
        del f["types"]
        return _spec("creature", f)
    return _spec("permanent", f)


def _spec(kind: str, f: Data) -> Data:
    return {"kind": kind, "filter": f} if f else {"kind": kind}


def add_targets(t: Targeted, ab: Ability) -> list[str]:
    """Add the targets of a phrase to the ability; their references."""
    if t.x_times:
        spec = dict(t.spec, x_times=True)
        ab.target(spec)
        ab.it = "targets"
        return ["targets"]
    refs = []
    for i in range(t.count):
        spec = dict(t.spec)
        if t.up_to:
            spec["optional"] = True
        if i > 0 or (t.count > 1 and t.spec.get("kind") == "card_in_graveyard"):
            spec["distinct"] = True
        refs.append(ab.target(spec))
    return refs
