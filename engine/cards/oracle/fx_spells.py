"""Clause patterns of instants, sorceries and enter-the-battlefield effects that the
other families do not read: a card returned from any graveyard to its owner's hand
(Pulse of Murasa), a permanent shuffled into its owner's library (Deglamer), a search
for several cards with one name (Squadron Hawk) or for a card of either of two kinds
(Mystical Teachings), and a creature dealing damage equal to its power to another
(Rabid Bite, Ram Through, Horrific Assault), with trample's excess damage (120.4a); a
player skipping their next combat phase (Stonehorn Dignitary, 614.10), the damage of one
spell prevented (Hallow, 615.1), "You gain that much life." after a life loss (Foul-Tongue
Shriek), an effect only on a target of some mana value with corrupted's "instead"
(Anoint with Affliction), and spell mastery's condition (Send to Sleep).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.fx_zones import card_filter
from mtgsim.engine.cards.oracle.refs import objects, one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_PERMANENTS = ("creature", "permanent")


@rule("effect", "spells_return_from_a_graveyard_to_owners_hand",
      r"return (?P<what>(?:up to \w+ |\w+ )?target .+? from (?:a|your) graveyard) to its "
      r"owner's hand")
def _return_to_owners_hand(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Return target creature or land card from a graveyard to its owner's hand."
    (Pulse of Murasa): a card of any graveyard, put into its owner's hand (400.3); the
    same ``return_from_graveyard`` as "to your hand", which moves a card to its owner's
    hand (a card in your graveyard is yours, 404.2)."""
    refs = objects(m.group("what"), ab, ("card_in_graveyard",))
    return [{"do": "return_from_graveyard", "what": r, "to": "hand"} for r in refs]


@rule("effects2", "spells_choose_target_owner_shuffles_it_in",
      r"choose (?P<what>target [^.]+)\. Its owner shuffles it into their library\.")
