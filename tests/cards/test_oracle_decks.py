"""Decks of real cards: a card the card files lack comes from the compiler with no flag
(engine.decklists.corpus, pipelines.runner.load_decks), every card that cannot be played
is named at once, "did you mean" only for close spellings, the disk cache is never needed
and a broken one is rebuilt; and ``mtgsim cards coverage``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgsim.engine.cards.oracle import cache, corpus
from mtgsim.engine.cards.oracle.library import Found, Missing, resolve, suggest
from mtgsim.engine.cards.pool import CardSource, compile_card
from mtgsim.engine.cards.spelling import close_names
from mtgsim.engine.decklists.deck import DeckError
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.runner import load_decks, play_seeded

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "decklists-sample.jsonl"
# real cards none of whose files is bundled: each compiles from its Oracle text
RED = ("4 Shivan Dragon\n4 Siege-Gang Commander\n4 Furnace Whelp\n4 Vithian Stinger\n"
       "4 Raging Goblin\n4 Shock\n4 Sift\n4 Hill Giant\n4 Goblin Guide\n4 Lightning Bolt\n"
       "20 Mountain\n")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGSIM_CACHE_DIR", str(tmp_path / "cache"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def deck(tmp_path: Path, text: str, name: str = "red.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_deck_of_corpus_cards_loads_and_plays(tmp_path: Path) -> None:
    source, decks = load_decks(CardSource(), [deck(tmp_path, RED), "gruul_stompy"])
    assert "Shivan Dragon" in source.corpus and "Lightning Bolt" not in source.corpus
    assert source.hash() != CardSource().hash()
    state = play_seeded(decks, ["heuristic", "heuristic"], 3)
    assert state.result is not None
    assert [c.name for c in decks[0].cards].count("Shivan Dragon") == 4


def test_the_bundled_decks_need_no_corpus_card() -> None:
    source, _ = load_decks(CardSource(), ["gruul_stompy", "azorius_skies"])
    assert source == CardSource()


def test_a_replay_of_a_corpus_deck_reproduces(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "r.json"
    code, _, _ = run(capsys, "play", deck(tmp_path, RED), "gruul_stompy", "--seed", "5",
                     "--quiet", "--replay", str(replay))
    assert code == 0
    code, out, _ = run(capsys, "replay", str(replay), "--quiet")
    assert code == 0 and "replay OK" in out


def test_a_job_plays_a_corpus_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The job's workers build their pool from the command's card source, which holds
    the corpus cards the decks need."""
    code, out, err = run(capsys, "gauntlet", deck(tmp_path, RED), "gruul_stompy", "--games",
                         "2", "--out", str(tmp_path / "job"), "--executor", "serial",
                         "--quiet")
    assert code == 0, err
    assert "red " in out and "gruul_stompy" in out


def test_every_card_that_cannot_be_played_is_named_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RED + "4 Lightning Blot\n4 Brazen Borrower\n4 Dragon Lord Supreme\n4 Scry Pirate\n"
    path = deck(tmp_path, text)
    with pytest.raises(DeckError) as exc:
        load_decks(CardSource(), [path])
    msg = exc.value.message
    assert exc.value.line == 12
    assert msg.startswith("4 cards of this list cannot be played: ")
    assert "unknown card 'Lightning Blot' (line 12; not in the corpus; did you mean " \
           "'Lightning Blow' or 'Lightning Bolt'?)" in msg
    assert "'Brazen Borrower // Petty Theft' (line 13) cannot be played: " \
           "adventure layout" in msg
    assert "unknown card 'Dragon Lord Supreme' (line 14; not in the corpus)" in msg
    assert "--cards FILE (docs/cards.md)" in msg
    code, out, err = run(capsys, "play", path, "gruul_stompy")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mtgsim: error: {path}:12: 4 cards of this list")


