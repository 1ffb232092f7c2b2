"""Policy specs: the text that names a policy and its settings, ``NAME[:KEY=VALUE,...]``.

``random`` and ``goldfish`` take no settings; ``heuristic:eval=fitted`` is the heuristic
with the fitted evaluation's price of life (default: the hand-set one);
``search:rollouts=8,seed=3``
or ``search:ms=50`` names a search policy with its budget and its own seed;
``mcts:iterations=4`` the tree search over the turn (``ismcts``). A spec is
checked where it is read (an unknown policy, an unknown or repeated key, a value out of
range are errors that name the problem) and has one canonical spelling (keys sorted,
numbers normalised): jobs record and hash the canonical text, so ``search:seed=3,
rollouts=8`` and ``search:rollouts=8,seed=3`` are the same job.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import msgspec

from mtgsim.engine.players.policies.paired_gain import FULL, LOGIT_EPS
from mtgsim.engine.players.policies.search_kinds import SEARCHED_KINDS, kinds_text, read_kinds

SEED_MAX = 2**64 - 1


class PolicySpecError(ValueError):
    """A policy spec that cannot be read: the message names the problem."""


def _int_in(lo: int, hi: int) -> Callable[[str], str]:
    def check(text: str) -> str:
        try:
            n = int(text)  # decimal: "08" is 8
        except ValueError:
            raise PolicySpecError(f"not an integer: {text!r}") from None
        if not lo <= n <= hi:
            raise PolicySpecError(f"must be {lo} .. {hi}, got {n}")
        return str(n)
    return check


def _number(text: str, zero: bool) -> str:
    try:
        x = float(text)
    except ValueError:
        raise PolicySpecError(f"not a number: {text!r}") from None
    if not math.isfinite(x) or x < 0 or (x == 0 and not zero):
        raise PolicySpecError(
            f"must be a {'non-negative' if zero else 'positive'} number, got {text}")
    return f"{x:g}"


MAX_MS = 600_000  # ten minutes per decision: beyond that a game never ends in practice


def _milliseconds(text: str) -> str:
    value = _number(text, zero=False)
    if float(value) > MAX_MS:
        raise PolicySpecError(f"must be at most {MAX_MS} (ten minutes per decision), "
                              f"got {text}")
    return value


def _non_negative_number(text: str) -> str:
    return _number(text, zero=True)


EVALUATIONS = ("fitted", "handset")


def _evaluation(text: str) -> str:
    if text not in EVALUATIONS:
        raise PolicySpecError(f"must be one of {', '.join(EVALUATIONS)}, got {text!r}")
    return text


ATTACKS = ("trades", "race")
# The default pilot's attacks and priority rules (since December 6: the race and the land
# drop's need, measured +0.1 and +1.2 points over the old play, docs/search-record.md "The
# default pilot"); the default is dropped from a spec's canonical form, so the old play
# keeps a distinct one (``heuristic:attack=trades,prio=plain``)
DEFAULT_ATTACK = "race"
DEFAULT_PRIO = "mana"


def _attacks(text: str) -> str:
    if text not in ATTACKS:
        raise PolicySpecError(f"must be one of {', '.join(ATTACKS)}, got {text!r}")
    return text


# ``heuristic:tricks``: when an instant that pumps its own creatures until end of turn is
# cast: ``plain`` (the default) as before; ``combat`` held for combat, not cast at the
# other player's end step for its cascade (engine.players.policies.combat_tricks)
CHUMP_OFF = "off"  # ``search:chump=off``: no chump guard (chump_guard)
FACE_OFF = "off"  # ``search:face=off``: no face guard (face_guard; the play before search
# play 6)
FUTILE_OFF = "off"  # ``search:futile=off``: no futile stop (the play before search play 5)
DEEPEN_OFF = "off"  # ``search:deepen=off``: no deepening, every rollout plays depth turns
# (the play before search play 6; ``deepen=0`` is not that: it plays depth - 1 turns)
# The search's horizon, turns a rollout plays before the position is scored: read here by
# parse_policy (deepen needs two turns or more) and by the search (search.SEARCH_READS,
# through SEARCH_DEFAULTS' "depth"). Three turns since search play 6 (two before:
# ``search:depth=2`` spells the two-turn search). The tree search's is its own
# (MCTS_DEFAULTS)
DEFAULT_DEPTH = 3
TRICKS = ("plain", "combat")
DEFAULT_TRICKS = "plain"
# ``heuristic:guards``: which attackers its attacks keep home as guards: ``plain`` (the
# default) every one ``combat_ai._keep_guards`` picks; ``cover`` only against a creature
# of theirs no creature staying home blocks and survives (attack_guards)
GUARDS = ("plain", "cover")
DEFAULT_GUARDS = "plain"


def _chump(text: str) -> str:
    """``off`` (every block declaration searched) or a life floor 0 .. 1000."""
    return text if text == CHUMP_OFF else _int_in(0, 1000)(text)


def _face(text: str) -> str:
    """``off`` (every face hit searched) or a room to lethal -1000 .. 1000."""
    return text if text == FACE_OFF else _int_in(-1000, 1000)(text)


def _deepen(text: str) -> str:
    """``off`` (no deepening) or the margin C, a non-negative number."""
    return text if text == DEEPEN_OFF else _number(text, zero=True)


def _futile(text: str) -> str:
    """``off`` (no futile stop) or the standard errors, a non-negative number."""
    return text if text == FUTILE_OFF else _number(text, zero=True)


def _tricks(text: str) -> str:
    if text not in TRICKS:
        raise PolicySpecError(f"must be one of {', '.join(TRICKS)}, got {text!r}")
    return text


def _guards(text: str) -> str:
    if text not in GUARDS:
        raise PolicySpecError(f"must be one of {', '.join(GUARDS)}, got {text!r}")
    return text


PRIORITY_RULES = ("plain", "lands", "bodies", "both", "mana", "plan")  # (priority_order.rules_of)


def _priority_rules(text: str) -> str:
    if text not in PRIORITY_RULES:
        raise PolicySpecError(f"must be one of {', '.join(PRIORITY_RULES)}, got {text!r}")
    return text


MARGIN_PRIOR = "prior"  # the switch's fixed margin (``paired_gain.PRIOR``, 0.01)


def _margin(text: str) -> str:
    """``prior`` (the fixed ``PRIOR``, a margin on the hand-set evaluation's scale) or a
    non-negative fraction of the decision's pooled standard deviation."""
    return MARGIN_PRIOR if text == MARGIN_PRIOR else _number(text, zero=True)


SCALES = ("prob", "logit")  # the scale the search's switch reads its gains on
LMARGIN_DEFAULT = "0.04"  # paired_gain.LOGIT_MARGIN's spelling (tests/players: they agree)


def _scale(text: str) -> str:
    if text not in SCALES:
        raise PolicySpecError(f"must be one of {', '.join(SCALES)}, got {text!r}")
    return text


def _kinds(text: str) -> str:
    try:
        return kinds_text(read_kinds(text))
    except ValueError as exc:
        raise PolicySpecError(str(exc)) from None


ALL_KINDS = kinds_text(SEARCHED_KINDS)  # the default's spelling, dropped from a spec


# Each policy's settings: key -> checker returning the value's canonical text.
SEARCH_SETTINGS: dict[str, Callable[[str], str]] = {
    "rollouts": _int_in(1, 100_000),  # rollouts per option (the budget, deterministic)
    "ms": _milliseconds,  # milliseconds per decision (the budget, wall clock)
    "seed": _int_in(0, SEED_MAX),  # the search's own seed, mixed with the game's
    "depth": _int_in(0, 1000),  # turns a rollout plays before the board is evaluated
    # (default SEARCH_DEFAULTS' 3 for the search since search play 6, DEFAULT_DEPTH;
    # MCTS_DEFAULTS' own 2 for mcts)
    "z": _non_negative_number,  # standard errors a gain must clear to leave the
    # heuristic's answer (0: any gain over the small fixed margin)
    "verify": _int_in(0, 100_000),  # more deals, at most, for a best gain not yet clear
    "cast": _int_in(1, 64),  # complete actions per priority action (1: the action alone,
    # its choices the heuristic's; engine.players.policies.search_actions; default 4:
    # search.DEFAULT_CAST)
    "sets": _int_in(2, 1000),  # attack or block declarations, or multi-select answers,
    # tried at one decision (default SEARCH_DEFAULTS' 6 for the search, MCTS_DEFAULTS' 8
    # for mcts, as for the search before search play 5:
    # candidate_answers.MAX_CANDIDATES)
    "eval": _evaluation,  # fitted: the fitted price of life in its heuristic decisions
    # and rollouts (default handset, engine.players.life_price)
    "cutoff": _evaluation,  # the evaluation at the rollouts' horizon: fitted or handset
    # (engine.players.evaluation; default SEARCH_DEFAULTS')
    "futile": _futile,  # stop a decision once no candidate's gain plus this many
    # standard errors clears the switch (paired_gain.futile; default SEARCH_DEFAULTS' 0
    # for the search since search play 5, MCTS_DEFAULTS' off for mcts); off: never (the
    # search's play before search play 5)
    "bank": _int_in(0, 1),  # 1: budget the stops leave is kept for close decisions
    "decided": _non_negative_number,  # the "won" stop's score on two deals (default
    # SEARCH_DEFAULTS' 1, a win; with sooner=1, the default, SOONER_DEFAULTS' 0.9999, a
    # win this turn)
    "sooner": _int_in(0, 1),  # 1: a rollout decided within the horizon scores by when (a
    # sooner win, a later loss higher: search.timed_value; default SEARCH_DEFAULTS' 1
    # since search play 6; 0: every win 1, the play before)
    "blend": _int_in(0, 1),  # 1: a rollout scores the mean logit of the positions at the
    # start of the horizon's last two turns, so neither player has the last word on every
    # rollout (search.blended_value; default SEARCH_DEFAULTS' 1 since search play 6; 0:
    # the position at the horizon alone, the play before)
    "fav": _non_negative_number,  # standard errors a switch needs when the heuristic's
    # answer is a favourite (scores 0.75 or more; default: z)
    "margin": _margin,  # the switch's margin as this fraction of the decision's pooled
    # standard deviation of paired differences (paired_gain.noise_margin; 0: z alone
    # guards the switch and the futile stop; prior: the fixed PRIOR 0.01; default
    # SEARCH_DEFAULTS')
    "scale": _scale,  # logit: the switch (its margin, z guard, futile stop) reads the
    # paired differences of the scores' logits (paired_gain.logit_values; default prob,
    # the scores as they are)
    "lmargin": _non_negative_number,  # with scale=logit: the fixed margin in logits a
    # gain must clear besides margin's share of the noise (default
    # paired_gain.LOGIT_MARGIN, 0.04)
    "lost": _non_negative_number,  # the "lost" stop: the heuristic's answer scores at
    # most this on its first two deals and no candidate more on the first (default: never)
    "opponent": _evaluation,  # the price of life of the rollouts' other seat (the
    # opponent model; default: eval's, so eval=fitted,opponent=handset is the fitted
    # heuristic in the search's own seat against the plain one)
    "kinds": _kinds,  # the decision kinds searched, KIND+KIND... (engine names, or the
    # groups choice and multi; search_kinds), or -KIND+KIND...: every kind but those;
    # the others are the heuristic's (default all; canonical: the kinds kept)
    "focus": _kinds,  # the kinds given ``frollouts`` rollouts per candidate instead of
    # ``rollouts`` (a budget per kind: more where the search pays)
    "frollouts": _int_in(1, 100_000),  # the rollouts per candidate at the ``focus`` kinds
    "mulligan": _int_in(0, 100_000),  # full-game rollouts per answer at keep-or-mulligan
    # (103.5; mulligan_search; default 0: the heuristic's mulligans)
    "prio": _priority_rules,  # the heuristic's priority tie-breaks (``heuristic:prio``) in
    # the search's own heuristic: its fallback answers and its rollouts' own seat; the
    # rollouts' other seat is the default heuristic (default mana, as the heuristic's)
    "attack": _attacks,  # ``heuristic:attack`` likewise in the search's own heuristic
    # (race: its attacks reckon the race, the default; trades: the old play)
    "chump": _chump,  # L: a block declaration that adds a chump block (the blocker
    # dies, the attacker lives) to the heuristic's is not searched unless the attack
    # unblocked leaves L life or less (chump_guard; default SEARCH_DEFAULTS' 5); off:
    # every one searched (the play before search play 4)
    "face": _face,  # F: a priority action that aims damage at the other player's face
    # (burn), where the heuristic's answer does not, is not searched unless their life
    # less the player's reach (burn in hand, untapped power) is F or less (face_guard;
    # default SEARCH_DEFAULTS' 6 since search play 6; off: every one searched, the play
    # before)
    "tricks": _tricks,  # ``heuristic:tricks`` likewise in the search's own heuristic
    # (combat: its pump instants held for combat; default plain)
    "guards": _guards,  # ``heuristic:guards`` likewise in the search's own heuristic
    # (cover: its attacks keep a guard home only against a creature nothing home
    # covers; default plain)
    "deepen": _deepen,  # C: progressive deepening, the rollouts play depth - 1 turns,
    # and a switch whose gain clears the switch's threshold by less than C (logits with
    # scale=logit) has the heuristic's answer and the switch played on to depth and is
    # made only if it clears there too (engine.players.policies.deepen; default
    # SEARCH_DEFAULTS' 20 since search play 6, off with depth 0 or 1: search_deepen);
    # off: every rollout plays depth turns, the play before
    "full": _int_in(1, 1000),  # N: the candidates given the whole per-candidate budget at
    # a decision, one rollout more for each further one (paired_gain.search_budget;
    # default SEARCH_DEFAULTS' 5 since search play 6; 8, paired_gain.FULL, the play
    # before): a cap on the wide decisions' cost
    "infer": _int_in(0, 2),  # 1: the other player's hidden hand dealt under what their
    # public play says (hand_inference: no land drop in a turn, no land held; default
    # SEARCH_DEFAULTS' for the search, MCTS_DEFAULTS' for mcts); 0: the uniform deal;
    # 2: that, and a deal is dealt again while the heuristic would have played one of its
    # cards at the end of their last turn's main phase (spell_inference)
}
# The search's defaults, dropped from its canonical spelling; the search reads them here.
# Since December 6 (issue 37): the fitted cut-off, the noise margin 0 (z alone guards the
# switch) and the land bound inferred from the other player's public play, the strongest
# fair spec measured (60.9%, +10.9 [+9.4, +12.4] on 960 deals against the default pilot)
# and it solves every AI puzzle the old default did (docs/search-record.md "The search's
# default"). The old play: ``search:chump=off,cutoff=handset,infer=0,margin=prior,rollouts=8``.
# Since December 6 (night), ``scale=logit``: the switch reads the paired differences of
# the scores' logits with a margin of 0.04 logits, which solves the AI puzzle the
# probability scale failed (no_removal_on_an_attacker_leaving_at_end_of_turn) and every
# one it solved, +1.7 [-0.7, +4.0] paired on 120 ladder deals (docs/search-record.md "The
# switch on the logit scale"). ``margin=prior``, a margin in probability, implies
# ``scale=prob`` (so the old play's spelling plays as before); the previous default is
# ``search:scale=prob``.
# Since December 6 (night), 3 rollouts per candidate (8 before): on the same 120 ladder
# deals ``search:rollouts=3`` scored as the 8 did (+0.0 [-2.9, +2.9] on the logit scale,
# +0.8 [-2.0, +3.7] on the probability scale) for 35-40% of the CPU (docs/search-record.md
# "Three rollouts by default"); the previous default's budget is ``search:rollouts=8``.
# Since December 6 (night, search play 4), ``chump=5``: no switch to a block declaration
# that adds a chump block while the attack unblocked leaves more than 5 life, the largest
# class of the default's own misplays in its lost games; +0.8 [+0.1, +1.6] paired on 480
# ladder deals, and it solves every AI puzzle the default did and one more
# (docs/search-record.md "Where the search loses"); the previous default is ``search:chump=off``.
# Since December 7 (search play 5), the budget settings futile=0 and sets=6: ``futile=0``
# (the futile stop at 0 standard errors: after two deals each, the search stops, keeping
# the heuristic's answer, once no candidate's mean gain clears the switch's margin) and
# ``sets=6`` (block or attack declarations, or multi-select answers, tried at one
# decision, 8 before); the horizon stays two turns, sooner, blend and face off.
# ``search:futile=0,sets=6`` solves 36 of the 37 AI puzzles, as the previous default does
# (cascade_spell_cast_for_its_cascade the one not yet), with 19% fewer rollouts a game
# (448 to 363 over 64 archetype games) and 14% less CPU, compiled; on 960 ladder deals
# 61.5%, +0.0 [-0.7, +0.7] paired over the previous default, for 13% fewer instructions a
# game on the ladder's mix (55.1x the heuristic to 47.8x) (docs/search-record.md "A cheaper
# budget by default (search play 5)"). The previous default was then
# ``search:futile=off,sets=8`` (since search play 6 SEARCH_PLAY_4).
# Since December 7 (search play 6), the deepened three-turn search: ``depth=3`` (three
# turns; mcts keeps its own 2), ``sooner=1`` (a decided rollout scored by when),
# ``blend=1`` (an undecided one on the horizon's last two turns), ``face=6`` (the face
# guard), ``deepen=20`` (the rollouts play two turns, and only a switch within 20 logits
# of the switch's threshold is played on to the third) and ``full=5`` (five candidates get
# the whole per-candidate budget, one rollout more each further one): on 960 ladder deals
# 62.8%, +12.8 [+11.3, +14.3] over the heuristic, +1.3 [+0.1, +2.5] paired over search
# play 5, for 1,043.97 M instructions a ladder-mix game compiled, 45.5x the heuristic
# (47.8x at play 5); it solves every AI puzzle but the cascade one (docs/search-record.md "The
# deepened search by default (search play 6)"). The previous default is SEARCH_PLAY_5.
# ``decided=1``: the "won" stop fires once the heuristic's answer won both of its first
# two deals (a win scores 1); dropped like the others, so ``search:decided=1,sooner=0`` is
# ``search:sooner=0`` (with sooner=1, the default, SOONER_DEFAULTS' decided).
SEARCH_DEFAULTS: dict[str, str] = {"cutoff": "fitted", "margin": "0", "infer": "1",
                                   "scale": "logit", "rollouts": "3", "chump": "5",
                                   "futile": "0", "sets": "6", "decided": "1",
                                   "depth": str(DEFAULT_DEPTH), "sooner": "1", "blend": "1",
                                   "face": "6", "deepen": "20", "full": "5"}
# The search's defaults that differ with ``sooner=1`` (``search_defaults``): a win in the
# searched decision's turn scores 1 - LOGIT_EPS there (search.timed_value) and no more, so
# the "won" stop fires at that score; spelled as the setting's canonical value, 0.9999,
# which reads back as 1 - LOGIT_EPS exactly (tests/players/test_search_sooner.py)
SOONER_DEFAULTS: dict[str, str] = {"decided": _non_negative_number(repr(1.0 - LOGIT_EPS))}
# The settings that spell the search's play before search play 6 (the two-turn default:
# ``search:`` and these, canonical, play the games plain ``search`` played at search play
# 5; tests/players/test_play_versions.py): no deepening, two turns, no face guard, every
# win scored 1, the horizon's position alone, eight candidates on the whole budget
SEARCH_PLAY_5 = f"blend=0,deepen={DEEPEN_OFF},depth=2,face={FACE_OFF},full={FULL},sooner=0"
# ... and before search play 5 (search play 4's games): that, with no futile stop and 8
# declarations tried at one decision
SEARCH_PLAY_4 = (f"blend=0,deepen={DEEPEN_OFF},depth=2,face={FACE_OFF},full={FULL},"
                 f"futile={FUTILE_OFF},sets=8,sooner=0")
# The tree search's defaults, dropped from its canonical spelling as SEARCH_DEFAULTS are
# from the search's (``mcts:sets=8`` is ``mcts``: one job for one play); the tree search
# reads them here (ismcts, search.read_shared) for a setting its spec does not give. They
# are its own, apart from the search's, so that one policy's new default never moves the
# other's play: its budget (3 iterations per root candidate), two turns (as the search,
# but its own "2", not DEFAULT_DEPTH: a new horizon for one does not move the other),
# 4 complete actions per priority action (as the search), 8 declarations or multi-select
# answers tried at one decision (candidate_answers.MAX_CANDIDATES; the search's 6 since
# search play 5), no futile stop (the search's 0 since search play 5) and the uniform
# deal (``mcts:infer=1`` is the land bound; the search's default infers it)
MCTS_DEFAULTS: dict[str, str] = {"iterations": "3", "depth": "2", "cast": "4", "sets": "8",
                                 "futile": FUTILE_OFF, "infer": "0"}
# IS-MCTS over the turn (engine.players.policies.ismcts): its budget, iterations per
# root candidate, and the settings it shares with the search
MCTS_SETTINGS: dict[str, Callable[[str], str]] = {
    "iterations": _int_in(1, 100_000),  # iterations per root candidate (the budget)
    "seed": SEARCH_SETTINGS["seed"],
    "depth": SEARCH_SETTINGS["depth"],
    "z": SEARCH_SETTINGS["z"],
    "sets": SEARCH_SETTINGS["sets"],
    "cast": SEARCH_SETTINGS["cast"],  # complete actions per priority action at the root
    "futile": SEARCH_SETTINGS["futile"],
    "kinds": SEARCH_SETTINGS["kinds"],  # the kinds searched at the root and in the tree
    "infer": SEARCH_SETTINGS["infer"],  # the deals under the other player's public play
}
# The heuristic's settings: ``eval=fitted`` prices life on the fitted evaluation's curve
# (engine.players.life_price); ``eval=handset`` (0.6 a point, 1.0 in the last five) is
# the default, the same policy as plain ``heuristic``. ``attack=race`` reckons the race
# before declaring attackers (engine.players.policies.attack_race), the default;
# ``attack=trades`` is the creature-for-creature count alone. ``prio=lands|bodies|both``
# breaks the ties of its priority choice by what a land pays for in hand and by a
# creature's body (engine.players.policies.priority_order); ``prio=mana``, the default,
# weighs the land's need over its other land preferences; ``prio=plain`` is list order;
# ``prio=plan`` is ``mana`` and the turn's plan: in its own main phase the set of casts
# this turn's mana pays for, not the best one first (engine.players.policies.turn_plan).
# ``heuristic:attack=trades,prio=plain`` is the default pilot before December 6.
# ``tricks=combat`` holds an instant that pumps its own creatures for a combat it changes
# (engine.players.policies.combat_tricks); ``tricks=plain``, the default, is the old play.
# ``guards=cover`` keeps an attacker home as a guard only against a creature of theirs
# that no creature staying home blocks and survives (engine.players.policies.
# attack_guards); ``guards=plain``, the default, is the old play.
HEURISTIC_SETTINGS: dict[str, Callable[[str], str]] = {"eval": _evaluation,
                                                       "attack": _attacks,
                                                       "prio": _priority_rules,
                                                       "tricks": _tricks,
                                                       "guards": _guards}
SETTINGS: dict[str, dict[str, Callable[[str], str]]] = {
    "heuristic": HEURISTIC_SETTINGS, "random": {}, "goldfish": {},
    "search": SEARCH_SETTINGS, "mcts": MCTS_SETTINGS,
}
POLICY_NAMES = tuple(SETTINGS)


def setting(spec: PolicySpec, key: str, defaults: Mapping[str, str]) -> str:
    """Setting ``key`` of a search's ``spec``, else ``defaults``' (the policy's own:
    ``SEARCH_DEFAULTS``, ``search.SEARCH_READS``, ``search_defaults(spec)`` or
    ``MCTS_DEFAULTS``): the one reader of ``spec.get(key) or defaults[key]``, so every
    setting with a default in such a table is read the same way (an empty value, which
    ``parse_policy`` never makes, would read as the default, as it always has)."""
    return spec.get(key) or defaults[key]


def search_defaults(settings: dict[str, str] | PolicySpec) -> dict[str, str]:
    """The search's defaults for a spec of these ``settings``, read by the search for a
    setting the spec does not give and dropped from its canonical spelling:
    ``SEARCH_DEFAULTS``, with ``sooner=1`` (the default since search play 6)
    ``SOONER_DEFAULTS`` in their place (the "won" stop's score: a default that depends on
    another setting's value, as ``deepen``'s does on ``depth``: ``search_deepen``)."""
    if settings.get("sooner", SEARCH_DEFAULTS["sooner"]) == "1":
        return {**SEARCH_DEFAULTS, **SOONER_DEFAULTS}
    return SEARCH_DEFAULTS


def dropped_defaults(name: str, settings: dict[str, str]) -> tuple[dict[str, str], ...]:
    """Policy ``name``'s settings at their default value for a spec of ``settings``,
    dropped from its canonical spelling (``parse_policy``): the search's defaults, the
    tree search's (``MCTS_DEFAULTS``); the heuristic's are dropped one by one there
    (DEFAULT_ATTACK, ...)."""
    if name == "search":
        return (search_defaults(settings),)
    if name == "mcts":
        return (MCTS_DEFAULTS,)
    return ()
# Each policy family's play version: bumped in the commit that deliberately changes what
# some spec of the family plays (its own code, its settings' defaults, the fitted weights
# it reads, or the heuristic it builds on), so a job folder of the old play is never
# resumed with the new (docs/jobs.md "Play versions"). A change of plain ``heuristic``'s
# play raises the engine version instead. Job ids hash the versions above 1 of the
# families a job uses (so a job of version-1 policies keeps its id), manifests record them
# all; tests/players/test_play_versions.py fails on fingerprints that move without a bump.
# mcts 2: cb121f9, the tree search follows the default pilot (was the old play pinned)
# search 2: 5a85dd7, the search's defaults became cutoff=fitted,margin=0,infer=1
# search 3: the search's default scale became logit (the switch on the logit scale)
# search 4: the search's default chump guard, chump=5 (docs/search-record.md "Where the search
# loses")
# search 5: the budget settings futile=0 and sets=6 by default (docs/search-record.md "A
# cheaper budget by default (search play 5)")
# search 6: the deepened three-turn search by default, depth=3,sooner=1,blend=1,face=6,
# deepen=20,full=5 (docs/search-record.md "The deepened search by default (search play 6)")
# heuristic 2, search 7: eval=fitted prices gained life on the fitted curve too (it read the
# hand-set 0.25 a point before; docs/search-record.md "The fitted evaluation (issue 37)");
# the search's eval=fitted and opponent=fitted specs build on that heuristic. Plain
# heuristic, search and mcts play the same games.
PLAY_VERSIONS: dict[str, int] = {"heuristic": 2, "random": 1, "goldfish": 1, "search": 7,
                                 "mcts": 2}


class PolicySpec(msgspec.Struct, frozen=True):
    """A policy's name and its settings (canonical values, sorted by key)."""

    name: str
    settings: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings)

    def get(self, key: str, default: str | None = None) -> str | None:
        for k, v in self.settings:
            if k == key:
                return v
        return default


