"""Tile sets and rules for the library: read from sources by the command line's layering rule (a
designer's folder of new tiles lies on the base set), or checked against the schema when given
as a dict, and the engine's rules of one game set, made once per tile set and game set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dukec import arguments

if TYPE_CHECKING:
    from dukec.engine.rules import Rules

#: Rules made so far, by tile set hash and game set (a few: each holds the set's tables).
_RULES: dict[tuple[str, str | None], Rules] = {}
_RULES_KEPT = 16
#: The hashes of tile set dicts found valid.
_VALID: set[str] = set()


def load_tileset(sources: arguments.Sources = None) -> dict[str, Any]:
    """The tile set at ``sources`` (a folder or ``.duke`` file of new tiles, read on top of the
    base set as every command reads ``--set``; a whole tile set; a compiled ``.json``; or a list
    of them), validated; None: the base set that ships with dukec.

    Raises :class:`~dukec.compiler.CompileError` naming every mistake with its file, line and
    column.

    >>> import dukec
    >>> tileset = dukec.load_tileset()
    >>> tileset["format"], len(tileset["tiles"]) > 16
    ('duke-tileset/1', True)
    """
    return _read(sources, "sources")


def _read(sources: arguments.Sources, what: str) -> dict[str, Any]:
    from dukec.api import open_tileset

    return open_tileset(arguments.sources(sources, what)).data


def tileset_data(tileset: Mapping[str, Any] | arguments.Sources) -> dict[str, Any]:
    """A tile set dict, checked against the schema and for consistency, or the one that
    :func:`load_tileset` reads from sources."""
    if not isinstance(tileset, Mapping):
        return _read(tileset, "tileset")
    from dukec.engine.rules import RulesError, tileset_hash

    data = dict(tileset)
    try:
        digest = tileset_hash(data)
    except (TypeError, ValueError) as error:
        raise RulesError(f"a tile set is JSON data: {error}") from None
    if digest not in _VALID:
        problems = _problems(data)
        if problems:
            listed = "\n".join(f"  {problem}" for problem in problems)
            raise RulesError(f"the tile set is not valid:\n{listed}")
        _VALID.add(digest)
    return data


def _problems(data: dict[str, Any]) -> list[str]:
    """What the schema and the consistency checks find wrong, one line each."""
    from dukec.compiler.consistency import consistency_errors
    from dukec.compiler.validate import describe, format_path, schema_errors

    found = [describe(error) for error in schema_errors(data)]
    if found:
        return found
    return [f"{format_path(where)}: {message}" for where, message in consistency_errors(data)]


def load_rules(
    tileset: Mapping[str, Any] | arguments.Sources = None, set_name: str | None = None
) -> Rules:
    """The engine's rules of the game set ``set_name`` (default ``base``, else the tile set's
    first) of ``tileset``: a tile set dict (checked against the schema first), or sources as
    :func:`load_tileset` reads them (None: the base set).

    Raises :class:`~dukec.engine.RulesError` for an invalid dict or an unknown game set (with
    the names that come close), :class:`~dukec.compiler.CompileError` for sources with
    mistakes.

    >>> import dukec
    >>> rules = dukec.load_rules(set_name="dragon")
    >>> rules.set_name, rules.geometry.files, rules.geometry.ranks
    ('dragon', 6, 6)
    >>> dukec.load_rules({"format": "duke-tileset/1"})
    Traceback (most recent call last):
    dukec.engine.facade.RulesError: the tile set is not valid:
      $: 'tiles' is a required property
      $: 'sets' is a required property
    """
    return rules_and_data(tileset, set_name)[0]


def rules_and_data(
    tileset: Mapping[str, Any] | arguments.Sources, set_name: str | None
) -> tuple[Rules, dict[str, Any]]:
    """:func:`load_rules`' rules, with the tile set dict they were made from."""
    from dukec.engine.rules import load_rules as engine_rules
    from dukec.engine.rules import tileset_hash

    arguments.name(set_name, "set_name")
    data = tileset_data(tileset)
    key = (tileset_hash(data), set_name)
    rules = _RULES.get(key)
    if rules is None:
        rules = engine_rules(data, set_name)
        if len(_RULES) >= _RULES_KEPT:
            del _RULES[next(iter(_RULES))]
        _RULES[key] = rules
    return rules, data
