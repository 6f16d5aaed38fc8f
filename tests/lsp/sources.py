"""Small .duke sources the language server tests share."""

from __future__ import annotations

from pathlib import Path

GLYPHS = "M move, J jump, S slide, L jump slide, X strike, C command, D dread, B defense"

#: A tile with an unknown glyph on line 4, column 11 (LSP: line 3, character 10).
SCOUT_BAD = """\
tile Scout {
    count 1
    front {
        . Q .
        . @ .
    }
    back {
        . M .
        M @ M
        . M .
    }
}
"""

SCOUT = SCOUT_BAD.replace("Q", "M")

#: A set that names the Scout of another file, and a tile that does not exist.
ARMY = """\
set scouting {
    board 6 x 6
    army {
        start Scout on c1
        bag Zealots
    }
}
"""

#: Compiles, but is not in fmt's layout.
UNFORMATTED = """\
tile Runner {
  front {
   . M .
   M @ M
  }
  back {
   M . M
   . @ .
  }
  count 2
}
"""

FORMATTED = """\
tile Runner {
    count 2
    front {
        . M .
        M @ M
    }
    back {
        M . M
        . @ .
    }
}
"""


def write_folder(folder: Path, files: dict[str, str]) -> dict[str, Path]:
    """Write each text to its file in `folder`; the paths by file name."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, text in files.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths
