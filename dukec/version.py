"""The version of dukec (the one ``pyproject.toml`` states): what ``dukec --version`` prints, the
language server and a PDF's producer say, and the caches' keys hold."""

__version__ = "0.1.0"
"""The version of dukec."""
