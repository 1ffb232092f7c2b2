"""Keyword abilities beyond the core evasion/combat bits, one module per keyword."""

from __future__ import annotations

from engine.cards import KEYWORD_NAMES
from engine.state import GameObject


def object_keywords(obj: GameObject) -> list[str]:
    """The keyword abilities an object has now, by name."""
    names = [name for bit, name in KEYWORD_NAMES.items() if obj.kw & bit]
    return names
