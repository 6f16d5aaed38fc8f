"""The ``dukec`` command line: one group; each area of the toolchain adds its commands."""

from typing import Any

import click

from dukec import __version__
from dukec.commands import (
    balance_cmds,
    compile_cmds,
    editor_cmds,
    engine_cmds,
    ladder_cmds,
    studio_cmds,
    tune_cmds,
    value_cmds,
    values_cmds,
    workbench_cmds,
)
from dukec.commands.common import ReportError
from dukec.textfile import os_reason


class _Main(click.Group):
    """The group: an OS error no command foresaw is still one line, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            where = error.filename or "dukec"
            reason = os_reason(error)
            raise ReportError(f"{where}: error: {reason}") from None


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dukec")
def main() -> None:
    """Compile, check and play tiles of The Duke written as data."""


for _module in (
    compile_cmds,
    engine_cmds,
    balance_cmds,
    ladder_cmds,
    value_cmds,
    values_cmds,
    tune_cmds,
    workbench_cmds,
    editor_cmds,
    studio_cmds,
):
    for _command in _module.COMMANDS:
        main.add_command(_command)
