"""Writing output files: whole or not at all, and never over something that is not a file.

What a path names decides how it is written:

- nothing yet, or a regular file: a temporary file in the same directory, written, flushed to
  disk and renamed over the path, so that readers see the old file or the new one, never half
  (a file replaced keeps its permissions);
- a symbolic link to a regular file, or one whose target does not exist yet: the same, at the
  link's target; the link stays a link;
- a character device (``/dev/null``, a terminal) or a FIFO: written through, opened as it is
  and written, so that a device is never replaced by a file (a FIFO that no process reads is
  refused rather than waited for);
- a block device, a socket or a directory: refused. A disk holds a file system that a tile set
  written at its start would destroy, and nothing dukec writes belongs there.

Every failure, a full disk included, is an OSError naming the path, which the commands turn
into one line; nothing is reported as written that was not.

Three more ways of writing, each the one place its callers share:

- :func:`write_bytes_new` writes a file only where there is none yet (the studio's save
  without overwrite): the whole file appears at once, and of writers racing for one name
  exactly one succeeds, the others get a FileExistsError;
- :func:`locked` holds dukec's lock on a file for a read-modify-write (a manifest or a ratings
  file that several processes add entries to), so that each writer reads what the one before
  it wrote and no entry is lost;
- :func:`replace_at` and :func:`create_at` write inside a directory held open (dukec's
  cache): a temporary of dukec's own naming, created exclusively and never through a link,
  renamed (or linked) into place, so that nothing planted there is written through.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from dukec.limits import LOCK_SECONDS
from dukec.textfile import os_reason


class OutputRefused(OSError):
    """An output path that names something dukec does not write to; strerror says what."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(errno.EINVAL, reason, str(path))


#: The random part of a temporary's name, in hexadecimal digits.
_TEMPORARY_HEX = 12


def _umask() -> int:
    # os.umask can only be read by setting it; put it straight back.
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _what(mode: int) -> str | None:
    """Why a node of ``mode`` is not written, or None when it is."""
    if stat.S_ISDIR(mode):
        return "it is a directory; give a file name"
    if stat.S_ISBLK(mode):
        return "it is a block device (a disk); dukec writes files, character devices and FIFOs"
    if stat.S_ISSOCK(mode):
        return "it is a socket; dukec writes files, character devices and FIFOs"
    if stat.S_ISREG(mode) or stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return None
    return "it is not a file, a character device or a FIFO"


