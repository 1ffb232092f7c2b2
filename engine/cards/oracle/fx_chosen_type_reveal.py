"""Clause pattern of Winding Way: "Choose creature or land. Reveal the top four cards of your
library. Put all cards of the chosen type revealed this way into your hand and the rest
into your graveyard."

The card type is chosen as the spell resolves (608.2d: a choice the text asks for, not a
mode chosen as it is cast, 700.2), before anything is revealed, so it is the ``choose_one``
effect (``engine/effects/choose_one.py``) between two ``dig`` effects
(``engine/effects/dig.py``), one for each type: the top cards revealed (701.20a), every card
of the chosen type put into the hand (``take`` 0 with ``must``: all of them, none left
behind by choice) and the rest into the graveyard. The AI chooses the type whose dig it
values more (the best option of ``choose_one``'s estimate: the cards of that type it
expects among those revealed). Only card types (205.2a) a card can have are read, two of
them, and only the sentences as Winding Way writes them; any other wording stays refused.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

# The card types a card in a library can have (205.2a; the engine has no planeswalker or
# battle cards), as the rules text writes them
_CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "sorcery")


@rule("effects3", "reveal_cards_of_the_chosen_type",
      r"choose (?P<a>[a-z]+) or (?P<b>[a-z]+)\. Reveal the top (?P<n>{N}) cards of your "
      r"library\. Put all cards of the chosen type revealed this way into your hand and the "
      r"rest into your graveyard\.")
def _reveal_chosen_type(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Winding Way: a ``choose_one`` whose options are the ``dig`` of each type."""
    types = (m.group("a"), m.group("b"))
    if any(t not in _CARD_TYPES for t in types) or types[0] == types[1]:
        raise NotUnderstood(m.group(0), "a choice of two card types")
    n = number(m.group("n"), ab)
    options = [[{"do": "dig", "amount": n, "filter": {"types": [t]}, "take": 0,
                 "must": True, "reveal": True, "rest": "graveyard"}] for t in types]
    return before + [{"do": "choose_one", "labels": list(types), "options": options}]
