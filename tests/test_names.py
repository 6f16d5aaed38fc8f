"""One rule for tile names: unique without regard to case, and typed in any case everywhere."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dukec.cli import main
from dukec.names import lookup

REPO = Path(__file__).resolve().parents[1]


def test_lookup_prefers_the_exact_name_then_any_case() -> None:
    assert lookup("Footman", ["Footman", "Knight"]) == "Footman"
    assert lookup("fOOTMAN", ["Footman", "Knight"]) == "Footman"
    assert lookup("Footmen", ["Footman", "Knight"]) is None


def test_commands_take_names_in_any_case() -> None:
    shown = CliRunner().invoke(main, ["show", "footman"])
    assert shown.exit_code == 0 and "Footman" in shown.stdout
    described = CliRunner().invoke(main, ["describe", "LONGBOWMAN"])
    assert described.exit_code == 0 and "Longbowman" in described.stdout
    balance = CliRunner().invoke(
        main, ["balance", "--replace", "knight=footman", "--games", "2", "--workers", "1"]
    )
    assert balance.exit_code == 0, balance.output
    assert "Footman" in balance.stdout and "Knight" in balance.stdout


def test_a_compiled_set_with_names_differing_only_in_case(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    assert CliRunner().invoke(main, ["build", str(REPO / "tiles"), "-o", str(path)]).exit_code == 0
    data = json.loads(path.read_text())
    twin = dict(next(t for t in data["tiles"] if t["name"] == "Seer"), name="seer")
    data["tiles"].append(twin)
    data["tiles"].sort(key=lambda t: t["name"])
    path.write_text(json.dumps(data, indent=1))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert "error: $.tiles[21].name: tile 'seer' differs from 'Seer' only in case" in (
        result.stderr
    )
