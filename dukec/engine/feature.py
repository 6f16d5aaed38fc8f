"""The seam between the turn and the rule features: what a feature does at the turn's points
(:class:`Feature`), the registry of a game set's features (:class:`Registry`), what a feature and
the turn may ask of a game (:class:`Kernel`), and what an action's notation reads of a position
(:class:`Scene`).

A rule feature is a :class:`Feature` whose hooks the turn (:mod:`dukec.engine.turn`) calls, in
the order of the game set's features (its :class:`Registry`, which
:func:`dukec.engine.features.build_features` builds once per rules):

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

The modules of the turn and of the features take a :class:`Kernel`, never the game itself: a
kernel is the game's state (:class:`~dukec.engine.state.FeatureState`, the features' parts of it
in :mod:`dukec.engine.parts`), the base game's apply and undo
(:class:`~dukec.engine.basegame.BaseGame`) and what the game set's traits and features make of
a game; :class:`dukec.engine.game.Game` builds on it with its front door and the hooks that call
into the turn. (A native base class, not a protocol, so that the compiled engine reads its fields
and calls its methods directly.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dukec.engine.actions import (
    COMMAND,
    DRAW,
    MOVE,
    PLACE,
    STRIKE,
    ActionKind,
    ActionTuple,
    Phase,
    Reason,
    Result,
)
from dukec.engine.basegame import BaseGame, Keeper
from dukec.engine.rules import Rules

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.facade import Action
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.reach import Reach


class Feature:
    """A rule feature's part in the turn (every hook does nothing here)."""

    def game_begins(self, g: Kernel) -> bool:
        """As a new game (not a position) begins: whether this feature took it into a phase of
        its own before set-up (the features after it wait for that phase to end)."""
        return False

    def setup_done(self, g: Kernel) -> bool:
        """When set-up is done: whether this feature took the game into a phase of its own before
        play (which ends with :func:`dukec.engine.opening.start_play`)."""
        return False

    def play_begins(self, g: Kernel) -> None:
        """As play begins (the player to move set): what this feature lays down or starts."""

    def admits(self, g: Kernel, me: int, frm: int, to: int, how: str) -> bool:
        """Whether a tile of ``me`` from ``frm`` (-1: from off the board) may end on ``to`` as
        far as the carried piece there (if any) goes, by the movement ``how`` (the schema's
        ``enter_with`` vocabulary; "": by no movement, as an ability puts it there)."""
        return True

    def filter_ends(self, g: Kernel, me: int, out: list[ActionTuple]) -> list[ActionTuple]:
        """Of the base game's actions ``out``, those that this feature's rules for the carried
        pieces let end where they end."""
        return out

    def add_actions(self, g: Kernel, me: int, out: list[ActionTuple]) -> None:
        """The actions of play this feature adds for ``me`` after the icons' (e.g. passing a
        carried piece)."""

    def threatens(self, g: Kernel, target: int, by: int) -> bool:
        """Whether an action this feature adds for ``by`` (:meth:`add_actions`), which the
        icons' tables do not hold, could capture on ``target`` now (for the Duke-danger test,
        which asks the features of ``Registry.threats``)."""
        return False

    def meets_lines(self, g: Kernel) -> bool:
        """Whether a Slide or Jump Slide line that reaches this feature's piece on
        ``g.obstacle`` may give an action now (:meth:`line_meets`); the piece blocks every line
        and no tile may enter its square otherwise."""
        return False

    def line_meets(
        self, g: Kernel, me: int, s: int, behind: int, may_enter: bool, out: list[ActionTuple]
    ) -> None:
        """The actions of ``me``'s tile on ``s`` whose Slide or Jump Slide line reaches this
        feature's piece on ``g.obstacle`` (``behind``: the line's next square, -1: off the
        board; ``may_enter``: whether the tile may end on the piece's square)."""

    def captures_beyond(self, g: Kernel, action: ActionTuple) -> int:
        """The square one of this feature's moves (its ``tile`` field set) captures on beyond
        its ``to`` (-1: none)."""
        return -1

    def wins(self, g: Kernel, player: int) -> Reason | None:
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

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """After ``me``'s action (``moved``: the square of a tile that ended a move, or -1)."""

    def acts_between_turns(self, g: Kernel) -> bool:
        """Act between the turns, if this feature does (the game not over); whether it did."""
        return False

    def idle(self, g: Kernel) -> bool:
        """Whether :meth:`acts_between_turns` would change nothing now (then a turn of the base
        game's needs no trail: :func:`dukec.engine.turn.apply_base`)."""
        return True

    def after_between(self, g: Kernel, me: int) -> None:
        """After a feature acted between ``me``'s turn and the opponent's."""

    def turn_begins(self, g: Kernel, player: int) -> None:
        """As ``player``'s turn begins."""

    def phases(self) -> tuple[Phase, ...]:
        """The phases whose actions this feature lists and makes."""
        return ()

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """The legal actions of the phase due, one of :meth:`phases`."""
        return []

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """Make an action of the phase due (on the trail), and say what comes next."""

    def kinds(self) -> tuple[int, ...]:
        """The action kinds of play this feature carries out."""
        return ()

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """Carry out an action of one of :meth:`kinds` (on the trail); the square of a tile
        that ended a move there, or -1."""
        return -1

    def placing_tiles(self, g: Kernel) -> tuple[int, ...]:
        """The tile types that may be placed in the drawn tile's place now (a placement naming
        one is this feature's to make: :meth:`place`)."""
        return ()

    def place(self, g: Kernel, action: ActionTuple) -> None:
        """Make a placement of one of :meth:`placing_tiles` (on the trail): the tile goes on
        ``to``; the turn then ends as after any placement."""

    def draws(self) -> tuple[int, ...]:
        """The action kinds of play this feature carries out that draw tiles for the player as
        a draw does: they leave the turn open, and are legal where a draw would be after what
        :meth:`before_draw` changes."""
        return ()

    def before_draw(self, g: Kernel, action: ActionTuple) -> None:
        """What an action of one of :meth:`draws` changes on the board before its tiles are
        drawn (on the trail): the Duke-danger test looks at the board so."""

    def draw(self, g: Kernel, action: ActionTuple) -> None:
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

    def read(self, g: Kernel, reading: Reading) -> None:
        """Read this feature's fields of a position into ``g``, each problem filed with
        ``reading`` under the field it is about."""

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """Write this feature's state in ``g`` to a position's ``data`` (nothing where there is
        none)."""

    def phase_field(self, phase: Phase) -> str:
        """The field of a position that says where ``phase`` (one of :meth:`phases`) stands:
        a position in that phase needs it, and one in another may not have it (but a field of
        :meth:`fields` may stay once the game has ended)."""
        return ""

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """Read what says where this feature's phase stands, if ``phase`` (the position's) is
        one of :meth:`phases` (the features are asked in the registry's ``owners`` order, before
        the game's own set-up is read)."""

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """Write what says where this feature's phase stands, if the game is in one of
        :meth:`phases`."""

    def position_read(self, g: Kernel) -> None:
        """A position in play has been read (its phase is one play has begun in): what this
        feature makes of the board as it stands."""

    def mark(self, g: Kernel, square: int, short: dict[str, str]) -> str:
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

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """This feature's part of ``g``'s key: its state keyed by ``numbers`` (the
        :meth:`key_numbers` it drew) and by ``z``'s small fields
        (:meth:`~dukec.engine.keyparts.KeyFields.field`)."""
        return 0


