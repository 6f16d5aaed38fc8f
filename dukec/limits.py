"""The documented limits of the language, the compiled JSON and the readers.

No real design comes near them; they exist so that a mistake (a count of 10**30, a grid two
hundred squares wide, JSON nested a hundred thousand deep, 10**30 games) gets a clear error
instead of a crash, a hang or a machine's worth of memory or time. The compiler, the JSON
Schemas, every reader and every command's options take their numbers from here; a test checks
that the schemas agree, and one that every numeric option has an upper bound.
"""

from __future__ import annotations

# === The studio and the language server ===
# Work a client of `dukec studio` or an editor of `dukec lsp` can ask for, bounded so that no
# request holds a core, a thread or the server for long (docs/dsl.md, Limits).

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
#: Connections the studio's listening socket holds while it accepts others (its backlog; the
#: system may cap it, at net.core.somaxconn): a page opens a few at once, a script or a test
#: dozens. ThreadingHTTPServer's own 5 reset some of 50 clients' requests.
STUDIO_LISTEN_BACKLOG = 128
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

# === Files several processes write ===

#: Seconds a writer waits for another's lock on a file they both update (a balance manifest,
#: a ratings file) before it gives up with an error; each holds it for one read and one write.
LOCK_SECONDS = 60.0
#: Bytes of one entry of dukec's cache (a compiled tile set, the parser's code): a larger one
#: is neither written nor read.
CACHE_MAX_ENTRY_BYTES = 64 * 1024 * 1024

# === The language, the compiled JSON and the readers ===

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
#: Icons one tile set declares, the base box's eight among them (each has a letter of its own).
MAX_ICONS = 64
#: .duke files of one tile set (each defines a tile or a set at least), and their bytes together.
MAX_SOURCE_FILES = MAX_TILES + MAX_SETS
MAX_SOURCE_BYTES = MAX_FILE_BYTES
#: Points that win a game (Counting Coup's ``win_score``), and a position's scores.
MAX_WIN_SCORE = 999
#: Turns of one game: the ply limit, and a position's ``ply``.
MAX_PLY = 1_000_000

#: A seed: any whole number that fits in 64 bits without a sign (every run's master seed and a
#: game's).
MAX_SEED = 2**64 - 1

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
#: Steps ``dukec tune`` may take (each one multiplies the tiles it may screen), and the tiles
#: it screens and keeps at each number of steps (--candidates, --beam).
MAX_STEPS = 8
MAX_CANDIDATES = 1000
