"""Close spellings of card names: the "did you mean" of a deck list's unknown card.

A suggestion is worth giving only for a typo (``Lightning Blot``, ``Counterspel``), never
for another word that shares letters (``Brushland`` is not a misspelling of ``Island``,
although difflib's ratio puts them at 0.8). So closeness is an edit distance with a
threshold that grows with the name's length: the optimal-string-alignment distance
(insertions, deletions, substitutions and adjacent transpositions each count one: a swap
such as "Blot" for "Bolt" is one slip of the fingers), computed by rapidfuzz over the
whole list of names at C speed (the corpus has about 36,000). One edit in a very short
name is already another word ("Bob" and "Mob"), so the two names must also share most of
their letters (an Indel similarity of at least ``MIN_SIMILARITY``).
"""

from __future__ import annotations

from collections.abc import Mapping

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

MAX_NAME = 200  # longer than any card name: no suggestion is looked for
MAX_SUGGESTIONS = 3  # equally close names shown together ("A' or 'B")
MIN_SIMILARITY = 75.0  # percent: fuzz.ratio, 2 * matching letters / both lengths


def close_limit(name: str) -> int:
    """How many edits still make a close spelling of a name this long: one for short
    names, two from 8 letters, three from 16 (a typo or two, not another word)."""
    n = len(name)
    return 1 if n < 8 else 2 if n < 16 else 3


def close_names(key: str, candidates: Mapping[str, str]) -> list[str]:
    """The names of ``candidates`` (folded name -> name as printed) that ``key`` (a
    folded name) is a close misspelling of: those at the smallest distance, if it is
    within ``close_limit``; sorted, at most ``MAX_SUGGESTIONS``; [] for none."""
    if not key or len(key) > MAX_NAME:
        return []
    limit = close_limit(key)
    # each match is (folded name, distance, key); ties in distance are broken by name
    found = process.extract(key, list(candidates), scorer=OSA.distance,
                            score_cutoff=limit, limit=None)
    near = [(int(d), c) for c, d, _ in found if fuzz.ratio(key, c) >= MIN_SIMILARITY]
    if not near:
        return []
    best = min(d for d, _ in near)
    names = sorted({candidates[c] for d, c in near if d == best})
    return names[:MAX_SUGGESTIONS]


def did_you_mean(names: list[str]) -> str:
    """The suggestions as a message says them: ``'A'`` or ``'A' or 'B'``; "" for none."""
    return " or ".join(f"'{n}'" for n in names)
