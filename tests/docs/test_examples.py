"""Every code example of the README and of the documentation pages runs as shown.

Per page, in a temporary working directory holding copies of ``tiles/`` and of the test tiles
the pages name (``tests/balance/tiles``, ``tests/insight/tiles``), the blocks run in order, so
that a file one block writes is there for the next: ``python`` blocks run (``>>>`` sessions as
doctests; a plain block followed at once by a ``text`` block prints exactly that text), ``sh``
blocks run each ``dukec`` command through click's test runner and expect exit status 0,
``duke`` blocks compile (a ``set`` block in place of the shipped set of its name; a block
marked ``<!-- excerpt: PATH -->`` is instead found, as it is, in that file of the repository),
and ``toml``, ``yaml`` and ``json`` blocks parse. ``text`` and ``diff`` blocks are output, not
examples. A block that cannot run is marked ``<!-- no-test: REASON -->`` in the page (see
``tests/docs/blocks.py``) and is reported here as a skipped test with its reason; a block of any
other kind, or a command other than ``dukec``, fails until it is marked. A command may be timed
(``time dukec ...``): it runs as ``dukec ...``.

Files that stand for a reader's own come from ``tests/docs/fixtures/`` (see ``OWN``): every
working directory holds ``my/paladin.duke`` (the Paladin of ``tests/test_overlay.py``), and a
page gets the files it names (``extra.duke``, ``my/warden.duke`` and ``my/scout.duke``,
``my-tiles/``, ``position.json`` and ``study.json``: positions the engine reached in seeded
greedy games of the base and the dragon set, ``tiles/planted_footman.duke``). Files that depend
on the tile set's hash are made by ``dukec`` itself before the page's blocks run (see
``BEFORE``: ``balance.toml``, a manifest of a few greedy games; ``game.jsonl``, a seeded greedy
game).
"""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import io
import json
import re
import shlex
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from dukec.cli import main
from dukec.compiler import compile_source, load
from tests.docs.blocks import REPO, Block, blocks, pages

#: Languages of blocks that are run or checked.
RUN = {"python", "sh", "duke", "toml", "yaml", "json"}
#: Languages of blocks that show output or a change, not an example to run.
OUTPUT = {"text", "diff"}
#: Options every command that takes them runs with: games played in the test's own process
#: (the same games and numbers as on any number of workers) cost no process start-up.
ALWAYS = ["--workers", "1"]
#: Tile folders of the repository that the examples name, copied into each working directory.
FIXTURES = ["tiles", "tests/balance/tiles", "tests/insight/tiles"]
#: Where a reader's own files come from: path in the working directory -> file of
#: ``tests/docs/fixtures/`` (or of the repository, for a path with a slash), for every page
#: (``"*"``) or for one page.
OWN: dict[str, dict[str, str]] = {
    "*": {"my/paladin.duke": "paladin.duke"},
    "docs/dsl.md": {"extra.duke": "squire.duke"},
    "docs/engine.md": {"position.json": "position.json"},
    "docs/policies.md": {"my-tiles/paladin.duke": "paladin.duke"},
    "docs/value.md": {"tiles/planted_footman.duke": "tests/insight/tiles/planted_footman.duke"},
    "docs/workbench.md": {
        "my/warden.duke": "warden.duke",
        "my/scout.duke": "scout.duke",
        "position.json": "position.json",
        "study.json": "study.json",
    },
}
#: ``dukec`` commands that make a page's files of a reader's own before its blocks run.
BEFORE: dict[str, list[str]] = {
    "docs/balance.md": [
        "balance --set my/ --replace Footman=Paladin --policy greedy --games 20 "
        "--workers 1 --manifest balance.toml"
    ],
    "docs/workbench.md": [
        "play --seed 7 --first greedy --second greedy --quiet --record game.jsonl"
    ],
}
FIXTURE_DIR = REPO / "tests" / "docs" / "fixtures"

PAGES = pages()
ALL = [block for page in PAGES for block in blocks(page)]
MARKED = [block for block in ALL if "no-test" in block.marks]


def workdir(root: Path, page: str) -> Path:
    """A working directory holding the tile folders and the reader's own files of ``page``."""
    for folder in FIXTURES:
        shutil.copytree(REPO / folder, root / folder)
    for target, source in {**OWN["*"], **OWN.get(page, {})}.items():
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / source if "/" in source else FIXTURE_DIR / source, root / target)
    return root


def prepare(page: str) -> None:
    """Run the commands that make the page's files of a reader's own."""
    for command in BEFORE.get(page, []):
        result = CliRunner().invoke(main, shlex.split(command))
        assert result.exit_code == 0, f"{page}: dukec {command} exited {result.exit_code}"


def commands(block: Block) -> list[tuple[dict[str, str], list[str]]]:
    """The block's commands: environment assignments and the arguments after ``dukec``."""
    text = re.sub(r"\\\n", " ", block.body)
    extra = [*shlex.split(block.marks.get("test-options", "")), *ALWAYS]
    found = []
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        if not words:
            continue
        if words[0] == "time":
            words.pop(0)
        env = {}
        while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
            name, value = words.pop(0).split("=", 1)
            env[name] = value
        if not words or words[0] != "dukec":
            pytest.fail(
                f"{block.where}: `{line.strip()}` is not a dukec command; run only dukec "
                "commands, or mark the block <!-- no-test: REASON -->"
            )
        found.append((env, words[1:] + accepted(words[1:], extra)))
    return found


