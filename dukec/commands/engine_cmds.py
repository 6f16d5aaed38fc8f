"""Commands of the engine: moves, replay, perft, bench (play is ``play_cmds``)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from dukec.commands.common import (
    PLY_LIMIT,
    SEED,
    ReportError,
    check_set_name,
    games_type,
    load_tileset,
    set_name_option,
    set_option,
)
from dukec.commands.outputs import check_output_file, os_error
from dukec.engine import (
    DEFAULT_PLY_LIMIT,
    BenchResult,
    Game,
    GameRecord,
    PositionError,
    RecordError,
    Rules,
    RulesError,
    bench,
    bench_against,
    format_action,
    load_rules,
    perft,
    perft_divide,
    position_from_json,
    read_record,
    replay,
)
from dukec.engine.actions import COMMAND, ESCAPE, KIND_NAMES, SUMMON
from dukec.jsontext import JsonTextError, parse_json
from dukec.kernel import kernel
from dukec.limits import MAX_PERFT_DEPTH, MAX_PLY, MAX_ROUNDS
from dukec.textfile import NotReadable, TextFileError, decode_utf8, read_stdin, read_utf8


def read_rules(tileset_path: Path | None, set_name: str | None) -> Rules:
    """The rules of a game set of the tile set at ``tileset_path``; a ClickException if none."""
    tileset = load_tileset(tileset_path)
    check_set_name(tileset, set_name)
    try:
        return load_rules(tileset, set_name)
    except RulesError as error:
        raise click.ClickException(str(error)) from None


def record_rules(record: GameRecord, tileset_path: Path | None) -> Rules:
    """The rules to replay ``record`` under: the tile set ``--set`` names, else the one the
    record holds, else the base set."""
    if tileset_path is not None or record.tileset is None:
        tileset = load_tileset(tileset_path)
        names = [entry["name"] for entry in tileset.get("sets", [])]
        if record.tileset is not None and record.set_name not in names:
            raise RecordError(
                f"{record.source}: error: the record is a game of "
                f"{record.title or record.set_name!r}, which the tile set given does not have; "
                f"it holds the tile set it was played with: replay it without --set"
            )
        return read_rules(tileset_path, record.set_name)
    from dukec.compiler import CompileError
    from dukec.compiler.validate import validate_tileset

    try:
        validate_tileset(record.tileset, f"{record.source} (its tile set)")
        rules = load_rules(record.tileset, record.set_name)
    except (CompileError, RulesError) as error:
        message = error.render() if isinstance(error, CompileError) else str(error)
        raise RecordError(f"{record.source}: error: the tile set it holds: {message}") from None
    if rules.tileset_hash != record.tileset_hash:
        raise RecordError(
            f"{record.source}: error: the tile set it holds is not the one its header names "
            f"({rules.tileset_hash}, not {record.tileset_hash}): give the tile set with --set"
        )
    return rules


def _json_error(path: str, text: str, error: JsonTextError) -> str:
    lines = text.splitlines()
    # At the end of the input the error's line can be one past the last line of text.
    source = lines[error.line - 1] if error.line <= len(lines) else ""
    if len(source) > 200:  # a very long line: show the part around the spot
        start = max(0, error.column - 100)
        source, column = source[start : start + 200], error.column - start
    else:
        column = error.column
    caret = " " * (column - 1) + "^"
    return (
        f"{path}:{error.line}:{error.column}: error: invalid JSON: {error.message}\n"
        f"{source}\n{caret}\nhelp: a position is one JSON object, see schemas/position.schema.json"
    )


def read_position(rules: Rules, path: str | None, seed: int = 0) -> Game:
    """The game at a position file ('-' for standard input), or at set-up if none is given."""
    if path is None:
        return Game(rules, seed=seed)
    expected = "a position is a JSON file"
    try:
        if path == "-":
            path = "<stdin>"
            text = decode_utf8(read_stdin(), path, expected)
        else:
            text = read_utf8(Path(path), expected)
    except NotReadable as error:
        raise ReportError(f"{path}: error: {error}") from None
    except TextFileError as error:
        raise ReportError(str(error)) from None
    try:
        data: Any = parse_json(text)
    except JsonTextError as error:
        raise ReportError(_json_error(path, text, error)) from None
    try:
        return position_from_json(rules, data, seed=seed)
    except PositionError as error:
        raise ReportError("\n".join(f"{path}: error: {p}" for p in error.problems)) from None


position_argument = click.argument("position", required=False, metavar="[POSITION]")

#: What the help of a command that reads a position says about it.
POSITION_HELP = """
\b
A position is a JSON object (schemas/position.schema.json), for example:
  {"to_move": 0,
   "board": [{"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
             {"tile": "Duke", "owner": 1, "side": "front", "at": "d6"}],
   "bags": [["Footman"], ["Footman"]]}
Optional fields: drawn (a tile to place), ply, and for game sets with features
terrain, flags, dragon, frozen, settled, scores, captured.
"""


def _with_position_help(exit_status: str) -> Callable[[Any], Any]:
    """Append the position format and the exit status to a command's help."""

    def decorate(command: Any) -> Any:
        text = inspect.cleandoc(command.__doc__ or "")
        command.__doc__ = f"{text}\n{POSITION_HELP}\nExit status: {exit_status}\n"
        return command

    return decorate


@click.command("moves")
@position_argument
@set_option
@set_name_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of action objects.")
@_with_position_help("0 listed, 1 a position or tile set that cannot be read, 2 bad usage.")
def moves_command(
    position: str | None, tileset_path: Path | None, set_name: str | None, as_json: bool
) -> None:
    """List the legal actions in POSITION (a position JSON file, '-' for stdin; default: the
    start of set-up)."""
    rules = read_rules(tileset_path, set_name)
    game = read_position(rules, position)
    name = rules.geometry.name
    actions = game.legal_actions()
    if as_json:
        listed = [
            {
                "kind": KIND_NAMES[a.kind],
                "from": name(a.frm) if a.frm >= 0 else None,
                "to": name(a.to) if a.to >= 0 else None,
                "by": name(a.by) if a.by >= 0 and a.kind in (COMMAND, SUMMON, ESCAPE) else None,
                "notation": format_action(game, a),
            }
            for a in actions
        ]
        click.echo(json.dumps(listed, indent=2))
        return
    for action in actions:
        click.echo(format_action(game, action))
    result = game.result
    if result is not None:
        winner = "draw" if result.winner is None else f"player {result.winner} wins"
        click.echo(f"game over: {winner} ({result.reason})")
    elif game.in_guard():
        click.echo(f"player {game.to_move} is in Guard")


@click.command("replay")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@set_option
@click.option("--no-hash-check", is_flag=True, help="Replay even if the tile set hash differs.")
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="OUT",
    help="Also write the game as one self-contained HTML page: the board after every "
    "action, a step slider, previous and next buttons, the arrow keys.",
)
@click.option(
    "--ply",
    "at_ply",
    type=click.IntRange(0, MAX_PLY),
    default=None,
    metavar="N",
    help="Print only the position once N turns of play are done (0: before set-up), as one "
    "line of text (docs/engine.md, Position text).",
)
def replay_command(
    record: Path,
    tileset_path: Path | None,
    no_hash_check: bool,
    html_path: Path | None,
    at_ply: int | None,
) -> None:
    """Re-play a game RECORD (JSON Lines), check every action is legal, print the result.

    Every field of every line is checked against the re-played game. A record that holds
    its tile set (a game of new tiles, from the studio or dukec play --replace) replays with
    it unless --set names another. With --html the replay is also written as a web page (no
    network needed), through a temporary file and a rename. Exit status: 0 all legal and as
    recorded, 1 a record or tile set that cannot be read or does not replay (the first bad
    line is named) or a page that cannot be written, 2 bad usage (such as --html naming the
    record itself, or --ply past the game's end).
    """
    if at_ply is not None:
        if html_path is not None:
            raise click.UsageError("--ply prints one position; --html writes the whole game")
        click.echo(_position_at_ply(record, tileset_path, not no_hash_check, at_ply))
        return
    if html_path is not None:
        check_output_file(html_path, [record])
    try:
        game_record = read_record(record)
        rules = record_rules(game_record, tileset_path)
        page = None
        if html_path is None:
            game = replay(rules, game_record, check_hash=not no_hash_check)
        else:
            from dukec.workbench.replay_page import page_html, replay_frames

            game, frames = replay_frames(rules, game_record, check_hash=not no_hash_check)
            page = page_html(rules, game_record, frames)
    except RecordError as error:
        message = str(error)
        if not message.startswith(str(record)):
            message = f"{record}: error: {message}"
        raise ReportError(message) from None
    if html_path is not None and page is not None:
        from dukec.atomic import write_text_atomic

        try:
            write_text_atomic(html_path, page)
        except OSError as error:
            raise os_error(html_path, error) from None
    result = game.result
    if result is None and game_record.result is not None:
        result = game_record.result  # a resignation: the game itself was not over
    if game_record.title:
        click.echo(f"game: {game_record.title}")
    click.echo(f"{len(game_record.actions)} actions, {game.ply} plies replayed: all legal")
    if result is None:
        click.echo("result: unfinished")
    elif result.winner is None:
        click.echo(f"result: draw ({result.reason})")
    else:
        who = game_record.players[result.winner]
        click.echo(f"result: player {result.winner} ({who}) wins ({result.reason})")
    if html_path is not None:
        click.echo(f"page: {html_path}")


