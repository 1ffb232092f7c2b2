"""Flash (702.8).

702.8a: "Flash is a static ability that functions in any zone from which you could play
the card it's on. 'Flash' means 'You may play this card any time you could cast an
instant.'" Flash is the keyword bit KW_FLASH; Card.instant_speed is set for
instants and for cards with flash, and engine.rules.priority_actions.legal_actions offers
such a card whenever its owner has priority (any step, either player's turn, with spells on the
stack), from every zone it can be cast from: the hand, and the graveyard when it has a
casting permission there (flashback, retrace): both loops test ``card.instant_speed``.
A card without flash (or that is no instant) waits for sorcery timing (307.1, 302.1).
Flash changes when a card may be cast, never how: costs, alternative costs (evoke) and
convoke apply as usual, and a flash creature cast in the main phase is an ordinary cast.
Auras with flash (Eel Umbra) still target as they are cast (303.4a).
702.8b: "Multiple instances of flash on the same object are redundant": a bit is set
once, however many times the keyword is printed or granted.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_INSTANT
from mtgsim.engine.rules.triggers import CAST_HOOKS
from mtgsim.engine.state.game_state import MAIN1, MAIN2, GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count


def count_flash_cast(state: GameState, spell: GameObject, item: StackItem) -> None:
    """Statistic "flash_casts": a card that is no instant cast when its controller could
    not have cast a sorcery (307.1): only flash allowed it. The spell is already on the
    stack, so sorcery timing means "my main phase, and nothing else on the stack"."""
    card = spell.card
    if card.type_mask & T_INSTANT or not card.instant_speed:
        return
    player = item.controller
    if state.active == player and (state.step == MAIN1 or state.step == MAIN2) and \
            all(i is item for i in state.stack):
        return
    count(state, player, "flash_casts")


CAST_HOOKS.append(count_flash_cast)
