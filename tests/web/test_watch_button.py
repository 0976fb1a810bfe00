"""The board's Watch button: a Components V2 link button (what discord.py sends for one), on a running table's
board only when the web page is on, and gone when the table's link is turned off."""
import discord

from cogs.table import parts as P
from cogs.table.components import board_rows
from cogs.table.messages import Messages
from tests.web.conftest import raven_table

URL = "https://rookery.test/t/AAAAAAAAAAAAAAAAAAAAAAAA"


def links(message) -> list[dict]:
    found = []

    def walk(parts):
        for part in parts:
            if part.get("type") == P.BUTTON and part.get("style") == P.LINK:
                found.append(part)
            walk(part.get("components", []))
    walk(message.view.to_components() if hasattr(message, "view") else message)
    return found


def test_the_link_button_is_what_discord_py_sends_for_one():
    assert P.link(URL, "Watch", "📺") == discord.ui.Button(url=URL, label="Watch", emoji="📺").to_component_dict()


def test_the_board_row_has_a_watch_link_only_with_the_web_page_on():
    assert links(board_rows(7)) == []
    (watch,) = links(board_rows(7, URL))
    assert watch["url"] == URL and watch["label"] == "Watch" and "custom_id" not in watch


async def test_a_board_carries_its_tables_link_until_it_is_turned_off(watch):
    table = await raven_table(watch.service)
    messages = Messages(bot=None, settings=None)
    assert links(messages.board_message(table, table.frame(), "en")) == []  # web page off: no button
    messages.watch_url = watch.web.links.url
    (button,) = links(messages.board_message(table, table.frame(), "en"))
    assert button["url"] == watch.web.links.url(table.id)
    watch.web.links.revoke(table.id)
    assert links(messages.board_message(table, table.frame(), "en")) == []
