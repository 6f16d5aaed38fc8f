"""The designer's workbench: tile and board pictures, replay pages, a formatter, design warnings."""

#: Picture formats of cards, sheets and boards (each is also the file suffix).
FORMATS = ("svg", "png", "pdf")
