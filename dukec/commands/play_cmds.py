"""``dukec play``: a game in the terminal, a person against the bot balance verdicts rest on.

Either seat is ``human``, ``bot`` (the ``--policy``, the search by default) or a policy named
outright. With ``--replace OLD=NEW`` the person's army (the first seat's, when bots play)
holds NEW in place of every OLD, as in ``dukec balance --replace``; the other army is the
set's own. At the prompt a person types an action, or ``moves``, ``show TILE``, ``help`` or
``quit``; after a draw the prompt lists where the drawn tile may go.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from dukec.commands.common import (
    BUDGET,
    PLY_LIMIT,
    SEED,
    failure,
    load_tiles,
    load_tileset,
    set_name_option,
    set_option,
    with_option,
)
from dukec.commands.options import replacement_option
from dukec.commands.outputs import check_output_file, os_error
from dukec.engine import (
    DEFAULT_PLY_LIMIT,
    Action,
    Game,
    Player,
    RulesError,
    format_action,
    load_rules,
    play_game,
    write_record,
)
from dukec.engine.actions import PLACE
from dukec.engine.text import board_text

#: What the person types besides actions.
HELP = (
    "type an action: c2-c3 (move), c2xc4 (capture), c1!c3 (strike), e1:d1-d2 (command), draw "
    "(then the square the drawn tile goes on, or Name@c2); or: moves (the legal actions), "
    "show TILE (its grids), board, help, quit (resign)"
)
EXPANDED_HELP = (
    "expanded: flag c2-c3 (pass a Flag), flag@c6, summon f5-d1, divine e3, keep Name, "
    "escape c1-d1 sacrificing d1, ransom Name for Other@c1, draft Name, "
    "a3-c3 enrage away|home (push the Dragon)"
)
BOARD_LEGEND = (
    "board: UPPER CASE the first player's tiles (player 0), lower case the second's "
    "(player 1); a trailing ' marks a tile showing its back (non-starting) side"
)
EXPANDED_LEGEND = (
    "       ~Name terrain; ^ a tile carrying a Flag (^0, ^1: a lone Flag and its owner); "
    "# a frozen tile; the Dragon's name with an arrow for its facing (! enraged)"
)
QUIT = ("quit", "resign", "q")


class TerminalPlayer:
    """A person at the terminal: ``ask`` reads a line, ``tell`` shows text, ``show`` draws a
    tile's grids by name (False when there is no such tile)."""

    name = "human"

    def __init__(
        self,
        ask: Callable[[str], str],
        tell: Callable[[str], None],
        show: Callable[[str], bool],
    ) -> None:
        self.ask = ask
        self.tell = tell
        self.show = show

    def choose(self, game: Game) -> Action | None:
        """Ask until the text names a legal action; None when the person quits."""
        from dukec.engine.notation import NotationError, parse_action

        actions = game.legal_actions()
        if actions and all(action.kind == PLACE for action in actions):
            tile = game.rules.types[game.placement_tile()].name
            squares = ", ".join(format_action(game, a).split("@")[-1] for a in actions)
            self.tell(f"place {tile}: type one of {squares}")
        while True:
            text = self.ask("your action (help, moves, show TILE, quit)").strip()
            word, _, rest = text.partition(" ")
            if text in QUIT:
                return None
            if text in ("moves", "?"):
                self.tell(" ".join(format_action(game, a) for a in actions))
            elif text == "help":
                self.tell(HELP)
                if game.rules.expanded is not None:
                    self.tell(EXPANDED_HELP)
            elif text == "board":
                self.tell(board_text(game))
            elif word == "show":
                if not rest.strip():
                    self.tell("show which tile? for example: show Knight")
                elif not self.show(rest.strip()):
                    continue
            elif text:
                try:
                    return parse_action(game, text)
                except NotationError as error:
                    self.tell(f"{error} (help lists what you can type)")


def _tile_shower(tileset: dict[str, Any]) -> Callable[[str], bool]:
    """Draws a tile of ``tileset`` by name, or says there is none (with a did-you-mean)."""
    from rich.console import Console

    from dukec.workbench.terminal import card_lines
    from dukec.workbench.tiles import WorkbenchError, find_tile

    console = Console(highlight=False, soft_wrap=True)

    def show(name: str) -> bool:
        try:
            view = find_tile(tileset, name)
        except WorkbenchError as error:
            click.echo(str(error))
            return False
        for line in card_lines(view):
            console.print(line)
        return True

    return show


def _game_set(
    tileset: dict[str, Any],
    set_name: str | None,
    swap: tuple[str, str] | None,
    tiles: dict[str, Any] | None,
    seat: int,
) -> tuple[dict[str, Any], str | None, str]:
    """The tile set and game set to play, and the game in words (empty for the set as it is):
    with ``swap``, the experiment's, the new tile's army in ``seat``."""
    if swap is None:
        return tileset, set_name, ""
    from dukec.balance.experiments import AB_SET, BA_SET, replace
    from dukec.tileset import ExperimentError

    try:
        made = replace(tileset, set_name, swap[0], swap[1], tiles)
    except ExperimentError as error:
        raise failure(error) from None
    assert made.replaced is not None
    old, new = made.replaced
    return made.tileset, AB_SET if seat == 0 else BA_SET, f"{new} in place of {old}"


def _shipped_hash(set_name: str) -> str | None:
    """The hash of the shipped base set's game set ``set_name``, if it has one."""
    try:
        return load_rules(load_tileset(None), set_name).tileset_hash
    except (RulesError, click.ClickException):
        return None


