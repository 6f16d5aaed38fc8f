"""Reading a user's file: regular files only, within the size limit, and as UTF-8 text.

Every reader of dukec (sources, tile sets, positions, records, manifests, reports, ratings and
values files) reads through :func:`read_file`, and dukec's cache through :func:`read_opened`
(a file it opened itself, relative to its directory and never through a link). A FIFO, a
device, a socket, a directory or a symbolic link to nothing is refused before it is opened, so
that no input can hang a command or feed it without end; the file is opened without waiting
(so that a FIFO swapped in after the check cannot block either) and read up to one byte past
the limit, whatever size it reports.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from dukec.limits import MAX_FILE_BYTES


class NotReadable(ValueError):
    """A path that is not a readable file of the allowed size; the text says why, without the
    path (each reader words its error around it)."""


class TextFileError(ValueError):
    """A file that cannot be read as UTF-8 text; its text is the whole report line."""


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column of byte ``offset`` in ``data``."""
    before = data[:offset]
    return before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1


def at_most(limit: int) -> str:
    """``at most 16 MiB``, or in bytes where the limit is no whole number of MiB."""
    mebibytes, rest = divmod(limit, 1024 * 1024)
    return f"at most {mebibytes} MiB" if mebibytes and not rest else f"at most {limit} bytes"


def too_large(size: int | None, limit: int) -> str:
    """What is wrong with a file of ``size`` bytes (None: more than it said), over ``limit``."""
    most = at_most(limit)
    if size is None:
        return f"file too large: more than {limit} bytes ({most})"
    return f"file too large: {size} bytes ({most})"


_KINDS = (
    (stat.S_ISDIR, "is a directory, not a file"),
    (stat.S_ISFIFO, "is a FIFO, not a file"),
    (stat.S_ISCHR, "is a character device, not a file"),
    (stat.S_ISBLK, "is a block device, not a file"),
    (stat.S_ISSOCK, "is a socket, not a file"),
)


def not_a_file(mode: int) -> str | None:
    """Why a node of ``mode`` is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((why for test, why in _KINDS if test(mode)), "is not a regular file")


def os_reason(error: OSError) -> str:
    """Why an OS call failed, as an error line says it: ``No space left on device`` begins
    with a small letter; dukec's own reasons (which name a FIFO) are kept as they are."""
    reason = error.strerror or type(error).__name__
    return reason[:1].lower() + reason[1:]


def _reason(error: OSError) -> str:
    return f"cannot read: {os_reason(error)}"


def absent(path: Path) -> bool:
    """Whether nothing is at ``path`` yet: no file, or a link to a file not made yet (an
    output read before it is rewritten, such as a manifest, starts empty there)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


def check_file(path: Path, limit: int | None = None) -> int:
    """The size of the regular file at ``path``; NotReadable if it is anything else, is missing
    or reports more than ``limit`` bytes (default: MAX_FILE_BYTES). Nothing is opened."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        found = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotReadable(
                f"a symbolic link to {os.readlink(path)}, which does not exist"
            ) from None
        raise NotReadable("no such file or directory") from None
    except OSError as error:
        raise NotReadable(_reason(error)) from None
    why = not_a_file(found.st_mode)
    if why is not None:
        raise NotReadable(why)
    if found.st_size > limit:
        raise NotReadable(too_large(found.st_size, limit))
    return found.st_size


def read_file(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them (default:
    MAX_FILE_BYTES); NotReadable saying why not."""
    limit = MAX_FILE_BYTES if limit is None else limit
    check_file(path, limit)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    try:
        handle = os.open(path, flags)
    except OSError as error:
        raise NotReadable(_reason(error)) from None
    try:
        # It may have changed between the look and the opening.
        return read_opened(handle, limit)
    finally:
        os.close(handle)


def read_opened(handle: int, limit: int | None = None) -> bytes:
    """The bytes of the regular file open as ``handle`` (opened without waiting), at most
    ``limit`` of them (default: MAX_FILE_BYTES); NotReadable saying why not. The caller
    closes ``handle``."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        found = os.fstat(handle)
        why = not_a_file(found.st_mode)
        if why is not None:
            raise NotReadable(why)
        if found.st_size > limit:
            raise NotReadable(too_large(found.st_size, limit))
        return _read_bounded(handle, limit)
    except OSError as error:
        raise NotReadable(_reason(error)) from None


def _read_bounded(handle: int, limit: int) -> bytes:
    """At most ``limit`` bytes from ``handle``; NotReadable if there are more."""
    parts: list[bytes] = []
    left = limit + 1
    while left > 0:
        part = os.read(handle, min(left, 1024 * 1024))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    if left <= 0:
        raise NotReadable(too_large(None, limit))
    return b"".join(parts)


def read_stdin(limit: int | None = None) -> bytes:
    """Standard input's bytes, at most ``limit`` of them (default: MAX_FILE_BYTES);
    NotReadable if there are more."""
    limit = MAX_FILE_BYTES if limit is None else limit
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise NotReadable(too_large(None, limit))
    return data


def decode_utf8(data: bytes, path: Path | str, expected: str) -> str:
    """``data`` as UTF-8 text; TextFileError with the line and column of the first byte that
    is not, ``expected`` saying what the file should have been."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = byte_position(data, error.start)
        row = data.split(b"\n")[line - 1]
        shown = row.decode("utf-8", errors="replace").rstrip("\r")
        caret = " " * len(row[: column - 1].decode("utf-8", errors="replace")) + "^"
        raise TextFileError(
            f"{path}:{line}:{column}: error: not UTF-8 text: byte 0x{data[error.start]:02x} "
            f"cannot be decoded; {expected}\n{shown}\n{caret}"
        ) from None


def read_utf8(path: Path, expected: str) -> str:
    """The text of ``path``; TextFileError names the file (and the line and column of a byte
    that is not UTF-8), ``expected`` saying what the file should have been."""
    try:
        data = read_file(path)
    except NotReadable as error:
        raise TextFileError(f"{path}: error: {error}") from None
    return decode_utf8(data, path, expected)
