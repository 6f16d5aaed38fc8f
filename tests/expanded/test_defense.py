"""Defense (rulebook p. 5) and the Robin Hood example, with custom tiles built from its words.

The example's board is lost with the pictures; it is rebuilt here so that every sentence holds:
Little John (second player) on a5 defends a3 and b4; Friar Tuck on c5 defends b4, c4 and d4.
"""

from __future__ import annotations

from dukec.engine import Rules
from tests.expanded.conftest import build, notations

ROBIN_HOOD = [
    "a5 LittleJohn 1",
    "c5 FriarTuck 1",
    "a3 Seer 0",  # starts on Little John's Defense square, Jump (0, 2) straight at him
    "c3 Assassin 0 back",  # Jump Slide (-2, 2) leaps b4, a Defense square of Little John
    "b3 SirGuy 0",  # Jump (1, 2): no straight line to Friar Tuck; both paths defended
    "e4 Ranger 0",  # Jump (-2, 1): one path (d4) defended, the other (d5) not
    "d5 PrinceJohn 0",  # Command on c5 and d4
    "d4 General 0",
]


def test_robin_hood_little_john_cannot_be_captured(study: Rules) -> None:
    """ "Since the Priest starts in the Defense icon square indicated by the Little John Tile and
    the Jump icon ... is a straight line running from the Defense icon-indicated square to
    Little John, the Seer can't capture Little John. Likewise, the Assassin's Jump Slide icon
    will not allow it to leap over the Defense icon-indicated square"."""
    game = build(study, ROBIN_HOOD)
    assert not [n for n in notations(game) if n.endswith("xa5")]


def test_without_defense_icons_the_same_captures_are_legal(study: Rules) -> None:
    """The control: the same board with a tile without Defense icons in Little John's place."""
    game = build(study, ["a5 Footman 1", *ROBIN_HOOD[1:]])
    assert {"a3xa5", "c3xa5"} <= set(notations(game))


def test_robin_hood_friar_tuck(study: Rules) -> None:
    """ "Since there is not a straight line from the square occupied by Sir Guy to Friar Tuck
    ... both the "Green Path" and "Blue Path" Jump moves pass through a Defense icon-indicated
    square, Sir Guy cannot capture Friar Tuck." "... only the "Purple Path" Jump move passes
    through a Defense-indicated square, while the "Red Path" ... doesn't ... so the Ranger could
    capture Friar Tuck." "Since the Command icon ignores the Defense icon, the player could use
    the Command icon ability on Prince John ... to move the General into capture Friar Tuck"."""
    legal = notations(build(study, ROBIN_HOOD))
    assert "b3xc5" not in legal
    assert "e4xc5" in legal
    assert "d5:d4xc5" in legal
    # The General's own diagonal step from d4 starts on a Defense square: not allowed.
    assert "d4xc5" not in legal


def test_defense_blocks_a_straight_move_and_a_strike(study: Rules) -> None:
    """ "A tile cannot capture a target tile if its straight move towards or into the target
    square would pass through a square with a Defense icon"; "The Strike icon follows the same
    rules as the Jump icon"."""
    # Friar Tuck on c4 (second player) defends b3, c3 and d3.
    slide = build(study, ["c4 FriarTuck 1", "c1 Duke 0 back"])  # Duke back: Slide up
    assert "c1xc4" not in notations(slide)
    bowman = build(study, ["c4 FriarTuck 1", "c2 Bowman 0 back", "f1 Duke 0"])
    assert "c2!c4" not in notations(bowman)
    unguarded = build(study, ["c4 Footman 1", "c2 Bowman 0 back", "f1 Duke 0"])
    assert "c2!c4" in notations(unguarded)


def test_defense_does_not_stop_moving_beside_or_past(study: Rules) -> None:
    """Defense only stops captures: a tile may still move onto a Defense square."""
    game = build(study, ["c4 FriarTuck 1", "c1 Duke 0 back"])
    assert {"c1-c2", "c1-c3"} <= set(notations(game))
