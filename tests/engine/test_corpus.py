"""The engine plays the recorded corpus exactly: the same legal actions in every stored position,
the same positions as JSON, the same events between turns, the same results and game records."""

from __future__ import annotations

import gzip

import pytest

from dukec.engine import Action, Game, parse_action, parse_record, play_game
from dukec.engine.record import ActionRecord
from tests.engine.corpus_games import (
    CUSTOM_SETS,
    PACKAGED_SETS,
    PLY_LIMIT,
    corpus_rules,
    position_digest,
    read_corpus,
    record_text,
    records_path,
    split_records,
    stored_steps,
)

SETS = (*PACKAGED_SETS, *CUSTOM_SETS)


@pytest.mark.parametrize("set_name", SETS)
def test_every_stored_position_has_the_same_legal_actions(set_name: str) -> None:
    """Replaying each stored game gives, ply by ply, the stored legal actions and position."""
    rules = corpus_rules(set_name)
    data = read_corpus(set_name)
    assert data["tileset_hash"] == rules.tileset_hash
    checked = 0
    for stored in data["games"]:
        game = Game(rules, seed=stored["seed"], ply_limit=PLY_LIMIT)
        for number, step in enumerate(stored_steps(stored)):
            where = (set_name, stored["seed"], number)
            legal = tuple(sorted(tuple(a) for a in game.legal_actions()))
            assert legal == step.legal, where
            assert position_digest(game) == step.position, where
            checked += 1
            if step.chosen < 0:
                break
            game.apply(step.legal[step.chosen])
            assert tuple(getattr(game, "last_events", ())) == step.events, where
        result = game.result
        assert result is not None
        assert [result.winner, str(result.reason)] == stored["result"], stored["seed"]
        assert game.ply == stored["plies"], stored["seed"]
    assert checked >= 3000


class _Scripted:
    """Plays the actions of a stored record, by their notation."""

    name = "scripted"

    def __init__(self, actions: tuple[ActionRecord, ...]) -> None:
        self._actions = iter(actions)

    def choose(self, game: Game) -> Action | None:
        entry = next(self._actions, None)
        if entry is None:
            return None
        return parse_action(game, entry.notation.rstrip("+"))


@pytest.mark.parametrize("set_name", SETS)
def test_stored_records_are_played_again_line_for_line(set_name: str) -> None:
    """Each stored record (random against greedy) comes out of the engine byte for byte."""
    rules = corpus_rules(set_name)
    with gzip.open(records_path(set_name), "rt", encoding="utf-8") as f:
        texts = split_records(f.read())
    assert texts
    for text in texts:
        record = parse_record(text)
        script = _Scripted(record.actions)
        again = play_game(
            rules,
            script,
            script,
            seed=record.seed,
            ply_limit=record.ply_limit,
        )
        # The header names the players, here the script; every other line must be the same.
        lines = record_text(again).splitlines()
        expected = text.splitlines()
        assert lines[1:] == expected[1:], (set_name, record.seed)
