"""The race, for the heuristic's attacks with ``heuristic:attack=race`` (combat_ai).

A player who attacks with everything each turn (508.1a) and blocks with nothing wins the
race when the opponent's life runs out first. The estimate a good player makes before
declaring attackers: how many turns my attack takes to kill them after their best blocks
(509.1: each of their untapped creatures able to block stops one attacker, the biggest
first; the damage that gets through is dealt in 510.1), less the burn in my hand that can
reach their face this turn, against how many turns their whole team takes to kill me when
none of mine stay home to block. I attack first (it is my turn), so I win the race on
equal clocks. When I win it, damage is what matters and a trade the defender's block
offers costs me less than the turn it buys them: ``combat_ai`` then weighs damage as the
beatdown does at low life and sends the attackers a creature-for-creature count would
keep home.

Estimates only (the AI's, not the rules'): the clocks ignore what the players will draw
and cast, and the reach counts each burn spell whose mana cost the mana I can make now
pays on its own, the cheapest first, while their mana values fit the mana I have.
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.worth_effects import fixed_damage
from mtgsim.engine.rules.mana import can_pay_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.game_state import GameState

FACE_KINDS = ("any", "player", "opponent")  # target kinds that include the opponent (115.4)
FACE_REFS = ("each_opponent", "defending_player")  # untargeted damage to the opponent
FACE_TARGET_REFS = ("t0", *FACE_REFS)  # and to the one target, when it may be them
NEVER = 1_000  # the clock of a side whose attack deals no damage


def face_damage(card: Card) -> int:
    """The damage an instant or sorcery (its first mode, when modal) deals to the
    opponent, to one target that may be a player (Lightning Bolt: 3, "any target",
    115.4) or to each opponent without a target (Lava Spike's kin); 0 for a permanent
    card, a cost with X, or damage whose amount depends on the game."""
    spell = card.spell
    if spell is None or card.is_permanent_card or card.cost is None or card.cost.x:
        return 0
    specs = spell.modes[0].targets if spell.modes else spell.targets
    effects = spell.modes[0].effects if spell.modes else spell.effects
    face_target = len(specs) == 1 and specs[0].kind in FACE_KINDS
    return fixed_damage(effects, FACE_TARGET_REFS if face_target else FACE_REFS)


def burn_reach(state: GameState, me: int) -> int:
    """The damage the burn in ``me``'s hand can deal to the opponent this turn: each
    spell ``face_damage`` counts whose cost the mana ``me`` can make now pays, the
    cheapest first while the sum of their mana values fits that mana (a sorcery's in the
    second main phase, after combat: 505.1)."""
    objects = state.objects
    burn: list[tuple[int, int]] = []  # (mana value, damage)
    units: list[int] | None = None
    for oid in state.players[me].hand:
        c = objects[oid].card
        n = face_damage(c)
        if n <= 0 or c.cost is None:
            continue
        if units is None:
            units = mana_units(state, me)[0]
        if can_pay_cost(c.cost, units):
            burn.append((c.mana_value, n))
    if units is None or not burn:
        return 0
    burn.sort(key=lambda s: (s[0], -s[1]))
    budget = len(units)
    total = 0
    for mv, n in burn:
        if mv <= budget:
            budget -= mv
            total += n
    return total


def clock(damage_per_turn: int, life: int) -> int:
    """Turns ``damage_per_turn`` takes to deal ``life`` (``NEVER`` when it is none)."""
    if life <= 0:
        return 0
    if damage_per_turn <= 0:
        return NEVER
    return -(-life // damage_per_turn)


def wins_race(through: int, reach: int, opp_room: int, crack: int, my_life: int) -> bool:
    """Does the attacker win the race: ``through`` damage each turn after the defender's
    best blocks, ``reach`` from burn this turn, against ``opp_room`` (their life, or the
    poison they lack), while ``crack`` (the damage of their creatures able to attack,
    ``combat_ai.damage_of``) hits back with nothing of mine home to block? The attacker
    deals damage first (it is their turn)."""
    return through > 0 and clock(through, opp_room - reach) <= clock(crack, my_life)


__all__ = ["burn_reach", "clock", "face_damage", "wins_race"]
