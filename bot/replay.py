"""Replay files: a finished game as JSON (game, options, seats, seed, the whole action log), and the re-run
behind `rookery replay FILE`, which plays it again through the engine and prints it move by move.

Only games that are over (finished or ended) are exported: the log holds every hand and every face-down
choice, so while a game is live it would leak them. Seats carry display names only, never Discord ids.

The file says which engine made it (the game's rules version, a hash of its data files and of its code)
and the hash of the final state. A re-run whose final state hashes differently fails loudly, so a replay
under changed rules can never quietly tell a different story; a different engine version whose re-run
still matches exactly is only noted.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator

import orjson

from engine import GAMES, IllegalAction

if TYPE_CHECKING:  # present/ is imported lazily: a replay prints even without it
    from present.base import Presenter

FORMAT = "rookery-replay"
FORMAT_VERSION = 1
ROOT = Path(__file__).resolve().parent.parent


class ReplayError(Exception):
    """The file cannot be replayed faithfully here; the message says why, in plain words."""


def state_hash(state_json: Any) -> str:
    """A hash of a state's JSON, independent of key order and of tuples vs lists."""
    plain = json.loads(orjson.dumps(state_json, option=orjson.OPT_NON_STR_KEYS))
    return hashlib.sha256(json.dumps(plain, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


def _hash_files(paths: list[Path], base: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def engine_version(game_key: str) -> dict:
    """Which engine plays this game: the game's own rules version (1 unless it declares `rules_version`),
    and hashes of its data files (data/<key>/) and of its code (its engine package, or its module)."""
    game = GAMES[game_key]
    module = sys.modules.get(type(game).__module__)
    version = getattr(game, "rules_version", None) or getattr(module, "RULES_VERSION", 1)
    data_dir = ROOT / "data" / game_key
    data = [p for p in data_dir.rglob("*") if p.is_file()] if data_dir.is_dir() else []
    source = Path(getattr(module, "__file__", "") or "")
    code = [p for p in source.parent.rglob("*.py")] if source.name == "__init__.py" else [source]
    code = [p for p in code if p.is_file()]
    return {"rules_version": version, "data_hash": _hash_files(data, ROOT),
            "code_hash": _hash_files(code, source.parent) if code else ""}


def export(row: dict, actions: list[dict], live: bool = False) -> dict:
    """The replay file's content for a stored game (a games row and its action log). Only a game that is
    over, unless `live`: then it is only ever read to build the public web page (present/web/replay.py),
    never given out as JSON, which would show every hand."""
    if (row["status"] not in ("over", "ended") and not live) or row["state"] is None:
        raise ReplayError("only games that are over can be exported")
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "game_id": row["id"], "game": row["game_key"], "title": GAMES[row["game_key"]].title,
        "status": row["status"], "options": row["options"], "seed": row["seed"],
        "seats": [{"seat": s["seat"], "name": s["name"], "bot": s["user_id"] is None} for s in row["seats"]],
        "actions": [{"seat": a["seat"], "action": a["action"], "source": a["source"]} for a in actions],
        "engine": engine_version(row["game_key"]),
        "final_state_hash": state_hash(row["state"]),
        "turn_seconds": row.get("turn_seconds") or 0,  # its board showed the timer
    }


def to_bytes(data: dict) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS)


def load(raw: bytes | str) -> dict:
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ReplayError(f"not a JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not a Rookery replay file")
    if data.get("format_version") != FORMAT_VERSION:
        raise ReplayError(f"replay format {data.get('format_version')} is not one this version reads "
                          f"({FORMAT_VERSION})")
    if data.get("game") not in GAMES:
        raise ReplayError(f"this Rookery has no game called {data.get('game')!r}")
    return data


def rerun(data: dict) -> Iterator[str]:
    """Play the file again and yield it as text, move by move, then the result. Raises ReplayError (after
    the lines it could produce) when the engine refuses a move or ends in a different state."""
    game = GAMES[data["game"]]
    text = _Text(data["game"])
    names = {s["seat"]: s["name"] for s in data["seats"]}
    here = engine_version(data["game"])
    made = data.get("engine", {})
    yield f"{game.title} — game #{data['game_id']}, seed {data['seed']}, options {data['options']}"
    yield "Seats: " + ", ".join(f"{s} {n}" for s, n in names.items())
    state = game.new(list(names), data["seed"], data["options"])
    for number, entry in enumerate(data["actions"], start=1):
        seat, action = entry["seat"], entry["action"]
        label = text.label(action, state.view(seat), names)
        try:
            events = state.act(seat, action)
        except IllegalAction as exc:
            raise ReplayError(f"move {number} ({names.get(seat, seat)}: {label}) is illegal under this engine: "
                              f"{exc}{_versions(made, here)}") from None
        timer = " (timer)" if entry.get("source") == "timer" else ""
        yield f"{number:>4}. {names.get(seat, seat)}{timer}: {label}"
        for event in events:
            if event.get("to") is None and (line := text.describe(event, names)):
                yield f"        {line}"
    if state_hash(state.to_json()) != data["final_state_hash"]:
        raise ReplayError("the re-run ends in a different state from the one the game ended in: this engine's "
                          f"rules differ from the ones that played it{_versions(made, here)}")
    if data["status"] != "over" or not state.over:
        yield f"The game was ended early, after {len(data['actions'])} moves. No result."
    else:
        yield text.result(state, names)
    if made and made != here:
        yield f"(Made by engine {_engine(made)}; this is {_engine(here)}. The re-run still matches exactly.)"
    yield "Replay verified: the final state matches the one stored when the game ended."


def _versions(made: dict, here: dict) -> str:
    return f" (file made by engine {_engine(made)}, this is {_engine(here)})" if made != here else ""


def _engine(version: dict) -> str:
    return (f"rules v{version.get('rules_version', '?')}, data {str(version.get('data_hash', '?'))[:8]}, "
            f"code {str(version.get('code_hash', '?'))[:8]}")


class _Text:
    """The game's presenter when it has one, falling back to plain data, so a replay always prints."""

    def __init__(self, key: str) -> None:
        self.presenter: Presenter | None = None
        self.fmt: ModuleType | None = None
        try:
            from present import fmt, presenter

            self.presenter, self.fmt = presenter(key), fmt
        except Exception:
            self.presenter = self.fmt = None

    # Without a presenter each method's own fallback answers: the asserts below land in its `except`.
    def label(self, action: dict, view: dict, names: dict) -> str:
        try:
            assert self.presenter is not None
            return self.presenter.label(action, view, names)
        except Exception:
            return json.dumps(action, sort_keys=True)

    def describe(self, event: dict, names: dict) -> str:
        try:
            assert self.presenter is not None and self.fmt is not None
            found = self.presenter.describe(event, names)
            return self.fmt.plain_line(found) if found else ""
        except Exception:
            return ""

    def result(self, state, names: dict) -> str:
        result = state.result()
        try:
            assert self.presenter is not None and self.fmt is not None
            return self.fmt.plain(self.presenter.result(state.view(None), result, names))
        except Exception:
            winners = ", ".join(names.get(s, s) for s in result["winners"])
            scores = ", ".join(f"{names.get(s, s)} {v}" for s, v in result["scores"].items())
            return f"Game over. Winners: {winners}. Scores: {scores}."


def web_page(data: dict, lang: str = "en") -> bytes:
    """The replay as one self-contained HTML page in `lang` (present/web/replay.py): public view only unless
    the game is over."""
    from present.i18n import reading
    from present.web import replay as web_replay

    with reading(lang):
        return web_replay.html(data)


def main(path: str, out=None, html: str | None = None, lang: str = "en") -> int:
    """`rookery replay FILE [--html OUT]`: print the game (and write its web page); exit status 0 when the
    re-run matches, 1 when it can't."""
    out = out or sys.stdout
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        print(f"rookery replay: can't read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        for line in rerun(load(raw)):
            print(line, file=out)
    except ReplayError as exc:
        print(f"rookery replay: {path}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `rookery replay FILE | head`: the reader has seen enough
        sys.stderr.close()
        return 0
    if html:
        try:
            Path(html).write_bytes(web_page(load(raw), lang))
        except OSError as exc:
            print(f"rookery replay: can't write {html}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    return 0
