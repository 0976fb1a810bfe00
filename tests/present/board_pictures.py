"""Shared checks for the simcord game tests: the board carries its picture (an embed showing the attached
board.png), the picture is uploaded again only when what it shows changed, and the public picture never
changes when only hidden cards move between seats."""
from __future__ import annotations

from dataclasses import dataclass, field

from cogs.table.messages import BOARD_FILE as PICTURE_FILE
from present import presenter
from tests.engine.conformance import HIDDEN_SWAPS
from tests.support.components import text_of, walk


def gallery_urls(message) -> list[str]:
    """The media a V2 message's galleries show."""
    return [item.media.url for c in walk(message.components) for item in getattr(c, "items", [])]


def board_message(channel, table):
    return next(m for m in reversed(channel.history()) if m.id == table.board_message_id)


@dataclass
class PictureWatch:
    """Call check() after every change; it remembers what the board carried before."""

    uploads: int = 0       # times the board's picture changed (a new attachment)
    kept: int = 0          # board edits that kept the picture already there
    swaps: int = 0         # hidden-card swaps that left the public picture as it was
    _last: tuple = field(default=(None, None, None))

    def check(self, channel, table) -> None:
        message = board_message(channel, table)
        assert [a.filename for a in message.attachments] == [PICTURE_FILE], message.attachments
        assert gallery_urls(message) in ([f"attachment://{PICTURE_FILE}"], [message.attachments[0].url]), \
            "the board's gallery shows its picture"
        view = table.state.view(None)
        key = presenter(table.game_key).picture(view, table.names)[1]
        assert table.board_picture == key, "the stored key is the key of the picture on the board"
        attachment = message.attachments[0].id
        last_message, last_key, last_attachment = self._last
        if last_message == message.id:
            if key == last_key:
                assert attachment == last_attachment, "the same picture was uploaded again"
                self.kept += 1
            else:
                assert attachment != last_attachment, "the picture changed but the old one is still shown"
                self.uploads += 1
        self._last = (message.id, key, attachment)
        swap = HIDDEN_SWAPS.get(table.game_key)
        if swap is not None and not table.state.over:
            other = table.game.load(swap(table.state.to_json()))
            assert presenter(table.game_key).picture(other.view(None), table.names)[1] == key, "hidden cards moved the picture"
            self.swaps += 1


async def play_watching(driver, done, watch: PictureWatch, limit: int = 5000) -> None:
    """driver.play_until, checking the board's picture after every human move."""
    for _ in range(limit):
        table = driver.table()
        if table is None or done(table):
            return
        await driver.step()
        table = driver.table()
        if table is not None:
            watch.check(driver.channel, table)
    raise AssertionError("game did not finish")


async def pause_keeps_the_picture(owner, channel, env, watch: PictureWatch) -> None:
    """Pausing edits the board's text, not its picture: the attachment must stay the one already there."""
    table = env.bot.service.in_channel(channel.id)
    before = board_message(channel, table).attachments[0].id
    await owner.slash(channel, "game pause")
    await env.settle()
    paused = board_message(channel, table)
    assert "Paused" in text_of(paused) and paused.attachments[0].id == before
    await owner.slash(channel, "game resume")
    await env.settle()
    assert board_message(channel, table).attachments[0].id == before
    watch.kept += 2
