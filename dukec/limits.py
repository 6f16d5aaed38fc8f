"""The documented limits of the language, the compiled JSON and the readers.

No real design comes near them; they exist so that a mistake (a count of 10**30, a grid two
hundred squares wide, JSON nested a hundred thousand deep) gets a clear error instead of a crash,
a hang or a machine's worth of memory. The compiler, the JSON Schemas and every reader take
their numbers from here; a test checks that the schemas agree.
"""

from __future__ import annotations

#: Bytes in one file that dukec reads (a .duke source, a tile set, a position, a record).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Nesting depth of arrays and objects in any JSON document dukec reads.
MAX_JSON_DEPTH = 32
#: Characters in a tile, terrain or set name.
MAX_NAME_LENGTH = 40
#: A tile's or terrain tile's count, and the count of a start, bag, terrain or win entry.
MAX_COUNT = 99
#: How far an icon may lie from its tile, in files or ranks (a grid at most 25 x 25 squares).
MAX_OFFSET = 12
#: Files and ranks of a board (files are the letters a-z).
MIN_BOARD = 2
MAX_BOARD = 26
#: Tiles (troop and terrain) and game sets in one tile set.
MAX_TILES = 500
MAX_SETS = 100
#: Points that win a game (Counting Coup's ``win_score``), and a position's scores.
MAX_WIN_SCORE = 999
#: Turns of one game: the ply limit, and a position's ``ply``.
MAX_PLY = 1_000_000
