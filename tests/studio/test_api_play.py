"""Games against a bot through the API: start, legal actions, act, the bot's move, the record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.engine import load_rules, parse_record, replay
from tests.studio.conftest import JUMPING, Client


def start(client: Client, **body: Any) -> dict[str, Any]:
    """A new game's state."""
    answer = client.post("/api/play", body)
    assert answer.status == 201, answer.json
    state: dict[str, Any] = answer.json
    return state


def play_turns(client: Client, state: dict[str, Any], actions: int) -> dict[str, Any]:
    """Play the person's first legal action, then the bot's, ``actions`` times."""
    for _ in range(actions):
        if state["over"]:
            break
        if state["to_move"] == state["human"]:
            notation = state["legal"][0]["notation"]
            state = client.post(f"/api/play/{state['id']}/act", {"action": notation}).json
        else:
            state = client.post(f"/api/play/{state['id']}/bot").json
    return state


def test_new_game(client: Client) -> None:
    state = start(client, seed=7)
    assert (state["set"], state["human"], state["to_move"], state["ply"]) == ("base", 0, 0, 0)
    assert state["title"] == "the base set"
    assert state["svg"].startswith("<svg") and state["over"] is False
    assert [a["notation"] for a in state["legal"]] == ["Duke@c1", "Duke@d1"]
    assert state["legal"][0] == {
        "notation": "Duke@c1",
        "kind": "place",
        "from": None,
        "to": "c1",
        "by": None,
    }
    squares = {square["name"]: square for square in state["squares"]}
    assert len(squares) == 36
    assert squares["a6"]["y"] < squares["a1"]["y"] and squares["a1"]["x"] < squares["f1"]["x"]
    assert state["width"] > 6 * squares["a1"]["size"]


def test_act_and_bot(client: Client) -> None:
    state = start(client, seed=7)
    state = client.post(f"/api/play/{state['id']}/act", {"action": "duke@c1"}).json
    assert state["log"] == [{"player": 0, "notation": "Duke@c1", "drawn": None}]
    state = play_turns(client, state, 30)
    assert len(state["log"]) == 31
    assert {entry["player"] for entry in state["log"]} == {0, 1}
    again = client.get(f"/api/play/{state['id']}").json
    assert again["log"] == state["log"]


def test_a_legal_move_on_the_board(client: Client) -> None:
    state = play_turns(client, start(client, seed=2), 60)
    moves = [a for a in state["legal"] if a["kind"] == "move"]
    assert state["to_move"] == state["human"] and moves
    move = moves[0]
    after = client.post(f"/api/play/{state['id']}/act", {"action": move["notation"]}).json
    assert after["log"][-1]["notation"].startswith(f"{move['from']}")


def test_bot_plays_first_when_the_person_sits_second(client: Client) -> None:
    state = start(client, seat=1, bot="random")
    assert state["human"] == 1 and state["to_move"] == 0 and state["legal"] == []
    answer = client.post(f"/api/play/{state['id']}/act", {"action": "Duke@c1"})
    assert (answer.status, answer.json["error"]) == (409, "it is the bot's turn: ask it to move")
    state = client.post(f"/api/play/{state['id']}/bot").json
    assert state["log"][0]["player"] == 0


def test_not_the_bots_turn(client: Client) -> None:
    state = start(client)
    answer = client.post(f"/api/play/{state['id']}/bot")
    assert (answer.status, answer.json["error"]) == (409, "it is your turn, not the bot's")


def test_illegal_action(client: Client) -> None:
    state = start(client, seed=1)
    answer = client.post(f"/api/play/{state['id']}/act", {"action": "Duke@a3"})
    assert answer.status == 400
    assert answer.json["error"] == (
        "'action': 'Duke@a3' is not a legal action here (legal: Duke@c1, Duke@d1)"
    )
    answer = client.post(f"/api/play/{state['id']}/act", {})
    assert (answer.status, answer.json["error"]) == (400, "missing 'action'")


def test_record_replays(client: Client, base_set: dict[str, Any]) -> None:
    state = play_turns(client, start(client, seed=5), 40)
    answer = client.get(f"/api/play/{state['id']}/record")
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/jsonl; charset=utf-8"
    name = f"game-{state['id']}.jsonl"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    record = parse_record(answer.raw.decode(), name)
    assert record.players == ("human", "greedy") and record.seed == 5
    assert [a.notation for a in record.actions] == [e["notation"] for e in state["log"]]
    game = replay(load_rules(base_set, "base"), record)
    assert game.ply == state["ply"]


