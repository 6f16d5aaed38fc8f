"""The parser's runtime: lark's stand-alone LALR parser for the grammar, kept compiled in the cache.

Importing lark (its grammar compiler, Earley and CYK parsers included) and loading a saved parser
take most of the start of a short command such as ``dukec fmt``. Lark's stand-alone generator
writes one module that holds the LALR runtime alone (lexer, parser, trees, errors, lark's own
code) and the grammar's tables. :func:`runtime` generates that module once per grammar, lark and
Python, and keeps its compiled code in :mod:`dukec.cache`; later runs execute the code without
importing lark. With the cache off, lark itself builds the parser.

Both parse alike and raise the same errors: the stand-alone module is lark's code, with classes
of the same names (``Token``, ``UnexpectedToken``, ...), so a caller takes them from the module
:func:`runtime` returns beside the parser.
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import sys
import types
from collections.abc import Callable
from typing import Any

from dukec import cache

#: The cache's kind for the parser (the same directory the saved parsers of earlier versions
#: used: their entries have other keys and are pruned in time).
KIND = "parser"
#: The layout of an entry: marshalled code of the stand-alone module. The key also holds this
#: file's own text, so that a change in how the module is made makes it again.
FORMAT = "lark-standalone-code-1"
#: The name the stand-alone module runs under (it is not importable by this name).
MODULE = "dukec.compiler._lark_standalone"


def _text_of(path: str | None) -> bytes:
    if path is None:
        return b""
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return b""


def lark_fingerprint() -> bytes:
    """lark's ``__init__.py`` (its version, among others), read without importing lark."""
    spec = importlib.util.find_spec("lark")
    return b"" if spec is None else _text_of(spec.origin)


def runtime(
    grammar: str, options: dict[str, Any], build: Callable[[], Any]
) -> tuple[types.ModuleType, Any]:
    """The grammar's parser and the module of its classes: the cached stand-alone module, else
    one generated from ``build()`` (a ``lark.Lark`` built with ``options``) and stored; with the
    cache off or not usable, lark itself and ``build()``."""
    if not cache.available():
        import lark

        return lark, build()
    options_text = repr(sorted(options.items()))
    parts: list[str | bytes] = [FORMAT, _text_of(__file__), grammar, lark_fingerprint()]
    parts += [sys.version, options_text]
    entry = cache.key(parts)
    payload = cache.read(KIND, entry)
    if payload is not None:
        try:
            return _execute(marshal.loads(payload))
        except Exception:
            pass  # an entry that checks out but does not run: generated again below
    code = compile(_generate(build()), f"<{MODULE}>", "exec")
    cache.write(KIND, entry, marshal.dumps(code))
    return _execute(code)


def _generate(parser: Any) -> str:
    from lark.tools.standalone import gen_standalone

    out = io.StringIO()
    gen_standalone(parser, out=out)  # type: ignore[no-untyped-call]
    # Imported for compressed tables and Lark.save/load, neither of which this parser uses; they
    # would cost every start a few milliseconds.
    return out.getvalue().replace("\nimport pickle, zlib, base64\n", "\n", 1)


def _execute(code: types.CodeType) -> tuple[types.ModuleType, Any]:
    module = types.ModuleType(MODULE)
    # Registered as an import would register it: dataclasses and pickle look it up by name.
    sys.modules[MODULE] = module
    exec(code, module.__dict__)
    return module, module.Lark_StandAlone()
