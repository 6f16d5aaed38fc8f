"""Build dukec, with the engine compiled by mypyc where a C compiler can build it.

``pip install .`` compiles the modules in COMPILED into C extensions (one shared library) beside
their ``.py`` files. Where no C compiler can build them, or mypyc fails, it installs the
pure-Python package instead and says so in one line. A successful build writes RECORD into the
package: the compiled modules and the hash of the source each was compiled from, which
``dukec.kernel`` compares at run time.

Whether to compile, from ``DUKEC_PURE`` at build time: ``1`` never, ``0`` always, unset: always,
except into a pre-commit hook environment (see ``hook_environment``), whose hooks (fmt, lint)
never play a game. An editable install (``pip install -e .``) whose in-place compiled engine
was built from the sources as they are now keeps it instead of compiling it again.

Each stage says one line on stderr ("dukec: ..."); pip shows a build's output only with ``-v``
or when the build fails.

Everything else (metadata, packages, data) is in ``pyproject.toml``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from glob import glob
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The engine's plain-Python façade, outside the play loop (the package's names, the Action
#: that prints in notation, records, positions, the text board): nothing in it needs to be fast,
#: and leaving it out keeps the compile short.
PLAIN = (
    "dukec/engine/__init__.py",
    "dukec/engine/facade.py",
    "dukec/engine/position.py",
    "dukec/engine/position_phases.py",
    "dukec/engine/position_problems.py",
    "dukec/engine/position_read.py",
    "dukec/engine/position_text.py",
    "dukec/engine/position_write.py",
    "dukec/engine/record.py",
    "dukec/engine/record_fields.py",
    "dukec/engine/text.py",
)
#: The search policies of dukec/players/ (mcts aside): their leaves, tables and baselines.
SEARCH = (
    "dukec/players/alike.py",
    "dukec/players/alphabeta.py",
    "dukec/players/attacks.py",
    "dukec/players/evaluation.py",
    "dukec/players/leaves.py",
    "dukec/players/moves.py",
    "dukec/players/ordering.py",
    "dukec/players/search.py",
    "dukec/players/table.py",
    "dukec/players/terms.py",
    "dukec/players/search_v1.py",
    "dukec/players/v1_keys.py",
    "dukec/players/v1_ordering.py",
)
#: The modules mypyc compiles: the whole engine but its façade, and the search policies built
#: on it.
COMPILED = (
    *sorted(path for path in glob("dukec/engine/*.py") if path not in PLAIN),
    *SEARCH,
    "dukec/players/mcts.py",
)
#: The compiled modules a search or a game spends its time in (measured with perf: the search,
#: its leaves and baselines, the base game's apply, undo and generation, the turn of a game set
#: with features): compiled at OPT_LEVEL. The others, whose code runs once per rule set or per
#: command or seldom (rule tables, notation, the drivers, the rarer features), at COLD_OPT_LEVEL,
#: which halves their share of the C compile and costs a game little.
HOT = (
    *SEARCH,
    "dukec/engine/area.py",
    "dukec/engine/dragon.py",
    "dukec/engine/dragon_acts.py",
    "dukec/engine/feature.py",
    "dukec/engine/featureplay.py",
    "dukec/engine/game.py",
    "dukec/engine/keyparts.py",
    "dukec/engine/movement.py",
    "dukec/engine/occupancy.py",
    "dukec/engine/playout.py",
    "dukec/engine/state.py",
    "dukec/engine/tablemoves.py",
    "dukec/engine/tables.py",
    "dukec/engine/trail.py",
    "dukec/engine/turn.py",
    "dukec/engine/zobrist.py",
)
#: What a compiled build leaves in the package (read by ``dukec.kernel``).
RECORD = "_compiled.json"
#: The shared library that holds the compiled code (mypyc's group name): a top-level module,
#: which ``dukec.kernel`` finds beside the package when an editable install does not.
GROUP = "dukec_engine"
PURE = "DUKEC_PURE"
REQUIRE = "DUKEC_REQUIRE_COMPILED"
#: The C optimisation level and debug information of the compiled engine.
OPT_LEVEL = "3"
COLD_OPT_LEVEL = "1"
DEBUG_LEVEL = "0"


def module_name(path: str) -> str:
    """``dukec/engine/game.py`` -> ``dukec.engine.game`` (``__init__.py``: the package)."""
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_hash(path: str) -> str:
    """The SHA-256 of a source file, as the record holds it."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def say(what: str) -> None:
    """One line about the build, on stderr (which pip shows with -v, or when a build fails)."""
    print(f"dukec: {what}", file=sys.stderr, flush=True)


