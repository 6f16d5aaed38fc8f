"""The tile designer's workbench: tile pictures, a formatter, design warnings, tile figures."""
