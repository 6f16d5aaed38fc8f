"""dukec: a rules-as-data toolchain for The Duke."""

__version__ = "0.1.0"
