"""dukec: a rules-as-data toolchain for The Duke.

`dukec.load_tileset(path=None)` and `dukec.compile_source(text)` give a validated tile set (the
compiler's front door); `dukec.engine` plays it. The compiler is imported only when one of the
two is first used, so `import dukec.engine` never loads lark. Before any engine module is
imported, `dukec.kernel.select()` decides whether a compiled engine beside the source may run
(not under DUKEC_PURE=1, nor when it is stale); `dukec.kernel.kernel()` says which runs.
"""

from __future__ import annotations

from pathlib import Path as _Path
from typing import TYPE_CHECKING, Any

from dukec import kernel as _kernel

__version__ = "0.1.0"

# An install puts grammar/, schemas/ and tiles/ inside the package (pyproject's package-dir
# maps them to dukec.grammar, dukec.schemas and dukec.tiles). In a source checkout they sit
# beside it: when this package is the checkout's (whatever is installed, as when the tests run
# from the checkout), it finds its data subpackages there too.
_CHECKOUT = _Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "grammar" / "duke.lark").is_file():
    __path__.append(str(_CHECKOUT))

__all__ = ["__version__", "compile_source", "load_tileset"]

_kernel.select()

if TYPE_CHECKING:
    from dukec.compiler import compile_source, load_tileset


def __getattr__(name: str) -> Any:
    if name in ("compile_source", "load_tileset"):
        import dukec.compiler

        return getattr(dukec.compiler, name)
    raise AttributeError(f"module 'dukec' has no attribute {name!r}")
