"""Clause patterns of the engine's less common effects, each one exact wording mapped to
its effect module: text changing and colour choosing (``change_color_word``,
``become_chosen_colors``), delayed triggers (``delayed_trigger``, ``delayed_at``),
extra combats (``additional_combat``, ``additional_combat_after_this_main``), mana added
when a land is tapped (``add_mana``, ``add_chosen_color_mana``), flashback granted,
life that can't be gained, counters moved, Auras attached, libraries searched, looked
at and exiled from, hands revealed."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted, equal_to
from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.refs import one_object, player
from mtgsim.engine.cards.oracle.table import Ability, Data, condition_of, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "change_color_word",
      r"change the text of (?P<what>target spell or permanent) by replacing all instances of "
      r"one color word with another")
def _color_word(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab)
    return [{"do": "change_color_word", "what": ref}]


@rule("effect", "become_chosen_colors",
      r"(?P<what>target creature) becomes the color or colors of your choice until end of "
      r"turn")
def _chosen_colors(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("creature",))
    return [{"do": "become_chosen_colors", "what": ref}]


@rule("effect", "delayed_deals_damage",
      r"whenever (?P<what>target creature) deals damage this turn, you gain that much life")
def _delayed(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("creature",))
    return [{"do": "delayed_trigger", "when": "deals_damage", "about": ref,
             "effects": [{"do": "gain_life", "amount": {"of": "that_much"}}]}]


@rule("effect", "destroy_at_end_of_combat", r"destroy that creature at end of combat")
def _end_of_combat(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.it != "it":
        raise NotUnderstood(m.group(0), "which creature")
    return [{"do": "delayed_at", "when": "end_combat", "effects": [{"do": "destroy",
                                                                     "what": "it"}]}]


@rule("effect", "gains_quoted_ability",
      r"until end of turn, (?P<what>target [^\"]+?) gains \"(?P<ability>[^\"]+)\"")
def _gains_ability(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("creature",))
    assert ab.span is not None and ab.ctx is not None
    part = ab.span.group(m, "ability")
    ab.nested.append(part)
    granted = ab.ctx.line_parser(part, ab.ctx)
    if len(granted) != 1 or granted[0].get("type") != "triggered":
        raise NotUnderstood(part.text, "a granted ability of this kind")
    ability = {k: v for k, v in granted[0].items() if k != "type"}
    return [{"do": "gain_ability", "what": ref, "ability": ability}]


@rule("effect", "additional_combat_after_this_main",
      r"after this main phase, there is an additional combat phase followed by an "
      r"additional main phase")
def _after_this_main(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "additional_combat_after_this_main"}]


@rule("effects2", "additional_combat_after_second_main",
      r"after the (?:second|first postcombat) main phase this turn, there's an additional "
      r"combat phase followed by an additional main phase\. At the beginning of that "
      r"combat, (?P<then>[^.]+)\.")
def _world_at_war(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    then = sub_clause(m, "then", ab)
    return before + [{"do": "additional_combat", "at_beginning": then}]


@rule("effect", "adds_additional_mana",
      r"its controller adds an additional (?P<mana>\{[WUBRGC]\}|one mana of the chosen color)")
def _additional_mana(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when != "enchanted_tapped_for_mana":
        raise NotUnderstood(m.group(0), "adds when")
    if m.group("mana") == "one mana of the chosen color":
        return [{"do": "add_chosen_color_mana"}]
    return [{"do": "add_mana", "mana": m.group("mana")}]


@rule("effects2", "grant_flashback",
      r"(?P<what>target instant or sorcery card in your graveyard) gains flashback until "
      r"end of turn\. The flashback cost is equal to its mana cost\.")
def _flashback(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("card_in_graveyard",))
    return before + [{"do": "grant_flashback", "what": ref}]


@rule("effect", "cant_gain_life",
      r"(?P<who>that player|target player|target opponent) can't gain life for the rest of "
      r"the game")
def _cant_gain(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "cant_gain_life", "who": player(m.group("who"), ab)}]


@rule("effect", "move_counter",
      r"move a \+1/\+1 counter from (?P<what>target creature you control) onto ~")
def _move(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("creature",))
    return [{"do": "move_counter", "origin": ref, "to": "self"}]


@rule("effect", "attach_self", r"attach ~ to (?P<what>target creature(?: you control)?)")
def _attach(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.ctx is None or "Aura" not in ab.ctx.subtypes:
        raise NotUnderstood(m.group(0), "attach what")
    ref = one_object(m.group("what"), ab, ("creature",))
    return [{"do": "attach", "what": "self", "to": ref}]


@rule("effects2", "exile_until_then_damage",
      r"exile cards from the top of your library until you exile an? (?P<what>nonland) "
      r"card\. ~ deals damage to any target equal to that card's mana value\.")
def _exile_until(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    f = read_noun(m.group("what") + " card", ab).filter
    ref = ab.target({"kind": "any"})
    return before + [{"do": "exile_until", "filter": f},
                     {"do": "damage", "amount": {"of": "exiled_mana_value"}, "to": ref}]


@rule("effects2", "look_put_lands_onto_battlefield",
      r"look at the top X cards of your library, where X is (?P<x>~'s power)\. Put any "
      r"number of (?P<what>land) cards from among them onto the battlefield "
      r"(?P<tapped>tapped), then shuffle\.")
def _look_put(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    amount = equal_to("equal to " + m.group("x"), ab)
    return before + [{"do": "put_from_top_onto_battlefield", "amount": amount,
                      "filter": {"types": [m.group("what")]}, "tapped": True}]


@rule("effects3", "reveal_hand_you_choose",
      r"(?P<who>target player|target opponent) reveals their hand\. You choose an? "
      r"(?P<what>card|[a-z][a-z, ]*? card) from it\. That player discards that card\.")
def _discard_chosen(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    who = player(m.group("who"), ab)
    out: Data = {"do": "discard_chosen", "who": who}
    if m.group("what") != "card":
        out["filter"] = read_noun(m.group("what"), ab).filter
    return before + [out]


@rule("effects3", "search_opponent_library",
      r"search target opponent's library for an? (?P<what>[^.]+? card)\. Put that card onto "
      r"the battlefield under your control\. Then that player shuffles\.")
def _steal_search(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = ab.target({"kind": "opponent"})
    f = read_noun(m.group("what"), ab).filter
    return before + [{"do": "search_library", "whose": ref, "filter": f, "to": "battlefield",
                      "under": "you"}]


@rule("effects3", "search_same_name",
      r"choose (?P<what>target permanent an opponent controls)\. Search that player's library "
      r"for a card with the same name and put it onto the battlefield under your control\. "
      r"Then that player shuffles\.")
def _same_name(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("permanent",))
    return before + [{"do": "search_library", "whose": f"controller_of:{ref}",
                      "same_name_as": ref, "to": "battlefield", "under": "you"}]


@rule("effects2", "search_and_exile",
      r"search (?P<who>target player)'s library for X cards, where X is (?P<x>the number of "
      r"cards in your hand), and exile them\. Then that player shuffles\.")
def _search_exile(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    who = player(m.group("who"), ab)
    amount = counted("card in your hand", ab)
    return before + [{"do": "search_library", "whose": who, "amount": amount, "to": "exile"}]


@rule("effect", "gains_bloodthirst", r"it gains (?P<kw>bloodthirst \d+)")
def _gains_keyword(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when != "you_cast":
        raise NotUnderstood(m.group(0), "which spell")
    kw = m.group("kw")
    return [{"do": "gain_keyword", "what": "it", "keyword": kw[0].upper() + kw[1:]}]


@rule("effect", "return_that_card_to_battlefield",
      r"(?:return|put) that card (?:to|onto) the battlefield under your control")
def _that_card(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when not in ("creature_dies", "opponent_sacrifices"):
        raise NotUnderstood(m.group(0), "which card")
    return [{"do": "return_from_graveyard", "what": "it_card", "to": "battlefield"}]


@rule("effect", "return_self_to_hand_from_graveyard",
      r"return (?:~|it) to its owner's hand")
def _return_self(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when not in ("leaves_to_graveyard", "dies"):
        raise NotUnderstood(m.group(0), "return from where")
    return [{"do": "return_from_graveyard", "what": "it_card", "to": "hand"}]


_NTH = {"second": 1, "third": 2, "fourth": 3}


@rule("effect", "put_self_into_library_nth",
      r"put (?:it|~) into your library (?P<nth>second|third|fourth) from the top")
def _nth(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when != "leaves_to_graveyard":
        raise NotUnderstood(m.group(0), "put what")
    return [{"do": "put_on_library", "what": "self_card", "position": _NTH[m.group("nth")]}]


@rule("effect", "if_then", r"(?:then )?if (?P<cond>[^,]+), (?P<then>.+)")
def _if(m: re.Match[str], ab: Ability) -> list[Data]:
    condition = condition_of(m, "cond", ab)
    then = sub_clause(m, "then", ab)
    return [{"do": "if", "condition": condition, "effects": then}]


@rule("amend", "otherwise_one_of_those_tokens",
      r"otherwise, create one of those tokens\.")
def _otherwise(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    last = before[-1]
    if last.get("do") != "if" or last.get("otherwise") or len(last["effects"]) != 1:
        raise NotUnderstood(m.group(0), "otherwise after what")
    made = last["effects"][0]
    if made.get("do") != "create_token":
        raise NotUnderstood(m.group(0), "those tokens")
    one = {k: v for k, v in made.items() if k != "amount"}
    return before[:-1] + [dict(last, otherwise=[one])]


@rule("effect", "counter_spell_mana_value_where_x",
      r"counter (?P<what>target spell) with mana value X or less, where X is the number of "
      r"(?P<each>.+)")
def _counter_x(m: re.Match[str], ab: Ability) -> list[Data]:
    each = m.group("each")
    amount = counted(each, ab)
    ref = ab.target({"kind": "spell", "filter": {"max_mana_value_of": amount}})
    return [{"do": "counter", "what": ref}]

