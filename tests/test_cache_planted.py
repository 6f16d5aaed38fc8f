"""dukec's cache against what others plant in it: links, FIFOs, endless or huge files, forged
entries, folders that are not dukec's. Nothing planted is written through, removed, read
without bound or run, and dukec still gives the tile set it gives without a cache."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec import cache
from dukec.cli import main
from dukec.compiler import dumps, load_tileset, parser, standalone, tileset_cache
from dukec.compiler.parser import read_source
from tests.conftest import REPO

TILES = REPO / "tiles"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.OFF_ENV, raising=False)
    monkeypatch.setattr(cache, "_warned", set())
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def fresh() -> str:
    """The base set's JSON, compiled without the cache."""
    previous = os.environ.get(cache.OFF_ENV)
    os.environ[cache.OFF_ENV] = "1"
    try:
        return dumps(load_tileset(TILES))
    finally:
        if previous is None:
            del os.environ[cache.OFF_ENV]
        else:
            os.environ[cache.OFF_ENV] = previous


def tileset_entry() -> str:
    """The name of the base set's entry."""
    sources = sorted(TILES.glob("*.duke"))
    return tileset_cache.entry([read_source(path) for path in sources])


def user_file(tmp_path: Path, name: str = "precious.txt") -> Path:
    """A file of the user's, which no cache operation may touch."""
    path = tmp_path / "user" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("the user's own words\n")
    return path


def untouched(path: Path) -> bool:
    return path.is_file() and path.read_text() == "the user's own words\n"


def returns(call: Callable[[], Any]) -> Any:
    """What ``call()`` returns, run in a thread: an AssertionError if it blocks (a read that
    waits on a FIFO never returns)."""
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(call()), daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "blocked"
    return found[0]


# === Links at an entry's path ===


def test_a_link_at_an_entry_is_replaced_not_written_through(
    folder: Path, tmp_path: Path, fresh: str
) -> None:
    precious = user_file(tmp_path)
    (folder / "tilesets").mkdir(parents=True)
    link = folder / "tilesets" / tileset_entry()
    link.symlink_to(precious)
    assert dumps(load_tileset(TILES)) == fresh
    assert untouched(precious)
    assert not link.is_symlink() and link.is_file()  # dukec's entry now stands in its place
    assert dumps(load_tileset(TILES)) == fresh


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/null", "nowhere"])
def test_a_link_at_an_entry_is_never_read(folder: Path, target: str) -> None:
    key = cache.key(["x"])
    (folder / "things").mkdir(parents=True)
    (folder / "things" / key).symlink_to(target)
    assert returns(lambda: cache.read("things", key)) is None


def test_a_fifo_at_an_entry_does_not_block(folder: Path, fresh: str) -> None:
    (folder / "tilesets").mkdir(parents=True)
    os.mkfifo(folder / "tilesets" / tileset_entry())
    assert returns(lambda: dumps(load_tileset(TILES))) == fresh


