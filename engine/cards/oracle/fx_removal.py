"""Clause patterns of burn and removal spells: two targets where the second is "that
player's" (Searing Blaze), a spell's "instead" amendments (614.15: a self-replacement
effect, its condition checked as the spell resolves, 608.2c), a damage clause that
happens only "if" a condition holds, "Damage can't be prevented this turn." (615.12) and
the conditions these spells name (landfall, morbid, "three or more artifacts").

An amendment replaces the effects it is about with an ``if`` effect: the amended
effects when the condition holds, the ones written before it otherwise (``otherwise``),
on the same targets (the spell chose them as it was cast, 601.2c).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted, equal_to
from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.fx_pump import power_toughness
from mtgsim.engine.cards.oracle.nouns import object_filter, read_noun
from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, condition_of, count, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


def _instead(before: list[Data], n: int, cond: Data, amended: list[Data]) -> list[Data]:
    """The effects with the last ``n`` replaced by "``amended`` if ``cond``, else as
    written"."""
    return before[:-n] + [{"do": "if", "condition": cond, "effects": amended,
                           "otherwise": before[-n:]}]


def _last_damage(before: list[Data], clause: str) -> Data:
    """The damage effect an "instead" is about: the last effect, dealt to one recipient."""
    last = before[-1] if before else {}
    if last.get("do") != "damage" or "each" in last:
        raise NotUnderstood(clause, "instead of what")
    return last


# --- Searing Blaze ---------------------------------------------------------------------


@rule("effect", "damage_player_and_creature_they_control",
      r"~ deals (?P<n>{N}) damage to target player or planeswalker and (?P<m>{N}) damage "
      r"to target creature that player or that planeswalker's controller controls")
def _player_and_creature(m: re.Match[str], ab: Ability) -> list[Data]:
    """Two targets chosen in order (601.2c): a player, then a creature that player
    controls (``Target.controlled_by``: only such creatures are legal, and one whose
    controller changes before resolution is illegal then, 608.2b). No planeswalkers are
    modelled, so "or that planeswalker's controller" names no one else."""
    if ab.kind != "spell":
        raise NotUnderstood(m.group(0), "two dependent targets outside a spell")
    player = ab.target({"kind": "player"})
    creature = ab.target({"kind": "creature", "controlled_by": len(ab.targets) - 1})
    return [{"do": "damage", "amount": number(m.group("n"), ab), "to": player},
            {"do": "damage", "amount": number(m.group("m"), ab), "to": creature}]


@rule("amend", "damage_player_and_creature_instead",
      r"if (?P<cond>[^,]+), ~ deals (?P<n>{N}) damage to that player or planeswalker and "
      r"(?P<m>{N}) damage to that creature instead\.")
def _player_and_creature_instead(m: re.Match[str], ab: Ability,
                                 before: list[Data]) -> list[Data]:
    if len(before) < 2 or not all(e.get("do") == "damage" for e in before[-2:]):
        raise NotUnderstood(m.group(0), "instead of what")
    player, creature = before[-2]["to"], before[-1]["to"]
    spec = ab.targets[int(creature[1:])] if creature[1:].isdigit() else {}
    if spec.get("controlled_by") is None or f"t{spec['controlled_by']}" != player:
        raise NotUnderstood(m.group(0), "that player and that creature")
    cond = condition_of(m, "cond", ab)
    return _instead(before, 2, cond, [
        {"do": "damage", "amount": number(m.group("n"), ab), "to": player},
        {"do": "damage", "amount": number(m.group("m"), ab), "to": creature}])


@rule("effect", "if_its_toughness_at_most",
      r"(?P<eff>destroy target [^,]+?) if its toughness is less than or equal to "
      r"(?P<amount>the number of .+)")
def _if_toughness(m: re.Match[str], ab: Ability) -> list[Data]:
    """Ghastly Demise: the target may be any such creature (115.1); as the spell
    resolves it is destroyed only if its toughness is at most the amount then (608.2c;
    ``if_target_is`` with ``max_toughness_of``)."""
    before = len(ab.targets)
    inner = sub_clause(m, "eff", ab)
    if len(ab.targets) != before + 1 or ab.it != f"t{before}":
        raise NotUnderstood(m.group(0), "which target \"its\" is")
    amount = equal_to("equal to " + m.group("amount"), ab)
    return [{"do": "if_target_is", "what": ab.it, "filter": {"max_toughness_of": amount},
             "effects": inner}]