def hook_environment(environ: Mapping[str, str], source: Path) -> str | None:
    """Why this build installs into a pre-commit hook environment, or None.

    pre-commit installs a ``language: python`` hook by running ``pip install .`` in its clone of
    the hook's repository with ``VIRTUAL_ENV`` set to the environment it made inside that clone
    (``<clone>/py_env-<version>``), and ``pre-commit run`` (and ``try-repo``) sets ``PRE_COMMIT=1``
    before installing any hook."""
    if environ.get("PRE_COMMIT") == "1":
        return "PRE_COMMIT=1"
    venv = environ.get("VIRTUAL_ENV")
    if venv and Path(venv).name.startswith("py_env-"):
        try:
            inside = Path(venv).resolve().parent == source.resolve()
        except OSError:
            return None
        if inside:
            return f"the environment {Path(venv).name} inside the source"
    return None


def compile_wanted(environ: Mapping[str, str], source: Path) -> bool:
    """Whether a build from ``source`` tries to compile the engine (DUKEC_PURE and
    ``hook_environment``, as the module docstring says)."""
    pure = environ.get(PURE, "")
    if pure == "0":
        return True
    return pure == "" and hook_environment(environ, source) is None


def opt_levels(sources: Sequence[str]) -> dict[str, str]:
    """The C optimisation level of each compiled module, by module name."""
    return {module_name(path): OPT_LEVEL if path in HOT else COLD_OPT_LEVEL for path in sources}


def reusable_inplace(package: Path, sources: list[str]) -> bool:
    """Whether the in-place compiled engine under ``package`` (an editable install's) was built
    from ``sources`` as they are now: its record names exactly those modules, each with the
    hash of its source and the optimisation level it is compiled at now, and every extension
    module it made is there."""
    try:
        data = json.loads((package / RECORD).read_text(encoding="utf-8"))
        library, modules, levels = data["library"], data["modules"], data.get("levels")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    if not isinstance(modules, dict) or library != f"{GROUP}__mypyc":
        return False
    if modules != {module_name(path): source_hash(path) for path in sources}:
        return False
    if levels != opt_levels(sources):
        return False
    suffix = EXTENSION_SUFFIXES[0]
    built = [package.parent / (library + suffix)]
    built += [package.parent / (str(Path(path).with_suffix("")) + suffix) for path in sources]
    return all(path.is_file() for path in built)


def copy_engine(package: Path, target: Path, sources: list[str]) -> None:
    """Copy the compiled engine under ``package`` (which ``reusable_inplace`` accepted) to
    ``target``, the package directory of the source tree, with its record last."""
    suffix = EXTENSION_SUFFIXES[0]
    names = [f"{GROUP}__mypyc{suffix}"]
    names += [str(Path(path).with_suffix("")) + suffix for path in sources]
    for name in names:
        shutil.copy2(package.parent / name, target.parent / name)
    shutil.copy2(package / RECORD, target / RECORD)


def notice(what: str) -> None:
    """The one line a build that falls back to pure Python prints (under
    DUKEC_REQUIRE_COMPILED=1, as release and CI builds set, the build fails instead)."""
    if os.environ.get(REQUIRE) == "1":
        raise SystemExit(f"dukec: {REQUIRE}=1 but {what}")
    say(f"{what}; installing the pure-Python engine")


def first_line(error: BaseException) -> str:
    """A build error in one line (a failed command by its program, not its whole command line)."""
    text = str(error).strip().splitlines()
    line = text[0] if text else ""
    failed = re.match(r"command '\['([^']+)'.*\]' (.+?)\.?$", line, re.IGNORECASE)
    if failed:
        line = f"{os.path.basename(failed.group(1))} {failed.group(2)}"
    return f"{type(error).__name__}: {line}" if line else type(error).__name__


