"""The replay file: a game's every step as frames (present/web/frames.py), packed into one self-contained HTML
page (present/web/page.py) that opens offline with no request at all.

Which views: the public view always; each seat's view only when the game is over (finished or ended early),
when every hand may be shown. A replay of a game still being played is built from the public view alone, so
its bytes hold nothing a spectator could not see.

Size (a whole Black Rose Wars game must stay under 5 MB, a card game under 1 MB): every text block (a section
of a board or hand) and every picture is stored once and referred to by number from each step; each reader's
log is stored once, each step saying how many of its lines were written by then; the board picture (the same in
every view) is stored as the tiles that changed (present/web/pictures.py), and the whole is gzipped. Seats' own
pictures are left out: a seat's hand is in its view's text. Where a long game's pictures would still pass the
limit (a whole Raven game's would weigh ~2.5 MB), they are drawn at as many steps as fit, spread evenly; every step
keeps its exact text, and a step without its own picture says which step's it shows.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from bot.render import board_picture, describe
from bot.table import Seat, Table
from engine import GAMES
from present import LogFilter, fmt
from present.web import frames, page
from present.web.pictures import FINE_QUALITY, GUTTER, QUALITY, TILE, WIDTH, Stream

FINISHED = ("over", "ended")
# What a whole game's page may weigh (issue 34), and the share of it the board pictures may take (the text, about
# 150 kB gzipped for a Raven game, takes the rest).
SIZE_LIMIT = {"blackrose": 5_000_000}
# The Lodge's small words need every pixel it is drawn with (the page shows it whole at 400 px and up); a card
# game's big cards read well at 560 px, which leaves room for a picture at more steps.
FULL_SIZE = {"blackrose"}
CARD_GAME_LIMIT = 1_000_000
PICTURE_SHARE = 0.8
HEAD_START = 0.1  # of the pictures' budget, there from the first step: a key picture outweighs one step's share


def table_at_start(data: dict) -> Table:
    """The table as the replay file describes it, at version 0 (names as the server showed them)."""
    game = GAMES[data["game"]]
    seats = [Seat(seat=s["seat"], user_id=None if s.get("bot") else 0, name=s["name"]) for s in data["seats"]]
    table = Table(id=data["game_id"], guild_id=0, channel_id=0, game_key=data["game"], status="active",
                  host_id=-1, options=data["options"] or {}, turn_seconds=int(data.get("turn_seconds") or 0),
                  seed=data["seed"], seats=seats)
    table.state = game.new([s.seat for s in seats], data["seed"], data["options"])
    return table


def steps(data: dict) -> Iterator[tuple[Table, list[dict]]]:
    """The table after each of its versions (0 to the last), with the events that version's action made,
    logged as the service logs them."""
    table, loggable = table_at_start(data), LogFilter()
    yield table, []
    last = len(data["actions"])
    for number, entry in enumerate(data["actions"], start=1):
        events = table.apply(entry["seat"], entry["action"])
        table.seat(entry["seat"]).moves += 1
        table.version += 1
        for event in events:
            if loggable(table.game_key, event, table.names):
                table.log(event.get("to"), event)
        if number == last:
            table.status = "over" if table.started.over else data.get("status", "ended")
            table.touch()
        yield table, events


def views(data: dict) -> list[str | None]:
    """Who the replay may be read as: the public, and every seat once the game is over."""
    seats = [s["seat"] for s in data["seats"]] if data.get("status") in FINISHED else []
    return [None, *seats]


class _Pool:
    """Equal JSON values stored once: each gets a number, the first time it is seen."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[str, int] = {}

    def ref(self, value: Any) -> int:
        key = json.dumps(value, ensure_ascii=False, sort_keys=True)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.items)
            self.items.append(value)
        return found


def _pack_doc(doc: dict | None, texts: _Pool, blocks: _Pool) -> list | None:
    if doc is None:
        return None
    sections = [blocks.ref([texts.ref(s["title"]), [texts.ref(x) for x in s["lines"]]]) for s in doc["sections"]]
    return [texts.ref(doc["title"]), sections, texts.ref(doc["footer"])]


def build(data: dict, *, title: str = "") -> dict:
    """Every step of the game, for every view it may be read as, packed (the page's `unpack` reverses it)."""
    readers = views(data)
    texts, blocks, images = _Pool(), _Pool(), []
    fine = data["game"] in FULL_SIZE
    board = Stream(images, None if fine else WIDTH, FINE_QUALITY if fine else QUALITY)
    shown: list[int | None] = []     # each step's picture (its number in `board`)
    stale: dict[int, int] = {}       # a step left without its own picture -> the step whose picture it shows
    drawn = 0
    total = len(data["actions"]) + 1
    budget = PICTURE_SHARE * SIZE_LIMIT.get(data["game"], CARD_GAME_LIMIT)
    logs: dict[str, list[str]] = {frames.view_name(r): [] for r in readers}
    packed: dict[str, list] = {frames.view_name(r): [] for r in readers}
    for table, events in steps(data):
        for reader in readers:
            name = frames.view_name(reader)
            log = logs[name]
            for event in events:
                if event.get("to") in (None, reader) and (said := describe(table, event)):
                    log.append(fmt.plain_line(said))
            frame = frames.build(table, reader, [], pictures=False)
            packed[name].append([
                frame["version"], frame["round"], texts.ref(frame["round_label"]), texts.ref(frame["turn"]),
                frame["status"], _pack_doc(frame["board"], texts, blocks), _pack_doc(frame["hand"], texts, blocks),
                len(log)])
        # The budget accrues step by step: a picture is drawn at every step while it fits, else at the next step
        # it does (and always at the first and last); a step between shows the last one drawn, and says so.
        allowed = budget * (HEAD_START + (1 - HEAD_START) * len(shown) / total)
        if board.size() <= allowed or len(shown) in (0, total - 1):
            found = board_picture(table)
            shown.append(board.add(*found) if found else None)
            drawn = len(shown) - 1
        else:
            stale[len(shown)] = drawn
            shown.append(shown[-1])
        final = table
    return {"format": "rookery-replay-page", "game": data["game"], "game_id": data["game_id"],
            "title": title or GAMES[data["game"]].title, "status": final.status,
            "seats": [{"seat": s.seat, "name": s.name} for s in final.seats],
            "views": list(packed), "texts": texts.items, "blocks": blocks.items,
            "images": images, "board": board.entries, "shown": shown, "stale": stale, "tile": TILE, "gutter": GUTTER,
            "logs": logs, "frames": packed}


def html(data: dict) -> bytes:
    """The self-contained replay page for an export (bot/replay.py), in the reading language."""
    return page.render(build(data)).encode("utf-8")
