"""Which rarely-played mechanics a game's cards have at all: the per-game gate of the
checks that scan the battlefield for them (issue 36, docs/performance.md).

A few rules look, at every event of a kind, for a permanent whose card has some rare
ability: an Aura that triggers when the permanent it enchants becomes tapped or is dealt
damage (``engine.rules.enchanted_events``; 701.26a, 120.3, 603.2), an Aura that triggers
when the creature it enchants deals damage (``engine.rules.triggers.dealt_damage``), a
Flagbearer's targeting requirement (``engine.rules.flagbearer``; 601.2c, 602.2b), a Saga's
lore counter as its controller's precombat main phase begins (``engine.rules.sagas``;
714.3b). Each of those scans reads the printed abilities of the permanents' cards
(``Card.triggered``, ``Card.statics``, ``Card.subtypes``), so it can find something only
if one of the cards of the game has the ability. Most games have none, and every one of
those scans then finds nothing: the gate lets them skip the scan without changing what
the rules do.

``Card.mechanics`` is a card's mask of these bits (set by ``engine.cards.pool.compile_card``
with ``card_mechanics``). ``Derived.mechanics`` (engine.state.derived) is the union over
every card of the game: the decks' cards when the game is set up, every object made
(``zones.new_object``), every card the game adds to its table (``derived.game_card``:
tokens, copies, a transformed or bestowed face, a face cast, a text change), and after
decoding or dealing hidden cards anew, the cards of every object (``Derived.recount``).
A card changes on an object only to one of those: its front face again, a face or a
changed text from ``game_card``. A state whose cards were never counted says ``ALL``.
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card

# an Aura's (or an Equipment's) trigger on the permanent it is attached to becoming tapped
# or being dealt damage (engine.rules.enchanted_events)
AURA_EVENTS = 1
# "Whenever enchanted creature deals damage" (Spirit Link; engine.rules.triggers.dealt_damage)
AURA_DEALS_DAMAGE = 2
# the Flagbearer targeting requirement as a static ability (engine.rules.flagbearer)
FLAGBEARER = 4
# a Saga (714; engine.rules.sagas)
SAGA = 8
ALL = AURA_EVENTS | AURA_DEALS_DAMAGE | FLAGBEARER | SAGA

# the ``Triggered.when`` of engine.rules.enchanted_events' abilities
ATTACHED_EVENTS = frozenset(
    ("enchanted_becomes_tapped", "equipped_becomes_tapped", "enchanted_dealt_damage"))
ENCHANTED_DEALS_DAMAGE = "enchanted_deals_damage"


def card_mechanics(card: Card) -> int:
    """The mask of the mechanics above that ``card`` (compiled but for this) has:
    what each gated scan would look for in its printed abilities."""
    mask = 0
    for ab in card.triggered:
        if ab.when in ATTACHED_EVENTS:
            mask |= AURA_EVENTS
        elif ab.when == ENCHANTED_DEALS_DAMAGE:
            mask |= AURA_DEALS_DAMAGE
    if any(st.flagbearer_targeting for st in card.statics):
        mask |= FLAGBEARER
    if "Saga" in card.subtypes:
        mask |= SAGA
    return mask
