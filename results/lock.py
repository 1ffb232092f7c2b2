"""An output folder's lock: one job writes a folder at a time.

The lock is the file ``<folder>/.lock``, held with ``flock`` for as long as the job runs
(so the kernel releases it when the owner dies, however it dies) and naming its owner
(host, pid, process start time, command) for the message a second job gets. A lock file
whose owner is gone is stale: the next job takes it over and says so. On a filesystem
without working ``flock`` (some network mounts), the owner's liveness is judged from the
file when it names this host; a lock from another host is then left for its owner.
"""

from __future__ import annotations

import datetime as dt
import errno
import fcntl
import json
import os
import socket
import sys
from pathlib import Path

import psutil  # type: ignore[import-untyped]

from mtgsim.results.storage import redact

LOCK_NAME = ".lock"


class FolderLocked(Exception):
    """Another job holds the folder."""


def _start_time(pid: int) -> float | None:
    try:
        return float(psutil.Process(pid).create_time())
    except (psutil.Error, OSError):
        return None


def _owner_alive(info: dict[str, object]) -> bool | None:
    """Whether the process the lock names still runs (None: another host, can't tell)."""
    if info.get("host") != socket.gethostname():
        return None
    pid = info.get("pid")
    if not isinstance(pid, int):
        return False
    started = _start_time(pid)
    if started is None:
        return False
    want = info.get("started")
    # a reused pid: a different process with the same number
    return not (isinstance(want, (int, float)) and abs(started - float(want)) > 1.0)


def describe(info: dict[str, object]) -> str:
    since = f" since {info['since']}" if info.get("since") else ""
    return f"pid {info.get('pid', '?')} on {info.get('host', '?')}{since}"


class FolderLock:
    """``acquire()`` or raise ``FolderLocked``; ``release()`` when the job ends."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self.fd = -1
        self.took_over: dict[str, object] | None = None  # the stale owner replaced

    def _read(self) -> dict[str, object]:
        try:
            data = json.loads(self.path.read_text() or "{}")
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def acquire(self) -> FolderLock:
        self.folder.mkdir(parents=True, exist_ok=True)
        for _ in range(10):  # the file can be replaced between open and flock
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    info = self._read()
                    raise FolderLocked(f"{self.folder} is in use by another job "
                                       f"({describe(info)}); wait for it to finish, or "
                                       f"choose another folder") from None
                if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                    raise
                # no flock here: judge the owner from the file
                info = self._read()
                if info and _owner_alive(info) is not False:
                    raise FolderLocked(f"{self.folder} is locked by {describe(info)} "
                                       f"(remove {self.path} if that job is gone)") from None
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            # the path may have been unlinked and recreated by a releasing owner
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            old = self._read()
            if old and old.get("pid") != os.getpid():
                self.took_over = old
            self.fd = fd
            self._write()
            return self
        raise FolderLocked(f"{self.folder}: could not take the lock {self.path}")

    def _write(self) -> None:
        me = os.getpid()
        info = {"host": socket.gethostname(), "pid": me, "started": _start_time(me),
                "since": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                "command": redact(" ".join(sys.argv))}  # a URI's secret is not kept
        data = json.dumps(info).encode()
        os.ftruncate(self.fd, 0)
        os.pwrite(self.fd, data, 0)

    def release(self, remove: bool = True) -> None:
        """Give the folder up; ``remove``: delete the lock file (a finished job's folder
        then holds only its results)."""
        if self.fd < 0:
            return
        if remove:
            try:
                self.path.unlink()
            except OSError:
                pass
        try:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
