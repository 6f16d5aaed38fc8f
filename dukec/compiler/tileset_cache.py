"""Compiled tile sets kept in :mod:`dukec.cache`, so that a repeated command, a worker process
or a benchmark does not parse and check the same .duke sources again.

An entry is keyed by everything the tile set is compiled from: the texts of the .duke files in
the order they are compiled, the prelude's icon declarations (read by every compile), the
grammar, the schema, dukec's version and the source of the compiler itself
(``dukec/compiler/*.py`` and the top-level modules beside it), so that a checkout whose compiler
changed never reads what an older compiler wrote. The names the files go by are not part of it:
they show only in errors, and only a tile set without errors (checked against the schema) is
kept. The cache trusts an entry only when its header's HMAC, under the cache directory's own
secret, checks out, so a tile set read back is one dukec wrote; one that cannot be read as a
tile set is ignored all the same, and written again by the compile.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from dukec import cache
from dukec.compiler.parser import grammar_text
from dukec.compiler.prelude import prelude_text
from dukec.compiler.validate import SCHEMA_PACKAGE, TILESET_SCHEMA
from dukec.version import __version__

KIND = "tilesets"


@functools.cache
def compiler_fingerprint() -> str:
    """The SHA-256 of the compiler's own source files."""
    package = Path(__file__).resolve().parent.parent
    sources = sorted([*package.glob("*.py"), *package.joinpath("compiler").glob("*.py")])
    return cache.key(
        [str(path.relative_to(package)).encode() + path.read_bytes() for path in sources]
    )


def entry(texts: Sequence[str]) -> str:
    """The key of the tile set compiled from source ``texts``, in compile order."""
    schema = files(SCHEMA_PACKAGE).joinpath(TILESET_SCHEMA).read_bytes()
    head: list[str | bytes] = [
        KIND,
        __version__,
        compiler_fingerprint(),
        grammar_text(),
        prelude_text(),
        schema,
        str(len(texts)),
    ]
    return cache.key([*head, *texts])


def read(key: str) -> dict[str, Any] | None:
    """The tile set stored under ``key``, or None."""
    payload = cache.read(KIND, key)
    if payload is None:
        return None
    try:
        data = json.loads(payload.decode("utf-8"))
    except ValueError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("tiles"), list) else None


def write(key: str, data: dict[str, Any]) -> None:
    """Store the tile set ``data`` under ``key``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    cache.write(KIND, key, text.encode("utf-8"))
