"""Install and start-up times: what a designer waits for before the first command answers.

Prints, each in wall seconds and CPU seconds (this process's children: pip with its build and
the C compiler, or dukec):

1. ``python -m pip install .`` into a fresh virtual environment, from a copy of this checkout
   (no compiled engine in it), then ``dukec build tiles/`` there: the README's first command;
2. ``dukec --help`` and ``dukec fmt --check FILE``, the median of several runs (the first fmt
   fills the parser cache; a ``python -c pass`` shows what Python's own start costs); with
   --here, in the environment that runs this script instead of a fresh one (no install);
3. ``pre-commit try-repo`` of each hook of .pre-commit-hooks.yaml that formats or lints, from
   a fresh store, against a throwaway git repository holding one .duke file: pre-commit
   installs the hook's environment (``pip install .`` of the hook's repository) and runs it.

Everything happens in a temporary directory, removed at the end (--keep keeps it); the dukec
cache points there too. Needs network access to the package index for pip (pre-commit, and
dukec's dependencies where pip has no copy yet). Example:

    python benchmarks/install_times.py               # all three
    python benchmarks/install_times.py --skip-hooks  # install and start-up only
    python benchmarks/install_times.py --skip-install  # the hooks only
    python benchmarks/install_times.py --here --skip-hooks  # start-up of this environment's dukec
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: What a copy of the checkout leaves out: environments, builds, caches, a compiled engine.
IGNORE = shutil.ignore_patterns(
    ".venv*",
    ".git",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "*.so",
    "*.pyd",
    "_compiled.json",
)
HOOKS = ("dukec-fmt", "dukec-lint")
SAMPLE = "footman.duke"


def children_cpu() -> float:
    """CPU seconds (user and system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(
    command: list[str], cwd: Path, env: dict[str, str], check: bool = True
) -> tuple[float, float, str]:
    """Run ``command``; its wall and CPU seconds and its output. Exits on failure if ``check``."""
    cpu, start = children_cpu(), time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    wall, used = time.monotonic() - start, children_cpu() - cpu
    if check and done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stdout}{done.stderr}")
    return wall, used, done.stdout + done.stderr


def line(label: str, wall: float, cpu: float) -> None:
    print(f"{label:<44} wall {wall:7.2f} s   CPU {cpu:7.2f} s", flush=True)


def make_venv(where: Path) -> Path:
    """A fresh virtual environment; its bin directory."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    return where / ("Scripts" if os.name == "nt" else "bin")


def environment(scratch: Path) -> dict[str, str]:
    """This process's environment, with dukec's cache in the scratch directory."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env = {k: v for k, v in env.items() if not k.startswith(("DUKEC_", "PRE_COMMIT"))}
    env["DUKEC_CACHE_DIR"] = str(scratch / "cache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def install(scratch: Path, source: Path, env: dict[str, str]) -> Path:
    """Figure 1; the environment's bin directory."""
    bindir = make_venv(scratch / "venv")
    wall, cpu, _ = timed([str(bindir / "python"), "-m", "pip", "install", "."], source, env)
    line("pip install . (fresh environment)", wall, cpu)
    wall, cpu, _ = timed([str(bindir / "dukec"), "build", "tiles/", "-o", "out.json"], source, env)
    line("dukec build tiles/ (first run)", wall, cpu)
    return bindir


def startup(bindir: Path, source: Path, env: dict[str, str], runs: int) -> None:
    """Figure 2."""
    sample = str(source / "tiles" / SAMPLE)
    commands = {
        "python -c pass": [str(bindir / "python"), "-c", "pass"],
        "dukec --help": [str(bindir / "dukec"), "--help"],
        f"dukec fmt --check tiles/{SAMPLE}": [str(bindir / "dukec"), "fmt", "--check", sample],
    }
    first = timed(commands[f"dukec fmt --check tiles/{SAMPLE}"], source, env)
    line(f"dukec fmt --check tiles/{SAMPLE} (first run)", first[0], first[1])
    for label, command in commands.items():
        times = [timed(command, source, env)[:2] for _ in range(runs)]
        wall = statistics.median(t[0] for t in times)
        cpu = statistics.median(t[1] for t in times)
        line(f"{label} (median of {runs})", wall, cpu)


def hooks(scratch: Path, source: Path, env: dict[str, str]) -> None:
    """Figure 3."""
    bindir = make_venv(scratch / "pre-commit")
    timed([str(bindir / "python"), "-m", "pip", "install", "--quiet", "pre-commit"], scratch, env)
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost"]
    # try-repo installs the hook repository's HEAD: commit the copy as it is.
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run([*git, *command], cwd=source, check=True)
    project = scratch / "project"
    project.mkdir()
    shutil.copy(REPO / "tiles" / SAMPLE, project / SAMPLE)
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "a tile"]):
        subprocess.run([*git, *command], cwd=project, check=True)
    for hook in HOOKS:
        hook_env = dict(env, PRE_COMMIT_HOME=str(scratch / f"store-{hook}"))
        command = [str(bindir / "pre-commit"), "try-repo", str(source), hook, "--all-files"]
        wall, cpu, output = timed(command, project, hook_env, check=False)
        line(f"pre-commit try-repo {hook}", wall, cpu)
        if "Passed" not in output:
            print(f"    the hook did not pass:\n{output}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each start-up figure")
    parser.add_argument("--skip-install", action="store_true", help="leave out figures 1 and 2")
    parser.add_argument(
        "--here",
        action="store_true",
        help="figure 2 only, of the dukec installed beside this Python (no install)",
    )
    parser.add_argument("--skip-hooks", action="store_true", help="leave out figure 3")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="dukec-install-times-"))
    try:
        source = scratch / "source"
        shutil.copytree(REPO, source, ignore=IGNORE)
        env = environment(scratch)
        print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; in {scratch}")
        if args.here:
            startup(Path(sys.executable).parent, source, env, args.runs)
        elif not args.skip_install:
            bindir = install(scratch, source, env)
            startup(bindir, source, env, args.runs)
        if not args.skip_hooks:
            hooks(scratch, source, env)
    finally:
        if args.keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
