"""Clause patterns of damage, life, and cards moving between library, hand and graveyard
by draw, discard and mill (``engine/effects/damage.py``, ``gain_life``, ``lose_life``,
``draw``, ``discard``, ``mill``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted, equal_to, times
from mtgsim.engine.cards.oracle.nouns import object_filter, read_target
from mtgsim.engine.cards.oracle.refs import PLAYER, player
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_SOURCE = r"(?P<src>~|it)"


def _source(m: re.Match[str], ab: Ability) -> None:
    """Damage is dealt by the ability's source: "it" must mean the source."""
    if m.group("src") == "it" and ab.it != "self":
        raise NotUnderstood(m.group(0), "which source deals the damage")


def gone_controller(text: str, ab: Ability) -> str:
    """"that artifact's controller" after the artifact was destroyed or exiled: its
    controller as it last existed (608.2h), which is its controller as the spell began
    to resolve (``StackItem.target_controllers``) when nothing before changed it: so
    only right after one plain destroy or exile of that one target."""
    ref = ab.it
    span = ab.span
    if not (ref.startswith("t") and ref[1:].isdigit()) or span is None or ab.ctx is None:
        raise NotUnderstood(text, "which object's controller")
    line = ab.ctx.lines[span.line]
    before = line[:span.start]
    if not re.search(r"(?:^|\. )(?:Destroy|Exile) target [a-z ]+\. $", before):
        raise NotUnderstood(text, "that object's controller after what")
    return f"controller_of:{ref}"


def _recipient(text: str, ab: Ability) -> Data:
    """The ``to``/``each`` fields of a damage effect: one target, a player, or each
    permanent of a kind."""
    t = text.strip()
    if t.startswith("each "):
        rest = t[5:]
        if rest in ("opponent", "player"):
            return {"to": "each_opponent" if rest == "opponent" else "each_player"}
        if " and each " in rest:
            raise NotUnderstood(text, "damage to several kinds of things at once")
        return {"each": object_filter(rest, ab)}
    if t in ("you", "target player", "target opponent", "target player or planeswalker",
             "target opponent or planeswalker", "that player", "defending player",
             "enchanted player"):
        return {"to": player(t, ab)}
    if t in ("enchanted creature",):
        return {"to": "enchanted"}
    if t in ("that artifact's controller", "that creature's controller",
             "that permanent's controller", "that land's controller"):
        return {"to": gone_controller(text, ab)}
    if t == "that player or a planeswalker that player controls":
        if ab.when != "enchanted_player_upkeep":
            raise NotUnderstood(text, "which player")
        return {"to": "enchanted"}
    tg = read_target(t, ab)
    if tg.count != 1 or tg.up_to or tg.x_times:
        raise NotUnderstood(text, "damage to several targets")
    if tg.spec["kind"] not in ("any", "creature", "player", "opponent", "permanent"):
        raise NotUnderstood(text, "damage to what")
    ref = ab.target(tg.spec)
    return {"to": ref}


@rule("effect", "damage", _SOURCE + r" deals (?P<n>{N}) damage to (?P<to>.+)")
def _damage(m: re.Match[str], ab: Ability) -> list[Data]:
    _source(m, ab)
    to = m.group("to")
    if " for each " in to:
        raise NotUnderstood(to, "damage for each")
    return [{"do": "damage", "amount": number(m.group("n"), ab), **_recipient(to, ab)}]


@rule("effect", "damage_equal_to",
      _SOURCE + r" deals damage to (?P<to>.+?) (?P<amount>equal to .+)")
def _damage_equal(m: re.Match[str], ab: Ability) -> list[Data]:
    _source(m, ab)
    to = _recipient(m.group("to"), ab)
    return [{"do": "damage", "amount": equal_to(m.group("amount"), ab), **to}]


@rule("effect", "damage_equal_to_first",
      _SOURCE + r" deals damage (?P<amount>equal to .+?) to (?P<to>any target|target [^,]+)")
def _damage_equal_first(m: re.Match[str], ab: Ability) -> list[Data]:
    _source(m, ab)
    amount = equal_to(m.group("amount"), ab)
    return [{"do": "damage", "amount": amount, **_recipient(m.group("to"), ab)}]


# --- life ------------------------------------------------------------------------------