def refusal(path: Path) -> str | None:
    """Why ``path`` cannot be written, as far as can be told before writing, or None."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        if not os.path.islink(path):
            return None
        folder = Path(os.path.realpath(path)).parent
        if not folder.is_dir():
            return f"it is a symbolic link to {os.readlink(path)}, in no existing directory"
        return None
    except OSError as error:
        return os_reason(error)
    return _what(mode)


def written_through(path: Path) -> bool:
    """Whether ``path`` is a device or FIFO, written through rather than replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` as the module says: a file whole or not at all, a device or
    FIFO through, anything else refused with an OutputRefused."""
    path = Path(path)
    try:
        _write(path, data)
    except OSError as error:
        if isinstance(error, OutputRefused) or error.errno is None:
            raise
        # Named by the path asked for, not by a temporary file or a link's target.
        raise OSError(error.errno, error.strerror, str(path)) from None


def _write(path: Path, data: bytes) -> None:
    try:
        mode: int | None = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        reason = _what(mode)
        if reason is not None:
            raise OutputRefused(path, reason)
        if _write_through(path, data):
            return
    if os.path.islink(path):
        target = Path(os.path.realpath(path))
        if not target.parent.is_dir():
            raise OutputRefused(path, refusal(path) or "its target's directory does not exist")
        _replace(target, data)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    _replace(path, data)


def _replace(path: Path, data: bytes) -> None:
    """A temporary file beside ``path``, flushed to disk, renamed over it."""
    try:
        keep: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        keep = None
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            # A full disk may only show when the data reaches it: before the rename, not after.
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600): give it the old file's mode, or the mode any
        # new file would get.
        os.chmod(temporary, keep if keep is not None else 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _write_through(path: Path, data: bytes) -> bool:
    """Write ``data`` into the device or FIFO at ``path``; False if it turned out to be a
    regular file by the time it was opened (to be replaced instead)."""
    flags = os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    try:
        handle = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OSError(error.errno, "no process reads this FIFO", str(path)) from None
        raise
    try:
        opened = os.fstat(handle).st_mode
        if stat.S_ISREG(opened):
            return False
        reason = _what(opened)
        if reason is not None:
            raise OutputRefused(path, reason)
        # Opened without waiting; the writes wait for a slow reader as any writer would.
        fcntl.fcntl(handle, fcntl.F_SETFL, fcntl.fcntl(handle, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    finally:
        os.close(handle)
    return True


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 with ``\\n`` line ends, as :func:`write_bytes_atomic` does."""
    write_bytes_atomic(path, text.encode("utf-8"))


# === A new file only, a lock for a read-modify-write ===


def write_bytes_new(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole, only if nothing is there yet: FileExistsError if
    something is (a file, a link, anything), even one made by a writer racing this one."""
    path = Path(path)
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        made = create_at(folder, path.name, data, 0o666 & ~_umask(), sync=True)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None
    finally:
        os.close(folder)
    if not made:
        raise FileExistsError(errno.EEXIST, "it exists already", str(path))


def write_text_new(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8, as :func:`write_bytes_new` does."""
    write_bytes_new(path, text.encode("utf-8"))


class LockTimeout(OSError):
    """Another process held the lock on a file for longer than a writer waits."""


@contextlib.contextmanager
def locked(path: Path, seconds: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold dukec's lock on ``path`` (the file a link names) while the block reads it and
    writes it back, so that writers of the same file take turns; LockTimeout if another holds
    it for more than ``seconds``. The lock is an ``fcntl.flock`` on ``.NAME.lock`` beside the
    file, removed when the last writer is done. A device or FIFO, read and written through,
    has no lock."""
    if os.path.exists(path) and not os.path.isfile(path):
        yield
        return
    target = Path(os.path.realpath(path))
    lock = target.parent / f".{target.name}.lock"
    handle = _lock(lock, time.monotonic() + seconds, path)
    try:
        yield
    finally:
        # Removed while held: a writer waiting on this file finds it gone and locks anew.
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(handle)


def _lock(lock: Path, deadline: float, path: Path) -> int:
    pause = 0.001
    flags = os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    not_a_lock = f"its lock file {lock.name} is not a regular file (remove it)"
    while True:
        try:
            handle = os.open(lock, flags, 0o666)
        except OSError as error:
            if error.errno in (errno.ELOOP, errno.EISDIR):  # a link there is never followed
                raise OutputRefused(path, not_a_lock) from None
            raise
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise OutputRefused(path, not_a_lock)  # a FIFO or a device: never waited on
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LockTimeout(
                            errno.EWOULDBLOCK,
                            f"another process is writing it (it holds {lock.name}); try again",
                            str(path),
                        ) from None
                    time.sleep(pause)
                    pause = min(2 * pause, 0.05)
            held = os.fstat(handle)
            with contextlib.suppress(FileNotFoundError):
                now = os.stat(lock, follow_symlinks=False)
                if (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                    return handle
        except BaseException:
            os.close(handle)
            raise
        os.close(handle)  # the lock file of a writer that has finished: lock the one there now


# === Inside a directory held open ===


def is_temporary_of(candidate: str, name: str) -> bool:
    """Whether ``candidate`` is named as a temporary of :func:`create_at` and
    :func:`replace_at` for ``name`` (a writer's at work, or one that died)."""
    pattern = rf"\.{re.escape(name)}\.[0-9a-f]{{{_TEMPORARY_HEX}}}\.tmp"
    return re.fullmatch(pattern, candidate) is not None


def _temporary_at(folder: int, name: str, data: bytes, mode: int, sync: bool) -> str:
    """A temporary file ``.NAME.XXXX.tmp`` in the directory ``folder`` holding ``data``."""
    while True:
        temporary = f".{name}.{secrets.token_hex(_TEMPORARY_HEX // 2)}.tmp"
        if _new_file_at(folder, temporary, data, mode, sync):
            return temporary


def _new_file_at(folder: int, name: str, data: bytes, mode: int, sync: bool) -> bool:
    """Create ``name`` in ``folder`` (False if anything is there) and write ``data`` to it,
    of ``mode`` exactly (os.open's is cut by the umask); removed again if that fails."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        handle = os.open(name, flags, mode, dir_fd=folder)
    except FileExistsError:
        return False
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(handle, view) :]
            os.fchmod(handle, mode)
            if sync:
                os.fsync(handle)
        finally:
            os.close(handle)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=folder)
        raise
    return True


def replace_at(folder: int, name: str, data: bytes, mode: int = 0o600) -> None:
    """Write ``data`` as ``name`` in the directory open as ``folder``, whole: a temporary
    renamed over whatever is there (a link there is replaced, never followed)."""
    temporary = _temporary_at(folder, name, data, mode, sync=False)
    try:
        os.rename(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
        raise


def create_at(folder: int, name: str, data: bytes, mode: int = 0o600, sync: bool = False) -> bool:
    """Write ``data`` as ``name`` in the directory open as ``folder``, whole, only if nothing
    is there: False if something is. A temporary is linked to the name (which fails if the
    name is taken, whatever takes it); where the file system has no links, the name itself
    is created exclusively and written."""
    temporary = _temporary_at(folder, name, data, mode, sync)
    try:
        os.link(temporary, name, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
    except FileExistsError:
        return False
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        return _new_file_at(folder, name, data, mode, sync)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
    return True
