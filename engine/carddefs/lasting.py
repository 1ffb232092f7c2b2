"""Schema of effects that last: continuous effects from resolving abilities (611, the layers
of 613), delayed triggered abilities (603.7), extra turns and phases (500.7, 500.8) and
the "can't" effects of the rest of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.carddefs.bits import CardType
from mtgsim.engine.carddefs.effects import Effect
from mtgsim.engine.carddefs.filters import Filter

if TYPE_CHECKING:  # defined later in the schema; linked in by engine.carddefs for msgspec
    from mtgsim.engine.carddefs.abilities import Triggered
    from mtgsim.engine.carddefs.unions import EffectT


class DoesntUntapNext(Effect, tag="doesnt_untap_next", frozen=True):
    """"[It] doesn't untap during its controller's next untap step" (502.3)."""

    what: str = "t0"


class Becomes(Effect, tag="becomes", frozen=True):
    """"[Target] becomes a P/T [type]. It's still a [type]": adds card types (layer 4)
    and sets base power/toughness (layer 7b), for the rest of the game unless
    ``until_end_of_turn`` (611.2)."""

    what: str = "t0"
    add_types: tuple[CardType, ...] = ("creature",)
    power: int = 0
    toughness: int = 0
    until_end_of_turn: bool = False


class ProtectionFromChosenColor(Effect, tag="protection_from_chosen_color", frozen=True):
    """"[Target] gains protection from the color of your choice until end of turn"
    (702.16); the color is chosen as the effect happens (608.2d)."""

    what: str = "t0"


class ExileAtNextEndStep(Effect, tag="exile_at_next_end_step", frozen=True):
    """"Exile it at the beginning of the next end step" (a delayed trigger, 603.7)."""

    what: str = "created"


class AdditionalCombat(Effect, tag="additional_combat", frozen=True):
    """"After the first postcombat main phase this turn, there's an additional combat
    phase followed by an additional main phase" (500.8); ``at_beginning``: "At the
    beginning of that combat, ..." (a delayed trigger, 603.7)."""

    at_beginning: tuple[EffectT, ...] = ()


class ChangeColorWord(Effect, tag="change_color_word", frozen=True):
    """"Change the text of [target spell or permanent] by replacing all instances of one
    color word with another" (612.1-612.2, layer 3): the controller chooses both words as
    the effect happens (608.2d). Mana symbols are not color words (612.2)."""

    what: str = "t0"


class BecomeChosenColors(Effect, tag="become_chosen_colors", frozen=True):
    """"[Target] becomes the color or colors of your choice [until end of turn]" (105.3,
    layer 5, 613.1e); the colors are chosen as the effect happens (608.2d)."""

    what: str = "t0"
    until_end_of_turn: bool = True


class DelayedTriggerAbout(Effect, tag="delayed_trigger", frozen=True):
    """Create a delayed triggered ability (603.7) about an object: "Whenever [target
    creature] deals damage this turn, [effects]" (``when`` = "deals_damage"; "that much"
    is the damage dealt). It is controlled by the controller of the effect (603.7d)."""

    when: Literal["deals_damage"] = "deals_damage"
    about: str = "t0"
    effects: tuple[EffectT, ...] = ()
    this_turn: bool = True


class AdditionalCombatAfterThisMain(Effect, tag="additional_combat_after_this_main",
                                    frozen=True):
    """"After this main phase, there is an additional combat phase followed by an
    additional main phase" (500.8, 505.1a): added right after the current main phase."""


class GainKeyword(Effect, tag="gain_keyword", frozen=True):
    """"[The spell] gains [keyword]" (Bloodlord of Vaasgoth: "it gains bloodthirst 3"): a
    keyword ability as printed; it stays with the permanent the spell becomes (400.7a)."""

    what: str = "it"
    keyword: str = ""


class CantGainLife(Effect, tag="cant_gain_life", frozen=True):
    """"[Player] can't gain life for the rest of the game" (119.7)."""

    who: str = "it"


class GainAbility(Effect, tag="gain_ability", frozen=True):
    """"Until end of turn, [target] gains '[triggered ability]'" (layer 6, 613.1f)."""

    what: str = "t0"
    ability: Triggered | None = None
    until_end_of_turn: bool = True


class DelayedAt(Effect, tag="delayed_at", frozen=True):
    """Create a delayed triggered ability (603.7) "at end of combat" (511.2) about the
    object "it" refers to: "destroy that creature at end of combat"."""

    when: Literal["end_combat"] = "end_combat"
    effects: tuple[EffectT, ...] = ()


class SetBasePowerToughness(Effect, tag="set_base_power_toughness", frozen=True):
    """"Each [filter] has base power and toughness P/T until end of turn" (layer 7b,
    613.4b); the affected set is fixed as the effect happens (611.2c)."""

    each: Filter = Filter(types=("creature",))
    power: int = 1
    toughness: int = 1
    until_end_of_turn: bool = True


class ExtraTurn(Effect, tag="extra_turn", frozen=True):
    """"[Player] takes an extra turn after this one" (500.7): extra turns created later
    are taken first."""

    who: str = "you"


class GrantFlashback(Effect, tag="grant_flashback", frozen=True):
    """"Target instant or sorcery card in your graveyard gains flashback until end of
    turn. The flashback cost is equal to its mana cost." (Snapcaster Mage; 702.34a): a
    casting permission from the graveyard; ``cost`` "" means the card's mana cost."""

    what: str = "t0"
    cost: str = ""
