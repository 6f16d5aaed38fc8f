"""The pre-commit configurations docs/editors.md shows name the hooks the repository offers."""

from __future__ import annotations

from typing import Any

import yaml

from tests.docs.blocks import REPO, blocks

HOOKS = {hook["id"]: hook for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
CONFIGS: list[dict[str, Any]] = [
    yaml.safe_load(block.body)
    for block in blocks(REPO / "docs" / "editors.md")
    if block.lang == "yaml" and block.body.startswith("repos:")
]


def test_both_configurations_are_shown() -> None:
    assert [config["repos"][0]["repo"] for config in CONFIGS][1:] == ["local"]


def test_the_remote_configuration_pins_a_full_commit_and_names_offered_hooks() -> None:
    remote = CONFIGS[0]["repos"][0]
    assert len(remote["rev"]) == 40 and int(remote["rev"], 16) >= 0
    assert [hook["id"] for hook in remote["hooks"]] == list(HOOKS)


def test_the_local_configuration_runs_what_the_offered_hooks_run() -> None:
    for hook in CONFIGS[1]["repos"][0]["hooks"]:
        offered = HOOKS[hook["id"]]
        assert hook["entry"].startswith(offered["entry"])
        assert hook["files"] == offered["files"]
        assert hook.get("pass_filenames", True) == offered.get("pass_filenames", True)
