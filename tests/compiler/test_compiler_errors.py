"""Error paths golden files cannot hold: unreadable files, schema errors mapped to sources."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from dukec.compiler import CompileError, driver, load

SCOUT = "tile Scout {\n    front {\n        M @\n    }\n    back {\n        @\n    }\n}\n"


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "locked.duke"
    source.write_text(SCOUT, encoding="utf-8")
    original = os.open

    def refuse(path: Any, flags: int, *args: Any) -> int:
        if Path(path).name == "locked.duke":
            raise PermissionError(13, "Permission denied")
        return original(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CompileError) as caught:
        load([Path("locked.duke")])
    assert caught.value.render() == "locked.duke: error: cannot read: permission denied\n1 error"


def test_unreadable_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path, pattern: str) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rglob", refuse)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CompileError) as caught:
        load([Path(".")])
    assert caught.value.render() == ".: error: cannot read: permission denied\n1 error"


def test_no_paths_at_all() -> None:
    with pytest.raises(CompileError) as caught:
        load([])
    assert "no input" in caught.value.render()


def test_schema_errors_in_compiled_sources_point_at_the_tile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Should the checker ever let through what the schema rejects, the report still points
    # into the source: here the emitted count is corrupted on purpose.
    emit = driver.program_dict  # type: ignore[attr-defined]

    def corrupt(program: Any) -> dict[str, Any]:
        data = emit(program)
        data["tiles"][0]["count"] = -5
        return data

    monkeypatch.setattr(driver, "program_dict", corrupt)
    monkeypatch.chdir(tmp_path)
    Path("scout.duke").write_text("\n" + SCOUT, encoding="utf-8")
    with pytest.raises(CompileError) as caught:
        load([Path("scout.duke")])
    assert caught.value.render() == (
        "scout.duke:2:6: error: $.tiles[0].count: -5 is less than the minimum of 0\n"
        "    tile Scout {\n"
        "         ^~~~~\n"
        "1 error"
    )


def test_every_error_of_every_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.duke").write_text(SCOUT.replace("M @", "Q @"), encoding="utf-8")
    (tmp_path / "b.duke").write_text("tile {\n", encoding="utf-8")
    (tmp_path / "c.duke").write_text(SCOUT.replace("Scout", "Other").replace("M @", "S . S @"))
    with pytest.raises(CompileError) as caught:
        load([tmp_path])
    headlines = [d.message for d in caught.value.diagnostics]
    assert len(headlines) == 3
    assert [d.path for d in caught.value.diagnostics] == [
        str(tmp_path / "a.duke"),
        str(tmp_path / "b.duke"),
        str(tmp_path / "c.duke"),
    ]
