"""Backup (702.165).

702.165a: "Backup is a triggered ability. 'Backup N' means 'When this creature enters,
put N +1/+1 counters on target creature. If that's another creature, it also gains the
non-backup abilities of this creature printed below this one until end of turn.'"
Compiled into that triggered ability: ``add_counters`` (N +1/+1 counters on the target),
then ``if_target_is`` the target is another creature (``Filter.other``, checked as the
ability resolves, 608.2c) a ``pump`` of +0/+0 with the keywords printed below the backup
ability until end of turn (613.1f, layer 6).

The abilities granted are the card's printed ones (702.165b-c: not those a permanent
gained; 702.165d: fixed as the ability is put on the stack), read from its text here:
every line after the backup line must be plain keyword abilities (Saiba Cryptomancer's
"Hexproof"); a card with any other ability below its backup (a triggered or activated
ability, a keyword with a cost) is refused, naming the line, as the engine would grant
it only approximately. 702.165e (several instances trigger separately) holds: one
ability per instance.

The AI values the trigger through its effects (``add_counters``' and ``pump``'s
estimates); the target is chosen by the usual targeting (a creature of one's own).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards import (
    KEYWORD_BITS,
    AbilityT,
    Filter,
    KeywordInstance,
    Target,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.effects.if_target_is import IfTargetIs
from mtgsim.engine.effects.pump import Pump
from mtgsim.engine.keywords import compiles


def printed_below(card: Card) -> tuple[str, ...]:
    """The keywords printed on the lines below the card's backup line (lower case), or
    ValueError naming the first line below it that is not plain keywords."""
    lines = [line.strip() for line in card.defn.text.split("\n") if line.strip()]
    at = next((i for i, line in enumerate(lines) if line.lower().startswith("backup ")), -1)
    if at < 0:
        raise ValueError(f"{card.name}: backup without its line in the card's text")
    below: list[str] = []
    for line in lines[at + 1:]:
        bare = re.sub(r"\s*\([^)]*\)", "", line)  # (reminder text)
        words = [w.strip().lower() for w in bare.split(",")]
        if not all(w in KEYWORD_BITS for w in words):
            raise ValueError(f"{card.name}: backup grants the abilities below it, and "
                             f"this one is not a plain keyword: {line!r}")
        below.extend(words)
    if not below:
        raise ValueError(f"{card.name}: backup with no ability below it")
    return tuple(below)


@compiles("backup")
def compile_backup(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    if inst.n < 1:
        raise ValueError(f"{card.name}: backup needs a number")
    granted = printed_below(card)
    return [Triggered(
        when="enters", keyword="backup", targets=(Target(kind="creature"),),
        effects=(AddCounters(what="t0", counter="+1/+1", amount=inst.n),
                 IfTargetIs(filter=Filter(other=True), what="t0",
                            effects=(Pump(what="t0", keywords=granted),))))]  # type: ignore[arg-type]
