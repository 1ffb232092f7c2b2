"""The typed card schema, one module per part of the vocabulary (``engine.cards`` is its
public facade: import from there).

msgspec resolves a Struct's annotations lazily, when a decoder first needs them, in the
globals of the module that defines the Struct. The schema is mutually recursive (a Filter
holds an Amount, an effect creates a token CardDef whose abilities hold effects), so the
few names a module refers to before they exist are linked into it here, once every module
is loaded; importing any submodule runs this first. The union of effects, ``EffectT``, is
linked in later, by the effect table, once the effect modules are loaded.
"""

from __future__ import annotations

from types import ModuleType

from mtgsim.engine.cards.schema import (
    abilities,
    amounts,
    base,
    bits,
    carddef,
    conditions,
    effects,
    filters,
    unions,
)

__all__ = [
    "abilities", "amounts", "base", "bits", "carddef", "conditions", "effects", "filters",
    "unions",
]

_LATE_NAMES: dict[ModuleType, dict[str, object]] = {
    filters: {"Amount": unions.Amount},
    conditions: {"Condition": unions.Condition},
}
for _module, _names in _LATE_NAMES.items():
    vars(_module).update(_names)
