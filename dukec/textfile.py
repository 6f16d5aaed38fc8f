"""Reading a user's file as UTF-8 text, with an error that says where and why when it is not."""

from __future__ import annotations

from pathlib import Path

from dukec.limits import MAX_FILE_BYTES


class TextFileError(ValueError):
    """A file that cannot be read as UTF-8 text; its text is the whole report line."""


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column of byte ``offset`` in ``data``."""
    before = data[:offset]
    return before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1


def too_large(size: int) -> str:
    """What is wrong with a file of ``size`` bytes, over the limit."""
    return f"file too large: {size} bytes (at most {MAX_FILE_BYTES // (1024 * 1024)} MiB)"


def read_utf8(path: Path, expected: str) -> str:
    """The text of ``path``; TextFileError names the file (and the line and column of a byte
    that is not UTF-8), ``expected`` saying what the file should have been."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise TextFileError(f"{path}: error: {too_large(size)}")
        data = Path(path).read_bytes()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise TextFileError(f"{path}: error: cannot read: {reason}") from None
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
