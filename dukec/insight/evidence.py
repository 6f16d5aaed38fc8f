"""Evidence games: the few games of a valuation in which the tile mattered most.

A game is evidence when the army with the tile won and the tile made that army's last capture
(the capture that decided the game: most often the Duke's), or when that army lost and the tile
was the first of its tiles to be captured. Candidates are picked from the games' summaries
(the tile captured, or was captured), then played again with a record kept (the games are
seeded, so they replay exactly) and kept if the record shows one of the two. Decisive captures
come first, then tiles lost first; shorter games first within each. Where the army held the
tile already, the copy valued is one of two: either one's capture counts.

Each kept game is written as a record (JSON Lines, read by ``dukec replay``) and as a
step-through page, beside the tile set the games were played with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.game import GameJob, GameSummary, seed_of
from dukec.balance.play import rules_for
from dukec.engine import GameRecord, Rules, play_game, write_record
from dukec.insight.value import Valuation
from dukec.players.policies import make_policy, player_seed

TILESET_FILE = "tileset.json"
"""The tile set the evidence games were played with, written beside them."""


class Why(Enum):
    """Why a game is evidence."""

    DECISIVE_CAPTURE = "decisive capture"
    LOST_FIRST = "lost first"


@dataclass(frozen=True, slots=True)
class EvidenceGame:
    """One game of the valuation, its record and why it is evidence."""

    index: int
    a_seat: int
    why: Why
    record: GameRecord

    def stem(self) -> str:
        """The file name of its record and page, without suffix."""
        return f"game-{self.index:05d}"


def _why(record: GameRecord, a_seat: int, tile: str) -> Why | None:
    result = record.result
    if result is None or result.winner is None:
        return None
    if result.winner == a_seat:
        captures = [entry for entry in record.actions if entry.player == a_seat and entry.captured]
        if captures and captures[-1].tile == tile:
            return Why.DECISIVE_CAPTURE
        return None
    lost = [entry for entry in record.actions if entry.player != a_seat and entry.captured]
    if lost and lost[0].captured == tile:
        return Why.LOST_FIRST
    return None


def _candidate(a_seat: int, summary: GameSummary, tile: str) -> bool:
    counts = summary.tiles[a_seat].get(tile)
    if counts is None or summary.winner is None:
        return False
    return counts.captures > 0 if summary.winner == a_seat else counts.captured > 0


def replay_record(valuation: Valuation, index: int) -> tuple[Rules, GameRecord]:
    """Play game ``index`` of the valuation again, keeping its record."""
    _experiment, result = valuation.played()
    matchup = result.matchup
    master = result.settings.seed
    seat = dict((summary.index, seat) for seat, summary in valuation.games)[index]
    job = GameJob(matchup, index, seed_of(matchup, master, index), seat)
    rules = rules_for(matchup, job.set_name)
    players = [
        make_policy(job.policy(side), player_seed(job.seed, side), matchup.budget)
        for side in (0, 1)
    ]
    record = play_game(rules, players[0], players[1], job.seed, matchup.ply_limit)
    return rules, record


def find_evidence(valuation: Valuation, count: int = 3, tries: int = 24) -> list[EvidenceGame]:
    """Up to ``count`` evidence games, from at most ``tries`` candidates played again;
    InsightError for the reference, which played no game."""
    valuation.played()
    tile = valuation.worth.tile
    candidates = sorted(
        (
            (summary.winner != seat, summary.plies, summary.index, seat)
            for seat, summary in valuation.games
            if _candidate(seat, summary, tile)
        ),
    )[:tries]
    found: list[EvidenceGame] = []
    for _lost, plies, index, seat in candidates:
        _rules, record = replay_record(valuation, index)
        # Seeded players replay the game exactly; anything else is a defect, not evidence.
        assert record.plies == plies, f"game {index} did not replay as played"
        why = _why(record, seat, tile)
        if why is not None:
            found.append(EvidenceGame(index, seat, why, record))
    found.sort(key=lambda game: (game.why is Why.LOST_FIRST, game.record.plies, game.index))
    return found[:count]


def write_evidence(valuation: Valuation, games: list[EvidenceGame], out: Path) -> list[Path]:
    """Write the tile set, and each game's record and replay page, into ``out``."""
    from dukec.workbench.replay_page import replay_html

    experiment, result = valuation.played()
    out.mkdir(parents=True, exist_ok=True)
    written = [out / TILESET_FILE]
    write_text_atomic(written[0], json.dumps(experiment.tileset, indent=2, sort_keys=True) + "\n")
    for game in games:
        rules = rules_for(result.matchup, game.record.set_name)
        record_path = out / f"{game.stem()}.jsonl"
        page_path = out / f"{game.stem()}.html"
        write_record(game.record, record_path)
        write_text_atomic(page_path, replay_html(rules, game.record))
        written += [record_path, page_path]
    return written


def evidence_json(valuation: Valuation, games: list[EvidenceGame]) -> list[dict[str, Any]]:
    """The evidence games as the report lists them (file names relative to the directory)."""
    labels = valuation.played()[0].labels
    listed = []
    for game in games:
        result = game.record.result
        assert result is not None and result.winner is not None
        listed.append(
            {
                "game": game.index,
                "seed": game.record.seed,
                "why": game.why.value,
                "army_with_tile_seat": game.a_seat,
                "winner": labels[0] if result.winner == game.a_seat else labels[1],
                "reason": str(result.reason),
                "plies": game.record.plies,
                "record": f"{game.stem()}.jsonl",
                "page": f"{game.stem()}.html",
                "replay": f"dukec replay {game.stem()}.jsonl --set {TILESET_FILE}",
            }
        )
    return listed
