"""A cache of what dukec derives from its sources: the parser built from the grammar, and
compiled tile sets, so that a command or a worker process does not build them again.

The cache lives in ``$DUKEC_CACHE_DIR``, else ``$XDG_CACHE_HOME/dukec``, else
``~/.cache/dukec``; ``DUKEC_NO_CACHE=1`` turns it off; ``dukec cache`` says where it is and
what it holds, ``dukec cache --clear`` empties it. An entry is one file named by its key, the
SHA-256 of everything it was derived from (see :func:`key`), in a folder per kind.

Nothing planted in the cache is written through, removed, read without bound or run:

- the directory and each kind's folder are dukec's: made by dukec (mode 0700, a
  ``CACHEDIR.TAG`` in the directory), owned by the user, never a link, closed to other users;
  a directory that is not (a project folder, one another user owns or may write) is not used,
  and says so once, in one line on standard error;
- every file is opened relative to the folder held open, never through a link; an entry is
  written as a temporary of dukec's own naming, created exclusively, then renamed over its
  name (a link there is replaced, not followed);
- an entry is read through :func:`dukec.textfile.read_opened` (a regular file, at most
  :data:`~dukec.limits.CACHE_MAX_ENTRY_BYTES`, never waited on);
- an entry starts with a header line holding its key and an HMAC-SHA-256 of the key and the
  payload under a secret that only the cache directory holds (``secret``, mode 0600): an entry
  whose header does not match, cut short, changed or made by anyone without the secret, is
  ignored (and written again), never trusted, so a parser's code is run and a tile set used
  only as dukec wrote them;
- a kind keeps its :data:`KEEP` most recent entries; pruning removes only files that carry
  dukec's header under their own name, and temporaries of dukec's naming an hour old.

A cache that cannot be written (a read-only home) is skipped without a word, as the work is
simply done again.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dukec.atomic import create_at, is_temporary_of, replace_at
from dukec.limits import CACHE_MAX_ENTRY_BYTES
from dukec.textfile import NotReadable, os_reason, read_opened

DIR_ENV = "DUKEC_CACHE_DIR"
OFF_ENV = "DUKEC_NO_CACHE"
#: The entries of one kind kept: older ones are removed when a new one is written.
KEEP = 32
#: The header's first word: the format of an entry. Any ``dukec-cache-N`` is dukec's own, for
#: pruning; only this one is read.
_MAGIC = b"dukec-cache-2"
_OURS = re.compile(rb"dukec-cache-[0-9]+ ([0-9a-f]{64}) ")
#: An entry's name, and a temporary's (:func:`dukec.atomic.replace_at`).
_ENTRY = re.compile(r"[0-9a-f]{64}")
#: The header's length: the format, the key and the check, each with a space or line end.
_HEADER_BYTES = len(_MAGIC) + 1 + 64 + 1 + 64 + 1
_TEMPORARY = re.compile(r"\.[0-9a-f]{64}\.[0-9a-f]+\.tmp")
#: A temporary older than this is a writer's that died.
_STALE_SECONDS = 3600.0
TAG = "CACHEDIR.TAG"
#: The Cache Directory Tagging Specification's first line (https://bford.info/cachedir/),
#: which backup tools also read.
_SIGNATURE = b"Signature: 8a477f597d28d172789f06886806bc55"
_TAG_MARK = _SIGNATURE + b"\n# dukec"
_TAG_TEXT = _TAG_MARK + b"'s cache: the parser and compiled tile sets (see `dukec cache`).\n"
SECRET = "secret"
_SECRET_BYTES = 32
_KIND = re.compile(r"[a-z][a-z0-9_-]*")
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


def cache_dir() -> Path | None:
    """Where the cache lives, or None when it is off (whether it can be used: :func:`state`)."""
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


class Refused(Exception):
    """A cache directory dukec does not use; the text says why and what to do."""


# === The directory ===


def _open_directory(name: str | Path, where: Path, parent: int | None = None) -> int:
    """The directory ``name`` (in the directory ``parent`` holds open) held open, made with
    mode 0700 when missing; Refused if it is a link or no directory, or not the user's."""
    for _ in range(2):
        try:
            handle = os.open(name, _DIRECTORY, dir_fd=parent)
            break
        except FileNotFoundError:
            if parent is None:
                Path(name).parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, 0o700, dir_fd=parent)
        except OSError as error:
            if error.errno not in (errno.ELOOP, errno.ENOTDIR):
                raise
            # O_NOFOLLOW with O_DIRECTORY: a link to a directory is ENOTDIR on Linux.
            link = stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode)
            what = "a symbolic link, not a directory" if link else "not a directory"
            raise Refused(f"{where} is {what}") from None
    else:
        raise FileNotFoundError(errno.ENOENT, "removed as it was made", str(where))
    owner = os.fstat(handle).st_uid
    if owner != os.geteuid():
        os.close(handle)
        raise Refused(f"{where} belongs to another user (uid {owner})")
    return handle


