"""Guards already covered, for the heuristic's attacks with ``heuristic:guards=cover``
(off by default: plain ``heuristic`` keeps every guard ``combat_ai._keep_guards`` picks).

When the heuristic is not the beatdown, ``_keep_guards`` keeps home an attacker that
would eat one of the other player's creatures should that creature attack (block it,
kill it and live), or trade with one worth more, when its own attack deals little. A
creature that attacks is tapped (508.1f) and stays tapped through the other player's
turn, untapping only in its controller's next untap step (502.3), so it cannot block
there (509.1a): the guard is the price of the attack.

The guard is worth keeping only when the other player's creature would otherwise get
through. Mining the default search's switches over 120 ladder deals (docs/search-record.md
"What the search keeps teaching the heuristic") found its largest class of attack
switches in the games it won and the heuristic in the same seat lost to be exactly this
guard removed: a Dimir Infiltrator 1/3 and a Dimir House Guard 2/3 kept home against
1/1s while a Drift of Phantasms 0/5 stayed home anyway, a Savannah Lions kept home
against a Bloodbraid Elf that the untapped Kabira Vindicator 2/4 blocks and kills. The
search attacked with them and won more of its rollouts: the other player's creature does
not attack into a blocker that survives it, whether the guard is home or not.

With the setting a guard stays home only against a creature of theirs that no creature
already home covers: one that is not attacking (or has vigilance, 702.20b: it attacks
untapped), can block (509.1b-c: ``rules.combat.can_block``; summoning sickness does not
stop a block, 302.6) and survives the fight (``combat_ai.survives_fight``: first and
double strike, deathtouch, damage already marked). A guard that stays home joins the
home team for the next one. Pure functions of the player's view; no state.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards import KW_CANT_BLOCK, KW_VIGILANCE
from mtgsim.engine.rules.combat import can_block
from mtgsim.engine.state.game_state import GameObject, GameState


def home_team(mine: list[GameObject], chosen: list[int],
              others: list[GameObject]) -> list[GameObject]:
    """The creatures of the deciding player able to block on the other player's next
    turn if ``chosen`` (indices of ``mine``) attack: every creature of ``others`` (all
    of theirs) not chosen, and the chosen ones with vigilance (702.20b), none that cannot
    block."""
    attacking = {mine[i].oid for i in chosen if not mine[i].kw & KW_VIGILANCE}
    return [o for o in others if o.oid not in attacking and not o.kw & KW_CANT_BLOCK]


def covered(state: GameState, threat: GameObject, home: list[GameObject], guard: GameObject,
            survives: Callable[[GameObject, GameObject], bool]) -> bool:
    """Whether a creature of ``home`` other than ``guard`` can block ``threat`` (509.1)
    and survive it (``survives``: ``combat_ai.survives_fight``, passed in so that this
    module does not import the one that imports it): then ``threat`` does not get
    through for want of ``guard``."""
    for h in home:
        if h.oid != guard.oid and can_block(state, h, threat) and survives(h, threat):
            return True
    return False


__all__ = ["covered", "home_team"]
