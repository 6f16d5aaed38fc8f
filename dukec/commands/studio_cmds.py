"""``dukec studio``: the designer's web page, served on this machine."""

from __future__ import annotations

import webbrowser
from pathlib import Path

import click

from dukec.commands.common import SET_ENVVAR, open_set


@click.command("studio")
@click.option(
    "--set",
    "tileset_path",
    type=click.Path(path_type=Path),
    envvar=SET_ENVVAR,
    default=None,
    show_envvar=True,
    help="The designer's folder (read on top of the base set, and saved into; an empty or new "
    "folder starts on the base set), or a tile set: JSON or .duke file.",
)
@click.option(
    "--game", "game", metavar="NAME", help="Game set balance and play use (default: base)."
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; the default is reachable from this machine only.",
)
@click.option(
    "--port",
    default=8765,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on; 0 picks a free one.",
)
@click.option("--no-open", is_flag=True, help="Do not open the page in a browser.")
@click.option("--verbose", is_flag=True, help="Log every request on stderr.")
def studio(
    tileset_path: Path | None,
    game: str | None,
    host: str,
    port: int,
    no_open: bool,
    verbose: bool,
) -> None:
    """A local web page to draw a tile, see its card, lint and figures, balance it and play it.

    Tiles are saved into the --set folder (the directory given, or the folder of the file
    given; a folder that does not exist yet is made), or the current directory. The page
    opens on the folder's last edited tile. The page's JSON API is under /api (see
    docs/studio.md).
    Ctrl-C stops the server. Exit status: 0 stopped, 1 a tile set that cannot be read or
    an address that cannot be listened on, 2 bad usage.
    """
    from dukec.studio.api import Workspace
    from dukec.studio.server import Studio, StudioServer

    source = tileset_path
    if tileset_path is not None and not tileset_path.exists():
        if tileset_path.suffix:
            raise click.BadParameter(f"Path '{tileset_path}' does not exist.", param_hint="'--set'")
        try:
            tileset_path.mkdir(parents=True)
        except OSError as error:
            reason = (error.strerror or type(error).__name__).lower()
            raise click.ClickException(f"{tileset_path}: error: cannot make it: {reason}") from None
    if tileset_path is not None and tileset_path.is_dir() and not any(tileset_path.rglob("*.duke")):
        # An empty folder: the base set, until the first tile is saved there.
        opened = open_set(None)
    else:
        opened = open_set(tileset_path)
    tileset = opened.data
    if tileset_path is None:
        folder = Path.cwd()
    else:
        folder = tileset_path if tileset_path.is_dir() else tileset_path.parent
    if game is not None and game not in opened.game_sets:
        raise click.BadParameter(f"no game set {game!r} in the tile set", param_hint="--game")
    workspace = Workspace(tileset, folder.resolve(), game, source)
    try:
        server = StudioServer(Studio(workspace), host, port, verbose)
    except OSError as error:
        reason = (error.strerror or type(error).__name__).lower()
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason}") from None
    click.echo(f"dukec studio: {server.url} (saving into {folder}; Ctrl-C stops)")
    click.echo(f"dukec studio: tile set {opened.summary()}")
    if not no_open:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("dukec studio: stopped", err=True)
    finally:
        server.server_close()


COMMANDS: list[click.Command] = [studio]
