"""Check stage, icons: icon declarations to the tile set's vocabulary (:mod:`dukec.icons`).

The base box's declarations (the prelude, :mod:`dukec.compiler.prelude`) come first, then the
sources' in the order the files are compiled and, in a file, as written: that is the order of
the vocabulary. Each item is read (a known word, a known value, once), ``like`` resolved (the
icon it names may be declared anywhere in scope; a cycle is an error), and the declaration
checked against the rules of the algebra (:func:`dukec.icon_rules.problems`). Names are unique
without regard to case, glyphs exactly; a second declaration of either is an error naming both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from dukec.compiler import ast
from dukec.compiler.check_report import Reporter
from dukec.compiler.diagnostics import Note, Position, did_you_mean, quote_list
from dukec.icon_rules import problems
from dukec.icons import (
    EFFECT_COLOURS,
    PALETTE,
    SHAPES,
    Captures,
    Effect,
    Geometry,
    Icon,
    Vocabulary,
    default_shape,
)
from dukec.limits import MAX_ICONS, MAX_NAME_LENGTH

#: An item's word and the property it sets.
_KEYS: dict[str, str] = {
    "glyph": "glyph",
    "label": "label",
    "like": "like",
    "geometry": "geometry",
    "effect": "effect",
    "blocked": "blocked",
    "captures": "captures",
    "path": "path_clear",
    "ignores": "ignores_defense",
    "area": "area",
    "shape": "shape",
    "colour": "colour",
    "character": "characters",
}
#: The item that sets each property, for messages.
_ITEM_OF = {prop: key for key, prop in _KEYS.items()}
_GROUP = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_MAX_TEXT = 40


@dataclass(slots=True)
class _Written:
    """One declaration as written: its properties' values (read, not yet resolved) and where
    each was written."""

    definition: ast.IconDef
    report: Reporter
    values: dict[str, object] = field(default_factory=dict)
    where: dict[str, Position] = field(default_factory=dict)
    #: The properties written with a value in error (reported already).
    wrong: set[str] = field(default_factory=set)

    @property
    def name(self) -> str:
        return self.definition.name.text


def _choices(kind: str, options: Sequence[str], word: str) -> str:
    hint = did_you_mean(word, options)
    return f"unknown {kind} '{word}'" + (hint or f" (one of {quote_list(list(options))})")


def _enum_value(kind: str, options: Mapping[str, object]) -> Callable[[str], object | str]:
    """A reader of one of ``options`` by name; a message (str) if the word is none of them."""

    def read(word: str) -> object | str:
        if word in options:
            return options[word]
        return _Problem(_choices(kind, list(options), word))

    return read


class _Problem(str):
    """What a reader says is wrong with a value (a ``str``, told apart from a value by type)."""


def _bool(word: str) -> object:
    if word in ("true", "false"):
        return word == "true"
    return _Problem(f"'blocked' is true or false, not '{word}'")


def _only(word: str, expected: str, item: str) -> object:
    if word == expected:
        return True
    return _Problem(f"'{item}' is followed by '{expected}' alone, not '{word}'")


def _text(word: str) -> object:
    if not word:
        return _Problem("empty text")
    if len(word) > _MAX_TEXT:
        return _Problem(f"at most {_MAX_TEXT} characters")
    return word


def _group(word: str) -> object:
    if _GROUP.match(word) and len(word) <= MAX_NAME_LENGTH:
        return word
    return _Problem(
        f"an area group is a name (a letter, then letters, digits or '_'), not '{word}'"
    )


_READERS: dict[str, Callable[[str], object]] = {
    "glyph": lambda word: word,
    "label": _text,
    "like": lambda word: word,
    "geometry": _enum_value("geometry", {g.value: g for g in Geometry}),
    "effect": _enum_value("effect", {e.value: e for e in Effect}),
    "blocked": _bool,
    "captures": _enum_value("captures", {c.value: c for c in Captures}),
    "path_clear": lambda word: _only(word, "clear", "path"),
    "ignores_defense": lambda word: _only(word, Effect.DEFENSE.value, "ignores"),
    "area": _group,
    "shape": _enum_value("shape", {name: name for name in SHAPES}),
    "colour": _enum_value("colour", {name: name for name in PALETTE}),
    "characters": _text,
}


def _read(definition: ast.IconDef, report: Reporter) -> _Written:
    written = _Written(definition, report)
    for item in definition.items:
        key = item.key.text
        prop = _KEYS.get(key)
        if prop is None:
            report.error(item.key.pos, _choices("icon item", list(_KEYS), key))
            continue
        if prop in written.values:
            report.error(
                item.key.pos,
                f"'{key}' is written twice in icon '{written.name}'",
                report.note(written.where[prop], "first written here"),
            )
            continue
        value = _READERS[prop](item.value.text)
        if isinstance(value, _Problem):
            report.error(item.value.pos, str(value))
            written.wrong.add(prop)
            continue
        written.values[prop] = value
        written.where[prop] = item.value.pos
    return written


def _default_label(name: str) -> str:
    words = name.replace("_", " ")
    return words.title() if words.islower() else words


class _Resolver:
    """Declarations made whole: ``like`` followed, defaults filled in, the algebra's rules
    checked; each declaration once (None: it has an error)."""

    def __init__(self, written: dict[str, _Written], incomplete: bool) -> None:
        self.written = written
        self.incomplete = incomplete
        self.done: dict[str, Icon | None] = {}
        self.busy: list[str] = []

    def icon(self, key: str) -> Icon | None:
        if key in self.done:
            return self.done[key]
        self.busy.append(key)
        found = self._resolve(self.written[key])
        self.busy.pop()
        self.done[key] = found
        return found

    def _like(self, decl: _Written) -> Icon | bool | None:
        """The icon ``like`` names (True: none is named; None: it is in error)."""
        like = decl.values.get("like")
        if like is None:
            return True
        key = str(like).casefold()
        where = decl.where["like"]
        if key not in self.written:
            if not self.incomplete:
                hint = did_you_mean(str(like), [w.name for w in self.written.values()])
                decl.report.error(where, f"unknown icon '{like}'{hint}")
            return None
        if key in self.busy:
            chain = " is like ".join([*(self.written[k].name for k in self.busy), str(like)])
            decl.report.error(where, f"icons like each other in a circle: {chain}")
            return None
        found = self.icon(key)
        return found

    def _resolve(self, decl: _Written) -> Icon | None:
        like = self._like(decl)
        if like is None:
            return None
        base = like if isinstance(like, Icon) else None
        values = decl.values
        report = decl.report
        name_pos = decl.definition.name.pos
        ok = True

        def get(prop: str, fallback: object) -> object:
            return values.get(prop, fallback)

        geometry = get("geometry", base.geometry if base else None)
        effect = get("effect", base.effect if base else None)
        for prop, what in (("geometry", geometry), ("effect", effect)):
            if what is None and prop not in decl.wrong:
                choices = Geometry if prop == "geometry" else Effect
                report.error(
                    name_pos,
                    f"icon '{decl.name}' needs its {prop}: write `{prop} "
                    f"{'|'.join(c.value for c in choices)}`, or `like` an icon to start from",
                )
                ok = False
        if "glyph" not in values:
            report.error(name_pos, f"icon '{decl.name}' needs a glyph: write `glyph G`, a letter")
            ok = False
        if decl.wrong:
            ok = False  # said where it was written
        if not isinstance(geometry, Geometry) or not isinstance(effect, Effect) or not ok:
            return None
        same_geometry = base is not None and base.geometry is geometry
        if "blocked" in values:
            blocked = bool(values["blocked"])
        elif same_geometry and base is not None:
            blocked = base.blocked
        elif geometry is Geometry.STEP:
            report.error(
                name_pos,
                f"icon '{decl.name}' steps to its square: say whether tiles in between stop it "
                "(`blocked true` or `blocked false`)",
            )
            return None
        else:
            blocked = geometry.directed
        same_look = base is not None and same_geometry and base.effect is effect
        shape = str(get("shape", base.shape if same_look and base else None) or "")
        shape = shape or default_shape(geometry.value, effect.value)
        colour = get("colour", base.colour if base and base.effect is effect else None)
        colour = str(colour) if colour is not None else EFFECT_COLOURS[effect.value]
        if "characters" in values:
            characters = str(values["characters"])
        elif (
            base is not None and base.shape == shape and base.geometry.directed == geometry.directed
        ):
            characters = base.characters
        else:
            drawn = SHAPES[shape].characters if shape in SHAPES else "?"
            characters = drawn if geometry.directed else drawn[0]
        icon = Icon(
            name=decl.name,
            glyph=str(values["glyph"]),
            label=str(values.get("label", _default_label(decl.name))),
            geometry=geometry,
            effect=effect,
            blocked=blocked,
            captures=Captures(get("captures", base.captures if base else Captures.ENEMIES)),
            path_clear=bool(get("path_clear", base.path_clear if base else False)),
            ignores_defense=bool(get("ignores_defense", base.ignores_defense if base else False)),
            area=str(get("area", base.area if base else "")),
            shape=shape,
            colour=colour,
            characters=characters,
        )
        wrong = problems(icon)
        for prop, message in wrong:
            if prop in values:
                where = decl.where[prop]
                report.error(where, message)
            else:
                whence = "from 'like'" if "like" in values else "by default"
                where = decl.where.get("like", name_pos)
                item = _ITEM_OF.get(prop, prop)
                report.error(where, f"icon '{decl.name}' takes '{item}' {whence}, and {message}")
        return None if wrong else icon


@dataclass(frozen=True, slots=True)
class Declared:
    """What the declarations in scope make: the vocabulary, and the glyphs of declarations in
    error (left out of it: a grid that shows one is not reported again)."""

    vocabulary: Vocabulary
    in_error: frozenset[str]
    #: Where each icon of the vocabulary is declared: (name, path, position of its name).
    where: tuple[tuple[str, str, Position], ...] = ()


def check_icons(
    sources: Sequence[ast.SourceFile],
    reporters: Mapping[str, Reporter],
    incomplete: bool = False,
) -> Declared:
    """The vocabulary the icon declarations of ``sources`` make, in order (the prelude's among
    them, first); problems go to each file's reporter. A declaration in error is left out."""
    written: dict[str, _Written] = {}
    glyphs: dict[str, _Written] = {}
    order: list[str] = []
    over = False
    for source in sources:
        report = reporters[source.path]
        for definition in source.icons():
            decl = _read(definition, report)
            key = decl.name.casefold()
            first = written.get(key)
            if first is not None:
                same = first.name == decl.name
                report.error(
                    definition.name.pos,
                    f"icon '{decl.name}' is declared twice"
                    if same
                    else f"icon '{decl.name}' differs from '{first.name}' only in case; icon "
                    "names are unique without regard to case",
                    Note(first.report.path, first.definition.name.pos, "first declared here"),
                )
                continue
            if len(decl.name) > MAX_NAME_LENGTH:
                report.error(
                    definition.name.pos,
                    f"a name is at most {MAX_NAME_LENGTH} characters; this one has "
                    f"{len(decl.name)}",
                )
                continue
            if len(written) == MAX_ICONS:
                if not over:
                    report.error(
                        definition.name.pos,
                        f"more than {MAX_ICONS} icons; a tile set declares at most that",
                    )
                over = True
                continue
            glyph = decl.values.get("glyph")
            if isinstance(glyph, str) and glyph in glyphs:
                other = glyphs[glyph]
                report.error(
                    decl.where["glyph"],
                    f"glyph '{glyph}' is icon '{other.name}''s already; each icon has a glyph "
                    "of its own",
                    Note(other.report.path, other.where["glyph"], f"'{other.name}' takes it here"),
                )
                continue
            if isinstance(glyph, str):
                glyphs[glyph] = decl
            written[key] = decl
            order.append(key)
    resolver = _Resolver(written, incomplete)
    icons = [resolver.icon(key) for key in order]
    in_error = {
        str(written[key].values.get("glyph", ""))
        for key, icon in zip(order, icons, strict=True)
        if icon is None
    }
    where = tuple(
        (icon.name, written[key].report.path, written[key].definition.name.pos)
        for key, icon in zip(order, icons, strict=True)
        if icon is not None
    )
    vocabulary = Vocabulary([icon for icon in icons if icon is not None])
    return Declared(vocabulary, frozenset(in_error), where)
