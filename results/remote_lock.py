"""The lock of a remote output folder (``s3://``, ``gs://``, ``hdfs://``): one job at a
time, taken where the results live.

A job with a remote ``--out`` writes to a local staging folder of its own, so the
``flock`` of ``results.lock`` there excludes nobody: two resumes of one ``s3://`` job ran
at once and wrote the same games twice. This lock lives in the remote folder itself, in
``.mtgsim-lock/``, and is taken with nothing but what every pyarrow filesystem offers
(write an object, list a folder, delete an object), so it works on any store whose
listing shows a completed write at once (S3 since 2020, GCS, HDFS, MinIO):

1. a contender writes its *claim* ``.mtgsim-lock/<random>.json`` (host, pid, process
   start, command without credentials, state ``asking``), then lists the folder;
2. a claim of another is *stale* when the store has not seen it renewed for ``lease``
   seconds (its modification time against that of the claim just written: the store's
   clock, never the machines'), or when it names this host and a process that is gone;
3. with no live claim but its own, the contender holds the lock: it deletes the stale
   claims, marks its own ``held`` and renews it every ``renew`` seconds from a thread;
   with a live ``held`` claim the folder is in use (one line naming the owner); with
   only live ``asking`` claims (another contender at the same moment) it deletes its
   own, waits a random moment and tries again.

Two contenders cannot both hold it: each lists after its own write, so the one that
lists second sees the first's claim, which is live (just written). A live job's claim is
never stale (it is renewed six times per lease); a job that could not renew for a whole
lease (a machine asleep) finds its claim gone or taken over at its next renewal and
stops uploading (``lost``), and the job's uploads check that first.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import socket
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

from mtgsim.results.lock import FolderLocked, _owner_alive, _start_time, describe

LOCK_DIR = ".mtgsim-lock"
LEASE = 60.0  # seconds without renewal after which a claim is stale
RENEW = 10.0  # seconds between renewals of the holder's claim
ATTEMPTS = 6  # tries when contenders meet (each waits a random moment)


@dataclass
class Claim:
    path: str
    info: dict[str, object]
    mtime: float | None  # seconds since the epoch, by the store's clock (None: unknown)


def _seconds(value: Any) -> float | None:
    if isinstance(value, dt.datetime):
        return value.timestamp()
    if isinstance(value, (int, float)):
        return float(value)
    return None


class RemoteLock:
    """``acquire()`` (or raise ``FolderLocked``) and ``release()`` the lock of the remote
    folder ``path`` of the pyarrow filesystem ``fs``; ``shown``: the folder as people see
    it (no credentials); ``command``: the command line to record, already redacted."""

    def __init__(self, fs: Any, path: str, shown: str, command: str, *,
                 lease: float = LEASE, renew: float = RENEW) -> None:
        self.fs = fs
        self.dir = f"{path.rstrip('/')}/{LOCK_DIR}"
        self.shown = shown
        self.command = command
        self.lease = lease
        self.renew = renew
        self.key = f"{self.dir}/{uuid.uuid4().hex}.json"
        self.held = False
        self.lost = threading.Event()  # set when the claim was taken over or not renewed
        self.took_over: list[dict[str, object]] = []  # stale owners replaced
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._since = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")

    # --- the claims -------------------------------------------------------------------

    def _put(self, state: str) -> None:
        me = os.getpid()
        info = {"host": socket.gethostname(), "pid": me, "started": _start_time(me),
                "since": self._since, "command": self.command, "state": state,
                "renewed": time.time()}
        with self.fs.open_output_stream(self.key) as out:
            out.write(json.dumps(info).encode())

    def _claims(self) -> list[Claim]:
        from pyarrow import fs as pafs

        infos = self.fs.get_file_info(pafs.FileSelector(self.dir, allow_not_found=True))
        claims = []
        for i in infos:
            if i.type != pafs.FileType.File or not i.path.endswith(".json"):
                continue
            try:
                with self.fs.open_input_stream(i.path) as src:
                    raw = json.loads(src.read(1 << 16) or b"{}")
            except (OSError, ValueError):  # deleted meanwhile, or not ours to read
                raw = {}
            claims.append(Claim(i.path, raw if isinstance(raw, dict) else {},
                                _seconds(i.mtime)))
        return claims

    def _stale(self, claim: Claim, now: float | None) -> bool:
        if _owner_alive(claim.info) is False:  # this host, and the process is gone
            return True
        seen = claim.mtime if claim.mtime is not None and now is not None else None
        if seen is not None and now is not None:
            return now - seen > self.lease
        renewed = claim.info.get("renewed")  # no modification times: the owner's clock
        return isinstance(renewed, (int, float)) and time.time() - renewed > self.lease

    def _delete(self, path: str) -> None:
        try:
            self.fs.delete_file(path)
        except OSError:
            pass  # already gone

    # --- taking and giving up -----------------------------------------------------------

    def acquire(self) -> RemoteLock:
        for attempt in range(ATTEMPTS):
            self._put("asking")
            claims = self._claims()
            now = next((c.mtime for c in claims if c.path == self.key), None)
            others = [c for c in claims if c.path != self.key]
            stale = [c for c in others if self._stale(c, now)]
            live = [c for c in others if c not in stale]
            if not live:
                for c in stale:
                    self._delete(c.path)
                    self.took_over.append(c.info)
                self._put("held")
                self.held = True
                self._thread = threading.Thread(target=self._renewing, daemon=True,
                                                name="mtgsim-remote-lock")
                self._thread.start()
                return self
            self._delete(self.key)
            owner = next((c for c in live if c.info.get("state") == "held"), None)
            if owner is not None or attempt == ATTEMPTS - 1:
                who = (owner or live[0]).info
                raise FolderLocked(
                    f"{self.shown} is in use by another job ({describe(who)}); wait for it "
                    "to finish, or choose another folder (a lock not renewed for "
                    f"{self.lease:.0f} s is taken over)")
            time.sleep(random.uniform(0.1, 0.5) * (attempt + 1))
        raise AssertionError("unreachable")

    def _renewing(self) -> None:
        """The holder's thread: renew the claim every ``renew`` seconds; a claim found
        gone (taken over after a pause longer than the lease) or not renewed for a
        whole lease sets ``lost``."""
        from pyarrow import fs as pafs

        last = time.monotonic()
        while not self._stop.wait(self.renew):
            try:
                if self.fs.get_file_info(self.key).type != pafs.FileType.File:
                    self.lost.set()
                    return
                self._put("held")
                last = time.monotonic()
            except OSError:
                if time.monotonic() - last > self.lease:
                    self.lost.set()
                    return

    def release(self) -> None:
        """Stop renewing and delete the claim (nothing if not held)."""
        if not self.held:
            return
        self.held = False
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=max(5.0, self.renew))
        if not self.lost.is_set():
            self._delete(self.key)


def command_line() -> str:
    """This process's command line without credentials (for a claim)."""
    from mtgsim.results.storage import redact

    return redact(" ".join(sys.argv))


__all__ = ["ATTEMPTS", "LEASE", "LOCK_DIR", "RENEW", "RemoteLock", "command_line"]
