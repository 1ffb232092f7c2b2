"""The hand-written pool as the compiler's test (engine.cards.oracle.compare,
scripts/oracle_pool.py): the bundled cards taken from the compiler, the ones that stay
hand-written with a reason each, the comparison itself, and the corpus's digest."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import msgspec

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.check import DEFAULT_REFERENCE
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compare import compare, normalised
from mtgsim.engine.cards.pool import (
    DATA_DIR,
    CardDataError,
    card_files,
    compile_card,
    compiled_names,
    load_pool,
    parse_cards,
    read_card_file,
)

ROOT = Path(__file__).resolve().parents[2]
HANDWRITTEN = ROOT / "engine" / "cards" / "oracle" / "HANDWRITTEN.md"
POOL = load_pool()


def _written() -> dict[str, CardDef]:
    return {d.name: d for f in card_files(DATA_DIR)
            for d in parse_cards(read_card_file(f), str(f))}


def test_the_compiled_bundled_cards_are_in_the_pool_and_in_no_file() -> None:
    listed = compiled_names(DATA_DIR)
    assert len(listed) == len(set(listed)) > 300
    assert not set(listed) & set(_written())
    for name in listed:
        assert name in POOL
        rec = corpus.lookup(name)
        assert rec is not None and rec.name == name


def test_the_compiled_bundled_cards_are_still_their_hand_written_definitions() -> None:
    """tests/data/compiled_pool.json holds the hand-written definitions (normalised:
    engine.cards.oracle.compare) of the cards compiled.txt took from the compiler, as
    their deleted files had them: a change of the compiler that changes one of them
    fails here, before any game."""
    snapshot = json.loads((ROOT / "tests" / "data" / "compiled_pool.json").read_text())
    assert sorted(snapshot) == sorted(compiled_names(DATA_DIR))
    differ = [n for n in snapshot if json.loads(json.dumps(normalised(POOL[n].defn)))
              != snapshot[n]]
    assert not differ, differ[:10]


def test_at_least_nine_in_ten_reference_cards_reproduce() -> None:
    """Of the 314 reference cards, those taken from the compiler (their hand-written
    definitions were equal, and played the same: see compiled.txt's history) and those
    still written whose compiled definition is equal."""
    ref = [json.loads(line)["name"] for line in DEFAULT_REFERENCE.read_text().splitlines()]
    written = _written()
    listed = set(compiled_names(DATA_DIR))
    same = [n for n in ref if n in listed or (
        n in written and compare(written[n], corpus.lookup(n), compile_card).outcome == "same")]
    assert len(ref) == 314
    assert len(same) >= 0.9 * len(ref)


def test_every_card_that_stays_written_has_its_reason() -> None:
    lines = [ln for ln in HANDWRITTEN.read_text().splitlines() if ln.startswith("- ")]
    listed = {ln[2:].split(": ", 1)[0]: ln for ln in lines}
    assert sorted(listed) == sorted(_written())
    for name, d in _written().items():
        got = compare(d, corpus.lookup(name), compile_card)
        reason = listed[name]
        if got.outcome == "same":
            assert "kept as the example card file" in reason
        else:
            assert f"{got.outcome}: {got.detail}" in reason


def test_the_comparison_leaves_out_only_what_does_not_change_play() -> None:
    bolt = POOL["Lightning Bolt"].defn
    assert compare(bolt, corpus.lookup("Lightning Bolt"), compile_card).outcome == "same"
    other = msgspec.structs.replace(bolt, text="anything", keywords=())
    assert normalised(other) == normalised(bolt)
    more = msgspec.json.decode(msgspec.json.encode(bolt).replace(b'"amount":3', b'"amount":4'),
                               type=CardDef)
    got = compare(more, corpus.lookup("Lightning Bolt"), compile_card)
    assert got.outcome == "differs"
    assert re.search(r"amount: hand-written 4, compiled 3", got.detail)


def test_a_card_both_listed_and_written_is_an_error(tmp_path: Path) -> None:
    import shutil

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "compiled.txt").write_text("# two\nLightning Bolt\n")
    try:
        load_pool(str(data))
    except CardDataError as exc:
        assert "compiled.txt: card 'Lightning Bolt' is also in a card file" in str(exc)
    else:
        raise AssertionError("no error")


def test_the_corpus_digest_is_the_corpus_files() -> None:
    digest = hashlib.sha256(corpus.CORPUS.read_bytes()).hexdigest()
    assert corpus.DIGEST.read_text().strip() == digest
    assert corpus.corpus_digest() == digest[:16]
