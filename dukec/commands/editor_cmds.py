"""Editor commands: `dukec lsp`, the language server for .duke files."""

from __future__ import annotations

from importlib.util import find_spec

import click

INSTALL_HINT = "the language server needs pygls: pip install 'dukec[lsp]'"


@click.command()
def lsp() -> None:
    """Run the language server for .duke files over stdin and stdout (for editors).

    It reports the errors `dukec check` finds (each file checked with the other .duke files
    below its directory) and the warnings of `dukec lint` as you type, shows a tile's grids on
    hover, completes statements, glyphs, tile names, rules and values, and formats with
    `dukec fmt`'s layout. Needs the lsp extra: pip install 'dukec[lsp]'. Exit status: 0 when
    the editor ends the session, 1 when pygls is not installed, 2 on bad usage.
    """
    if find_spec("pygls") is None:
        raise click.ClickException(INSTALL_HINT)
    from dukec.lsp.server import serve

    serve()


COMMANDS: list[click.Command] = [lsp]
