"""How often seeded games leave a Duke where the Dragon can take it (docs/rules.md, "The
Duke-danger test comes before the Dragon").

    python benchmarks/dragon_duke.py [--sets dragon terrain] [--games 1000] [--seed 0]
        [--player random|greedy|search@N]

Plays seeded games (game ``seed + i``; each seat's player is ``make_policy(player,
player_seed(seed + i, seat), 1000)``, as ``dukec balance --policy`` makes it: ``random`` plays
uniformly random legal actions, ``greedy`` takes the best capture and avoids leaving a tile to
the opponent, ``search@N`` searches N nodes a move; ply limit 300) and counts, per set, the
games with a turn whose action leaves the mover's Duke where the Dragon's action between the
turns could take it (calm: its Move icons reach it; enraged: its Strike icons do, or it may
move onto it), the games in which the Dragon took the mover's Duke right after his turn, and
those in which it took any Duke (also one its player could not foresee: the Dragon moved, then
took it after the opponent's turn). Each share is printed with its standard error. The same
seeds give the same figures, compiled or pure.
"""

from __future__ import annotations

import argparse
import math

from dukec.commands.common import load_tileset
from dukec.engine import Game, Phase, Rules, dragon, load_rules
from dukec.engine.actions import DIVINE, DRAW, PLACE, ActionTuple
from dukec.engine.rules import FRONT
from dukec.engine.turn import act, after_action
from dukec.players.policies import make_policy, player_seed

PLY_LIMIT = 300
#: Nodes per move of a searching policy that names no budget of its own.
BUDGET = 1000
LABELS = (
    "a turn left its mover's Duke to the Dragon",
    "the Dragon took the mover's Duke after his turn",
    "the Dragon took a Duke",
)


def _reach(g: Game) -> set[int]:
    """The squares the Dragon's action between the turns could capture on, now, whatever its
    random choices (as :func:`dukec.engine.dragon.act` acts)."""
    d = g.dragon
    if d.square < 0 or d.rest or (d.reorient and not d.enraged):
        return set()
    if not d.enraged:
        return set(dragon.targets(g))
    strikes = set(dragon._strikes(g))
    if strikes:
        return strikes
    # No strike now: it moves by one of its Move icons, captures there or turns and strikes.
    squares: set[int] = set()
    at, fx, fy = d.square, d.fx, d.fy
    for kind, rdx, rdy in g.terrain_types[d.kind].sides[1]:
        step = g.rules.geometry.shift(at, *dragon._offset(g, rdx, rdy))
        if kind != "move" or step is None or step in g.frozen or step in g.settled:
            continue
        if g.board[step] >= 0:
            squares.add(step)
            continue
        rx, ry = fy, -fx
        d.square = step
        d.fx, d.fy = (rx, ry) if rdx > 0 else (-rx, -ry) if rdx < 0 else (fx, fy)
        squares.update(dragon._strikes(g))
        d.square, d.fx, d.fy = at, fx, fy
    return squares


def _exposes(g: Game, action: ActionTuple) -> bool:
    """Whether ``action`` leaves its mover's Duke where the Dragon could take it next."""
    me = g.to_move
    mark = g.trail.mark()
    if action[0] == PLACE:
        g.put(action[2], g.rules.code(g.drawn, FRONT, me))
        moved = action[2]
    else:
        moved = act(g, action)
    after_action(g, me, moved)
    duke = g.duke[me]
    exposed = g.over is None and duke >= 0 and duke in _reach(g)
    g.trail.undo_to(g, mark)
    return exposed


def _game(seed: int, rules: Rules, player: str) -> tuple[bool, bool, bool]:
    """Whether, in game ``seed``: a turn left its mover's Duke where the Dragon could take it;
    the Dragon took the mover's Duke right after his turn; the Dragon took a Duke at all."""
    game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
    seats = [make_policy(player, player_seed(seed, seat), BUDGET) for seat in (0, 1)]
    exposed = own = any_duke = False
    while game.result is None:
        action = seats[game.to_move].choose(game)
        if action is None:
            break
        me = game.to_move
        turn = game.phase in (Phase.PLAY, Phase.PLACING) and action.kind not in (DRAW, DIVINE)
        if turn and not exposed and _exposes(game, action):
            exposed = True
        before = list(game.duke)
        game.apply(action)
        by_dragon = any(e.startswith("Dragon captures") for e in game.last_events)
        for side, square in enumerate(before):
            if by_dragon and square >= 0 and game.duke[side] < 0:
                any_duke = True
                own = own or side == me
    if own:
        assert exposed, f"seed {seed}: the Dragon took a Duke its player had not left to it"
    return exposed, own, any_duke


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", default=["dragon", "terrain"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--player", default="random", help="random, greedy, search@N, ...")
    args = parser.parse_args()
    tileset = load_tileset(None)
    for name in args.sets:
        rules = load_rules(tileset, name)
        counts = [0, 0, 0]
        for i in range(args.games):
            for k, hit in enumerate(_game(args.seed + i, rules, args.player)):
                counts[k] += hit
        n = args.games
        for label, c in zip(LABELS, counts, strict=True):
            p = c / n
            se = math.sqrt(p * (1 - p) / n)
            print(f"{name}: {label}: {c}/{n} games = {100 * p:.1f}% (se {100 * se:.1f})")
    last = args.seed + args.games - 1
    print(f"player {args.player}, seeds {args.seed}..{last}, ply limit {PLY_LIMIT}")


if __name__ == "__main__":
    main()
