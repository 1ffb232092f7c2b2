"""Flash (702.8): "You may play this card any time you could cast an instant." It is the
KW_FLASH bit; engine.casting offers such cards at instant speed. Redundant instances."""