def parse_policy(text: str) -> PolicySpec:
    """Read ``NAME[:KEY=VALUE,...]`` (raises ``PolicySpecError`` naming the problem)."""
    name, sep, rest = text.strip().partition(":")
    name = name.strip()
    if name not in SETTINGS:
        raise PolicySpecError(f"unknown policy {name!r} in {text!r} (choose from "
                              f"{', '.join(POLICY_NAMES)})")
    known = SETTINGS[name]
    settings: dict[str, str] = {}
    if sep and not rest.strip():
        raise PolicySpecError(f"{text!r}: nothing after ':' (write KEY=VALUE,...)")
    for part in rest.split(",") if sep else ():
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise PolicySpecError(f"{text!r}: {part.strip()!r} is not KEY=VALUE")
        if key not in known:
            allowed = ", ".join(known) if known else "none"
            raise PolicySpecError(f"{text!r}: {name} has no setting {key!r} "
                                  f"(settings: {allowed})")
        if key in settings:
            raise PolicySpecError(f"{text!r}: {key!r} given twice")
        try:
            settings[key] = known[key](value)
        except PolicySpecError as exc:
            raise PolicySpecError(f"{text!r}: {key}: {exc}") from None
    if name == "search" and "rollouts" in settings and "ms" in settings:
        raise PolicySpecError(f"{text!r}: give one budget, rollouts or ms, not both")
    if settings.get("scale") == "logit" and settings.get("margin") == MARGIN_PRIOR:
        raise PolicySpecError(f"{text!r}: margin=prior is a margin in probability, not "
                              f"with scale=logit (lmargin is its margin)")
    if name == "search" and settings.get("margin") == MARGIN_PRIOR:
        settings.pop("scale", None)  # scale=prob, implied (search_scale)
    if "lmargin" in settings and search_scale(settings) != "logit":
        raise PolicySpecError(f"{text!r}: lmargin is a margin in logits, with scale=logit")
    if ("focus" in settings) != ("frollouts" in settings):
        raise PolicySpecError(f"{text!r}: focus and frollouts go together (the kinds and "
                              f"their rollouts)")
    if settings.get("mulligan") == "0":  # the default: no mulligan search
        del settings["mulligan"]
    if name == "search" and not _deepens(settings):
        if settings.get("deepen", DEEPEN_OFF) != DEEPEN_OFF:
            raise PolicySpecError(f"{text!r}: deepen plays depth - 1 turns first: depth 2 "
                                  f"or more")
        settings.pop("deepen", None)  # no deepening: implied (search_deepen)
    if "frollouts" in settings and "ms" in settings:
        raise PolicySpecError(f"{text!r}: frollouts is a rollout budget, not with ms")
    # the defaults have one spelling, without the setting: the hand-set price of life,
    # and each search's own (``dropped_defaults``)
    if settings.get("eval") == "handset":
        del settings["eval"]
    for defaults in dropped_defaults(name, settings):
        for key, value in defaults.items():
            if settings.get(key) == value:
                del settings[key]
    if settings.get("lmargin") == LMARGIN_DEFAULT:
        del settings["lmargin"]
    if settings.get("attack") == DEFAULT_ATTACK:
        del settings["attack"]
    if settings.get("prio") == DEFAULT_PRIO:
        del settings["prio"]
    if settings.get("tricks") == DEFAULT_TRICKS:
        del settings["tricks"]
    if settings.get("guards") == DEFAULT_GUARDS:
        del settings["guards"]
    if name == "search" and settings.get("opponent") == settings.get("eval", "handset"):
        del settings["opponent"]  # the default: the other seat priced as the own
    if settings.get("kinds") == ALL_KINDS:  # every kind: the default
        del settings["kinds"]
    return PolicySpec(name, tuple(sorted(settings.items())))


