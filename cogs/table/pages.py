"""`/game rules <game>` as one private message with pages: the rules summary cut at its headings into pages
that fit a message, turned with ◀ / ▶ or a menu of the pages' first headings. The page buttons are
persistent items (rk:r:<game>:<page>), so they keep working after a restart; each click edits the same
message in the clicker's language.
"""
from __future__ import annotations

import re
from functools import lru_cache

import discord

from bot import errors
from cogs.table.components import index_of, values_of
from cogs.table.games import policy
from cogs.table.services import Services, services_of
from cogs.table.layout import Message, layout
from engine import GAMES
from present import fmt
from present.rules import games, rules
from present.base import Doc, Section, line
from present.i18n import lang, reading, tr

PAGE_CHARS = 3000   # a page's text, well inside a message's 4,000 with the title and the buttons


def rules_text(game_key: str) -> str:
    """The rules summary in the language being written (each paragraph through the catalog)."""
    return rules(game_key) if game_key in games() else f"# {GAMES[game_key].title}"  # a test's toy game


@lru_cache(maxsize=64)
def _pages(game_key: str, code: str) -> tuple[tuple[str, str], ...]:
    """(first heading, text) per page: whole sections together while they fit, a long one cut at lines."""
    text = rules_text(game_key)
    sections = re.split(r"\n(?=#{1,3} )", text)
    pages: list[list[str]] = [[]]
    for section in sections:
        pieces = [section] if len(section) <= PAGE_CHARS else _cut(section)
        for piece in pieces:
            if pages[-1] and sum(map(len, pages[-1])) + len(piece) > PAGE_CHARS:
                pages.append([])
            pages[-1].append(piece)
    out = []
    for parts in pages:
        body = "\n".join(parts).strip()
        heading = next((m.group(1) for m in re.finditer(r"^#{1,3} (.+)$", body, re.M)), body[:60])
        out.append((heading.strip()[:90], body))
    return tuple(out)


def _cut(section: str) -> list[str]:
    pieces, current = [], ""
    for text in section.splitlines(keepends=True):
        if len(current) + len(text) > PAGE_CHARS and current:
            pieces.append(current)
            current = ""
        current += text
    return pieces + [current] if current else pieces


def rules_message(game_key: str, page: int) -> Message:
    pages = _pages(game_key, lang())
    page = max(0, min(page, len(pages) - 1))
    heading, body = pages[page]
    game = GAMES[game_key]
    rows: list[dict | discord.ui.ActionRow] = []
    if len(pages) > 1:
        buttons = [RulesPage(game_key, page - 1, "◀") if page > 0 else None,
                   RulesPage(game_key, page + 1, "▶") if page < len(pages) - 1 else None]
        rows.append(discord.ui.ActionRow(*(b for b in buttons if b is not None)))
        menu: discord.ui.Select = discord.ui.Select(custom_id=f"rk:r:{game_key}:menu", placeholder=tr("Go to a page…"), options=[
            discord.SelectOption(label=f"{n + 1}. {title}"[:fmt.OPTION_LIMIT], value=str(n), default=n == page)
            for n, (title, _) in enumerate(pages[:fmt.SELECT_SIZE])])
        rows.append(discord.ui.ActionRow(RulesPage(game_key, 0, item=menu)))
    title = tr("{game} — rules (page {n} of {total})", game=game.title, n=page + 1, total=len(pages))
    doc = Doc(title, [Section("", [line(text) for text in body.splitlines()])])
    return layout(doc, colour=policy(game_key).colour, rows=rows, raw=True)


class RulesPage(discord.ui.DynamicItem[discord.ui.Item], template=r"rk:r:(?P<game>\w{1,20}):(?P<page>\d{1,3}|menu)"):
    def __init__(self, game: str, page: int, label: str = "…", item: discord.ui.Item | None = None):
        super().__init__(item or discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                                   custom_id=f"rk:r:{game}:{page}"))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        page = index_of(values_of(interaction)) if match["page"] == "menu" else int(match["page"])
        return cls(match["game"], page, item=item)

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        await services.answer.safely(interaction, self._turn(interaction, services))

    async def _turn(self, interaction: discord.Interaction, services: Services) -> None:
        if self.game not in GAMES or self.page < 0:
            raise errors.OutOfDate()
        with reading(services.settings.reader_lang(interaction)):
            message = rules_message(self.game, self.page)
        await interaction.response.edit_message(**message.edit_kwargs(None))