class BuildEngine(build_ext):
    """build_ext that compiles COMPILED with mypyc, or falls back to pure Python."""

    def finalize_options(self) -> None:
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        # Finalizing turns options into lists in place: run() finalizes again from these.
        self._given = {
            name: copy.copy(value) for name, value in vars(self).items() if name != "finalized"
        }
        super().finalize_options()

    def run(self) -> None:
        # mypyc runs here, not in finalize_options: egg_info finalizes this command too.
        pure = os.environ.get(PURE, "")
        if pure not in ("", "0"):
            self._remove_inplace()
            say(f"{PURE} is set: installing the pure-Python engine")
            return
        if self.inplace:
            remove_strays(Path("dukec"), COMPILED)
        hook = hook_environment(os.environ, Path.cwd()) if pure == "" else None
        if hook is not None:
            self._remove_inplace()
            say(
                f"installing into a pre-commit hook environment ({hook}): the pure-Python "
                f"engine, not compiled ({PURE}=0 compiles it)"
            )
            return
        if self.inplace and reusable_inplace(Path("dukec"), list(COMPILED)):
            say("the compiled engine in place was built from these sources: kept, not rebuilt")
            return
        # `pip install .` builds in the source tree's build/lib.<platform>-<python>/: an
        # editable install after it (whose own build_lib is a temporary directory) takes that
        # engine rather than compiling the same sources again.
        earlier = Path("build", f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}")
        if self.inplace and reusable_inplace(earlier / "dukec", list(COMPILED)):
            copy_engine(earlier / "dukec", Path("dukec"), list(COMPILED))
            say(f"the compiled engine in {earlier} was built from these sources: copied in place")
            return
        say(
            f"compiling the engine with mypyc ({len(COMPILED)} modules, then C on "
            f"{self.parallel} cores; a few minutes; {PURE}=1 skips it)"
        )
        reason = _probe_compiler()
        if reason is not None:
            self._fall_back(f"no C compiler could build the compiled engine ({reason})")
            return
        start = time.monotonic()
        try:
            from mypyc.build import mypycify

            # The build has none of the runtime dependencies: the modules COMPILED imports but
            # does not compile are read for their types only, their own errors unsaid.
            extensions = mypycify(
                ["--follow-imports=silent", *COMPILED],
                opt_level=OPT_LEVEL,
                debug_level=DEBUG_LEVEL,
                multi_file=True,
                group_name=GROUP,
                target_dir=os.path.join("build", "mypyc"),
            )
        except (Exception, SystemExit) as error:
            # mypyc exits after printing its errors: point at them.
            said = "see its errors above" if isinstance(error, SystemExit) else first_line(error)
            self._fall_back(f"mypyc could not compile the engine ({said})")
            return
        say(f"mypyc wrote the C sources in {time.monotonic() - start:.1f} s")
        # setuptools prepares each extension in finalize_options: again, for the real ones.
        vars(self).update(self._given)
        self.distribution.ext_modules = self.extensions = extensions
        super().finalize_options()
        start = time.monotonic()
        try:
            super().run()
        except (Exception, SystemExit) as error:
            self._remove_outputs()
            self._fall_back(f"no C compiler could build the compiled engine ({first_line(error)})")
            return
        self._write_record()
        say(f"the C compiler built the engine in {time.monotonic() - start:.1f} s")

    def build_extensions(self) -> None:
        from mypyc.namegen import exported_name

        levels = opt_levels(COMPILED)
        cold = {
            native_source(path, exported_name)
            for path in COMPILED
            if levels[module_name(path)] == COLD_OPT_LEVEL
        }
        compile_in_parallel(self.compiler, self.parallel or 1, cold)
        super().build_extensions()

    def _fall_back(self, what: str) -> None:
        self._remove_inplace()
        notice(what)

    def _remove_outputs(self) -> None:
        """Leave no part of a failed build where it would be installed."""
        for output in self.get_outputs():
            Path(output).unlink(missing_ok=True)

    def _remove_inplace(self) -> None:
        """An in-place build that installs pure Python leaves no older compiled module behind."""
        if not self.inplace:
            return
        stems = [str(Path(path).with_suffix("")) for path in COMPILED] + [f"{GROUP}__mypyc"]
        for stem in stems:
            for suffix in EXTENSION_SUFFIXES:
                Path(stem + suffix).unlink(missing_ok=True)
        (Path("dukec") / RECORD).unlink(missing_ok=True)

    def _write_record(self) -> None:
        record = {module_name(path): source_hash(path) for path in COMPILED}
        data = {"library": f"{GROUP}__mypyc", "modules": record, "levels": opt_levels(COMPILED)}
        text = json.dumps(data, indent=2, sort_keys=True) + "\n"
        targets = [Path(self.build_lib) / "dukec" / RECORD]
        if self.inplace:
            targets.append(Path("dukec") / RECORD)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