def accepted(args: list[str], extra: list[str]) -> list[str]:
    """The options of ``extra`` (each with its value) that the command of ``args`` takes."""
    command = main.commands.get(args[0]) if args else None
    names = {name for param in command.params for name in param.opts} if command else set()
    kept: list[str] = []
    index = 0
    while index < len(extra):
        option = extra[index]
        takes_value = index + 1 < len(extra) and not extra[index + 1].startswith("-")
        value = [extra[index + 1]] if takes_value else []
        if option in names:
            kept += [option, *value]
        index += 1 + len(value)
    return kept


def run_sh(block: Block) -> None:
    expected = int(block.marks.get("exit", "0"))
    lines = block.marks["test-input"].split(";") if "test-input" in block.marks else []
    typed = "".join(line.strip() + "\n" for line in lines) or None
    for env, args in commands(block):
        result = CliRunner().invoke(main, args, env=env, input=typed)
        assert result.exit_code == expected, (
            f"{block.where}: dukec {shlex.join(args)} exited {result.exit_code}, "
            f"not {expected}:\n{result.output}"
        )


def run_python(block: Block, output: Block | None, session: dict[str, Any]) -> None:
    """Run a block: a ``>>>`` session goes on in the page's ``session`` namespace."""
    if block.body.lstrip().startswith(">>>"):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block.body, session, block.where, block.path, 0)
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=report.write, clear_globs=False)
        session.update(test.globs)
        assert runner.failures == 0, f"{block.where}:\n{report.getvalue()}"
        return
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block.body, block.where, "exec"), {"__name__": "__docs__"})
    if output is not None:
        assert printed.getvalue() == output.body, f"{block.where} prints other output"


def defined(text: str) -> set[str]:
    """The tiles, terrain and sets a .duke text defines, in lower case."""
    return {name.lower() for name in re.findall(r"^(?:tile|terrain|set) ([\w-]+)", text, re.M)}


def run_duke(block: Block, scratch: Path) -> None:
    if not re.search(r"^set ", block.body, re.M) or re.search(r"^extends base", block.body, re.M):
        compile_source(block.body)  # on top of the base set where it extends it
        return
    # A game set names the shipped tiles: compile it in place of the set of its name.
    scratch.mkdir()
    names = defined(block.body)
    for path in (REPO / "tiles").glob("*.duke"):
        text = path.read_text(encoding="utf-8")
        if not defined(text) & names:
            (scratch / path.name).write_text(text, encoding="utf-8")
    (scratch / "example.duke").write_text(block.body, encoding="utf-8")
    load([scratch])


def check_file(block: Block) -> None:
    if block.lang == "toml":
        tomllib.loads(block.body)
    elif block.lang == "yaml":
        yaml.safe_load(block.body)
    else:
        json.loads(block.body)


def missing(block: Block) -> list[str]:
    """The modules a block requires that are not installed."""
    wanted = [name.strip() for name in block.marks.get("requires", "").split(",")]
    return [name for name in wanted if name and importlib.util.find_spec(name) is None]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(REPO).as_posix())
def test_page_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = page.relative_to(REPO).as_posix()
    monkeypatch.chdir(workdir(tmp_path / "work", name))
    prepare(name)
    found = blocks(page)
    skipped = []
    session: dict[str, Any] = {}
    for index, block in enumerate(found):
        if "no-test" in block.marks or block.lang in OUTPUT:
            continue
        assert block.lang in RUN, (
            f"{block.where}: a ```{block.lang} block is neither run nor output; "
            "give it a language the tests run, or mark it <!-- no-test: REASON -->"
        )
        if block.title:
            Path(block.title).parent.mkdir(parents=True, exist_ok=True)
            Path(block.title).write_text(block.body, encoding="utf-8")
        if lacking := missing(block):
            skipped.append(f"{block.where} needs {', '.join(lacking)}")
            continue
        following = found[index + 1] if index + 1 < len(found) else None
        output = (
            following
            if following and following.lang == "text" and following.line <= block.end + 2
            else None
        )
        if "excerpt" in block.marks:
            # The block is the text of a file of the repository, as it stands there.
            shown = (REPO / block.marks["excerpt"]).read_text(encoding="utf-8")
            assert block.body in shown, f"{block.where}: not the text of {block.marks['excerpt']}"
        elif block.lang == "sh":
            run_sh(block)
        elif block.lang == "python":
            run_python(block, output, session)
        elif block.lang == "duke":
            run_duke(block, tmp_path / f"duke-{index}")
        else:
            check_file(block)
    if skipped:
        pytest.skip("; ".join(skipped) + " (an optional extra)")


@pytest.mark.parametrize("block", MARKED, ids=lambda block: block.where)
def test_marked_examples_are_skipped_with_a_reason(block: Block) -> None:
    reason = block.marks["no-test"]
    assert reason, f"{block.where}: say why the block cannot run: <!-- no-test: REASON -->"
    pytest.skip(f"{block.where}: {reason}")


def test_every_page_has_its_examples_counted() -> None:
    """Each page is collected: the README and the site's pages, none of them empty of blocks."""
    names = {page.relative_to(REPO).as_posix() for page in PAGES}
    assert "README.md" in names
    assert "docs/tutorial.md" in names
    assert len([b for b in ALL if b.lang in RUN and "no-test" not in b.marks]) >= 30
