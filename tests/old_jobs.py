"""A job folder as ``mtgsim-job/2`` wrote it, for the tests that read old datasets
(tests/jobs/test_job_policies.py reads its games, tests/results/test_bad_manifest.py its
bad manifests): no policy or thinking-time columns in the games, whose policies
``read_games`` takes from the manifest, and no ``deck_policies`` in the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq


def as_job_v2(folder: Path) -> None:
    """Rewrite the job in ``folder`` in place as ``mtgsim-job/2`` wrote it."""
    for path in (folder / "games").rglob("*.parquet"):
        t = pq.read_table(path)
        pq.write_table(t.drop_columns(["policy_a", "policy_b", "think_us_a", "think_us_b"]),
                       path)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["format"] = "mtgsim-job/2"
    del manifest["deck_policies"]
    (folder / "manifest.json").write_text(json.dumps(manifest))
