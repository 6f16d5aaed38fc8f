"""`dukec play` in a real terminal (tmux): a person plays a new tile against the search, to the
end of the game, asking for help, a tile's grids and the legal moves on the way."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from tests.docs.blocks import REPO

PROMPT = "your action (help, moves, show TILE, quit):"
#: How long the whole game may take, and how long one answer may.
GAME_SECONDS = 120.0
ANSWER_SECONDS = 20.0


class Terminal:
    """A tmux session of its own (its own server socket), read and typed into."""

    def __init__(self, socket: Path, folder: Path, command: str) -> None:
        self.base = ["tmux", "-S", str(socket)]
        subprocess.run(
            [*self.base, "new-session", "-d", "-x", "220", "-y", "50", "-c", str(folder), command],
            check=True,
        )

    def screen(self) -> str:
        """Everything the terminal has shown (its history too)."""
        shown = subprocess.run(
            [*self.base, "capture-pane", "-p", "-J", "-S", "-100000"],
            check=True,
            capture_output=True,
            text=True,
        )
        return shown.stdout

    def type(self, line: str) -> None:
        subprocess.run([*self.base, "send-keys", "-l", line], check=True)
        subprocess.run([*self.base, "send-keys", "Enter"], check=True)

    def wait(self, prompts: int) -> str:
        """The screen once it shows more than ``prompts`` prompts, or the program's end."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while time.monotonic() < deadline:
            text = self.screen()
            if text.count(PROMPT) > prompts or "EXIT " in text:
                return text
            time.sleep(0.05)
        raise AssertionError(f"no answer within {ANSWER_SECONDS} s:\n{self.screen()[-3000:]}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], check=False, capture_output=True)


def _after_last_prompt(text: str, typed: str) -> str:
    """What the program printed after the person typed ``typed`` at the last prompt but one."""
    before, _, _ = text.rpartition(PROMPT)
    _, _, answer = before.rpartition(PROMPT + " " + typed)
    return answer.strip()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_person_plays_a_new_tile_against_the_search_to_the_end(tmp_path: Path) -> None:
    (tmp_path / "my").mkdir()
    shutil.copyfile(REPO / "tests" / "docs" / "fixtures" / "paladin.duke", tmp_path / "my/p.duke")
    command = shlex.join(
        [
            sys.executable,
            "-m",
            "dukec",
            "play",
            "--policy",
            "search",
            "--replace",
            "Knight=Paladin",
            "--set",
            "my/",
            "--seed",
            "4",
            "--record",
            "game.jsonl",
        ]
    )
    terminal = Terminal(tmp_path / "tmux.sock", tmp_path, f"{command}; echo EXIT $?; sleep 60")
    try:
        text = terminal.wait(0)
        assert "game: Paladin in place of Knight in your army" in text
        assert "players: human vs search" in text
        terminal.type("help")
        text = terminal.wait(1)
        assert "show TILE (its grids)" in _after_last_prompt(text, "help")
        terminal.type("show Paladin")
        text = terminal.wait(2)
        assert "Paladin (troop, count 1)" in _after_last_prompt(text, "show Paladin")
        prompts = 3
        ended = time.monotonic() + GAME_SECONDS
        placements = 0
        while "EXIT " not in text:
            assert time.monotonic() < ended, f"the game did not end:\n{text[-3000:]}"
            last = text.rpartition(PROMPT)[0].rpartition("\n")[0].splitlines()
            if last and last[-1].startswith("place "):
                # After a draw (and in set-up) the prompt says where the tile may go.
                terminal.type(last[-1].split("type one of ", 1)[1].split(", ")[0])
                placements += 1
            else:
                terminal.type("moves")
                text = terminal.wait(prompts)
                prompts += 1
                terminal.type(_after_last_prompt(text, "moves").split()[0])
            text = terminal.wait(prompts)
            prompts += 1
        assert "EXIT 0" in text
        assert "result: " in text
        assert placements >= 2  # the two Footmen of set-up, at least
    finally:
        terminal.close()
    replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "game.jsonl")])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.startswith("game: Paladin in place of Knight\n")
