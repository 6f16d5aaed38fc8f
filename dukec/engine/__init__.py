"""The generic game engine: plays The Duke from a compiled JSON tile set alone."""
