"""Frames: what the web page shows of one table at one version, for one reader, as JSON-able data.

The web is a third face of the presenters, beside Discord and the terminal: a frame is built from the same
Docs (bot/render.py's board and hand) and the same pictures, in the reading language (present.i18n.reading),
so the page can never show a second copy of a game. A frame for the public is built from view(None) and the
public log only; a seat's frame from that seat's view and the lines addressed to it. Players are named as the
server showed them (the seats' display names), never by a Discord id.

A frame (`build()`):
    {"game": "raven", "title": "…", "version": 12, "step": 12,
     "round": 3,                       # the round / hand / Game Turn number (PageUp/PageDown jump by it)
     "round_label": "Hand 3",          # the same, in words (may be "")
     "view": "public" | "p1",          # whose view this is
     "seats": [{"seat": "p1", "name": "Ann"}, …],
     "status": "active" | "paused" | "over" | "ended",
     "turn": "⏳ waiting for Ann",     # whose turn, from the public view only
     "board": {"title": …, "sections": [{"title": …, "lines": [str, …]}], "footer": str},
     "hand": {…same shape…} | None,    # a seat's own hand (seat views only)
     "picture": {"key": str, "src": "data:image/…"} | None,       # the board picture
     "hand_picture": {"key": str, "src": "data:image/…"} | None,  # the seat's own picture, if it differs
     "log": [str, …]}                  # every log line this reader may read, up to this version

Pictures carry a `key` (a hash of what they show): a sender may leave `src` out of a picture whose key it has
sent before, and the client reuses the one it has. The replay file packs frames further (present/web/replay.py).

The live-mode contract (the one client, present/web/client.js, serves both the replay file and the live page):
- Given no inline data, the page opens a WebSocket at `ws(s)://<the page's location>/ws`, i.e. the page URL's
  path with "/ws" appended (ws: for http:, wss: for https:).
- The server sends JSON messages `{"kind": "frame", "frame": {…a frame as above…}}`; the client renders the
  latest one (frames whose version is older than the one shown are ignored).
- When the socket closes, the client reconnects with backoff (1 s, 2 s, 4 s … at most 30 s) and, once open,
  sends `{"kind": "hello", "version": <the last version it has seen, or -1>}` so the server catches it up
  (at least the newest frame). It sends nothing else.
"""
from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image

from bot import render
from bot.table import Frame, Table
from present import fmt
from present.base import Doc
from present.i18n import tr

# The view key holding a game's round counter, first found wins: Raven and Nevermore count hands, The
# Deadlies turns, The Everrain rounds, Black Rose Wars Game Turns.
ROUND_KEYS = ("hand_no", "turn_number", "round", "turn")
WEBP_QUALITY = 82  # lossy WebP: a Lodge picture at about a fifth of its PNG, still sharp at 400 px wide


def doc_json(doc: Doc) -> dict:
    """A Doc as plain text blocks (names and game words are text here: the page escapes them as text)."""
    return {"title": doc.title,
            "sections": [{"title": s.title, "lines": [fmt.plain_line(x) for x in s.lines]}
                         for s in doc.sections if s.lines],
            "footer": fmt.plain_line(doc.footer)}


def view_name(reader: str | None) -> str:
    """How a frame and the page name a view: "public", or the seat id."""
    return "public" if reader is None else reader


def round_number(view: dict) -> int:
    for key in ROUND_KEYS:
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def round_label(game_key: str, number: int) -> str:
    if not number:
        return ""
    if game_key == "blackrose":
        return tr("Game Turn {n}", n=number)
    if game_key in ("raven", "nevermore"):
        return tr("Hand {n}", n=number)
    if game_key == "deadlies":
        return tr("Turn {n}", n=number)
    return tr("Round {n}", n=number)


_SOURCES: dict[str, str] = {}  # picture key -> its data URL (drawn pictures are cached by key too)


def picture_src(png: bytes, key: str) -> str:
    """A picture as a data URL the page can show with no request: re-encoded as lossy WebP (the board
    pictures are drawings with gradients; WebP keeps them sharp at a fraction of the PNG's bytes)."""
    found = _SOURCES.get(key)
    if found is None:
        with Image.open(io.BytesIO(png)) as image:
            out = io.BytesIO()
            image.convert("RGB").save(out, "WEBP", quality=WEBP_QUALITY, method=4)
        found = "data:image/webp;base64," + base64.b64encode(out.getvalue()).decode("ascii")
        if len(_SOURCES) > 256:
            _SOURCES.clear()
        _SOURCES[key] = found
    return found


def _picture(found) -> dict | None:
    if not found:
        return None
    png, key = found
    return {"key": key, "src": picture_src(png, key)}


def log_text(table: Table, reader: str | None, actions: list[dict]) -> list[str]:
    """Every log line `reader` may read so far, as a frame's "log" (rebuilt from the stored actions)."""
    return [fmt.plain_line(said) for said in render.full_log(table, reader, actions)]


def build(table: Table, reader: str | None, log: list[str], frame: Frame | None = None,
          pictures: bool = True) -> dict[str, Any]:
    """The frame of `table` at its current version for `reader` (None: the public), in the reading
    language. `log`: this reader's log lines up to this version (render.full_log, as plain text).
    `pictures=False` leaves the pictures out (the replay file stores the board's its own way)."""
    frame = frame or table.frame()
    number = round_number(frame.view(None))
    return {
        "game": table.game_key,
        "title": table.game.title,
        "version": table.version,
        "step": table.version,
        "round": number,
        "round_label": round_label(table.game_key, number),
        "view": view_name(reader),
        "seats": [{"seat": s.seat, "name": s.name} for s in table.seats],
        "status": table.status,
        "turn": fmt.plain_line(render.waiting(table, frame)),
        "board": doc_json(render.board_doc(table, frame)),
        "hand": doc_json(render.hand_doc(table, reader, frame=frame)) if reader is not None else None,
        "picture": _picture(render.board_picture(table, frame)) if pictures else None,
        "hand_picture": (_picture(render.hand_picture(table, reader, frame))
                         if pictures and reader is not None else None),
        "log": list(log),
        "over": table.started.over,
    }
