"""What the experiment commands share: players, criteria, policies, and how a run ends early.

Declared once for ``balance``, ``matrix``, ``value``, ``tune`` and ``ladder``.
"""

from __future__ import annotations

import functools
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from dukec.api import DEFAULT_PLY_LIMIT, DEFAULT_POLICY
from dukec.commands.common import BUDGET, PLY_LIMIT, FiniteRange
from dukec.limits import MAX_ELO, MAX_POLICIES
from dukec.players.policies import split_policy
from dukec.players.search import DEFAULT_BUDGET

if TYPE_CHECKING:
    from dukec.stats.decision import Criteria

F = TypeVar("F", bound=Callable[..., Any])


class _Terminated(KeyboardInterrupt):
    """SIGTERM, met as an interruption so that the run winds down the same way."""


def interruptible(command: F) -> F:
    """Ctrl-C and SIGTERM end a run at once: the workers are stopped, nothing is written, one
    line says so, and the exit status is 130 (SIGINT) or 143 (SIGTERM)."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        def terminate(signum: int, frame: Any) -> None:
            raise _Terminated

        previous = signal.signal(signal.SIGTERM, terminate)
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt as stop:
            name = click.get_current_context().info_name
            click.echo(f"{name}: interrupted; no report written", err=True)
            raise SystemExit(143 if isinstance(stop, _Terminated) else 130) from None
        finally:
            signal.signal(signal.SIGTERM, previous)

    return run  # type: ignore[return-value]


def players_options(command: F) -> F:
    """``--budget`` and ``--ply-limit``: how long the players think and how long games last."""
    command = click.option(
        "--ply-limit",
        default=DEFAULT_PLY_LIMIT,
        show_default=True,
        type=PLY_LIMIT,
        help="Plies after which a game is a draw.",
    )(command)
    return click.option(
        "--budget",
        default=DEFAULT_BUDGET,
        show_default=True,
        type=BUDGET,
        help="Nodes a move of the search and mcts.",
    )(command)


def replacement_option(value: str | None) -> tuple[str, str] | None:
    """The value of a ``--replace OLD=NEW`` option, or None; a usage error if malformed."""
    from dukec.balance.experiments import split_replacement

    if value is None:
        return None
    try:
        return split_replacement(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--replace") from None


def policy_names(value: str, hint: str) -> list[str]:
    """A comma list of known policy names, each perhaps with its own budget (``search@1000``)."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    if len(names) > MAX_POLICIES:
        raise click.BadParameter(
            f"{len(names)} policies: name at most {MAX_POLICIES}", param_hint=hint
        )
    for name in names:
        try:
            split_policy(name)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint=hint) from None
    if not names:
        raise click.BadParameter("name at least one policy", param_hint=hint)
    return names


def rungs_of(policy: str | None, policies: str | None) -> list[tuple[str, str]]:
    """(army A's policy, army B's) for each run, from --policy or --policies."""
    if policy is not None and policies is not None:
        raise click.UsageError("choose --policy (both armies) or --policies A:B, not both")
    if policies is None:
        return [(name, name) for name in policy_names(policy or DEFAULT_POLICY, "--policy")]
    rungs = []
    pairings = policies.split(",")
    if len(pairings) > MAX_POLICIES:
        raise click.BadParameter(
            f"{len(pairings)} pairings: name at most {MAX_POLICIES}", param_hint="--policies"
        )
    for pairing in pairings:
        mine, sep, theirs = pairing.partition(":")
        if not sep:
            raise click.BadParameter(
                f"expected A:B, for example greedy:search, not {pairing.strip()!r}",
                param_hint="--policies",
            )
        rungs.append((policy_names(mine, "--policies")[0], policy_names(theirs, "--policies")[0]))
    return rungs


def criteria_options(command: F) -> F:
    """``--elo-margin``, ``--alpha``, ``--beta`` and ``--elo-model``: what counts as fair and
    how sure each answer must be (see :mod:`dukec.stats.decision`)."""
    for option in reversed(
        (
            click.option(
                "--elo-margin",
                default=30.0,
                show_default=True,
                type=FiniteRange(0, MAX_ELO, min_open=True),
                help="The largest difference that counts as fair, in Elo.",
            ),
            click.option(
                "--alpha",
                default=0.05,
                show_default=True,
                type=FiniteRange(0, 0.5, min_open=True, max_open=True),
                help="Chance of a false 'stronger' or 'weaker' (and, at a fixed length, of a "
                "false 'fair' at ±margin).",
            ),
            click.option(
                "--beta",
                default=0.05,
                show_default=True,
                type=FiniteRange(0, 0.5, min_open=True, max_open=True),
                help="--stop sprt: chance of missing a ±margin difference.",
            ),
            click.option(
                "--elo-model",
                type=click.Choice(["logistic", "normalized"]),
                default="logistic",
                show_default=True,
                help="Elo, or normalized Elo (nElo, as fastchess): the margin's unit.",
            ),
        )
    ):
        command = option(command)
    return command


def make_criteria(elo_margin: float, alpha: float, beta: float, elo_model: str) -> Criteria:
    """The decision criteria the options of ``criteria_options`` give."""
    from dukec.stats.decision import Criteria
    from dukec.stats.stats import EloModel

    return Criteria(elo_margin, alpha, beta, model=EloModel(elo_model))