def acting(scene: Scene, action: ActionTuple, captures: bool = True) -> tuple[int, int]:
    """What a record names of an action whose tile on ``frm`` acts: that tile's type, and (if
    it ``captures``) the type of an enemy tile on ``to`` (-1: none)."""
    _kind, frm, to, _by, _tile = action
    board = scene.board
    target = board[to] if to >= 0 else -1
    captured = target >> 2 if captures and target >= 0 and target & 1 != scene.to_move else -1
    return board[frm] >> 2, captured


def square_names(g: Kernel, squares: set[int]) -> list[str]:
    """A set of squares as a position writes it: their names, in order."""
    name = g.rules.geometry.name
    return sorted(name(s) for s in squares)


class Scene:
    """What an action's notation reads of the position it is taken in: the rules, the board,
    the player to move, the tile a placement puts down, the drawn tiles to keep one of, and
    the features that write their own actions (by kind).

    ``keep``: copy what changes, so that actions handed out with the scene print as they were
    meant after the game has moved on (see :class:`dukec.engine.facade.Action`). The notation
    of the base game's actions is written here, the features' by the feature that owns them
    (:mod:`dukec.engine.notation` reads and writes actions with it).
    """

    def __init__(self, game: Kernel, keep: bool = False) -> None:
        self.rules: Rules = game.rules
        self.board: list[int] = list(game.board) if keep else game.board
        self.to_move: int = game.to_move
        self.placing: int = game.placement_tile()
        self.pending: list[int] = list(game.pending) if keep else game.pending
        self.writers: dict[int, Feature] = game.registry.writers if game.features else {}

    def write(self, action: ActionTuple) -> str:
        """The notation of ``action`` in this position (before it is applied)."""
        kind, frm, to, by, tile = action
        name = self.rules.geometry.name
        types = self.rules.types
        writer = self.writers.get(kind) if kind > PLACE or (kind == MOVE and tile >= 0) else None
        if writer is not None:
            return writer.notation(self, action)
        if kind in (MOVE, COMMAND):
            sep = "x" if self.board[to] >= 0 else "-"
            text = f"{name(frm)}{sep}{name(to)}"
            return f"{name(by)}:{text}" if kind == COMMAND else text
        if kind == STRIKE:
            return f"{name(frm)}!{name(to)}"
        if kind == DRAW:
            return "draw" if tile < 0 else f"draw({types[tile].name})"
        if kind == PLACE:
            placed = tile if tile >= 0 else self.placing
            return f"{types[placed].name}@{name(to)}"
        raise ValueError(f"unknown action kind {kind}")


