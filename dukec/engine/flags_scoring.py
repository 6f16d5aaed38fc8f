"""Banners' objectives: Counting Coup's points scored beside a banner, and Trophy Hunters'
banner brought home (:mod:`dukec.engine.flags` quotes the rules of banners).

Counting Coup: "Score 1 point for ending a move in a square sharing a side with the square
occupied by the opponent's flag Tile [...] After the point is scored, the owner of the flag may
immediately move that tile to any square sharing a side with one of the Troop Tiles he
controls". Trophy Hunters: "A player wins immediately by moving his opponent's flag Tile to any
square along his own edge of the gameboard". The game set's rules: ``score_beside_flag``,
``win_score``, ``win_flag_home``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine import occupancy
from dukec.engine.actions import FLAG_PLACE, ActionTuple, Phase, Reason, Result
from dukec.engine.feature import Feature
from dukec.limits import MAX_WIN_SCORE

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading

# The small fields of the key (:meth:`dukec.engine.keyparts.KeyFields.field`) the points take (0 to
# 6 are another feature's, 10 on the banners' set-up's): the banner to relocate, each player's
# points.
_RELOCATE_FIELD: Final = 7
_SCORE_FIELD: Final = 8


def relocate_squares(g: Kernel, me: int) -> list[int]:
    """Where a scored-on banner's owner may move it: bare squares beside their own tiles."""
    neighbours = g.neighbours
    board = g.board
    taken = occupancy.held(g)
    return sorted(
        {n for s in g.pieces[me] for n in neighbours[s] if board[n] < 0 and n not in taken}
    )


def score(g: Kernel, me: int, moved: int) -> None:
    """Counting Coup: a tile ending its move beside the opponent's banner scores a point."""
    if not g.objective.score_beside_flag or moved < 0 or g.over is not None:
        return
    for index, flag in enumerate(g.carried):
        if flag.owner == me ^ 1 and moved in g.neighbours[flag.square]:
            scores = list(g.scores)
            scores[me] += 1
            g.trail.set_game_attr(g, "scores", scores)
            g.trail.set_game_attr(g, "relocate", index)
            g.event(f"score {scores[0]}-{scores[1]}")
            if g.objective.win_score and scores[me] >= g.objective.win_score:
                g.trail.set_game_attr(g, "over", Result(me, Reason.SCORE))
            return


def home_win(g: Kernel, player: int) -> bool:
    """Trophy Hunters: the opponent's banner stands on ``player``'s home edge."""
    files = g.rules.geometry.files
    home = g.rules.geometry.home_rank(player)
    for flag in g.carried:  # noqa: SIM110 (a plain loop: this runs after every action)
        if flag.owner == player ^ 1 and flag.square // files == home:
            return True
    return False


class Homing(Feature):
    """Trophy Hunters' objective (``win_flag_home``): "A player wins immediately by moving his
    opponent's flag Tile to any square along his own edge of the gameboard"."""

    def wins(self, g: Kernel, player: int) -> Reason | None:
        """The opponent's banner home."""
        return Reason.FLAG_HOME if home_win(g, player) else None


class Scoring(Feature):
    """Counting Coup's points: a tile ending its move beside the opponent's banner scores; as
    the scorer's opponent's turn begins, the banner's owner may move it (a phase of its own:
    ``FLAG_PLACE (banner square, to)``, ``to`` the same square to keep it)."""

    def keeps_scores(self) -> bool:
        """The points are the game's."""
        return True

    def phases(self) -> tuple[Phase, ...]:
        """The banner's relocation."""
        return (Phase.RELOCATE,)

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """Keep the banner where it is, or move it to a square it may go to."""
        at = g.carried[g.relocate].square
        return [(FLAG_PLACE, at, at, -1, -1)] + [
            (FLAG_PLACE, at, s, -1, -1) for s in relocate_squares(g, g.to_move)
        ]

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """The banner is moved (or kept), and play goes on."""
        trail = g.trail
        flag = g.carried[g.relocate]
        if action[2] != flag.square:
            name = g.rules.geometry.name
            g.event(f"flag {name(flag.square)}-{name(action[2])}")
        trail.setattr(flag, "square", action[2])
        trail.set_game_attr(g, "relocate", -1)
        trail.set_game_attr(g, "phase", Phase.PLAY)

    def follows_actions(self) -> bool:
        """A move may score."""
        return True

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """A point scored, if the tile that moved ended beside the opponent's banner."""
        score(g, me, moved)

    def turn_begins(self, g: Kernel, player: int) -> None:
        """The banner a point was scored beside may be moved, if it has somewhere to go."""
        if g.over is None and g.relocate >= 0:
            if relocate_squares(g, player):
                g.trail.set_game_attr(g, "phase", Phase.RELOCATE)
            else:
                g.trail.set_game_attr(g, "relocate", -1)

    def fields(self) -> tuple[str, ...]:
        """Each player's points, and the banner a point was scored beside that its owner may
        move (kept in a game that ended on that point)."""
        return ("scores", "relocate")

    def lists(self) -> tuple[str, ...]:
        """None checked as a list alone: the points are checked whole as they are read."""
        return ()

    def read(self, g: Kernel, reading: Reading) -> None:
        """Each player's points, from 0 to the most a game may need."""
        scores = reading.data.get("scores", [0, 0])
        if not (
            isinstance(scores, list)
            and len(scores) == 2
            and all(isinstance(x, int) and 0 <= x <= MAX_WIN_SCORE for x in scores)
        ):
            reading.problems.add(
                "scores", f"scores: must be two whole numbers from 0 to {MAX_WIN_SCORE}"
            )
        else:
            g.scores = [int(scores[0]), int(scores[1])]

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The points, where the game set scores them or a player has any."""
        if g.objective.score_beside_flag or any(g.scores):
            data["scores"] = list(g.scores)

    def phase_field(self, phase: Phase) -> str:
        """The banner to relocate."""
        return "relocate"

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """The banner that its owner may now move beside a tile of theirs, in any phase (a
        game that ended on the point scored keeps it), where the position has no problem so
        far (the banners read)."""
        if "relocate" not in reading.data or len(reading.problems):
            return
        text = reading.data["relocate"]
        square = reading.square(text, "relocate", "relocate")
        if square is None:
            return
        index = g.carried_at(square)
        if index < 0:
            reading.problems.add("relocate", f"relocate: no flag lies on {text}")
            return
        g.relocate = index

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """The banner to relocate, if there is one."""
        if g.relocate >= 0:
            data["relocate"] = g.rules.geometry.name(g.carried[g.relocate].square)

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The points, and the banner to relocate."""
        scores = g.scores
        return (
            z.field(_RELOCATE_FIELD, g.relocate)
            ^ z.field(_SCORE_FIELD, scores[0])
            ^ z.field(_SCORE_FIELD + 1, scores[1])
        )
