"""Deck lists as people paste them (MTGO, Arena, Moxfield, Archidekt, MWS text, MTGO
``.dek`` XML), read into one checked ``deck.Deck``."""
