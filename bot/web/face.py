"""The one place bot/web reaches the page's code (present/web: frames and the page, shared with the replay)."""
from __future__ import annotations

from bot.table import Frame, Table

try:
    from present.web import frames, page
except ImportError:  # TEMPORARY until i34replay's present/web is merged
    frames = page = None  # type: ignore[assignment]

LIVE_CSP = page.LIVE_CSP if page else "default-src 'none'; connect-src 'self'; script-src 'unsafe-inline'"


def public_frame(table: Table, log: list[str], frame: Frame) -> dict:
    """The public view of the table at this version, as the page shows it (the reading language)."""
    if frames is not None:
        return frames.build(table, None, log, frame)
    from bot import render
    from present import fmt
    return {"version": table.version, "step": table.version, "view": "public", "status": table.status,
            "turn": fmt.plain_line(render.waiting(table, frame)), "board": fmt.plain(render.board_doc(table, frame)),
            "picture": None, "log": list(log)}


def warm_picture(png: bytes, key: str) -> None:
    """Encode a picture for the page ahead (on a worker thread): public_frame finds it in its cache."""
    if frames is not None:
        frames.picture_src(png, key)


def live_page(title: str) -> str:
    if page is not None:
        return page.render(None, title=title, csp=LIVE_CSP)
    return f"<!DOCTYPE html><title>{title}</title><main id='rookery'></main>"
