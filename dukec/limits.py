"""The documented limits of the language, the compiled JSON and the readers.

No real design comes near them; they exist so that a mistake (a count of 10**30, a grid two
hundred squares wide, JSON nested a hundred thousand deep, 10**30 games) gets a clear error
instead of a crash, a hang or a machine's worth of memory or time. The compiler, the JSON
Schemas, every reader and every command's options take their numbers from here; a test checks
that the schemas agree, and one that every numeric option has an upper bound.
"""

from __future__ import annotations

#: Bytes in one file that dukec reads (a .duke source, a tile set, a position, a record).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Nesting depth of any document dukec reads: JSON arrays and objects; TOML arrays, inline
#: tables and dotted keys.
MAX_DEPTH = 32
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
#: .duke files of one tile set (each defines a tile or a set at least), and their bytes together.
MAX_SOURCE_FILES = MAX_TILES + MAX_SETS
MAX_SOURCE_BYTES = MAX_FILE_BYTES
#: Points that win a game (Counting Coup's ``win_score``), and a position's scores.
MAX_WIN_SCORE = 999
#: Turns of one game: the ply limit, and a position's ``ply``.
MAX_PLY = 1_000_000

#: Games of one run: balance, value, ladder (each pairing), tune (each test and each screen),
#: fit-values and bench. A million random games take minutes; search games, hours.
MAX_GAMES = 1_000_000
#: Nodes a search or mcts policy may spend on one move (--budget, ``search@N``): at the most
#: about a quarter of a minute a move, compiled (some 64,000 nodes a second).
MAX_BUDGET = 1_000_000
#: Worker processes of one run.
MAX_WORKERS = 256
#: Policies one list names (--policy a,b,c, --policies), each a run or a ladder's rung.
MAX_POLICIES = 16
#: An Elo difference given on the command line (a target, a margin).
MAX_ELO = 1000
#: Depth of ``dukec perft``: counts grow about thirtyfold a ply.
MAX_PERFT_DEPTH = 20
#: Rounds of ``dukec bench``.
MAX_ROUNDS = 100
#: Games ``dukec value --evidence`` keeps as pages.
MAX_EVIDENCE_GAMES = 50
#: Edits ``dukec tune`` may combine (each one multiplies the tiles it may test), and the edited
#: tiles it tests at each number of edits (--candidates, --beam).
MAX_EDITS = 8
MAX_CANDIDATES = 1000
