"""Who pilots which deck, from the command line: ``--policy-a SPEC`` and ``--policy-b
SPEC`` (the sides: ``DECK_A``/``DECK_B`` of play and batch, a matchup's first and second
deck in the jobs) and ``--policy DECK=SPEC`` (that deck's pilot wherever it plays; given
once per deck). Specs are ``engine.players.policies.spec`` text; a bad one is a one-line usage
error (exit 2) naming the option, checked before anything runs."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from mtgsim.engine.players.policies.spec import POLICY_NAMES, PolicySpecError, canonical


class PolicyArgError(ValueError):
    """A bad ``--policy*`` option: the message names it."""


def add_policy_options(parser: argparse.ArgumentParser, default: str = "heuristic",
                       decks: bool = True) -> None:
    """``--policy-a``, ``--policy-b`` and (``decks``) ``--policy DECK=SPEC``."""
    spec_help = ", ".join(POLICY_NAMES) + ", with settings as NAME:KEY=VALUE,..."
    parser.add_argument("--policy-a", default=default, metavar="SPEC",
                        help=f"who plays DECK_A / a matchup's first deck: {spec_help} "
                             f"(default: {default})")
    parser.add_argument("--policy-b", default=default, metavar="SPEC",
                        help=f"who plays DECK_B / a matchup's second deck (default: "
                             f"{default})")
    if decks:
        parser.add_argument("--policy", action="append", default=[],
                            metavar="DECK=SPEC", dest="deck_policy",
                            help="the policy piloting DECK (its name or the argument as "
                                 "given) wherever it plays, over --policy-a/-b; repeat "
                                 "for other decks")


def check_policy_args(args: argparse.Namespace) -> None:
    """Canonicalise the command's policy options in place (``args.deck_policy`` becomes
    ``(DECK, SPEC)`` pairs); raises ``PolicyArgError``."""
    for opt, flag in (("policy_a", "--policy-a"), ("policy_b", "--policy-b"),
                      ("bench_policy", "--policy")):  # bench's one policy for both sides
        text = getattr(args, opt, None)
        if text is None:
            continue
        try:
            setattr(args, opt, canonical(text))
        except PolicySpecError as exc:
            raise PolicyArgError(f"{flag}: {exc}") from None
    pairs: list[tuple[str, str]] = []
    for text in getattr(args, "deck_policy", None) or ():
        if isinstance(text, tuple):  # checked already
            pairs.append(text)
            continue
        deck, eq, spec = text.partition("=")
        if not eq or not deck.strip() or not spec.strip():
            raise PolicyArgError(f"--policy: {text!r} is not DECK=SPEC")
        try:
            pairs.append((deck.strip(), canonical(spec)))
        except PolicySpecError as exc:
            raise PolicyArgError(f"--policy {deck.strip()}: {exc}") from None
    seen: dict[str, str] = {}
    for deck, spec in pairs:
        if deck in seen and seen[deck] != spec:
            raise PolicyArgError(f"--policy: deck {deck!r} given two policies "
                                 f"({seen[deck]}, {spec})")
        seen[deck] = spec
    if hasattr(args, "deck_policy"):
        args.deck_policy = pairs


def deck_policies(args: Any, names: Sequence[str], given: Sequence[str]) -> tuple[str, ...]:
    """Per deck (aligned with ``names``, the loaded decks' names; ``given``: the
    arguments as typed), the spec of ``--policy`` naming it, or ""; raises
    ``PolicyArgError`` for a ``--policy`` that names no deck of the command."""
    own = [""] * len(names)
    for deck, spec in getattr(args, "deck_policy", None) or ():
        hits = [i for i, (n, g) in enumerate(zip(names, given, strict=True))
                if deck in (n, g)]
        if not hits:
            raise PolicyArgError(f"--policy: no deck {deck!r} here (decks: "
                                 f"{', '.join(dict.fromkeys(names))})")
        for i in hits:
            own[i] = spec
    return tuple(own)


def seat_policies(args: Any, names: Sequence[str], given: Sequence[str]) -> list[str]:
    """The two policies of play and batch: deck A's, deck B's (``--policy`` over the
    side's ``--policy-a``/``-b``)."""
    own = deck_policies(args, names, given)
    return [own[0] or args.policy_a, own[1] or args.policy_b]


__all__ = ["PolicyArgError", "add_policy_options", "check_policy_args", "deck_policies",
           "seat_policies"]
