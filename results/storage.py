"""Where a job's ``--out`` is: a local folder, or a folder of a pyarrow filesystem.

``--out`` is a path or a URI that ``pyarrow.fs.FileSystem.from_uri`` understands:
``s3://bucket/prefix`` (options as query parameters, e.g.
``?endpoint_override=host:9000&scheme=http``; credentials from the usual ``AWS_*``
variables), ``gs://``, ``hdfs://``, ``file:///abs/path``. :func:`resolve_out` turns it
into an :class:`Output`:

* a local folder (a path, or ``file://``) is written in place, as before;
* a remote folder is mirrored: the job writes to a local staging folder with the same
  writer, and :meth:`Output.push` uploads each file once it is committed (a file appears
  in ``games/`` only whole, and an object store shows an uploaded object only whole), so
  the remote folder holds every committed game; ``--resume`` first pulls the remote folder
  into the staging one.

A relative path is resolved against the working directory, except under ``ray job
submit``: the entry point then runs in Ray's temporary copy of the ``--working-dir``,
deleted after the job, and the submitter's own directory is on another machine, so a
relative ``--out`` is refused there (give an absolute path on the cluster's storage, or
a URI).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Set by Ray's job supervisor for the entry point of ``ray job submit`` (ray.dashboard.
# modules.job.job_supervisor): the runtime environment of the submitted job.
RAY_JOB_ENV = "RAY_JOB_CONFIG_JSON_ENV_VAR"
LOCK_NAME = ".lock"  # results.lock.LOCK_NAME (not imported: results.lock imports this)
# Where a remote folder's files are written before they are moved into place whole
# (Output._upload): not results.
UPLOADING = "_uploading"
_URI = ("s3://", "gs://", "gcs://", "hdfs://", "viewfs://", "abfs://", "abfss://", "file://")


class OutputError(ValueError):
    """An ``--out`` that cannot be used (nothing was written)."""


def is_uri(arg: str) -> bool:
    return arg.startswith(_URI)


# Query parameters that carry a secret (pyarrow's S3 URIs take ``access_key``,
# ``secret_key`` and ``session_token``; other stores' tokens and signatures likewise).
_SECRET_PARAM = re.compile(r"key|secret|token|password|passwd|credential|signature|^sig$",
                           re.IGNORECASE)
_ANY_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"]+")
HIDDEN = "***"


def redact_uri(uri: str) -> str:
    """``uri`` with its credentials replaced by ``***``: the user information before
    ``@`` (``s3://KEY:SECRET@bucket/...``) and the values of query parameters that name
    a secret (``?secret_key=...``). Everything a URI is printed or stored as (the
    "results:" line, the resume command, the lock's command, error messages) goes
    through this: a secret given on the command line is used, never repeated."""
    scheme, sep, rest = uri.partition("://")
    if not sep:
        return uri
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    authority, tail = rest[:end], rest[end:]
    if "@" in authority:
        authority = f"{HIDDEN}@{authority.rsplit('@', 1)[1]}"
    path, qmark, query = tail.partition("?")
    if qmark:
        query, hash_, fragment = query.partition("#")
        params = []
        for part in query.split("&"):
            name, eq, _ = part.partition("=")
            params.append(f"{name}={HIDDEN}" if eq and _SECRET_PARAM.search(name) else part)
        tail = f"{path}?{'&'.join(params)}{hash_}{fragment}"
    return f"{scheme}://{authority}{tail}"


def _store_errors() -> tuple[type[BaseException], ...]:
    """What a store's calls raise: OSError (pyarrow's IOError), ValueError (ArrowInvalid)
    and Arrow's other errors; each becomes one line, OutputError, never a traceback.
    Called in ``except`` clauses, which evaluate it only when something was raised:
    pyarrow is not imported at start-up for it."""
    import pyarrow as pa

    return (OSError, ValueError, pa.ArrowException)


def _not_results(rel: str) -> bool:
    """Files of a folder that are not the job's results: the local folder's lock (its
    ``flock`` means nothing elsewhere), the remote folder's lock claims and its uploads
    under way (``UPLOADING``)."""
    from mtgsim.results.remote_lock import LOCK_DIR

    return rel == LOCK_NAME or rel.startswith((f"{LOCK_DIR}/", f"{UPLOADING}/"))


def redact(text: str) -> str:
    """``text`` (a message, a command line) with every URI in it redacted."""
    return _ANY_URI.sub(lambda m: redact_uri(m.group(0)), text)


@dataclass
class Output:
    """A job's output folder: ``local`` is where the job writes."""

    uri: str
    local: Path
    fs: Any = None  # the pyarrow filesystem of a remote folder (None: local)
    path: str = ""  # the folder's path in ``fs``
    _sent: dict[str, tuple[int, int]] = field(default_factory=dict)  # file -> (size, mtime)
    lock: Any = None  # the remote folder's lock (results.remote_lock), held by begin()

    @property
    def remote(self) -> bool:
        return self.fs is not None

    @property
    def shown(self) -> str:
        """The folder as people see it: the URI without its credentials."""
        return redact_uri(self.uri)

    def __str__(self) -> str:
        return self.shown

    def remote_files(self) -> dict[str, int]:
        """The remote folder's files (relative path -> size); empty when it is absent."""
        from pyarrow import fs as pafs

        assert self.fs is not None
        try:
            infos = self.fs.get_file_info(pafs.FileSelector(self.path, recursive=True,
                                                            allow_not_found=True))
        except _store_errors() as exc:
            raise OutputError(f"{self.shown}: cannot list ({redact(str(exc))})") from None
        base = self.path.rstrip("/") + "/"
        return {i.path[len(base):]: i.size for i in infos
                if i.type == pafs.FileType.File and i.path.startswith(base)
                and not _not_results(i.path[len(base):])}

    def begin(self, resume: bool, command: str = "") -> None:
        """Take a remote folder's lock (``results.remote_lock``: two jobs, or two
        resumes, never write it at once), then check it (``check_new``). ``command``:
        the command line to name in the lock (redacted again here)."""
        if not self.remote:
            return
        from mtgsim.results.lock import FolderLocked
        from mtgsim.results.remote_lock import RemoteLock, command_line

        lock = RemoteLock(self.fs, self.path, self.shown, redact(command) or command_line())
        try:
            lock.acquire()
        except FolderLocked as exc:
            raise OutputError(str(exc)) from None
        except _store_errors() as exc:  # the store's answer
            raise OutputError(f"{self.shown}: cannot take the folder's lock "
                              f"({redact(str(exc))})") from None
        self.lock = lock
        for info in lock.took_over:
            from mtgsim.results.lock import describe

            print(f"mtgsim: warning: {self.shown}: took over the lock of a job that is "
                  f"gone ({describe(info)})", file=sys.stderr)
        try:
            self.fs.delete_file(f"{self.path}/{LOCK_NAME}")  # an older mtgsim uploaded
        except OSError:  # its local lock, command line and all: not left there
            pass
        try:
            self.check_new(resume)
        except BaseException:
            self.close()
            raise

    def _check_lock(self) -> None:
        if self.lock is not None and self.lock.lost.is_set():
            raise OutputError(
                f"{self.shown}: this job lost the folder's lock (it could not renew it "
                "for a whole lease, and another job took the folder over): nothing more "
                f"is uploaded; what it committed since is kept in {self.local}")

    def pull(self) -> None:
        """Copy the remote folder into the staging folder (to resume a job there)."""
        if not self.remote:
            return
        for rel in sorted(self.remote_files()):  # the lock's files are not listed
            target = self.local / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                with self.fs.open_input_stream(f"{self.path}/{rel}") as src, \
                        open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst)
            except _store_errors() as exc:
                raise OutputError(f"{self.shown}: cannot download {rel} "
                                  f"({redact(str(exc))})") from None
            st = target.stat()
            self._sent[rel] = (st.st_size, st.st_mtime_ns)

    def push(self) -> None:
        """Upload what is new or changed in the staging folder (the games first, so the
        manifest never names more than the remote holds), and remove remote files the
        job removed. Files being written (``_staging/``) stay local."""
        if not self.remote:
            return
        self._check_lock()  # a job that lost the lock writes nothing more there
        here: dict[str, tuple[int, int]] = {}
        for p in self.local.rglob("*"):
            rel = p.relative_to(self.local).as_posix()
            if p.is_file() and not rel.startswith("_staging/") and not _not_results(rel):
                st = p.stat()
                here[rel] = (st.st_size, st.st_mtime_ns)
        # the events and hands before the games (a unit's games never upload without its
        # events: results.dataset), the games before the rest (the manifest); pending
        # events-/hands- files sort before the games' m... ones
        order = sorted(here, key=lambda rel: (0 if rel.startswith(("events/", "hands/"))
                                              else 1 if rel.startswith("games/") else 2, rel))
        for rel in order:
            if self._sent.get(rel) == here[rel]:
                continue
            self._upload(rel)
            self._sent[rel] = here[rel]
        for rel in sorted(set(self._sent) - set(here)):
            try:
                self.fs.delete_file(f"{self.path}/{rel}")
            except _store_errors() as exc:
                raise OutputError(f"{self.shown}: cannot delete {rel} "
                                  f"({redact(str(exc))})") from None
            del self._sent[rel]

    def _upload(self, rel: str) -> None:
        """Upload one file so that its remote object is whole or absent. An object
        store's output stream closed by an exception (a stop signal's ``Terminated`` or
        ``KeyboardInterrupt`` raised mid-copy, a failed read) completes the upload with
        what it was given (pyarrow's S3 stream has no abort: apache/arrow#40502): written
        in place, that truncated object is a file a resume finds damaged. So the file is
        written under ``UPLOADING`` (not results: never listed, pulled or read), deleted
        there if the copy is cut short, and moved into place whole (a server-side copy:
        the object appears whole or not at all)."""
        part = f"{self.path}/{UPLOADING}/{rel}"
        try:
            with open(self.local / rel, "rb") as src, self.fs.open_output_stream(part) as dst:
                shutil.copyfileobj(src, dst)
        except BaseException as exc:
            try:
                self.fs.delete_file(part)
            except BaseException:  # noqa: BLE001 - best effort: UPLOADING is never read
                pass
            if isinstance(exc, _store_errors()):
                raise OutputError(f"{self.shown}: cannot upload {rel} "
                                  f"({redact(str(exc))})") from None
            raise
        try:
            self.fs.move(part, f"{self.path}/{rel}")
        except _store_errors() as exc:
            raise OutputError(f"{self.shown}: cannot upload {rel} "
                              f"({redact(str(exc))})") from None

    def check_new(self, resume: bool) -> None:
        """A new job needs an empty remote folder; a resumed one pulls it first."""
        if not self.remote:
            return
        if resume:
            self.pull()
        elif self.remote_files():
            raise OutputError(f"{self.shown} is not empty (use --resume to finish a job there, "
                              "or choose another folder)")

    def close(self) -> None:
        """Give the remote folder's lock up and remove the staging folder (kept when the
        lock was lost: it holds what could not be uploaded)."""
        if not self.remote:
            return
        lost = self.lock is not None and self.lock.lost.is_set()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        if not lost:
            shutil.rmtree(self.local, ignore_errors=True)


