"""Balance from Python: ``dukec.balance`` and ``dukec.value`` give the commands' numbers as typed
results that print as the commands' verdict lines; they run on every core from a plain script
without a main guard (the script runs once, not again in each worker) and in a notebook run by
nbclient."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import dukec
from dukec.cli import main

REPO = Path(__file__).resolve().parents[2]
PALADIN = REPO / "tests" / "docs" / "fixtures" / "paladin.duke"
#: A short greedy experiment: the script's and the notebook's, and the one played here.
RUN = 'dukec.balance("my/", replace="Knight=Paladin", games=8, policy="greedy"{more})'


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A directory with a designer's folder ``my/`` holding the Paladin."""
    (tmp_path / "my").mkdir()
    (tmp_path / "my" / "paladin.duke").write_text(PALADIN.read_text(encoding="utf-8"))
    return tmp_path


def verdict_here(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The verdict line of the short experiment, played in this process."""
    monkeypatch.chdir(workdir)
    result = eval(RUN.format(more=", workers=1"))
    assert isinstance(result, dukec.BalanceResult)
    return str(result)


def test_the_result_is_typed_and_prints_as_the_commands_verdict_line(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    result = dukec.balance("my/", replace="Knight=Paladin", games=8, policy="greedy", workers=1)
    assert (result.games, result.pairs, result.seed, result.policies) == (
        8,
        4,
        1,
        ("greedy", "greedy"),
    )
    assert result.verdict in ("stronger", "weaker", "fair", "inconclusive")
    assert result.elo_ci95[0] <= result.elo <= result.elo_ci95[1]
    assert 0.0 <= result.score <= 1.0
    args = ["balance", "--set", "my/", "--replace", "Knight=Paladin", "--games", "8"]
    done = CliRunner().invoke(main, [*args, "--policy", "greedy", "--workers", "1", "--json"])
    assert done.exit_code == 0, done.output
    document = json.loads(done.output)
    # The command line's line names the command of the next step; the library, which was
    # called from no command line, says the step in words only.
    command = document["next"]["command"]
    assert str(result) == result.line
    assert document["verdict_line"] == (result.line + f": {command}" if command else result.line)
    assert result.verdict == document["verdict"]
    assert result.to_json()["verdict_line"] == result.line


def test_value_gives_the_commands_worth_line(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    worth = dukec.value("Paladin", "my/", in_place_of="Footman", games=4, policy="greedy")
    args = ["value", "Paladin", "--set", "my/", "--games", "4", "--policy", "greedy", "--json"]
    done = CliRunner().invoke(main, [*args, "--workers", "1"])
    assert done.exit_code == 0, done.output
    document = json.loads(done.output)
    assert (worth.tile, worth.in_place_of, worth.games, worth.pairs) == ("Paladin", "Footman", 4, 2)
    assert worth.elo == pytest.approx(document["worth"]["elo"])
    assert worth.answer == document["answer"]
    assert worth.verdict == document["decision"]["outcome"]
    assert worth.to_json() == document
    assert str(worth).startswith("One Paladin in place of one Footman (start) is worth ")


def test_a_plain_script_without_a_main_guard_runs_once_on_every_core(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = verdict_here(workdir, monkeypatch)
    script = workdir / "check.py"
    script.write_text(
        textwrap.dedent(
            f"""\
            import dukec
            print("the script starts")
            result = {RUN.format(more="")}
            print(result)
            """
        )
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=workdir, timeout=300
    )
    assert done.returncode == 0, done.stderr
    # Once: the workers (two or more, one per core) never run the script again.
    assert done.stdout.splitlines() == ["the script starts", expected]
    assert dukec.balance.__doc__ and "dukec.library.experiments.balance" in dukec.balance.__doc__


def test_a_notebook_runs_the_same_experiment_with_a_progress_bar(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    expected = verdict_here(workdir, monkeypatch)
    cells = ["import dukec", f"result = {RUN.format(more=', progress=True')}", "print(result)"]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": workdir}}
    )
    client.execute()
    printed = [
        output["text"] for output in notebook.cells[2].outputs if output.get("name") == "stdout"
    ]
    assert printed == [expected + "\n"]
    # The bar counted the games (tqdm's text bar where the notebook has no widgets).
    shown = "".join(
        output.get("text", "") for output in notebook.cells[1].outputs if "text" in output
    )
    assert "8/8" in shown
