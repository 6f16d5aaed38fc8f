"""The studio's JSON API, endpoint by endpoint, good requests and bad ones (exact answers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dukec.studio.request import MAX_BODY_BYTES
from tests.studio.conftest import PALADIN, Answer, Client

BROKEN = PALADIN.replace(". M @ M .\n        . . M . .", ". Q @ M .\n        . . M . .")
COURIER = """tile Courier {
    count 1
    front {
        . M .
        . @ .
    }
    back {
        . M .
        . @ .
    }
}
"""


def error(answer: Answer) -> str:
    """The message of a JSON error answer."""
    message: str = answer.json["error"]
    return message


# === The page and its files ===


def test_page(client: Client) -> None:
    answer = client.get("/")
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    text = answer.raw.decode()
    assert 'id="balance-panel"' in text and "data-tile=" not in text
    assert '"tile": null' in text


def test_page_opens_a_tile(client: Client) -> None:
    text = client.get("/?tile=knight").raw.decode()
    start = text.index('data-tile="Knight"')
    assert text[start:].split(">", 1)[1].startswith("<svg")
    assert '"tile": "Knight"' in text


def test_page_unknown_tile(client: Client) -> None:
    answer = client.get("/?tile=Kniht")
    assert answer.status == 404
    assert error(answer) == "unknown tile 'Kniht'; did you mean 'Knight'?"


def test_static_files(client: Client) -> None:
    for name, kind in (("studio.js", "text/javascript"), ("studio.css", "text/css")):
        answer = client.get(f"/static/{name}")
        assert answer.status == 200
        assert answer.headers["Content-Type"] == f"{kind}; charset=utf-8"
    assert client.get("/static/chart.js").raw.startswith(b"// The balance chart")


@pytest.mark.parametrize("name", ["nope.js", "index.html", "..%2Fserver.py", "STUDIO.JS"])
def test_static_unknown(client: Client, name: str) -> None:
    answer = client.get(f"/static/{name}")
    assert answer.status == 404
    assert error(answer) == f"no such file: /static/{name}"


def test_unknown_page_and_method(client: Client) -> None:
    answer = client.get("/nope")
    assert (answer.status, error(answer)) == (404, "no such page: /nope")
    answer = client.post("/")
    assert (answer.status, error(answer)) == (
        405,
        "POST /: the page and its files are read with GET",
    )


# === Requests the server refuses ===


def test_unknown_endpoint(client: Client) -> None:
    answer = client.get("/api/nope")
    assert (answer.status, error(answer)) == (404, "no such endpoint: GET /api/nope")


def test_wrong_method(client: Client) -> None:
    answer = client.get("/api/build")
    assert (answer.status, error(answer)) == (405, "GET /api/build: use POST")
    answer = client.request("PUT", "/api/runs/1", {})
    assert (answer.status, error(answer)) == (405, "PUT /api/runs/1: use DELETE or GET")


def test_body_not_json(client: Client) -> None:
    answer = client.request(
        "POST", "/api/build", raw=b"{", headers={"Content-Type": "application/json"}
    )
    assert (answer.status, error(answer)) == (
        400,
        "the request body is not JSON: unexpected end of file",
    )


def test_body_not_an_object(client: Client) -> None:
    answer = client.post("/api/build", [1])
    assert (answer.status, error(answer)) == (400, "the request body must be a JSON object")


def test_body_not_sent_as_json(client: Client) -> None:
    answer = client.request("POST", "/api/build", raw=b"{}", headers={"Content-Type": "text/plain"})
    assert answer.status == 415
    assert error(answer) == "send the body as JSON (Content-Type: application/json)"


def test_body_too_large(client: Client) -> None:
    answer = client.request(
        "POST",
        "/api/build",
        raw=b" " * (MAX_BODY_BYTES + 1),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 413
    assert error(answer) == f"the request body is larger than {MAX_BODY_BYTES} bytes"


def test_foreign_host(client: Client) -> None:
    answer = client.request("GET", "/api/tiles", headers={"Host": "evil.example:80"})
    assert answer.status == 403
    assert error(answer) == "this studio answers requests for 127.0.0.1, not 'evil.example'"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "missing 'source'"),
        ({"source": 3}, "'source' must be a string"),
        ({"source": None}, "missing 'source'"),
    ],
)
def test_source_field(client: Client, body: dict[str, object], message: str) -> None:
    answer = client.post("/api/build", body)
    assert (answer.status, error(answer)) == (400, message)


# === Sources ===


def test_build(client: Client) -> None:
    answer = client.post("/api/build", {"source": PALADIN})
    assert answer.status == 200
    built = answer.json
    assert built["ok"] is True and built["diagnostics"] == []
    [tile] = built["tiles"]
    assert (tile["name"], tile["kind"], tile["count"]) == ("Paladin", "troop", 1)
    assert tile["card"].startswith("<svg")
    assert {"icon": "slide", "glyph": "S", "at": [0, 1]} in tile["sides"]["back"]
    assert len(tile["sides"]["front"]) == 5


def test_build_draws_each_square_as_the_card_does(client: Client) -> None:
    [tile] = client.post("/api/build", {"source": PALADIN}).json["tiles"]
    front = {tuple(square["at"]): square for square in tile["squares"]["front"]}
    assert sorted(front) == [(-1, 0), (-1, 2), (0, -1), (1, 0), (1, 2)]
    jump, move = front[(-1, 2)], front[(1, 0)]
    assert (jump["glyphs"], jump["label"], move["glyphs"], move["label"]) == (
        "J",
        "Jump",
        "M",
        "Move",
    )
    back = {tuple(square["at"]): square for square in tile["squares"]["back"]}
    assert sorted(back) == [(-1, 0), (0, 1), (1, 0)]
    slide = back[(0, 1)]
    assert (slide["glyphs"], slide["label"]) == ("S", "Slide")
    # One drawing of each icon: the square's shapes are the card's, the same size and paint.
    ring = 'r="10" fill="none" stroke="#1b1b1b" stroke-width="4"'
    dot = 'r="12" fill="#1b1b1b"'
    assert ring in jump["svg"] and ring in tile["card"]
    assert dot in move["svg"] and dot in tile["card"] and ring not in move["svg"]
    assert "<polygon" in slide["svg"] and "<text" not in slide["svg"]
    assert all(square["svg"].startswith("<svg") for square in front.values())


def test_build_names_several_icons_on_one_square(client: Client) -> None:
    source = PALADIN.replace(". M @ M .", ". MX @ M .", 1)
    [tile] = client.post("/api/build", {"source": source}).json["tiles"]
    square = next(s for s in tile["squares"]["front"] if s["at"] == [-1, 0])
    assert (square["glyphs"], square["label"]) == ("MX", "Move and Strike")
    assert square["svg"].count("<circle") == 1 and square["svg"].count("<polygon") == 1


def test_build_errors_at_their_line(client: Client) -> None:
    built = client.post("/api/build", {"source": BROKEN}).json
    assert built["ok"] is False and built["tiles"] == []
    [diagnostic] = built["diagnostics"]
    assert (diagnostic["severity"], diagnostic["line"], diagnostic["col"]) == ("error", 6, 11)
    assert diagnostic["message"].startswith("unknown glyph 'Q'")
    assert diagnostic["text"].startswith("tile.duke:6:11: error: unknown glyph 'Q'")


def test_build_lint_warnings(client: Client) -> None:
    built = client.post("/api/build", {"source": COURIER}).json
    assert built["ok"] is True
    codes = [(d["severity"], d["code"], d["line"]) for d in built["diagnostics"]]
    assert codes == [("warning", "no-backward", 1), ("warning", "same-sides", 7)]


def test_card(client: Client) -> None:
    answer = client.post("/api/card", {"source": PALADIN + COURIER, "tile": "courier"})
    assert answer.status == 200
    assert answer.json["tile"] == "Courier"
    assert answer.json["svg"].startswith("<svg") and "<title>Courier</title>" in answer.json["svg"]
    assert client.post("/api/card", {"source": PALADIN}).json["tile"] == "Paladin"


def test_card_unknown_tile(client: Client) -> None:
    answer = client.post("/api/card", {"source": PALADIN, "tile": "Paladni"})
    assert (answer.status, error(answer)) == (
        404,
        "unknown tile 'Paladni'; did you mean 'Paladin'?",
    )


def test_card_of_a_broken_source(client: Client) -> None:
    answer = client.post("/api/card", {"source": BROKEN})
    assert answer.status == 422
    assert error(answer).startswith("the source has 1 error: line 6: unknown glyph 'Q'")
    assert answer.json["diagnostics"][0]["line"] == 6


def test_card_of_no_tile(client: Client) -> None:
    answer = client.post("/api/card", {"source": "set lonely {\n    board 6 x 6\n}\n"})
    assert answer.status == 422


def test_lint(client: Client) -> None:
    answer = client.post("/api/lint", {"source": COURIER})
    assert answer.status == 200
    assert [w["code"] for w in answer.json["warnings"]] == ["no-backward", "same-sides"]
    assert answer.json["errors"] == []
    assert client.post("/api/lint", {"source": BROKEN}).json["errors"][0]["line"] == 6


def test_describe(client: Client) -> None:
    answer = client.post("/api/describe", {"source": PALADIN})
    assert answer.status == 200
    described = answer.json
    assert described["tile"] == "Paladin" and described["population"] == 15
    assert set(described["figures"]) == set(described["percentiles"])
    assert described["text"].startswith("Paladin on an empty 6x6 board")
    assert all(0 <= value <= 100 for value in described["percentiles"].values())


def test_fmt(client: Client) -> None:
    messy = PALADIN.replace("    count 1", "  count   1").replace(". M @ M .", ".  M @ M .")
    answer = client.post("/api/fmt", {"source": messy})
    assert answer.status == 200
    assert answer.json == {"source": PALADIN, "changed": True}
    assert client.post("/api/fmt", {"source": PALADIN}).json["changed"] is False


def test_fmt_syntax_error(client: Client) -> None:
    answer = client.post("/api/fmt", {"source": "tile X {"})
    assert answer.status == 422
    assert error(answer) == (
        "the source does not parse: tile.duke:1:9: error: unexpected end of file; "
        "expected end of line"
    )


# === Grid edits ===


def test_grid_cycles_a_square(client: Client) -> None:
    body = {"source": PALADIN, "tile": "Paladin", "side": "back", "at": [1, 1]}
    answer = client.post("/api/grid", body)
    assert answer.status == 200
    assert answer.json["glyphs"] == "M"
    assert "    back {\n        . S M\n        M @ M\n    }" in answer.json["source"]
    body["source"] = answer.json["source"]
    assert client.post("/api/grid", body).json["glyphs"] == "J"


def test_grid_sets_glyphs(client: Client) -> None:
    body = {"source": PALADIN, "tile": "paladin", "side": "front", "at": [0, 2], "glyphs": "MC"}
    answer = client.post("/api/grid", body)
    assert answer.json["glyphs"] == "MC"
    built = client.post("/api/build", {"source": answer.json["source"]}).json
    front = built["tiles"][0]["sides"]["front"]
    assert {"icon": "command", "glyph": "C", "at": [0, 2]} in front


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        ({"at": [0, 0]}, 400, "'at': [0, 0] is the tile's own square; it holds no icon"),
        ({"at": "1,1"}, 400, "'at' must be [dx, dy], two whole numbers (+dy forward)"),
        ({"at": [1, True]}, 400, "'at' must be [dx, dy], two whole numbers (+dy forward)"),
        ({"at": [13, 0]}, 400, "'at': an icon lies at most 12 squares from its tile"),
        ({"side": "top"}, 400, "'side' must be one of front, back"),
        ({"tile": "Nope"}, 404, "no tile 'Nope' in the source"),
        ({"glyphs": "Q"}, 400, "'glyphs': 'Q' is not an icon glyph (one of MJSLXCDB)"),
        ({"glyphs": "MM"}, 400, "'glyphs': 'M' is written twice"),
        ({"at": [2, 2], "glyphs": "S"}, 400, "'glyphs': a Slide (S) sits next to the tile"),
        (
            {"at": [1, 2], "glyphs": "L"},
            400,
            "'glyphs': a Jump Slide (L) sits two squares out in a line",
        ),
        (
            {"source": "tile X {"},
            422,
            "the source does not parse: source:1:9: error: unexpected end of file; "
            "expected end of line",
        ),
    ],
)
def test_grid_bad_requests(
    client: Client, change: dict[str, object], status: int, message: str
) -> None:
    body = {"source": PALADIN, "tile": "Paladin", "side": "front", "at": [1, 1], **change}
    answer = client.post("/api/grid", body)
    assert (answer.status, error(answer)) == (status, message)


# === Save ===


def test_save(client: Client, folder: Path) -> None:
    messy = PALADIN.replace("    count 1", "  count   1")
    answer = client.post("/api/save", {"source": messy})
    assert answer.status == 201
    assert answer.json["file"] == "paladin.duke"
    assert answer.json["path"] == str(folder / "paladin.duke")
    assert (folder / "paladin.duke").read_text() == PALADIN


def test_save_never_overwrites_unasked(client: Client, folder: Path) -> None:
    (folder / "mine.duke").write_text("# keep me\n")
    answer = client.post("/api/save", {"source": PALADIN, "file": "mine.duke"})
    assert answer.status == 409
    assert error(answer) == f'mine.duke exists in {folder}; send "overwrite": true'
    # The page asks whether to replace it, naming the file and the folder.
    assert (answer.json["file"], answer.json["folder"]) == ("mine.duke", str(folder))
    assert (folder / "mine.duke").read_text() == "# keep me\n"
    answer = client.post("/api/save", {"source": PALADIN, "file": "mine.duke", "overwrite": True})
    assert answer.status == 201
    assert (folder / "mine.duke").read_text() == PALADIN


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("../out.duke", "'file' must be a plain file name in the folder, not '../out.duke'"),
        ("/tmp/out.duke", "'file' must be a plain file name in the folder, not '/tmp/out.duke'"),
        ("sub\\out.duke", "'file' must be a plain file name in the folder, not 'sub\\\\out.duke'"),
        (".hidden.duke", "'file' must be a plain file name in the folder, not '.hidden.duke'"),
        ("out.txt", "'file' must be a file name ending in .duke"),
        (".duke", "'file' must be a file name ending in .duke"),
    ],
)
def test_save_refuses_names(client: Client, folder: Path, name: str, message: str) -> None:
    answer = client.post("/api/save", {"source": PALADIN, "file": name})
    assert (answer.status, error(answer)) == (400, message)
    assert list(folder.iterdir()) == []


def test_save_refuses_a_link_out(client: Client, folder: Path, tmp_path: Path) -> None:
    (folder / "out.duke").symlink_to(tmp_path / "elsewhere.duke")
    answer = client.post("/api/save", {"source": PALADIN, "file": "out.duke", "overwrite": True})
    assert (answer.status, error(answer)) == (400, "'file' 'out.duke' leads out of the folder")
    assert not (tmp_path / "elsewhere.duke").exists()


def test_save_refuses_errors(client: Client, folder: Path) -> None:
    answer = client.post("/api/save", {"source": BROKEN})
    assert answer.status == 422
    assert list(folder.iterdir()) == []


def test_save_overwrite_flag_type(client: Client) -> None:
    answer = client.post("/api/save", {"source": PALADIN, "overwrite": "yes"})
    assert (answer.status, error(answer)) == (400, "'overwrite' must be true or false")


# === The set's tiles ===


def test_set_tiles(client: Client) -> None:
    tiles = client.get("/api/tiles").json["tiles"]
    names = [tile["name"] for tile in tiles]
    assert "Knight" in names and "Duke" in names
    assert all(tile["card"].startswith("<svg") for tile in tiles)


def test_set_tile(client: Client) -> None:
    answer = client.get("/api/tiles/knight")
    assert answer.status == 200
    assert answer.json["name"] == "Knight"
    assert answer.json["source"].startswith("tile Knight {\n    count 1\n")
    rebuilt = client.post("/api/build", {"source": answer.json["source"]}).json
    assert rebuilt["tiles"][0]["sides"] == answer.json["sides"]


def test_set_tile_unknown(client: Client) -> None:
    answer = client.get("/api/tiles/Nobody")
    assert answer.status == 404
    assert error(answer).startswith("unknown tile 'Nobody'")


def test_head_and_unknown_methods(client: Client) -> None:
    answer = client.request("HEAD", "/api/tiles")
    assert (answer.status, answer.raw) == (200, b"")
    answer = client.request("OPTIONS", "/api/build")
    assert (answer.status, error(answer)) == (501, "Unsupported method ('OPTIONS')")


def test_a_bug_is_one_json_line(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_keywords: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("dukec.studio.api.check_document", broken)
    answer = client.post("/api/build", {"source": PALADIN})
    assert (answer.status, error(answer)) == (500, "internal error: RuntimeError: boom")


def test_an_empty_post_still_needs_json(client: Client) -> None:
    answer = client.request("POST", "/api/play")
    assert answer.status == 415
    assert error(answer) == "send the body as JSON (Content-Type: application/json)"


def test_save_refuses_a_name_the_folder_defines(client: Client, folder: Path) -> None:
    (folder / "knights.duke").write_text(PALADIN.replace("Paladin", "Knight"))
    answer = client.post("/api/save", {"source": PALADIN.replace("Paladin", "Knight")})
    assert answer.status == 422
    assert error(answer) == (
        f"knight.duke would not compile with the other files of {folder}: duplicate tile 'Knight'"
    )
    assert answer.json["diagnostics"][0]["line"] == 1
    assert sorted(p.name for p in folder.iterdir()) == ["knights.duke"]
