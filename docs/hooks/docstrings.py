"""The docstrings as the reference shows them (a griffe extension, mkdocs.yml): the code's
docstrings are written for ``help()`` and doctest, the pages in Markdown.

- a doctest example (``>>>`` lines and the output after them, up to a blank line) becomes a
  ``pycon`` code block, instead of Markdown's nested quotes;
- a Sphinx role (``:class:`~dukec.engine.Action```, ``:meth:``, ``:func:``, ``:mod:`` ...)
  becomes the code span of its name (the last part where the name starts with ``~``), so that
  no page shows the role's markup.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|mod|func|meth|attr|data|exc|obj|const):`(~?)([^`]+)`")
FENCE = re.compile(r"^\s*```")


def markdown(text: str) -> str:
    """A docstring with its doctest examples fenced and its roles as code spans."""
    lines = text.split("\n")
    out: list[str] = []
    fenced = False
    example = False
    for line in lines:
        if FENCE.match(line):
            fenced = not fenced
        if not fenced and not example and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            example = True
        elif example and not line.strip():
            out.append(f"{indent}```")
            example = False
        out.append(line if example or fenced else ROLE.sub(_role, line))
    if example:
        out.append(f"{indent}```")
    return "\n".join(out)


def _role(match: re.Match[str]) -> str:
    short, name = match.groups()
    return f"`{name.rsplit('.', 1)[-1] if short else name}`"


class DocstringMarkdown(griffe.Extension):
    """Rewrites every docstring the reference renders (see the module's docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Each object as griffe loads it."""
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
