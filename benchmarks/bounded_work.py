"""Work that should grow with its input, not with its square: figures per size, and the ratio
each doubling gives (about 2 for linear work, about 4 for quadratic).

    python benchmarks/bounded_work.py [--manifest 1000,2000,4000] [--lsp 10,20,40,80]

- manifest: CPU seconds to read a balance manifest of N entries whose last one is wrong (the
  error is found after every entry is read);
- lsp: CPU seconds of the language server's answer to one edit with N documents of one folder
  open (each a tile, on disk and open in the editor), after they are all open; and of opening
  them one after another.

CPU time of this process (time.process_time), so that other work on the machine does not
count; each figure is the best of three.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from dukec.insight.manifest import Entry, ManifestError, dumps, parse

TILE = """tile T{n} {{
    count 1
    front {{
        . M .
        . @ .
    }}
    back {{
        . M .
        M @ M
        . M .
    }}
}}
"""

ENTRY = Entry(
    kind="copy",
    tile="Footsoldier",
    in_place_of="Footman",
    policy="greedy",
    budget=300,
    ply_limit=300,
    games=200,
    paired=True,
    seed=1,
    tileset_hash="0123456789abcdef",
    score=0.5625,
    score_se=0.0125,
    elo=43.6,
    elo_ci95=(10.25, 90.0),
    margin=60.0,
    alpha=0.01,
)


def best(work: Callable[[], object], runs: int = 3) -> float:
    """The least CPU seconds of ``runs`` calls of ``work``."""
    found = []
    for _ in range(runs):
        started = time.process_time()
        work()
        found.append(time.process_time() - started)
    return min(found)


def manifest(size: int) -> float:
    """CPU seconds to read a manifest of ``size`` entries, the last one wrong."""
    entries = [replace(ENTRY, tile=f"Tile{n}") for n in range(size - 1)]
    text = dumps([*entries, replace(ENTRY, tile="Last", margin=-1.0)])

    def read() -> None:
        try:
            parse(text, Path("balance.toml"))
        except ManifestError:
            return
        raise AssertionError("the wrong entry was not found")

    return best(read)


def lsp(size: int) -> tuple[float, float]:
    """CPU seconds to open ``size`` documents of one folder, and to answer one edit."""
    from lsprotocol import types

    from dukec.lsp.server import create_server

    def session() -> tuple[float, float]:
        root = Path(tempfile.mkdtemp())
        server = create_server()
        params = types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=root.as_uri()
        )
        for _ in server.protocol.lsp_initialize(params):
            pass
        server.text_document_publish_diagnostics = lambda params: None  # type: ignore[method-assign]
        features = server.protocol.fm.features
        uris = []
        for n in range(size):
            (root / f"t{n}.duke").write_text(TILE.format(n=n))
        started = time.process_time()
        for n in range(size):
            item = types.TextDocumentItem(
                (root / f"t{n}.duke").as_uri(), "duke", 1, TILE.format(n=n)
            )
            server.workspace.put_text_document(item)
            features[types.TEXT_DOCUMENT_DID_OPEN](types.DidOpenTextDocumentParams(item))
            uris.append(item.uri)
        opened = time.process_time() - started
        edited = TILE.format(n=0).replace("count 1", "count 2")
        server.workspace.put_text_document(types.TextDocumentItem(uris[0], "duke", 2, edited))
        change = types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uris[0]), []
        )
        started = time.process_time()
        features[types.TEXT_DOCUMENT_DID_CHANGE](change)
        return opened, time.process_time() - started

    session()  # the first one imports and builds what every later one reuses
    runs = [session() for _ in range(3)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def _sizes(text: str) -> list[int]:
    return [int(size) for size in text.split(",") if size]


def main() -> None:
    """Print each figure, with the ratio to the one before."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", default="1000,2000,4000")
    parser.add_argument("--lsp", default="10,20,40,80")
    options = parser.parse_args()
    previous = None
    for size in _sizes(options.manifest):
        seconds = manifest(size)
        ratio = "" if previous is None else f"  x{seconds / previous:.1f}"
        print(f"manifest of {size:>5} entries, one wrong: {seconds:.3f} s{ratio}")
        previous = seconds
    previous_edit = None
    for size in _sizes(options.lsp):
        opened, edited = lsp(size)
        ratio = "" if previous_edit is None else f"  x{edited / previous_edit:.1f}"
        print(
            f"lsp, {size:>3} documents of one folder open: opening them {opened:.3f} s, "
            f"one edit {edited:.3f} s{ratio}"
        )
        previous_edit = edited


if __name__ == "__main__":
    main()
