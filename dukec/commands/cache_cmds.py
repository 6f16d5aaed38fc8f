"""``dukec cache``: where dukec's cache lives, whether it is used, what it holds; ``--clear``
empties it (:mod:`dukec.cache`)."""

from __future__ import annotations

import click

from dukec.commands.common import ReportError


def _size(count: int) -> str:
    """Bytes as people read them: '512 bytes', '271 KiB', '3.2 MiB'."""
    if count < 1024:
        return f"{count} bytes"
    if count < 1024 * 1024:
        return f"{count / 1024:.0f} KiB"
    return f"{count / (1024 * 1024):.1f} MiB"


@click.command("cache")
@click.option("--clear", is_flag=True, help="Remove every entry dukec wrote there.")
def cache_command(clear: bool) -> None:
    """Say where dukec's cache lives, whether it is used and what it holds; --clear empties it.

    The cache keeps the parser built from the grammar and each compiled tile set, so that a
    command does not build them again: in $DUKEC_CACHE_DIR, else $XDG_CACHE_HOME/dukec, else
    ~/.cache/dukec (DUKEC_NO_CACHE=1 turns it off). dukec uses only a directory it made
    (tagged with CACHEDIR.TAG, mode 0700, the user's) and trusts only entries it wrote; --clear
    removes those entries and nothing else. Exit status: 0, 1 when --clear finds a directory
    that is not dukec's cache, 2 bad usage.
    """
    from dukec import cache

    where = cache.cache_dir()
    state = cache.state()
    if where is None:
        click.echo(f"cache: {state}")
        return
    if clear:
        if state != "in use":
            raise ReportError(f"{where}: error: nothing cleared: the cache is {state}")
        removed, size = cache.clear()
        plural = "entry" if removed == 1 else "entries"
        click.echo(f"cache: removed {removed} {plural} ({_size(size)}) from {where}")
        return
    click.echo(f"cache: {where} ({state})")
    for kind in cache.contents():
        plural = "entry" if kind.entries == 1 else "entries"
        click.echo(f"  {kind.name}: {kind.entries} {plural}, {_size(kind.size)}")


COMMANDS: list[click.Command] = [cache_command]
