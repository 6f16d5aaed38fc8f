"""A cache of what dukec derives from its sources: the parser built from the grammar, and
compiled tile sets, so that a command or a worker process does not build them again.

The cache lives in ``$DUKEC_CACHE_DIR``, else ``$XDG_CACHE_HOME/dukec``, else
``~/.cache/dukec``; ``DUKEC_NO_CACHE=1`` turns it off. An entry is one file named by its key,
the SHA-256 of everything it was derived from (see :func:`key`). It starts with a header line
holding the key and the SHA-256 of the payload that follows: an entry whose header does not
match, cut short or changed, is ignored (and written again), never trusted. Entries are written
whole through :mod:`dukec.atomic`, so that a process reading one never sees half of it; a cache
that cannot be written (a read-only home) is skipped without a word, as the work is simply done
again. Each kind keeps its :data:`KEEP` most recent entries.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

DIR_ENV = "DUKEC_CACHE_DIR"
OFF_ENV = "DUKEC_NO_CACHE"
#: The entries of one kind kept: older ones are removed when a new one is written.
KEEP = 32
_MAGIC = b"dukec-cache-1"


def cache_dir() -> Path | None:
    """The cache's directory, or None when the cache is off."""
    if os.environ.get(OFF_ENV, "") not in ("", "0"):
        return None
    chosen = os.environ.get(DIR_ENV)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dukec"


def key(parts: Iterable[str | bytes]) -> str:
    """The SHA-256 of ``parts``, each length-prefixed so that no two lists share a key."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(b"%d:" % len(data))
        digest.update(data)
    return digest.hexdigest()


def _path(kind: str, entry: str) -> Path | None:
    root = cache_dir()
    return None if root is None else root / kind / entry


def read(kind: str, entry: str) -> bytes | None:
    """The payload stored under ``entry``, or None when there is none that can be trusted."""
    path = _path(kind, entry)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header, _, payload = data.partition(b"\n")
    fields = header.split(b" ")
    if len(fields) != 3 or fields[0] != _MAGIC or fields[1] != entry.encode("ascii"):
        return None
    if fields[2] != hashlib.sha256(payload).hexdigest().encode("ascii"):
        return None
    with contextlib.suppress(OSError):  # the most recently used entries are the ones kept
        os.utime(path)
    return payload


def write(kind: str, entry: str, payload: bytes) -> None:
    """Store ``payload`` under ``entry`` (best effort: a cache that cannot be written is
    skipped), and keep the :data:`KEEP` most recent entries of ``kind``."""
    from dukec.atomic import write_bytes_atomic  # (tempfile): only a run that writes loads it

    path = _path(kind, entry)
    if path is None:
        return
    checksum = hashlib.sha256(payload).hexdigest()
    header = b"%s %s %s\n" % (_MAGIC, entry.encode("ascii"), checksum.encode("ascii"))
    try:
        write_bytes_atomic(path, header + payload)
        _prune(path.parent)
    except OSError:
        return


def _prune(folder: Path) -> None:
    entries = []
    for path in folder.iterdir():
        if path.name.startswith("."):
            continue  # another process's entry being written
        try:
            entries.append((path.stat().st_mtime, path))
        except OSError:
            continue
    entries.sort(reverse=True)
    for _, path in entries[KEEP:]:
        path.unlink(missing_ok=True)
