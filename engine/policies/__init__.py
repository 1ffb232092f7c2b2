"""Decision policies: every decision of a game reaches one of these through ``decide``."""

from __future__ import annotations

from mtgsim.engine.policies.goldfish import GoldfishPolicy
from mtgsim.engine.policies.heuristic import HeuristicPolicy
from mtgsim.engine.policies.random import RandomPolicy
from mtgsim.engine.policies.scripted import ScriptedPolicy, ScriptExhausted

POLICIES = ("heuristic", "random", "goldfish")


def make_policy(name: str, seed: int) -> HeuristicPolicy | RandomPolicy | GoldfishPolicy:
    """A fresh policy for one seat of one game."""
    if name == "heuristic":
        return HeuristicPolicy(seed)
    if name == "random":
        return RandomPolicy(seed)
    if name == "goldfish":
        return GoldfishPolicy(seed)
    raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})")


__all__ = ["GoldfishPolicy", "HeuristicPolicy", "RandomPolicy", "ScriptedPolicy",
           "ScriptExhausted", "make_policy", "POLICIES"]
