"""Escape (702.138).

702.138a: escape is a static ability that functions while the card with escape is in a
player's graveyard. "Escape [cost]" means "You may cast this card from your graveyard by
paying [cost] rather than paying its mana cost." The cost printed on Pauper's escape
cards is a mana cost and "Exile N other cards from your graveyard" (Sleep of the Dead:
"Escape—{2}{U}, Exile three other cards from your graveyard").
702.138b: a spell or permanent "escaped" if that permission was used. No card this
engine compiles asks (an "escapes with" line, 702.138c-d, is left refused by the
compiler), so nothing records it.

This module registers the casting permission ``ESCAPE`` (code 11) in
``engine.rules.spell_costs``: the mana cost paid is the escape cost's mana part (an
alternative cost, 118.9); the other cards are chosen as the cost is planned (601.2b,
decision ``delve``-kind questions one card at a time: "exile a card from your graveyard to
escape ...") and exiled as the cost is paid (601.2h, ``SpellPlan.exiles``). The card
itself is never one of them ("other cards"). An escaped instant or sorcery goes back to
the graveyard as it resolves (unlike flashback, nothing exiles it), so it may escape
again while the graveyard holds enough other cards.
"""

from __future__ import annotations

import re
from functools import cache

from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.spell_costs import CastPermission, SpellPlan, cast_permission
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import GRAVEYARD, Decision, DecisionKind, GameObject, GameState

_KIND_DELVE = DecisionKind.DELVE

ESCAPE_CODE = 11
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_COST = re.compile(r"(?P<mana>(?:\{[^}]+\})+), Exile (?P<n>[a-z]+) other cards? from "
                   r"your graveyard\.?")


@cache
def escape_cost(text: str) -> tuple[ManaCost, int]:
    """An escape cost as printed ("{2}{U}, Exile three other cards from your
    graveyard"): its mana part and how many other graveyard cards it exiles. A pure
    function of the text (remembered). Raises ValueError for a cost the engine does not
    pay."""
    m = _COST.fullmatch(text.strip())
    if m is None or m.group("n") not in _NUMBERS:
        raise ValueError(f"escape cost {text!r} is not a cost the engine pays")
    return parse_cost(m.group("mana")), _NUMBERS[m.group("n")]


def _instance_cost(obj: GameObject) -> tuple[ManaCost, int]:
    """The card's escape cost (702.138a; a card prints one)."""
    return escape_cost(obj.card.instances("escape")[0].cost)


def escape_exiles(obj: GameObject) -> int:
    """How many other graveyard cards the card's escape cost exiles."""
    return _instance_cost(obj)[1]


def has_escape(state: GameState, obj: GameObject) -> bool:
    """The card has escape (printed: no effect in the engine grants it)."""
    return "escape" in obj.card.keyword_names


def escape_mana(state: GameState, obj: GameObject) -> list[ManaCost]:
    """The escape cost's mana part, paid rather than the mana cost (702.138a)."""
    return [_instance_cost(obj)[0]]


def others_in_graveyard(state: GameState, player: int, obj: GameObject) -> list[int]:
    """The cards the escape cost may exile: the graveyard's but the card itself."""
    return [oid for oid in state.players[player].graveyard if oid != obj.oid]


def enough_others(state: GameState, player: int, obj: GameObject) -> bool:
    """The escape cost's exile part can be paid: N other cards in the graveyard."""
    return len(others_in_graveyard(state, player, obj)) >= _instance_cost(obj)[1]


def ask_exiles(state: GameState, asker: Asker, player: int, obj: GameObject,
               plan: SpellPlan, units: list[int]) -> None:
    """601.2b: the N other graveyard cards the escape cost exiles, one question at a
    time (exiled with the rest of the cost, 601.2h)."""
    n = _instance_cost(obj)[1]
    others = others_in_graveyard(state, player, obj)
    for k in range(n):
        options = [oid for oid in others if oid not in plan.exiles]
        pick = asker.choose_many(Decision(
            _KIND_DELVE, player,
            f"exile a card from your graveyard to escape {obj.card.name} ({k + 1} of {n})",
            options=options, multi=True, min_count=1, max_count=1, source=obj.oid,
            about=ForSpell(obj.card)))
        plan.exiles.append(options[pick[0]])


ESCAPE = cast_permission(CastPermission(
    "escape", code=ESCAPE_CODE, zone=GRAVEYARD, has=has_escape, costs=escape_mana,
    other_payable=enough_others, ask_other=ask_exiles, statistic="escapes"))
