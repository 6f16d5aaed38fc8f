"""Rewrite the compiler's golden files: `python tests/compiler/regenerate.py`.

Run it only after an intended change of the compiler's output or messages, then read the diff
of tests/compiler/golden/ before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.compiler.goldens import REPO, all_cases


def main() -> None:
    """Produce every golden case and write its file."""
    for case in all_cases():
        path, text = case()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(REPO))


if __name__ == "__main__":
    main()
