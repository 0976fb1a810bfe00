"""The one place bot/web reaches the page's code (present/web: the frames and the one client, shared with the
replay file), so the live page can never draw a table another way than the replay does."""
from __future__ import annotations

from bot.table import Frame, Table
from present.web import frames, page

LIVE_CSP = page.LIVE_CSP


def public_frame(table: Table, log: list[str], frame: Frame) -> dict:
    """The public view of the table at this version, as the page shows it (the reading language)."""
    return frames.build(table, None, log, frame)


def warm_picture(png: bytes, key: str) -> None:
    """Encode a picture for the page ahead (on a worker thread): public_frame finds it in its cache."""
    frames.picture_src(png, key)


def live_page(title: str) -> str:
    return page.render(None, title=title, csp=LIVE_CSP)
