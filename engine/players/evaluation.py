"""The board evaluation fitted to outcomes (issue 37, point 4): how likely a position is
won for one player, from what that player may see.

A position is described by a few public features (``features``), each the difference
between the player and their opponent, so the model is symmetric by construction (the
opponent's probability is one minus the player's) and needs no intercept:

- life, non-linear: the player's effective life (poison counters counting two life each
  toward ten, 704.5c, as the hand-set evaluation did; at most 40), as ln(1 + life) and
  as life, each with its own weight, so a point of life near zero can be worth much more
  than a point at thirty (six free segments, 0-3 ... 20-40, fit the held-out positions
  as well, log-loss 0.5093 both, but their price is not monotone, the first three
  points weighing half the next three, and flat over 20: a price of life the heuristic
  could not use; scripts/fit_evaluation.py reports both);
- cards in hand (at most 7 counted);
- lands (mana development, at most 8 counted): tempo;
- creatures (the number of bodies to attack and block with);
- the worth of the other permanents (``worth.perm_value``: power, toughness, keywords,
  Auras; lands excluded, they are counted above);
- the power that gets through blockers (``attack_power``: evasive attackers', and the
  others' when the other side's blockers each chump one of the biggest);
- the strike: the share of the other's life the side about to attack takes in one
  attack with all its power (+ when it is the player, - when it is the other): together
  with the next, the clock;
- whose turn it is (+1 the player's, -1 the other's): the side about to untap and draw.

Each of the last two was kept by held-out log-loss out of a dozen candidates (raw and
evasive power, clocks, blockers' toughness, the race in turns to kill, lethal on board,
decking, graveyard, poison; docs/search-record.md "The clock in the fitted evaluation").

The weights are fitted by logistic regression on positions of the project's own
self-play games (``scripts/fit_evaluation.py``) and read from the generated data module
``evaluation_weights``: nothing is fitted at run time.

The same curve gives the heuristic its price of life (``engine.players.life_price``).
"""

from __future__ import annotations

import math

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_DEFENDER,
    KW_FEAR,
    KW_FLYING,
    KW_INTIMIDATE,
    KW_MENACE,
    KW_REACH,
    KW_SHADOW,
    KW_UNBLOCKABLE,
)
from mtgsim.engine.effects.become_monarch import CARD_WORTH, monarch_worth
from mtgsim.engine.effects.take_initiative import initiative_worth
from mtgsim.engine.players.evaluation_weights import FEATURES, WEIGHTS
from mtgsim.engine.players.life_price import LIFE_FEATURES, life_terms
from mtgsim.engine.players.worth import attachments, board, is_land, perm_value
from mtgsim.engine.state.game_state import GameObject, GameState

MAX_HAND = 7
MAX_LANDS = 8
# attackers no blocker can stop outright: can't be blocked, fear (702.36b), intimidate
# (702.13b), shadow (702.28b; blockers with fear's colours, artifacts or shadow are rare
# enough that the fit weighs them as evasive)
_ALWAYS_EVASIVE = KW_UNBLOCKABLE | KW_FEAR | KW_INTIMIDATE | KW_SHADOW
FEATURE_NAMES: tuple[str, ...] = LIFE_FEATURES + (
    "hand", "lands", "creatures", "worth", "through", "strike", "active")

if FEATURES != FEATURE_NAMES:  # the data module was fitted for other features
    raise ImportError("engine/players/evaluation_weights.py was generated for features "
                      f"{FEATURES}, the evaluation reads {FEATURE_NAMES}: re-run "
                      "scripts/fit_evaluation.py")

_HAND_W = dict(zip(FEATURES, WEIGHTS, strict=True))["hand"]


def effective_life(life: int, poison: int) -> int:
    """A player's life as the evaluation weighs it: poison counters count two life each
    toward ten (704.5c: ten poison counters lose the game as zero life does)."""
    if poison:
        return min(life, 2 * (10 - poison))
    return life


def side_features(state: GameState, player: int, me: int) -> list[float]:
    """One side's life, hand, lands, creatures and worth (before the difference), read
    from ``state`` (a view of ``me``'s: only public facts are read, the other hand only
    by its size). Its worth is a walk of that side alone: the reference ``features``' one
    walk for both sides (``worths``) is held to (tests/players/test_evaluation.py)."""
    b = board(state)
    worth = 0.0
    objects = state.objects
    attached = attachments(state)  # (counted once, not per creature)
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == player and not is_land(o):
            worth += perm_value(state, o, me, attached)
    return _side(state, player, b.lands[player], len(b.creatures[player]), worth)


def worths(state: GameState, me: int) -> list[float]:
    """Each player's non-land permanents' worth to ``me`` (``perm_value``), found in one
    walk over the battlefield with the attachments counted once: ``features`` reads both
    sides at every rollout's horizon (twice a rollout with ``search:blend=1``), where a
    walk per side walked it and counted the attachments twice. Each side's worth is the
    same sum in the same (battlefield) order as a walk of that side alone."""
    worth = [0.0, 0.0]
    objects = state.objects
    attached = attachments(state)  # (counted once, not per creature)
    for oid in state.battlefield:
        o = objects[oid]
        if not is_land(o):
            worth[o.controller] += perm_value(state, o, me, attached)
    return worth


def _side(state: GameState, player: int, lands: int, creatures: int,
          worth: float) -> list[float]:
    """``side_features``' list from its parts."""
    p = state.players[player]
    return life_terms(effective_life(p.life, p.poison)) + [
        float(min(len(p.hand), MAX_HAND)), float(min(lands, MAX_LANDS)),
        float(creatures), worth]


