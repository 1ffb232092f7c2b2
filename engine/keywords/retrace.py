"""Retrace (702.81): "You may cast this card from your graveyard by discarding a land
card as an additional cost to cast it." The permission and the additional cost are in
engine.casting (ALT_RETRACE); the card goes back to the graveyard after resolving, as
any instant or sorcery does (608.2n)."""
