"""Clause pattern of impulse draw: "Exile the top two cards of your library. Until the end
of your next turn, you may play those cards." (Reckless Impulse), "Exile the top card of
your library. Until end of turn, you may play that card." (Experimental Synthesizer),
"Exile the top card of your library. You may play that card this turn.", "... You may
play it until the end of your next turn." (Clockwork Percussionist) — the two
sentences together, into the ``impulse_draw`` effect (``engine.rules.
play_from_exile``). "that card" must follow one card and "those cards" several; any
other wording ("play one of those cards", "without paying its mana cost", a further
sentence about them) is left to the other patterns, which refuse it."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_COUNT = {"card": 1, "two cards": 2, "three cards": 3, "four cards": 4, "five cards": 5}


@rule("effects2", "impulse_draw",
      r"exile the top (?P<n>card|two cards|three cards|four cards|five cards) of your "
      r"library\. (?:(?P<until>Until end of turn|Until the end of your next turn), you may "
      r"play (?P<those>that card|those cards|it|them)|You may play (?P<this>that card|those "
      r"cards|it|them) (?P<when>this turn|until the end of your next turn))\.")
def _impulse(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    n = _COUNT[m.group("n")]
    those = m.group("those") or m.group("this")
    if (n == 1) != (those in ("that card", "it")):
        raise NotUnderstood(m.group(0), "which cards may be played")
    next_turn = (m.group("until") or m.group("when") or "").lower() == \
        "until the end of your next turn"
    return before + [{"do": "impulse_draw", "n": n, "next_turn": next_turn}]