def test_the_parser_does_not_wait_on_a_fifo(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parser.cached_parser()
    (entry,) = (folder / "parser").iterdir()
    entry.unlink()
    os.mkfifo(entry)
    assert returns(lambda: parser.cached_parser().parse("tile A {\n}\n")) is not None


def test_an_entry_too_large_is_not_read(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache.key(["x"])
    cache.write("things", key, b"a payload of 28 bytes, whole")
    monkeypatch.setattr(cache, "CACHE_MAX_ENTRY_BYTES", 27, raising=False)
    assert cache.read("things", key) is None
    other = cache.key(["y"])
    cache.write("things", other, b"a payload of 28 bytes, whole")
    assert not (folder / "things" / other).exists()


def test_a_huge_sparse_entry_is_not_read(folder: Path) -> None:
    key = cache.key(["x"])
    cache.write("things", key, b"payload")
    # Sparse: 3 GiB as it says, without the disk or the memory.
    os.truncate(folder / "things" / key, 3 * 1024**3)
    assert cache.read("things", key) is None


def test_an_entry_that_is_a_directory_is_skipped(folder: Path) -> None:
    key = cache.key(["x"])
    (folder / "things" / key).mkdir(parents=True)
    cache.write("things", key, b"payload")  # no error
    assert cache.read("things", key) is None


# === Folders that are not dukec's ===


def test_a_kind_folder_that_is_a_link_is_not_used(
    folder: Path, tmp_path: Path, fresh: str, capsys: pytest.CaptureFixture[str]
) -> None:
    precious = user_file(tmp_path)
    others = [user_file(tmp_path, f"{n:064x}") for n in range(3)]
    folder.mkdir()
    cache.write("parser", cache.key(["make the folder"]), b"x")
    (folder / "tilesets").symlink_to(precious.parent)
    for _ in range(2):
        assert dumps(load_tileset(TILES)) == fresh
    assert untouched(precious) and all(untouched(path) for path in others)
    assert sorted(p.name for p in precious.parent.iterdir()) == sorted(
        [precious.name, *(p.name for p in others)]
    )
    # Said once, in one line.
    assert capsys.readouterr().err == (
        f"dukec: the cache is not used: {folder / 'tilesets'} is a symbolic link, not a directory\n"
    )


def test_a_project_folder_is_not_taken_for_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: str, capsys: pytest.CaptureFixture[str]
) -> None:
    project = tmp_path / "project"
    (project / "tilesets").mkdir(parents=True)
    mine = [project / "tilesets" / f"{n}.json" for n in range(40)]
    for path in mine:
        path.write_text("{}\n")
    (project / "README").write_text("my project\n")
    monkeypatch.setenv(cache.DIR_ENV, str(project))
    monkeypatch.setattr(cache, "_warned", set())
    for _ in range(2):
        assert dumps(load_tileset(TILES)) == fresh
    assert all(path.read_text() == "{}\n" for path in mine)
    assert sorted(p.name for p in project.iterdir()) == ["README", "tilesets"]
    assert capsys.readouterr().err == (
        f"dukec: the cache is not used: {project} is not dukec's cache (it holds other files "
        f"and no CACHEDIR.TAG of dukec's); set DUKEC_CACHE_DIR to a new or empty directory\n"
    )


def test_a_cache_directory_that_is_a_link_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: str
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "link"))
    assert dumps(load_tileset(TILES)) == fresh
    assert list(real.iterdir()) == []
    assert cache.state() == f"not used: {tmp_path / 'link'} is a symbolic link, not a directory"


def test_a_directory_open_to_others_is_not_used(folder: Path, fresh: str) -> None:
    load_tileset(TILES)
    folder.chmod(0o777)
    assert not cache.available()
    assert cache.read(tileset_cache.KIND, tileset_entry()) is None
    assert dumps(load_tileset(TILES)) == fresh
    assert cache.state() == (
        f"not used: {folder} is open to other users (mode 0777); chmod 700 {folder}"
    )


def test_a_directory_of_another_user_is_not_used(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_tileset(TILES)
    owner = folder.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    assert cache.read(tileset_cache.KIND, tileset_entry()) is None
    assert cache.state() == f"not used: {folder} belongs to another user (uid {owner})"


def test_a_new_directory_is_dukecs_and_closed_to_others(folder: Path) -> None:
    cache.write("things", cache.key(["x"]), b"data")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "things").stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / cache.SECRET).stat().st_mode) == 0o600
    assert (
        (folder / cache.TAG)
        .read_bytes()
        .startswith(b"Signature: 8a477f597d28d172789f06886806bc55\n")
    )


def test_an_earlier_dukecs_cache_is_taken_on(folder: Path) -> None:
    (folder / "parser").mkdir(parents=True)
    old = folder / "parser" / cache.key(["old"])
    old.write_bytes(b"dukec-cache-1 " + old.name.encode() + b" 0\npayload")
    folder.chmod(0o755)
    (folder / "parser").chmod(0o755)
    key = cache.key(["new"])
    cache.write("parser", key, b"new payload")
    assert cache.read("parser", key) == b"new payload"
    assert cache.read("parser", old.name) is None  # an earlier format is never trusted
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert (folder / cache.TAG).is_file()


# === Pruning ===


def test_pruning_removes_only_what_dukec_wrote(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "KEEP", 2)
    precious = user_file(tmp_path)
    kind = folder / "things"
    cache.write("things", cache.key(["first"]), b"data")
    planted = {
        "notes.txt": b"a user's file",
        f"{1:064x}": b"named like an entry, without dukec's header",
        f"{2:064x}": b"dukec-cache-2 " + b"f" * 64 + b" 0\nanother entry's header",
        f".{3:064x}.abc.tmp.keep": b"not quite a temporary's name",
    }
    for name, data in planted.items():
        (kind / name).write_bytes(data)
        os.utime(kind / name, (1, 1))  # older than every entry
    (kind / f"{4:064x}").symlink_to(precious)
    os.mkfifo(kind / f"{5:064x}")
    (kind / f"{6:064x}").mkdir()
    keys = [cache.key([str(n)]) for n in range(5)]
    for key in keys:
        cache.write("things", key, b"data")
    kept = {path.name for path in kind.iterdir()}
    assert set(planted) | {f"{n:064x}" for n in (4, 5, 6)} <= kept
    assert [k for k in keys if k in kept] == keys[-2:]
    assert untouched(precious)


