"""The game log for people: one line per event, grouped by turn, with life totals.

Seat 0 is player A and seat 1 is player B, matching ``engine.rules.zones.describe`` (which
names players in event targets as ``player A`` / ``player B``).
"""

from __future__ import annotations

from collections.abc import Sequence

from mtgsim.engine.state.game_state import Event, GameResult

STARTING_LIFE = 20
PREGAME_KINDS = frozenset({"draw", "mulligan", "bottom", "opening_hand"})


def seat(player: int) -> str:
    """``A`` for seat 0, ``B`` for seat 1, ``?`` for none."""
    return "AB"[player] if player in (0, 1) else "?"


def _arrow(target: str) -> str:
    return f" -> {target}" if target else ""


def describe_event(e: Event) -> str:
    """One event as a sentence, e.g. ``A casts Lightning Bolt -> player B``."""
    who = seat(e.player)
    k = e.kind
    if k == "draw":
        return f"{who} draws {e.card}"
    if k == "mulligan":
        return f"{who} mulligans (mulligan #{e.amount})"
    if k == "bottom":
        return f"{who} puts {e.card} on the bottom"
    if k == "opening_hand":
        return f"{who} keeps {e.card}"
    if k == "play":
        return f"{who} plays {e.card}"
    if k == "cast":
        x = f" (X={e.amount})" if e.amount else ""
        return f"{who} casts {e.card}{x}{_arrow(e.target)}"
    if k == "activate":
        return f"{who} activates {e.card}{_arrow(e.target)}"
    if k == "trigger":
        return f"{e.card} triggers ({who}){_arrow(e.target)}"
    if k == "resolve":
        return f"{e.card} resolves{_arrow(e.target)}"
    if k == "fizzle":
        return f"{e.card} fizzles (no legal targets)"
    if k == "countered":
        return f"{who}'s {e.card} is countered"
    if k == "enters":
        attached = f" attached to {e.target}" if e.target else ""
        return f"{e.card} enters the battlefield under {who}'s control{attached}"
    if k == "token":
        return f"{who} creates a {e.card} token"
    if k == "attack":
        return f"{who} attacks with {e.card}"
    if k == "block":
        return f"{who} blocks: {e.card}"
    if k == "damage":
        return f"{e.card} deals {e.amount} damage to {e.target}"
    if k == "destroy":
        return f"{who}'s {e.card} is destroyed"
    if k == "sacrifice":
        return f"{who} sacrifices {e.card}"
    if k == "regenerate":
        return f"{who}'s {e.card} regenerates"
    if k == "leaves":
        return f"{who}'s {e.card} leaves the battlefield (to {e.target})"
    if k == "pump":
        return f"{e.card} gets {e.target}"
    if k == "counters":
        return f"{e.card} gets {e.amount} {e.target} counter{'s' if e.amount != 1 else ''}"
    if k == "gain_life":
        return f"{who} gains {e.amount} life"
    if k == "lose_life":
        return f"{who} loses {e.amount} life"
    if k in ("poison", "infect"):
        return f"{who} gets {e.amount} poison counter{'s' if e.amount != 1 else ''}"
    if k == "discard":
        return f"{who} discards {e.card}"
    if k == "mill":
        return f"{who} mills {e.amount}: {e.card}"
    if k == "search":
        return f"{who} searches their library for {e.card}"
    if k == "initiative":  # 725.3
        return f"{who} takes the initiative"
    if k == "venture":  # 701.49
        return f"{who} ventures into {e.card}: {e.target}"
    if k == "dungeon_completed":  # 309.7
        return f"{who} completes {e.card}"
    if k == "goad":  # 701.15
        return f"{who} goads {e.card}"
    if k == "game_over":
        if e.player in (0, 1):
            return f"Game over: {who} wins ({e.card})"
        return f"Game over: draw ({e.card})"
    fields = ", ".join(f for f in (e.card, e.target, str(e.amount) if e.amount else "") if f)
    return f"{who} {k}: {fields}" if fields else f"{who} {k}"


def _apply_life(life: list[int], e: Event) -> None:
    """Track life totals from the events that change them (damage, loss, gain)."""
    if e.kind == "damage" and e.target in ("player A", "player B"):
        life["AB".index(e.target[-1])] -= e.amount
    elif e.kind == "lose_life" and e.player in (0, 1):
        life[e.player] -= e.amount
    elif e.kind == "gain_life" and e.player in (0, 1):
        life[e.player] += e.amount
    elif e.kind == "infect" and e.player in (0, 1):  # infect's damage cost no life (702.90b)
        life[e.player] += e.amount


def _pregame(events: Sequence[Event]) -> list[str]:
    """The pre-game lines: each event, but a kept hand (one ``opening_hand`` event per
    card) as one line."""
    lines: list[str] = []
    kept: list[Event] = []
    for e in [*events, None]:
        if e is not None and e.kind == "opening_hand" and (not kept or
                                                           kept[0].player == e.player):
            kept.append(e)
            continue
        if kept:
            lines.append(f"  {seat(kept[0].player)} keeps {len(kept)}: "
                         + ", ".join(k.card for k in kept))
            kept = [e] if e is not None and e.kind == "opening_hand" else []
            if kept:
                continue
        if e is not None:
            lines.append(f"  {describe_event(e)}")
    return lines


def render_log(log: Sequence[Event], result: GameResult | None = None) -> list[str]:
    """The log as lines: pre-game draws and mulligans, then each turn and its life totals.

    Player A (seat 0) takes the odd turns. The pre-game section is turn 1's leading run of
    draw and mulligan events (the player on the play skips the turn-1 draw).
    """
    by_turn: dict[int, list[Event]] = {}
    for e in log:
        by_turn.setdefault(e.turn, []).append(e)
    last = max([result.turns if result else 0, *by_turn.keys()], default=0)
    lines: list[str] = []
    life = [STARTING_LIFE, STARTING_LIFE]
    turn1 = by_turn.get(1, [])
    n_pre = 0
    while n_pre < len(turn1) and turn1[n_pre].kind in PREGAME_KINDS:
        n_pre += 1
    if n_pre:
        lines.append("Opening hands")
        lines.extend(_pregame(turn1[:n_pre]))
        by_turn[1] = turn1[n_pre:]
    for turn in range(1, last + 1):
        lines.append(f"Turn {turn} (player {seat((turn - 1) % 2)})")
        for e in by_turn.get(turn, []):
            _apply_life(life, e)
            lines.append(f"  {describe_event(e)}")
        lines.append(f"  Life: A {life[0]}, B {life[1]}")
    return lines


def result_line(result: GameResult, titles: Sequence[str]) -> str:
    """``Winner: A (Gruul Stompy) — reason: life, turns: 13``, or the draw equivalent."""
    tail = f"reason: {result.reason}, turns: {result.turns}"
    if result.winner in (0, 1):
        return f"Winner: {seat(result.winner)} ({titles[result.winner]}) — {tail}"
    return f"Result: draw — {tail}"
