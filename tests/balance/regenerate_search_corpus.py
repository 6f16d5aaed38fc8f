"""Record the baseline searches' play again: `python tests/balance/regenerate_search_corpus.py`.

Run it only when a baseline is meant to change, then read the figures it prints and the diff of
what tests/balance/test_search_v1.py says changed before committing tests/balance/corpus/.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.balance.search_corpus import CORPUS, record, write


def main() -> None:
    """Play and store the corpus."""
    data = record()
    write(data)
    plies = sum(len(g["actions"]) for g in data["games"])
    print(
        f"{CORPUS}: {len(data['games'])} games ({plies} actions), {len(data['searches'])} searches"
    )


if __name__ == "__main__":
    main()
