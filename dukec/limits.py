"""The documented limits of the language, the compiled JSON and the readers.

No real design comes near them; they exist so that a mistake (a count of 10**30, a grid two
hundred squares wide, JSON nested a hundred thousand deep) gets a clear error instead of a crash,
a hang or a machine's worth of memory. The compiler, the JSON Schemas and every reader take
their numbers from here; a test checks that the schemas agree.
"""

from __future__ import annotations

# === The studio and the language server ===
# Work a client of `dukec studio` or an editor of `dukec lsp` can ask for, bounded so that no
# request holds a core, a thread or the server for long (the README's limits table).

#: Games one studio run may play (`/api/balance`, `/api/value`, `/api/runs`).
STUDIO_MAX_GAMES = 20_000
#: Nodes a move that a studio run or bot may search (``search@N``, ``mcts@N``): a move takes
#: well under a second, so a cancelled run stops within one.
STUDIO_MAX_BUDGET = 10_000
#: Studio runs playing at once, synchronous or in the background (each takes a core).
STUDIO_MAX_RUNS = 2
#: Seconds a background run plays on with nobody asking about it (the page asks 4 times a
#: second; a browser slows a hidden tab's timers to once a minute): then its page has gone.
STUDIO_UNWATCHED_SECONDS = 300.0
#: Bytes of a studio request's body.
STUDIO_MAX_BODY_BYTES = 1024 * 1024
#: Seconds a studio client has to send a whole request (line, headers and body), and to take
#: an answer; an idle connection is closed after as long.
STUDIO_REQUEST_SECONDS = 10.0
#: Characters of a file name the studio saves (at most 255 bytes in UTF-8, as file systems allow).
STUDIO_MAX_FILE_NAME = 100
#: The language server checks a document with the .duke files below its workspace folder (or its
#: own directory): at most this many files, this many bytes of them, and this many directory
#: entries looked at; past any of them, the document is checked alone, and says so.
LSP_MAX_FILES = 500
LSP_MAX_BYTES = 1024 * 1024
LSP_MAX_ENTRIES = 10_000
#: Bytes of one JSON-RPC message the language server reads (a document as big as
#: `MAX_FILE_BYTES`, escaped), and of one header line.
LSP_MAX_MESSAGE_BYTES = 64 * 1024 * 1024
LSP_MAX_HEADER_BYTES = 1024

# === The language, the compiled JSON and the readers ===

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
