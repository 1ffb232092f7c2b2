"""The heuristic's answers to optional additional costs that spend permanents or
graveyard cards rather than mana: bargain (702.166a) and collect evidence (701.59a).

- Bargain: paid only with fodder that costs little to lose — a token or an artifact or
  enchantment ``perm_value`` rates at most ``BARGAIN_FODDER`` (a Treasure, a Clue, a
  0/2 Ornithopter), not for a trigger that would find no target — and then with the
  cheapest (the ``cost`` question's answer,
  ``choice_costs.cost_choice``, already takes the least valuable). A key permanent is
  never bargained away for the bigger effect.
- Collect evidence: paid when the cards not worth keeping in the graveyard (no
  flashback, retrace, unearth, dredge: ``choice_costs._delve_keep`` below its keep floor;
  nothing a hand card's cost reduction counts) reach the total alone; the cards are then
  chosen to exile as few as it can: the least valuable card that completes the total by
  itself, else the card of the greatest mana value among those not kept.

Pure functions of a player's view: no game changes.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_ARTIFACT, T_ENCHANTMENT, T_LAND, OptionalCostPaid
from mtgsim.engine.players.policies.escape_plan import counted_in_graveyard
from mtgsim.engine.players.worth import is_creature, perm_value
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.game_state import Decision, GameObject, GameState

BARGAIN_FODDER = 2.5  # the most a permanent bargained away may be worth (perm_value)
_KEPT = 100.0  # a card usable from the graveyard (``choice_costs._KEEP_IN_GRAVEYARD``)


def bargain_fodder(state: GameState, me: int) -> list[GameObject]:
    """My tokens, artifacts and enchantments cheap enough to bargain away."""
    out: list[GameObject] = []
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != me:
            continue
        if not (o.token or o.card.type_mask & (T_ARTIFACT | T_ENCHANTMENT)):
            continue
        if perm_value(state, o, me) <= BARGAIN_FODDER:
            out.append(o)
    return out


def bargain_ok(state: GameState, me: int, spell: int) -> bool:
    """Bargain (702.166a) when something cheap can be sacrificed for it, and, for a
    permanent whose "if it was bargained" triggers all target, when one of them would
    find a target (Troublemaker Ouphe with no artifact or enchantment to exile)."""
    if not bargain_fodder(state, me):
        return False
    obj = state.objects.get(spell)
    if obj is None:
        return True
    gated = [ab for ab in obj.card.triggered
             if isinstance(ab.condition, OptionalCostPaid) and ab.condition.keyword == "bargain"]
    if not gated:
        return True
    for ab in gated:
        if not ab.targets or legal_targets(state, ab.targets[0], me, spell):
            return True
    return False


def _keep(state: GameState, me: int, o: GameObject) -> float:
    """How much a graveyard card is worth keeping there (lands least; a card usable
    from the graveyard, or counted by a hand card's reduction, ``_KEPT`` and more)."""
    card = o.card
    if card.zone_actions or "dredge" in card.keyword_names or \
            counted_in_graveyard(state, me, o):
        return _KEPT + card.mana_value
    if card.type_mask & T_LAND:
        return 0.0
    return (20.0 if is_creature(o) else 10.0) + card.mana_value


def evidence_ok(state: GameState, me: int, spell: int, need: int) -> bool:
    """Collect evidence ``need`` (701.59a) when the cards not kept reach it alone."""
    objects = state.objects
    total = 0
    for oid in state.players[me].graveyard:
        o = objects[oid]
        if oid != spell and _keep(state, me, o) < _KEPT:
            total += o.card.mana_value
    return total >= need


def evidence_pick(state: GameState, d: Decision, need: int) -> list[int]:
    """The next card to exile for the evidence still needed (``need``): the least kept
    card that completes it alone, else the greatest mana value among the least kept."""
    objects = state.objects
    me = d.player
    keeps = [_keep(state, me, objects[oid]) for oid in d.options]
    values = [objects[oid].card.mana_value for oid in d.options]
    best = -1
    for i in range(len(d.options)):
        if values[i] < need:
            continue
        if best < 0 or (keeps[i], values[i]) < (keeps[best], values[best]):
            best = i
    if best >= 0 and keeps[best] < _KEPT:
        return [best]
    for i in range(len(d.options)):
        if best < 0 or (keeps[i] >= _KEPT, -values[i], keeps[i]) < \
                (keeps[best] >= _KEPT, -values[best], keeps[best]):
            best = i
    return [best]
