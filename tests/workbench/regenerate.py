"""Rewrite the golden cards and boards, and docs/board.svg: `python tests/workbench/regenerate.py`.

Run it only after a deliberate change to the card or board layout, then read the diff of
tests/workbench/golden/ before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.workbench.goldens import DOCS_BOARD, GOLDEN_DIR, golden_cases, rendered  # noqa: E402


def main() -> None:
    """Render every golden case and write it next to the tests."""
    for case in golden_cases():
        path = GOLDEN_DIR / f"{case}.svg"
        path.write_text(rendered(case), encoding="utf-8")
        print(path.relative_to(HERE.parents[1]))
    # The engine page's notebook picture (docs/engine.md) is the game of the board-game case.
    DOCS_BOARD.write_text(rendered("board-game"), encoding="utf-8")
    print(DOCS_BOARD.relative_to(HERE.parents[1]))


if __name__ == "__main__":
    main()
