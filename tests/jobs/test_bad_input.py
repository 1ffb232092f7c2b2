"""Hostile and broken input to the command line: each case is one line ``mtgsim:
error: ...`` (exit 2) or the answer a user would expect, never a traceback, and never a
hang or damage to what is already there (issue 41)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsim.engine.rules.turn import new_game
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.replay import error_text
from mtgsim.pipelines.runner import DECKS_DIR

GRUUL = str(DECKS_DIR / "gruul_stompy.txt")
AZORIUS = str(DECKS_DIR / "azorius_skies.txt")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    """The single ``mtgsim: error:`` line of ``err`` (and nothing else in it)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("mtgsim: error: "), err
    assert "Traceback" not in err
    return lines[0]


# --------------------------------------------------------------------------- replay


def _recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    path = tmp_path / "game.json"
    assert run(capsys, "play", GRUUL, AZORIUS, "--seed", "3", "--quiet",
               "--replay", str(path))[0] == 0
    data: dict[str, object] = json.loads(path.read_text())
    return data


def _write(tmp_path: Path, data: dict[str, object], name: str = "edited.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_a_replay_that_cannot_start_is_a_mismatch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both decks emptied: the game cannot even be set up. That is not the recorded
    outcome (a finished game), so it is a mismatch, exit 1, never "replay OK"."""
    data = _recorded(tmp_path, capsys)
    for deck in data["decks"]:  # type: ignore[attr-defined]
        deck["cards"] = []
    code, out, err = run(capsys, "replay", "--quiet", _write(tmp_path, data))
    assert code == 1
    assert "replay OK" not in out
    assert err.startswith("mtgsim: replay mismatch: ") and "no card pool" in err
    assert "Traceback" not in err


def test_a_failure_where_none_was_recorded_is_a_mismatch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A failure replay whose recorded error is not what happens now: a mismatch."""
    data = _recorded(tmp_path, capsys)
    for deck in data["decks"]:  # type: ignore[attr-defined]
        deck["cards"] = []
    data["result"] = None
    data["log_hash"] = ""
    data["error"] = "KeyError: 'something else'"
    code, out, err = run(capsys, "replay", "--quiet", _write(tmp_path, data))
    assert code == 1 and "replay OK" not in out
    assert "replay mismatch" in err and "something else" in err


def test_a_failure_replay_of_a_setup_error_reproduces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same setup error as recorded, before any decision: that is the recorded
    failure, reproduced (exit 0)."""
    data = _recorded(tmp_path, capsys)
    for deck in data["decks"]:  # type: ignore[attr-defined]
        deck["cards"] = []
    try:
        new_game([[], []], 3)
    except ValueError as exc:
        error = error_text(exc)
    data.update(result=None, log_hash="", decisions=[], asked=[], error=error)
    code, out, _ = run(capsys, "replay", "--quiet", _write(tmp_path, data))
    assert code == 0 and "replay OK: the game fails as recorded" in out


@pytest.mark.parametrize("field,value,words", [
    ("seed", 2**64, "seed"), ("seed", -1, "seed"), ("max_turns", 0, "max_turns"),
    ("policy_seeds", [0, 2**64], "policy seed"),
])
def test_replay_numbers_are_range_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          field: str, value: object, words: str) -> None:
    data = _recorded(tmp_path, capsys)
    data[field] = value
    path = _write(tmp_path, data)
    code, out, err = run(capsys, "replay", "--quiet", path)
    assert code == 2 and "replay OK" not in out
    line = one_error_line(err)
    assert path in line and words in line


# --------------------------------------------------------------------------- card files

BEAR = """name = "Big Bear"
mana_cost = "{1}{G}"
types = ["creature"]
subtypes = ["Bear"]
power = POWER
toughness = 2
"""


@pytest.mark.parametrize("power", [str(10**30), str(2**63), str(-(2**40))])
def test_a_huge_number_in_a_card_file_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], power: str) -> None:
    path = tmp_path / "big_bear.toml"
    path.write_text(BEAR.replace("POWER", power))
    code, _, err = run(capsys, "cards", "list", "--cards", str(path))
    assert code == 2
    line = one_error_line(err)
    assert f"{path}:5:" in line and "power" in line


def test_a_deeply_nested_card_file_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.toml"
    path.write_text('name = "Deep"\nmana_cost = "{1}"\ntypes = ["artifact"]\n'
                    + "text = " + "[" * 5000 + "]" * 5000 + "\n")
    code, _, err = run(capsys, "cards", "list", "--cards", str(path))
    assert code == 2
    line = one_error_line(err)
    assert f"{path}:4:" in line and "nested" in line


# --------------------------------------------------------------------------- swiss


def test_swiss_shares_whose_sum_overflows_are_relative(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shares are relative: 1e308 and 1e308 are an even split, as 1 and 1 are (their sum
    overflows to infinity, which once seated no one)."""
    argv = ["swiss", "--decks", "gruul_stompy", "bogles", "--players", "4", "--rounds",
            "1", "--top", "2", "--best-of", "1", "--executor", "serial", "--json",
            "--quiet", "--shares"]
    code, out, err = run(capsys, *argv, "1e308", "1e308", "--out", str(tmp_path / "a"))
    assert code == 0, err
    seats = {d["deck"]: d["seats"] for d in json.loads(out)["deck_summary"]}
    assert seats == {"gruul_stompy": 2, "bogles": 2}


@pytest.mark.parametrize("shares", [["0", "0"], ["1", "nan"], ["1", "inf"], ["1"]])
def test_a_refused_swiss_leaves_the_folder_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], shares: list[str]) -> None:
    out = tmp_path / "s"
    argv = ["swiss", "--decks", "gruul_stompy", "bogles", "--players", "4", "--rounds",
            "1", "--top", "2", "--executor", "serial", "--quiet", "--out", str(out),
            "--shares", *shares]
    code, _, err = run(capsys, *argv)
    assert code == 2 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith(("mtgsim: error:", "mtgsim swiss: error:"))
    assert not out.exists()
    out.mkdir()
    assert run(capsys, *argv)[0] == 2
    assert list(out.iterdir()) == []


