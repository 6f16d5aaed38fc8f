"""The players: every policy that chooses a move, from random to the search.

``search`` is the default player: iterative deepening over ``alphabeta``'s tree, trying moves in
``ordering``'s order (``moves`` says which), remembering positions in ``table`` and scoring the
positions where it stops with ``leaves``. A leaf's value is ``evaluation``'s: features of the
position (``attacks``, ``terms``) weighed by the learned weights ``learned`` picks for the game
set, and the tile values of ``values`` (fitted, carried to new tiles by what each tile is:
``tilemodel``; the same tile under another name is one type: ``alike``). ``mcts`` is Monte Carlo
tree search, ``search_v1`` (with ``v1_keys`` and ``v1_ordering``) the baseline kept as a fixed
point. ``policies`` names them all and makes one from its name.
"""
