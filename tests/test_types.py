"""`mypy bot cogs` passes with the project's config ([tool.mypy] in pyproject.toml): the Discord side and the
process stay type-checked in the ordinary test run (engine/ and present/ are followed, not reported)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bot_and_cogs_type_check():
    done = subprocess.run([sys.executable, "-m", "mypy", "bot", "cogs"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"mypy bot cogs failed:\n{done.stdout}{done.stderr}"