class Registry:
    """A game set's features in the turn's order (``ordered``: the ones the set uses), and the
    phases and action kinds each feature owns (every feature's: a position may put any game in a
    feature's phase)."""

    def __init__(
        self,
        ordered: tuple[Feature, ...],
        owners: tuple[Feature, ...],
        opening: tuple[Feature, ...],
        parts: tuple[Feature, ...],
        between: tuple[Feature, ...],
        obstacle: Feature,
        carrier: Feature,
        adders: tuple[Feature, ...],
        winners: tuple[Feature, ...],
        placers: tuple[Feature, ...] = (),
        threats: tuple[Feature, ...] = (),
    ) -> None:
        self.ordered = ordered
        #: The features the game set uses that give tiles to place in a drawn tile's place.
        self.placers = placers
        #: The feature whose piece may stand on ``g.obstacle`` (:mod:`dukec.engine.occupancy`).
        self.obstacle = obstacle
        #: The feature whose rules say who may end on a carried piece (``g.carried``).
        self.carrier = carrier
        #: The features the game set uses that add actions of play after the icons'.
        self.adders = adders
        #: The features the game set uses that add a way to win (:meth:`Feature.wins`), asked
        #: in this order after running out of tiles and before the armies' own objectives.
        self.winners = winners
        #: The features the game set uses whose actions the icons' tables do not hold and that
        #: may capture (an area group's, a terrain face's granted icons): the Duke-danger test
        #: asks each (:meth:`Feature.threatens`).
        self.threats = threats
        #: No feature the game set uses changes a game after an action (its turns need no
        #: trail where nothing else does: :mod:`dukec.engine.turn`).
        self.nothing_after_action = not any(f.follows_actions() for f in ordered)
        #: The game set's games count points.
        self.keeps_scores = any(f.keeps_scores() for f in ordered)
        #: Those of them that act between the turns (whose :meth:`Feature.idle` a turn of the
        #: base game's asks).
        self.between = between
        #: The owners of every feature's phases and action kinds (in the order of
        #: :func:`dukec.engine.features.build_features`).
        self.owners = owners
        #: The features in the order of the game's start (:mod:`dukec.engine.opening`): each
        #: does nothing there unless the game set has what it lays down or starts.
        self.opening = opening
        #: The features with a part of a position, in the order a position is read and written
        #: (:mod:`dukec.engine.position`).
        self.parts = parts
        self.by_phase: dict[Phase, Feature] = {p: f for f in owners for p in f.phases()}
        self.by_kind: dict[int, Feature] = {k: f for f in owners for k in f.kinds()}
        self.by_draw: dict[int, Feature] = {k: f for f in owners for k in f.draws()}
        #: Per action kind a feature writes (:meth:`Feature.writes`), that feature.
        self.writers: dict[int, Feature] = {k: f for f in parts + owners for k in f.writes()}
        #: Per action kind, whether it draws tiles as a draw does (the draw itself included):
        #: the turn asks on every action, so it is one look-up.
        self.draws: tuple[bool, ...] = tuple(
            k == DRAW or k in self.by_draw for k in range(len(ActionKind))
        )


