"""The pilot knows the Pauper cards (issue 36, point 4): every card of the Pauper training
lists that the engine plays is worth something to the heuristic, or the test says why not.

The cards are the distinct names of the training lists (``pipelines/pauper_cards.txt``,
what ``mtgsim fuzz --format pauper`` draws from, made by ``scripts/pauper_cards.py``, so that this test needs nothing outside the
repository). Each card the engine plays (hand-written or compiled from Oracle text) has
its effect lists valued as the AI values them (``engine.rules.effect.effects_value``): its
spell, each activated and each triggered ability, on a board where both players have
creatures, artifacts, an enchantment, lands (one tapped), a hand, a graveyard and a
library, with every choice of up to two targets among the permanents, a card in each
graveyard, each player and the tapped land, X = 2, each mode of a modal spell on its
own, and a creature of the player's standing for "this" of a permanent's ability; an
ability's worth is its largest value in absolute terms. A card whose every effect list is worth 0 there is
listed, unless an effect of it is one the AI does not value for a stated reason
(``EffectRules.why_not_valued``) or the card is in ``REASONS`` below with its reason.
"""

from __future__ import annotations

import itertools
from functools import cache

import msgspec
import pytest

from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.cards.oracle.library import Found, resolve
from mtgsim.engine.cards.pool import CardSource, compile_card
from mtgsim.engine.rules.effect import EFFECTS, Role, effects_value, role_of
from mtgsim.engine.scenario.format import Scenario
from mtgsim.engine.scenario.runner import Runner
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GameState
from mtgsim.pipelines.fuzz import format_names

X = 2  # the X of an X spell or ability

# Cards whose effects are worth 0 on the test's board for a reason, each said. A
# counterspell (an effect of Role.COUNTER) needs no entry: it is valued against the spell
# it would counter (engine.players.worth_effects, what a spell on the stack threatens),
# and the board has none on the stack.
ON_THE_STACK = "counters a spell: valued against the spell on the stack, and there is none"
SELF_FROM_GRAVEYARD = ("returns itself from a graveyard: its trigger is valued with the "
                       "card there as its source, not on the battlefield")
# a fog's estimate is the life it saves in the combat under way (prevent_damage)
FOG = "prevents combat damage: worth the damage of a combat under way, and the board is "\
    "not in combat"
REASONS: dict[str, str] = {
    "Basilisk Gate": "+X/+X where X counts the Gates you control on the battlefield: the "
                     "board has none",
    "Blight Mamba": "regenerates: worth a creature only when it would be destroyed, which "
                    "the heuristic answers as it happens (policies.choice_keywords)",
    "Darkness": FOG,
    "Ethereal Haze": FOG,
    "Flaring Pain": "makes damage unpreventable: worth something only against protection or "
                    "a prevention effect, which the board lacks",
    "Fog": FOG,
    "Foul-Tongue Shriek": "drains 1 for each attacking creature: the board is not in combat",
    "Hallow": "prevents the damage of the spell it targets: valued against a spell on the "
              "stack, and there is none",
    "Moment's Peace": FOG,
    "Prismatic Strands": FOG,
    "Skred": "damage equal to the snow permanents you control: the board has none",
    "Spore Frog": FOG,
    "Swirling Sandstorm": "deals damage only with seven or more cards in your graveyard: the "
                          "board's graveyard has one",
    "Celestial Flare": "only an attacking or blocking creature is sacrificed: 0 outside combat",
    "Delver of Secrets": "transforms only if the top card is an instant or sorcery, which "
                         "the estimate cannot know before the reveal (the flip is valued "
                         "as it happens, as the back face's creature)",
    "Freed from the Real": "taps or untaps the creature it enchants: worth a combo's mana "
                           "(Walls Combo), not a board's",
    "Guardians' Pledge": "pumps white creatures: the board's are green and red",
    "Rancor": SELF_FROM_GRAVEYARD,
    "Sadistic Glee": "puts counters on the creature it enchants when a creature dies: "
                     "valued as the death happens",
    "Scattershot Archer": "1 damage to each flyer kills none of the board's (damage that "
                          "kills nothing is worth 0 to the heuristic)",
    "Serene Heart": "destroys Auras: the board has none",
    "Sneaky Snacker": SELF_FROM_GRAVEYARD,
    "Stinkweed Imp": "destroys the creature it dealt combat damage to: that creature is "
                     "known only in combat",
    "Talons of Wildwood": SELF_FROM_GRAVEYARD,
    "Contaminated Ground": "its trigger costs life to the controller of the land it "
                           "enchants as that land becomes tapped: known only as it happens "
                           "(and its land type is a static ability, which no effect list has)",
    "Cryoshatter": "its trigger destroys the creature it enchants as that creature becomes "
                   "tapped or is dealt damage: known only as it happens (its -5/-0 is a "
                   "static ability, valued by the Aura's choice of creature)",
}


@cache
def _names() -> list[str]:
    return list(format_names("pauper"))