# --------------------------------------------------------------------------- smaller ones


def test_a_megabyte_deck_line_is_not_echoed_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.txt"
    path.write_text("4 Grizzly Bears\n" + "x" * 1_000_000 + "\n")
    code, _, err = run(capsys, "deck", "check", str(path))
    assert code == 2
    line = one_error_line(err)
    assert f"{path}:2:" in line and len(line) < 400


def test_a_megabyte_card_name_is_not_echoed_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.txt"
    path.write_text("4 " + "Grizzly Bears" * 80_000 + "\n")
    code, _, err = run(capsys, "deck", "check", str(path))
    assert code == 2
    line = one_error_line(err)
    assert f"{path}:1: unknown card" in line and len(line) < 400


@pytest.mark.parametrize("command", [
    ["deck", "check", "FIFO"], ["play", "FIFO", "bogles", "--quiet"],
    ["cards", "list", "--cards", "FIFO"], ["replay", "FIFO"], ["scenario", "FIFO"],
])
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         command: list[str]) -> None:
    """A named pipe nobody writes to would block the read forever: refused at once
    (the test would hang on the old code; pytest's own timeout is not relied on)."""
    import os
    import threading

    fifo = tmp_path / ("pipe.toml" if command[0] in ("cards", "scenario") else "pipe.txt")
    os.mkfifo(fifo)
    argv = [str(fifo) if a == "FIFO" else a for a in command]
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():  # unblock the reader, then fail
        with open(fifo, "w"):
            pass
        worker.join(10)
        pytest.fail(f"{' '.join(command)} waited on a FIFO")
    assert result == [2]
    line = one_error_line(capsys.readouterr().err)
    assert str(fifo) in line and "not a regular file" in line


@pytest.mark.parametrize("spec", ["search:ms=1e300", "search:ms=600001"])
def test_search_time_budgets_have_an_upper_bound(capsys: pytest.CaptureFixture[str],
                                                 spec: str) -> None:
    code, _, err = run(capsys, "play", "gruul_stompy", "bogles", "--policy-a", spec)
    assert code == 2
    line = one_error_line(err)
    assert "ms" in line and "600000" in line


def test_a_scenario_with_an_unattached_aura_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "aura.toml"
    path.write_text('name = "loose aura"\n[setup]\nturn = 3\nactive = "A"\n'
                    'step = "main1"\n[setup.A]\nbattlefield = ["Pacifism"]\n'
                    '[setup.B]\nbattlefield = ["Grizzly Bears"]\n'
                    '[[expect.permanents]]\ncard = "Grizzly Bears"\n')
    code, out, _ = run(capsys, "scenario", str(path))
    assert code == 1
    assert out.startswith(f"FAIL {path}") and "Pacifism" in out and "attached" in out


@pytest.mark.parametrize("uri", ["gs://", "s3://", "file://"])
def test_an_output_uri_naming_no_folder_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], uri: str) -> None:
    """``gs://`` alone passed for a folder and raised ArrowInvalid from the lock (found by
    scripts/hostile_sweep.py)."""
    code, _, err = run(capsys, "gauntlet", "gruul_stompy", "bogles", "--games", "2",
                       "--executor", "serial", "--quiet", "--out", uri)
    assert code == 2
    line = one_error_line(err)
    assert uri in line and "not a usable output URI" in line
