"""A minimal LSP client for tests: `dukec lsp` as a subprocess, JSON-RPC over its stdio."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

Message = dict[str, Any]

TIMEOUT = 60.0


def _read_messages(stream: IO[bytes], inbox: queue.Queue[Message | None]) -> None:
    """Split the server's output into messages (Content-Length framing)."""
    while True:
        length = None
        while True:
            header = stream.readline()
            if not header:
                inbox.put(None)
                return
            if header in (b"\r\n", b"\n"):
                break
            name, _, value = header.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if length is None:
            continue
        inbox.put(json.loads(stream.read(length).decode("utf-8")))


class LspClient:
    """Starts `dukec lsp`, sends requests and notifications, waits for what comes back."""

    def __init__(self, cwd: Path) -> None:
        # The server's log goes to a file, so a full pipe can never block it; close() closes it.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dukec", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            cwd=cwd,
        )
        assert self.process.stdout is not None
        self.inbox: queue.Queue[Message | None] = queue.Queue()
        self.reader = threading.Thread(
            target=_read_messages, args=(self.process.stdout, self.inbox), daemon=True
        )
        self.reader.start()
        self.next_id = 0
        self.seen: list[Message] = []
        #: What the server logged, once closed.
        self.log_text = ""

    def send(self, message: Message) -> None:
        """Write one framed message to the server."""
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.send_raw(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)

    def send_raw(self, data: bytes) -> None:
        """Write bytes to the server as they are (frames of one's own making)."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        """Send a notification."""
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        """Send a request and return its result (failing on an error response)."""
        self.next_id += 1
        ident = self.next_id
        self.send({"id": ident, "method": method, "params": params})
        reply = self.wait(lambda m: m.get("id") == ident and "method" not in m)
        assert "error" not in reply, reply
        return reply.get("result")

    def wait(self, wanted: Callable[[Message], bool]) -> Message:
        """The first message (already seen or still to come) that `wanted` accepts."""
        for index, message in enumerate(self.seen):
            if wanted(message):
                return self.seen.pop(index)
        while True:
            received = self.inbox.get(timeout=TIMEOUT)
            if received is None:
                raise AssertionError("the server closed its output")
            if wanted(received):
                return received
            self.seen.append(received)

    def diagnostics(self, uri: str, version: int | None = None) -> list[Message]:
        """The next diagnostics published for `uri` (for `version` if given)."""
        message = self.wait(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and (version is None or m["params"].get("version") == version)
            )
        )
        found: list[Message] = message["params"]["diagnostics"]
        return found

    def close(self) -> int:
        """Shut the server down politely (unless it has ended) and return its exit status."""
        try:
            if self.process.poll() is None:
                self.request("shutdown", None)
                self.notify("exit", None)
                self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
            if not self.log.closed:
                self.log.seek(0)
                self.log_text = self.log.read().decode("utf-8", "replace")
                self.log.close()
        return self.process.returncode
