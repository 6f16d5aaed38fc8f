"""The base box's icons by name, for tests that place a particular one (dukec reads them from
the declarations of ``tiles/icons.duke``; nothing in the package names them)."""

from __future__ import annotations

from dukec.icons import Icon, base

BASE = base()
"""The base box's vocabulary, in declaration order."""

MOVE: Icon = BASE.named("move")
JUMP: Icon = BASE.named("jump")
SLIDE: Icon = BASE.named("slide")
JUMP_SLIDE: Icon = BASE.named("jump_slide")
STRIKE: Icon = BASE.named("strike")
COMMAND: Icon = BASE.named("command")
DREAD: Icon = BASE.named("dread")
DEFENSE: Icon = BASE.named("defense")
