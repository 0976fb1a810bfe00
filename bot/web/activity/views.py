"""What one person's Activity shows: their own frame (a seat's view with its choices, or the public view), or
the channel's lobby. Built in the reader's language from the same pieces as chat: frames.build (the page's
frame), render.choices with the game's policy (so a bundle's number is the one TableService.click resolves)
and present/web/targets.interactive (what each choice names on the table: a card, a room, a spell).

A spectator's frame is frames.build(table, None, …): the public view and the public log only, never a seat's.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

from bot import render
from bot.render import ChoicePolicy
from bot.table import LOG_KEEP, Frame, Table
from engine import GAMES
from present import fmt
from present.i18n import lang, reading, tr
from present.web import frames, targets


def reader_of(table: Table, user_id: int) -> str | None:
    """The seat this member plays (None: a spectator, or a game not dealt yet)."""
    seat = table.seat_of(user_id)
    return seat.seat if seat is not None and table.state is not None else None


def seat_targets(table: Table, frame: Frame, reader: str) -> dict[str, Any]:
    """targets.interactive for this seat at this version (once per version: the frame keeps it)."""
    def build() -> dict[str, Any]:
        legal = frame.prompted(reader) if table.status == "active" and not table.started.over else []
        return targets.interactive(table.game_key, frame.view(reader), list(legal or []), table.names)
    return frame.memo(("activity targets", reader, lang()), build)  # its labels are in the reading language


def wants_hand_picture(table: Table, frame: Frame, reader: str | None) -> bool:
    """A seat's own picture only where its cards are not given as things to click (the page shows one or the
    other): drawing and encoding it is most of a frame's cost."""
    return reader is not None and seat_targets(table, frame, reader).get("cards") is None


def picture_of(found) -> dict | None:
    if not found:
        return None
    png, key = found
    return {"key": key, "src": frames.picture_src(png, key)}


async def warm_pictures(table: Table, frame: Frame, reader: str | None, lang: str) -> None:
    """Draw and encode this reader's pictures on a worker thread (Pillow gives up the GIL), from views built
    here on the loop; frame_message then finds them in their caches (as the watch page does: bot/web/watchers.py)."""
    if not table.game.traits.pictures:
        return
    frame.view(None)
    hand = wants_hand_picture(table, frame, reader)
    if reader is not None:
        frame.view(reader)

    def draw() -> None:
        with reading(lang):
            for found in (render.board_picture(table, frame),
                          render.hand_picture(table, reader, frame) if hand and reader is not None else None):
                if found:
                    frames.picture_src(*found)
    await asyncio.to_thread(draw)


def frame_message(table: Table, frame: Frame, user_id: int, name: str, policy: ChoicePolicy) -> dict[str, Any]:
    """{"kind": "frame", "frame": …} for this member (call inside reading(lang), on the loop)."""
    reader = reader_of(table, user_id)
    log = [fmt.plain_line(said) for said in render.log_lines(table, reader, LOG_KEEP)]
    data = frames.build(table, reader, log, frame, pictures=False)
    data["picture"] = picture_of(render.board_picture(table, frame))
    data["me"] = {"seat": reader, "name": name}
    data["choices"], data["cards"], data["lodge"] = None, None, None
    if reader is None:
        return {"kind": "frame", "frame": data}
    found = seat_targets(table, frame, reader)
    data["cards"], data["lodge"] = found.get("cards"), found.get("lodge")
    if data["cards"] is None:
        data["hand_picture"] = picture_of(render.hand_picture(table, reader, frame))
    legal = frame.prompted(reader) if table.status == "active" and not table.started.over else []
    if legal:
        data["choices"] = choices_of(table, frame, reader, policy, found["targets"])
    return {"kind": "frame", "frame": data}


def choices_of(table: Table, frame: Frame, reader: str, policy: ChoicePolicy, aims: list[dict]) -> dict | None:
    offered = render.choices(table, reader, frame, policy)
    if offered is None:
        return None
    together = offered.together
    return {"prompt": offered.key, "ask": offered.placeholder,
            "actions": [{"index": i, "label": offered.labels[i], **(aims[i] if i < len(aims) else {})}
                        for i in offered.order],
            "bundles": [{"n": n, "label": fmt.label(b.label)} for n, b in enumerate(offered.bundles or [])],
            "together": {"indexes": together[0], "min": together[1], "max": together[2]} if together else None}


def lobby_message(table: Table | None, user_id: int, serves: Callable[[str], bool]) -> dict[str, Any]:
    """{"kind": "lobby", …}: the channel's open lobby, or (table None) the games one may open here."""
    games = [{"key": key, "title": game.title} for key, game in GAMES.items() if serves(key)]
    if table is None or table.status != "lobby":
        return {"kind": "lobby", "lobby": {
            "table": None, "game": None, "title": tr("No game in this channel yet"), "seats": [], "joined": False,
            "can_join": False, "can_start": False, "can_add_bot": False, "games": games,
            "text": tr("Choose a game to open a table here; the others join it.")}}
    game, seats = table.game, table.seats
    joined = table.seat_of(user_id) is not None
    host = user_id == table.host_id
    room = len(seats) < game.max_players
    return {"kind": "lobby", "lobby": {
        "table": table.id, "game": table.game_key, "title": game.title,
        "seats": [{"name": s.name, "bot": s.is_bot} for s in seats], "joined": joined,
        "can_join": not joined and room, "can_start": host and len(seats) >= game.min_players,
        "can_add_bot": host and room, "games": games, "text": fmt.plain(render.lobby_doc(table))}}
