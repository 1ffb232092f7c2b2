"""Clause pattern of "you gain life equal to [an amount]": "Draw a card, then you gain life
equal to the number of cards in your hand." (Union of the Third Path).

The amount is one the amounts reader (``engine.cards.oracle.amounts.equal_to``) reads
exactly ("the number of cards in your hand", "the number of creatures you control", ...;
anything else refuses the clause) and is counted as this effect happens, after the
effects before it in the same ability (608.2c: the instructions are followed in order, so
the card drawn first is in the hand when the cards are counted); the ``gain_life``
effect (``engine/effects/gain_life.py``, 119.3) computes it then and the AI's estimate
beside it guesses it from the state it sees.

The amounts with a pattern of their own ("the sacrificed permanent's mana value",
``fx_sacrificed``; "the damage prevented this way", ``fx_spells``) are not amounts
``equal_to`` reads, so this pattern never takes their clauses.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import equal_to
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "small_gain_life_equal_to", r"you gain life (?P<amount>equal to .+)")
def _gain_equal(m: re.Match[str], ab: Ability) -> list[Data]:
    """119.3: the player gains that much life; 0 gains nothing (119.3, 107.1b: the
    amount is never negative here, a count). "That card's mana value" is refused: the
    amounts reader takes it as the card an ``exile_until`` exiled, and after "return
    target artifact card ... to your hand" (Razor Hippogriff) it is another card."""
    amount = equal_to(m.group("amount"), ab)
    if isinstance(amount, dict) and amount.get("of") == "exiled_mana_value":
        raise NotUnderstood(m.group(0), "which card's mana value")
    return [{"do": "gain_life", "amount": amount}]
