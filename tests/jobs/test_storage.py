"""``--out`` as a URI, against a real S3-compatible server, and ``--out`` under job
submission.

The server is moto's standalone HTTP server (``moto_server``, from the ``moto[server]``
dev dependency), started as its own process on 127.0.0.1 for this module and stopped
after it: pyarrow's own S3 client (the AWS SDK inside Arrow) talks to it over HTTP, as it
would to a cloud bucket; nothing in this process is mocked. Credentials, region and the
endpoint are given explicitly, and the SDK's instance-metadata lookup is turned off, so
no request leaves the machine.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import mtgsim
from mtgsim.pipelines.cli import main
from mtgsim.results.storage import RAY_JOB_ENV, OutputError, resolve_out

BUCKET = "mtgsim-test"
DECKS = ["gruul_stompy", "azorius_skies", "bogles"]
AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def s3() -> Iterator[str]:
    """The endpoint (host:port) of a moto S3 server with an empty bucket."""
    server = Path(sys.executable).parent / "moto_server"
    port = _free_port()
    proc = subprocess.Popen([str(server), "-H", "127.0.0.1", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("moto_server did not start") from None
                time.sleep(0.2)
        old = {k: os.environ.get(k) for k in AWS}
        os.environ.update(AWS)
        from pyarrow import fs

        endpoint = f"127.0.0.1:{port}"
        fs.S3FileSystem(endpoint_override=endpoint, scheme="http", region="us-east-1",
                        access_key="testing", secret_key="testing",
                        allow_bucket_creation=True).create_dir(BUCKET)
        yield endpoint
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def uri(endpoint: str, prefix: str) -> str:
    return (f"s3://{BUCKET}/{prefix}?endpoint_override={endpoint}&scheme=http"
            "&region=us-east-1")


def remote_files(endpoint: str, prefix: str) -> list[str]:
    out = resolve_out(uri(endpoint, prefix))
    try:
        return sorted(out.remote_files())
    finally:
        out.close()


def gauntlet(out: str, *extra: str) -> int:
    return main(["gauntlet", *DECKS, "--games", "4", "--seed", "9", "--executor", "serial",
                 "--unit-size", "2", "--rows-per-file", "2", "--quiet", "--out", out, *extra])


def rows(results: mtgsim.Results) -> list[tuple[str, ...]]:
    keys = ["deck_a", "deck_b", "game", "seed", "winner", "turns", "decisions"]
    return sorted(tuple(str(v) for v in r.values())
                  for r in results.table.select(keys).to_pylist())


@pytest.fixture(scope="module")
def local_rows(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, ...]]:
    out = tmp_path_factory.mktemp("local") / "g"
    assert gauntlet(str(out)) == 0
    return rows(mtgsim.read_results(out))


def test_a_job_writes_to_s3(s3: str, local_rows: list[tuple[str, ...]],
                            capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "jobs/g1")
    assert gauntlet(target) == 0
    out = capsys.readouterr().out
    assert f"results: {target}/games" in out and "mtgsim-out-" not in out
    files = remote_files(s3, "jobs/g1")
    assert "manifest.json" in files and "matchups.parquet" in files
    parts = [f for f in files if f.startswith("games/job=") and f.endswith(".parquet")]
    assert len(parts) == 6  # 3 matchups x 4 games, 2 games per file
    assert not any(f.startswith("_staging") for f in files)
    assert rows(mtgsim.read_results(target)) == local_rows
    assert mtgsim.read_results(target).matchups().num_rows == 3


def test_a_used_s3_folder_needs_resume_and_resume_fills_it(
        s3: str, local_rows: list[tuple[str, ...]], capsys: pytest.CaptureFixture[str]
) -> None:
    target = uri(s3, "jobs/g2")
    assert gauntlet(target) == 0
    capsys.readouterr()
    assert gauntlet(target) == 2
    assert "is not empty (use --resume" in capsys.readouterr().err
    # a lost file: the resumed job plays exactly its games again, and nothing else
    out = resolve_out(target)
    lost = next(f for f in out.remote_files() if f.endswith(".parquet")
                and f.startswith("games/"))
    out.fs.delete_file(f"{out.path}/{lost}")
    out.close()
    assert len(remote_files(s3, "jobs/g2")) == 7
    assert gauntlet(target, "--resume") == 0
    assert lost in remote_files(s3, "jobs/g2")
    assert rows(mtgsim.read_results(target)) == local_rows


def test_report_of_an_s3_job(s3: str, capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "jobs/g3")
    assert gauntlet(target) == 0
    assert main(["report", target]) == 0
    assert f"report: {target}/report/index.html" in capsys.readouterr().out
    assert "report/index.html" in remote_files(s3, "jobs/g3")


def test_the_api_writes_to_s3(s3: str, local_rows: list[tuple[str, ...]]) -> None:
    target = uri(s3, "api/g4")
    results = mtgsim.gauntlet(DECKS, games=4, seed=9, out=target, unit_size=2)
    assert rows(results) == local_rows
    assert "manifest.json" in remote_files(s3, "api/g4")


def test_file_uris_are_local_folders(tmp_path: Path,
                                     local_rows: list[tuple[str, ...]]) -> None:
    target = f"file://{tmp_path}/g"
    assert gauntlet(target) == 0
    assert (tmp_path / "g" / "manifest.json").is_file()
    assert rows(mtgsim.read_results(target)) == local_rows


def test_an_unusable_uri_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert gauntlet("hdfs://localhost:1/nowhere") == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: hdfs://localhost:1/nowhere: not a usable output "
                          "URI") and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- job submission


def test_a_relative_out_is_refused_under_ray_job_submit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(RAY_JOB_ENV, '{"runtime_env": {"working_dir": "gcs://_ray_pkg_x.zip"}}')
    assert gauntlet("out/g1") == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: --out 'out/g1' is relative, and under 'ray job "
                          "submit'")
    assert not (tmp_path / "out").exists()
    assert gauntlet(str(tmp_path / "abs")) == 0  # an absolute path is fine
    assert (tmp_path / "abs" / "manifest.json").is_file()


def test_a_relative_out_is_the_working_directory_otherwise(tmp_path: Path) -> None:
    out = resolve_out("out/g1", environ={}, cwd=tmp_path)
    assert out.local == tmp_path / "out" / "g1" and not out.remote
    with pytest.raises(OutputError, match="relative"):
        resolve_out("out/g1", environ={RAY_JOB_ENV: "{}"}, cwd=tmp_path)
