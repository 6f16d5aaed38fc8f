"""Formatter: .duke sources rewritten in one canonical layout, comments kept.

The layout: four spaces per block level; one statement per line; tile statements in the order
count, ability, acts as duke, terrain properties (in the schema's order), front, back; set
statements in the order board, optional, terrain, rules (in their written order), armies; in an
army the start entries (in their written order, which is the placement order), then the bags,
the extra ways to win and the tiles frozen at the edge; each grid's cells padded
to the width of its widest cell; long lists wrapped after a comma with the next item under the
first; an icon declaration on one line, its items two spaces apart, where it was written on
one line and fits (else one item a line, in their written order); one blank line between
definitions. Comments stay with the statement they precede or end; a statement the formatter
does not know is kept as written.

`format_text` never returns text that means something else: the result is parsed again and its
statements compared with the original's, and every comment must still be there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dukec.compiler import ast
from dukec.compiler.diagnostics import CompileError, Diagnostic, Position
from dukec.compiler.layout import INDENT, aligned_rows, icon_lines, wrapped
from dukec.compiler.parser import parse_source
from dukec.compiler.vocabulary import Side

COMMENT_GAP = "  "


class FormatError(Exception):
    """The formatter could not keep a file's meaning or comments (the file is left alone)."""


# === Canonical order ===


def _tile_item_key(item: object) -> tuple[int, int]:
    if isinstance(item, ast.CountDecl):
        return (0, 0)
    if isinstance(item, ast.AbilityDecl):
        return (1, 0)
    if isinstance(item, ast.ActsAsDuke):
        return (2, 0)
    if isinstance(item, ast.ClassDecl):
        return (2, 1)
    if isinstance(item, ast.PropertyDecl):
        # The schema is read only for a file that sets terrain properties.
        from dukec.compiler.properties import terrain_vocabulary

        order = list(terrain_vocabulary())
        name = item.name.text
        return (3, order.index(name) if name in order else len(order))
    if isinstance(item, ast.SideGrid):
        return (4, 0 if item.side is Side.FRONT else 1)
    return (9, 0)


def _set_item_key(item: object) -> tuple[int, int]:
    if isinstance(item, ast.BoardDecl):
        return (0, 0)
    if isinstance(item, ast.OptionalDecl):
        return (1, 0)
    if isinstance(item, ast.TerrainDecl):
        return (2, 0)
    if isinstance(item, ast.RuleDecl):
        return (3, 0)
    if isinstance(item, ast.SwapDecl):
        return (3, 1)
    if isinstance(item, ast.ArmyDef):
        player = item.player.text if item.player is not None else ""
        return (4, {"": 0, "first": 1, "second": 2}.get(player, 3))
    return (9, 0)


def _army_item_key(item: object) -> tuple[int, int]:
    if isinstance(item, ast.StartDecl):
        return (0, 0)
    if isinstance(item, ast.BagDecl):
        return (1, 0)
    if isinstance(item, ast.WinDecl | ast.WinEveryDecl):
        return (2, 0)
    if isinstance(item, ast.FreezeDecl):
        return (3, 0)
    if isinstance(item, ast.PlaceDecl):
        return (4, 0)
    return (9, 0)


def _ordered(items: Sequence[Any], key: Callable[[object], tuple[int, int]]) -> list[Any]:
    return sorted(items, key=key)  # stable: equal keys keep their written order


def canonical(definition: Any) -> Any:
    """A definition with its statements in canonical order (positions are not compared)."""
    if isinstance(definition, ast.TileDef):
        return replace(definition, items=tuple(_ordered(definition.items, _tile_item_key)))
    if isinstance(definition, ast.SetDef):
        items = [
            replace(item, items=tuple(_ordered(item.items, _army_item_key)))
            if isinstance(item, ast.ArmyDef)
            else item
            for item in definition.items
        ]
        return replace(definition, items=tuple(_ordered(items, _set_item_key)))
    return definition


# === Comments ===


