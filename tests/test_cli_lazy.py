"""The command table of ``dukec``: every command is listed without importing its module, and
each name resolves to the command its module's COMMANDS list holds."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
import textwrap

import click
import pytest
from click.testing import CliRunner

import dukec.commands
from dukec.cli import COMMANDS, ENGINE, main
from dukec.commands.lazy import Entry, LazyCommands, LazyGroup, find_command
from tests.conftest import REPO


def _defined() -> dict[str, tuple[str, click.Command]]:
    """Every command of every command module: name -> (module, command)."""
    found: dict[str, tuple[str, click.Command]] = {}
    for info in pkgutil.iter_modules(dukec.commands.__path__, "dukec.commands."):
        module = importlib.import_module(info.name)
        for command in getattr(module, "COMMANDS", []):
            assert command.name is not None
            found[command.name] = (info.name, command)
    return found


DEFINED = _defined()


def test_every_command_of_every_module_is_in_the_table() -> None:
    missing = [
        f'"{name}": Entry(_C + "{module.rpartition(".")[2]}", "{command.get_short_help_str(999)}"),'
        for name, (module, command) in sorted(DEFINED.items())
        if name not in COMMANDS
    ]
    assert missing == [], "add to COMMANDS in dukec/cli.py:\n" + "\n".join(missing)
    assert sorted(COMMANDS) == sorted(DEFINED)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_name_resolves_to_its_modules_command(name: str) -> None:
    module, command = DEFINED[name]
    assert COMMANDS[name].module == module
    assert main.commands[name] is command
    assert main.get_command(click.Context(main), name) is command


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_the_commands_own_first_sentence(name: str) -> None:
    assert COMMANDS[name].summary == DEFINED[name][1].get_short_help_str(10**6)


@pytest.mark.parametrize("width", [50, 80, 120])
def test_the_listing_is_the_one_click_makes_from_the_commands(width: int) -> None:
    eager = click.Group(
        "dukec",
        commands=[command for _, command in DEFINED.values()],
        params=main.params,
        help=main.help,
        context_settings=main.context_settings,
    )
    runner = CliRunner()
    lazy_help = runner.invoke(main, ["--help"], prog_name="dukec", terminal_width=width)
    eager_help = runner.invoke(eager, ["--help"], prog_name="dukec", terminal_width=width)
    assert lazy_help.exit_code == 0
    # The same rows, each under its heading (the designer's commands first, then the engine's
    # tools), the heading and its alignment aside.
    lazy_head, lazy_rest = lazy_help.stdout.split("Designer's commands:\n", 1)
    eager_head, eager_rest = eager_help.stdout.split("Commands:\n", 1)
    assert lazy_head == eager_head
    designer, engine = lazy_rest.split("\nEngine tools:\n", 1)

    def rows(text: str) -> list[tuple[str, str]]:
        found = []
        for line in text.splitlines():
            if line.startswith("  ") and not line.startswith("   "):
                name, _, summary = line.strip().partition(" ")
                found.append((name, summary.strip()))
        return found

    eager_rows = dict(rows(eager_rest))
    tools = [name for name, entry in COMMANDS.items() if entry.group == ENGINE]
    assert [name for name, _ in rows(designer)] == sorted(set(COMMANDS) - set(tools))
    assert [name for name, _ in rows(engine)] == sorted(tools)
    assert {"perft", "bench", "fit-values", "fit-evaluation"} <= set(tools)
    for name, summary in rows(designer) + rows(engine):
        assert summary.split("...")[0] in eager_rows[name] or eager_rows[name] in summary


def _modules_after(args: list[str], tmp_path_text: str = "") -> dict[str, object]:
    """Run ``dukec ARGS`` in a fresh interpreter; its exit code and the modules it imported."""
    script = textwrap.dedent(
        f"""
        import json, sys
        from dukec.cli import main
        try:
            main({args!r}, prog_name="dukec")
        except SystemExit as stop:
            code = stop.code
        print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}), file=sys.stderr)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=False
    )
    result: dict[str, object] = json.loads(done.stderr.strip().splitlines()[-1])
    return result


