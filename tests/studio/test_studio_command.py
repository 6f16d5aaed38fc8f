"""`dukec studio` at the command line: options, errors, and a real server that stops on Ctrl-C."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from dukec.cli import main
from tests.conftest import REPO
from tests.signals import default_interrupt
from tests.studio.conftest import PALADIN


def test_help() -> None:
    result = CliRunner().invoke(main, ["studio", "--help"])
    assert result.exit_code == 0
    assert "--no-open" in result.stdout and "--port" in result.stdout


def test_unknown_game_set() -> None:
    result = CliRunner().invoke(main, ["studio", "--game", "nope", "--no-open"])
    assert result.exit_code == 2
    assert "Invalid value for --game: no game set 'nope' in the tile set" in result.stderr


def test_port_out_of_range() -> None:
    result = CliRunner().invoke(main, ["studio", "--port", "70000", "--no-open"])
    assert result.exit_code == 2
    assert "'--port': 70000 is not in the range 0<=x<=65535" in result.stderr


def test_port_in_use() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["studio", "--port", str(port), "--no-open"])
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot listen on 127.0.0.1:{port}: address already in use\n"


def test_set_with_errors(tmp_path: Path) -> None:
    (tmp_path / "bad.duke").write_text("tile X {\n")
    result = CliRunner().invoke(main, ["studio", "--set", str(tmp_path), "--no-open"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{tmp_path / 'bad.duke'}:1:9: error: ")


def test_serves_the_set_and_saves_into_its_folder(tmp_path: Path) -> None:
    designs = tmp_path / "designs"
    designs.mkdir()
    for source in (REPO / "tiles").glob("*.duke"):
        (designs / source.name).write_text(source.read_text())
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dukec",
            "studio",
            "--set",
            str(designs),
            "--port",
            "0",
            "--no-open",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_interrupt,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("dukec studio: http://127.0.0.1:")
        assert line.endswith(f"(saving into {designs}; Ctrl-C stops)\n")
        url = line.split()[2]
        with urllib.request.urlopen(f"{url}api/tiles", timeout=30) as answer:
            names = [tile["name"] for tile in json.load(answer)["tiles"]]
        assert "Knight" in names and "Paladin" not in names
        request = urllib.request.Request(
            f"{url}api/save",
            data=json.dumps({"source": PALADIN}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 201
        assert (designs / "paladin.duke").read_text() == PALADIN
    finally:
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert err == "dukec studio: stopped\n"


def test_the_page_files_are_package_data() -> None:
    import fnmatch
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    setuptools = config["tool"]["setuptools"]
    assert "dukec.studio.static" in setuptools["packages"]
    patterns = setuptools["package-data"]["dukec.studio.static"]
    static = REPO / "dukec" / "studio" / "static"
    files = [path.relative_to(static).as_posix() for path in static.iterdir()]
    assert files and all(any(fnmatch.fnmatch(f, p) for p in patterns) for f in files)


def test_starts_on_a_new_folder_and_reads_back_what_it_saves(tmp_path: Path) -> None:
    designs = tmp_path / "new" / "designs"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dukec",
            "studio",
            "--set",
            str(designs),
            "--port",
            "0",
            "--no-open",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_interrupt,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.endswith(f"(saving into {designs}; Ctrl-C stops)\n"), line
        assert designs.is_dir()
        url = line.split()[2]
        request = urllib.request.Request(
            f"{url}api/save",
            data=json.dumps({"source": PALADIN}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 201
        # The set is read again: the saved tile is one of its tiles, and the folder's file.
        with urllib.request.urlopen(f"{url}api/tiles/Paladin", timeout=30) as answer:
            tile = json.load(answer)
        assert tile["file"] == "paladin.duke" and tile["source"] == PALADIN
        with urllib.request.urlopen(f"{url}api/folder", timeout=30) as answer:
            files = json.load(answer)["files"]
        assert [(f["file"], f["tiles"]) for f in files] == [("paladin.duke", ["Paladin"])]
        with urllib.request.urlopen(url, timeout=30) as answer:
            page = answer.read().decode()
        assert '"open": {"file": "paladin.duke"' in page
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    assert process.returncode == 0
