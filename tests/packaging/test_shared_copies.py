"""The repository carries its own copies of what its tests need from ``../shared`` (the
specification folder beside the checkout), so a clone with nothing beside it is complete.

Each copy must stay byte-for-byte equal to the specification while ``../shared`` is there;
a clone without it (a fresh checkout elsewhere, an installed wheel's test run) skips only
that comparison and still tests against the copies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.check import DEFAULT_REFERENCE
from mtgsim.engine.cards.oracle.corpus import CORPUS

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CONFORMANCE = ROOT / "tests" / "data" / "shared" / "conformance"

# (the copy in this repository, the file it copies under ../shared)
COPIES: list[tuple[Path, str]] = [
    (DEFAULT_REFERENCE, "cards/oracle.jsonl"),
    (DEFAULT_REFERENCE.parent / "README.md", "cards/README.md"),
    (CONFORMANCE / "FORMAT.md", "conformance/FORMAT.md"),
    (CORPUS, "oracle/oracle-corpus.jsonl.gz"),
    (CORPUS.parent / "CORPUS.md", "oracle/README.md"),
    *[(p, f"conformance/examples/{p.name}")
      for p in sorted((CONFORMANCE / "examples").glob("*.toml"))],
]


def test_the_copies_are_there() -> None:
    assert DEFAULT_REFERENCE.is_file()
    assert len(list((CONFORMANCE / "examples").glob("*.toml"))) == 8
    for copy, _ in COPIES:
        assert copy.is_file() and copy.stat().st_size > 0, copy


@pytest.mark.parametrize(("copy", "original"), COPIES, ids=[o for _, o in COPIES])
def test_a_copy_equals_the_specification(copy: Path, original: str) -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (a clone with nothing beside it): the copy in "
                    "the repository is used as it is")
    spec = SHARED / original
    assert spec.is_file(), f"{spec} is gone from the specification; remove {copy} too"
    assert copy.read_bytes() == spec.read_bytes(), (
        f"{copy.relative_to(ROOT) if copy.is_relative_to(ROOT) else copy} differs from "
        f"{spec}: copy the specification's version in")


def test_the_deck_list_sample_is_shared_lists() -> None:
    """tests/data/decklists-sample.jsonl (the coverage command's test) is a few whole
    lines of shared/decklists, not a copy of the file."""
    import gzip

    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (a clone with nothing beside it)")
    shared = SHARED / "decklists" / "decklists-2026-04-06.jsonl.gz"
    lines = set(gzip.decompress(shared.read_bytes()).decode().splitlines())
    sample = (ROOT / "tests" / "data" / "decklists-sample.jsonl").read_text().splitlines()
    assert sample and set(sample) <= lines


def test_the_fuzz_pauper_cards_are_the_training_lists_cards() -> None:
    """pipelines/pauper_cards.txt (what ``mtgsim fuzz --format pauper`` draws from) is
    what scripts/pauper_cards.py makes of the Pauper training lists."""
    import subprocess
    import sys

    from mtgsim.pipelines.fuzz import PAUPER_CARDS, format_names

    names = format_names("pauper")
    assert len(names) > 500 and len(set(names)) == len(names) and "Island" in names
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (a clone with nothing beside it)")
    lists = SHARED / "decklists" / "decklists-2026-04-06.jsonl.gz"
    made = subprocess.run([sys.executable, str(ROOT / "scripts" / "pauper_cards.py"),
                           str(lists)], capture_output=True, check=True).stdout
    assert PAUPER_CARDS.read_bytes() == made, (
        "pipelines/pauper_cards.txt differs from the training lists' cards: run "
        "scripts/pauper_cards.py LISTS > pipelines/pauper_cards.txt")


def test_every_specification_example_is_copied() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (a clone with nothing beside it)")
    ours = {p.name for p in (CONFORMANCE / "examples").glob("*.toml")}
    theirs = {p.name for p in (SHARED / "conformance" / "examples").glob("*.toml")}
    assert ours == theirs


def test_nothing_else_reads_the_specification_folder() -> None:
    """Tests and code read the repository's copies: only this module looks beside the
    checkout, so a clone with nothing beside it runs everything."""
    import re

    beside = re.compile(r"""parent\s*/\s*["']shared["']|["']\.\./shared\b""")
    here = Path(__file__).resolve()
    offenders = []
    for folder in ("engine", "cluster", "pipelines", "results", "mtgsim", "tests", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() == here:
                continue
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if beside.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}")
    assert not offenders, "use the copies in engine/cards/reference or tests/data/shared:\n" + \
        "\n".join(offenders)
