"""The fenced code blocks of the README and of the documentation pages, with their marks.

A block is marked by HTML comments on the lines just before its opening fence, which a reader
of the rendered page does not see:

``<!-- no-test: REASON -->``
    the block cannot run in a test (it installs packages, serves, or plays for hours); the
    tests report it as skipped, with the reason.
``<!-- test-options: OPTIONS -->``
    in a test every ``dukec`` command of the block runs with those of OPTIONS it takes appended
    (fewer games, a smaller search budget); the page says that the figures shown come from the
    run as written.
``<!-- test-input: LINE; LINE -->``
    in a test every command of the block reads those lines on its standard input, as a person
    at the keyboard of ``dukec play`` types them.
``<!-- exit: N -->``
    every command of the block exits with status N (default 0).
``<!-- excerpt: PATH -->``
    the block is a piece of that file of the repository, as it stands there (the test finds it
    there instead of running it: a declaration every tile set reads already, say).
``<!-- requires: MODULE, ... -->``
    the block needs an optional extra; without its modules it is skipped, saying so.

A block's info string may give a file name, ```` ```duke title="paladin.duke" ````: the test
writes the block to that file of the page's working directory before running what follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^(?P<indent>\s*)```(?P<lang>[\w+-]*)(?P<info>.*)$")
CLOSE = re.compile(r"^\s*```\s*$")
MARK = re.compile(r"^\s*<!--\s*(?P<key>[\w-]+)(?::\s*(?P<value>.*?))?\s*-->\s*$")
TITLE = re.compile(r'title="(?P<title>[^"]+)"')


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, its text and the marks before it."""

    path: str
    line: int
    lang: str
    body: str
    title: str | None = None
    marks: dict[str, str] = field(default_factory=dict)
    end: int = 0

    @property
    def where(self) -> str:
        """``path:line`` of the opening fence."""
        return f"{self.path}:{self.line}"


def pages() -> list[Path]:
    """The README and every page of the documentation site."""
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of one markdown file, in order."""
    lines = path.read_text(encoding="utf-8").split("\n")
    name = path.relative_to(REPO).as_posix()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not CLOSE.match(lines[end]):
            end += 1
        if end == len(lines):
            raise ValueError(f"{name}:{index + 1}: a code block is never closed")
        indent = len(opening["indent"])
        body = "".join(line[indent:] + "\n" for line in lines[index + 1 : end])
        marks: dict[str, str] = {}
        before = index - 1
        while before >= 0 and (mark := MARK.match(lines[before])):
            marks[mark["key"]] = mark["value"] or ""
            before -= 1
        title = TITLE.search(opening["info"])
        found.append(
            Block(
                path=name,
                line=index + 1,
                lang=opening["lang"],
                body=body,
                title=title["title"] if title else None,
                marks=marks,
                end=end + 1,
            )
        )
        index = end + 1
    return found