def _closed_to_others(handle: int, where: Path) -> None:
    """Refuse the directory open as ``handle`` unless it is closed to other users."""
    mode = stat.S_IMODE(os.fstat(handle).st_mode)
    if mode & 0o077:
        raise Refused(f"{where} is open to other users (mode {mode:04o}); chmod 700 {where}")


def _read_small(folder: int, name: str, limit: int) -> tuple[bytes, os.stat_result] | None:
    """The bytes of the regular file ``name`` in ``folder`` (None if there is none, it is a
    link or anything else, or larger than ``limit``), with its status."""
    try:
        handle = os.open(name, _FILE, dir_fd=folder)
    except OSError:
        return None
    try:
        return read_opened(handle, limit), os.fstat(handle)
    except (NotReadable, OSError):
        return None
    finally:
        os.close(handle)


def _tagged(root: int, where: Path) -> None:
    """Refuse a directory that is not dukec's cache; take on one that an earlier dukec made
    (untagged, holding kinds' folders of entries alone) or that is empty: closed to others
    and tagged. Another process may be making the cache this moment: its temporaries of the
    tag and the secret are no other files, and a tag it links in place is read again."""
    for _ in range(3):
        found = _read_small(root, TAG, 4096)
        if found is not None and found[0].startswith(_TAG_MARK):
            return
        names = [
            name
            for name in os.listdir(root)
            if not (is_temporary_of(name, TAG) or is_temporary_of(name, SECRET))
        ]
        if TAG in names:
            continue  # linked in place whole since it was read, or not dukec's: read it again
        if not all(_old_kind(root, name) for name in names):
            break
        os.fchmod(root, 0o700)  # an earlier dukec made it with the umask's mode
        if create_at(root, TAG, _TAG_TEXT, 0o600):
            return
    raise Refused(
        f"{where} is not dukec's cache (it holds other files and no {TAG} of dukec's); set "
        f"{DIR_ENV} to a new or empty directory"
    )


def _old_kind(root: int, name: str) -> bool:
    """Whether ``name`` in an untagged directory is a kind's folder of an earlier dukec: a
    directory of the user's holding nothing but entries and temporaries by their names."""
    try:
        handle = os.open(name, _DIRECTORY, dir_fd=root)
    except OSError:
        return False
    try:
        if not _KIND.fullmatch(name) or os.fstat(handle).st_uid != os.geteuid():
            return False
        return all(_ENTRY.fullmatch(e) or _TEMPORARY.fullmatch(e) for e in os.listdir(handle))
    finally:
        os.close(handle)


def _secret(root: int) -> bytes:
    """The cache's secret: 32 random bytes in a file of the user's, mode 0600, made when
    missing and made again when damaged (its entries are then written again)."""
    for _ in range(2):
        found = _read_small(root, SECRET, _SECRET_BYTES)
        if found is not None:
            data, status = found
            mode = stat.S_IMODE(status.st_mode)
            if len(data) == _SECRET_BYTES and status.st_uid == os.geteuid() and not mode & 0o077:
                return data
            break
        made = secrets.token_bytes(_SECRET_BYTES)
        if create_at(root, SECRET, made, 0o600):
            return made
        # Another process made it first: read theirs.
    made = secrets.token_bytes(_SECRET_BYTES)
    replace_at(root, SECRET, made, 0o600)
    return made


