"""Write the list of card names that ``mtgsim fuzz --format pauper`` draws its decks from
(``pipelines/pauper_cards.txt``): every card named in a Pauper list (main deck or
sideboard) of a deck-list file in the JSON Lines form of the training lists (``format``,
``main`` and ``side`` as lists of [name, count]).

The fuzz must not need the training lists at run time, so the names are shipped with it;
which of them the fuzz plays is decided when it runs (the names the pool defines or the
Oracle compiler compiles then), so the file need not change as the vocabulary grows.
``tests/packaging/test_shared_copies.py`` checks that the file is what this script makes
of the training lists while they are beside the checkout.

    python scripts/pauper_cards.py LISTS.jsonl.gz > pipelines/pauper_cards.txt
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

HEADER = """\
# The card names of the Pauper training lists (decklists-2026-04-06, main decks and
# sideboards), one a line: the cards `mtgsim fuzz --format pauper` draws decks from (those
# the pool defines or the Oracle compiler compiles). Made by scripts/pauper_cards.py.
"""


def pauper_names(lists: Path, fmt: str = "pauper") -> list[str]:
    """Every card name the lists of ``fmt`` give, sorted, each once."""
    names: set[str] = set()
    with gzip.open(lists, "rt", encoding="utf-8") if lists.suffix == ".gz" \
            else open(lists, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            deck = json.loads(line)
            if deck.get("format") != fmt:
                continue
            names.update(str(name) for name, _ in [*deck["main"], *deck["side"]])
    return sorted(names)


def render(names: list[str]) -> str:
    return HEADER + "".join(f"{n}\n" for n in names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", type=Path, metavar="FILE",
                        help="deck lists, JSON Lines (optionally gzipped)")
    args = parser.parse_args(argv)
    sys.stdout.write(render(pauper_names(args.lists)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
