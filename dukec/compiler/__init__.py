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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Where each name of the front door is defined: a stage is imported when a name of it is first
#: used, so that a tool that needs one stage (fmt: the parser) does not load them all.
_FROM = {
    "write_atomic": ("dukec.atomic", "write_text_atomic"),
    "CompileError": ("dukec.compiler.diagnostics", "CompileError"),
    "Diagnostic": ("dukec.compiler.diagnostics", "Diagnostic"),
    "Position": ("dukec.compiler.diagnostics", "Position"),
    "Analysis": ("dukec.compiler.driver", "Analysis"),
    "analyze": ("dukec.compiler.driver", "analyze"),
    "compile_source": ("dukec.compiler.driver", "compile_source"),
    "default_sources": ("dukec.compiler.driver", "default_sources"),
    "load": ("dukec.compiler.driver", "load"),
    "load_tileset": ("dukec.compiler.driver", "load_tileset"),
    "dumps": ("dukec.compiler.emit", "dumps"),
    "parse_file": ("dukec.compiler.parser", "parse_file"),
    "parse_source": ("dukec.compiler.parser", "parse_source"),
}

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


def __getattr__(name: str) -> Any:
    where = _FROM.get(name)
    if where is None:
        try:  # a stage, as an attribute of the package
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value
