"""Which kinds of decision a search searches: the spec's ``kinds`` setting (issue 37).

The searches (``search``, ``mcts``) try candidates at a priority decision, at the
declarations of attackers and blockers, at the single choices inside an action and at
the multi-selects of ``candidate_answers``. Most of their CPU went to decisions whose
search kept the heuristic's answer (docs/search-record.md, "Where the rollouts go"), so a
spec may name the kinds it searches and leave the others to the heuristic: the budget
then goes only where it pays. The names are the engine's own (``DecisionKind`` values,
``priority``, ``attackers``, ``blockers``, ``target``...) and two groups: ``choice``
(every single choice searched) and ``multi`` (every multi-select searched). A value that
starts with ``-`` names the kinds left out instead (``-may``: every kind but "may"), since
"all but one" is otherwise fifteen names.

This module reads only the decision kinds, so the spec parser can check a value
without importing the searches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.state.decisions import DecisionKind

if TYPE_CHECKING:
    from mtgsim.engine.players.policies.spec import PolicySpec

# single choices inside an action whose options the search tries: what a spell or
# ability targets, its mode, X, whether to dredge, a "may", which replacement effect
# applies first (616.1), the replicate count, convoke, improvise, delve, a cost's
# permanent, a permanent to return
SEARCHED_CHOICES = frozenset({
    DecisionKind.TARGET, DecisionKind.MODE, DecisionKind.X, DecisionKind.DREDGE,
    DecisionKind.MAY, DecisionKind.ATTACH, DecisionKind.REPLACEMENT,
    DecisionKind.REPLICATE, DecisionKind.CONVOKE_TAP, DecisionKind.IMPROVISE_TAP,
    DecisionKind.DELVE, DecisionKind.COST, DecisionKind.RETURN})
# multi-selects whose answers the search tries (``search_actions.choice_sets``): what to
# devour, to sacrifice, to discard (for an effect, for hand size, as a cost), to tap as
# a cost, to untap
SEARCHED_MULTI = frozenset({
    DecisionKind.DEVOUR, DecisionKind.SACRIFICE, DecisionKind.DISCARD,
    DecisionKind.COST_DISCARD, DecisionKind.COST_TAP, DecisionKind.UNTAP})
SEARCHED_KINDS = frozenset({DecisionKind.PRIORITY, DecisionKind.ATTACKERS,
                            DecisionKind.BLOCKERS}) | SEARCHED_CHOICES | SEARCHED_MULTI
# the groups a spec may name, each a shorthand for all its members
KIND_GROUPS: dict[str, frozenset[DecisionKind]] = {
    "choice": SEARCHED_CHOICES, "multi": SEARCHED_MULTI}
SEPARATOR = "+"  # between the names of one value (the spec's own separator is ",")


EXCLUDE = "-"  # before a value: the kinds it names are the ones left out


def read_kinds(text: str) -> frozenset[DecisionKind]:
    """The kinds named by ``text`` (``priority+attackers+choice``...), or with a leading
    ``-`` every searched kind but those (``-may+target``); raises ``ValueError`` naming an
    unknown or unsearched name, an empty value, or an exclusion that leaves no kind."""
    body = text.strip()
    if not body.startswith(EXCLUDE):
        return _named_kinds(body)
    kept = SEARCHED_KINDS - _named_kinds(body[len(EXCLUDE):])
    if not kept:
        raise ValueError(f"{text!r} leaves out every kind the search searches")
    return kept


def _named_kinds(text: str) -> frozenset[DecisionKind]:
    """The kinds a ``+``-joined list of names and groups names (``read_kinds``)."""
    names = [n.strip() for n in text.split(SEPARATOR)]
    if not names or any(not n for n in names):
        raise ValueError(f"empty name in {text!r} (write KIND{SEPARATOR}KIND...)")
    out: set[DecisionKind] = set()
    for name in names:
        group = KIND_GROUPS.get(name)
        if group is not None:
            out |= group
            continue
        if name.startswith(EXCLUDE):
            raise ValueError(f"{EXCLUDE!r} goes once, before the whole value "
                             f"({EXCLUDE}KIND{SEPARATOR}KIND...: every kind but those), "
                             f"not before {name[len(EXCLUDE):]!r}")
        try:
            kind = DecisionKind(name)
        except ValueError:
            raise ValueError(f"unknown decision kind {name!r}") from None
        if kind not in SEARCHED_KINDS:
            raise ValueError(f"the search never searches {name!r} decisions (kinds: "
                             f"{', '.join(sorted([*KIND_GROUPS, 'priority', 'attackers', 'blockers']))}, "
                             f"or a member of a group)")
        out.add(kind)
    return frozenset(out)


def spec_kinds(spec: PolicySpec) -> frozenset[DecisionKind]:
    """The kinds a search's spec searches: its ``kinds`` setting, or every kind without
    one (``SearchPolicy`` and ``MctsPolicy`` read the setting alike)."""
    kinds = spec.get("kinds")
    return read_kinds(kinds) if kinds is not None else SEARCHED_KINDS


def kinds_text(kinds: frozenset[DecisionKind]) -> str:
    """The one spelling of a set of kinds: a group whose members are all in it by the
    group's name, the rest by their own names, sorted (so ``choice+priority`` and
    ``priority+target+mode+...`` name one search, and a job's hash does not depend on
    how the spec was written; an exclusion, ``-may``, is spelled by what it keeps, so it
names the same job as the kinds it keeps written out)."""
    rest = set(kinds)
    names: list[str] = []
    for group, members in sorted(KIND_GROUPS.items()):
        if members <= rest:
            names.append(group)
            rest -= members
    names.extend(str(k) for k in rest)
    return SEPARATOR.join(sorted(names))


__all__ = ["EXCLUDE", "KIND_GROUPS", "SEARCHED_CHOICES", "SEARCHED_KINDS", "SEARCHED_MULTI",
           "kinds_text", "read_kinds", "spec_kinds"]
