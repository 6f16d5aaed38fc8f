"""The policies a game can be played by, by name: which there are, the budget a name may carry
(``search@1000``, ``search@10ms``), and the player a name makes."""

from __future__ import annotations

from dukec.engine import Player, make_player
from dukec.limits import MAX_BUDGET

POLICIES = ("random", "greedy", "mcts", "search-material", "search-v1", "search")
"""The players a balance run can use, weakest first (``search-material`` and ``search-v1``:
earlier searches, kept as fixed baselines)."""

DEFAULT_POLICY = "search"
"""The player of every experiment that names none (balance, value, matrix, tune, the studio's
runs): the strongest policy that keeps a verdict within minutes; random play measures what a
tile does in careless hands."""
BUDGETED = ("mcts", "search-material", "search-v1", "search")
"""The policies that think within a budget, and so may be named with one: ``search@1000``
(nodes per move), ``search@10ms`` (CPU milliseconds per move)."""

#: The most CPU milliseconds per move a policy may name (``search@10ms``).
MAX_MILLISECONDS = 60_000


def split_policy(spec: str) -> tuple[str, int | None]:
    """A policy's name and the node budget it names (``search@1000``: 1000 nodes a move), if
    any (None also for a CPU-time budget, ``search@10ms``: see :func:`policy_seconds`).

    Raises ValueError saying what is wrong with the spec.
    """
    name, at, budget = spec.partition("@")
    if name not in POLICIES:
        raise ValueError(f"unknown policy {spec!r} (choose from {', '.join(POLICIES)})")
    if not at:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"policy {spec!r}: only {', '.join(BUDGETED)} take @NODES or @MSms")
    if budget.endswith("ms"):
        milliseconds = budget[:-2]
        whole = milliseconds.isascii() and milliseconds.isdigit()
        if not whole or not 1 <= int(milliseconds) <= MAX_MILLISECONDS:
            raise ValueError(
                f"policy {spec!r}: @MSms is a whole number of CPU milliseconds per move, 1 to "
                f"{MAX_MILLISECONDS:,}"
            )
        return name, None
    if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_BUDGET:
        raise ValueError(
            f"policy {spec!r}: @NODES is a whole number of nodes per move, 1 to {MAX_BUDGET:,}"
        )
    return name, int(budget)


def policy_seconds(spec: str) -> float:
    """The CPU seconds per move a policy spec names (``search@10ms``: 0.01), else 0.

    A CPU-time budget compares players of different speeds at equal time; unlike a node
    budget it does not give the same games on another machine, or under another load.
    """
    split_policy(spec)
    _name, _at, budget = spec.partition("@")
    return int(budget[:-2]) / 1000 if budget.endswith("ms") else 0.0


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of one seat's player: apart from the game's own (draw) seed and the other seat's."""
    return (game_seed << 2) | (seat + 1)


def make_policy(spec: str, seed: int, budget: int) -> Player:
    """A player by policy name; ``budget`` bounds the search and mcts policies' nodes per move
    unless the spec names its own (``search@1000``: nodes, ``search@10ms``: CPU time)."""
    name, own = split_policy(spec)
    budget = own if own is not None else budget
    seconds = policy_seconds(spec)
    if name in ("search-v1", "search-material"):
        from dukec.players import search_v1

        options = search_v1.BASELINE if name == "search-material" else search_v1.Options()
        return search_v1.SearchPlayer(seed, budget, options, seconds)
    if name == "search":
        from dukec.players.search import SearchPlayer

        return SearchPlayer(seed, budget, seconds=seconds)
    if name == "mcts":
        from dukec.players.mcts import MctsPlayer

        return MctsPlayer(seed, budget, seconds)
    return make_player(name, seed)
