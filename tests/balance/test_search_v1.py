"""The fixed baselines play exactly as recorded: ``search-v1`` (the search as it was before the
current one) and ``search-material`` play the corpus's games move for move, and ``search-v1``
finds the recorded score and best actions to a fixed depth (tests/balance/search_corpus.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.balance.search_corpus import (
    DEPTH_SETS,
    GAME_SETS,
    play,
    read,
    rules_of,
    searched,
)

CORPUS: dict[str, Any] = read()


def test_the_corpus_covers_every_packaged_game_set() -> None:
    assert {g["set"] for g in CORPUS["games"]} == set(GAME_SETS)
    assert sum(len(g["actions"]) for g in CORPUS["games"]) > 1500
    assert {s["set"] for s in CORPUS["searches"]} == set(DEPTH_SETS)


@pytest.mark.parametrize("set_name", GAME_SETS)
def test_the_baselines_play_the_recorded_games(set_name: str) -> None:
    rules = rules_of(set_name)
    for stored in (g for g in CORPUS["games"] if g["set"] == set_name):
        again = play(rules, tuple(stored["policies"]), stored["seed"])
        where = (set_name, stored["policies"], stored["seed"])
        for number, (mine, theirs) in enumerate(
            zip(again["actions"], stored["actions"], strict=False)
        ):
            assert mine == theirs, (*where, "action", number)
        assert again == stored, where


@pytest.mark.parametrize("set_name", DEPTH_SETS)
def test_search_v1_finds_the_recorded_fixed_depth_results(set_name: str) -> None:
    stored = [s for s in CORPUS["searches"] if s["set"] == set_name]
    assert searched(rules_of(set_name)) == stored