@click.command("play")
@set_option
@set_name_option
@click.option(
    "--replace",
    "replacement",
    metavar="OLD=NEW",
    help="Your army (the first seat's, when bots play) has NEW in place of every OLD.",
)
@with_option()
@click.option("--seed", type=SEED, default=None, help="Seed of the game (default: random).")
@click.option(
    "--first",
    default="human",
    show_default=True,
    metavar="PLAYER",
    help="human, bot (the --policy) or a policy (random, greedy, search@1000, ...).",
)
@click.option("--second", default="bot", show_default=True, metavar="PLAYER", help="As --first.")
@click.option(
    "--policy",
    default=None,
    metavar="NAME",
    help="The bot's policy (default: search, the player balance verdicts rest on): random, "
    "greedy, mcts, search-material, search-v1 or search, perhaps with a budget (search@1000).",
)
@click.option(
    "--budget",
    default=None,
    type=BUDGET,
    help="Nodes a move of the search and mcts (default: as balance).",
)
@click.option(
    "--ply-limit",
    type=PLY_LIMIT,
    default=DEFAULT_PLY_LIMIT,
    show_default=True,
    help="Turns after which the game is adjudicated a draw.",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the game record (JSON Lines) here; a game of new tiles holds its tile set.",
)
@click.option("--quiet", is_flag=True, help="Draw the board only at the end.")
def play_command(
    tileset_path: Path | None,
    set_name: str | None,
    replacement: str | None,
    with_path: Path | None,
    seed: int | None,
    first: str,
    second: str,
    policy: str | None,
    budget: int | None,
    ply_limit: int,
    record_path: Path | None,
    quiet: bool,
) -> None:
    """Play a game in the terminal: a person types actions against a bot, or bots play.

    \b
    Examples:
      dukec play                                  # you against the search
      dukec play --set my/ --replace Knight=Paladin --policy search
      dukec play --first greedy --second search --quiet

    Squares and tile names are typed in any case. 'help' says what to type, 'moves' lists
    the legal actions, 'show TILE' draws a tile's grids, 'quit' resigns (as does the end of
    input). Exit status: 0 the game was played (whoever won), 1 a tile set that cannot be
    read or a record that cannot be written, 2 bad usage.
    """
    from dukec.api import DEFAULT_POLICY
    from dukec.commands.common import check_set_name
    from dukec.players.policies import make_policy, split_policy
    from dukec.players.search import DEFAULT_BUDGET

    bot = policy or DEFAULT_POLICY
    for hint, spec in (("--policy", bot), ("--first", first), ("--second", second)):
        if spec not in ("human", "bot"):
            try:
                split_policy(spec)
            except ValueError as error:
                raise click.BadParameter(str(error), param_hint=hint) from None
    swap = replacement_option(replacement)
    if with_path is not None and swap is None:
        raise click.UsageError("--with names where the tile of --replace is defined")
    if record_path is not None:
        check_output_file(record_path)
    tileset = load_tileset(tileset_path)
    check_set_name(tileset, set_name)
    tiles = load_tiles(with_path) if with_path is not None else None
    mine = 1 if first != "human" and second == "human" else 0
    played, game_set, title = _game_set(tileset, set_name, swap, tiles, mine)
    try:
        rules = load_rules(played, game_set)
    except RulesError as error:
        raise click.ClickException(str(error)) from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    click.echo(f"seed {seed}")
    if title:
        click.echo(f"game: {title} in {'your' if 'human' in (first, second) else 'the first'} army")

    def ask(prompt: str) -> str:
        try:
            return str(click.prompt(prompt, default="", show_default=False))
        except click.Abort:  # end of input (or Ctrl-C) at the prompt
            click.echo("\nend of input: quitting", err=True)
            return "quit"

    shower = _tile_shower(played)

    def player(kind: str, index: int) -> Player:
        if kind == "human":
            return TerminalPlayer(ask, click.echo, shower)
        spec = bot if kind == "bot" else kind
        made = make_policy(spec, seed * 2 + index, budget or DEFAULT_BUDGET)
        made.name = spec
        return made

    players = (player(first, 0), player(second, 1))
    humans = "human" in (first, second)
    last: list[Game] = []

    def show(game: Game, entry: Any) -> None:
        last[:] = [game]
        if not quiet:
            drew = f" ({entry.drawn})" if entry.drawn else ""
            click.echo(f"player {entry.player}: {entry.notation}{drew}")
            if not humans or players[game.to_move].name == "human":
                click.echo(board_text(game))

    if humans:
        names = " vs ".join(p.name for p in players)
        click.echo(f"players: {names}; type help for what you can type")
    if not quiet:
        click.echo(BOARD_LEGEND)
        if rules.expanded is not None:
            click.echo(EXPANDED_LEGEND)
        if players[0].name == "human":
            click.echo(board_text(Game(rules, seed=seed)))
    record = play_game(
        rules, players[0], players[1], seed=seed, ply_limit=ply_limit, on_action=show
    )
    if title or rules.tileset_hash != _shipped_hash(rules.set_name):
        # Tiles that do not ship with dukec: the record holds them, and replays on its own.
        record = record.named(title, played)
    if record_path is not None:
        try:
            write_record(record, record_path)
        except OSError as error:
            raise os_error(record_path, error) from None
    result = record.result
    if quiet and last:
        click.echo(board_text(last[0]))
    if record.scores is not None:
        click.echo(f"scores: {record.scores[0]}-{record.scores[1]}")
    if result is None or result.winner is None:
        click.echo(f"result: draw ({result.reason if result else 'unfinished'})")
    else:
        click.echo(
            f"result: player {result.winner} ({record.players[result.winner]}) wins "
            f"({result.reason}) after {record.plies} plies"
        )


COMMANDS: list[click.Command] = [play_command]
