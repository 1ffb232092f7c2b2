"""The events and hands datasets (``--record-events``): a job's games event by event, and
per game and deck the hand it kept and the cards it drew, cast and played.

A worker plays a game with its log kept (``engine.state.log``: one ``Event`` per thing
that happened, with its turn and step) and turns the log into rows here, beside the
game's row: the log is read only after the game, so recording changes nothing of play
(``tests/state/test_log_events.py``, ``tests/results/test_events.py``).

Rows name players by side, as the games rows do: 0 is the games row's ``deck_a`` and 1
its ``deck_b``, whichever was on the play (the engine's seat 0 is the player on the play;
its log names players "player A" and "player B" by seat, which become "deck_a" and
"deck_b" in ``target``). A game is keyed by (job, matchup, game) in all three datasets.

``hands`` is what the per-card statistics read (``results.cards``): two rows per game
instead of a few hundred events, with the cards as lists. The events hold the same facts
(``opening_hand``, ``draw`` after it, ``cast``, ``play``) and ``tests/results/test_events.py``
checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds

from mtgsim.engine.rules.spell_costs import NAMES
from mtgsim.engine.state.game_state import STEP_NAMES, Event
from mtgsim.results.schema import EVENTS, HANDS

_SIDE_NAMES = ("deck_a", "deck_b")


def split_cast(card: str) -> tuple[str, str]:
    """A cast event's card as logged (``Name`` or ``Name (flashback)``): the card's name
    and the permission it was cast with ("" for none)."""
    if card.endswith(")"):
        name, sep, how = card[:-1].rpartition(" (")
        if sep and how and how in NAMES.values():  # registered by the keywords' modules
            return name, how
    return card, ""


def _array(values: list[object], field: pa.Field) -> pa.Array:
    if pa.types.is_dictionary(field.type):
        return pa.array(values, pa.string()).dictionary_encode()
    return pa.array(values, field.type)


class EventRows:
    """The events and hands rows of the games a worker plays (a unit, a Swiss match),
    filled game by game and sent as two record batches."""

    def __init__(self, job: str) -> None:
        self.job = job
        self.events: dict[str, list[object]] = {f.name: [] for f in EVENTS}
        self.hands: dict[str, list[object]] = {f.name: [] for f in HANDS}

    def add(self, matchup: int, game: int, log: Sequence[Event], a_first: bool,
            decks: tuple[str, str], winner: int) -> None:
        """One finished game: ``log`` its events, ``a_first`` whether ``decks[0]`` (the
        games row's deck_a) was on the play, ``winner`` the winning side (-1: a draw)."""
        side_of = (0, 1, -1) if a_first else (1, 0, -1)  # seat -> side (index -1: none)
        names = {"player A": _SIDE_NAMES[side_of[0]], "player B": _SIDE_NAMES[side_of[1]]}
        n = len(log)
        ev = self.events
        ev["job"].extend([self.job] * n)
        ev["matchup"].extend([matchup] * n)
        ev["game"].extend([game] * n)
        ev["seq"].extend(range(n))
        ev["turn"].extend([e.turn for e in log])
        ev["step"].extend([STEP_NAMES[e.step] for e in log])
        ev["player"].extend([side_of[e.player] for e in log])
        kinds = [e.kind for e in log]
        ev["kind"].extend(kinds)
        cards = [e.card for e in log]
        details = [""] * n
        for i, kind in enumerate(kinds):
            if kind == "cast":
                cards[i], details[i] = split_cast(cards[i])
        ev["card"].extend(cards)
        ev["target"].extend([e.target if "player " not in e.target else ", ".join(
            names.get(t, t) for t in e.target.split(", ")) for e in log])
        ev["amount"].extend([e.amount for e in log])
        ev["detail"].extend(details)
        self._hands(matchup, game, log, kinds, cards, side_of, decks, winner)

    def _hands(self, matchup: int, game: int, log: Sequence[Event], kinds: list[str],
               cards: list[str], side_of: tuple[int, int, int], decks: tuple[str, str],
               winner: int) -> None:
        """The two hands rows of a game: per side, the kept hand, the cards drawn after
        it (a player's draws before its ``opening_hand`` events are the pre-game ones),
        the spells cast and the lands played."""
        kept: list[list[str]] = [[], []]
        drawn: list[list[str]] = [[], []]
        cast: list[list[str]] = [[], []]
        played: list[list[str]] = [[], []]
        mulligans = [0, 0]
        for i, kind in enumerate(kinds):
            if kind == "draw":
                p = log[i].player
                if kept[p]:
                    drawn[p].append(cards[i])
            elif kind == "cast":
                cast[log[i].player].append(cards[i])
            elif kind == "play":
                played[log[i].player].append(cards[i])
            elif kind == "opening_hand":
                p = log[i].player
                kept[p].append(cards[i])
                mulligans[p] = log[i].amount
        h = self.hands
        for seat in (0, 1):
            side = side_of[seat]
            h["job"].append(self.job)
            h["matchup"].append(matchup)
            h["game"].append(game)
            h["side"].append(side)
            h["deck"].append(decks[side])
            h["on_play"].append(seat == 0)
            h["score"].append(0.5 if winner < 0 else 1.0 if winner == side else 0.0)
            h["mulligans"].append(min(mulligans[seat], 127))
            h["opening_hand"].append(kept[seat])
            h["drawn"].append(drawn[seat])
            h["cast"].append(cast[seat])
            h["played"].append(played[seat])

    def batches(self) -> dict[str, pa.RecordBatch]:
        """The rows so far, as ``{"events": batch, "hands": batch}``."""
        return {name: pa.RecordBatch.from_arrays(
            [_array(cols[f.name], f) for f in schema], schema=schema)
            for name, cols, schema in (("events", self.events, EVENTS),
                                       ("hands", self.hands, HANDS))}


def read_extra(out: Path, name: str, columns: Sequence[str] | None = None) -> pa.Table:
    """The ``events`` or ``hands`` table of a job folder (``job`` restored from the
    paths); an empty table when the job did not record them."""
    schema = EVENTS if name == "events" else HANDS
    folder = out / name
    if not folder.is_dir():
        table = schema.empty_table()
        return table.select(list(columns)) if columns is not None else table
    dataset = ds.dataset(folder, format="parquet", partitioning="hive")
    return dataset.to_table(columns=list(columns) if columns is not None else None)


def read_events(out: Path, columns: Sequence[str] | None = None) -> pa.Table:
    return read_extra(out, "events", columns)


def read_hands(out: Path, columns: Sequence[str] | None = None) -> pa.Table:
    return read_extra(out, "hands", columns)


__all__ = ["EventRows", "read_events", "read_hands", "split_cast"]