def _owner_shuffles(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Deglamer: "Choose target artifact or enchantment. Its owner shuffles it into their
    library." (``engine/effects/shuffle_permanent_into_library.py``; 701.24a)."""
    ref = one_object(m.group("what"), ab, _PERMANENTS)
    return before + [{"do": "shuffle_permanent_into_library", "what": ref}]


@rule("effect", "spells_search_cards_named_self",
      r"search your library for up to (?P<n>{N}) cards named ~, reveal them, put them into "
      r"your hand, then shuffle")
def _search_named(m: re.Match[str], ab: Ability) -> list[Data]:
    """Squadron Hawk: up to N cards with this card's name (201.2), revealed and put into
    the hand, then the library shuffled (701.19b: a search for cards with a stated
    quality may find fewer)."""
    assert ab.ctx is not None
    if ab.ctx.layout != "normal":
        raise NotUnderstood(m.group(0), "the name of a face")
    return [{"do": "search_library", "filter": {"named": ab.ctx.name},
             "amount": count(m.group("n")), "reveal": True}]


@rule("effect", "spells_search_card_or_card",
      r"search your library for (?P<a>an? [^,]+? card) or (?P<b>an? [^,]+?), reveal it, put "
      r"it into your hand, then shuffle")
def _search_either(m: re.Match[str], ab: Ability) -> list[Data]:
    """Mystical Teachings: "Search your library for an instant card or a card with flash,
    reveal it, ...": one card matching either phrase (``Filter.any_of``). A keyword of a
    card in a library is its printed one (it has no abilities granted there), read from
    the card's keyword names (``keyword_abilities``), not from the bits continuous
    effects keep for permanents."""
    either = [_library_card(m.group(g), ab) for g in ("a", "b")]
    return [{"do": "search", "filter": {"any_of": either}, "to": "hand", "reveal": True}]


def _library_card(text: str, ab: Ability) -> Data:
    f = card_filter(text, ab)
    if not f:
        raise NotUnderstood(text, "any card")
    kws = f.pop("has_keyword", None)
    if kws is not None:
        if f.get("keyword_abilities"):
            raise NotUnderstood(text, "keywords")
        f["keyword_abilities"] = list(kws)
    if "lacks_keyword" in f:
        raise NotUnderstood(text, "a keyword it lacks")
    return f


@rule("effect", "spells_deals_damage_equal_to_its_power",
      r"(?P<by>target creature you control) deals damage equal to its power to "
      r"(?P<to>(?:another )?target creature(?: or planeswalker)? (?:you don't control|an "
      r"opponent controls))")
def _power_damage(m: re.Match[str], ab: Ability) -> list[Data]:
    """Rabid Bite, Horrific Assault: the first target deals damage equal to its power to
    the second (``engine/effects/deal_power_damage.py``; no planeswalkers are modelled,
    so "or planeswalker" names no other object)."""
    by = one_object(m.group("by"), ab, ("creature",))
    to = one_object(m.group("to"), ab, ("creature",))
    return [{"do": "deal_power_damage", "by": by, "to": to}]


@rule("amend", "spells_trample_excess_to_controller",
      r"if the creature you control has trample, excess damage is dealt to that "
      r"creature's controller instead\.")
def _trample_excess(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Ram Through: the damage beyond lethal (120.4a) goes to the controller of the
    creature dealt damage, if the creature dealing it has trample as it resolves."""
    last = before[-1] if before else {}
    if last.get("do") != "deal_power_damage" or last.get("excess_to_controller"):
        raise NotUnderstood(m.group(0), "excess damage of what")
    return before[:-1] + [dict(last, excess_to_controller=True)]


@rule("effect", "spells_skips_next_combat_phase",
      r"(?P<who>target opponent|target player) skips their next combat phase")
def _skip_combat(m: re.Match[str], ab: Ability) -> list[Data]:
    """Stonehorn Dignitary: that player's next combat phase is skipped (614.10;
    ``engine/effects/skip_combat.py``)."""
    who = ab.target({"kind": m.group("who").split()[1]})
    return [{"do": "skip_combat", "who": who}]


@rule("effect", "spells_prevent_damage_target_spell_would_deal",
      r"prevent all damage (?P<what>target [a-z ]*spell) would deal this turn")
def _prevent_spell(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Prevent all damage target spell would deal this turn" (615.1;
    ``engine/effects/prevent_spell_damage.py``)."""
    ref = one_object(m.group("what"), ab, ("spell",))
    return [{"do": "prevent_spell_damage", "what": ref}]


@rule("amend", "spells_gain_life_equal_to_damage_prevented",
      r"you gain life equal to the damage prevented this way\.")
def _gain_prevented(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Hallow: the life gained is the damage that prevention prevents (615.5)."""
    last = before[-1] if before else {}
    if last.get("do") != "prevent_spell_damage" or last.get("gain_life"):
        raise NotUnderstood(m.group(0), "prevented by what")
    return before[:-1] + [dict(last, gain_life=True)]


@rule("amend", "spells_gain_that_much_life_lost", r"you gain that much life\.")
def _gain_that_much_lost(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Foul-Tongue Shriek: "Target opponent loses 1 life for each attacking creature you
    control. You gain that much life." "That much" is the life the one player lost; a
    loss of life is never replaced in the engine, so it is the amount, computed again with
    nothing done in between (608.2c) to the same number."""
    last = before[-1] if before else {}
    who = last.get("who", "you")
    if last.get("do") != "lose_life" or who not in ("t0", "each_opponent") or \
            ab.kind != "spell":
        raise NotUnderstood(m.group(0), "that much of what")
    return before + [{"do": "gain_life", "amount": last["amount"]}]


@rule("effect", "spells_if_it_has_mana_value_at_most",
      r"(?P<eff>.+ target [^,]+?) if it has mana value (?P<n>\d+) or less")
def _if_mana_value(m: re.Match[str], ab: Ability) -> list[Data]:
    """Anoint with Affliction: "Exile target creature if it has mana value 3 or less.":
    the target may be any such creature (115.1); as the spell resolves the effect happens
    only if its mana value is 3 or less then (608.2c, 202.3; ``if_target_is``)."""
    before = len(ab.targets)
    inner = sub_clause(m, "eff", ab)
    if len(ab.targets) != before + 1 or ab.it != f"t{before}":
        raise NotUnderstood(m.group(0), "which target \"it\" is")
    return [{"do": "if_target_is", "what": ab.it,
             "filter": {"max_mana_value": count(m.group("n"))}, "effects": inner}]


@rule("amend", "spells_exile_instead_if_controller_poisoned",
      r"exile that creature instead if its controller has (?P<n>{N}) or more poison "
      r"counters\.")
def _corrupted_instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Anoint with Affliction's corrupted: the creature is exiled whatever its mana value
    when its controller has N or more poison counters as the spell resolves (614.15: a
    self-replacement effect, 608.2c), else the effect as written."""
    last = before[-1] if before else {}
    what = last.get("what")
    exile = last.get("effects")
    exiles_it = exile == [{"do": "exile", "what": what}] or \
        what == "t0" and exile == [{"do": "exile"}]  # "t0", the default, is left out
    if last.get("do") != "if_target_is" or last.get("otherwise") or not exiles_it:
        raise NotUnderstood(m.group(0), "instead of what")
    return before[:-1] + [{"do": "if_target_is", "what": what,
                           "filter": {"controller_poison_at_least": count(m.group("n"))},
                           "effects": exile, "otherwise": [last]}]


@rule("condition", "spells_instant_and_sorcery_cards_in_graveyard",
      r"(?:if )?there are (?P<n>\w+) or more instant and/or sorcery cards in your graveyard")
def _spell_mastery(m: re.Match[str], ab: Ability) -> Data:
    """Spell mastery (Send to Sleep): N or more cards in your graveyard that are instants,
    sorceries or both, counted as the spell resolves (608.2c)."""
    return {"if": "cards_at_least", "amount": count(m.group("n")), "zone": "graveyard",
            "filter": {"types": ["instant", "sorcery"]}}


@rule("effect", "spells_cant_be_targeted_by_opponents_this_turn",
      r"(?P<what>target creature|target permanent) can't be the target of spells or "
      r"abilities your opponents control this turn")
def _untargetable(m: re.Match[str], ab: Ability) -> list[Data]:
    """Vines of Vastwood (115.1; ``engine/effects/untargetable_by_opponents.py``)."""
    ref = one_object(m.group("what"), ab, _PERMANENTS)
    return [{"do": "untargetable_by_opponents", "what": ref}]
