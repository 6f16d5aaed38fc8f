"""The compiler: .duke sources to a validated JSON tile set.

Stages, one module each: `parser` (text -> syntax tree, with comments), `transform` (lark tree
-> `ast`), `check` (syntax tree -> checked `model`, every error collected), `emit` (model ->
canonical JSON), `validate` (JSON Schema), `decompile` (JSON -> .duke text); `driver` ties them.
"""

from dukec.atomic import write_text_atomic as write_atomic
from dukec.compiler.diagnostics import CompileError, Diagnostic, Position
from dukec.compiler.driver import Analysis, analyze, compile_text, load
from dukec.compiler.emit import dumps
from dukec.compiler.parser import parse_file, parse_source

__all__ = [
    "Analysis",
    "CompileError",
    "Diagnostic",
    "Position",
    "analyze",
    "compile_text",
    "dumps",
    "load",
    "parse_file",
    "parse_source",
    "write_atomic",
]
