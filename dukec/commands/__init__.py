"""Command-line commands, one module per area; each module exports ``COMMANDS``."""
