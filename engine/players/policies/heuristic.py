"""The default AI: plays lands and its curve, aims removal, burn and Auras at the right
player, weighs trades when attacking and blocking, counters what matters, holds mana for
its counterspells and flash creatures, and uses its cards' keyword abilities the way a
competent player would (see ``engine.players.policies.choices`` for the keyword questions).

It reads only public information and its own hand. Cheap on purpose: it is called for
most decisions of millions of games. Deterministic: its only randomness is its own RNG.

This module holds the entry point (``decide``), the mulligan, and the priority loop that
scores every legal action and takes the best; the scores live in mixins, one job each:
``context`` (the ``Ctx`` one priority decision reads), ``cast_score`` (creatures, Auras,
other permanents), ``spells`` (instants and sorceries), ``tricks`` (pump tricks and
responses), ``activation`` (activated abilities), ``planning`` (the targets, mode and X an
action is scored with) and ``targeting`` (answering the questions that follow from that plan).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mtgsim.engine.cards import T_LAND
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects import dig, scry, untap_up_to
from mtgsim.engine.effects.return_chosen import returns_a_land
from mtgsim.engine.players.life_price import FITTED, HANDSET, LifePrice
from mtgsim.engine.players.policies import choices
from mtgsim.engine.players.policies.activation import ActivationScorer
from mtgsim.engine.players.policies.blocking import choose_blockers
from mtgsim.engine.players.policies.cast_score import KEEP_FOR_RETRACE, CastScorer
from mtgsim.engine.players.policies.combat_ai import (
    choose_attackers,
    kills,
    survives_fight,
)
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.policies.priority_order import (
    body_worth,
    colours_made,
    land_need,
    rules_of,
)
from mtgsim.engine.players.policies.spec import (
    DEFAULT_ATTACK,
    DEFAULT_GUARDS,
    DEFAULT_PRIO,
    DEFAULT_TRICKS,
)
from mtgsim.engine.players.policies.special_score import special_score
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.players.policies.targeting import TargetChooser
from mtgsim.engine.players.policies.turn_plan import plan_choice
from mtgsim.engine.players.worth import aura_is_hostile, dead_card, value
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    CAST,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END,
    EXILE,
    MAIN1,
    MAIN2,
    PLAY,
    SPECIAL,
    STOP_OWN_STACK,
    UPKEEP,
    Answer,
    Decision,
    GameObject,
    GameState,
    Task,
    stop_bit,
)
from mtgsim.engine.state.rng import seed_state

# A land play scoring this much (any land but one kept back for retrace) is made before
# anything is cast: a land drop never makes a spell cast after it worse, and the spells
# are then weighed with the land's mana. (Only a cast scoring over 99, which no ordinary
# play does, would have come first; lethal burn scores 95.)
LAND_FIRST = 99.0
# The default pilot's settings (spec.DEFAULT_ATTACK, DEFAULT_PRIO): what a heuristic made
# without them plays, the search's opponent model and the tree search's heuristic too
DEFAULT_RACE = DEFAULT_ATTACK == "race"

__all__ = ["HeuristicPolicy", "land_kept", "value", "aura_is_hostile", "kills", "survives_fight"]


def _stops() -> int:
    own = (UPKEEP, MAIN1, DECLARE_BLOCKERS, MAIN2)  # forecast; sorcery speed; tricks
    theirs = (DECLARE_ATTACKERS, DECLARE_BLOCKERS, END)  # flash blockers; tricks; end step
    mask = 0
    for step in own:
        mask |= stop_bit(step, True)
    for step in theirs:
        mask |= stop_bit(step, False)
    return mask | STOP_OWN_STACK


class HeuristicPolicy(CastScorer, ActivationScorer, TargetChooser):
    """Stops (like MTGO's): with an empty stack it wants priority only in the steps where
    it ever acts (``stops``); the engine passes for it elsewhere."""

    # Slots, not an instance dict (the mixins declare them: TargetPlanner, TargetChooser):
    # the compiled engine caches a slot read, and a method call only on objects without
    # an instance dict.
    __slots__ = ("price", "race", "land_weight", "body_ties", "turn_plan", "combat_tricks",
                 "cover")
    name = "heuristic"
    stops = _stops()

    @staticmethod
    def stops_for(deck: Iterable[Card]) -> int:
        """The steps this deck ever acts in (engine.players.policies.stops)."""
        return deck_stops(deck)

    def __init__(self, seed: int, fitted: bool = False, race: bool = DEFAULT_RACE,
                 prio: str = DEFAULT_PRIO, tricks: str = DEFAULT_TRICKS,
                 guards: str = DEFAULT_GUARDS) -> None:
        # the price of life this policy's estimates read, passed down to them: the fitted
        # one instead of the hand-set one with ``fitted`` (``heuristic:eval=fitted``,
        # engine.players.life_price; not the default: docs/policies.md "The fitted
        # evaluation")
        self.price: LifePrice = FITTED if fitted else HANDSET
        # ``heuristic:attack=race`` (the default; ``trades`` the old play): its attacks
        # reckon the race (combat_ai, attack_race)
        self.race = race
        # ``heuristic:prio=lands|bodies|both|mana|plan`` (``mana`` the default; ``plain`` the
        # old play): its priority ties broken by what the land pays for (land_weight: that
        # need's weight, 0 for none) and by the creature's body (priority_order); "plain"
        # keeps list order
        self.land_weight: float
        self.body_ties: bool
        self.land_weight, self.body_ties = rules_of(prio)
        # ``prio=plan``: in its own main phase, the set of casts this turn's mana pays
        # for, with the land that pays for it (turn_plan; off by default)
        self.turn_plan = prio == "plan"
        # ``heuristic:tricks=combat``: an instant that pumps its own creatures is held for
        # a combat it changes, not cast at the other player's end step for its cascade
        # (combat_tricks; off by default)
        self.combat_tricks = tricks == "combat"
        # ``heuristic:guards=cover``: its attacks keep a guard home only against a
        # creature of theirs that no creature staying home blocks and survives
        # (attack_guards; off by default)
        self.cover = guards == "cover"
        self.rng = seed_state(seed ^ 0xA11CE)
        self.plan: dict[int, list[int]] = {}  # source oid -> intended targets
        self.plan_mode: dict[int, int] = {}  # source oid -> intended mode
        self.plan_x: dict[int, int] = {}  # source oid -> intended X
        self.plan_rep: dict[int, int] = {}  # source oid -> replicate payments
        # The task and source of the last target question (the task object itself, held:
        # an id() could be reused by a later task and would make answers depend on memory
        # addresses), and how many targets of it were asked.
        self.target_question: tuple[Task | None, int] = (None, 0)
        self.targets_asked = 0
        self.copy_question: tuple[Task | None, int] = (None, 0)
        self.copy_damage: dict[int, int] = {}  # targets the copies so far aim at: damage

    @property
    def fitted(self) -> bool:
        """Whether this policy reads the fitted price of life (``heuristic:eval=fitted``)."""
        return self.price.fitted

    # --- entry point ---------------------------------------------------------------------

    def decide(self, view: GameState, d: Decision) -> Answer:
        """The answer to ``d`` from ``view``, its player's view (engine.state.view): every
        function below reads that view as its ``state``, and the price of life it is
        given (``self.price``: the estimates' ``price``)."""
        kind = d.kind
        if kind is _PRIORITY:
            return self.priority(view, d)
        answer = _ANSWERS.get(kind)
        if answer is not None:
            return answer(self, view, d)
        if d.multi:
            return list(range(d.min_count))
        return 0

    def mulligan(self, state: GameState, d: Decision) -> int:
        """Keep two to five lands whose colours cast something early; with six cards or
        fewer keep anything playable, but no landless hand above four cards."""
        p = state.players[d.player]
        objects = state.objects
        lands = 0
        colors = 0
        spells: list[Card] = []
        for oid in p.hand:
            c = objects[oid].card
            if c.is_land:
                lands += 1
                colors |= colours_made(c)
            else:
                spells.append(c)
        if lands == 0 and p.mulligans < 3:
            return 1  # five cards and no land play nothing for turns: four are better
        if p.mulligans >= 2:
            return 0
        creature = any(c.is_creature for c in spells)
        if p.mulligans >= 1 and lands == 1 and sum(
                1 for c in spells if c.mana_value <= 1 and (creature or not (
                    c.is_aura and not c.enchant_player and not aura_is_hostile(c)))) >= 2:
            return 0  # (Auras count only with a creature to put them on)
        if not 2 <= lands <= 5:
            return 1
        if p.mulligans == 0 and spells and all(
                c.is_aura and not c.enchant_player and not aura_is_hostile(c)
                for c in spells):
            return 1  # Auras and nothing to put them on
        if p.mulligans == 0 and spells and lands == 2:
            castable = [c for c in spells if c.mana_value <= lands + 1
                        and not dead_card(c, colors)]
            if not castable or all(
                    c.is_aura and not c.enchant_player and not aura_is_hostile(c)
                    for c in castable):
                return 1  # two lands that cast nothing (or Auras and no creature) early
        return 0

    # --- priority -----------------------------------------------------------------------------

    def priority(self, state: GameState, d: Decision) -> int:
        ensure(state)
        self.plan.clear()
        self.plan_mode.clear()
        self.plan_x.clear()
        self.plan_rep.clear()
        ctx = Ctx(state, d.player)
        objects = state.objects
        actions = d.actions
        # Lands first (LAND_FIRST): the spells are weighed at the next priority. Each land
        # is scored here, once; the loop below reads its score back.
        lands: dict[int, float] = {}  # action index -> its land score (read by key only)
        best_land = -1
        for i, a in enumerate(actions):
            if a.kind == PLAY:
                score = lands[i] = self._play_score(ctx, objects[a.oid])
                if best_land < 0 or score > lands[best_land]:  # the first of the best
                    best_land = i
        if self.turn_plan and ctx.main:
            planned = plan_choice(self, ctx, actions, lands, LAND_FIRST)
            if planned is not None:
                return planned
        if best_land >= 0 and lands[best_land] >= LAND_FIRST:
            return best_land
        # The best score; of two scoring the same, with ``prio=bodies|both`` the bigger
        # creature body among casts (priority_order.body_worth; a creature before a
        # non-creature spell); every other tie keeps the first in the list.
        body_ties = self.body_ties
        best_i = 0
        best_score = 0.0
        best_tie = 0.0
        for i, a in enumerate(actions):
            kind = a.kind
            tie = 0.0
            if kind == PLAY:
                score = lands[i]
            elif kind == CAST:
                obj = objects[a.oid]
                score = self._cast_score(ctx, obj, a.alt)
                if body_ties and score > 0.0:
                    tie = body_worth(obj.card)
            elif kind == ACTIVATE:
                score = self._activate_score(ctx, objects[a.oid], a.index)
            elif kind == SPECIAL:
                score = special_score(state, objects[a.oid].card, a.index)
            else:
                continue
            if score > best_score or (score == best_score and tie > best_tie and score > 0.0):
                best_i, best_score, best_tie = i, score, tie
        return best_i

    def _play_score(self, ctx: Ctx, obj: GameObject) -> float:
        """A land play's score: ``_land_score``, a land from exile first, and with
        ``prio=lands|both|mana|plan`` what its mana does for the hand (priority_order.land_need)
        on any land it would play."""
        score = self._land_score(ctx, obj.card) + _from_exile(obj)
        if self.land_weight and score > 0:
            score += land_need(ctx, obj.card, self.land_weight)
        return score

    def _land_score(self, ctx: Ctx, card: Card) -> float:
        """Play a land first (over 100), except that with plenty of lands the last one in
        hand is kept to retrace a spell the lands out already pay for."""
        if land_kept(card, ctx.lands, ctx.hand_cards, ctx.graveyard_cards):
            return 0.0
        return 100.0 + self._land_bonus(ctx, card)

    def _land_bonus(self, ctx: Ctx, card: Card) -> float:
        have = 0
        for u in ctx.units:
            have |= u
        new_color = 1.0 if colours_made(card) & ~have else 0.0
        if card.enters_tapped:
            # Tapped lands go down on turns the extra mana would not be used.
            want = ctx.mana + 1
            if any(not o.card.is_land and o.card.mana_value == want for o in ctx.hand):
                return -1.0 + new_color
            return 0.5 + new_color
        return new_color


def land_kept(card: Card | None, lands_out: int, hand: Callable[[], Iterable[Card]] | None,
              graveyard: Callable[[], Iterable[Card]]) -> bool:
    """The heuristic's one rule for keeping a land card it may play (``_land_score``
    scores it 0 then, else over ``LAND_FIRST``), also read by the opponent-hand inference
    (``hand_inference``), so the two cannot drift apart: a karoo land (a land returning a
    land) with no land out would return itself, so it waits for a later turn; with
    ``KEEP_FOR_RETRACE`` lands out, the last land in ``hand`` is kept to retrace a card of
    ``graveyard`` the lands out already pay for (the deck floods into spells, not mana).
    ``card`` None: a land that is no karoo land; ``hand`` None: ``card`` is the only land
    in hand. ``hand`` and ``graveyard`` give their cards when called: only with
    ``KEEP_FOR_RETRACE`` lands out are they read, so a caller asks about every land it
    may play and lists cards only there (the positions are this function's alone)."""
    if lands_out == 0 and card is not None and card.triggered and returns_a_land(card):
        return True
    if lands_out < KEEP_FOR_RETRACE:
        return False
    if hand is not None and sum(1 for c in hand() if c.type_mask & T_LAND) != 1:
        return False
    return any(c.has_keyword("retrace") and c.mana_value <= lands_out for c in graveyard())


def _from_exile(obj: GameObject) -> float:
    """A land in exile that may be played (impulse draw, engine.rules.play_from_exile)
    is played before one from the hand: the permission ends, the hand keeps its land."""
    return 1.0 if obj.zone == EXILE else 0.0


def _attackers(policy: HeuristicPolicy, state: GameState, d: Decision) -> Answer:
    ensure(state)
    return choose_attackers(state, d, policy.price, policy.race, policy.cover)


def _blockers(policy: HeuristicPolicy, state: GameState, d: Decision) -> Answer:
    ensure(state)
    return choose_blockers(state, d, policy.price)


def _choice(fn: Callable[[GameState, Decision], Answer]
            ) -> Callable[[HeuristicPolicy, GameState, Decision], Answer]:
    return lambda policy, state, d: fn(state, d)


def _priced(fn: Callable[[GameState, Decision, LifePrice], Answer]
            ) -> Callable[[HeuristicPolicy, GameState, Decision], Answer]:
    """An answer that estimates effects or life: given the policy's price of life."""
    return lambda policy, state, d: fn(state, d, policy.price)


_PRIORITY = DecisionKind.PRIORITY  # (a module constant: see DecisionKind)
# How the heuristic answers each kind of question other than priority.
_ANSWERS: dict[DecisionKind, Callable[[HeuristicPolicy, GameState, Decision], Answer]] = {
    DecisionKind.TARGET: HeuristicPolicy.target,
    DecisionKind.ATTACKERS: _attackers,
    DecisionKind.BLOCKERS: _blockers,
    DecisionKind.MULLIGAN: HeuristicPolicy.mulligan,
    DecisionKind.BOTTOM: _priced(choices.discard),
    DecisionKind.DISCARD: _priced(choices.discard),
    DecisionKind.DAMAGE_ORDER: _choice(choices.damage_order),
    DecisionKind.X: HeuristicPolicy.choose_x,
    DecisionKind.MAY: _priced(choices.may),
    DecisionKind.DREDGE: _choice(choices.dredge),
    DecisionKind.DEVOUR: _priced(choices.devour),
    DecisionKind.CONVOKE_TAP: _choice(choices.convoke_tap),
    DecisionKind.IMPROVISE_TAP: _choice(choices.improvise_tap),
    DecisionKind.DELVE: _choice(choices.delve),
    DecisionKind.REPLICATE: HeuristicPolicy.replicate,
    DecisionKind.ATTACH: _choice(choices.attach),
    DecisionKind.COST_DISCARD: _priced(choices.cost_discard),
    DecisionKind.COST: _choice(choices.cost_choice),
    DecisionKind.MODE: HeuristicPolicy.mode,
    DecisionKind.SACRIFICE: _choice(choices.sacrifice),
    DecisionKind.SEARCH: _choice(choices.search),
    DecisionKind.COLOR: _choice(choices.color),
    DecisionKind.COLORS: _choice(choices.colors),
    DecisionKind.COST_COUNTER: _choice(choices.cost_counter),
    DecisionKind.COST_TAP: _choice(choices.cost_tap),
    DecisionKind.DIG: lambda policy, state, d: list(range(len(d.options))),
    DecisionKind.LOOK_EXILE: _choice(choices.look_exile),
    DecisionKind.LIBRARY_ORDER: _choice(choices.library_order),
    DecisionKind.CHOOSE_DISCARD: _choice(choices.choose_discard),
    DecisionKind.FLASHBACK_COST: lambda policy, state, d: 0,
    DecisionKind.LEGEND: _choice(choices.legend),
    DecisionKind.REPLACEMENT: _choice(choices.replacement),
    # the effects that look at the top of a library hold their own choices
    DecisionKind.LOOK_BOTTOM: _choice(scry.keep_on_top),
    DecisionKind.LOOK_GRAVEYARD: _choice(scry.keep_on_top),
    DecisionKind.LOOK_TAKE: _choice(dig.take_best),
    DecisionKind.RETURN: _choice(choices.return_chosen),
    DecisionKind.UNTAP: _choice(untap_up_to.choose),
}
