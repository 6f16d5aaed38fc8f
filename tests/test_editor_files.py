"""The files editors and pre-commit read: the TextMate grammar, the VS Code extension folder
and the pre-commit hooks.

The grammar's regular expressions are Oniguruma's in editors; they use only what Python's `re`
reads the same way (classes, alternations, anchors, word boundaries), so `re` checks them here.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from click.testing import CliRunner

from dukec.cli import main
from dukec.compiler.check_tiles import TILE_KEYWORDS
from dukec.compiler.vocabulary import Ability
from tests.base_icons import BASE
from tests.conftest import REPO
from tests.lsp.sources import FORMATTED, UNFORMATTED

EXTENSION = REPO / "editors" / "vscode"
GRAMMAR = EXTENSION / "syntaxes" / "duke.tmLanguage.json"
HOOKS = REPO / ".pre-commit-hooks.yaml"


def grammar() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    return data


def rule(name: str) -> dict[str, Any]:
    found: dict[str, Any] = grammar()["repository"][name]
    return found


def regexes(node: object) -> list[str]:
    """Every regular expression in a grammar node."""
    if isinstance(node, dict):
        found = [node[key] for key in ("match", "begin", "end") if key in node]
        return found + [r for value in node.values() for r in regexes(value)]
    if isinstance(node, list):
        return [r for value in node for r in regexes(value)]
    return []


def scopes(node: object) -> set[str]:
    """Every scope name a grammar node gives."""
    if isinstance(node, dict):
        found = {node["name"]} if isinstance(node.get("name"), str) else set()
        return found.union(*(scopes(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(scopes(value) for value in node))
    return set()


# === TextMate grammar ===


def test_the_grammar_is_json_for_duke_files() -> None:
    data = grammar()
    assert data["scopeName"] == "source.duke"
    assert data["fileTypes"] == ["duke"]
    included = {p["include"].lstrip("#") for p in data["patterns"]}
    assert included == set(data["repository"])


def test_every_regex_compiles() -> None:
    found = regexes(grammar())
    assert len(found) > 20
    for pattern in found:
        re.compile(pattern)


def test_the_expected_scopes_are_there() -> None:
    assert {
        "comment.line.number-sign.duke",
        "storage.type.tile.duke",
        "entity.name.type.tile.duke",
        "entity.name.type.set.duke",
        "keyword.other.duke",
        "keyword.other.own-square.duke",
        "constant.numeric.integer.duke",
        "constant.numeric.roman.duke",
        "constant.character.glyph.move.duke",
        "invalid.illegal.glyph.duke",
        "entity.name.type.tile.reference.duke",
        "constant.other.square.duke",
        "constant.language.boolean.duke",
    } <= scopes(grammar())


def test_the_grid_knows_every_glyph() -> None:
    grid = rule("grid")
    assert re.match(grid["begin"], "    front {  # the starting side")
    assert re.match(grid["begin"], "back {")
    assert re.match(grid["end"], "    }")
    glyphs = {
        p["match"]: p["name"]
        for p in grid["patterns"]
        if "match" in p and p["name"].startswith("constant.character.glyph.")
    }
    # The base box's glyphs by their icons; any other letter is a declared icon's glyph.
    assert glyphs == {
        **{
            icon.glyph: f"constant.character.glyph.{icon.value.replace('_', '-')}.duke"
            for icon in BASE
        },
        "[A-Za-z]": "constant.character.glyph.duke",
    }
    illegal = grid["patterns"][-1]
    assert illegal["name"] == "invalid.illegal.glyph.duke"
    assert re.fullmatch(illegal["match"], "%") and not re.fullmatch(illegal["match"], " ")


@pytest.mark.parametrize(
    ("name", "line", "groups"),
    [
        ("tile-header", "tile Oracle {", ("tile", "Oracle", "{")),
        ("tile-header", "  terrain Flag {  # a flag", ("terrain", "Flag", "{")),
        ("set-header", "set counting-coup {", ("set", "counting-coup", "{")),
        ("ability", "    ability II divination on back", ("ability", "II", "divination")),
        ("ability", "    ability ransom", ("ability", None, "ransom")),
        ("rule", "    rule duke_capture_wins false", ("rule", "duke_capture_wins")),
        ("board", "    board 6 x 6", ("board", "6", "x", "6")),
        ("comment", "# lint: allow same-sides", ("#",)),
    ],
)
def test_a_rules_captures(name: str, line: str, groups: tuple[str | None, ...]) -> None:
    match = re.search(rule(name)["match"], line)
    assert match is not None and match.groups() == groups


def test_keywords_numerals_and_abilities() -> None:
    keyword = re.compile(rule("keyword")["match"])
    statements = [*TILE_KEYWORDS, "board", "optional", "terrain", "rule", "army", "start", "bag"]
    statements += ["win", "freeze", "beside", "on", "at", "edge", "first", "second"]
    statements += ["extends", "swap", "for", "every", "place"]
    for word in statements:
        assert keyword.fullmatch(word), word
    assert not keyword.search("Duke") and not keyword.search("countless")
    ability = re.compile(rule("ability")["match"])
    for each in Ability:
        assert ability.match(f"ability {each.numeral}").group(2) == each.numeral  # type: ignore[union-attr]
        assert ability.match(f"ability {each.value}").group(3) == each.value  # type: ignore[union-attr]
    assert re.fullmatch(rule("square")["match"], "c1")
    assert re.fullmatch(rule("tile-name")["match"], "Longbowman")
    assert not re.fullmatch(rule("tile-name")["match"], "longbowman")


def test_the_vscode_extension_names_its_files() -> None:
    package = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    (language,) = package["contributes"]["languages"]
    assert (language["id"], language["extensions"]) == ("duke", [".duke"])
    (entry,) = package["contributes"]["grammars"]
    assert (entry["language"], entry["scopeName"]) == ("duke", grammar()["scopeName"])
    assert (EXTENSION / entry["path"]).resolve() == GRAMMAR.resolve()
    configuration = json.loads((EXTENSION / language["configuration"]).read_text("utf-8"))
    assert configuration["comments"] == {"lineComment": "#"}


# === pre-commit hooks ===


def hooks() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    return {hook["id"]: hook for hook in data}


def command_of(entry: str) -> tuple[click.Command, list[str]]:
    words = shlex.split(entry)
    assert words[0] == "dukec"
    found = main.commands[words[1]]
    return found, words[1:]


def test_the_hooks_name_commands_and_options_that_exist() -> None:
    found = hooks()
    assert sorted(found) == ["dukec-balance", "dukec-fmt", "dukec-lint"]
    for hook in found.values():
        assert hook["language"] == "python"
        assert re.search(hook["files"], "tiles/scout.duke")
        assert not re.search(hook["files"], "build/tileset.json")
        command, words = command_of(hook["entry"])
        options = {name for param in command.params for name in param.opts}
        for word in words[1:]:
            assert word in options, word
    assert command_of(found["dukec-fmt"]["entry"])[1] == ["fmt"]
    assert found["dukec-lint"]["pass_filenames"] is False
    assert found["dukec-fmt"]["files"] == found["dukec-lint"]["files"] == r"\.duke$"
    # The manifest check runs when a tile or the manifest changes, on the whole manifest.
    assert re.search(found["dukec-balance"]["files"], "balance.toml")
    assert found["dukec-balance"]["pass_filenames"] is False
    assert found["dukec-balance"]["args"] == ["balance.toml"]
    assert command_of(found["dukec-balance"]["entry"])[1] == ["recheck"]


def run_hook(hook: dict[str, Any], files: list[str], extra: list[str] | None = None) -> Any:
    _, words = command_of(hook["entry"])
    arguments = [*words, *(extra if extra is not None else hook.get("args", []))]
    if hook.get("pass_filenames", True):
        arguments += files
    return CliRunner().invoke(main, arguments)


def test_the_fmt_hook_rewrites_and_check_only_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("runner.duke").write_text(UNFORMATTED, encoding="utf-8")
    hook = hooks()["dukec-fmt"]
    checked = run_hook(hook, ["runner.duke"], ["--check"])
    assert (checked.exit_code, checked.stdout) == (1, "runner.duke\n")
    assert Path("runner.duke").read_text(encoding="utf-8") == UNFORMATTED
    rewritten = run_hook(hook, ["runner.duke"])
    assert (rewritten.exit_code, rewritten.stdout) == (0, "runner.duke\n")
    assert Path("runner.duke").read_text(encoding="utf-8") == FORMATTED


def test_the_lint_hook_fails_on_a_warning_anywhere_in_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("tiles").mkdir()
    Path("tiles/runner.duke").write_text(FORMATTED, encoding="utf-8")
    result = run_hook(hooks()["dukec-lint"], ["ignored.duke"])
    assert result.exit_code == 1
    assert result.stdout.startswith(
        "tiles/runner.duke:1:6: warning: Runner never moves backward (toward its owner's edge) "
        "with either side [no-backward]\n"
    )
    Path("tiles/runner.duke").write_text(
        "# lint: allow no-backward\n" + FORMATTED, encoding="utf-8"
    )
    assert run_hook(hooks()["dukec-lint"], []).exit_code == 0
