"""Arrow schemas of what a game and a job produce.

``games``: one row per game. Deck names, policy specs and reasons are dictionary-encoded
strings; ``policy_a``/``policy_b`` are the canonical specs of the policies that piloted
each deck (``engine.players.policies.spec``), and ``think_us_a``/``think_us_b`` the wall-clock
microseconds each spent deciding (a search's rollouts included: the policy's cost per
game). Datasets of manifest format ``mtgsim-job/2`` lack these four columns:
``results.dataset.read_games`` fills the policies in from the manifest and the times
with nulls.
per-player keyword statistics are one int16 column per statistic and seat
(``a_cascades``, ``b_cascades`` ...), seat ``a`` being the matchup's first deck whether
or not it was on the play. Life totals and turns are int32 (a game can gain far more
than 32,767 life); a value beyond int32 is clamped, and so is a statistic beyond int16.
``matchups``: counts aggregated per (job, deck_a, deck_b). ``failures``: one row per game
that raised instead of finishing (``failures.parquet`` in the job folder). ``events`` and
``hands``: a job's games event by event and hand by hand, written with
``--record-events`` (``docs/events.md``).
"""

from __future__ import annotations

import pyarrow as pa

from mtgsim.engine.state.stats import STAT_KEYS

DICT_STR = pa.dictionary(pa.int32(), pa.string())
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

GAME_FIELDS: list[pa.Field] = [
    pa.field("job", DICT_STR, nullable=False),
    pa.field("matchup", pa.int32(), nullable=False),
    pa.field("deck_a", DICT_STR, nullable=False),
    pa.field("deck_b", DICT_STR, nullable=False),
    pa.field("policy_a", DICT_STR, nullable=False),  # canonical spec piloting deck_a
    pa.field("policy_b", DICT_STR, nullable=False),
    pa.field("game", pa.int64(), nullable=False),  # index of the game within its matchup
    pa.field("seed", pa.uint64(), nullable=False),
    pa.field("on_play", pa.int8(), nullable=False),  # 0: deck_a on the play, 1: deck_b
    pa.field("winner", pa.int8(), nullable=False),  # 0: deck_a, 1: deck_b, -1: draw
    pa.field("reason", DICT_STR, nullable=False),  # life, empty library, turn limit, ...
    pa.field("turns", pa.int32(), nullable=False),
    pa.field("life_a", pa.int32(), nullable=False),
    pa.field("life_b", pa.int32(), nullable=False),
    pa.field("mulligans_a", pa.int8(), nullable=False),
    pa.field("mulligans_b", pa.int8(), nullable=False),
    pa.field("decisions", pa.int32(), nullable=False),
    pa.field("duration_us", pa.int32(), nullable=False),
    pa.field("think_us_a", pa.int64(), nullable=False),  # deck_a's policy deciding
    pa.field("think_us_b", pa.int64(), nullable=False),
]
POLICY_COLUMNS = ("policy_a", "policy_b", "think_us_a", "think_us_b")  # since mtgsim-job/3
TIMING_COLUMNS = ("duration_us", "think_us_a", "think_us_b")  # differ between two runs
STAT_FIELDS: list[pa.Field] = [
    pa.field(f"{seat}_{key}", pa.int16(), nullable=False)
    for seat in ("a", "b") for key in STAT_KEYS
]
GAMES = pa.schema(GAME_FIELDS + STAT_FIELDS)

MATCHUPS = pa.schema([
    pa.field("job", pa.string()),
    pa.field("deck_a", pa.string()),
    pa.field("deck_b", pa.string()),
    pa.field("games", pa.int64()),
    pa.field("wins_a", pa.int64()),
    pa.field("wins_b", pa.int64()),
    pa.field("draws", pa.int64()),
    pa.field("games_a_on_play", pa.int64()),
    pa.field("wins_a_on_play", pa.int64()),
    pa.field("wins_a_on_draw", pa.int64()),
    pa.field("mean_turns", pa.float64()),
])

# --- what ``--record-events`` adds (results/events.py) ----------------------------------
# ``events``: one row per event of a game's log. ``player`` and the players named in
# ``target`` are sides, as in the games rows: 0 / "deck_a" the game's deck_a, 1 / "deck_b"
# its deck_b, -1 no one. ``seq`` orders a game's events.
EVENTS = pa.schema([
    pa.field("job", DICT_STR, nullable=False),
    pa.field("matchup", pa.int32(), nullable=False),
    pa.field("game", pa.int64(), nullable=False),  # the games row's index: (matchup, game)
    pa.field("seq", pa.int32(), nullable=False),  # the event's place in the game's log
    pa.field("turn", pa.int32(), nullable=False),  # 1 for the pre-game draws and mulligans
    pa.field("step", DICT_STR, nullable=False),  # untap, upkeep, draw, main1, ... cleanup
    pa.field("player", pa.int8(), nullable=False),  # 0: deck_a, 1: deck_b, -1: no one
    pa.field("kind", DICT_STR, nullable=False),  # draw, opening_hand, cast, attack, ...
    pa.field("card", DICT_STR, nullable=False),  # the card's name ("" when none)
    pa.field("target", DICT_STR, nullable=False),  # targets, zone, or what a pump gives
    pa.field("amount", pa.int32(), nullable=False),
    pa.field("detail", DICT_STR, nullable=False),  # a cast's permission: flashback, ...
])
# ``hands``: one row per game and side: what that deck held and did, the compact source of
# the per-card statistics (results/cards.py).
HANDS = pa.schema([
    pa.field("job", DICT_STR, nullable=False),
    pa.field("matchup", pa.int32(), nullable=False),
    pa.field("game", pa.int64(), nullable=False),
    pa.field("side", pa.int8(), nullable=False),  # 0: the games row's deck_a, 1: deck_b
    pa.field("deck", DICT_STR, nullable=False),
    pa.field("on_play", pa.bool_(), nullable=False),
    pa.field("score", pa.float32(), nullable=False),  # 1 won, 0.5 draw, 0 lost
    pa.field("mulligans", pa.int8(), nullable=False),
    pa.field("opening_hand", pa.list_(pa.string()), nullable=False),  # the hand kept
    pa.field("drawn", pa.list_(pa.string()), nullable=False),  # drawn after it, in order
    pa.field("cast", pa.list_(pa.string()), nullable=False),  # spells cast, in order
    pa.field("played", pa.list_(pa.string()), nullable=False),  # lands played, in order
])
EXTRA_SCHEMAS = {"events": EVENTS, "hands": HANDS}  # the datasets beside games/

FAILURES = pa.schema([
    pa.field("job", pa.string(), nullable=False),
    pa.field("unit", pa.int64(), nullable=False),  # the work unit (or Swiss match) it was in
    pa.field("matchup", pa.int32(), nullable=False),
    pa.field("deck_a", pa.string(), nullable=False),
    pa.field("deck_b", pa.string(), nullable=False),
    pa.field("game", pa.int64(), nullable=False),  # index of the game in its pairing
    pa.field("seed", pa.uint64(), nullable=False),
    pa.field("on_play", pa.int8(), nullable=False),  # 0: deck_a on the play
    pa.field("exception", pa.string(), nullable=False),  # Type: message
    pa.field("traceback", pa.string(), nullable=False),
    pa.field("reproduced", pa.bool_(), nullable=False),  # a recorded re-play failed alike
    pa.field("replay", pa.string(), nullable=False),  # replay file, relative to the folder
])
