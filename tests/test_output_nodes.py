"""No command replaces what an output path points at: a device is written through (or fails
with its own error, a full disk "no space left"), a FIFO is written through or refused when
nothing reads it, a symbolic link stays a link, and a disk or a socket is refused before any
work. Every node here is made inside the test's own directory; nothing under /dev is touched.
"""

from __future__ import annotations

import json
import os
import select
import socket
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main

REPO = Path(__file__).resolve().parents[1]
ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="making device nodes (os.mknod) needs root")

#: The device numbers of /dev/null and /dev/full, and of a block device no driver answers
#: (major 240 is for local, experimental use), so that a mistake could not reach a disk.
NULL, FULL, NO_DISK = os.makedev(1, 3), os.makedev(1, 7), os.makedev(240, 0)

POSITION = {
    "to_move": 0,
    "board": [
        {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
        {"tile": "Duke", "owner": 1, "side": "front", "at": "d6"},
    ],
    "bags": [["Footman"], ["Footman"]],
}


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), input="")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A compiled tile set, a game record and a position."""
    folder = tmp_path_factory.mktemp("inputs")
    assert _run("build", str(REPO / "tiles"), "-o", str(folder / "set.json")).exit_code == 0
    played = _run(
        "play", "--first", "random", "--second", "random", "--seed", "3", "--quiet",
        "--record", str(folder / "game.jsonl"),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    (folder / "position.json").write_text(json.dumps(POSITION))
    return folder


#: Each writing command, given where to write (a file, or a folder holding the file named).
WRITERS: dict[str, tuple[Callable[[Path, Path], list[str]], str | None]] = {
    "build": (lambda i, o: ["build", str(REPO / "tiles"), "-o", str(o)], None),
    "decompile": (lambda i, o: ["decompile", str(i / "set.json"), "-o", str(o)], None),
    "play --record": (
        lambda i, o: [
            "play",
            "--first",
            "random",
            "--second",
            "random",
            "--seed",
            "1",
            "--quiet",
            "--record",
            str(o),
        ],
        None,
    ),
    "replay --html": (lambda i, o: ["replay", str(i / "game.jsonl"), "--html", str(o)], None),
    "render --position": (
        lambda i, o: ["render", "--position", str(i / "position.json"), "-o", str(o)],
        None,
    ),
    "render cards": (lambda i, o: ["render", "Footman", "-o", str(o)], "footman.svg"),
    "fit-values": (
        lambda i, o: ["fit-values", "-n", "10", "--policy", "random", "-o", str(o)],
        None,
    ),
    "balance --report": (
        lambda i, o: ["balance", "-n", "2", "-j", "1", "--no-progress", "--report", str(o)],
        "balance.json",
    ),
    "value --out": (
        lambda i, o: [
            "value",
            "Pikeman",
            "-n",
            "2",
            "-j",
            "1",
            "--policy",
            "random",
            "--no-progress",
            "--out",
            str(o),
        ],
        None,
    ),
}


def _place(tmp_path: Path, writer: str) -> tuple[Path, Path]:
    """(the path given to the command, the node it writes) for ``writer``."""
    inside = WRITERS[writer][1]
    if inside is None:
        return tmp_path / "out.svg", tmp_path / "out.svg"
    (tmp_path / "out").mkdir()
    return tmp_path / "out", tmp_path / "out" / inside


def _invoke(inputs: Path, writer: str, given: Path) -> Any:
    return _run(*WRITERS[writer][0](inputs, given))


@needs_root
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_null_device_is_written_through_not_replaced(
    inputs: Path, tmp_path: Path, writer: str
) -> None:
    given, node = _place(tmp_path, writer)
    os.mknod(node, stat.S_IFCHR | 0o666, NULL)
    result = _invoke(inputs, writer, given)
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(node.lstat().st_mode) and node.lstat().st_rdev == NULL
    assert [p.name for p in node.parent.iterdir() if p.name.startswith(".")] == []


@needs_root
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_full_device_fails_with_no_space_left(inputs: Path, tmp_path: Path, writer: str) -> None:
    given, node = _place(tmp_path, writer)
    os.mknod(node, stat.S_IFCHR | 0o666, FULL)
    result = _invoke(inputs, writer, given)
    assert result.exit_code == 1, result.output
    assert f"{node}: error: cannot write: no space left on device\n" in result.stderr
    assert "wrote" not in result.output
    assert stat.S_ISCHR(node.lstat().st_mode) and node.lstat().st_rdev == FULL


@pytest.mark.parametrize("writer", ["build", "replay --html", "render cards"])
def test_a_fifo_nobody_reads_is_refused_at_once(inputs: Path, tmp_path: Path, writer: str) -> None:
    given, node = _place(tmp_path, writer)
    os.mkfifo(node)
    result = _invoke(inputs, writer, given)
    assert result.exit_code == 1, result.output
    assert result.stderr.endswith(f"{node}: error: cannot write: no process reads this FIFO\n")
    assert stat.S_ISFIFO(node.lstat().st_mode)


class _Drain:
    """A reader at a FIFO's other end, from before the command opens it until it is done."""

    def __init__(self, fifo: Path) -> None:
        self.handle = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.data = bytearray()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._read)
        self.thread.start()

    def _read(self) -> None:
        while True:
            readable, _, _ = select.select([self.handle], [], [], 0.05)
            part = os.read(self.handle, 65536) if readable else b""
            self.data += part
            if not part and self.done.is_set():
                # What came after the last look (on a loaded machine, after a select that timed
                # out) is still in the pipe: read it all before stopping.
                self._drain()
                return
            if not part:
                self.done.wait(0.01)

    def _drain(self) -> None:
        while True:
            try:
                part = os.read(self.handle, 65536)
            except BlockingIOError:
                return
            if not part:
                return
            self.data += part

    def close(self) -> bytes:
        if not self.done.is_set():
            self.done.set()
            self.thread.join(timeout=30)
            os.close(self.handle)
        return bytes(self.data)


