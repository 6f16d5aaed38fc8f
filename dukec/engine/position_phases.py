"""Reading the phase of a position and what goes with it: set-up progress, the draft, Flags
still to place, a Divination choice, a banner to relocate; the boxed and taken tiles, the result
and the counters of the game's random sources (see :mod:`dukec.engine.position`).

A position names its phase in ``phase`` (default: ``placing`` with a ``drawn`` tile, else
``play``), and each phase but play has the field that says where it stands.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dukec.engine.actions import Phase, Reason, Result
from dukec.engine.game import Game
from dukec.engine.position_problems import Problems, is_owner, square_of, tile_list, tile_pair

PHASES = {
    "setup": Phase.SETUP,
    "draft": Phase.DRAFT,
    "flags": Phase.FLAGS,
    "play": Phase.PLAY,
    "placing": Phase.PLACING,
    "choose": Phase.CHOOSE,
    "relocate": Phase.RELOCATE,
}
PHASE_NAMES = {phase: name for name, phase in PHASES.items()}
#: Phases only a game set with features has (the features' turn plays them).
FEATURE_PHASES = ("draft", "flags", "choose", "relocate")
#: The field that says where a phase stands, and whether the phase needs it.
_PHASE_FIELDS = {
    "setup": ("setup", False),
    "draft": ("pool", True),
    "flags": ("flags_to_place", True),
    "choose": ("divined", True),
    "placing": ("drawn", True),
    "relocate": ("relocate", True),
}
REASONS = [str(reason) for reason in Reason]
#: Most tiles Divination draws.
_DIVINED = 3


def phase_of(data: dict[str, Any], problems: Problems) -> str:
    """The phase a position names, each phase's field checked against it."""
    phase = data.get("phase", "placing" if "drawn" in data else "play")
    if not isinstance(phase, str) or phase not in PHASES:
        problems.add("phase", f"$.phase: must be one of {', '.join(PHASES)}")
        return "play"
    for name, (field, needed) in _PHASE_FIELDS.items():
        if field in data and phase != name:
            if field == "relocate" and "result" in data:
                continue  # a game that ended on the point scored keeps the banner it was for
            problems.add(field, f"$.{field}: belongs to phase {name}, but the phase is {phase}")
        elif phase == name and needed and field not in data:
            problems.add("phase", f"$.phase: phase {name} needs the field {field!r}")
    return phase


def read_phase(game: Game, data: dict[str, Any], phase: str, problems: Problems) -> None:
    """The phase and the field that says where it stands (after the board, the bags and the
    flags: the banner to relocate is looked for only if they had no problem)."""
    rules = game.rules
    clean = len(problems) == 0
    needed, _ = _PHASE_FIELDS.get(phase, ("", False))
    if needed and needed != "setup" and needed not in data:
        phase = "play"  # reported by phase_of
    if phase == "setup":
        steps = len(rules.setup)
        made = data.get("setup", 0)
        if not steps:
            problems.add("phase", "$.phase: the game set has no set-up")
        elif not _whole(made) or not 0 <= made < steps:
            problems.add(
                "setup",
                f"$.setup: must be a whole number from 0 to {steps - 1} "
                "(the set-up placements made)",
            )
        else:
            owner = rules.setup[made].owner
            if is_owner(data.get("to_move")) and data["to_move"] != owner:
                problems.add(
                    "to_move", f"$.to_move: set-up placement {made} is player {owner}'s to make"
                )
            game.setup_index = int(made)
    elif phase == "draft":
        pool = tile_list(rules, data["pool"], "pool", "pool", problems)
        if not pool and isinstance(data["pool"], list) and not data["pool"]:
            problems.add("pool", "$.pool: the draft needs a tile type left to select")
        for tile, count in Counter(pool).items():
            if count > 1:
                problems.add("pool", f"pool: {rules.types[tile].name} is listed {count} times")
        game.pool = pool
        game.setup_index = 0  # set-up follows the draft
    elif phase == "flags":
        _read_flag_queue(game, data["flags_to_place"], problems)
    elif phase == "choose":
        divined = tile_list(rules, data["divined"], "divined", "divined", problems)
        if isinstance(data["divined"], list) and not 1 <= len(data["divined"]) <= _DIVINED:
            problems.add("divined", f"$.divined: Divination draws 1 to {_DIVINED} tiles")
        for tile in divined:
            if rules.types[tile].acts_as_duke:
                name = rules.types[tile].name
                problems.add("divined", f"divined: {name} acts as the Duke: it is never drawn")
        game.pending = sorted(divined)
    if "relocate" in data and clean:
        _read_relocate(game, data["relocate"], problems)
    game.phase = PHASES[phase]


def _read_flag_queue(game: Game, names: Any, problems: Problems) -> None:
    """The Flags still to be placed before play, in order."""
    carried = {t.name: t.index for t in game.extras.terrain_types if t.carried}
    if not isinstance(names, list) or not names:
        problems.add("flags_to_place", "$.flags_to_place: must list at least one flag")
        return
    queue = []
    for index, name in enumerate(names):
        if not isinstance(name, str) or name not in carried:
            problems.add(
                "flags_to_place",
                f"flags_to_place[{index}]: {name!r} is not a flag of the tile set "
                f"(flags: {', '.join(sorted(carried)) or 'none'})",
            )
            continue
        queue.append(carried[name])
    game.flag_queue = queue


def _read_relocate(game: Game, text: Any, problems: Problems) -> None:
    """The banner that its owner may now move beside a tile of theirs (Counting Coup)."""
    square = square_of(game.rules.geometry, text, "relocate", "relocate", problems)
    if square is None:
        return
    index = game.flag_at(square)
    if index < 0:
        problems.add("relocate", f"relocate: no flag lies on {text}")
        return
    game.relocate = index


def read_outcome(game: Game, data: dict[str, Any], problems: Problems) -> None:
    """The boxed and taken tiles, the result and the counters of the random sources."""
    rules = game.rules
    if "boxed" in data:
        game.boxed = tile_pair(rules, data, "boxed", problems)
    if "taken" in data:
        taken = tile_pair(rules, data, "taken", problems)
        for owner in (0, 1):
            lost = Counter(game.captured[owner ^ 1])
            for tile, count in Counter(taken[owner]).items():
                if count > lost[tile]:
                    problems.add(
                        "taken",
                        f"taken[{owner}]: player {owner} took {count} {rules.types[tile].name}, "
                        f"but player {owner ^ 1} lost {lost[tile]} (captured[{owner ^ 1}])",
                    )
        game.taken = taken
    if "result" in data:
        _read_result(game, data["result"], problems)
    for key in ("draws", "events"):
        value = data.get(key, 0)
        if not _whole(value) or value < 0:
            problems.add(key, f"$.{key}: must be a whole number, 0 or more")
        else:
            setattr(game, key, int(value))


def _read_result(game: Game, result: Any, problems: Problems) -> None:
    """How the game ended, if it did."""
    if not isinstance(result, dict) or set(result) != {"winner", "reason"}:
        problems.add("result", "$.result: needs exactly the fields winner and reason")
        return
    winner, reason = result["winner"], result["reason"]
    if winner is not None and not is_owner(winner):
        problems.add("result", "result: winner must be 0, 1 or null (a draw)")
    elif reason not in REASONS:
        problems.add("result", f"result: reason must be one of {', '.join(REASONS)}")
    else:
        game.over = Result(None if winner is None else int(winner), Reason(reason))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
