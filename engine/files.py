"""Reading an input file without waiting on it.

Deck lists, card files, replays and scenarios are read whole. Opening a named pipe
(FIFO) that nobody writes to blocks forever, and a character device may never end, so
an input that is no regular file is refused instead: the path is opened without
blocking, checked with ``fstat`` on the open descriptor (no race with a path replaced
in between), and only a regular file is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["NotRegularFile", "read_regular"]

_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISDIR, "a directory"))


class NotRegularFile(OSError):
    """An input path that is no regular file; ``strerror`` says what it is."""


def read_regular(path: str | Path) -> bytes:
    """The bytes of the regular file ``path``. Raises ``NotRegularFile`` (an ``OSError``
    whose ``strerror`` reads "not a regular file (a named pipe)") for anything else,
    and ``OSError`` as ``open`` does (``FileNotFoundError``, permissions)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "a special file")
            raise NotRegularFile(errno.EINVAL, f"not a regular file ({kind})", str(path))
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = -1
            return fh.read()
    finally:
        if fd >= 0:
            os.close(fd)