@dataclass(slots=True)
class _Comments:
    """The file's comments, each either alone on its line or ending a line of code."""

    lines: list[str]
    pending: list[ast.Comment] = field(default_factory=list)

    def trailing(self, comment: ast.Comment) -> bool:
        line = self.lines[comment.pos.line - 1]
        return bool(line[: comment.pos.column - 1].strip())

    def take(self, first: int, last: int) -> list[ast.Comment]:
        """Remove and return the comments on lines first..last."""
        taken = [c for c in self.pending if first <= c.pos.line <= last]
        self.pending = [c for c in self.pending if not first <= c.pos.line <= last]
        return taken

    def blank_between(self, first: int, last: int) -> bool:
        """Whether a blank line lies strictly between two lines."""
        return any(not self.lines[n - 1].strip() for n in range(first + 1, last))


def _text(comment: ast.Comment) -> str:
    return comment.text.rstrip()


# === Statements ===


def _value(value: ast.Word | ast.Number) -> str:
    return value.text if isinstance(value, ast.Word) else str(value.value)


def _stack(stack: ast.Stack) -> str:
    return f"{stack.count.value} {stack.tile.text}" if stack.count is not None else stack.tile.text


def _target(name: ast.Word, of_class: bool) -> str:
    return f"class {name.text}" if of_class else name.text


def _icon_value(item: ast.IconItem) -> str:
    return f'"{item.value.text}"' if item.quoted else item.value.text


def _in_written_order(item: object) -> tuple[int, int]:
    return (0, 0)


def _statement(item: object, indent: str) -> list[str] | None:
    """A one-statement node's lines, or None when the node is a block or unknown."""
    if isinstance(item, ast.IconItem):
        return [f"{indent}{item.key.text} {_icon_value(item)}"]
    if isinstance(item, ast.CountDecl):
        return [f"{indent}count {item.count.value}"]
    if isinstance(item, ast.AbilityDecl):
        line = f"{indent}ability {' '.join(word.text for word in item.words)}"
        if item.sides:
            line += f" on {', '.join(word.text for word in item.sides)}"
        return [line]
    if isinstance(item, ast.ActsAsDuke):
        return [f"{indent}acts as duke"]
    if isinstance(item, ast.ClassDecl):
        return wrapped("class", [name.text for name in item.names], indent)
    if isinstance(item, ast.PropertyDecl):
        return wrapped(item.name.text, [_value(v) for v in item.values], indent)
    if isinstance(item, ast.BoardDecl):
        return [f"{indent}board {item.files.value} x {item.ranks.value}"]
    if isinstance(item, ast.OptionalDecl):
        return wrapped("optional", [name.text for name in item.names], indent)
    if isinstance(item, ast.TerrainDecl):
        return wrapped("terrain", [_stack(s) for s in item.stacks], indent)
    if isinstance(item, ast.BagDecl):
        return wrapped("bag", [_stack(s) for s in item.stacks], indent)
    if isinstance(item, ast.StartDecl):
        count = f"{item.count.value} " if item.count is not None else ""
        head = f"start {count}{_target(item.tile, item.of_class)}"
        if item.beside is not None:
            return [f"{indent}{head} beside {_target(item.beside, item.beside_class)}"]
        return wrapped(f"{head} on", [square.text for square in item.squares], indent)
    if isinstance(item, ast.RuleDecl):
        return wrapped(f"rule {item.name.text}", [_value(v) for v in item.values], indent)
    if isinstance(item, ast.WinDecl):
        count = f"{item.count.value} " if item.count is not None else ""
        return [f"{indent}win {item.by.text} {count}{item.tile.text}"]
    if isinstance(item, ast.WinEveryDecl):
        targets = [_target(t.name, t.of_class) for t in item.targets]
        return wrapped(f"win {item.by.text} every", targets, indent)
    if isinstance(item, ast.PlaceDecl):
        targets = [_target(t.name, t.of_class) for t in item.targets]
        return wrapped("place beside", targets, indent)
    if isinstance(item, ast.SwapDecl):
        pairs = [f"{pair.tile.text} for {pair.replaced.text}" for pair in item.pairs]
        return wrapped(f"swap {item.when[0].text} {item.when[1].text}", pairs, indent)
    if isinstance(item, ast.ExtendsDecl):
        return [f"{indent}extends {item.name.text}"]
    if isinstance(item, ast.FreezeDecl):
        lines = wrapped("freeze", [tile.text for tile in item.tiles], indent)
        lines[-1] += " at edge"
        return lines
    return None


