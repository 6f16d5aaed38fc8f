"""The language server: pygls over stdio, answering with `dukec.lsp.features`.

When a document is opened, changed, saved or closed, it is checked again with its folder, and
so is every open document whose folder holds it, since one file's edit can change another's
errors (a duplicate name, a tile a set names): those of one directory with one check of it
(:func:`dukec.lsp.folder.check_documents`). Frames are read by `dukec.lsp.frames`, which
answers malformed ones itself.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import BinaryIO

from lsprotocol import types
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from dukec.compiler.diagnostics import Position
from dukec.lsp import features, frames
from dukec.lsp.folder import Checked, Checks, check_documents
from dukec.version import __version__

NAME = "dukec"


class DukeServer(LanguageServer):
    """A language server that keeps each open document's last check for requests to use, and
    the checks of their folders (:class:`dukec.lsp.folder.Checks`)."""

    def __init__(self) -> None:
        super().__init__(NAME, __version__)
        self.checked: dict[str, Checked] = {}
        self.checks = Checks()

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve over stdin and stdout until the input ends or the editor says exit."""
        # As pygls's own start_io, with `frames` reading: shutdown() sets the event.
        self._stop_event = threading.Event()
        writer = StdoutWriter(stdout or sys.stdout.buffer)
        self.protocol.set_writer(writer)
        try:
            asyncio.run(
                frames.serve(
                    self._stop_event,
                    stdin or sys.stdin.buffer,
                    self.protocol,
                    writer.write,
                    self.thread_pool,
                )
            )
        except (BrokenPipeError, KeyboardInterrupt, SystemExit):
            pass  # the editor has gone, or asked the server to exit
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]  # pygls leaves it unannotated


def document_path(uri: str) -> Path | None:
    """The file a document's URI names, or None (an unsaved buffer)."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def _open_texts(server: LanguageServer) -> dict[Path, str]:
    texts: dict[Path, str] = {}
    for uri, document in server.workspace.text_documents.items():
        path = document_path(uri)
        if path is not None:
            texts[path] = document.source
    return texts


def check(server: DukeServer, documents: list[TextDocument]) -> list[Checked]:
    """The documents checked with their folders, open documents as the editor holds them
    (those of one directory with one check of it)."""
    found = check_documents(
        [(d.uri, d.source, document_path(d.uri)) for d in documents],
        _open_texts(server),
        server.checks,
    )
    for document, checked in zip(documents, found, strict=True):
        server.checked[document.uri] = checked
    return found


def last_check(server: DukeServer, document: TextDocument) -> Checked:
    """The document's check since the last edit of any open document, or a new one."""
    found = server.checked.get(document.uri)
    return found if found is not None else check(server, [document])[0]


def _locator(checked: Checked, document: TextDocument) -> features.Locate:
    codec = document.position_codec
    texts = checked.analysis.texts.texts

    def locate(name: str, position: Position | None) -> types.Location:
        span = features.lsp_range(position)
        if name == checked.name:
            return types.Location(document.uri, codec.range_to_client_units(document.lines, span))
        lines = texts.get(name, "").splitlines(keepends=True)
        uri = from_fs_path(name) or name
        return types.Location(uri, codec.range_to_client_units(lines, span))

    return locate


def publish(server: DukeServer, documents: list[TextDocument]) -> None:
    """Send the documents' diagnostics."""
    for document, checked in zip(documents, check(server, documents), strict=True):
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=document.uri,
                diagnostics=features.diagnostics(checked, _locator(checked, document)),
                version=document.version,
            )
        )


def affected(document_uri: str, edited_uri: str) -> bool:
    """Whether an edit of `edited_uri` can change the diagnostics of `document_uri`: it is the
    document itself, or a file below the document's directory (which is checked with it)."""
    if document_uri == edited_uri:
        return True
    document, edited = document_path(document_uri), document_path(edited_uri)
    if document is None or edited is None:
        return False
    return document.parent in edited.parents


def publish_affected(server: DukeServer, edited_uri: str) -> None:
    """Check the open documents an edit of `edited_uri` can change, and send their diagnostics."""
    server.checked.clear()
    documents = server.workspace.text_documents
    publish(server, [documents[uri] for uri in list(documents) if affected(uri, edited_uri)])


def opened(server: LanguageServer, uri: str) -> TextDocument | None:
    """The open document ``uri`` names, or None: a request about a document the editor has
    not opened is answered with nothing, never by reading the file (pygls would read it whole,
    or wait on a FIFO)."""
    found: TextDocument | None = server.workspace.text_documents.get(uri)
    return found


def _point(document: TextDocument, position: types.Position) -> tuple[int, int]:
    """A client position as a line and code-point column."""
    at = document.position_codec.position_from_client_units(document.lines, position)
    return at.line, at.character


def create_server() -> DukeServer:
    """A language server with every feature registered."""
    server = DukeServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: DukeServer, params: types.DidOpenTextDocumentParams) -> None:
        publish_affected(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DukeServer, params: types.DidChangeTextDocumentParams) -> None:
        publish_affected(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: DukeServer, params: types.DidSaveTextDocumentParams) -> None:
        publish_affected(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DukeServer, params: types.DidCloseTextDocumentParams) -> None:
        # A closed file's diagnostics are withdrawn; the others may change with it gone.
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )
        publish_affected(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: DukeServer, params: types.HoverParams) -> types.Hover | None:
        document = opened(ls, params.text_document.uri)
        if document is None:
            return None
        line, character = _point(document, params.position)
        path = document_path(document.uri)
        stats = features.worths(path.parent if path is not None else None)
        checked = last_check(ls, document)
        found = features.hover(checked, document.source, line, character, stats)
        if found is not None and found.range is not None:
            codec = document.position_codec
            found.range = codec.range_to_client_units(document.lines, found.range)
        return found

    @server.feature(types.TEXT_DOCUMENT_COMPLETION)
    def completion(ls: DukeServer, params: types.CompletionParams) -> types.CompletionList:
        document = opened(ls, params.text_document.uri)
        if document is None:
            return types.CompletionList(is_incomplete=False, items=[])
        line, character = _point(document, params.position)
        items = features.completion(last_check(ls, document), document.source, line, character)
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(
        ls: DukeServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        document = opened(ls, params.text_document.uri)
        if document is None:
            return None
        path = document_path(document.uri)
        edits = features.formatting(document.source, str(path) if path else document.uri)
        codec = document.position_codec
        for edit in edits or []:
            edit.range = codec.range_to_client_units(document.lines, edit.range)
        return edits

    return server


def serve() -> None:
    """Run the language server over stdin and stdout until the editor says exit."""
    create_server().start_io()