def test_stale_temporaries_of_dukecs_naming_are_removed(folder: Path) -> None:
    cache.write("things", cache.key(["x"]), b"data")
    stale = folder / "things" / f".{cache.key(['y'])}.0123abcd.tmp"
    young = folder / "things" / f".{cache.key(['z'])}.0123abcd.tmp"
    for path in (stale, young):
        path.write_bytes(b"half an entry")
    os.utime(stale, (1, 1))
    cache.write("things", cache.key(["w"]), b"data")
    assert not stale.exists() and young.exists()


# === Entries that check out, or seem to ===


def sha256_headers(entry: str, payload: bytes) -> list[bytes]:
    """The headers an entry had before it was keyed by the cache's secret, in this format and
    the earlier one: anyone could make them."""
    import hashlib

    digest = hashlib.sha256(payload).hexdigest()
    return [f"dukec-cache-{n} {entry} {digest}\n".encode() + payload for n in (1, 2)]


def test_planted_parser_code_is_never_run(folder: Path, tmp_path: Path) -> None:
    import marshal

    parser.cached_parser()
    (entry,) = (folder / "parser").iterdir()
    marker = tmp_path / "ran"
    code = compile(f"open({str(marker)!r}, 'w').close()", "<planted>", "exec")
    for planted in sha256_headers(entry.name, marshal.dumps(code)):
        entry.write_bytes(planted)
        _module, built = standalone.runtime(
            parser.grammar_text(), parser.OPTIONS, parser.build_parser
        )
        assert built.parse("tile A {\n}\n") is not None
        assert not marker.exists()


def test_a_forged_tile_set_entry_is_not_trusted(folder: Path, fresh: str) -> None:
    load_tileset(TILES)
    entry = folder / "tilesets" / tileset_entry()
    forged = b'{"format": "duke-tileset/1", "tiles": [{"name": "Knight", "count": -3}]}'
    for planted in sha256_headers(entry.name, forged):
        entry.write_bytes(planted)
        assert dumps(load_tileset(TILES)) == fresh
        entry.write_bytes(planted)
        result = CliRunner().invoke(main, ["show", "Knight"])
        assert result.exit_code == 0, result.output


def test_a_damaged_secret_is_made_again(folder: Path) -> None:
    key = cache.key(["x"])
    cache.write("things", key, b"data")
    secret = folder / cache.SECRET
    for damage in (lambda: secret.write_bytes(b"short"), lambda: secret.chmod(0o644)):
        damage()
        assert cache.read("things", key) is None  # its entries are not trusted any more
        cache.write("things", key, b"data")
        assert cache.read("things", key) == b"data"
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600 and len(secret.read_bytes()) == 32


def test_a_secret_that_is_a_link_is_replaced(folder: Path, tmp_path: Path) -> None:
    precious = user_file(tmp_path)
    cache.write("things", cache.key(["make the cache"]), b"data")
    (folder / cache.SECRET).unlink()
    (folder / cache.SECRET).symlink_to(precious)
    key = cache.key(["x"])
    cache.write("things", key, b"data")
    assert cache.read("things", key) == b"data"
    assert untouched(precious) and not (folder / cache.SECRET).is_symlink()


# === Where it lives, and clearing it ===


@pytest.fixture
def runner() -> Iterator[CliRunner]:
    yield CliRunner()


