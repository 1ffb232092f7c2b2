"""A real S3-compatible server for the tests of ``--out s3://...``: moto's standalone
HTTP server (``moto_server``, from the ``moto[server]`` dev dependency), started as its own
process on 127.0.0.1 and stopped after. pyarrow's own S3 client (the AWS SDK inside
Arrow) talks to it over HTTP, as it would to a cloud bucket; nothing in the test process
is mocked. Credentials, region and the endpoint are given explicitly, and the SDK's
instance-metadata lookup is turned off, so no request leaves the machine."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

BUCKET = "mtgsim-test"
AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def moto_s3() -> Iterator[str]:
    """The endpoint (host:port) of a moto S3 server with an empty bucket ``BUCKET``,
    with the ``AWS_*`` variables set while it runs."""
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
        try:
            yield endpoint
        finally:
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
    """The ``--out`` URI of folder ``prefix`` of the bucket."""
    return (f"s3://{BUCKET}/{prefix}?endpoint_override={endpoint}&scheme=http"
            "&region=us-east-1")
