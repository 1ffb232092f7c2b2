"""Changeling (702.73).

702.73a: "Changeling is a characteristic-defining ability. 'Changeling' means 'This
object is every creature type.' This ability works everywhere, even outside the game."
So a card with changeling has every creature type in every zone (a Goblin card in a
library for "search for a Goblin card", a creature on the battlefield for "Elves you
control get +1/+1"), through ``engine.rules.filters.has_subtype``: every subtype that is
not one of the noncreature types (205.3g-k, ``NONCREATURE_SUBTYPES``). A characteristic-
defining ability applies first in layer 4 (613.3), so an effect that sets the object's
creature types afterwards (205.1a, Lignify: ``lost_creature_types``) overrides it.
Its card types are its own: a changeling instant is no creature (205.3d: it is only a
kindred card's creature types that it has). The engine plays changeling as a keyword
with no ability to expand: ``Card.keyword_names`` holds it, which is all the filter reads.
702.73b: multiple instances are redundant (a name in a set).
"""

from __future__ import annotations
