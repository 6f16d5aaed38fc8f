"""Transform stage: lark's parse tree to the syntax tree in `dukec.compiler.ast`.

Only shapes change here; nothing is judged. Names, glyphs and numbers are checked later, in
`dukec.compiler.check`, so that every problem of a file is reported together.

The tree comes from lark or from its stand-alone parser (`dukec.compiler.standalone`), whose
classes are copies of lark's: the walk goes by shape alone (a tree has ``data``, ``children`` and
``meta``; a token is a ``str`` with a ``type``), as lark's ``Transformer`` with
``@v_args(meta=True)`` would, bottom-up, one method per rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from dukec.compiler import ast
from dukec.compiler.diagnostics import Position
from dukec.compiler.vocabulary import Kind, Side

if TYPE_CHECKING:
    from lark import Token, Tree
    from lark.tree import Meta


def token_position(token: Token) -> Position:
    """The span of a token."""
    line = token.line or 0
    column = token.column or 0
    end_line = token.end_line if token.end_line is not None else line
    end_column = token.end_column if token.end_column is not None else column + len(token)
    return Position(line, column, end_line, end_column)


def meta_position(meta: Meta) -> Position:
    """The span of a rule match."""
    if getattr(meta, "empty", True):
        return ast.NO_POSITION
    return Position(meta.line, meta.column, meta.end_line, meta.end_column)


def _is_token(child: object) -> TypeGuard[Token]:
    """Whether a child of a rule match is a token (lark's or the stand-alone parser's)."""
    return isinstance(child, str)


def _word(token: Token) -> ast.Word:
    return ast.Word(str(token), token_position(token))


#: A number written with more digits than this is kept as TOO_LONG: far past every limit, and
#: never handed to int(), which refuses very long digit strings.
MAX_DIGITS = 30
TOO_LONG = 10**MAX_DIGITS


def _number(token: Token) -> ast.Number:
    value = int(token) if len(token) <= MAX_DIGITS else TOO_LONG
    return ast.Number(value, token_position(token))


def _value(token: Token) -> ast.Word | ast.Number:
    return _number(token) if token.type == "INT" else _word(token)


def _split_count(children: list[Any]) -> tuple[ast.Number | None, list[Any]]:
    if children and _is_token(children[0]) and children[0].type == "INT":
        return _number(children[0]), children[1:]
    return None, children


class ToAst:
    """Build the syntax tree; use as ``ToAst(path).transform(tree)``."""

    def __init__(self, path: str) -> None:
        self.path = path

    def transform(self, tree: Tree[Token]) -> Any:
        """The node of one rule match, its children transformed first (tokens as they are)."""
        children = [
            child if isinstance(child, str) else self.transform(child) for child in tree.children
        ]
        rule: Any = getattr(self, str(tree.data), None)
        if rule is None:  # no method: a tree of the transformed children, as lark's default
            return type(tree)(tree.data, children, tree.meta)
        return rule(tree.meta, children)

    def start(self, meta: Meta, children: list[ast.Definition]) -> ast.SourceFile:
        return ast.SourceFile(self.path, tuple(children))

    def extends(self, meta: Meta, children: list[Token]) -> ast.ExtendsDecl:
        return ast.ExtendsDecl(_word(children[0]), meta_position(meta))

    # === Tiles ===

    def tile(self, meta: Meta, children: list[Any]) -> ast.TileDef:
        kind_token, name, *items = children
        kind = Kind.TERRAIN if kind_token.type == "TERRAIN" else Kind.TROOP
        return ast.TileDef(kind, _word(name), tuple(items), meta_position(meta))

    def count(self, meta: Meta, children: list[Token]) -> ast.CountDecl:
        return ast.CountDecl(_number(children[0]), meta_position(meta))

    def ability(self, meta: Meta, children: list[Any]) -> ast.AbilityDecl:
        sides: tuple[ast.Word, ...] = ()
        if children and isinstance(children[-1], tuple):
            sides = children.pop()
        words = tuple(_word(token) for token in children)
        return ast.AbilityDecl(words, sides, meta_position(meta))

    def ability_side(self, meta: Meta, children: list[Token]) -> tuple[ast.Word, ...]:
        return tuple(_word(token) for token in children)

    def acts_as_duke(self, meta: Meta, children: list[Token]) -> ast.ActsAsDuke:
        return ast.ActsAsDuke(meta_position(meta))

    def classes(self, meta: Meta, children: list[Token]) -> ast.ClassDecl:
        return ast.ClassDecl(tuple(_word(t) for t in children), meta_position(meta))

    def property(self, meta: Meta, children: list[Token]) -> ast.PropertyDecl:
        name, *values = children
        return ast.PropertyDecl(_word(name), tuple(_value(v) for v in values), meta_position(meta))

    def side(self, meta: Meta, children: list[Any]) -> ast.SideGrid:
        side_token, *rows = children
        return ast.SideGrid(Side(str(side_token)), tuple(rows), meta_position(meta))

    def row(self, meta: Meta, children: list[Token]) -> ast.Row:
        cells = tuple(ast.Cell(str(t), token_position(t)) for t in children)
        # The row's span is its cells, without the line break the rule also matches.
        first, last = cells[0].pos, cells[-1].pos
        return ast.Row(cells, Position(first.line, first.column, last.end_line, last.end_column))

    # === Icons ===

    def icon(self, meta: Meta, children: list[Any]) -> ast.IconDef:
        name, *items = children
        position = meta_position(meta)
        one_line = position.line == position.end_line
        return ast.IconDef(_word(name), tuple(items), one_line, position)

    def icon_item(self, meta: Meta, children: list[Token]) -> ast.IconItem:
        key, value = children
        quoted = value.type == "STRING"
        text = str(value)[1:-1] if quoted else str(value)
        word = ast.Word(text, token_position(value))
        return ast.IconItem(_word(key), word, quoted, meta_position(meta))

    # === Game sets ===

    def set(self, meta: Meta, children: list[Any]) -> ast.SetDef:
        name, *items = children
        return ast.SetDef(_word(name), tuple(items), meta_position(meta))

    def board(self, meta: Meta, children: list[Token]) -> ast.BoardDecl:
        return ast.BoardDecl(_number(children[0]), _number(children[1]), meta_position(meta))

    def optional(self, meta: Meta, children: list[Token]) -> ast.OptionalDecl:
        return ast.OptionalDecl(tuple(_word(t) for t in children), meta_position(meta))

    def set_terrain(self, meta: Meta, children: list[Any]) -> ast.TerrainDecl:
        return ast.TerrainDecl(tuple(children[1:]), meta_position(meta))

    def set_rule(self, meta: Meta, children: list[Token]) -> ast.RuleDecl:
        name, *values = children
        return ast.RuleDecl(_word(name), tuple(_value(v) for v in values), meta_position(meta))

    def win(self, meta: Meta, children: list[Token]) -> ast.WinDecl:
        by, *rest = children
        count, tail = _split_count(rest)
        return ast.WinDecl(_word(by), count, _word(tail[0]), meta_position(meta))

    def win_every(self, meta: Meta, children: list[Any]) -> ast.WinEveryDecl:
        by, *targets = children
        return ast.WinEveryDecl(_word(by), tuple(targets), meta_position(meta))

    def place(self, meta: Meta, children: list[ast.Target]) -> ast.PlaceDecl:
        return ast.PlaceDecl(tuple(children), meta_position(meta))

    def tile_target(self, meta: Meta, children: list[Token]) -> ast.Target:
        return ast.Target(_word(children[0]), False, meta_position(meta))

    def class_target(self, meta: Meta, children: list[Token]) -> ast.Target:
        return ast.Target(_word(children[0]), True, meta_position(meta))

    def swap(self, meta: Meta, children: list[Any]) -> ast.SwapDecl:
        first, second, *pairs = children
        return ast.SwapDecl((_word(first), _word(second)), tuple(pairs), meta_position(meta))

    def swap_pair(self, meta: Meta, children: list[Token]) -> ast.SwapPair:
        return ast.SwapPair(_word(children[0]), _word(children[1]), meta_position(meta))

    def freeze(self, meta: Meta, children: list[Token]) -> ast.FreezeDecl:
        return ast.FreezeDecl(tuple(_word(t) for t in children), meta_position(meta))

    def army(self, meta: Meta, children: list[Any]) -> ast.ArmyDef:
        player = None
        if children and _is_token(children[0]):
            player = _word(children[0])
            children = children[1:]
        return ast.ArmyDef(player, tuple(children), meta_position(meta))

    def start_on(self, meta: Meta, children: list[Any]) -> ast.StartDecl:
        count, rest = _split_count(children)
        tile, *squares = rest
        return ast.StartDecl(
            count,
            tile.name,
            tuple(_word(s) for s in squares),
            None,
            meta_position(meta),
            of_class=tile.of_class,
        )

    def start_beside(self, meta: Meta, children: list[Any]) -> ast.StartDecl:
        count, rest = _split_count(children)
        tile, other = rest
        return ast.StartDecl(
            count,
            tile.name,
            (),
            other.name,
            meta_position(meta),
            of_class=tile.of_class,
            beside_class=other.of_class,
        )

    def bag(self, meta: Meta, children: list[ast.Stack]) -> ast.BagDecl:
        return ast.BagDecl(tuple(children), meta_position(meta))

    def stack(self, meta: Meta, children: list[Token]) -> ast.Stack:
        count, rest = _split_count(children)
        return ast.Stack(count, _word(rest[0]), meta_position(meta))


def to_ast(tree: Tree[Token], path: str) -> ast.SourceFile:
    """Transform one parse tree."""
    source: ast.SourceFile = ToAst(path).transform(tree)
    return source
