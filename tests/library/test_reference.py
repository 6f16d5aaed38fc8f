"""Every name the library hands out reads, where the reference finds it (the source, read
statically as mkdocstrings reads it), with a docstring: each class of ``dukec.__all__`` that the
library defines, each of its public methods, properties and fields, each function."""

from __future__ import annotations

from pathlib import Path

import pytest

import dukec

griffe = pytest.importorskip("griffe", reason="the reference is read with the docs extra")

REPO = Path(__file__).resolve().parents[2]


def undocumented() -> list[str]:
    """The library's public names, and their public members, with no docstring."""
    package = griffe.load("dukec", search_paths=[str(REPO)], resolve_aliases=False)
    missing = []
    for name in dukec.__all__:
        found = package[name]
        target = package.modules_collection[found.target_path] if found.is_alias else found
        if not target.path.startswith("dukec.library.") or target.is_attribute:
            continue
        if not (target.docstring and target.docstring.value.strip()):
            missing.append(target.path)
        for member_name, member in target.members.items() if target.is_class else ():
            if member_name.startswith("_"):
                continue
            if not (member.docstring and member.docstring.value.strip()):
                missing.append(member.path)
    return missing


def test_every_public_name_of_the_library_and_each_member_has_a_docstring() -> None:
    assert undocumented() == []