# === The formatter ===


class _Formatter:
    def __init__(self, text: str, source: ast.SourceFile):
        self.lines = text.splitlines()
        self.comments = _Comments(self.lines, list(source.comments))
        self.source = source

    def file(self) -> str:
        out: list[str] = []
        previous = 0
        for definition in self.source.definitions:
            self._leading_paragraphs(out, previous, definition.pos.line)
            out += self._node(definition, "")
            previous = definition.pos.end_line
        self._leading_paragraphs(out, previous, len(self.lines) + 1, at_end=True)
        return "\n".join(out) + "\n" if out else ""

    def _leading_paragraphs(
        self, out: list[str], after: int, before: int, at_end: bool = False
    ) -> None:
        """Top-level comments between two definitions, their blank-line paragraphs kept."""
        comments = self.comments.take(after + 1, before - 1)
        if out:
            out.append("")
        for index, comment in enumerate(comments):
            if index and self.comments.blank_between(
                comments[index - 1].pos.line, comment.pos.line
            ):
                out.append("")
            out.append(_text(comment))
        if comments and not at_end and self.comments.blank_between(comments[-1].pos.line, before):
            out.append("")
        if at_end and out and not out[-1]:
            out.pop()

    def _node(self, node: Any, indent: str) -> list[str]:
        """A statement or block with the comments inside it and on its lines."""
        if isinstance(node, ast.TileDef):
            kind = "terrain" if node.kind.value == "terrain" else "tile"
            return self._block(node, f"{kind} {node.name.text}", node.items, _tile_item_key, indent)
        if isinstance(node, ast.SetDef):
            return self._block(node, f"set {node.name.text}", node.items, _set_item_key, indent)
        if isinstance(node, ast.ArmyDef):
            head = f"army {node.player.text}" if node.player is not None else "army"
            return self._block(node, head, node.items, _army_item_key, indent)
        if isinstance(node, ast.SideGrid):
            return self._block(node, node.side.value, node.rows, None, indent)
        if isinstance(node, ast.IconDef):
            items = [(item.key.text, _icon_value(item)) for item in node.items]
            one = icon_lines(node.name.text, items, one_line=True)
            inside = self.comments.take(node.pos.line, node.pos.end_line)
            self.comments.pending += inside
            keep_one = node.one_line and len(one) == 1
            if keep_one and all(c.pos.line == node.pos.end_line for c in inside):
                return self._with_comments(node, [indent + one[0]], indent)
            head = f"icon {node.name.text}"
            return self._block(node, head, node.items, _in_written_order, indent)
        lines = _statement(node, indent)
        if lines is None:
            return self._verbatim(node, indent)
        return self._with_comments(node, lines, indent)

    def _with_comments(self, node: Any, lines: list[str], indent: str) -> list[str]:
        inside = self.comments.take(node.pos.line, node.pos.end_line)
        if len(inside) == 1 and inside[0].pos.line == node.pos.end_line:
            return [*lines[:-1], f"{lines[-1]}{COMMENT_GAP}{_text(inside[0])}"]
        return [f"{indent}{_text(c)}" for c in inside] + lines

    def _verbatim(self, node: Any, indent: str) -> list[str]:
        """An unknown statement as written (comments on its lines included), re-indented."""
        if not isinstance(getattr(node, "pos", None), Position):
            raise FormatError(f"cannot format a {type(node).__name__}: it has no source position")
        first, last = node.pos.line, node.pos.end_line
        self.comments.take(first, last)
        shift = len(indent) - (node.pos.column - 1)
        lines = [indent + self.lines[first - 1][node.pos.column - 1 :].rstrip()]
        for line in self.lines[first:last]:
            if shift >= 0:
                lines.append((" " * shift + line).rstrip() if line.strip() else "")
            else:
                cut = min(-shift, len(line) - len(line.lstrip()))
                lines.append(line[cut:].rstrip())
        return lines

    def _block(
        self,
        node: Any,
        head: str,
        children: Sequence[Any],
        key: Callable[[object], tuple[int, int]] | None,
        indent: str,
    ) -> list[str]:
        inner = indent + INDENT
        opening = f"{indent}{head} {{"
        for comment in self.comments.take(node.pos.line, node.pos.line):
            opening += f"{COMMENT_GAP}{_text(comment)}"
        previous = node.pos.line
        parts: list[tuple[Any, list[str]]] = []
        rows = _grid_rows(children) if key is None else None
        for index, child in enumerate(children):
            leading = [
                f"{inner}{_text(c)}" for c in self.comments.take(previous + 1, child.pos.line - 1)
            ]
            if rows is not None:
                body = self._with_comments(child, [f"{inner}{rows[index]}"], inner)
            else:
                body = self._node(child, inner)
            parts.append((child, leading + body))
            previous = child.pos.end_line
        closing_line = node.pos.end_line
        dangling = [
            f"{inner}{_text(c)}" for c in self.comments.take(previous + 1, closing_line - 1)
        ]
        closing = f"{indent}}}"
        for comment in self.comments.take(closing_line, closing_line):
            closing += f"{COMMENT_GAP}{_text(comment)}"
        if key is not None:
            parts.sort(key=lambda part: key(part[0]))
        lines = [opening]
        for _, part in parts:
            lines += part
        return [*lines, *dangling, closing]