def search_scale(settings: dict[str, str] | PolicySpec) -> str:
    """The scale the search's switch reads (``scale``): as given, else ``prob`` with
    ``margin=prior`` (a margin in probability: the old play's spelling plays as it did),
    else ``SEARCH_DEFAULTS``'."""
    get = settings.get
    scale = get("scale")
    if scale is not None:
        return scale
    return "prob" if get("margin") == MARGIN_PRIOR else SEARCH_DEFAULTS["scale"]


def search_deepen(settings: dict[str, str] | PolicySpec) -> float | None:
    """The search's deepening margin C (``deepen``), None for none: as given, else none
    with a horizon under two turns (``search:depth=1`` plays one turn, as it did before
    deepening became the default: a one-turn search has no shorter first pass), else
    ``SEARCH_DEFAULTS``' (20 since search play 6)."""
    deepen = settings.get("deepen") or (SEARCH_DEFAULTS["deepen"] if _deepens(settings)
                                        else DEEPEN_OFF)
    return None if deepen == DEEPEN_OFF else float(deepen)


def _deepens(settings: dict[str, str] | PolicySpec) -> bool:
    """Whether a search of these settings may deepen: a horizon of two turns or more
    (deepening plays ``depth - 1`` turns first); read by ``parse_policy``, which refuses
    a deepening margin without it, and by ``search_deepen``, which implies none."""
    return int(settings.get("depth") or DEFAULT_DEPTH) >= 2


def play_version(text: str) -> int:
    """The play version of the family of the spec ``text`` (``PLAY_VERSIONS``; raises
    ``PolicySpecError``)."""
    return PLAY_VERSIONS[parse_policy(text).name]


def canonical(text: str) -> str:
    """The canonical spelling of a spec (raises ``PolicySpecError``)."""
    return str(parse_policy(text))


__all__ = ["DEFAULT_ATTACK", "DEFAULT_DEPTH", "DEFAULT_GUARDS", "DEFAULT_PRIO", "DEFAULT_TRICKS", "LMARGIN_DEFAULT", "MARGIN_PRIOR", "MCTS_DEFAULTS", "SEARCH_DEFAULTS", "PolicySpec", "PolicySpecError", "POLICY_NAMES", "parse_policy", "canonical"]
__all__ += ["CHUMP_OFF", "DEEPEN_OFF", "FACE_OFF", "FUTILE_OFF", "PLAY_VERSIONS",
            "SEARCH_PLAY_4", "SEARCH_PLAY_5", "SOONER_DEFAULTS", "play_version",
            "search_deepen", "search_defaults", "search_scale", "setting"]
