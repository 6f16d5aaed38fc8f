"""The learned evaluation: features counted right by hand, a score that is its weighted features
in every game set and phase, the shipped weights found by tile set and game set, a fit that is
reproducible from its seed, and the fit-evaluation command."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.evalfit import EvalFit, blank, fit_evaluation, fit_weights
from dukec.balance.experiments import replace
from dukec.cli import main
from dukec.commands.common import load_tileset
from dukec.engine import Game, Rules, load_rules
from dukec.engine.rules import set_names
from dukec.players import learned as learned_module
from dukec.players.attacks import ReachMasks, count
from dukec.players.evaluation import Evaluator, Weights
from dukec.players.learned import EVALUATION_ENV, entry_weights, learned
from dukec.players.terms import TERMS
from dukec.players.tilemodel import contents
from dukec.players.values import read_values, values_key
from tests.balance.conftest import TILES
from tests.conftest import REPO
from tests.engine.conftest import build

TILESET: dict[str, Any] = load_tileset(None)
SETS = set_names(TILESET)


def terms(rules: Rules, game: Game) -> dict[str, float]:
    """The non-material features of a position, by name (zero ones left out)."""
    x = blank(rules).features(game)
    start = 3 * len(rules.types)
    return {name: x[start + i] for i, name in enumerate(TERMS) if x[start + i]}


def test_features_of_a_quiet_position_counted_by_hand() -> None:
    rules = load_rules(TILESET, "base")
    game = build(
        rules,
        ["a1 Duke 0", "a2 Footman 0", "f6 Duke 1", "c3 Footman 1"],
        bags=(["Pikeman"], []),
    )
    found = terms(rules, game)
    # Seat 0: the Duke slides b1-f1 (5), the Footman steps to a3 and b2 (its step onto a1
    # defends the Duke); seat 1: the Duke slides a6-e6 (5), the Footman steps to 4 squares.
    assert found.pop("mobility") == 7 - 9
    assert found.pop("control") == 8 - 9
    assert found.pop("defended") == 1
    assert found.pop("draw_room") == 1  # b1: seat 1 has nothing to draw
    assert found.pop("advance") == 1 - 3  # a2 is one rank up, c3 three down from rank 6
    assert found.pop("to_move") == 1
    flip = blank(rules).flip_gain
    footman = rules.code(rules.type_named("Footman"), 0, 0)
    assert found.pop("flip_to_move", 0) == flip[footman]
    assert found.pop("flip", 0) == 0  # a Footman that can move on each side
    assert found == {}
    x = blank(rules).features(game)
    pikeman = rules.type_named("Pikeman")
    assert x[2 * len(rules.types) + pikeman] == 1
    assert sum(map(abs, x[: 2 * len(rules.types)])) == 0  # the same tiles on the same sides


def test_threats_hanging_tiles_and_the_duke_in_guard() -> None:
    rules = load_rules(TILESET, "base")
    game = build(rules, ["a1 Duke 0", "c3 Footman 0", "f6 Duke 1", "c4 Footman 1", "a2 Footman 1"])
    found = terms(rules, game)
    # Each c-file Footman attacks the other, undefended; seat 1's a2 Footman attacks the Duke
    # on a1 and b2 beside it; seat 0 attacks a2 with nothing.
    assert found.get("threats", 0) == 1 - 1
    assert found.get("hanging", 0) == 1 - 1
    assert found["hanging_to_move"] == 1
    assert found["duke_guard"] == 1 - 0  # seat 0's Duke is attacked, seat 1's is not
    assert found["duke_zone"] == 1 - 0
    assert found.get("duke_escape", 0) == 5 - 5  # b1-f1 for seat 0, a6-e6 for seat 1


@pytest.mark.parametrize(
    ("attacker", "bags", "block"),
    [
        ("a6 Duke 1 back", (["Footman"], []), 1),
        ("a6 Duke 1 back", ([], []), 0),
        ("a2 Footman 1", (["Footman"], []), 0),
    ],
)
def test_whether_a_draw_can_block_an_attack_on_the_duke(
    attacker: str, bags: tuple[list[str], list[str]], block: int
) -> None:
    # Seat 1's Duke slides down the a-file onto a1 across a2, where a drawn tile may go; a
    # Footman on a2 steps onto it, and no tile placed can stop that.
    rules = load_rules(TILESET, "base")
    game = build(rules, ["a1 Duke 0", "f1 Footman 0", "f6 Pikeman 1", attacker], bags=bags)
    found = terms(rules, game)
    assert found["duke_guard"] == 1
    assert found.get("duke_block", 0) == block


@pytest.mark.parametrize("name", SETS)
def test_the_score_is_its_weighted_features_in_every_phase(name: str) -> None:
    rules = load_rules(TILESET, name)
    rng = random.Random(name)
    n = len(rules.types)
    weights = Weights(
        tuple(rng.uniform(-1, 1) for _ in range(2 * n)),
        tuple(rng.uniform(-1, 1) for _ in range(n)),
        tuple(rng.uniform(-1, 1) for _ in TERMS),
        0.25,
    )
    evaluator = Evaluator(rules, weights)
    flat = [*weights.board, *weights.bag, *weights.terms]
    used: set[str] = set()
    phases = set()
    for seed in range(4):
        game = Game(rules, seed=seed, ply_limit=120)
        play = random.Random(seed)
        while True:
            x = evaluator.features(game)
            z = weights.first + sum(w * v for w, v in zip(flat, x, strict=True))
            # Material is summed in millionths of a logit: half a millionth off per tile at most.
            assert evaluator.score(game, 0) == pytest.approx(z, abs=2e-5)
            assert evaluator.score(game, 1) == -evaluator.score(game, 0)
            used.update(t for i, t in enumerate(TERMS) if x[3 * n + i])
            phases.add(game.phase)
            if game.result is not None or not game.play_random(play):
                break
    assert {"mobility", "control", "to_move"} <= used, used
    objectives = {"score", "banner", "objective"} & used
    assert objectives == {
        "counting-coup": {"score", "banner"},
        "trophy-hunters": {"banner"},
        "dark-rider": {"objective"},
    }.get(name, set()), objectives


def test_the_evaluation_names_no_tile() -> None:
    names = {t["name"] for t in TILESET["tiles"]}
    for module in ("players/evaluation.py", "balance/evalfit.py"):
        path = REPO / "dukec" / module
        words = set(re.findall(r"[A-Za-z]+", path.read_text())) & (names - {"Duke"})
        assert not words, f"{module} names {sorted(words)}"
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type == tokenize.STRING:
                    assert token.string.strip("'\"") not in names, f"{module}:{token.start[0]}"


@pytest.mark.parametrize("name", SETS)
def test_every_game_set_of_the_base_tiles_ships_an_evaluation(name: str) -> None:
    rules = load_rules(TILESET, name)
    evaluator = learned(rules)
    assert evaluator is not None
    assert evaluator.entry is not None and evaluator.entry["game"] == name
    assert learned(rules) is evaluator  # made once
    game = Game(rules, seed=3)
    assert math.isfinite(evaluator.score(game, 0))


@pytest.mark.parametrize("name", SETS)
def test_the_shipped_entries_say_what_their_tiles_are(name: str) -> None:
    # What fit-evaluation and fit-values write of the tiles, as they would write it today.
    rules = load_rules(TILESET, name)
    files = [("evaluation.json", "evaluations"), ("values.json", "values")]
    for file, section in files:
        path = REPO / "dukec" / "players" / file
        entry = read_values(path.read_text(), file, section).get(values_key(rules))
        if entry is None:
            continue
        assert entry["content"] == rules.content_hash
        assert entry["tiles"] == contents(rules)


def test_a_renamed_tile_set_weighs_as_the_set_it_renames() -> None:
    # Every tile renamed (the tile set's hash changes, its content hash does not): each tile
    # weighs what its original does, in every game set.
    text = json.dumps(TILESET)
    for tile in TILESET["tiles"]:
        text = text.replace(f'"{tile["name"]}"', f'"My{tile["name"]}"')
    renamed = json.loads(text)
    for name in ("base", "dragon", "dark-rider"):
        original, other = load_rules(TILESET, name), load_rules(renamed, name)
        assert other.tileset_hash != original.tileset_hash
        assert other.content_hash == original.content_hash
        one, two = learned(original), learned(other)
        assert one is not None and two is not None and two.entry is one.entry
        assert two.weights == one.weights


def test_a_derived_tile_set_plays_with_the_evaluation_it_was_derived_from() -> None:
    source = load_tileset(TILES / "jumping_footman.duke")
    experiment = replace(TILESET, "base", "Footman", "JumpingFootman", source)
    rules = load_rules(experiment.tileset, experiment.sets[0])
    base = learned(load_rules(TILESET, "base"))
    evaluator = learned(rules)
    assert base is not None and evaluator is not None and evaluator.entry is base.entry
    assert evaluator.weights.terms == base.weights.terms
    by_name = {t.name: i for i, t in enumerate(rules.types)}
    base_names = {t.name: i for i, t in enumerate(base.rules.types)}
    for name in ("Pikeman", "Footman", "Marshall"):
        mine, theirs = by_name[name], base_names[name]
        assert (
            evaluator.weights.board[2 * mine : 2 * mine + 2]
            == (base.weights.board[2 * theirs : 2 * theirs + 2])
        )
        assert evaluator.weights.bag[mine] == base.weights.bag[theirs]
    # The new tile weighs the Footman's weights (the tile most like it: four jumps more on
    # its front); what the jumps reach shows through the terms at play time.
    mine, theirs = by_name["JumpingFootman"], base_names["Footman"]
    assert (
        evaluator.weights.board[2 * mine : 2 * mine + 2]
        == (base.weights.board[2 * theirs : 2 * theirs + 2])
    )
    assert evaluator.weights.bag[mine] == base.weights.bag[theirs]


def test_a_renamed_copy_weighs_what_its_original_does() -> None:
    source = load_tileset(TILES / "footsoldier.duke")
    experiment = replace(TILESET, "base", "Footman", "Footsoldier", source)
    rules = load_rules(experiment.tileset, experiment.sets[0])
    evaluator = learned(rules)
    assert evaluator is not None
    copy, original = rules.type_named("Footsoldier"), rules.type_named("Footman")
    weights = evaluator.weights
    assert weights.board[2 * copy : 2 * copy + 2] == weights.board[2 * original : 2 * original + 2]
    assert weights.bag[copy] == weights.bag[original]
    # The rules cannot tell the two apart: the copy is taken for the original.
    assert rules.alike[copy] == original and rules.alike[original] == original


def test_the_entry_of_a_set_is_matched_once_not_once_a_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Matching a set's tiles against every entry's by what they are costs more than a short game;
    # a search is made for every game, so the match is kept for the rules and the entries read.
    source = load_tileset(TILES / "footsoldier.duke")
    experiment = replace(TILESET, "base", "Footman", "Footsoldier", source)
    rules = load_rules(experiment.tileset, experiment.sets[0])
    matched: list[Rules] = []
    among = learned_module._entry_among

    def counted(rules: Rules, entries: dict[str, Any]) -> Any:
        matched.append(rules)
        return among(rules, entries)

    monkeypatch.setattr(learned_module, "_entry_among", counted)
    monkeypatch.setattr(learned_module, "_FOUND", {})
    first = learned(rules)
    assert first is not None and all(learned(rules) is first for _ in range(5))
    assert matched == [rules]
    # Other rules of the same tile set, or another evaluation file, are matched afresh.
    again = load_rules(experiment.tileset, experiment.sets[0])
    assert learned(again) is not None and matched == [rules, again]


def test_a_tile_set_of_other_tiles_is_weighed_as_the_tiles_it_was_made_from() -> None:
    # Every tile of the base set edited (a Move added to each front) and renamed: no tile is
    # one the evaluation knows, and each weighs what the tile it was made from does.
    data = json.loads(json.dumps(TILESET))
    for tile in data["tiles"]:
        if tile["kind"] == "troop" and not tile.get("acts_as_duke"):
            icons = tile["sides"]["front"]["icons"]
            taken = {tuple(i["at"]) for i in icons}
            free = next(p for p in ((0, -1), (-1, -1), (1, -1), (0, -2)) if p not in taken)
            icons.append({"icon": "move", "at": list(free)})
    text = json.dumps(data)
    for tile in TILESET["tiles"]:
        text = text.replace(f'"{tile["name"]}"', f'"New{tile["name"]}"')
    rules = load_rules(json.loads(text), "base")
    base = learned(load_rules(TILESET, "base"))
    evaluator = learned(rules)
    assert base is not None and evaluator is not None and evaluator.entry is base.entry
    playing = {*rules.bags[0], *(s.tile for s in rules.setup)}
    for t in rules.types:
        if t.index not in playing:
            continue
        theirs = base.rules.type_named(t.name.removeprefix("New"))
        assert evaluator.weights.board[2 * t.index] == base.weights.board[2 * theirs], t.name
        assert evaluator.weights.bag[t.index] == base.weights.bag[theirs], t.name


def test_an_evaluation_file_is_read_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_rules({**TILESET, "x-note": "a tile set of its own"}, "base")
    footman = rules.type_named("Footman")
    entry = {
        "game": "base",
        "board": {"front": {"Footman": 0.5}, "back": {"Footman": 0.75}},
        "bag": {"Footman": 0.25},
        "terms": {"mobility": 0.125},
        "first_seat": 0.5,
    }
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"format": 1, "evaluations": {values_key(rules): entry}}))
    monkeypatch.setenv(EVALUATION_ENV, str(path))
    evaluator = learned(rules)
    assert evaluator is not None
    weights = evaluator.weights
    assert weights.board[2 * footman : 2 * footman + 2] == (0.5, 0.75)
    assert weights.bag[footman] == 0.25 and weights.first == 0.5
    assert weights.terms[TERMS.index("mobility")] == 0.125 and sum(weights.terms) == 0.125


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"board": {"front": [1.0]}}, "board weights: not an object of tiles for each side"),
        ({"board": {"back": {"Footman": None}}}, "weight of 'Footman': None is not a number"),
        ({"terms": {"mobility": "high"}}, "weight of 'mobility': 'high' is not a number"),
    ],
)
def test_bad_weights_are_named(entry: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        entry_weights(load_rules(TILESET, "base"), entry)
    assert str(caught.value) == message


def test_the_fit_recovers_planted_weights_of_both_sides() -> None:
    rules = load_rules(TILESET, "base")
    n = len(rules.types)
    rng = random.Random(11)
    # A few features in play: two tiles' sides, one bag count, two terms.
    truth = {2 * 3: 0.6, 2 * 3 + 1: 0.2, 2 * 9: -0.4, 2 * 9 + 1: -0.4, 2 * n + 5: 0.5}
    truth |= {3 * n + TERMS.index("mobility"): 0.05, 3 * n + TERMS.index("to_move"): 0.3}
    rows: list[list[tuple[int, float]]] = []
    wins: list[float] = []
    for _ in range(8000):
        row = [(i, float(rng.randint(-3, 3))) for i in sorted(truth)]
        z = 0.1 + sum(truth[i] * x for i, x in row)
        rows.append([(i, x) for i, x in row if x])
        wins.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    weights = fit_weights(rules, rows, wins)
    flat = [*weights.board, *weights.bag, *weights.terms]
    for i, true in truth.items():
        assert flat[i] == pytest.approx(true, abs=0.06), i
    assert weights.first == pytest.approx(0.1, abs=0.06)
    assert all(flat[i] == 0.0 for i in range(len(flat)) if i not in truth)


def test_a_fit_is_reproducible_from_its_seed_and_measured_on_other_games() -> None:
    rules = load_rules(TILESET, "base")
    one = fit_evaluation(TILESET, "base", 60, 5, held_out=20)
    two = fit_evaluation(TILESET, "base", 60, 5, held_out=20, workers=2)
    assert one == two
    assert isinstance(one, EvalFit) and one.positions > 150
    assert one.entry(rules, 5, "search", 300, 100)["games"] == 60
    held = one.held_out
    assert held is not None and held.games == 20 and held.positions > 50
    # The held-out games are not the fitted ones: their positions differ in number.
    assert held.positions != one.positions
    for figures in (held.evaluation, held.material, held.first_seat):
        assert 0.0 < figures.log_loss < 5.0 and 0.0 <= figures.accuracy <= 1.0


def test_a_fit_on_workers_from_a_plain_script_runs_the_script_once(tmp_path: Path) -> None:
    # The runner's workers and the fit's are started the one way: none runs the script again
    # (which, without a main guard, would start the fit again inside every worker).
    script = tmp_path / "fit.py"
    script.write_text(
        "from dukec.balance.evalfit import fit_evaluation\n"
        "from dukec.compiler import load_tileset\n"
        "print('the script starts')\n"
        "fit = fit_evaluation(load_tileset(), 'base', 100, 5, policy='random', workers=2)\n"
        "print(fit.games, fit.positions > 0)\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["the script starts", "100 True"]


def test_fit_evaluation_writes_an_evaluation_file(tmp_path: Path) -> None:
    out = tmp_path / "e.json"
    args = ["fit-evaluation", "--games", "30", "--held-out", "10", "--seed", "3"]
    result = CliRunner().invoke(main, [*args, "--game", "dark-rider", "-o", str(out)])
    assert result.exit_code == 0, result.output
    entries = read_values(out.read_text(), str(out), "evaluations")
    rules = load_rules(TILESET, "dark-rider")
    entry = entries[values_key(rules)]
    assert entry["games"] == 30 and entry["seed"] == 3 and entry["held_out"]["games"] == 10
    assert set(entry["terms"]) == set(TERMS)
    assert set(entry["board"]["back"]) == {t.name for t in rules.types}
    assert "held out: 10 games" in result.stderr and "wrote" in result.stderr
    again = tmp_path / "again.json"
    result = CliRunner().invoke(main, [*args, "--game", "dark-rider", "-o", str(again)])
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--game", "nope"], 2, "Error: no game set 'nope' (known: base, counting-coup,"),
        (
            ["--held-out", "-1"],
            2,
            "Invalid value for '--held-out': -1 is not in the range 0<=x<=1000000.",
        ),
    ],
)
def test_fit_evaluation_mistakes(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    out = tmp_path / "e.json"
    result = CliRunner().invoke(main, ["fit-evaluation", *args, "-o", str(out)])
    assert result.exit_code == code
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_the_squares_of_a_mask_are_counted_at_every_width() -> None:
    """Masks of a 6x6 board and wider ones (counted 48 squares at a time)."""
    rng = random.Random(7)
    for width in (0, 1, 12, 36, 47, 48, 49, 64, 96, 97, 200):
        for _ in range(200):
            mask = rng.getrandbits(width) if width else 0
            assert count(mask) == bin(mask).count("1")
    assert count((1 << 48) - 1) == 48
    assert count(1 << 48) == 1


def test_a_slide_reaches_up_to_its_first_square_taken_whichever_way_it_runs() -> None:
    """The masks' reach with squares taken is the square-by-square walk along each ray."""
    rng = random.Random(3)
    rules = load_rules(load_tileset(None), "base")
    tables = rules.tables
    size = rules.geometry.size
    rays = 0
    for k in range(len(tables.direct)):
        masks = ReachMasks(tables, k, False, 0, 0)
        rays += len(tables.rays[k])
        for _ in range(10):
            blocked = rng.getrandbits(size) & rng.getrandbits(size)
            walked = masks.steps
            for target, path in masks.paths:
                if not blocked & path:
                    walked |= target
            for ray in tables.rays[k]:
                for square in ray:
                    walked |= 1 << square
                    if (blocked >> square) & 1:
                        break
            assert masks.moves(blocked) == walked
    assert rays > 100