@dataclass(frozen=True, slots=True)
class _Store:
    """The cache directory held open, with its secret."""

    path: Path
    root: int
    secret: bytes

    def kind(self, kind: str) -> int:
        """The folder of ``kind`` held open (made when missing); Refused if it is not the
        user's directory. Inside a directory closed to others its own mode keeps nobody
        out, and an earlier dukec made it with the umask's: it is made 0700 all the same."""
        if not _KIND.fullmatch(kind) or kind == SECRET:
            raise ValueError(f"not a cache kind: {kind!r}")
        handle = _open_directory(kind, self.path / kind, self.root)
        with contextlib.suppress(OSError):
            os.fchmod(handle, 0o700)
        return handle

    def mac(self, entry: str, payload: bytes) -> bytes:
        """The header's check of ``payload`` stored under ``entry``."""
        code = hmac.new(self.secret, entry.encode("ascii") + b"\n", hashlib.sha256)
        code.update(payload)
        return code.hexdigest().encode("ascii")


def _store(where: Path) -> _Store:
    """The cache directory at ``where``, held open (the caller closes its ``root``); Refused
    if it is not dukec's, OSError if it cannot be made."""
    root = _open_directory(where, where)
    try:
        _tagged(root, where)
        _closed_to_others(root, where)
        return _Store(where, root, _secret(root))
    except BaseException:
        os.close(root)
        raise


_warned: set[str] = set()


def _say_once(refused: Refused) -> None:
    reason = str(refused)
    if reason not in _warned:
        _warned.add(reason)
        sys.stderr.write(f"dukec: the cache is not used: {reason}\n")
        sys.stderr.flush()


@contextlib.contextmanager
def _opened(quiet: bool = False) -> Iterator[_Store | None]:
    """The cache's store, or None when it is off, cannot be made, or is refused (which is
    said once, unless ``quiet``)."""
    where = cache_dir()
    store = None
    if where is not None:
        try:
            store = _store(where)
        except Refused as refused:
            if not quiet:
                _say_once(refused)
        except OSError:
            pass  # a cache that cannot be written: the work is done again
    try:
        yield store
    finally:
        if store is not None:
            os.close(store.root)


@contextlib.contextmanager
def _kind_of(store: _Store | None, kind: str) -> Iterator[int | None]:
    """The folder of ``kind`` held open, or None (said once when refused)."""
    if store is None:
        yield None
        return
    try:
        folder = store.kind(kind)
    except Refused as refused:
        _say_once(refused)
        yield None
        return
    except OSError:
        yield None
        return
    try:
        yield folder
    finally:
        os.close(folder)


def state() -> str:
    """Whether the cache is used: ``in use``, ``off (DUKEC_NO_CACHE=1)``, or why not."""
    where = cache_dir()
    if where is None:
        return f"off ({OFF_ENV}=1)"
    try:
        os.close(_store(where).root)
    except Refused as refused:
        return f"not used: {refused}"
    except OSError as error:
        return f"not used: it cannot be made: {os_reason(error)}"
    return "in use"


def available() -> bool:
    """Whether the cache can be used: it is on, and its directory is dukec's."""
    with _opened() as store:
        return store is not None


# === Entries ===


def read(kind: str, entry: str) -> bytes | None:
    """The payload stored under ``entry``, or None when there is none that can be trusted."""
    if not _ENTRY.fullmatch(entry):
        return None
    with _opened() as store, _kind_of(store, kind) as folder:
        if store is None or folder is None:
            return None
        found = _read_small(folder, entry, CACHE_MAX_ENTRY_BYTES + _HEADER_BYTES)
        if found is None:
            return None
        header, _, payload = found[0].partition(b"\n")
        fields = header.split(b" ")
        if len(fields) != 3 or fields[0] != _MAGIC or fields[1] != entry.encode("ascii"):
            return None
        if not hmac.compare_digest(fields[2], store.mac(entry, payload)):
            return None
        with contextlib.suppress(OSError):  # the most recently used entries are the ones kept
            os.utime(entry, dir_fd=folder, follow_symlinks=False)
        return payload


