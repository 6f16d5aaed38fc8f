"""Positions hold every phase of every game set: the recorded games of each set, written as JSON
at every ply (set-up, the draft, the Flags' set-up, play, placing, a Divination choice, a Flag to
relocate), validate against the schema and read back to the same legal actions in the same
order, the same state and the same result."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from dukec.engine import (
    Game,
    Phase,
    Rules,
    parse_action,
    parse_record,
    position_from_json,
    position_to_json,
)
from tests.engine.corpus_games import (
    CUSTOM_SETS,
    PACKAGED_SETS,
    PLY_LIMIT,
    REPO,
    corpus_rules,
    read_corpus,
    records_path,
    split_records,
    stored_steps,
)

SETS = (*PACKAGED_SETS, *CUSTOM_SETS)
VALIDATOR = Draft202012Validator(json.loads((REPO / "schemas/position.schema.json").read_text()))
#: Phases rare enough in play that the stored corpus games are read for them too.
RARE = (Phase.DRAFT, Phase.FLAGS, Phase.CHOOSE, Phase.RELOCATE)
#: Where in ``state_key()`` the lists that a position writes sorted are (captured, taken,
#: boxed), and what happened besides the last action.
CAPTURED, TAKEN, BOXED, LAST_EVENTS = 4, 19, 20, 26


@cache
def rules_of(set_name: str) -> Rules:
    return corpus_rules(set_name)


def phases_of(rules: Rules) -> set[Phase]:
    """The phases a game set's games pass through, as its rules say."""
    phases = {Phase.PLAY}
    if rules.setup:
        phases.add(Phase.SETUP)
    extras = rules.expanded
    if extras is None:
        return phases | ({Phase.PLACING} if any(rules.bags) else set())
    objective = extras.objective
    in_play = {*rules.bags[0], *rules.bags[1], *(step.tile for step in rules.setup)}
    if any(rules.bags) or objective.draft:
        phases.add(Phase.PLACING)
    if objective.draft:
        phases.add(Phase.DRAFT)
    if any(extras.terrain_types[index].placement == "chosen" for index, _ in extras.set_terrain):
        phases.add(Phase.FLAGS)
    if any("divination" in extras.abilities[t] for t in in_play | set(objective.draft)):
        phases.add(Phase.CHOOSE)
    if objective.score_beside_flag:
        phases.add(Phase.RELOCATE)
    return phases


def comparable(game: Game) -> tuple[Any, ...]:
    """``state_key()`` but for what a position may say otherwise: the tiles captured, taken and
    boxed are written as sorted lists of names (their order decides nothing), and only where the
    features' rules play, which alone read them (a position of the base game's rules never had
    them, and one that has them is played by the features' rules); what happened
    besides the last action belongs to the game's history, which a position does not hold (its
    events, like the undo records, are the actions' and the game's record's)."""
    key = list(game.state_key())
    for index in (CAPTURED, TAKEN, BOXED):
        key[index] = tuple(tuple(sorted(tiles)) for tiles in key[index])
        if not game.features:
            key[index] = ()  # only the features' rules read them (Ransom, wins by captures)
    key[LAST_EVENTS] = ()
    return tuple(key)


def recorded_games(set_name: str) -> Iterator[tuple[Game, bool]]:
    """Each position of the set's recorded games (the game at that ply), with whether to read
    it: every ply of the game records, and in the stored corpus games the plies of the phases
    that play seldom reaches."""
    rules = rules_of(set_name)
    with gzip.open(records_path(set_name), "rt", encoding="utf-8") as f:
        texts = split_records(f.read())
    for text in texts:
        record = parse_record(text)
        game = Game(rules, seed=record.seed, ply_limit=record.ply_limit)
        for entry in record.actions:
            yield game, True
            game.apply(parse_action(game, entry.notation.rstrip("+")))
        yield game, True
        assert game.result == record.result, (set_name, record.seed)
    for stored in read_corpus(set_name)["games"]:
        game = Game(rules, seed=stored["seed"], ply_limit=PLY_LIMIT)
        for step in stored_steps(stored):
            yield game, game.phase in RARE or step.chosen < 0
            if step.chosen < 0:
                break
            game.apply(step.legal[step.chosen])


def read_back(game: Game, seen: set[tuple[str, ...]]) -> tuple[dict[str, Any], Game]:
    """The game's position as JSON and the game read from it. The JSON is checked against the
    schema where it has fields that no position checked before had (``seen``: the field sets
    checked), outside play and at every tenth ply (the schema's validator takes four times as
    long as the rest)."""
    data = position_to_json(game)
    fields = tuple(data)
    if fields not in seen or game.phase is not Phase.PLAY or game.ply % 10 == 0:
        errors = [f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(data)]
        assert not errors, (data, errors)
        seen.add(fields)
    return data, position_from_json(game.rules, data, seed=game.seed, ply_limit=game.ply_limit)


@pytest.mark.parametrize("set_name", SETS)
def test_every_phase_reads_back_to_the_same_game(set_name: str) -> None:
    met: set[Phase] = set()
    seen: set[tuple[str, ...]] = set()
    checked = 0
    for game, read in recorded_games(set_name):
        if not read:
            continue
        where = (set_name, game.seed, game.ply, game.phase.name)
        data, again = read_back(game, seen)
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in game.legal_actions()]
        assert again._legal() == game._legal(), where
        assert comparable(again) == comparable(game), where
        assert again.result == game.result, where
        assert position_to_json(again) == data, where
        met.add(game.phase)
        checked += 1
    assert met == phases_of(rules_of(set_name)), set_name
    assert checked >= 250, set_name


@pytest.mark.parametrize("set_name", SETS)
def test_a_finished_game_reads_back_finished(set_name: str) -> None:
    """The last position of each recorded game is over, and so is the game read from it."""
    ended = 0
    for game, _read in recorded_games(set_name):
        if game.result is None:
            continue
        data, again = read_back(game, set())
        assert again.is_game_over() and again.outcome() == game.outcome(), data
        assert again.legal_actions() == [], data
        ended += 1
    assert ended >= 8, set_name