def remove_strays(package: Path, compiled: Sequence[str]) -> list[Path]:
    """Remove the extension modules in ``package`` of sources that are no longer compiled (a
    module moved out of COMPILED would otherwise still load its old build); return them."""
    kept = {str(Path(path).with_suffix("")) for path in compiled}
    strays = []
    for found in sorted(package.rglob("*")):
        # The longest suffix first: ".cpython-311-x86_64-linux-gnu.so" before ".so".
        suffix = max((s for s in EXTENSION_SUFFIXES if found.name.endswith(s)), key=len, default="")
        if suffix and str(found)[: -len(suffix)] not in kept:
            strays.append(found)
    for stray in strays:
        stray.unlink()
    return strays


def native_source(path: str, exported_name: Callable[[str], str]) -> str:
    """The name of the C file mypyc writes a module's code to (multi-file output), given
    mypyc's ``namegen.exported_name``: ``dukec/engine/rules.py`` ->
    ``__native_dukec___engine___rules.c``."""
    return f"__native_{exported_name(module_name(path))}.c"


def compile_in_parallel(compiler: Any, workers: int, cold: set[str]) -> None:
    """Make ``compiler`` compile the C files of one extension on ``workers`` threads (mypyc's
    multi-file output is one extension of many files, which distutils compiles one by one),
    the largest first (so that no long file starts last), and the files named in ``cold`` at
    COLD_OPT_LEVEL. Only the Unix compiler class compiles file by file through ``_compile``;
    others stay serial."""
    if compiler.compiler_type != "unix":
        return
    serial = compiler.compile

    def compile(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: list[str] | None = None,
        debug: bool = False,
        extra_preargs: list[str] | None = None,
        extra_postargs: list[str] | None = None,
        depends: list[str] | None = None,
    ) -> list[str]:
        if workers < 2 or len(sources) < 2:
            return serial(
                sources,
                output_dir,
                macros,
                include_dirs,
                debug,
                extra_preargs,
                extra_postargs,
                depends,
            )
        macros, objects, extra, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            source, ext = build[obj]
            flags = [*extra, f"-O{COLD_OPT_LEVEL}"] if Path(source).name in cold else extra
            compiler._compile(obj, source, ext, cc_args, flags, pp_opts)

        def size(obj: str) -> int:
            return Path(build[obj][0]).stat().st_size

        with ThreadPoolExecutor(workers) as pool:
            list(
                pool.map(
                    one, sorted((obj for obj in objects if obj in build), key=size, reverse=True)
                )
            )
        return list(objects)

    compiler.compile = compile


def _probe_compiler() -> str | None:
    """Why this machine cannot build a CPython extension in C, or None when it can."""
    from distutils.ccompiler import new_compiler  # setuptools' own copy
    from distutils.sysconfig import customize_compiler, get_python_inc

    compiler: Any = new_compiler()
    try:
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as scratch:
            source = Path(scratch) / "probe.c"
            source.write_text("#include <Python.h>\nint dukec_probe(void) { return 0; }\n")
            compiler.compile([str(source)], output_dir=scratch, include_dirs=[get_python_inc()])
    except (Exception, SystemExit) as error:
        return first_line(error)
    return None


if __name__ == "__main__":
    setup(
        # A placeholder, so that the wheel is built for this platform; BuildEngine replaces it.
        ext_modules=[Extension("dukec._placeholder", sources=[])],
        cmdclass={"build_ext": BuildEngine},
    )