HEAVY = ("lark", "jsonschema", "rich", "PIL", "dukec.engine", "dukec.balance", "dukec.compiler")


def test_help_imports_no_command_module() -> None:
    ran = _modules_after(["--help"])
    assert ran["code"] == 0
    modules = ran["modules"]
    assert isinstance(modules, list)
    commands = [m for m in modules if m.startswith("dukec.commands.")]
    assert sorted(commands) == ["dukec.commands.common", "dukec.commands.lazy"]
    assert [m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY)] == []


def test_fmt_imports_the_parser_but_not_the_engine_nor_the_schema() -> None:
    _modules_after(["fmt", "--check", "tiles/footman.duke"])  # fills the cache
    ran = _modules_after(["fmt", "--check", "tiles/footman.duke"])
    assert ran["code"] == 0
    modules = ran["modules"]
    assert isinstance(modules, list)
    # The stand-alone parser from the cache: lark itself is not imported.
    assert "dukec.compiler.parser" in modules
    assert [m for m in modules if m == "lark" or m.startswith("lark.")] == []
    assert "dukec.commands.workbench_cmds" in modules
    loaded = ("dukec.engine", "dukec.balance", "jsonschema", "rich", "PIL", "dukec.commands.engine")
    assert [m for m in modules if m.startswith(loaded)] == []


def test_fmt_of_a_file_in_its_canonical_layout_does_not_compile_it() -> None:
    # Unchanged text compiles as it did: the checker, the emitter and the schema stay out.
    ran = _modules_after(["fmt", "--check", "tiles/footman.duke"])
    assert ran["code"] == 0
    modules = ran["modules"]
    assert isinstance(modules, list)
    stages = ("check", "check_sets", "model", "emit", "driver", "properties", "validate")
    assert [m for m in modules if m in {f"dukec.compiler.{s}" for s in stages}] == []


# === The mapping itself ===

TABLE = {
    "fmt": Entry("dukec.commands.workbench_cmds", "Rewrite."),
    "nothing": Entry("dukec.commands.workbench_cmds", "No such command there."),
}


def test_the_mapping_loads_a_command_on_first_lookup_only() -> None:
    commands = LazyCommands(TABLE)
    assert list(commands) == ["fmt", "nothing"]
    assert len(commands) == 2
    assert "fmt" in commands and "show" not in commands
    assert commands.loaded == {}
    stand_in = commands.summary("fmt")
    assert stand_in.get_short_help_str(80) == "Rewrite."
    assert commands.loaded == {}
    assert commands["fmt"] is DEFINED["fmt"][1]
    assert commands.summary("fmt") is DEFINED["fmt"][1]


def test_a_name_the_module_does_not_define_is_a_lookup_error() -> None:
    with pytest.raises(LookupError, match=r"workbench_cmds\.COMMANDS has no command 'nothing'"):
        LazyCommands(TABLE)["nothing"]
    with pytest.raises(KeyError):
        LazyCommands(TABLE)["unknown"]
    with pytest.raises(LookupError):
        find_command("dukec.commands.workbench_cmds", "build")


def test_commands_added_as_objects_are_listed_and_kept() -> None:
    group = LazyGroup("g", table=TABLE)
    extra = click.Command("extra", help="An extra command.")
    group.add_command(extra)
    assert group.commands["extra"] is extra
    assert sorted(group.commands) == ["extra", "fmt", "nothing"]
    del group.commands["nothing"]
    assert sorted(group.commands) == ["extra", "fmt"]
    listing = CliRunner().invoke(group, ["--help"], terminal_width=80).stdout
    assert listing.endswith(
        "Designer's commands:\n  fmt  Rewrite.\n\nCommands:\n  extra  An extra command.\n"
    )
    assert group.commands.loaded == {"extra": extra}


def test_an_unknown_command_is_a_usage_error_naming_it() -> None:
    result = CliRunner().invoke(main, ["fmtt"], prog_name="dukec")
    assert result.exit_code == 2
    assert "Error: No such command 'fmtt'." in result.stderr
