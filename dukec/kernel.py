"""Which engine runs: the one compiled by mypyc, or the pure-Python source.

A compiled build (``setup.py``) leaves C extension modules beside the engine's ``.py`` files and
a record, ``_compiled.json``, of the modules it compiled with the SHA-256 of the source each was
compiled from. Python's import system prefers an extension module to its source; ``select()``,
run by ``dukec/__init__.py`` before any engine module is imported, makes the source win instead
when ``DUKEC_PURE`` is set (to anything but ``0``), or when a compiled module no longer matches
its source (an in-place build in a checkout whose source changed since), saying so on stderr.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

COMPILED = "compiled (mypyc)"
PURE = "pure Python"
#: The environment variable that forces the pure-Python engine, at build time and at run time.
PURE_ENV = "DUKEC_PURE"
#: The record a compiled build leaves in the package directory.
RECORD = "_compiled.json"
#: The module whose origin tells which engine runs.
PROBE = "dukec.engine.game"

PACKAGE_DIR = Path(__file__).resolve().parent


def kernel() -> str:
    """``"compiled (mypyc)"`` when the engine runs from its compiled extension modules, else
    ``"pure Python"``."""
    module = importlib.import_module(PROBE)
    return COMPILED if is_extension(module) else PURE


def is_extension(module: ModuleType) -> bool:
    """Whether a module was loaded from a C extension module rather than from Python source."""
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def pure_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``DUKEC_PURE`` asks for the pure-Python engine (set, and neither empty nor 0)."""
    return environ.get(PURE_ENV, "") not in ("", "0")


def read_record(package_dir: Path = PACKAGE_DIR) -> tuple[str, dict[str, str]]:
    """What a compiled build left: the name of its shared library, and the modules it compiled,
    each with the hash of its source (``("", {})``: none)."""
    try:
        data = json.loads((package_dir / RECORD).read_text(encoding="utf-8"))
        library, modules = data["library"], data["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return "", {}
    if not isinstance(library, str) or not isinstance(modules, dict):
        return "", {}
    return library, {str(name): str(digest) for name, digest in modules.items()}


def compiled_modules(package_dir: Path = PACKAGE_DIR) -> dict[str, str]:
    """The modules a compiled build left, each with the hash of its source (empty: none)."""
    return read_record(package_dir)[1]


def source_path(name: str, package_dir: Path = PACKAGE_DIR) -> Path:
    """The ``.py`` file of module ``dukec.x.y`` (a package's ``__init__.py``)."""
    base = package_dir.joinpath(*name.split(".")[1:])
    package = base / "__init__.py"
    return package if package.is_file() else base.with_suffix(".py")


def stale_modules(modules: Mapping[str, str], package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The compiled modules whose source is not what they were compiled from."""
    stale = []
    for name, digest in sorted(modules.items()):
        try:
            now = hashlib.sha256(source_path(name, package_dir).read_bytes()).hexdigest()
        except OSError:
            continue  # no source beside it: nothing else could run
        if now != digest:
            stale.append(name)
    return stale


class SourceFinder:
    """A meta-path finder that loads the named modules from their ``.py`` source, so that an
    extension module beside the source is not used."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of the source of ``fullname``, if it is one of the named modules."""
        if fullname not in self.names:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path or sys.path:
            package = Path(entry) / leaf / "__init__.py"
            if package.is_file():
                return importlib.util.spec_from_file_location(
                    fullname, package, submodule_search_locations=[str(package.parent)]
                )
            module = Path(entry) / f"{leaf}.py"
            if module.is_file():
                return importlib.util.spec_from_file_location(fullname, module)
        return None


class LibraryFinder:
    """A meta-path finder for the compiled engine's shared library, a top-level module beside
    the package: an editable install puts only the package itself on the import path."""

    def __init__(self, name: str, directory: Path) -> None:
        self.name = name
        self.directory = directory

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of the shared library beside the package."""
        if fullname != self.name:
            return None
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            candidate = self.directory / f"{fullname}{suffix}"
            if candidate.is_file():
                loader = importlib.machinery.ExtensionFileLoader(fullname, str(candidate))
                return importlib.util.spec_from_file_location(fullname, candidate, loader=loader)
        return None


def select(environ: Mapping[str, str] = os.environ, package_dir: Path = PACKAGE_DIR) -> bool:
    """Make the compiled modules load from source when asked to, or when they are stale; True
    when the pure-Python engine was chosen over installed compiled modules."""
    library, modules = read_record(package_dir)
    if not modules:
        return False
    if not pure_requested(environ):
        stale = stale_modules(modules, package_dir)
        if not stale:
            if not any(getattr(finder, "name", None) == library for finder in sys.meta_path):
                sys.meta_path.append(LibraryFinder(library, package_dir.parent))
            return False
        more = f" and {len(stale) - 1} more" if len(stale) > 1 else ""
        print(
            f"dukec: the compiled engine is older than the source of {stale[0]}{more}; running "
            "pure Python (rebuild: python -m pip install -e . ; or set DUKEC_PURE=1)",
            file=sys.stderr,
        )
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(frozenset(modules)))
    return True
