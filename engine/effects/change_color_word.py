"""The ``change_color_word`` effect (ChangeColorWord): its data, how it resolves and what the AI thinks it is worth.

"Change the text of [target spell or permanent] by replacing all instances of one
color word with another" (612.1-612.2, layer 3): the controller chooses both words as
the effect happens (608.2d). Mana symbols are not color words (612.2).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from mtgsim.engine.cards import (
    CardDef,
    Effect,
    EffectT,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.castability import spell_effects, spell_targets
from mtgsim.engine.rules.effect import COLOR_CHOICES, choose_color, effect_rules, unaffected
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ColorFor
from mtgsim.engine.state.derived import characteristics_changed, game_card
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    STACK,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)


class ChangeColorWord(Effect, tag="change_color_word", frozen=True):
    """"Change the text of [target spell or permanent] by replacing all instances of one
    color word with another" (612.1-612.2, layer 3): the controller chooses both words as
    the effect happens (608.2d). Mana symbols are not color words (612.2)."""

    what: str = "t0"


def _swap_words(value: Any, old: str, new: str) -> Any:
    if isinstance(value, (list, tuple)):
        return [_swap_words(v, old, new) for v in value]
    if not isinstance(value, str):
        return value
    old_word, new_word = COLOR_WORDS[old], COLOR_WORDS[new]

    def sub(m: re.Match[str]) -> str:
        word = m.group(2)
        return (m.group(1) or "") + (new_word.capitalize() if word[0].isupper() else new_word)

    return re.sub(rf"(?i)(?<![a-z])(non-?)?({old_word})(?![a-z])", sub, value)


def changed_text(card: Card, old: str, new: str) -> CardDef:
    """The card with every instance of one color word replaced by another (612.2): in
    color qualities of its abilities ("nonblack", "protection from blue", the colors of
    the tokens it creates) and its text, but not its own colors or any mana symbol."""
    data = msgspec.to_builtins(card.defn)

    def swap(value: Any, root: bool) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, v in value.items():
                if key in ("colors", "not_colors", "protection") and isinstance(
                        v, (list, tuple)) and not (root and key == "colors"):
                    out[key] = [new if c == old else c for c in v]
                elif key in ("keywords", "text") and not isinstance(v, dict):
                    out[key] = _swap_words(v, old, new)
                else:
                    out[key] = swap(v, False)
            return out
        if isinstance(value, (list, tuple)):
            return [swap(v, False) for v in value]
        return value

    return msgspec.convert(swap(data, True), CardDef)


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def resolve(state: GameState, item: StackItem, eff: ChangeColorWord, asker: Asker,
            queue: list[EffectT]) -> None:
    refs = [r for r in refs_of(state, item, eff.what) if r in state.objects]
    if not refs:
        return
    pick = choose_color(asker, item, "replace which color word?", ColorFor("word_from"))
    old = "WUBRG"[pick]
    others = [c for c in COLOR_CHOICES if c != COLOR_CHOICES[pick]]
    pick2 = asker.choose(Decision(
        DecisionKind.COLOR, item.controller, f"{item.label}: with which color word?",
        options=others, source=item.source, about=ColorFor("word_to")))
    new = "WUBRG"[COLOR_CHOICES.index(others[pick2])]
    for r in refs:
        obj = state.objects[r]
        if obj.zone not in (BATTLEFIELD, STACK):
            continue
        card = game_card(state, changed_text(obj.card, old, new))
        if obj.printed is None:
            obj.printed = obj.card
        obj.card = card
        for it in state.stack:  # a spell: what it does and targets is its text (612.1)
            if it.sid == r and it.is_spell:
                it.card = card
                it.effects = spell_effects(card, it.mode)  # type: ignore[assignment]
                it.target_specs = spell_targets(card, it.mode)
        if state.log is not None:
            log(state, "text_change", item.controller, card.name,
                f"{COLOR_WORDS[old]} -> {COLOR_WORDS[new]}")
    characteristics_changed(state)


RULES = effect_rules(
    ChangeColorWord, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: what a text change does depends on the words chosen as it resolves; valued 0'))
