"""Tests for the ``mtgsim`` command line (pipelines.cli)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgsim.pipelines.cli import main
from mtgsim.pipelines.runner import DECKS_DIR, REPO_ROOT, resolve_deck_path

GRUUL = str(DECKS_DIR / "gruul_stompy.txt")
AZORIUS = str(DECKS_DIR / "azorius_skies.txt")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def record(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int = 3) -> Path:
    path = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", GRUUL, AZORIUS, "--seed", str(seed), "--quiet",
                     "--replay", str(path))
    assert code == 0
    return path


# --------------------------------------------------------------------------- general


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("mtgsim ")


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["replay", "--help"],
                                  ["batch", "--help"], ["bench", "--help"]])
def test_help_everywhere(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "usage: mtgsim" in out


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert "usage:" in err


def test_bare_deck_name_resolves_to_bundled_deck() -> None:
    assert resolve_deck_path("gruul_stompy") == DECKS_DIR / "gruul_stompy.txt"
    assert resolve_deck_path("no_such_deck") == Path("no_such_deck")


# --------------------------------------------------------------------------- play


def test_play_prints_log_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "gruul_stompy", "azorius_skies", "--seed", "5")
    assert code == 0, err
    assert "Turn 1 (player A)" in out
    assert "Turn 2 (player B)" in out
    assert "  A plays " in out or "  B plays " in out
    assert "  Life: A " in out
    last = out.strip().splitlines()[-1]
    assert last.startswith(("Winner: A (Gruul Stompy)", "Winner: B (Azorius Skies)",
                            "Result: draw"))
    assert "reason: " in last and "turns: " in last


def test_play_quiet_prints_only_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", GRUUL, AZORIUS, "--seed", "5", "--quiet")
    assert code == 0
    assert len(out.strip().splitlines()) == 1


def test_play_random_policies(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", GRUUL, AZORIUS, "--seed", "2", "--policy-a", "random",
                       "--policy-b", "random", "--max-turns", "8", "--quiet")
    assert code == 0
    assert "turns: " in out


# --------------------------------------------------------------------------- replay


def test_replay_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, capsys)
    data = json.loads(path.read_text())
    assert data["format"] == "mtgsim-replay" and data["version"] == 2
    assert len(data["asked"]) == len(data["decisions"])
    assert [len(d["cards"]) for d in data["decks"]] == [60, 60]
    assert data["decisions"] and len(data["log_hash"]) == 64
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "Turn 1 (player A)" in out
    assert out.strip().splitlines()[-1] == "replay OK"


def test_tampered_replay_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, capsys)
    data = json.loads(path.read_text())
    # The first decision is player A's keep (0) / mulligan (1): flipping it changes the log.
    assert data["decisions"][0] in (0, 1)
    data["decisions"][0] = 1 - data["decisions"][0]
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", "--quiet", str(path))
    assert code == 1
    assert "replay mismatch" in err
    assert "replay OK" not in out


def test_truncated_replay_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, capsys)
    data = json.loads(path.read_text())
    data["decisions"] = data["decisions"][:-1]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", "--quiet", str(path))
    assert code == 1
    assert "replay mismatch" in err


def test_replay_warns_on_card_data_change(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, capsys)
    data = json.loads(path.read_text())
    data["card_data_hash"] = "0" * 16
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", "--quiet", str(path))
    assert code == 0
    assert "warning: card data differs" in err
    assert "replay OK" in out


@pytest.mark.parametrize("content", ["not json", "{}", '{"format": "other"}'])
def test_bad_replay_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert err.startswith("mtgsim: error: ")
    assert "bad.json" in err
    assert "Traceback" not in err


def test_missing_replay_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "absent.json"))
    assert code == 2
    assert "absent.json" in err


# --------------------------------------------------------------------------- batch, bench


def test_batch_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "batch", "gruul_stompy", "azorius_skies", "--games", "4")
    assert code == 0
    assert "4 games" in out
    assert "gruul_stompy" in out and "azorius_skies" in out
    assert "games/s" in out


def test_batch_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "batch", GRUUL, AZORIUS, "--games", "6", "--seed", "4",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6
    a, b = data["decks"]
    assert a["wins"] + b["wins"] + data["draws"] == 6
    # Decks alternate on the play: each is on the play in half of the games.
    assert a["on_play"]["games"] == b["on_play"]["games"] == 3
    assert a["on_play"]["wins"] + a["on_draw"]["wins"] == a["wins"]
    assert sum(data["reasons"].values()) == 6
    assert data["mean_turns"] > 0 and data["games_per_second"] > 0


def test_batch_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    results = []
    for _ in range(2):
        code, out, _ = run(capsys, "batch", GRUUL, AZORIUS, "--games", "4", "--seed", "9",
                           "--json")
        assert code == 0
        data = json.loads(out)
        results.append((data["decks"], data["draws"], data["mean_turns"]))
    assert results[0] == results[1]


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--games", "5", "--json")
    assert code == 0
    data = json.loads(out)  # exactly one JSON object, nothing else on stdout
    assert data["games"] == 5
    assert data["games_per_second"] > 0
    assert data["seconds"] > 0
    assert data["turns_per_game"] > 0 and data["decisions_per_game"] > 0
    assert data["policy"] == "heuristic"


def test_bench_policy_random(capsys: pytest.CaptureFixture[str]) -> None:
    """``--policy`` names who plays both sides: random games are other games (more
    decisions than the heuristic's on the same seeds)."""
    code, out, _ = run(capsys, "bench", "--games", "4", "--json")
    assert code == 0
    heuristic = json.loads(out)
    code, out, _ = run(capsys, "bench", "--games", "4", "--json", "--policy", "random")
    assert code == 0
    data = json.loads(out)
    assert data["policy"] == "random" and data["games"] == 4
    assert data["decisions_per_game"] != heuristic["decisions_per_game"]
    code, out, _ = run(capsys, "bench", "--games", "4", "--policy", "random")
    assert code == 0 and "random vs random" in out


def test_bench_bad_policy_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench", "--games", "4", "--policy", "nobody")
    assert code == 2 and out == ""
    assert err.startswith("mtgsim: error: --policy: ") and "nobody" in err


# --------------------------------------------------------------------------- input errors


def test_missing_deck_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.txt"
    code, out, err = run(capsys, "play", str(missing), AZORIUS)
    assert code == 2
    assert err.startswith("mtgsim: error: ")
    assert "nowhere.txt" in err
    assert "Traceback" not in err
    assert out == ""


def test_unknown_card_exits_2_naming_file_and_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "typo.txt"
    deck.write_text("# a deck with a typo\n4 Lightning Boltz\n56 Mountain\n")
    code, _, err = run(capsys, "batch", str(deck), AZORIUS, "--games", "1")
    assert code == 2
    assert f"{deck}:2:" in err
    assert "Lightning Boltz" in err


def test_bad_card_data_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.toml").write_text('[[card]]\nname = "X"\ntypes = ["creature"]\n'
                                          'power = "two"\n')
    code, _, err = run(capsys, "play", GRUUL, AZORIUS, "--card-data", str(tmp_path))
    assert code == 2
    assert err.startswith("mtgsim: error: ")
    assert "broken.toml" in err