@pytest.fixture
def drain() -> Iterator[Callable[[Path], _Drain]]:
    opened: list[_Drain] = []

    def start(fifo: Path) -> _Drain:
        opened.append(_Drain(fifo))
        return opened[-1]

    yield start
    for reader in opened:
        reader.close()


@pytest.mark.parametrize("writer", ["build", "decompile", "render --position"])
def test_a_fifo_with_a_reader_gets_the_output(
    inputs: Path, tmp_path: Path, writer: str, drain: Callable[[Path], _Drain]
) -> None:
    given, node = _place(tmp_path, writer)
    os.mkfifo(node)
    reader = drain(node)
    result = _invoke(inputs, writer, given)
    assert result.exit_code == 0, result.output
    data = reader.close()
    expected = tmp_path / "expected.svg"
    assert _invoke(inputs, writer, expected).exit_code == 0
    assert data == expected.read_bytes()
    assert stat.S_ISFIFO(node.lstat().st_mode)


@pytest.mark.parametrize("writer", ["build", "play --record", "render cards", "value --out"])
def test_a_link_to_a_file_stays_a_link(inputs: Path, tmp_path: Path, writer: str) -> None:
    given, node = _place(tmp_path, writer)
    target = tmp_path / "elsewhere" / "target"
    target.parent.mkdir()
    target.write_text("old\n")
    target.chmod(0o640)
    node.symlink_to(os.path.relpath(target, node.parent))
    result = _invoke(inputs, writer, given)
    assert result.exit_code == 0, result.output
    assert node.is_symlink() and node.resolve() == target
    assert target.read_text() != "old\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["target"]


def test_a_link_to_nothing_yet_makes_its_target(tmp_path: Path) -> None:
    (tmp_path / "built").mkdir()
    link = tmp_path / "set.json"
    link.symlink_to("built/tileset.json")
    result = _run("build", str(REPO / "tiles"), "-o", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert json.loads((tmp_path / "built" / "tileset.json").read_text())["tiles"]


def test_a_link_into_a_missing_folder_is_refused_before_the_work(tmp_path: Path) -> None:
    link = tmp_path / "game.jsonl"
    link.symlink_to("nowhere/game.jsonl")
    result = _run("play", "--first", "random", "--second", "random", "--record", str(link))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"{link}: error: cannot write: it is a symbolic link to nowhere/game.jsonl, in no "
        "existing directory\n"
    )
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


@needs_root
def test_a_disk_is_refused_before_any_work(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    os.mknod(disk, stat.S_IFBLK | 0o600, NO_DISK)
    result = _run("play", "--first", "random", "--second", "random", "--record", str(disk))
    assert result.exit_code == 1
    assert result.stdout == ""  # not a turn was played
    assert result.stderr == (
        f"{disk}: error: cannot write: it is a block device (a disk); dukec writes files, "
        "character devices and FIFOs\n"
    )
    assert stat.S_ISBLK(disk.lstat().st_mode) and disk.lstat().st_rdev == NO_DISK


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        result = _run("build", str(REPO / "tiles"), "-o", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}: error: cannot write: it is a socket; dukec writes files, character devices "
        "and FIFOs\n"
    )


def test_a_full_disk_is_an_error_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "set.json"
    out.write_text("old\n")

    def full(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = _run("build", str(REPO / "tiles"), "-o", str(out))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == f"{out}: error: cannot write: no space left on device\n"
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.json"]


@pytest.mark.parametrize("kind", ["symbolic", "hard"])
def test_a_link_to_an_input_is_the_input(tmp_path: Path, kind: str) -> None:
    source = tmp_path / "t.duke"
    source.write_text((REPO / "tiles" / "footman.duke").read_text())
    out = tmp_path / "out.json"
    if kind == "symbolic":
        out.symlink_to("t.duke")
    else:
        out.hardlink_to(source)
    result = _run("build", str(source), "-o", str(out))
    assert result.exit_code == 2
    assert f"output '{out}' is one of the inputs" in result.stderr
    assert source.read_text() == (REPO / "tiles" / "footman.duke").read_text()


def test_fmt_rewrites_a_linked_source_where_it_lies(tmp_path: Path) -> None:
    (tmp_path / "kept").mkdir()
    real = tmp_path / "kept" / "footman.duke"
    real.write_text((REPO / "tiles" / "footman.duke").read_text().replace("    ", "  "))
    (tmp_path / "mine").mkdir()
    link = tmp_path / "mine" / "footman.duke"
    link.symlink_to(real)
    result = _run("fmt", str(tmp_path / "mine"))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert real.read_text() == (REPO / "tiles" / "footman.duke").read_text()