def attack_power(creatures: list[GameObject], blockers: list[GameObject]) -> tuple[int, int]:
    """The power of ``creatures`` able to attack (no defender, 702.3b, nor "can't
    attack"), and the power of theirs that gets through the other side's ``blockers``
    when each blocker able to block stops one of the biggest blockable attackers (a chump
    block each, 509.1a). Blockable: not always evasive (``_ALWAYS_EVASIVE``), not flying
    against no flying or reach blocker (702.9b, 702.17b), not menace against fewer than
    two blockers (702.110b).

    Not ``combat_ai.unblocked_damage`` (``_through``), which the combat AI asks of
    attackers it chose: that one reads the rules' blocking legality (``can_block``),
    gives a menace attacker two blockers, counts double strike's damage and trample's
    excess over its blockers. This one is a feature read at every evaluation, from
    keywords alone: every creature able to attack, its power once, one blocker a
    blockable attacker whatever its menace, no trample."""
    fence = 0  # flying or reach blockers
    able = 0  # creatures able to block
    for c in blockers:
        if not c.kw & KW_CANT_BLOCK:
            able += 1
            if c.kw & (KW_FLYING | KW_REACH):
                fence += 1
    power = through = 0
    blockable: list[int] = []
    for c in creatures:
        kw = c.kw
        if c.power <= 0 or kw & (KW_DEFENDER | KW_CANT_ATTACK):
            continue
        power += c.power
        if (kw & _ALWAYS_EVASIVE or (kw & KW_FLYING and not fence)
                or (kw & KW_MENACE and able < 2) or not able):
            through += c.power
        else:
            blockable.append(c.power)
    if len(blockable) > able:
        blockable.sort()
        through += sum(blockable[:len(blockable) - able])
    return power, through


def features(state: GameState, me: int) -> list[float]:
    """The position's features for ``me`` (``FEATURE_NAMES``): each side's life, hand,
    lands, creatures, worth and power through blockers (``attack_power``), ``me``'s less
    the other's; then the strike: the share of the other's effective life the side about
    to attack takes with its attacking power (at most all of it; + when it is ``me``, -
    when it is the other), the clock a difference of powers cannot see; then +1 when it
    is ``me``'s turn, -1 when it is the other's."""
    ps = state.players
    you = 1 - me
    b = board(state)  # (found once for both sides: ``worths``)
    creatures = b.creatures
    power, through = attack_power(creatures[me], creatures[you])
    power_you, through_you = attack_power(creatures[you], creatures[me])
    worth = worths(state, me)
    mine = _side(state, me, b.lands[me], len(creatures[me]), worth[me])
    theirs = _side(state, you, b.lands[you], len(creatures[you]), worth[you])
    xs = [a - b for a, b in zip(mine, theirs, strict=True)]
    xs.append(float(through - through_you))
    if state.active == me:
        xs.append(min(1.0, power / max(1, effective_life(ps[you].life, ps[you].poison))))
        xs.append(1.0)
    else:
        xs.append(-min(1.0, power_you / max(1, effective_life(ps[me].life, ps[me].poison))))
        xs.append(-1.0)
    return xs


def logit(xs: list[float], weights: tuple[float, ...] = WEIGHTS) -> float:
    # (a list, not a generator: a cpdef function of the compiled build holds no closure)
    return sum([w * x for w, x in zip(weights, xs, strict=True)])


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


def win_probability(state: GameState, me: int) -> float:
    """The fitted chance that ``me`` wins from this (unfinished) position, with the
    monarch's and the initiative's cards to come counted as cards in hand (724.2,
    725.2; too rare in the self-play games to be fitted on their own)."""
    z = logit(features(state, me))
    extra = 0.0
    if state.monarch >= 0:
        crown = monarch_worth(state, state.monarch) / CARD_WORTH
        extra += crown if state.monarch == me else -crown
    if state.initiative >= 0:
        rooms = initiative_worth(state, state.initiative) / CARD_WORTH
        extra += rooms if state.initiative == me else -rooms
    return sigmoid(z + extra * _HAND_W)


def handset_logit(state: GameState, me: int) -> float:
    """The hand-set evaluation's logit before this fit (life difference x 0.12, capped
    at 30; permanents' worth x 0.08; hand x 0.1): the baseline the fit is measured
    against (``scripts/fit_evaluation.py``)."""
    you = 1 - me
    p, q = state.players[me], state.players[you]
    worth = [0.0, 0.0]
    objects = state.objects
    attached = attachments(state)  # (counted once, not per creature)
    for oid in state.battlefield:
        o = objects[oid]
        worth[o.controller] += perm_value(state, o, me, attached)
    life = (min(effective_life(p.life, p.poison), 30)
            - min(effective_life(q.life, q.poison), 30)) * 0.12
    return life + (worth[me] - worth[you]) * 0.08 + (len(p.hand) - len(q.hand)) * 0.1


def handset_position_logit(state: GameState, me: int) -> float:
    """The search's hand-set evaluation before this fit (``search:eval=handset``):
    ``handset_logit`` with the monarch's and the initiative's cards to come counted as
    cards in hand (x 0.1)."""
    z = handset_logit(state, me)
    if state.monarch >= 0:  # the monarch's draws to come (724.2)
        crown = monarch_worth(state, state.monarch) / CARD_WORTH * 0.1
        z += crown if state.monarch == me else -crown
    if state.initiative >= 0:  # the rooms to come (725.2)
        rooms = initiative_worth(state, state.initiative) / CARD_WORTH * 0.1
        z += rooms if state.initiative == me else -rooms
    return z


__all__ = ["FEATURE_NAMES", "attack_power", "features", "win_probability", "handset_logit",
           "handset_position_logit", "logit",
           "sigmoid", "effective_life"]
