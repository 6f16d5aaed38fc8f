"""The ``dukec`` command line: one group; each area of the toolchain adds its commands."""

import click

from dukec import __version__
from dukec.commands import balance_cmds, compile_cmds, engine_cmds, workbench_cmds


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dukec")
def main() -> None:
    """Compile, check and play tiles of The Duke written as data."""


for _module in (compile_cmds, engine_cmds, balance_cmds, workbench_cmds):
    for _command in _module.COMMANDS:
        main.add_command(_command)
