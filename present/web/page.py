"""The one page (page.html, style.css, client.js, all shipped inside the package: no build step, no Node), filled
in the reading language: with the replay's data inline it is the replay file; without it, the live page.

Everything is inline and the page's Content Security Policy forbids every request but the live page's
WebSocket to its own server, so a replay opened by double-click reaches no network at all.
"""
from __future__ import annotations

import base64
import gzip
import html
import json
from functools import lru_cache
from pathlib import Path

from present.i18n import lang, tr

HERE = Path(__file__).resolve().parent
# The replay reaches nothing; pictures are data: URLs; styles and the script are inline.
REPLAY_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
LIVE_CSP = REPLAY_CSP + "; connect-src 'self'"


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def strings() -> dict[str, str]:
    """The page's own words, in the reading language (the client fills {fields} in)."""
    return {
        "public": tr("Public view"),
        "seat_view": tr("{name}'s view"),
        "step_of": tr("step {n} of {last}"),
        "connecting": tr("Connecting…"),
        "reconnecting": tr("Connection lost: reconnecting…"),
        "picture_from": tr("The picture shows step {n}; the text below is this step's."),
    }


def _script_json(value) -> str:
    """JSON inside a <script> element: "</" and "<!--" could end or confuse it, so "<" is escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def pack(data: dict) -> str:
    """A replay's data as the page carries it: JSON, gzipped (text repeats from step to step), base64."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> dict:
    """The data back from the page's text (for tests and tools)."""
    return json.loads(gzip.decompress(base64.b64decode(text)))


def render(data: dict | None, *, title: str = "", csp: str | None = None) -> str:
    """The page: the replay when `data` is a packed replay (present/web/replay.py), else the live page."""
    title = title or (tr("Replay of game #{id}: {game}", id=data["game_id"], game=data["title"]) if data
                      else tr("Rookery table"))
    words = {
        "controls": tr("Replay controls"), "first": tr("First step"), "prev_round": tr("Previous round"),
        "prev": tr("Previous step"), "next": tr("Next step"), "next_round": tr("Next round"),
        "last": tr("Last step"), "step_word": tr("Step"), "view_word": tr("View"), "picture_word": tr("The board"),
        "hand_picture_word": tr("Your hand"), "log_word": tr("Log"),
        "zoom_word": tr("Tap to see the picture at full size"),
    }
    fields = {key: html.escape(value) for key, value in words.items()}
    fields.update(lang=html.escape(lang()), title=html.escape(title), mode="replay" if data else "live",
                  csp=html.escape(csp or (REPLAY_CSP if data else LIVE_CSP)), style=asset("style.css"),
                  script=asset("client.js"), strings=_script_json(strings()),
                  data=pack(data) if data is not None else "")
    return asset("page.html").format_map(fields)
