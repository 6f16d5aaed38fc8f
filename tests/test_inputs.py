"""Every reader takes regular files only, within the size limit whatever size a file reports:
a FIFO, a device, a socket or a link to nothing is one error line naming the path, never a
hang or a read without end, and a bad entry in a directory of sources is reported, not
skipped. Nodes are made inside the test's own directory."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import socket
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec import textfile
from dukec.cli import main

REPO = Path(__file__).resolve().parents[1]
ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="making device nodes (os.mknod) needs root")
NULL = os.makedev(1, 3)


def _run(*args: str, env: dict[str, str] | None = None, input: str = "") -> Any:
    return CliRunner().invoke(main, list(args), input=input, env=env)


@contextlib.contextmanager
def rescue(fifo: Path, after: float = 20.0) -> Iterator[None]:
    """Should a reader wait on ``fifo`` for a writer, open its other end after a while (and
    again, for a reader that opens it again), so that the test fails instead of hanging."""
    done = threading.Event()

    def release() -> None:
        if done.wait(after):
            return
        while not done.is_set():
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            done.wait(0.2)

    helper = threading.Thread(target=release, daemon=True)
    helper.start()
    try:
        yield
    finally:
        done.set()
        helper.join()


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "in.duke"
    os.mkfifo(path)
    return path


def test_check_of_a_fifo_does_not_wait(fifo: Path) -> None:
    with rescue(fifo):
        result = _run("check", str(fifo))
    assert result.exit_code == 1
    assert result.stderr == f"{fifo}: error: is a FIFO, not a file\n1 error\n"


def _sources(tmp_path: Path) -> Path:
    folder = tmp_path / "tiles"
    shutil.copytree(REPO / "tiles", folder, ignore=shutil.ignore_patterns("__init__.py"))
    return folder


def test_a_fifo_among_the_sources_is_an_error_not_a_hang(tmp_path: Path) -> None:
    folder = _sources(tmp_path)
    os.mkfifo(folder / "pipe.duke")
    with rescue(folder / "pipe.duke"):
        result = _run("check", str(folder))
    assert result.exit_code == 1
    assert result.stderr == f"{folder}/pipe.duke: error: is a FIFO, not a file\n1 error\n"


def test_a_dangling_link_among_the_sources_is_an_error(tmp_path: Path) -> None:
    folder = _sources(tmp_path)
    (folder / "gone.duke").symlink_to("moved/away.duke")
    result = _run("check", str(folder))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder}/gone.duke: error: a symbolic link to moved/away.duke, which does not exist\n"
        "1 error\n"
    )


def test_a_link_loop_among_the_sources_is_an_error(tmp_path: Path) -> None:
    folder = _sources(tmp_path)
    (folder / "loop.duke").symlink_to("loop.duke")
    result = _run("build", str(folder), "-o", str(tmp_path / "set.json"))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder}/loop.duke: error: cannot read: too many levels of symbolic links\n1 error\n"
    )
    assert not (tmp_path / "set.json").exists()


def test_a_link_to_a_source_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "footsoldier.duke").symlink_to(REPO / "tests/balance/tiles/footsoldier.duke")
    result = _run("check", str(folder))
    assert result.exit_code == 0
    assert result.stdout == "ok: 1 tile on top of the base set (22 tiles, 9 sets)\n"


@needs_root
def test_a_device_among_the_sources_is_an_error(tmp_path: Path) -> None:
    folder = _sources(tmp_path)
    os.mknod(folder / "null.duke", stat.S_IFCHR | 0o666, NULL)
    result = _run("check", str(folder))
    assert result.exit_code == 1
    assert (
        result.stderr == f"{folder}/null.duke: error: is a character device, not a file\n1 error\n"
    )


def test_a_socket_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "s.duke"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        result = _run("check", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}: error: is a socket, not a file\n1 error\n"


def test_the_size_a_file_reports_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /proc's files say they hold 0 bytes and hold more: the limit counts what is read.
    link = tmp_path / "proc.duke"
    link.symlink_to("/proc/self/cmdline")
    assert Path("/proc/self/cmdline").stat().st_size == 0
    monkeypatch.setattr(textfile, "MAX_FILE_BYTES", 8)
    result = _run("check", str(link))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{link}: error: file too large: more than 8 bytes (at most 8 bytes)\n1 error\n"
    )


def test_standard_input_is_read_within_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[" * 100)))
    with pytest.raises(textfile.NotReadable) as caught:
        textfile.read_stdin(8)
    assert str(caught.value) == "file too large: more than 8 bytes (at most 8 bytes)"


READERS = {
    "moves": lambda f: ["moves", str(f)],
    "perft": lambda f: ["perft", "--depth", "1", str(f)],
    "replay": lambda f: ["replay", str(f)],
    "render --position": lambda f: ["render", "--position", str(f), "-o", "x.svg"],
    "render --stats": lambda f: ["render", "Footman", "--stats", str(f), "-o", "cards"],
    "show --set": lambda f: ["show", "Footman", "--set", str(f)],
    "balance --ratings": lambda f: ["balance", "-n", "2", "--ratings", str(f)],
    "balance --check": lambda f: ["balance", "--check", str(f)],
    "recheck": lambda f: ["recheck", str(f)],
    "value --manifest": lambda f: ["value", "Footman", "-n", "2", "--manifest", str(f)],
    "ladder --out": lambda f: ["ladder", "-n", "2", "--policies", "random,greedy", "--out", str(f)],
}
"""Each command that reads a file, given the file."""


@pytest.mark.parametrize("reader", list(READERS))
def test_no_reader_waits_on_a_fifo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reader: str
) -> None:
    path = tmp_path / "input.json"
    os.mkfifo(path)
    monkeypatch.chdir(tmp_path)
    with rescue(path):
        result = _run(*READERS[reader](path))
    assert result.exit_code == 1, result.output
    assert f"{path}" in result.stderr
    assert "FIFO" in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2, result.stderr
    assert stat.S_ISFIFO(path.lstat().st_mode)


#: The files read and then written again: where nothing is stored yet, they start empty.
REWRITTEN = ("value --manifest", "ladder --out", "balance --ratings")


@pytest.mark.parametrize("reader", [r for r in READERS if r not in REWRITTEN])
def test_no_reader_follows_a_link_to_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reader: str
) -> None:
    path = tmp_path / "input.json"
    path.symlink_to("nowhere.json")
    monkeypatch.chdir(tmp_path)
    result = _run(*READERS[reader](path))
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    last = result.stderr.strip().splitlines()[-1]
    assert last in (
        f"{path}: error: a symbolic link to nowhere.json, which does not exist",
        f"{path}: error: a symbolic link to nowhere.json, which does not exist\n1 error",
        "1 error",
    ) or last.endswith(f"'{path}' does not exist."), result.stderr
    assert not (tmp_path / "nowhere.json").exists()


def test_a_manifest_behind_a_link_to_nothing_yet_is_made_there(tmp_path: Path) -> None:
    (tmp_path / "kept").mkdir()
    link = tmp_path / "balance.toml"
    link.symlink_to("kept/balance.toml")
    result = _run(
        "value", "Pikeman", "-n", "2", "-j", "1", "--policy", "random", "--no-progress",
        "--manifest", str(link),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "[[experiment]]" in (tmp_path / "kept" / "balance.toml").read_text()


def test_a_values_file_that_is_a_fifo(tmp_path: Path) -> None:
    path = tmp_path / "values.json"
    os.mkfifo(path)
    with rescue(path):
        result = _run(
            "balance", "-n", "2", "-j", "1", "--policy", "search@5", env={"DUKEC_VALUES": str(path)}
        )
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: {path}: error: is a FIFO, not a file\n"


def test_a_record_line_is_read_within_the_file_limit(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    header = {"format": "duke-game/1", "set": "base", "seed": 0}
    record.write_text(json.dumps(header) + "\n" + "[" * 50 + "\n")
    result = _run("replay", str(record))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