# --- Crypt Incursion ---------------------------------------------------------------------


@rule("effects2", "exile_cards_from_graveyard_gain_life_each",
      r"exile all (?P<what>[a-z ]+ cards) from (?P<who>target player|target opponent)'s "
      r"graveyard\. You gain (?P<n>{N}) life for each card exiled this way\.")
def _exile_cards_gain(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Crypt Incursion: the matching cards of that graveyard exiled at once, then 3 life
    for each card exiled (``exile_graveyard``'s ``filter`` and ``life_each``)."""
    n = read_noun(m.group("what"), ab)
    if n.noun != "card" or not n.plural or not n.filter:
        raise NotUnderstood(m.group(0), "which cards")
    who = ab.target({"kind": m.group("who").split()[1]})
    return before + [{"do": "exile_graveyard", "who": who, "filter": n.filter,
                      "life_each": count(m.group("n"))}]


# --- Chain Lightning ------------------------------------------------------------------


@rule("effects2", "pay_to_copy",
      r"then that player or that permanent's controller may pay (?P<cost>{MANA})\. "
      r"If the player does, they may copy ~ and may choose a new target for that copy\.")
def _pay_to_copy(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Chain Lightning: after its damage to its one target, that player or that
    permanent's controller may pay to copy the spell (``engine/effects/pay_to_copy.py``,
    707.10)."""
    last = before[-1] if before else {}
    if ab.kind != "spell" or last.get("do") != "damage" or last.get("to") != "t0" or \
            len(ab.targets) != 1 or ab.targets[0].get("kind") != "any":
        raise NotUnderstood(m.group(0), "that player or that permanent")
    return before + [{"do": "pay_to_copy", "pay": m.group("cost"), "who": "t0"}]


# --- "instead" amendments --------------------------------------------------------------


@rule("amend", "damage_instead_if",
      r"~ deals (?P<n>{N}) damage instead if (?P<cond>.+)\.")
def _damage_instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Galvanic Blast's metalcraft: the same recipient dealt more."""
    last = _last_damage(before, m.group(0))
    cond = condition_of(m, "cond", ab)
    return _instead(before, 1, cond, [dict(last, amount=number(m.group("n"), ab))])


@rule("amend", "gain_life_instead",
      r"if (?P<cond>[^,]+), you gain (?P<n>{N}) life instead\.|"
      r"you gain (?P<n2>{N}) life instead if (?P<cond2>.+)\.")
def _life_instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Life Goes On ("If a creature died this turn, you gain 8 life instead.")."""
    last = before[-1] if before else {}
    if last.get("do") != "gain_life" or last.get("who", "you") != "you":
        raise NotUnderstood(m.group(0), "instead of what")
    group = "cond" if m.group("cond") else "cond2"
    cond = condition_of(m, group, ab)
    n = number(m.group("n") or m.group("n2"), ab)
    return _instead(before, 1, cond, [dict(last, amount=n)])


@rule("amend", "pump_instead_if",
      r"that creature gets (?P<pt>{PT}) until end of turn instead if (?P<cond>.+)\.")
def _pump_instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Tragic Slip's morbid: the same creature gets the other amount."""
    last = before[-1] if before else {}
    if last.get("do") != "pump" or last.get("what") != ab.it or set(last) - {
            "do", "what", "power", "toughness", "negative"}:
        raise NotUnderstood(m.group(0), "instead of what")
    cond = condition_of(m, "cond", ab)
    amended = {"do": "pump", "what": ab.it, **power_toughness(m.group("pt"), ab)}
    return _instead(before, 1, cond, [amended])


@rule("amend", "exile_if_dealt_damage_dies",
      r"if a creature dealt damage this way would die this turn, exile it instead\.")
def _exile_damaged(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Yamabushi's Storm: each creature the damage before it was dealt to (not one it
    could not be dealt to: prevented damage is not dealt, 615.1) is exiled instead if it
    would die this turn (614.1a; ``damage``'s ``exile_if_dies``)."""
    last = before[-1] if before else {}
    f = last.get("each")
    if last.get("do") != "damage" or not isinstance(f, dict) or f.get("types") != [
            "creature"]:
        raise NotUnderstood(m.group(0), "dealt damage by what")
    return before[:-1] + [dict(last, exile_if_dies=True)]


_LAND_WAS = {"nonbasic": {"not_supertypes": ["basic"]}, "a snow land": {"supertypes": ["snow"]}}
_TO_ITS_CONTROLLER = re.compile(r"^~ deals (?P<n>\d+) damage to the land's controller$")


@rule("amend", "if_that_land_was",
      r"if that land was (?P<q>nonbasic|a snow land), (?P<eff>[^.]+)\.")
def _if_land_was(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Molten Rain ("If that land was nonbasic, ~ deals 2 damage to the land's
    controller.") and Thermokarst ("... a snow land, you gain 1 life."): after "Destroy
    target land.", the land as it last existed if it is gone (608.2h: its supertypes are
    its card's), its controller then (``controller_of``)."""
    last = before[-1] if before else {}
    spec = ab.targets[0] if len(ab.targets) == 1 else {}
    if last != {"do": "destroy", "what": "t0"} and last != {"do": "destroy"} or \
            spec.get("filter", {}).get("types") != ["land"]:
        raise NotUnderstood(m.group(0), "that land")
    own = _TO_ITS_CONTROLLER.match(m.group("eff"))
    if own is not None:
        inner = [{"do": "damage", "amount": int(own.group("n")), "to": "controller_of:t0"}]
    else:
        inner = sub_clause(m, "eff", ab)
        if any(e.get("do") != "gain_life" for e in inner):
            raise NotUnderstood(m.group(0), "then what")
    # The land's supertypes are its card's and nothing between the two instructions can
    # change them, so they are read just before it is destroyed (as they were last, 608.2h)
    return before[:-1] + [{"do": "if_target_is", "what": "t0",
                           "filter": _LAND_WAS[m.group("q")],
                           "effects": [last, *inner], "otherwise": [last]}]


@rule("amend", "instead_destroy_that_land_and",
      r"if (?P<cond>[^,]+), instead destroy that land and (?P<rest>[^.]+)\.")
def _instead_destroy_and(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Rancid Earth's threshold: the land destroyed as written, and more with it, when
    the condition holds as the spell resolves (614.15)."""
    last = before[-1] if before else {}
    spec = ab.targets[0] if len(ab.targets) == 1 else {}
    if last not in ({"do": "destroy", "what": "t0"}, {"do": "destroy"}) or \
            spec.get("filter", {}).get("types") != ["land"]:
        raise NotUnderstood(m.group(0), "that land")
    cond = condition_of(m, "cond", ab)
    more = sub_clause(m, "rest", ab)
    return _instead(before, 1, cond, [last, *more])


# --- a damage clause with a condition ----------------------------------------------------


@rule("effect", "damage_if",
      r"(?P<eff>~ deals .+?) if (?P<cond>there are .+|you control .+)")
def _damage_if(m: re.Match[str], ab: Ability) -> list[Data]:
    """"~ deals 5 damage to each creature without flying if there are seven or more
    cards in your graveyard" (Swirling Sandstorm's threshold): nothing unless the
    condition holds as the spell resolves (608.2c)."""
    if ab.kind != "spell":
        raise NotUnderstood(m.group(0), "a condition outside a spell")
    cond = condition_of(m, "cond", ab)
    inner = sub_clause(m, "eff", ab)
    if not inner or any(e.get("do") != "damage" for e in inner):
        raise NotUnderstood(m.group(0), "if what")
    return [{"do": "if", "condition": cond, "effects": inner}]


# --- -1/-1 for each, +X/+X where X is -------------------------------------------------


@rule("effect", "pump_for_each",
      r"(?P<who>~|target [^,]+?) gets? (?P<sign>[+-])1/(?P=sign)1 until end of turn "
      r"for each (?P<each>.+)")
def _pump_for_each(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Target creature gets -1/-1 until end of turn for each Swamp you control"
    (Defile): the count as the spell resolves (608.2h), on both power and toughness."""
    what = one_object(m.group("who"), ab, ("creature",))
    amount = counted(m.group("each"), ab)
    out: Data = {"do": "pump", "what": what, "power": amount, "toughness": amount}
    if m.group("sign") == "-":
        out["negative"] = True
    return [out]


@rule("effect", "pump_where_x_is",
      r"(?P<who>~|target [^,]+?) gets? \+X/\+X until end of turn, where X is "
      r"(?P<what>the number of .+)")
def _pump_where_x(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Target creature gets +X/+X until end of turn, where X is the number of Elves on
    the battlefield" (Timberwatch Elf): X counted as the ability resolves (608.2h)."""
    what = one_object(m.group("who"), ab, ("creature",))
    amount = equal_to("equal to " + m.group("what"), ab)
    return [{"do": "pump", "what": what, "power": amount, "toughness": amount}]


@rule("effect", "pump_creatures_target_player_controls",
      r"creatures target (?P<who>player|opponent) controls get (?P<pt>{PT}) until end of turn")
def _pump_their_creatures(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Creatures target player controls get -2/-2 until end of turn" (Arms of Hadar):
    the creatures that player controls as the spell resolves (611.2c), each changed."""
    who = ab.target({"kind": m.group("who")})
    return [{"do": "pump", "each": {"types": ["creature"]}, "each_controlled_by": who,
             **power_toughness(m.group("pt"), ab)}]


@rule("effect", "owner_puts_second_from_top_or_bottom",
      r"the owner of (?P<what>target [^,]+?) puts it into their library second from the "
      r"top or on the bottom")
def _second_or_bottom(m: re.Match[str], ab: Ability) -> list[Data]:
    """Deem Inferior: the permanent's owner chooses, as the spell resolves, second from
    the top or the bottom of their library (``put_on_library``'s ``or_position``)."""
    what = one_object(m.group("what"), ab, ("creature", "permanent"))
    return [{"do": "put_on_library", "what": what, "position": 1, "or_position": -1}]


# --- damage to each creature and each player -------------------------------------------


@rule("effect", "damage_each_creature_and_each_player",
      r"(?P<src>~|it) deals (?P<n>{N}) damage to each (?P<what>[^,]*?creature[^,]*?) and "
      r"each player")
def _each_creature_and_player(m: re.Match[str], ab: Ability) -> list[Data]:
    """"~ deals 1 damage to each creature and each player" (Pestilence, Rancid Earth):
    one source's damage dealt at once (120.3), read as two effects of one resolution,
    which play the same (no state-based action or trigger comes between, 704.3, 603.3)."""
    if m.group("src") == "it" and ab.it != "self":
        raise NotUnderstood(m.group(0), "which source deals the damage")
    n = number(m.group("n"), ab)
    f = object_filter(m.group("what"), ab)
    if f.get("types") != ["creature"]:
        raise NotUnderstood(m.group(0), "each what")
    return [{"do": "damage", "amount": n, "each": f},
            {"do": "damage", "amount": n, "to": "each_player"}]


# --- damage can't be prevented -----------------------------------------------------------


@rule("effect", "damage_cant_be_prevented", r"damage can't be prevented this turn")
def _unpreventable(m: re.Match[str], ab: Ability) -> list[Data]:
    """Flaring Pain (615.12: ``engine/effects/damage_cant_be_prevented.py``)."""
    return [{"do": "damage_cant_be_prevented"}]


# --- conditions ----------------------------------------------------------------------------


@rule("condition", "if_land_entered_this_turn",
      r"(?:if )?you had a land enter the battlefield under your control this turn")
def _landfall(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "land_entered_this_turn"}


@rule("condition", "if_creature_died_this_turn", r"(?:if )?a creature died this turn")
def _morbid(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "creature_died_this_turn"}


# --- lure ----------------------------------------------------------------------------------


@rule("static", "all_able_to_block_do_so", r"All creatures able to block ~ do so\.")
def _lure(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """Taunting Elf: a blocking requirement on every creature able to block it (509.1c),
    the engine's lure keyword (``KW_LURE``; ``engine.rules.combat``)."""
    if "creature" not in ctx.types:
        raise NotUnderstood(m.group(0), "not a creature")
    return {"keywords": ["all creatures able to block it do so"]}
