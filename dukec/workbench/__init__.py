"""The tile designer's workbench: pictures of tiles, a formatter, design warnings and tile figures."""
