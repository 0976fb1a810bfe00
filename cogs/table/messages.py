"""A table's messages as its readers see them, built from the table's Frame: the public board in the
server's language, each seat's hand (its DM form, or the fuller one "My hand" answers with), and their
pictures drawn ahead on a worker thread. The Publisher (publisher.py) sends them; a click's answer
(clicks.py) is built here too, from the same Frame, so the two never differ."""
from __future__ import annotations

import asyncio
from typing import Callable

from bot import render
from bot.table import Frame, Table
from cogs.table.components import board_rows, choice_rows
from cogs.table.games import policy
from cogs.table import parts as P
from cogs.table.layout import Message, layout
from cogs.table.settings import MemberSettings
from present import fmt
from present.base import Doc, Section, line
from present.fmt import TEXT_MAX
from present.i18n import reading, tr

BOARD_FILE, HAND_FILE = "board.png", "hand.png"
UNKNOWN_FILES = "?"  # an older message's attachments, not recorded: an edit given this as the old key drops them


class Messages:
    """Builds (and memoizes in the table's Frame) a table's messages: for the Publisher, which sends them,
    and for a click's own answer. `bot` finds the table's channel in discord.py's cache; `settings` gives
    each reader's language."""

    def __init__(self, bot, settings: MemberSettings) -> None:
        self.bot = bot
        self.settings = settings
        self.watch_url: Callable[[int], str | None] = lambda table_id: None  # the Watch button's (bot/web/)
        self.activity = False  # the board's Open table button (ROOKERY_ACTIVITY; the app sets it)

    async def draw_ahead(self, table: Table, *, board: bool = True,
                         hands: Callable[[Frame, str], bool] | None = lambda frame, seat_id: True) -> None:
        """Draw the pictures of the table's current version that a pass is about to build (the board's if
        `board`, the DM hand pictures of the seats `hands` picks) on a worker thread before the pass builds
        its messages, which then find them in present/draw.py's cache. Only what the pass may send is
        drawn: a board waiting for its turn is drawn when its turn comes, once (cogs/table/pacer.py).
        Pillow gives up the GIL while it draws and encodes, so the event loop goes on answering clicks
        meanwhile (bench/bench_loop_lag.py); drawn inline, a board held it 12 ms (a card game) to 40 ms
        (the Lodge).

        Without the table's lock, so a click on this table does not wait either: the views are built here,
        on the loop, before the thread starts, and the thread reads only those (a Frame's views are made
        once; the state is never read off the loop). If a move lands meanwhile, the pass builds from the
        newer version and draws inline whatever changed."""
        dm_picture = policy(table.game_key).dm_picture  # the game's cog: whether hand pictures go in DMs
        if not table.game.traits.pictures or table.state is None or not (board or (hands and dm_picture)):
            return
        frame = table.frame()
        board_lang = await self.settings.guild_lang(table.guild_id)
        await self.settings.load_members(s.user_id for s in table.seats)
        if frame is not table.frame():
            return  # a move landed during the look-ups: the pass draws inline
        frame.view(None)
        unasked = frame.unasked()
        pictures: list[tuple[str | None, str]] = [(None, board_lang)] if board else []  # None: the board
        pictures += [(s.seat, self.settings.member_lang(s.user_id)) for s in table.seats
                     if hands is not None and dm_picture and not s.is_bot and not s.dm_closed
                     and s.seat not in unasked and hands(frame, s.seat)]
        await self._draw(table, frame, pictures)

    async def draw_hand(self, table: Table, seat_id: str, dm: bool) -> None:
        """A seat's own picture, drawn on the worker thread before its message is built (a click's answer:
        the caller holds the table's lock, so the version cannot change meanwhile)."""
        if table.game.traits.pictures and table.state is not None and (policy(table.game_key).dm_picture or not dm):
            seat = table.seat(seat_id)
            await self._draw(table, table.frame(), [(seat_id, self.settings.member_lang(seat.user_id))])

    @staticmethod
    async def _draw(table: Table, frame: Frame, readers: list[tuple[str | None, str]]) -> None:
        """Draw these readers' pictures (None: the board) into present/draw.py's cache on a worker thread.
        Their views are built first, here on the loop: the thread reads only those, never the state."""
        for reader, _ in readers:
            frame.view(reader)
        frame.view(None)

        def draw() -> None:
            for reader, lang in readers:
                with reading(lang):
                    if reader is None:
                        render.board_picture(table, frame)
                    else:
                        render.hand_picture(table, reader, frame=frame)
        await asyncio.to_thread(draw)

    @staticmethod
    def board_doc(table: Table, frame: Frame, lang: str):
        """The public board's Doc in a language: built once per version and language, for the board message
        and for each DM in that language (which leaves out what the board shows)."""
        def build():
            with reading(lang):
                return render.board_doc(table, frame)
        return frame.memo(("board-doc", lang), build)

    def board_message(self, table: Table, frame: Frame, lang: str) -> Message:
        """The public board in the server's language (built once per version and language)."""
        live = table.status in ("active", "paused")
        watch = self.watch_url(table.id) if live else None

        def build() -> Message:
            doc = self.board_doc(table, frame, lang)
            with reading(lang):
                picture = render.board_picture(table, frame)
                rows = board_rows(table.id, watch, self.activity) if live else []
                return layout(doc, colour=policy(table.game_key).colour, picture=picture,
                              picture_name=BOARD_FILE, rows=rows)
        return frame.memo(("board", lang, table.status, watch, self.activity), build)

    def hand_message(self, table: Table, seat_id: str, frame: Frame | None = None, *, private: bool,
                     page: int = 0, lang: str | None = None, note: str = "") -> Message:
        """A seat's hand and choices in its member's language: `private` is the DM form (without what the
        board already shows); otherwise the form "My hand" answers with (the board's sections included).
        `note` goes above it (why a click was refused)."""
        frame = frame or table.frame()
        lang = lang or self.settings.member_lang(table.seat(seat_id).user_id)

        def build() -> Message:
            def board():
                return self.board_doc(table, frame, lang)
            with reading(lang):
                doc = render.hand_doc(table, seat_id, self.where(table), private, board, frame)
                if note:
                    doc.sections.insert(0, Section("", [line(note)]))
                game = policy(table.game_key)  # the game's cog: its colour, DM picture and choices
                picture = render.hand_picture(table, seat_id, frame) if game.dm_picture or not private else None
                rows = choice_rows(table.id, seat_id, render.choices(table, seat_id, frame, game), page)
                return layout(doc, colour=game.colour, picture=picture,
                              picture_name=HAND_FILE, rows=rows)
        # A refusal's message (with its note) is kept too: a member clicking a prompt the table has moved past
        # tends to click it again before the new one lands, and each refusal would build it all afresh.
        return frame.memo(("hand", seat_id, private, page, lang, note), build)

    def refusal_message(self, table: Table, seat_id: str, *, lang: str, note: str,
                        dm_picture: str | None) -> Message:
        """A refused click's answer: `note` (why) above the seat's DM form of the current version, the very
        Message the publisher builds (and draws) for that seat's DM, so a refusal builds and draws nothing
        of its own. Under load members click prompts whose update still waits behind the rate limits, and a
        refusal that built the fuller "My hand" form (board sections, its own picture) in each new version
        cost several times a move. Only the clicker's own seat is read, as before. The picture is left out
        when the seat's DM already shows it (`dm_picture`: the DM's recorded picture key)."""
        base = self.hand_message(table, seat_id, private=True, lang=lang)
        (box, *after) = base.view.to_components()
        inside = list(box["components"])
        texts = sum(len(c["content"]) for c in inside if c["type"] == P.TEXT)
        if box["type"] != P.CONTAINER or texts + len(note) + 2 > TEXT_MAX:
            return self.hand_message(table, seat_id, private=False, lang=lang, note=note)  # rare: the long way
        first = next(i for i, c in enumerate(inside) if c["type"] == P.TEXT)  # a DM form always has text
        with reading(lang):
            inside[first] = P.text(fmt.md_line(line(note)) + "\n\n" + inside[first]["content"])
        picture = base.picture
        if picture is not None and picture[1] == dm_picture:
            inside = [c for c in inside if c["type"] != P.GALLERY]
            picture = None
        view = P.Parts([{**box, "components": inside}, *after])
        return Message(view, picture, base.extra_files)

    @staticmethod
    def superseded_message(table: Table, lang: str) -> Message:
        """What an older DM message of a seat becomes once a newer one was sent: one line, no buttons, no
        picture (its whole hand, out of date, would only be scrolled past)."""
        with reading(lang):
            text = tr("↓ An older message of table #{id} ({game}): your current one is further down.",
                      id=table.id, game=table.game.title)
        return layout(Doc("", [Section("", [line(text)])]), colour=policy(table.game_key).colour)

    def where(self, table: Table) -> str:
        channel = self.cached_channel(table)
        guild = getattr(channel, "guild", None)
        if channel is None:
            return ""
        return tr("in {guild} › #{channel}", guild=guild.name, channel=channel.name) if guild else f"#{channel.name}"

    def cached_channel(self, table: Table):
        """The table's channel (or thread) from discord.py's cache, looked up in its own server first:
        Client.get_channel goes through every server the bot is in, and a click's DM names the channel."""
        guild = self.bot.get_guild(table.guild_id)
        found = guild.get_channel_or_thread(table.channel_id) if guild is not None else None
        return found or self.bot.get_channel(table.channel_id)