class Kernel(BaseGame):
    """A game of The Duke as the turn and the rule features see it: its state and the base
    game's apply and undo (the bases), and what the rules' traits and features make of it.

    :class:`dukec.engine.game.Game` is the one kind of kernel: it adds the front door and the
    hooks that call into the turn, and its ``result`` and ``legal_actions`` are the ones below.
    """

    def __init__(
        self, rules: Rules, seed: int, ply_limit: int | None, setup: bool, registry: Registry | None
    ) -> None:
        """A new game's state (``registry``: the rules' features, None where they use none)."""
        #: The rules use a rule feature: the turn is turn's.
        self.features = rules.expanded is not None
        self.size = rules.geometry.size
        self.neighbours = rules.neighbours
        self.move_actions = rules.move_actions
        self.strike_actions = rules.strike_actions
        #: What apply and undo go through while a search keeps its books, such as a Zobrist
        #: key (see :class:`~dukec.engine.zobrist.Keyed`).
        self.keyed: Keeper | None = None
        self._cached: tuple[int, Result | None] = (-1, None)
        super().__init__(rules, seed, ply_limit, setup)
        if registry is None:
            return
        self.reach: Reach = rules.reach
        #: The rule features, in the order the turn calls them, and by what each owns.
        self.registry: Registry = registry
        self.plugins: tuple[Feature, ...] = registry.ordered
        traits = rules.traits
        self.edge_freezes = traits.edge_freezes
        self.wins_to_check = traits.wins_to_check
        self.wins_beyond_tiles = traits.wins_beyond_tiles
        #: Nothing follows an action but the Duke-danger test (no feature's after_action
        #: changes anything in this game set).
        self.nothing_after_action = registry.nothing_after_action
        #: That, and taking the Duke wins: a turn may be the base game's
        #: (:func:`dukec.engine.turn.base_board`).
        self.base_turns = self.nothing_after_action and self.objective.duke_capture_wins
        self.any_defense = traits.any_defense
        self.escapes = traits.escapes
        self.any_ransom = traits.any_ransom
        self.escapes_or_ransoms = traits.escapes_or_ransoms
        self.open_carried = traits.open_carried
        # Only the types in play can come onto the board in a game from set-up; a game built
        # otherwise (a position) may hold any (see any_tiles).
        self.ability_codes = traits.abilities_in_play if setup else traits.ability_codes

    @property
    def result(self) -> Result | None:
        """The result if the game is over (the game's: :attr:`dukec.engine.game.Game.result`)."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, each printing in notation (the game's:
        :meth:`dukec.engine.game.Game.legal_actions`)."""
        raise NotImplementedError

    def keeps_scores(self) -> bool:
        """Whether the game counts points (``scores``), as some objectives do."""
        return self.features and self.registry.keeps_scores

    def place_tile(self, square: int, tile: int, side: int, owner: int) -> None:
        """Put a tile on an empty square (to build positions; not an action)."""
        if self.board[square] >= 0:
            raise ValueError(f"square {self.rules.geometry.name(square)} is occupied")
        code = self.rules.code(tile, side, owner)
        if self.rules.expanded is not None:
            self.any_tiles()
        self.board[square] = code
        self.pieces[owner].add(square)
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = square
        self._version += 1

    def any_tiles(self) -> None:
        """Tiles of any type may come into play (a position may hold tiles and bags that no
        army of the set has): every type's abilities are looked for from now on."""
        self.ability_codes = self.rules.traits.ability_codes
