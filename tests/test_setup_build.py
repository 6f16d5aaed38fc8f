"""setup.py's decisions that need no compiler: when a build is for a pre-commit hook, and when an
editable install keeps the compiled engine it has."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dukec_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dukec_setup"] = module
    try:
        spec.loader.exec_module(module)  # not __main__: setup() is not called
    finally:
        del sys.modules["dukec_setup"]
    return module


# === pre-commit hook environments ===


def test_a_pre_commit_run_is_a_hook_environment(setup_py: ModuleType, tmp_path: Path) -> None:
    assert setup_py.hook_environment({"PRE_COMMIT": "1"}, tmp_path) == "PRE_COMMIT=1"


def test_an_environment_inside_the_source_is_a_hook_environment(
    setup_py: ModuleType, tmp_path: Path
) -> None:
    # pre-commit clones the hook's repository and makes py_env-<version> inside the clone.
    venv = tmp_path / "py_env-python3.11"
    venv.mkdir()
    found = setup_py.hook_environment({"VIRTUAL_ENV": str(venv)}, tmp_path)
    assert found == "the environment py_env-python3.11 inside the source"


@pytest.mark.parametrize(
    "environ",
    [
        {},
        {"PRE_COMMIT": "0"},
        {"VIRTUAL_ENV": "/somewhere/else/py_env-python3.11"},
        {"VIRTUAL_ENV": "SOURCE/.venv"},
    ],
    ids=["nothing", "pre-commit-0", "py-env-elsewhere", "venv-inside"],
)
def test_other_builds_are_not_hook_environments(
    setup_py: ModuleType, tmp_path: Path, environ: dict[str, str]
) -> None:
    environ = {name: value.replace("SOURCE", str(tmp_path)) for name, value in environ.items()}
    assert setup_py.hook_environment(environ, tmp_path) is None


# === Reusing the in-place engine of an editable install ===

SOURCES = ["dukec/engine/a.py", "dukec/engine/b.py"]


@pytest.fixture
def built(setup_py: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source tree whose in-place compiled engine matches its sources."""
    monkeypatch.chdir(tmp_path)
    package = tmp_path / "dukec"
    suffix = EXTENSION_SUFFIXES[0]
    modules = {}
    for source in SOURCES:
        path = tmp_path / source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"X = {source!r}\n")
        path.with_suffix(suffix).write_bytes(b"compiled")
        modules[setup_py.module_name(source)] = hashlib.sha256(path.read_bytes()).hexdigest()
    (tmp_path / f"{setup_py.GROUP}__mypyc{suffix}").write_bytes(b"library")
    levels = setup_py.opt_levels(SOURCES)
    record = {"library": f"{setup_py.GROUP}__mypyc", "modules": modules, "levels": levels}
    (package / setup_py.RECORD).write_text(json.dumps(record))
    return package


def test_an_engine_built_from_the_sources_as_they_are_is_kept(
    setup_py: ModuleType, built: Path
) -> None:
    assert setup_py.reusable_inplace(built, SOURCES)


def test_a_changed_source_is_compiled_again(setup_py: ModuleType, built: Path) -> None:
    (built / "engine" / "b.py").write_text("X = 'changed'\n")
    assert not setup_py.reusable_inplace(built, SOURCES)


def test_a_module_added_to_the_compiled_ones_is_compiled_again(
    setup_py: ModuleType, built: Path
) -> None:
    (built / "engine" / "c.py").write_text("X = 3\n")
    assert not setup_py.reusable_inplace(built, [*SOURCES, "dukec/engine/c.py"])


def test_a_module_compiled_at_another_level_is_compiled_again(
    setup_py: ModuleType, built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(setup_py, "HOT", (*setup_py.HOT, SOURCES[0]))
    assert not setup_py.reusable_inplace(built, SOURCES)


def test_a_missing_extension_module_is_compiled_again(setup_py: ModuleType, built: Path) -> None:
    (built / "engine" / f"a{EXTENSION_SUFFIXES[0]}").unlink()
    assert not setup_py.reusable_inplace(built, SOURCES)
    assert setup_py.reusable_inplace(built, SOURCES[1:]) is False  # record names a.py too


@pytest.mark.parametrize("record", ["", "{", '{"library": 1}', '{"modules": {}}'])
def test_an_unreadable_record_is_compiled_again(
    setup_py: ModuleType, built: Path, record: str
) -> None:
    (built / setup_py.RECORD).write_text(record)
    assert not setup_py.reusable_inplace(built, SOURCES)


# === Whether to compile, and so whether the build needs mypy ===


@pytest.mark.parametrize(
    ("environ", "wanted"),
    [
        ({}, True),
        ({"DUKEC_PURE": "1"}, False),
        ({"DUKEC_PURE": "0"}, True),
        ({"PRE_COMMIT": "1"}, False),
        ({"PRE_COMMIT": "1", "DUKEC_PURE": "0"}, True),
        ({"PRE_COMMIT": "1", "DUKEC_PURE": "1"}, False),
    ],
)
def test_a_build_compiles_unless_pure_or_for_a_hook(
    setup_py: ModuleType, tmp_path: Path, environ: dict[str, str], wanted: bool
) -> None:
    assert setup_py.compile_wanted(environ, tmp_path) is wanted


def test_the_backend_asks_for_mypy_only_to_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(REPO))
    monkeypatch.chdir(REPO)
    backend = importlib.import_module("build_backend")
    for name in ("DUKEC_PURE", "PRE_COMMIT", "VIRTUAL_ENV"):
        monkeypatch.delenv(name, raising=False)
    assert backend._extra() == backend.COMPILER
    assert [r for r in backend.COMPILER if r.startswith("mypy==")] == [
        r for r in _dev_pins() if r.startswith("mypy==")
    ]
    monkeypatch.setenv("DUKEC_PURE", "1")
    assert backend._extra() == []


