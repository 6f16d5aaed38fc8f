"""dukec finds its grammar, schemas and base tiles after `pip install .`, `pip install -e .`,
and from any working directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from dukec.compiler import dumps, load

REPO = Path(__file__).resolve().parents[2]
IGNORE = shutil.ignore_patterns(
    ".venv*", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)
PROBE = (
    "from importlib.resources import files; "
    "print(files('dukec.grammar').joinpath('duke.lark')); "
    "print(files('dukec.schemas').joinpath('tileset.schema.json'))"
)


def _expected() -> str:
    return dumps(load([REPO / "tiles"]))


def test_build_from_another_working_directory(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dukec", "build", "-o", "out.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == _expected()


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # Finding the data does not depend on the engine being compiled (CI's own install compiles
    # it): the pure-Python install saves the test two minutes of C.
    env["DUKEC_PURE"] = "1"
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env)


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True], ids=["install", "editable"])
def test_installed_package_finds_its_data(tmp_path: Path, editable: bool) -> None:
    source = tmp_path / "source"
    shutil.copytree(REPO, source, ignore=IGNORE)
    environment = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(environment)
    bindir = "Scripts" if sys.platform == "win32" else "bin"
    python = environment / bindir / "python"
    # The new environment sees this interpreter's packages (lark, jsonschema, click, pip)
    # through a .pth file; dukec itself is built from the copy, as pip normally builds it.
    purelib = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp_path
    )
    Path(purelib.stdout.strip(), "host-site.pth").write_text(
        sysconfig.get_path("purelib") + "\n", encoding="utf-8"
    )
    install = [str(python), "-m", "pip", "install", "--quiet", "--no-deps"]
    result = _run([*install, *(["-e"] if editable else []), str(source)], tmp_path)
    assert result.returncode == 0, result.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = _run([str(python), "-c", PROBE], elsewhere)
    assert probe.returncode == 0, probe.stderr
    grammar, schema = (Path(line) for line in probe.stdout.splitlines())
    home = source if editable else environment
    assert grammar.is_relative_to(home) and grammar.is_file()
    assert schema.is_relative_to(home) and schema.is_file()
    result = _run([str(environment / bindir / "dukec"), "build", "-o", "out.json"], elsewhere)
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "out.json").read_text(encoding="utf-8") == _expected()
    if not editable:
        # The tests run from the checkout, whose dukec/ comes first on the path and shadows
        # the installed package: it must find grammar/, schemas/ and tiles/ beside it.
        collect = [str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        collected = _run(collect, source)
        assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
        assert " error" not in collected.stdout.splitlines()[-1], collected.stdout[-3000:]
