"""Read-only card and board definitions from the top-level data/ folder (JSON or TOML), cached.

Loading static definitions once at import is the engine's only file access; states never do I/O.
"""
from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@lru_cache(maxsize=None)
def load(relative: str) -> Any:
    path = DATA_DIR / relative
    if path.suffix == ".toml":
        return tomllib.loads(path.read_text(encoding="utf-8"))
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    return path.read_text(encoding="utf-8")
