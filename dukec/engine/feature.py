"""The seam between the turn and the rule features: what a feature does at the turn's points.

A rule feature is a :class:`Feature` whose hooks the turn (:mod:`dukec.engine.turn`) calls, in
the order of the game set's features (the registry, :func:`dukec.engine.features.build_features`,
kept as ``Rules.features``):

- before play (:mod:`dukec.engine.opening`, in the registry's ``opening`` order):
  :meth:`Feature.game_begins` as a new game begins, :meth:`Feature.setup_done` when set-up is
  done, :meth:`Feature.play_begins` as play begins;
- :meth:`Feature.after_action`: after any action, before the opponent's turn;
- :meth:`Feature.acts_between_turns`: what acts of its own accord between the turns;
  where one did, every feature's :meth:`Feature.after_between` follows;
- :meth:`Feature.turn_begins`: as the next player's turn begins;
- the phases it owns (:meth:`Feature.phases`: their actions and what each does), the action
  kinds of play it carries out (:meth:`Feature.kinds`, :meth:`Feature.act`), those that draw
  tiles as a draw does, leaving the turn open (:meth:`Feature.draws`, :meth:`Feature.draw`),
  and the tiles that may be placed in a drawn tile's place (:meth:`Feature.placing_tiles`,
  :meth:`Feature.place`);
- its part of a position (:mod:`dukec.engine.position`, in the registry's ``parts`` order): the
  fields it owns (:meth:`Feature.fields`), read (:meth:`Feature.read`) and written
  (:meth:`Feature.write`), and what it makes of a position read in play
  (:meth:`Feature.position_read`); and what says where its phases stand
  (:meth:`Feature.phase_field`, :meth:`Feature.read_phase`, :meth:`Feature.write_phase`);
- its mark on a square of the board as text (:meth:`Feature.mark`), and the notation and record
  of the action kinds it writes (:meth:`Feature.writes`, :meth:`Feature.notation`,
  :meth:`Feature.recorded`, :meth:`Feature.turn_goes_on`);
- its part of a game's Zobrist key (:mod:`dukec.engine.zobrist`, in the ``parts`` order): the
  random numbers it draws (:meth:`Feature.key_numbers`) and its state keyed by them
  (:meth:`Feature.key`).

Each hook does nothing unless a feature says otherwise, and changes the game only through its
trail, so that undo takes back exactly one action. A feature keeps no state of its own: the
game's state is the game's (one feature object serves every game of its rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dukec.engine.actions import ActionTuple, Phase, Reason

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.game import Game
    from dukec.engine.notation import Scene
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules
    from dukec.engine.zobrist import Zobrist


class Feature:
    """A rule feature's part in the turn (every hook does nothing here)."""

    def game_begins(self, g: Game) -> bool:
        """As a new game (not a position) begins: whether this feature took it into a phase of
        its own before set-up (the features after it wait for that phase to end)."""
        return False

    def setup_done(self, g: Game) -> bool:
        """When set-up is done: whether this feature took the game into a phase of its own before
        play (which ends with :func:`dukec.engine.opening.start_play`)."""
        return False

    def play_begins(self, g: Game) -> None:
        """As play begins (the player to move set): what this feature lays down or starts."""

    def admits(self, g: Game, me: int, frm: int, to: int, how: str) -> bool:
        """Whether a tile of ``me`` from ``frm`` (-1: from off the board) may end on ``to`` as
        far as the carried piece there (if any) goes, by the movement ``how`` (the schema's
        ``enter_with`` vocabulary; "": by no movement, as an ability puts it there)."""
        return True

    def filter_ends(self, g: Game, me: int, out: list[ActionTuple]) -> list[ActionTuple]:
        """Of the base game's actions ``out``, those that this feature's rules for the carried
        pieces let end where they end."""
        return out

    def add_actions(self, g: Game, me: int, out: list[ActionTuple]) -> None:
        """The actions of play this feature adds for ``me`` after the icons' (e.g. passing a
        carried piece)."""

    def threatens(self, g: Game, target: int, by: int) -> bool:
        """Whether an action this feature adds for ``by`` (:meth:`add_actions`), which the
        icons' tables do not hold, could capture on ``target`` now (for the Duke-danger test,
        which asks the features of ``Registry.threats``)."""
        return False

    def meets_lines(self, g: Game) -> bool:
        """Whether a Slide or Jump Slide line that reaches this feature's piece on
        ``g.obstacle`` may give an action now (:meth:`line_meets`); the piece blocks every line
        and no tile may enter its square otherwise."""
        return False

    def line_meets(
        self, g: Game, me: int, s: int, behind: int, may_enter: bool, out: list[ActionTuple]
    ) -> None:
        """The actions of ``me``'s tile on ``s`` whose Slide or Jump Slide line reaches this
        feature's piece on ``g.obstacle`` (``behind``: the line's next square, -1: off the
        board; ``may_enter``: whether the tile may end on the piece's square)."""

    def captures_beyond(self, g: Game, action: ActionTuple) -> int:
        """The square one of this feature's moves (its ``tile`` field set) captures on beyond
        its ``to`` (-1: none)."""
        return -1

    def wins(self, g: Game, player: int) -> Reason | None:
        """Why ``player`` has won by an objective this feature adds (None: not so)."""
        return None

    def keeps_scores(self) -> bool:
        """Whether a game of this feature's game set counts points (the players' scores are
        shown, recorded and compared with a record's)."""
        return False

    def follows_actions(self) -> bool:
        """Whether :meth:`after_action` may change a game of this feature's game set (where no
        feature's does, nothing but the Duke-danger test follows an action)."""
        return False

    def after_action(self, g: Game, me: int, moved: int) -> None:
        """After ``me``'s action (``moved``: the square of a tile that ended a move, or -1)."""

    def acts_between_turns(self, g: Game) -> bool:
        """Act between the turns, if this feature does (the game not over); whether it did."""
        return False

    def idle(self, g: Game) -> bool:
        """Whether :meth:`acts_between_turns` would change nothing now (then a turn of the base
        game's needs no trail: :func:`dukec.engine.turn.apply_base`)."""
        return True

    def after_between(self, g: Game, me: int) -> None:
        """After a feature acted between ``me``'s turn and the opponent's."""

    def turn_begins(self, g: Game, player: int) -> None:
        """As ``player``'s turn begins."""

    def phases(self) -> tuple[Phase, ...]:
        """The phases whose actions this feature lists and makes."""
        return ()

    def phase_actions(self, g: Game) -> list[ActionTuple]:
        """The legal actions of the phase due, one of :meth:`phases`."""
        return []

    def phase_apply(self, g: Game, action: ActionTuple) -> None:
        """Make an action of the phase due (on the trail), and say what comes next."""

    def kinds(self) -> tuple[int, ...]:
        """The action kinds of play this feature carries out."""
        return ()

    def act(self, g: Game, action: ActionTuple) -> int:
        """Carry out an action of one of :meth:`kinds` (on the trail); the square of a tile
        that ended a move there, or -1."""
        return -1

    def placing_tiles(self, g: Game) -> tuple[int, ...]:
        """The tile types that may be placed in the drawn tile's place now (a placement naming
        one is this feature's to make: :meth:`place`)."""
        return ()

    def place(self, g: Game, action: ActionTuple) -> None:
        """Make a placement of one of :meth:`placing_tiles` (on the trail): the tile goes on
        ``to``; the turn then ends as after any placement."""

    def draws(self) -> tuple[int, ...]:
        """The action kinds of play this feature carries out that draw tiles for the player as
        a draw does: they leave the turn open, and are legal where a draw would be after what
        :meth:`before_draw` changes."""
        return ()

    def before_draw(self, g: Game, action: ActionTuple) -> None:
        """What an action of one of :meth:`draws` changes on the board before its tiles are
        drawn (on the trail): the Duke-danger test looks at the board so."""

    def draw(self, g: Game, action: ActionTuple) -> None:
        """Carry out an action of one of :meth:`draws` (on the trail), and take the game into
        the phase that follows it."""

    def fields(self) -> tuple[str, ...]:
        """The top-level fields of a position that hold this feature's state (a position that
        has one is played by the features' turn)."""
        return ()

    def lists(self) -> tuple[str, ...]:
        """Those of :meth:`fields` that hold a list (each checked to be one before any field is
        read)."""
        return self.fields()

    def read(self, g: Game, reading: Reading) -> None:
        """Read this feature's fields of a position into ``g``, each problem filed with
        ``reading`` under the field it is about."""

    def write(self, g: Game, data: dict[str, Any]) -> None:
        """Write this feature's state in ``g`` to a position's ``data`` (nothing where there is
        none)."""

    def phase_field(self, phase: Phase) -> str:
        """The field of a position that says where ``phase`` (one of :meth:`phases`) stands:
        a position in that phase needs it, and one in another may not have it (but a field of
        :meth:`fields` may stay once the game has ended)."""
        return ""

    def read_phase(self, g: Game, reading: Reading, phase: Phase) -> None:
        """Read what says where this feature's phase stands, if ``phase`` (the position's) is
        one of :meth:`phases` (the features are asked in the registry's ``owners`` order, before
        the game's own set-up is read)."""

    def write_phase(self, g: Game, data: dict[str, Any]) -> None:
        """Write what says where this feature's phase stands, if the game is in one of
        :meth:`phases`."""

    def position_read(self, g: Game) -> None:
        """A position in play has been read (its phase is one play has begun in): what this
        feature makes of the board as it stands."""

    def mark(self, g: Game, square: int, short: dict[str, str]) -> str:
        """What this feature shows on ``square`` in the board as text
        (:func:`dukec.engine.text.board_text`; ``short``: per name of
        :func:`dukec.engine.features.marked`, its short label)."""
        return ""

    def writes(self) -> tuple[int, ...]:
        """The action kinds whose notation and record this feature writes (its phases' and its
        kinds of play; a move only where its ``tile`` field is set, which no move of the base
        game's has)."""
        return ()

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """The notation of an action of one of :meth:`writes` in ``scene`` (before it is
        made)."""
        return ""

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """For a game's record of an action of one of :meth:`writes` (not a move): the tile
        type it names (the tile that acts, or the one chosen or taken; -1: none), and the tile
        type it captures (-1: none)."""
        return -1, -1

    def turn_goes_on(self, action: ActionTuple) -> bool:
        """Whether the player's turn goes on after ``action`` (one of :meth:`writes`): more of
        the same turn is to come."""
        return False

    def key_numbers(self, rules: Rules) -> int:
        """How many random numbers this feature's part of the keys of ``rules``' games draws."""
        return 0

    def key(self, g: Game, z: Zobrist, numbers: list[i64]) -> i64:
        """This feature's part of ``g``'s key: its state keyed by ``numbers`` (the
        :meth:`key_numbers` it drew) and by ``z``'s small fields (:meth:`Zobrist.field`)."""
        return 0


def acting(scene: Scene, action: ActionTuple, captures: bool = True) -> tuple[int, int]:
    """What a record names of an action whose tile on ``frm`` acts: that tile's type, and (if
    it ``captures``) the type of an enemy tile on ``to`` (-1: none)."""
    _kind, frm, to, _by, _tile = action
    board = scene.board
    target = board[to] if to >= 0 else -1
    captured = target >> 2 if captures and target >= 0 and target & 1 != scene.to_move else -1
    return board[frm] >> 2, captured


def square_names(g: Game, squares: set[int]) -> list[str]:
    """A set of squares as a position writes it: their names, in order."""
    name = g.rules.geometry.name
    return sorted(name(s) for s in squares)


def squares_key(squares: set[int], numbers: list[i64], first: int) -> i64:
    """The part of a key for a set of squares: the XOR of one number per square, square ``s``'s
    at ``numbers[first + s]``."""
    key: i64 = 0
    if squares:  # no iterator made for an empty set (most keys)
        for square in squares:
            key ^= numbers[first + square]
    return key
