"""Designer insight: what a tile is worth, which swap is fair, and the smallest fair edit."""
