"""The compiled engine plays exactly as the pure-Python one, and ``DUKEC_PURE`` chooses between
them; skipped, with the reason, where no compiled engine is installed (a failure under
``DUKEC_REQUIRE_COMPILED=1``, which CI and the wheel builds set)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dukec import kernel
from dukec.kernel import COMPILED, PURE, PURE_ENV, SourceFinder
from tests.required import skip_or_fail

REPO = Path(__file__).resolve().parents[2]
REQUIRE = "DUKEC_REQUIRE_COMPILED"
#: Runs tests/engine/compiled_games.py against the installed dukec: the checkout is put last on
#: the path, for the tests package only.
PLAY = (
    "import sys; sys.path.append(sys.argv[1]); from tests.engine.compiled_games import main; main()"
)


def engine_env(pure: bool) -> dict[str, str]:
    """This process's environment, with DUKEC_PURE set (pure) or removed."""
    env = {name: value for name, value in os.environ.items() if name != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    return env


def play(pure: bool) -> list[str]:
    """The lines of compiled_games.py, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(REPO)],
        env=engine_env(pure),
        cwd=REPO / "tests",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def unavailable() -> str | None:
    """Why the compiled engine cannot be compared here, or None when it can."""
    if not kernel.compiled_modules():
        return "no compiled engine installed (pip install . builds it where a C compiler exists)"
    stale = kernel.stale_modules(kernel.compiled_modules())
    if stale:
        return f"the compiled engine is stale ({stale[0]} changed): rebuild it"
    return None


def require_compiled() -> None:
    """Skip (or fail, under DUKEC_REQUIRE_COMPILED=1) when no compiled engine can run."""
    skip_or_fail(unavailable(), REQUIRE)


def test_compiled_and_pure_play_the_same_games() -> None:
    require_compiled()
    compiled, pure = play(pure=False), play(pure=True)
    assert compiled[0] == f"engine {COMPILED}"
    assert pure[0] == f"engine {PURE}"
    assert len(compiled) == len(pure)
    for mine, theirs in zip(compiled[1:], pure[1:], strict=True):
        key = " ".join(mine.split(" ")[:3])
        assert mine == theirs, f"{key}: the compiled engine differs from the pure one"
    kinds = {line.split(" ")[2] for line in compiled[1:]}
    assert kinds == {"random-game", "greedy-record", "bench", "front-door", "search-record"}


def test_this_process_runs_the_engine_it_should() -> None:
    """Under DUKEC_REQUIRE_COMPILED=1 the tests themselves run the compiled engine."""
    require_compiled()
    expected = PURE if kernel.pure_requested() else COMPILED
    assert kernel.kernel() == expected


def test_pure_requested() -> None:
    assert not kernel.pure_requested({})
    assert not kernel.pure_requested({PURE_ENV: ""})
    assert not kernel.pure_requested({PURE_ENV: "0"})
    assert kernel.pure_requested({PURE_ENV: "1"})
    assert kernel.pure_requested({PURE_ENV: "yes"})


def plain_meta_path() -> list[object]:
    """This process's import finders without those of dukec.kernel."""
    ours = (SourceFinder, kernel.LibraryFinder)
    return [finder for finder in sys.meta_path if not isinstance(finder, ours)]


def fake_build(package: Path, source: str, recorded: str) -> None:
    """A package directory holding one module and the record of a compiled build of it."""
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "game.py").write_text(source)
    digest = hashlib.sha256(recorded.encode()).hexdigest()
    record = {"library": "fake__mypyc", "modules": {"dukec.engine.game": digest}}
    (package / kernel.RECORD).write_text(json.dumps(record))


def test_a_changed_source_makes_the_compiled_module_stale(tmp_path: Path) -> None:
    fake_build(tmp_path, "X = 2\n", recorded="X = 1\n")
    assert kernel.stale_modules(kernel.compiled_modules(tmp_path), tmp_path) == [
        "dukec.engine.game"
    ]
    fake_build(tmp_path / "same", "X = 1\n", recorded="X = 1\n")
    assert kernel.stale_modules(kernel.compiled_modules(tmp_path / "same"), tmp_path / "same") == []


def test_no_record_no_compiled_engine(tmp_path: Path) -> None:
    assert kernel.read_record(tmp_path) == ("", {})
    (tmp_path / kernel.RECORD).write_text("{not json")
    assert kernel.read_record(tmp_path) == ("", {})
    assert not kernel.select({}, tmp_path)


def test_a_stale_build_runs_pure_and_says_how_to_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "meta_path", plain_meta_path())
    fake_build(tmp_path, "X = 2\n", recorded="X = 1\n")
    assert kernel.select({}, tmp_path)
    assert capsys.readouterr().err == (
        "dukec: the compiled engine is older than the source of dukec.engine.game; running "
        "pure Python (rebuild: python -m pip install -e . ; or set DUKEC_PURE=1)\n"
    )
    finder = sys.meta_path[0]
    assert isinstance(finder, SourceFinder)
    spec = finder.find_spec("dukec.engine.game", [str(tmp_path / "engine")])
    assert spec is not None and spec.origin == str(tmp_path / "engine" / "game.py")
    assert finder.find_spec("dukec.engine.board", [str(tmp_path / "engine")]) is None


def test_pure_requested_runs_pure_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "meta_path", plain_meta_path())
    fake_build(tmp_path, "X = 1\n", recorded="X = 1\n")
    assert kernel.select({PURE_ENV: "1"}, tmp_path)
    assert capsys.readouterr().err == ""
    assert isinstance(sys.meta_path[0], SourceFinder)


def test_a_current_build_runs_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "meta_path", plain_meta_path())
    fake_build(tmp_path, "X = 1\n", recorded="X = 1\n")
    assert not kernel.select({}, tmp_path)
    assert not any(isinstance(finder, SourceFinder) for finder in sys.meta_path)
    library = [f for f in sys.meta_path if isinstance(f, kernel.LibraryFinder)]
    assert library and library[-1].name == "fake__mypyc"


def test_pure_python_when_asked_in_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from dukec.kernel import kernel; print(kernel())"],
        env=engine_env(pure=True),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"{PURE}\n"


def test_setup_and_kernel_agree_on_the_record() -> None:
    text = (REPO / "setup.py").read_text()
    assert f'RECORD = "{kernel.RECORD}"' in text
    assert f'PURE = "{PURE_ENV}"' in text