def resolve_out(arg: str, *, environ: Mapping[str, str] | None = None,
                cwd: Path | None = None) -> Output:
    """The output folder ``--out`` names (raises ``OutputError``)."""
    env = os.environ if environ is None else environ
    if is_uri(arg):
        from pyarrow import fs as pafs

        try:
            filesystem, path = pafs.FileSystem.from_uri(arg)
        except (OSError, ValueError) as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise OutputError(f"{redact_uri(arg)}: not a usable output URI "
                              f"({redact(first)})") from None
        if isinstance(filesystem, pafs.LocalFileSystem):
            return Output(arg, Path(path))
        if not path.strip("/"):  # gs:// alone: no bucket to write to
            raise OutputError(f"{redact_uri(arg)}: not a usable output URI (it names no "
                              "bucket or folder)")
        staging = Path(tempfile.mkdtemp(prefix="mtgsim-out-"))
        return Output(arg, staging, filesystem, path.rstrip("/"))
    path = Path(arg).expanduser()
    if not path.is_absolute():
        if RAY_JOB_ENV in env:
            raise OutputError(
                f"--out {arg!r} is relative, and under 'ray job submit' it would land in "
                "Ray's temporary copy of the working directory: give an absolute path on "
                "the cluster's storage or a URI (s3://..., gs://..., hdfs://...)")
        path = (cwd or Path.cwd()) / path
    return Output(arg, path)


def open_dataset_source(arg: str) -> tuple[Any, str]:
    """(pyarrow filesystem or None, path) of a job folder to read, local or remote."""
    if is_uri(arg):
        from pyarrow import fs as pafs

        filesystem, path = pafs.FileSystem.from_uri(arg)
        if isinstance(filesystem, pafs.LocalFileSystem):
            return None, path
        return filesystem, path.rstrip("/")
    return None, arg
