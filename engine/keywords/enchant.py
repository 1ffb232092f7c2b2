"""Enchant (702.5) and Auras (303.4).

"Enchant [object or player]" restricts what an Aura spell can target (engine.casting
.aura_target) and what the Aura can enchant (engine.sba.aura_legal, 704.5m). Multiple
instances all apply (702.5c): the card's ``enchant`` filter must express all of them.
"Enchant player" Auras target and attach only to players (702.5d). An Aura entering the
battlefield other than by resolving chooses what it enchants without targeting, and
stays where it is when nothing is legal (303.4f-g: engine.replacement.aura_choice)."""
