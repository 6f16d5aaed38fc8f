"""How long the studio's quick balance takes, over HTTP, beside the same run called directly.

    python benchmarks/studio_balance.py [--games 200] [--policy random] [--rounds 3]

A studio on the base set serves in a thread; each round times ``POST /api/balance`` (the
test suite's jumping Footman in place of the Footman, seeded) and then the same request
handled in this process without HTTP (`dukec.studio.runs.run_balance`, the same call that
`dukec balance` makes underneath). Prints each round's seconds and their ratio, then the
median ratio: what the server adds to a run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import tempfile
import time
from pathlib import Path

from dukec.compiler import load_tileset
from dukec.studio.api import Workspace
from dukec.studio.request import Body
from dukec.studio.runs import run_balance
from dukec.studio.server import Studio, StudioServer

TILE = (
    Path(__file__).resolve().parent.parent / "tests" / "balance" / "tiles" / "jumping_footman.duke"
)


def main() -> None:
    """Time the rounds and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    body = {
        "source": TILE.read_text(),
        "replace": "Footman=JumpingFootman",
        "games": options.games,
        "seed": 1,
        "policy": options.policy,
    }
    workspace = Workspace(load_tileset(), Path(tempfile.mkdtemp()))
    server = StudioServer(Studio(workspace), "127.0.0.1", 0)
    server.serve_in_thread()
    ratios = []
    try:
        for round_number in range(1, options.rounds + 1):
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
            connection.request(
                "POST",
                "/api/balance",
                json.dumps(body),
                {"Content-Type": "application/json"},
            )
            document = json.loads(connection.getresponse().read())
            connection.close()
            over_http = time.perf_counter() - started
            started = time.perf_counter()
            direct = run_balance(workspace, Body(body))
            in_process = time.perf_counter() - started
            assert direct["score"] == document["score"]
            ratios.append(over_http / in_process)
            print(
                f"round {round_number}: {options.games} {options.policy} games, "
                f"HTTP {over_http:.2f} s, direct {in_process:.2f} s, ratio {ratios[-1]:.2f}"
            )
        print(f"{document['verdict_line']}")
        print(f"median ratio (HTTP over direct): {statistics.median(ratios):.2f}")
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