def _grid_rows(rows: Sequence[Any]) -> list[str]:
    """A grid's rows with every cell padded to the widest cell of the grid."""
    return aligned_rows([[cell.text for cell in row.cells] for row in rows])


# === Entry points ===


def format_source(text: str, path: str) -> str:
    """The canonical layout of one file's text; CompileError on a syntax error in it."""
    source = parse_source(text, path)
    return _Formatter(text, source).file()


def _comment_texts(source: ast.SourceFile) -> list[str]:
    return sorted(comment.text.rstrip() for comment in source.comments)


def format_text(text: str, path: str) -> str:
    """Like `format_source`, and check that the result says the same with the same comments."""
    before = parse_source(text, path)
    result = _Formatter(text, before).file()
    if result == text:
        return result  # the same text says the same, with the same comments
    try:
        after = parse_source(result, path)
    except CompileError as error:
        raise FormatError(f"{path}: formatting would break the file ({error.summary()})") from None
    if [canonical(d) for d in before.definitions] != [canonical(d) for d in after.definitions]:
        raise FormatError(f"{path}: formatting would change what the file says; left as it is")
    if _comment_texts(before) != _comment_texts(after):
        raise FormatError(f"{path}: formatting would lose a comment; left as it is")
    return result


# === Files ===


@dataclass(frozen=True, slots=True)
class Formatted:
    """One file: where it is, its text as read and in the canonical layout."""

    path: Path
    shown: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        """Whether the canonical layout differs from the file as written."""
        return self.before != self.after


def format_paths(paths: Sequence[Path]) -> tuple[list[Formatted], CompileError | None]:
    """Format every .duke file named by ``paths``; the files and every error met.

    When the files compile together, they must compile to the same JSON before and after;
    otherwise no file is formatted (FormatError).
    """
    from dukec.compiler.diagnostics import SourceTexts
    from dukec.compiler.parser import read_source
    from dukec.compiler.sources import JSON_SUFFIX, collect

    found, problems = collect(list(paths))
    texts = SourceTexts()
    results: list[Formatted] = []
    for path, shown in found:
        if path.suffix == JSON_SUFFIX:
            problems.append(Diagnostic(shown, None, "a compiled .json file is not formatted"))
            continue
        try:
            text = read_source(path, shown)
            texts.add(shown, text)
            results.append(Formatted(path, shown, text, format_text(text, shown)))
        except CompileError as error:
            problems += error.diagnostics
            texts.texts.update(error.sources.texts)
    # Files that all keep their text compile as they did: only a change needs the compiler.
    if results and not problems and any(result.changed for result in results):
        from dukec.compiler.check import check_sources
        from dukec.compiler.emit import program_dict

        before, before_errors = check_sources([parse_source(r.before, r.shown) for r in results])
        after, after_errors = check_sources([parse_source(r.after, r.shown) for r in results])
        if not before_errors and (after_errors or program_dict(before) != program_dict(after)):
            raise FormatError("formatting would change the compiled tile set; nothing written")
    return results, CompileError(problems, texts) if problems else None
