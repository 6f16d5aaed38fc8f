"""dukec's cache: entries written whole, read only when they check out, and the parser and the
compiled tile sets it keeps, which must equal what is built without it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from dukec import cache
from dukec.compiler import driver, dumps, load_tileset, parser, tileset_cache
from dukec.compiler.diagnostics import CompileError
from tests.conftest import REPO

TILES = REPO / "tiles"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.OFF_ENV, raising=False)
    return tmp_path / "cache"


def entries(folder: Path, kind: str) -> list[Path]:
    where = folder / kind
    return sorted(where.iterdir()) if where.is_dir() else []


# === The store ===


def test_the_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cache.DIR_ENV, raising=False)
    monkeypatch.delenv(cache.OFF_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert cache.cache_dir() == Path("/somewhere/dukec")
    monkeypatch.setenv(cache.DIR_ENV, "/elsewhere")
    assert cache.cache_dir() == Path("/elsewhere")
    monkeypatch.setenv(cache.OFF_ENV, "1")
    assert cache.cache_dir() is None


def test_an_entry_reads_back_as_written(folder: Path) -> None:
    key = cache.key(["a", b"b"])
    assert cache.read("things", key) is None
    cache.write("things", key, b"payload\nwith lines")
    assert cache.read("things", key) == b"payload\nwith lines"
    assert [path.name for path in entries(folder, "things")] == [key]


def test_keys_tell_apart_lists_that_join_to_the_same_text() -> None:
    assert cache.key(["ab", "c"]) != cache.key(["a", "bc"])
    assert cache.key(["ab", "c"]) == cache.key([b"ab", "c"])


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],  # cut short
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # one bit changed
        lambda data: data.replace(b"dukec-cache-2", b"dukec-cache-1"),  # another format
        lambda data: b"",
    ],
    ids=["truncated", "bit-flip", "format", "empty"],
)
def test_a_damaged_entry_is_not_trusted(folder: Path, damage: Any) -> None:
    key = cache.key(["x"])
    cache.write("things", key, b"0123456789")
    path = entries(folder, "things")[0]
    path.write_bytes(damage(path.read_bytes()))
    assert cache.read("things", key) is None


def test_an_entry_under_another_name_is_not_read(folder: Path) -> None:
    key, other = cache.key(["x"]), cache.key(["y"])
    cache.write("things", key, b"x's payload")
    os.rename(folder / "things" / key, folder / "things" / other)
    assert cache.read("things", other) is None


def test_nothing_is_written_when_the_cache_is_off(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.OFF_ENV, "1")
    cache.write("things", cache.key(["x"]), b"data")
    assert not folder.exists()


def test_a_cache_that_cannot_be_written_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    monkeypatch.setenv(cache.DIR_ENV, str(blocked))
    cache.write("things", cache.key(["x"]), b"data")  # no error
    assert cache.read("things", cache.key(["x"])) is None
    assert blocked.read_text() == "not a directory"


def test_only_the_most_recent_entries_are_kept(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "KEEP", 3)
    keys = [cache.key([str(i)]) for i in range(5)]
    for age, key in enumerate(keys):
        cache.write("things", key, b"data")
        os.utime(folder / "things" / key, (1000 + age, 1000 + age))
    cache.write("things", keys[-1], b"data")  # prunes: newest first
    assert sorted(path.name for path in entries(folder, "things")) == sorted(keys[2:])


# === Compiled tile sets ===


def test_a_tile_set_compiled_again_comes_from_the_cache_unchanged(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = load_tileset(TILES)
    assert len(entries(folder, tileset_cache.KIND)) == 1

    def no_compile(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("compiled again")

    monkeypatch.setattr(driver, "analyze_texts", no_compile)
    again = load_tileset(TILES)
    assert again == fresh
    assert dumps(again) == dumps(fresh)


def test_the_cache_gives_the_json_a_compile_without_it_gives(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_tileset(TILES)
    cached = dumps(load_tileset(TILES))
    monkeypatch.setenv(cache.OFF_ENV, "1")
    assert dumps(load_tileset(TILES)) == cached


def test_a_corrupt_tile_set_entry_is_compiled_and_written_again(folder: Path) -> None:
    fresh = load_tileset(TILES)
    (path,) = entries(folder, tileset_cache.KIND)
    good = path.read_bytes()
    path.write_bytes(good.replace(b'"Footman"', b'"Footwoman"'))
    assert load_tileset(TILES) == fresh
    assert path.read_bytes() == good


def test_a_well_formed_entry_that_is_not_a_tile_set_is_ignored(folder: Path) -> None:
    fresh = load_tileset(TILES)
    (path,) = entries(folder, tileset_cache.KIND)
    cache.write(tileset_cache.KIND, path.name, b"[1, 2, 3]")
    assert load_tileset(TILES) == fresh


def test_a_changed_source_misses(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "tiles"
    copy.mkdir()
    for source in TILES.glob("*.duke"):
        (copy / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    first = load_tileset(copy)
    footman = copy / "footman.duke"
    footman.write_text("# one more line\n" + footman.read_text(encoding="utf-8"))
    second = load_tileset(copy)
    assert len(entries(folder, tileset_cache.KIND)) == 2
    assert second == first


def test_a_copy_elsewhere_hits_the_same_entry(folder: Path, tmp_path: Path) -> None:
    load_tileset(TILES)
    copy = tmp_path / "elsewhere"
    copy.mkdir()
    for source in TILES.glob("*.duke"):
        (copy / source.name).write_bytes(source.read_bytes())
    load_tileset(copy)
    assert len(entries(folder, tileset_cache.KIND)) == 1


def test_the_key_covers_the_compiler_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ["tile A {}"]
    before = tileset_cache.entry(texts)
    monkeypatch.setattr(tileset_cache, "compiler_fingerprint", lambda: "another compiler")
    assert tileset_cache.entry(texts) != before
    assert tileset_cache.entry(["tile B {}"]) != tileset_cache.entry(texts)
    assert tileset_cache.entry([*texts, ""]) != tileset_cache.entry(texts)


def test_sources_with_errors_are_never_cached(folder: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.duke"
    bad.write_text("tile Broken {\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(CompileError):
            load_tileset(bad)
    assert entries(folder, tileset_cache.KIND) == []


# === The parser ===


def test_the_cached_parser_parses_as_the_built_one(folder: Path) -> None:
    built = parser.build_parser()
    stored = parser.cached_parser()  # builds and stores
    loaded = parser.cached_parser()  # loads
    assert len(entries(folder, "parser")) == 1
    for source in sorted(TILES.glob("*.duke")):
        text = source.read_text(encoding="utf-8")
        expected = built.parse(text)
        for other in (stored, loaded):
            tree = other.parse(text)
            assert tree == expected
            assert [(t.meta.line, t.meta.column) for t in tree.iter_subtrees()] == [
                (t.meta.line, t.meta.column) for t in expected.iter_subtrees()
            ]


def test_a_corrupt_parser_entry_is_built_and_written_again(folder: Path) -> None:
    parser.cached_parser()
    (path,) = entries(folder, "parser")
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    assert cache.read("parser", path.name) is None
    assert parser.cached_parser().parse("tile A {\n}\n") is not None
    # Written again whole.
    assert cache.read("parser", path.name) is not None