def test_bad_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "batch", GRUUL, AZORIUS, "--games", "0")
    assert code == 2
    assert "--games" in err


# --------------------------------------------------------------------------- determinism


def test_play_is_deterministic_across_processes(tmp_path: Path) -> None:
    """Two interpreters (with different hash seeds) record the same game."""
    replays = []
    for i in range(2):
        path = tmp_path / f"game{i}.json"
        env = {**os.environ, "PYTHONHASHSEED": str(i + 1)}
        proc = subprocess.run(
            [sys.executable, "-m", "mtgsim.pipelines.cli", "play", "gruul_stompy", "azorius_skies",
             "--seed", "11", "--quiet", "--replay", str(path)],
            cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        replays.append(json.loads(path.read_text()))
    first, second = replays
    assert first["log_hash"] == second["log_hash"]
    assert first["decisions"] == second["decisions"]
    assert first["result"] == second["result"]


# Many games in one process, as a batch job plays them: whatever memory addresses or hash
# order earlier games leave behind must not reach a later game's decisions.
_BATCH_SCRIPT = """
import hashlib
from mtgsim.pipelines.runner import load_card_pool, load_main_deck, play_seeded
pool = load_card_pool()
decks = [load_main_deck(n, pool) for n in
         ("selesnya_convoke", "jund_devour", "rakdos_unearth", "shadowmoor_wither",
          "bogles", "gruul_stompy")]
h = hashlib.sha256()
for a in range(len(decks)):
    for b in range(a + 1, len(decks)):
        for i in range(8):
            pair = (decks[a], decks[b]) if i % 2 == 0 else (decks[b], decks[a])
            state = play_seeded(pair, ["heuristic", "heuristic"], 7000 + i)
            h.update(repr((state.result, [p.life for p in state.players],
                           state.actions_taken)).encode())
print(h.hexdigest())
"""


def test_batches_are_deterministic_across_processes() -> None:
    """120 games in a row in two interpreters with different hash seeds: the same
    results, life totals and numbers of decisions (no recording, which would change what
    is allocated). (The heuristic once keyed its target count on ``id()`` of the
    asking task, which a later task could reuse.)"""
    digests = []
    for hash_seed in ("1", "11"):
        proc = subprocess.run(
            [sys.executable, "-c", _BATCH_SCRIPT], cwd=REPO_ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True, text=True, timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        digests.append(proc.stdout.strip())
    assert digests[0] == digests[1]