def _position_at_ply(record: Path, tileset_path: Path | None, check_hash: bool, ply: int) -> str:
    """The position text of the game ``record`` holds once ``ply`` turns of play are done:
    before the first action whose ply is ``ply``, or at the game's end if that is its ply."""
    from dukec.engine.position_text import position_to_text

    found: list[str] = []

    def look(game: Game) -> None:
        if not found and game.ply == ply:
            found.append(position_to_text(game))

    try:
        game_record = read_record(record)
        rules = record_rules(game_record, tileset_path)
        start = Game(rules, seed=game_record.seed, ply_limit=game_record.ply_limit)
        look(start)
        game = replay(rules, game_record, check_hash=check_hash, on_action=look)
    except RecordError as error:
        message = str(error)
        if not message.startswith(str(record)):
            message = f"{record}: error: {message}"
        raise ReportError(message) from None
    if not found:
        raise click.UsageError(f"--ply {ply}: the game ends at ply {game.ply}")
    return found[0]


@click.command("perft")
@position_argument
@set_option
@set_name_option
@click.option(
    "--depth",
    type=click.IntRange(0, MAX_PERFT_DEPTH),
    required=True,
    help=f"Turns to look ahead (0-{MAX_PERFT_DEPTH}).",
)
@click.option("--divide", is_flag=True, help="Print the count below each first turn.")
@_with_position_help("0 counted, 1 a position or tile set that cannot be read, 2 bad usage.")
def perft_command(
    position: str | None,
    tileset_path: Path | None,
    set_name: str | None,
    depth: int,
    divide: bool,
) -> None:
    """Count turn sequences of length DEPTH from POSITION (default: the start of set-up); a draw
    branches on each kind of tile the bag could give and each square it may go on."""
    rules = read_rules(tileset_path, set_name)
    game = read_position(rules, position)
    if divide:
        total = 0
        for name, count in perft_divide(game, depth):
            click.echo(f"{name}: {count}")
            total += count
        click.echo(f"total: {total}")
    else:
        click.echo(str(perft(game, depth)))


