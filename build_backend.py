"""The build backend: setuptools', asking for mypy (mypyc) only for a build that compiles.

pip installs a backend's requirements into a fresh build environment for every build; mypy is
the largest of them and only the compile of the engine needs it (setup.py). A build that
installs pure Python (DUKEC_PURE=1, or into a pre-commit hook environment: see
``setup.compile_wanted``) does without it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the backend, as setuptools has it)

#: What compiling the engine needs (the dev extra pins the same mypy).
COMPILER = ["mypy==2.4.1"]


def _extra() -> list[str]:
    from setup import compile_wanted

    return COMPILER if compile_wanted(os.environ, Path.cwd()) else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy when the engine is to be compiled."""
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *_extra()]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy when the engine is to be compiled."""
    return [*_setuptools.get_requires_for_build_editable(config_settings), *_extra()]