@cache
def _pool() -> tuple[CardPool, tuple[str, ...]]:
    """The bundled pool with every training-list card the compiler plays, and those
    cards' names (hand-written or compiled)."""
    base = CardSource()
    pool = base.load()
    found = resolve([n for n in _names() if n not in pool], compile_card)
    compiled = sorted({got.name for got in found.values() if isinstance(got, Found)})
    playable = sorted({n for n in _names() if n in pool} | set(compiled))
    return base.with_corpus(compiled).load(), tuple(playable)


BOARD = """
name = "pauper estimates"
[setup]
turn = 5
active = "A"
step = "main1"
[setup.A]
library = ["Forest", "Island", "Mountain", "Swamp", "Plains", "Grizzly Bears"]
hand = ["Grizzly Bears", "Lightning Bolt"]
graveyard = ["Hill Giant", "Counterspell"]
battlefield = [{ card = "Forest", tapped = true }, "Island", "Mountain", "Swamp", "Plains",
               { card = "Grizzly Bears", tapped = true }, "Hill Giant", "Bonesplitter"]
[setup.B]
library = ["Forest", "Island", "Mountain", "Swamp", "Plains", "Grizzly Bears"]
hand = ["Grizzly Bears", "Lightning Bolt"]
graveyard = ["Grizzly Bears", "Lightning Bolt"]
battlefield = ["Forest", "Island", "Mountain", "Swamp", "Plains", "Serra Angel",
               "Llanowar Elves", "Ornithopter", "Relic of Progenitus", "Bitter Reunion"]
"""


@cache
def _board() -> GameState:
    sc = msgspec.toml.decode(BOARD.encode(), type=Scenario)
    return Runner(sc, _pool()[0]).state


def _candidates(state: GameState) -> list[int]:
    """Every permanent but basic lands, a card of each graveyard, each player, a tapped
    land."""
    out = [o.oid for o in permanents(state) if "land" not in o.card.types]
    out += [state.players[1].graveyard[0], state.players[0].graveyard[0], 1, 0]
    return out + [next(o.oid for o in permanents(state) if o.tapped and
                       "land" in o.card.types)]


def _effect_lists(card: Card) -> list[tuple[tuple[object, ...], int]]:
    """Each effect list of the card (each mode of a modal one on its own) and how many
    targets it takes."""
    out = []
    for ability in ((card.spell,) if card.spell is not None else ()) + (
            *card.activated, *card.triggered):
        modes = getattr(ability, "modes", ())
        for part in (modes or (ability,)):
            effects = tuple(getattr(part, "effects", ()))
            if effects:
                out.append((effects, len(getattr(part, "targets", ()) or ())))
    return out


def worth(card: Card) -> list[float]:
    """The largest absolute value of each of the card's effect lists on the board."""
    state = _board()
    options = _candidates(state)
    # "this creature" of a permanent's ability: my untapped Hill Giant stands for it
    this = -1 if card.spell is not None and not card.activated and not card.triggered else \
        next(o.oid for o in permanents(state) if o.card.name == "Hill Giant")
    out = []
    for effects, slots in _effect_lists(card):
        best = 0.0
        for targets in itertools.product(options, repeat=min(slots, 2)):
            value = effects_value(state, 0, effects, list(targets), this, x=X)
            best = max(best, abs(value))
            if best:
                break
        out.append(best)
    return out


def _unvalued_by_design(effects: tuple[object, ...]) -> bool:
    """An effect the AI does not value, with its reason (``why_not_valued``), or a
    counterspell (``ON_THE_STACK``)."""
    return any(EFFECTS[type(e)].estimate is None or role_of(e) is Role.COUNTER
               for e in effects)


def zero_without_reason() -> list[str]:
    pool, playable = _pool()
    out = []
    for name in playable:
        card = pool[name]
        lists = _effect_lists(card)
        if not lists or any(_unvalued_by_design(e) for e, _ in lists):
            continue
        if all(v == 0.0 for v in worth(card)) and name not in REASONS:
            out.append(name)
    return out


def test_the_card_list_is_the_training_lists() -> None:
    names = _names()
    assert len(names) > 800 and names == sorted(set(names))
    assert len(_pool()[1]) > 200  # the engine plays a good part of them


def test_the_board_values_ordinary_effects() -> None:
    """The check can fail: a burn spell and a draw spell are worth something here, and a
    card of no value would be listed."""
    pool = _pool()[0]
    assert all(v > 0 for v in worth(pool["Lightning Bolt"]))
    assert all(v > 0 for v in worth(pool["Divination"]))


def test_every_played_card_is_worth_something_or_says_why() -> None:
    missing = zero_without_reason()
    assert not missing, (f"{len(missing)} cards of the Pauper lists are worth 0 to the "
                         f"heuristic with no stated reason: {missing}")


@pytest.mark.parametrize("name", sorted(REASONS))
def test_each_reason_is_still_needed(name: str) -> None:
    """A reason for a card the heuristic now values (or no longer plays) goes."""
    pool, playable = _pool()
    assert name in playable
    assert all(v == 0.0 for v in worth(pool[name]))