_LIFE = (rf"(?P<who>{PLAYER}) (?P<verb>gains?|loses?) (?P<n>{{N}}) life"
         r"(?: for each (?P<each>.+))?")


@rule("effect", "life", _LIFE)
def _life(m: re.Match[str], ab: Ability) -> list[Data]:
    who = m.group("who")
    gain = m.group("verb").startswith("gain")
    if (who == "you") != (m.group("verb") in ("gain", "lose")):
        raise NotUnderstood(m.group(0), "verb and subject")
    ref = player(who, ab)
    n = number(m.group("n"), ab)
    amount: int | Data = n
    if m.group("each"):
        each = m.group("each")
        if ref == "each_opponent" and each.endswith(" they control"):
            each = each[: -len(" they control")] + " an opponent controls"
        amount = times(n, counted(each, ab), m.group(0))
    out: Data = {"do": "gain_life" if gain else "lose_life", "amount": amount}
    if ref != "you":
        out["who"] = ref
    return [out]


@rule("effect", "gain_that_much_life", r"you gain that much life")
def _that_much(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when not in ("deals_damage", "enchanted_deals_damage"):
        raise NotUnderstood(m.group(0), "that much of what")
    return [{"do": "gain_life", "amount": {"of": "that_much"}}]


# --- draw, discard, mill -----------------------------------------------------------------

_CARDS = r"(?P<n>{N}) cards?"


@rule("effect", "draw", rf"(?P<who>{PLAYER}) draws? {_CARDS}|draw {_CARDS.replace('n>', 'n2>')}")
def _draw(m: re.Match[str], ab: Ability) -> list[Data]:
    return [_player_cards(m, ab, "draw", "you draw ")]


def _player_cards(m: re.Match[str], ab: Ability, do: str, you_verb: str) -> Data:
    """The effect ``do`` of "[player] draws/discards/mills N cards" (or the imperative
    "draw N cards", said to you): its number and player (omitted when it is you). The
    verb must agree with its subject (``you_verb``: what "you" and the verb begin
    with), else the clause is refused."""
    who = m.group("who") or "you"
    if m.group("who") is not None and (who == "you") != m.group(0).startswith(you_verb):
        raise NotUnderstood(m.group(0), "verb and subject")
    out: Data = {"do": do, "amount": number(m.group("n") or m.group("n2"), ab)}
    ref = player(who, ab)
    if ref != "you":
        out["who"] = ref
    return out


@rule("effect", "draw_equal_to", r"draw cards (?P<amount>equal to .+)")
def _draw_equal(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "draw", "amount": equal_to(m.group("amount"), ab)}]


@rule("effect", "draw_for_each", r"draw a card for each (?P<each>.+)")
def _draw_each(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "draw", "amount": counted(m.group("each"), ab)}]


@rule("effect", "discard",
      rf"(?P<who>{PLAYER}) discards? {_CARDS}(?P<random> at random)?|"
      rf"discard {_CARDS.replace('n>', 'n2>')}(?P<random2> at random)?")
def _discard(m: re.Match[str], ab: Ability) -> list[Data]:
    out = _player_cards(m, ab, "discard", "you discard ")
    if m.group("random") or m.group("random2"):
        out["random"] = True
    return [out]


@rule("effect", "discard_for_each",
      rf"(?P<who>{PLAYER}) discards? a card for each (?P<each>.+)")
def _discard_each(m: re.Match[str], ab: Ability) -> list[Data]:
    amount = counted(m.group("each"), ab)
    out: Data = {"do": "discard", "amount": amount}
    ref = player(m.group("who"), ab)
    if ref != "you":
        out["who"] = ref
    return [out]


@rule("effect", "mill", rf"(?P<who>{PLAYER}) mills? {_CARDS}|mill {_CARDS.replace('n>', 'n2>')}")
def _mill(m: re.Match[str], ab: Ability) -> list[Data]:
    return [_player_cards(m, ab, "mill", "you mill ")]


@rule("effect", "may_have_mill", rf"have (?P<who>{PLAYER}) mill {_CARDS}")
def _may_mill(m: re.Match[str], ab: Ability) -> list[Data]:
    """"you may have target player mill two cards" (the "you may" read with the
    trigger: what is optional is the milling)."""
    if not ab.optional:
        raise NotUnderstood(m.group(0), "have whom")
    return [{"do": "mill", "amount": number(m.group("n"), ab), "who": player(m.group("who"), ab)}]
