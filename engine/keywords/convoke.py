"""Convoke (702.51): for each coloured mana in the spell's total cost you may tap an
untapped creature of that colour you control rather than pay it, and for each generic
mana any untapped creature. It is neither an additional nor an alternative cost and
applies after the total cost is known (702.51b); see engine.payment.apply_convoke and
engine.casting.cast_task. Multiple instances are redundant (702.51d)."""
