"""Reading the phase of a position and what goes with it: set-up progress here, what says
where a feature's phase stands by that feature (:meth:`dukec.engine.feature.Feature.read_phase`);
the boxed and taken tiles, the result and the counters of the game's random sources (see
:mod:`dukec.engine.position`).

A position names its phase in ``phase`` (default: ``placing`` with a ``drawn`` tile, else
``play``), and each phase but play has the field that says where it stands.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dukec.engine.actions import BEFORE_PLAY, Phase, Reason, Result
from dukec.engine.feature import Kernel
from dukec.engine.features import phase_fields
from dukec.engine.position_problems import Problems, Reading, is_owner, tile_pair

#: Per phase's name in a position, the phase: those before play first, in the game's order.
PHASES = {
    phase.name.lower(): phase
    for phase in sorted(Phase, key=lambda phase: (phase not in BEFORE_PLAY, phase))
}
PHASE_NAMES = {phase: name for name, phase in PHASES.items()}
_OWNED = phase_fields()
#: Phases only a game set with features has (the features' turn plays them).
FEATURE_PHASES = tuple(PHASE_NAMES[phase] for phase in _OWNED)
#: The field that says where a phase stands, and whether the phase needs it.
_PHASE_FIELDS = {
    "setup": ("setup", False),
    **{PHASE_NAMES[phase]: (field, True) for phase, field in _OWNED.items()},
    "placing": ("drawn", True),
}
REASONS = [str(reason) for reason in Reason]


def phase_of(data: dict[str, Any], problems: Problems, kept: frozenset[str]) -> str:
    """The phase a position names, each phase's field checked against it (a field of
    ``kept``, the features' own, may stay once the game has ended)."""
    phase = data.get("phase", "placing" if "drawn" in data else "play")
    if not isinstance(phase, str) or phase not in PHASES:
        problems.add("phase", f"$.phase: must be one of {', '.join(PHASES)}")
        return "play"
    for name, (field, needed) in _PHASE_FIELDS.items():
        if field in data and phase != name:
            if field in kept and "result" in data:
                continue  # a game that ended as the phase opened may keep what the phase was for
            problems.add(field, f"$.{field}: belongs to phase {name}, but the phase is {phase}")
        elif phase == name and needed and field not in data:
            problems.add("phase", f"$.phase: phase {name} needs the field {field!r}")
    return phase


def read_phase(game: Kernel, data: dict[str, Any], phase: str, problems: Problems) -> None:
    """The phase and the field that says where it stands (after the board, the bags and the
    features' parts: what a feature reads of its phase may look at them)."""
    rules = game.rules
    needed, _ = _PHASE_FIELDS.get(phase, ("", False))
    if needed and needed != "setup" and needed not in data:
        phase = "play"  # reported by phase_of
    if rules.expanded is not None:
        reading = Reading(data, problems, rules)
        for owner in game.registry.owners:
            owner.read_phase(game, reading, PHASES[phase])
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
    game.phase = PHASES[phase]


def read_outcome(game: Kernel, data: dict[str, Any], problems: Problems) -> None:
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


def _read_result(game: Kernel, result: Any, problems: Problems) -> None:
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
