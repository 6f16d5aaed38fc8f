"""The progress bar of the commands that play many games: rate and time left, on stderr."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class _RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "- games/s", style="progress.data.speed")


@contextmanager
def progress_bar(
    total: int, label: str, enabled: bool, console: Console | None = None
) -> Iterator[Callable[[int], None] | None]:
    """A bar on stderr, when ``enabled`` and stderr is a terminal; yields the callback a run
    calls with the games played so far (None when there is no bar)."""
    console = console or Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(label, total=total)

        def advance(done: int) -> None:
            progress.update(task, completed=done)

        yield advance