def test_the_cache_command_says_where_it_is_and_what_it_holds(
    folder: Path, runner: CliRunner
) -> None:
    load_tileset(TILES)
    result = runner.invoke(main, ["cache"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"cache: {folder} (in use)"
    assert any(line.startswith("  tilesets: 1 entry, ") for line in lines[1:])


def test_clearing_removes_dukecs_entries_only(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    load_tileset(TILES)
    planted = folder / "tilesets" / "notes.txt"
    planted.write_text("mine\n")
    result = runner.invoke(main, ["cache", "--clear"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("cache: removed 1 entry (")
    assert result.stdout.endswith(f") from {folder}\n")
    assert [p.name for p in (folder / "tilesets").iterdir()] == ["notes.txt"]
    again = runner.invoke(main, ["cache"])
    assert "  tilesets: 0 entries, 0 bytes" in again.stdout.splitlines()


def test_the_cache_command_when_off_and_when_refused(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.OFF_ENV, "1")
    assert runner.invoke(main, ["cache"]).stdout == "cache: off (DUKEC_NO_CACHE=1)\n"
    monkeypatch.delenv(cache.OFF_ENV)
    folder.mkdir()
    (folder / "mine.txt").write_text("mine\n")
    result = runner.invoke(main, ["cache", "--clear"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder}: error: nothing cleared: the cache is not used: {folder} is not dukec's "
        f"cache (it holds other files and no CACHEDIR.TAG of dukec's); set DUKEC_CACHE_DIR to "
        f"a new or empty directory\n"
    )
    assert (folder / "mine.txt").read_text() == "mine\n"


def test_a_new_cache_made_by_many_at_once_is_used_by_all(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    writers = 8
    start = threading.Barrier(writers)
    found: list[bytes] = []

    def write(number: int) -> None:
        key = cache.key([str(number)])
        start.wait()
        cache.write("things", key, b"payload %d" % number)
        found.append(cache.read("things", key) or b"")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(found) == sorted(b"payload %d" % n for n in range(writers))
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "making",
    [
        [".CACHEDIR.TAG.0123456789ab.tmp"],  # another is writing the tag
        [".CACHEDIR.TAG.0123456789ab.tmp", ".secret.ba9876543210.tmp"],
    ],
)
def test_a_cache_another_process_is_making_this_moment_is_used(
    folder: Path, capsys: pytest.CaptureFixture[str], making: list[str]
) -> None:
    # Caught as it is made: the other's temporaries are there, and no tag yet.
    folder.mkdir(mode=0o700)
    for name in making:
        (folder / name).write_bytes(b"half")
    key = cache.key(["x"])
    cache.write("things", key, b"data")
    assert cache.read("things", key) == b"data"
    assert capsys.readouterr().err == ""
    assert (folder / cache.TAG).read_bytes().startswith(b"Signature: ")


def test_a_tag_linked_in_place_between_a_read_and_a_listing_is_read_again(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The other process links its tag in place after this one found none: the listing shows
    # the tag (and the other's secret being written), and the tag is read again, not refused.
    folder.mkdir(mode=0o700)
    listdir = os.listdir
    made: list[bool] = []

    def late(path: Any) -> list[str]:
        if not made:
            made.append(True)
            (folder / cache.TAG).write_bytes(cache._TAG_TEXT)
            (folder / ".secret.0123456789ab.tmp").write_bytes(b"half")
        return listdir(path)

    monkeypatch.setattr(os, "listdir", late)
    key = cache.key(["x"])
    cache.write("things", key, b"data")
    assert cache.read("things", key) == b"data"
    assert made and capsys.readouterr().err == ""


def test_a_foreign_file_named_like_no_temporary_still_refuses(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder.mkdir(mode=0o700)
    for name in (".CACHEDIR.TAG.tmp", ".secret.xyz.tmp", ".notes.0123456789ab.tmp"):
        (folder / name).write_bytes(b"mine")
        cache.write("things", cache.key(["x"]), b"data")
        assert "is not dukec's cache" in capsys.readouterr().err
        cache._warned.clear()
        (folder / name).unlink()


def test_a_hard_link_at_an_entry_is_replaced_and_never_pruned(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    precious = user_file(tmp_path)
    key = cache.key(["x"])
    (folder / "things").mkdir(parents=True)
    os.link(precious, folder / "things" / key)
    assert cache.read("things", key) is None
    cache.write("things", key, b"data")
    assert untouched(precious) and precious.stat().st_nlink == 1
    other = cache.key(["y"])
    os.link(precious, folder / "things" / other)
    monkeypatch.setattr(cache, "KEEP", 0)
    cache.write("things", cache.key(["z"]), b"data")  # prunes everything of dukec's
    assert untouched(precious) and (folder / "things" / other).exists()


def test_a_socket_at_an_entry_is_not_read(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    key = cache.key(["x"])
    (folder / "things").mkdir(parents=True)
    monkeypatch.chdir(folder / "things")  # a socket's path is at most 108 bytes: bound here
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listening.bind(key)
        assert returns(lambda: cache.read("things", key)) is None
    finally:
        listening.close()


def test_a_cache_directory_that_is_a_link_to_nothing_is_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cache").symlink_to(tmp_path / "nowhere")
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "cache"))
    cache.write("things", cache.key(["x"]), b"data")
    assert not (tmp_path / "nowhere").exists()
    assert cache.state() == f"not used: {tmp_path / 'cache'} is a symbolic link, not a directory"