#: The games ``dukec bench`` plays by default (``benchmarks/engine_sets.py`` plays as many).
BENCH_GAMES = 1000


@click.command("bench")
@set_option
@set_name_option
@click.option("--games", type=games_type(), default=BENCH_GAMES, show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--ply-limit", type=PLY_LIMIT, default=DEFAULT_PLY_LIMIT, show_default=True)
@click.option(
    "--rounds",
    type=click.IntRange(1, MAX_ROUNDS),
    default=1,
    show_default=True,
    help="Play the games this many times and keep the fastest round.",
)
@click.option(
    "--against",
    "against",
    default=None,
    metavar="NAME",
    help="Also time game set NAME of the same tile set, round for round, and print the ratio.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_command(
    tileset_path: Path | None,
    set_name: str | None,
    games: int,
    seed: int,
    ply_limit: int,
    rounds: int,
    against: str | None,
    as_json: bool,
) -> None:
    """Play uniformly random complete games (full legality) and time them in the CPU time of
    this process (pin it to one core: taskset -c 0 dukec bench).

    With --against base, the base set's games are timed in the same run, their rounds in turn,
    and the ratio of the two speeds is printed: the figure to compare across machines. The first
    line says which engine ran: compiled (mypyc) or pure Python (DUKEC_PURE=1).

    Exit status: 0 done, 1 a tile set that cannot be read, 2 bad usage.
    """
    tileset = load_tileset(tileset_path)
    check_set_name(tileset, set_name)
    check_set_name(tileset, against)
    try:
        rules = load_rules(tileset, set_name)
        other = load_rules(tileset, against) if against is not None else None
    except RulesError as error:
        raise click.ClickException(str(error)) from None
    if other is None:
        result = bench(rules, games=games, seed=seed, ply_limit=ply_limit, rounds=rounds)
    else:
        result, versus = bench_against(
            rules, other, games=games, seed=seed, ply_limit=ply_limit, rounds=rounds
        )
    engine = kernel()
    figures = {"engine": engine, **_bench_figures(result)}
    if other is not None:
        ratio = result.plies_per_second / versus.plies_per_second
        figures["against"] = {"game": other.set_name, **_bench_figures(versus)}
        figures["ratio"] = round(ratio, 3)
    if as_json:
        click.echo(json.dumps(figures))
        return
    best = f" (best of {rounds} rounds)" if rounds > 1 else ""
    click.echo(f"engine {engine}")
    click.echo(
        f"games {result.games}  plies {result.plies}  CPU seconds {result.seconds:.3f}{best}  "
        f"plies/s {result.plies_per_second:,.0f}  games/s {result.games_per_second:,.1f}"
    )
    click.echo(
        f"seed {seed}  first player wins {result.wins[0]}  second {result.wins[1]}  "
        f"ply-limit draws {result.draws}"
    )
    if other is not None:
        click.echo(
            f"{other.set_name}: plies {versus.plies}  plies/s {versus.plies_per_second:,.0f}  "
            f"-> {rules.set_name} runs at {ratio:.2f} x {other.set_name}"
        )


def _bench_figures(result: BenchResult) -> dict[str, Any]:
    return {
        "games": result.games,
        "plies": result.plies,
        "seconds": round(result.seconds, 4),
        "rounds": result.rounds,
        "plies_per_second": round(result.plies_per_second, 1),
        "games_per_second": round(result.games_per_second, 2),
        "seed": result.seed,
        "wins": list(result.wins),
        "draws": result.draws,
    }


COMMANDS: list[click.Command] = [
    moves_command,
    replay_command,
    perft_command,
    bench_command,
]
