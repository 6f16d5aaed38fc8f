"""The examples of the library's page (docs/api.md) run as a reader runs them: as one plain
script (no main guard) and as the cells of a notebook executed by nbclient, each printing the
output the page shows after it. None of them is marked as not run."""

from __future__ import annotations

import itertools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.blocks import REPO, Block, blocks

PAGE = REPO / "docs" / "api.md"
PALADIN = REPO / "tests" / "docs" / "fixtures" / "paladin.duke"


def examples() -> list[tuple[Block, str]]:
    """Each Python example of the page, with the output shown right after it."""
    found = blocks(PAGE)
    pairs = []
    for block, after in itertools.pairwise(found):
        if block.lang == "python":
            assert after.lang == "text" and after.line <= block.end + 2, block.where
            pairs.append((block, after.body))
    return pairs


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "my").mkdir()
    shutil.copyfile(PALADIN, tmp_path / "my" / "paladin.duke")
    return tmp_path


def test_the_page_has_examples_and_none_is_left_out() -> None:
    found = examples()
    assert len(found) >= 5
    assert [b.where for b in blocks(PAGE) if b.lang == "python" and "no-test" in b.marks] == []


def test_the_examples_run_as_one_plain_script(workdir: Path) -> None:
    found = examples()
    script = workdir / "examples.py"
    script.write_text("\n".join(block.body for block, _ in found), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=workdir, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join(output for _, output in found)


def test_the_examples_run_as_the_cells_of_a_notebook(workdir: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    found = examples()
    cells = [nbformat.v4.new_code_cell(block.body) for block, _ in found]
    notebook = nbformat.v4.new_notebook(cells=cells)
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": workdir}}
    )
    client.execute()
    for cell, (block, output) in zip(notebook.cells, found, strict=True):
        printed = "".join(o["text"] for o in cell.outputs if o.get("name") == "stdout")
        assert printed == output, block.where