def test_game_with_the_new_tile(client: Client, tmp_path: Path) -> None:
    state = start(client, source=JUMPING, replace="footman=jumpingfootman", seed=4)
    assert state["set"] == "balance-a-first"
    second = start(client, source=JUMPING, replace="Footman=JumpingFootman", seat=1)
    assert second["set"] == "balance-b-first"
    # The page reads what the game is, the tiles named as the set and the source name them.
    title = "JumpingFootman in place of Footman in your army"
    assert state["title"] == second["title"] == title
    state = play_turns(client, state, 20)
    answer = client.get(f"/api/play/{state['id']}/tileset")
    tileset = answer.json
    assert "JumpingFootman" in [tile["name"] for tile in tileset["tiles"]]
    text = client.get(f"/api/play/{state['id']}/record").raw.decode()
    record = parse_record(text)
    assert replay(load_rules(tileset, "balance-a-first"), record).ply == state["ply"]
    # The record holds its tile set and its experiment: `dukec replay FILE` needs nothing else.
    assert record.title == "JumpingFootman in place of Footman"
    assert record.tileset == tileset
    downloaded = tmp_path / "game-1.jsonl"
    downloaded.write_text(text)
    replayed = CliRunner().invoke(
        main, ["replay", str(downloaded), "--html", str(tmp_path / "g.html")]
    )
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.startswith("game: JumpingFootman in place of Footman\n")
    assert "<title>dukec replay: JumpingFootman in place of Footman, seed 4</title>" in (
        (tmp_path / "g.html").read_text()
    )


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"seat": 2}, 400, "'seat' must be a whole number from 0 to 1"),
        (
            {"bot": "human"},
            400,
            "'bot': unknown policy 'human' (choose from random, greedy, mcts, "
            "search-material, search-v1, search)",
        ),
        (
            {"replace": "Footman=JumpingFootman"},
            400,
            "'replace' needs 'source', the text that defines the new tile",
        ),
        (
            {"source": JUMPING, "replace": "Footman"},
            400,
            "'replace' must be OLD=NEW, for example Knight=Paladin",
        ),
        (
            {"source": JUMPING, "replace": "Footman=Paladin"},
            422,
            "the source defines no tile 'Paladin' (it defines JumpingFootman)",
        ),
        (
            {"source": JUMPING, "replace": "Fotman=JumpingFootman"},
            422,
            "no tile 'Fotman' in the tile set (did you mean 'Footman'?)",
        ),
    ],
)
def test_new_game_bad_requests(
    client: Client, body: dict[str, Any], status: int, message: str
) -> None:
    answer = client.post("/api/play", body)
    assert (answer.status, answer.json["error"]) == (status, message)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/play/99"),
        ("POST", "/api/play/99/act"),
        ("POST", "/api/play/99/bot"),
        ("GET", "/api/play/99/record"),
        ("GET", "/api/play/99/tileset"),
    ],
)
def test_unknown_game(client: Client, method: str, path: str) -> None:
    answer = client.request(method, path, {"action": "x"} if method == "POST" else None)
    assert (answer.status, answer.json["error"]) == (404, "no game '99'")


def test_no_action_after_the_end(base_set: dict[str, Any], tmp_path: Any) -> None:
    from dukec.studio.api import Workspace
    from dukec.studio.play import Games
    from dukec.studio.request import ApiError, Body

    session = Games().start(Workspace(base_set, tmp_path), Body({"bot": "random", "seed": 3}))
    while session.game.result is None:
        if session.game.to_move == session.human:
            session.act(session.state()["legal"][0]["notation"])
        else:
            session.bot_move()
    state = session.state()
    assert state["over"] is True and state["legal"] == []
    assert state["result"].startswith(("you win (", "the bot wins (", "draw ("))
    with pytest.raises(ApiError) as caught:
        session.act("draw")
    assert (caught.value.status, caught.value.message) == (409, "the game is over")
    with pytest.raises(ApiError) as caught:
        session.bot_move()
    assert (caught.value.status, caught.value.message) == (409, "the game is over")