def _dev_pins() -> list[str]:
    import tomllib

    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    pins: list[str] = data["project"]["optional-dependencies"]["dev"]
    return pins


def test_an_earlier_builds_engine_is_copied_in_place(
    setup_py: ModuleType, built: Path, tmp_path: Path
) -> None:
    # `built` stands for build/lib.../dukec; the source tree's own dukec/ has no engine yet.
    tree = tmp_path / "tree"
    for source in SOURCES:
        (tree / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / source, tree / source)
    assert not setup_py.reusable_inplace(tree / "dukec", [str(tree / s) for s in SOURCES])
    setup_py.copy_engine(built, tree / "dukec", SOURCES)
    suffix = EXTENSION_SUFFIXES[0]
    assert (tree / f"{setup_py.GROUP}__mypyc{suffix}").read_bytes() == b"library"
    assert (tree / "dukec" / "engine" / f"a{suffix}").read_bytes() == b"compiled"
    assert (tree / "dukec" / setup_py.RECORD).read_bytes() == (built / setup_py.RECORD).read_bytes()


def test_an_extension_of_a_module_no_longer_compiled_is_removed(
    setup_py: ModuleType, tmp_path: Path
) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    package = tmp_path / "dukec"
    (package / "engine").mkdir(parents=True)
    kept = package / "engine" / f"game{suffix}"
    stray = package / "engine" / f"position{suffix}"
    for path in (kept, stray):
        path.write_bytes(b"")
    compiled = [str(tmp_path / "dukec" / "engine" / "game.py")]
    assert setup_py.remove_strays(package, compiled) == [stray]
    assert kept.exists() and not stray.exists()


# === the C compile ===


class FakeUnixCompiler:
    """The parts of distutils' Unix compiler that compile_in_parallel uses: records each file
    compiled with the flags after its source."""

    compiler_type = "unix"

    def __init__(self) -> None:
        self.compiled: dict[str, list[str]] = {}

    def compile(self, *args: object) -> list[str]:
        raise AssertionError("the serial compile is not used for many files")

    def _setup_compile(
        self,
        output_dir: object,
        macros: object,
        include_dirs: object,
        sources: list[str],
        depends: object,
        extra_postargs: list[str],
    ) -> tuple[object, list[str], list[str], list[str], dict[str, tuple[str, str]]]:
        build = {source + ".o": (source, ".c") for source in sources}
        return macros, list(build), extra_postargs, [], build

    def _get_cc_args(self, pp_opts: object, debug: object, extra_preargs: object) -> list[str]:
        return []

    def _compile(
        self, obj: str, source: str, ext: str, cc_args: object, extra: list[str], pp: object
    ) -> None:
        self.compiled[Path(source).name] = extra


def test_cold_modules_are_compiled_at_the_cold_level_and_the_rest_as_mypyc_says(
    setup_py: ModuleType, tmp_path: Path
) -> None:
    def exported(name: str) -> str:  # mypyc's namegen.exported_name, for these names
        return name.replace(".", "___")

    cold = setup_py.native_source("dukec/engine/rules.py", exported)
    assert cold == "__native_dukec___engine___rules.c"
    sources = []
    for name in (cold, setup_py.native_source("dukec/engine/game.py", exported), "misc_ops.c"):
        (tmp_path / name).write_text("/* C */\n")
        sources.append(str(tmp_path / name))
    compiler = FakeUnixCompiler()
    setup_py.compile_in_parallel(compiler, 2, {cold})
    objects = compiler.compile(sources, None, None, None, False, None, ["-O3", "-g0"])
    assert sorted(objects) == sorted(source + ".o" for source in sources)
    assert compiler.compiled[cold] == ["-O3", "-g0", f"-O{setup_py.COLD_OPT_LEVEL}"]
    others = [name for name in compiler.compiled if name != cold]
    assert len(others) == 2 and all(compiler.compiled[n] == ["-O3", "-g0"] for n in others)


def test_the_hot_modules_are_compiled_ones(setup_py: ModuleType) -> None:
    assert set(setup_py.HOT) <= set(setup_py.COMPILED)


def test_every_folder_of_the_package_is_installed() -> None:
    """A folder of dukec/ left out of pyproject's packages would be missing from a wheel."""
    listed = set(
        tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    folders = {
        ".".join(path.parent.relative_to(REPO).parts)
        for path in (REPO / "dukec").rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".json", ".js"}
        and "__pycache__" not in path.parts
    }
    assert folders <= listed, sorted(folders - listed)
