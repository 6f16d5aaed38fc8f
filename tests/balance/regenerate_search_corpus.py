"""Record a search's play again: ``python tests/balance/regenerate_search_corpus.py v1`` (the
baselines, tests/balance/corpus/search-v1.json.gz) or ``... search`` (the ``search`` policy,
tests/balance/corpus/search.json.gz).

Run it only when that search is meant to play differently, then read the figures it prints and
the diff of what tests/balance/test_search_v1.py or test_search.py says changed before
committing tests/balance/corpus/.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.balance import search_corpus, strong_corpus


def main() -> None:
    """Play and store the corpus named on the command line."""
    which = sys.argv[1:] or ["(none)"]
    if which == ["v1"]:
        data = search_corpus.record()
        search_corpus.write(data)
        plies = sum(len(g["actions"]) for g in data["games"])
        print(
            f"{search_corpus.CORPUS}: {len(data['games'])} games ({plies} actions), "
            f"{len(data['searches'])} searches"
        )
    elif which == ["search"]:
        data = strong_corpus.record()
        strong_corpus.write(data)
        nodes = sum(c["nodes"] for p in data["positions"] for c in p["choices"])
        print(f"{strong_corpus.CORPUS}: {len(data['positions'])} positions, {nodes} nodes")
    else:
        sys.exit(f"which corpus: v1 or search, not {' '.join(which)}")


if __name__ == "__main__":
    main()
