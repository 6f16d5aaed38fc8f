"""Output files are written whole or not at all, with the mode any new file gets."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dukec.atomic import write_bytes_atomic, write_text_atomic


def test_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "out" / "tileset.json", "{}\n")
    finally:
        os.umask(old)
    path = tmp_path / "out" / "tileset.json"
    assert path.read_text("utf-8") == "{}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_failed_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "card.png"
    path.write_bytes(b"old")

    def fail(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_bytes_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card.png"]
