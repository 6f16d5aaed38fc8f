"""The compiler: .duke sources to a validated JSON tile set.

The front door for Python code: `load_tileset(path=None)` (a compiled .json file, a .duke file or
a directory; by default the base set that ships with dukec) and `compile_source(text)`, both
returning the validated tile set dict that `dukec.engine.load_rules` reads, and raising
`CompileError` (whose `render()` is the report `dukec check` prints).

Stages: `parser` (text -> syntax tree, with comments), `transform` (lark tree -> `ast`), `check`
(syntax tree -> checked `model`, every error collected; one tile is `check_tiles` with its grids
in `check_grids`, one game set `check_sets`), `emit` (model -> canonical JSON), `validate` (JSON
Schema), `decompile` (JSON -> .duke text); `driver` ties them.
"""

from dukec.atomic import write_text_atomic as write_atomic
from dukec.compiler.diagnostics import CompileError, Diagnostic, Position
from dukec.compiler.driver import (
    Analysis,
    analyze,
    compile_source,
    default_sources,
    load,
    load_tileset,
)
from dukec.compiler.emit import dumps
from dukec.compiler.parser import parse_file, parse_source

__all__ = [
    "Analysis",
    "CompileError",
    "Diagnostic",
    "Position",
    "analyze",
    "compile_source",
    "default_sources",
    "dumps",
    "load",
    "load_tileset",
    "parse_file",
    "parse_source",
    "write_atomic",
]
