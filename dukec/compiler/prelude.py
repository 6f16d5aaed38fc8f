"""The prelude: the base box's icon declarations (``tiles/icons.duke``), in scope in every compile.

Every tile set reads them first, the way a designer's folder is read on top of the base set:
``dukec check paladin.duke`` knows M, J, S... with no declaration of its own. A source file
that declares exactly what the prelude does (the base box's ``icons.duke`` itself, or a copy of
it wherever it lies, however commented) is the prelude, read once.
"""

from __future__ import annotations

import functools
from importlib.resources import files

from dukec.compiler import ast
from dukec.compiler.parser import parse_source

#: The prelude's file among the base set's sources.
PRELUDE_FILE = "icons.duke"


@functools.cache
def prelude_path() -> str:
    """Where the prelude lies, as diagnostics show it."""
    return str(files("dukec.tiles").joinpath(PRELUDE_FILE))


@functools.cache
def prelude_text() -> str:
    """The prelude's text (part of what a compiled tile set is cached by)."""
    return files("dukec.tiles").joinpath(PRELUDE_FILE).read_text(encoding="utf-8")


@functools.cache
def prelude() -> ast.SourceFile:
    """The prelude, parsed once per process."""
    return parse_source(prelude_text(), prelude_path())


def is_prelude(source: ast.SourceFile) -> bool:
    """Whether a source file declares exactly the prelude's icons, and nothing else."""
    return source.definitions == prelude().definitions