def test_a_card_the_compiler_refuses_names_its_clause(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as exc:
        load_decks(CardSource(), [deck(tmp_path, RED.replace("4 Sift\n",
                                                             "4 Growth Spiral\n"))])
    assert exc.value.message.startswith("'Growth Spiral' cannot be played: \"You may put a "
                                        "land card from your hand onto the battlefield\" "
                                        "not understood")


@pytest.mark.parametrize(("written", "meant"), [
    ("Lightning Bolt", ""), ("Counterspel", "Counterspell"), ("Llanowar Elfs", "Llanowar Elves"),
    ("Serra Angle", "Serra Angel"), ("Shivan Dragn", "Shivan Dragon"),
    ("Golgari Grave Troll", "Golgari Grave-Troll"), ("Sige-Gang Commander", "Siege-Gang Commander"),
    ("Lightning Blot", "Lightning Blow' or 'Lightning Bolt"), ("Tarmogoif", "Tarmogoyf"),
    ("Birds of Paradice", "Birds of Paradise"), ("Islnd", "Island"),
])
def test_did_you_mean_for_real_misspellings(written: str, meant: str) -> None:
    if not meant:  # spelt right: found, nothing to suggest
        assert isinstance(resolve([written], compile_card)[written], Found)
        return
    assert suggest(written) == meant


@pytest.mark.parametrize("written", ["Dragon Lord Supreme", "Bob", "Xyzzy", "Totally Made Up",
                                     "Green Deck", "Counter", "Islander Brushwood",
                                     "Mountain Dew", "Red Deck Wins", "Sideboard"])
def test_no_did_you_mean_for_unrelated_names(written: str) -> None:
    got = resolve([written], compile_card)[written]
    assert isinstance(got, Missing) and not got.in_corpus
    assert got.suggestion == ""


def test_a_swap_of_two_letters_is_one_edit() -> None:
    """"Blot" for "Bolt" is one slip, so it is as close as one wrong letter ("Blow")."""
    names = {"lightning bolt": "Lightning Bolt", "lightning blow": "Lightning Blow"}
    assert close_names("lightning blot", names) == ["Lightning Blow", "Lightning Bolt"]
    assert close_names("lightnign bolt", names) == ["Lightning Bolt"]


@pytest.mark.parametrize("written", ["Brushland", "Islands of Doom", "Forestwalker",
                                     "Mountaineer Troop", "Swamp Thing"])
def test_a_name_sharing_letters_with_a_basic_is_no_misspelling_of_it(written: str) -> None:
    """difflib's ratio put "Brushland" at 0.8 from "Island" and suggested it; an edit
    distance within the length's threshold does not."""
    basics = {n.lower(): n for n in ("Island", "Forest", "Mountain", "Swamp", "Plains")}
    assert close_names(written.lower(), basics) == []


def test_the_cache_is_used_and_a_broken_one_rebuilt(tmp_path: Path) -> None:
    got = resolve(["Shivan Dragon"], compile_card)["Shivan Dragon"]
    assert isinstance(got, Found)
    store = cache.open_cache()
    assert store.file is not None and store.file.is_file()
    assert store.get(corpus.fold("Shivan Dragon")) is not None
    store.file.write_bytes(b"\x00 not a cache")
    again = resolve(["Shivan Dragon"], compile_card)["Shivan Dragon"]
    assert again == got
    assert cache.open_cache().get(corpus.fold("Shivan Dragon")) is not None


def test_no_cache_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("MTGSIM_CACHE_DIR", str(blocked / "below"))  # cannot be made
    assert isinstance(resolve(["Serra Angel"], compile_card)["Serra Angel"], Found)


def test_a_cache_of_another_compiler_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    resolve(["Serra Angel"], compile_card)
    first = cache.open_cache().file
    monkeypatch.setattr(cache, "COMPILER_VERSION", cache.COMPILER_VERSION + 1)
    second = cache.open_cache()
    assert second.file != first and second.get(corpus.fold("Serra Angel")) is None


# --- coverage ------------------------------------------------------------------------------


def test_coverage_of_the_corpus_and_of_lists(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    mine = {"format": "pauper", "main": [["Shivan Dragon", 4], ["Mountain", 56]],
            "side": [["Shock", 4]]}
    lists = tmp_path / "lists.jsonl.gz"
    lists.write_bytes(gzip.compress(SAMPLE.read_bytes() + json.dumps(mine).encode() + b"\n"))
    code, out, _ = run(capsys, "cards", "coverage", "--decks", str(lists), "--json",
                       "--top", "5")
    assert code == 0
    report = json.loads(out)
    c = report["corpus"]
    assert c["cards"] == len(corpus.records()) and c["compiled"] >= 2500
    assert c["by_type"]["Creature"] > 1000 and c["by_layout"]["leveler"] > 10
    assert len(c["clauses"]) == 5 and c["clauses"][0]["unlocks"] >= c["clauses"][-1]["unlocks"]
    d = report["decks"]
    # mine, and one of the sample's own lists since the burn vocabulary (issue 36); one
    # more since collect evidence and bargain (Extract a Confession); ten once the
    # December families (costs, counters, initiative, sagas, spells) were merged; eleven
    # with "gain life equal to" and named modes (Union of the Third Path, Dawnbringer
    # Cleric); fourteen with bestow (three lists with Nyxborn Hydra); sixteen with Masked
    # Vandal's exile from the graveyard and Winding Way's chosen type (two Elves lists)
    assert d["lists"] == 28 and d["whole"] == 16 and d["by_format"]["pauper"]["whole"] == 16
    assert len(d["next_cards"]) == 5 and d["next_cards"][0]["lists_needing"] > 0
    code, out, _ = run(capsys, "cards", "coverage", "--decks", str(lists), "--format",
                       "legacy")
    assert code == 0 and "deck lists: 0 of 1 load whole" in out


def test_coverage_bad_input_is_one_line(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "pauper", "main": [["Shock", 4]]}\nnot json\n')
    code, out, err = run(capsys, "cards", "coverage", "--decks", str(bad))
    assert code == 2 and err.startswith(f"mtgsim: error: {bad}:2: not a deck list")
    assert err.count("\n") == 1
    code, _, err = run(capsys, "cards", "coverage", "--decks", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "cards", "list", "--decks", str(bad))
    assert code == 2 and "go with 'cards coverage'" in err


# a deck of double-faced cards and the monarch, written both ways a list names a
# transforming double-faced card (its front face, or "Front // Back")
DELVER = ("4 Delver of Secrets\n4 Thraben Sentry // Thraben Militia\n4 Thorn of the Black "
          "Rose\n4 Palace Sentinels\n4 Lightning Bolt\n4 Shrivel\n4 Grizzly Bears\n"
          "12 Island\n10 Plains\n10 Swamp\n")


def test_a_deck_of_double_faced_and_monarch_cards_loads_and_plays(tmp_path: Path) -> None:
    source, decks = load_decks(CardSource(), [deck(tmp_path, DELVER, "delver.txt"),
                                              "gruul_stompy"])
    assert {"Delver of Secrets", "Thraben Sentry", "Thorn of the Black Rose"} <= set(
        source.corpus)
    names = [c.name for c in decks[0].cards]
    assert names.count("Thraben Sentry") == 4 and names.count("Delver of Secrets") == 4
    sentry = next(c for c in decks[0].cards if c.name == "Thraben Sentry")
    assert sentry.back is not None and sentry.back.name == "Thraben Militia"
    for seed in range(3):
        assert play_seeded(decks, ["heuristic", "random"], seed).result is not None


FACES = ("4 Tithing Blade // Consuming Sepulcher\n4 Lunarch Veteran\n4 The Modern Age\n"
         "4 Black Mage's Rod\n4 History of Benalia\n4 Summon: Choco/Mog\n4 Grizzly Bears\n"
         "4 Lightning Bolt\n8 Plains\n8 Swamp\n8 Island\n4 Mountain\n")


def test_a_deck_of_craft_disturb_saga_and_job_select_cards_loads_and_plays(
        tmp_path: Path) -> None:
    """The cards of issue 36's Sagas family (craft, disturb, Sagas, job select), compiled
    from the corpus as a job loads them, play games to the end with both policies."""
    source, decks = load_decks(CardSource(), [deck(tmp_path, FACES, "faces.txt"),
                                              "gruul_stompy"])
    assert {"Tithing Blade", "Lunarch Veteran", "The Modern Age", "Black Mage's Rod",
            "History of Benalia", "Summon: Choco/Mog"} <= set(source.corpus)
    blade = next(c for c in decks[0].cards if c.name == "Tithing Blade")
    assert blade.back is not None and blade.back.name == "Consuming Sepulcher"
    for seed in range(3):
        assert play_seeded(decks, ["heuristic", "random"], seed).result is not None
