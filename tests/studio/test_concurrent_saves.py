"""Saves racing for one new file name, without overwrite: exactly one wins, the others are told
the file exists, and the file is the winner's whole."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.studio.conftest import PALADIN, Answer, Client


def test_studio_saves_racing_for_one_new_name_have_one_winner(client: Client, folder: Path) -> None:
    racers = 10
    start = threading.Barrier(racers)
    answers: dict[int, Answer] = {}

    def save(number: int) -> None:
        source = PALADIN.replace("count 1", f"count {number + 1}")
        start.wait()
        answers[number] = client.post("/api/save", {"source": source, "file": "race.duke"})

    threads = [threading.Thread(target=save, args=(n,)) for n in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(answer.status for answer in answers.values())
    assert statuses == [201] + [409] * (racers - 1)
    (winner,) = [n for n, answer in answers.items() if answer.status == 201]
    assert (folder / "race.duke").read_text() == answers[winner].json["source"]
    assert f"count {winner + 1}\n" in (folder / "race.duke").read_text()
    assert sorted(p.name for p in folder.iterdir()) == ["race.duke"]