def write(kind: str, entry: str, payload: bytes) -> None:
    """Store ``payload`` under ``entry`` (best effort: a cache that cannot be written is
    skipped), and keep the :data:`KEEP` most recent entries of ``kind``."""
    if not _ENTRY.fullmatch(entry) or len(payload) > CACHE_MAX_ENTRY_BYTES:
        return
    with _opened() as store, _kind_of(store, kind) as folder:
        if store is None or folder is None:
            return
        header = b"%s %s %s\n" % (_MAGIC, entry.encode("ascii"), store.mac(entry, payload))
        with contextlib.suppress(OSError):
            replace_at(folder, entry, header + payload)
            _prune(folder, KEEP)


def _ours(folder: int, name: str) -> os.stat_result | None:
    """The status of ``name`` in ``folder`` if it is a regular file that dukec wrote: an entry
    whose header names it, or a temporary of dukec's naming."""
    try:
        found = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except OSError:
        return None
    if not stat.S_ISREG(found.st_mode) or found.st_uid != os.geteuid():
        return None
    if _TEMPORARY.fullmatch(name):
        return found
    if not _ENTRY.fullmatch(name):
        return None
    head = _head(folder, name)
    matched = _OURS.match(head)
    return found if matched is not None and matched[1] == name.encode("ascii") else None


def _head(folder: int, name: str) -> bytes:
    try:
        handle = os.open(name, _FILE, dir_fd=folder)
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return b""
        return os.read(handle, 128)
    except OSError:
        return b""
    finally:
        os.close(handle)


def _prune(folder: int, keep: int) -> tuple[int, int]:
    """Remove all but the ``keep`` most recent entries of dukec's in ``folder``, and its stale
    temporaries; the files and bytes removed."""
    entries: list[tuple[float, str, int]] = []
    removed = size = 0
    now = time.time()
    for name in os.listdir(folder):
        found = _ours(folder, name)
        if found is None:
            continue
        if _TEMPORARY.fullmatch(name):
            if keep == 0 or now - found.st_mtime > _STALE_SECONDS:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(name, dir_fd=folder)
                    removed, size = removed + 1, size + found.st_size
            continue
        entries.append((found.st_mtime, name, found.st_size))
    entries.sort(reverse=True)
    for _, name, bytes_ in entries[keep:]:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name, dir_fd=folder)
            removed, size = removed + 1, size + bytes_
    return removed, size


# === What it holds ===


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind's folder: its name, entries and their bytes."""

    name: str
    entries: int
    size: int


def contents() -> list[Kind]:
    """The kinds the cache holds, with their entries (none when it is not used)."""
    found: list[Kind] = []
    with _opened(quiet=True) as store:
        for name in _kinds(store):
            with _kind_of(store, name) as folder:
                if folder is None:
                    continue
                sizes = [
                    status.st_size
                    for entry in os.listdir(folder)
                    if _ENTRY.fullmatch(entry) and (status := _ours(folder, entry)) is not None
                ]
            found.append(Kind(name, len(sizes), sum(sizes)))
    return found


def clear() -> tuple[int, int]:
    """Remove every entry dukec wrote (and its temporaries): the files and bytes removed."""
    removed = size = 0
    with _opened(quiet=True) as store:
        for name in _kinds(store):
            with _kind_of(store, name) as folder:
                if folder is not None:
                    files, bytes_ = _prune(folder, 0)
                    removed, size = removed + files, size + bytes_
    return removed, size


def _kinds(store: _Store | None) -> list[str]:
    """The names of the kinds' folders in the cache."""
    if store is None:
        return []
    return [
        name for name in sorted(os.listdir(store.root)) if _KIND.fullmatch(name) and name != SECRET
    ]
