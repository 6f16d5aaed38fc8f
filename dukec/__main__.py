"""Run the command line: ``python -m dukec``."""

from dukec.cli import main

main()
