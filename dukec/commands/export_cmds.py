"""``dukec export tts``: a game set as a Tabletop Simulator saved object, with its pictures."""

from __future__ import annotations

from pathlib import Path

import click

from dukec.commands.common import check_set_name, failure, load_tileset, set_option
from dukec.commands.outputs import check_output_dir, os_error


@click.group("export")
def export() -> None:
    """Write a tile set for other tools: Tabletop Simulator (tts)."""


@export.command("tts")
@set_option
@click.option("--game", "game", metavar="NAME", help="Game set to export (default: base).")
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("tts"),
    show_default=True,
    help="The folder to write the saved object and its pictures into (created if missing).",
)
@click.option(
    "--name",
    default=None,
    help="The saved object's name, its file NAME.json (default: dukec-GAME).",
)
@click.option(
    "--image-url",
    "prefix",
    default="",
    metavar="PREFIX",
    help="Put before each picture's file name (file:///path/to/folder/ or a web address where "
    "they are hosted); default: the bare file names, which Tabletop Simulator looks up in its "
    "Mods/Images folder.",
)
def tts(
    tileset_path: Path | None, game: str | None, out_dir: Path, name: str | None, prefix: str
) -> None:
    """Write GAME's tiles and board as a Tabletop Simulator saved object.

    The folder gets NAME.json (the saved object: every tile of both armies, front and back,
    and the board), NAME.png (its thumbnail) and one PNG a tile side. Copy NAME.json and
    NAME.png into Tabletop Simulator's Saves/Saved Objects folder and the other pictures into
    its Mods/Images folder (or give --image-url), then load it from Objects > Saved Objects.
    Exit status: 0 written, 1 a tile set that cannot be read or a folder that cannot be
    written, 2 bad usage.
    """
    from dukec.atomic import write_bytes_atomic, write_text_atomic
    from dukec.engine import Game, RulesError, load_rules
    from dukec.tileset import ExperimentError, find_set
    from dukec.workbench.board import board_drawing
    from dukec.workbench.png import to_png
    from dukec.workbench.tiles import all_tiles
    from dukec.workbench.tts import saved_object

    check_output_dir(out_dir)
    tileset = load_tileset(tileset_path)
    check_set_name(tileset, game)
    try:
        game_set = find_set(tileset, game)
        rules = load_rules(tileset, game_set["name"])
    except (ExperimentError, RulesError) as error:
        raise failure(error) from None
    stem = name or f"dukec-{game_set['name']}"
    board = board_drawing(Game(rules, seed=0))
    views = {view.name: view for view in all_tiles(tileset)}
    made = saved_object(views, game_set, board, stem, prefix)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        write_text_atomic(out_dir / f"{stem}.json", made.text())
        write_bytes_atomic(out_dir / f"{stem}.png", to_png(board, 0.5))
        for file_name, drawing in sorted(made.pictures.items()):
            write_bytes_atomic(out_dir / file_name, to_png(drawing, 1.0))
    except OSError as error:
        raise os_error(out_dir, error) from None
    tiles = len(made.document["ObjectStates"]) - 1
    click.echo(f"{out_dir / (stem + '.json')}: {tiles} tiles and the board of {game_set['name']}")
    click.echo(f"{len(made.pictures) + 1} pictures in {out_dir}")


COMMANDS: list[click.Command] = [export]
