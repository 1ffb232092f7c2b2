"""Retrace (702.81a): a static ability that functions while the card is in a player's
graveyard: "You may cast this card from your graveyard by discarding a land card as an
additional cost to cast it"; paying it follows 601.2b and 601.2f-h.

It is a casting permission plus an additional cost, both in engine.casting:

* ``legal_actions`` offers ``Action(CAST, alt=ALT_RETRACE)`` only for a card with retrace
  in its owner's graveyard, with the card's own timing (an instant at instant speed, a
  sorcery at sorcery speed), while its owner may cast spells and has a land card in hand
  and can pay the mana cost (``_can_cast``);
* ``cast_task`` asks which land card to discard with the other additional costs (601.2b,
  decision ``cost_discard``), pays the total mana cost (601.2f-h) and then discards the
  land; the cast is counted as ``retrace_casts``.

Nothing else is special: the spell resolves (or is countered) like any other and the card
goes back to its owner's graveyard (608.2n, 701.5a), so it can be retraced again.
"""
