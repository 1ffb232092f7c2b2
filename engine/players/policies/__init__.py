"""Decision policies: every decision of a game reaches one of these through ``decide``."""

from __future__ import annotations

from mtgsim.engine.players.policies.goldfish import GoldfishPolicy
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.ismcts import MctsPolicy
from mtgsim.engine.players.policies.random import RandomPolicy
from mtgsim.engine.players.policies.scripted import ScriptedPolicy, ScriptExhausted
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.players.policies.spec import (
    DEFAULT_ATTACK,
    DEFAULT_GUARDS,
    DEFAULT_PRIO,
    DEFAULT_TRICKS,
    POLICY_NAMES,
    PolicySpec,
    PolicySpecError,
    canonical,
    parse_policy,
)

POLICIES = POLICY_NAMES


def make_policy(spec: str | PolicySpec, seed: int
                ) -> HeuristicPolicy | RandomPolicy | GoldfishPolicy | SearchPolicy | MctsPolicy:
    """A fresh policy for one seat of one game, from its spec (``heuristic``,
    ``search:rollouts=8``, ...; raises ``PolicySpecError`` for a bad one) and the seat's
    seed."""
    s = spec if isinstance(spec, PolicySpec) else parse_policy(spec)
    if s.name == "heuristic":
        return HeuristicPolicy(seed, fitted=s.get("eval") == "fitted",
                               race=(s.get("attack") or DEFAULT_ATTACK) == "race",
                               prio=s.get("prio") or DEFAULT_PRIO,
                               tricks=s.get("tricks") or DEFAULT_TRICKS,
                               guards=s.get("guards") or DEFAULT_GUARDS)
    if s.name == "random":
        return RandomPolicy(seed)
    if s.name == "goldfish":
        return GoldfishPolicy(seed)
    if s.name == "search":
        return SearchPolicy(seed, s)
    if s.name == "mcts":
        return MctsPolicy(seed, s)
    raise PolicySpecError(f"unknown policy {s.name!r}")


__all__ = ["GoldfishPolicy", "HeuristicPolicy", "MctsPolicy", "RandomPolicy", "ScriptedPolicy", "SearchPolicy",
           "ScriptExhausted", "make_policy", "POLICIES", "PolicySpec", "PolicySpecError",
           "parse_policy", "canonical"]
