"""`dukec lsp` as a command: its help, and one line when the lsp extra is missing."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.commands import editor_cmds


def test_lsp_has_help() -> None:
    result = CliRunner().invoke(main, ["lsp", "--help"])
    assert result.exit_code == 0
    assert "Run the language server for .duke files over stdin and stdout" in result.stdout


def test_lsp_without_pygls_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def missing(name: str) -> None:
        asked.append(name)

    monkeypatch.setattr(editor_cmds, "find_spec", missing)
    result = CliRunner().invoke(main, ["lsp"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == "Error: the language server needs pygls: pip install 'dukec[lsp]'\n"
    assert asked == ["pygls"]
