"""A server's memory on Discord: /game history, stats, leaderboard, replay and forget, and the Rematch
button on a finished game's result message.

The commands join the existing /game group (the Lobby cog's), so this cog loads after it. Their answers are
private and scoped to the server they are asked in: another server's games, stats and replays are
invisible. Only a rematch's new lobby is public, like any lobby (posted by the Lobby cog's Lobbies).
The commands and items are plain functions and DynamicItems: they reach the bot's Services through
services_of(interaction).
"""
from __future__ import annotations

import asyncio
import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot import errors
from bot import replay as replay_file
from bot.records import PAGE_SIZE, HistoryService, Page
from bot.seating import Seating
from bot.service import TableService
from bot.table import Table
from cogs.lobby import Lobbies
from cogs.table.components import actor
from cogs.table.group import GAME_CHOICES, join_game_group, leave_game_group
from cogs.table.services import Services, services_of
from cogs.table.settings import MemberSettings
from engine import GAMES
from babel.numbers import format_percent

from present.i18n import babel_locale, command, join, lang, mark, number, reading, tr, trn

log = logging.getLogger("rookery.history")
SQLITE_MAX_ID = 2**63 - 1


async def _in_server(interaction: discord.Interaction) -> Services | None:
    """The bot's Services, or None after telling the user that history belongs to a server (not to DMs)."""
    services = services_of(interaction)
    if interaction.guild_id is None:
        await services.answer.text(interaction, tr("Game history is kept per server: ask in a server channel."))
        return None
    return services


def _guild(interaction: discord.Interaction) -> int:
    """The server of a command that _in_server let through."""
    assert interaction.guild_id is not None, "_in_server answered commands outside a server"
    return interaction.guild_id


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rkh:rematch:(?P<game>\d{1,18})"):
    """On a finished game's result message; works after restarts (the game id is in the custom_id). Registered
    in Items like every persistent item, so a forged or stale "rk…" id is answered as out of date."""

    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label=tr("Rematch"), emoji="🔁", style=discord.ButtonStyle.primary,
                                           custom_id=f"rkh:rematch:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        await services.answer.safely(interaction, services.rematches.ask(interaction, self.game))


def result_rows(table: Table) -> list[discord.ui.ActionRow]:
    """The Rematch button under a finished game's result message (the Publisher adds it)."""
    if table.status != "over":
        return []
    return [discord.ui.ActionRow(RematchButton(table.id))]


class History(commands.Cog):
    def __init__(self, bot: commands.Bot, services: Services) -> None:
        self.bot = bot
        self.history = services.history
        self.items = services.items
        self._added: list[app_commands.Command] = []

    async def cog_load(self) -> None:
        self.items.register(RematchButton, PageButton)
        self._added = join_game_group(self.bot, build_commands())
        recorded = await self.history.catch_up()
        if recorded:
            log.info("history: recorded %d game(s) that finished before a restart", recorded)

    async def cog_unload(self) -> None:
        self.items.unregister(RematchButton, PageButton)
        leave_game_group(self.bot, self._added)


class Rematches:
    """The Rematch button's work: a new lobby in the finished game's channel, with its players invited.
    Built once by bot/app.py; one lock per channel, so two clicks at once make one lobby."""

    def __init__(self, service: TableService, seating: Seating, history: HistoryService,
                 settings: MemberSettings, lobbies: Lobbies) -> None:
        self.service = service
        self.seating = seating
        self.history = history
        self.settings = settings
        self.lobbies = lobbies
        self._locks: dict[int, asyncio.Lock] = {}

    async def ask(self, interaction: discord.Interaction, game_id: int) -> None:
        row = await self.service.store.get_game(game_id) if 0 < game_id <= SQLITE_MAX_ID else None
        if row is None or row["guild_id"] != interaction.guild_id or row["status"] != "over":
            raise errors.Refusal(mark("That game can't be rematched any more. Start a new one with {new}."),
                                 new=command("game new"))
        if interaction.user.id not in {s["user_id"] for s in row["seats"]}:
            raise errors.Refusal(mark("Only the players of that game can ask for a rematch. Start your own table "
                                      "with {new}."), new=command("game new"))
        if row["game_key"] not in GAMES:
            raise errors.Refusal(mark("That game isn't available any more."))
        # Two Rematch clicks at once: the second waits here, then finds the first one's lobby. The
        # one-live-game-per-channel unique index would refuse a second lobby even without this lock.
        lock = self._locks.setdefault(row["channel_id"], asyncio.Lock())
        async with lock:
            live = self.service.in_channel(row["channel_id"])
            if live is not None and live.status == "lobby":
                raise errors.Refusal(mark("A table is already open in this channel — press **Join** on its lobby."))
            # Another process opening a table here a moment ago: create_lobby refuses with errors.ChannelTaken
            # (the storage's ChannelTaken, on either backend, turned into the member's refusal).
            table = await self.seating.create_lobby(
                row["guild_id"], row["channel_id"], actor(interaction), row["game_key"], row["options"],
                row["turn_seconds"])
            replaced = {seat for seat, *_ in await self.history.db.handovers(game_id)}
            async with self.service.locked(table):
                for seat in row["seats"]:
                    if seat["user_id"] is None and seat["seat"] not in replaced:  # bots from the start stay bots
                        await self.seating.add_bot(table)
                await self.lobbies.post(interaction, table)
        others = [s["user_id"] for s in row["seats"] if s["user_id"] not in (None, interaction.user.id)]
        if others:
            with reading(await self.settings.guild_lang(interaction.guild_id)):
                text = tr("🔁 {name} wants a rematch of game #{id}: {mentions}, press **Join** on the lobby above to "
                          "take your seat again.", name=escape_markdown(interaction.user.display_name), id=game_id,
                          mentions=" ".join(f"<@{u}>" for u in others))
            await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions(users=True))


# ---- the commands (added to the /game group by History.cog_load)
def _title(key: str) -> str:
    game = GAMES.get(key)
    return game.title if game is not None else key


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return tr("{n} s", n=seconds)
    if seconds < 3600:
        return tr("{n} min", n=seconds // 60)
    if seconds < 86400:
        return tr("{h} h {m} min", h=seconds // 3600, m=f"{seconds % 3600 // 60:02d}")
    return tr("{d} d {h} h", d=seconds // 86400, h=seconds % 86400 // 3600)


def games(n: int) -> str:
    return trn("{n} game", "{n} games", n)


def _pager(page: Page, total: str, path: str, **options) -> str:
    """`total`: how many, already worded ("12 games"); `path` and `options`: the command that lists them."""
    if page.pages <= 1:
        return tr("{total}.", total=total)
    more = (tr(" Next: {command}.", command=command(path, **options, page=page.number + 1))
            if page.number < page.pages else "")
    return tr("Page {n} of {pages} ({total}).", n=page.number, pages=page.pages, total=total) + more


def history_line(row: dict) -> str:
    players = []
    for seat in row["seats"]:
        score = "" if seat["score"] is None else f" ({seat['score']})"
        players.append(("🏆 " if seat["won"] else "") + escape_markdown(seat["name"]) + score)
    length = trn("{n} move", "{n} moves", row["moves"])
    if row["started_at"]:
        length += f", {_duration(row['finished_at'] - row['started_at'])}"
    mark_ = " · ⛔ **" + tr("ended early") + "**" if row["ended"] else ""
    return (f"`#{row['game_id']}` <t:{int(row['finished_at'])}:f> · **{_title(row['game_key'])}**{mark_} · "
            f"{join(players)} · {length}")


def percent(rate: float) -> str:
    return format_percent(rate, locale=babel_locale(lang()))


def _page_number(page: int | None) -> int:
    return max(1, min(int(page or 1), 100_000))


async def turn_page(interaction: discord.Interaction, button: "PageButton") -> None:
    services = services_of(interaction)
    game_known = button.game in GAMES if button.game is not None else button.kind == "h"
    if interaction.guild_id is None or not game_known:
        return await services.answer.text(interaction, tr("That list is out of date: ask again."))
    if button.kind == "h":
        text, view = await history_page(services.history, _guild(interaction), button.game, button.member,
                                        button.page)
    else:
        text, view = await leaderboard_page(services.history, _guild(interaction), button.game or "", button.page)
    await interaction.response.edit_message(content=text, view=view)


async def history_page(history: HistoryService, guild_id: int, game: str | None, member_id: int | None,
                       page: int) -> tuple[str, discord.ui.View | None]:
    found = await history.history(guild_id, game, member_id, page)
    scope = "".join([f" · {_title(game)}" if game else "", tr(" · with {member}", member=f"<@{member_id}>")
                     if member_id else ""])
    lines = ["📜 **" + tr("Games on this server") + f"**{scope}"]
    lines += [history_line(r) for r in found.rows] or [tr("No games here yet.") if found.total == 0 else
                                                      tr("That page is past the last one.")]
    lines.append(_pager(found, games(found.total), "game history"))
    return "\n".join(lines), page_view("h", found, game, member_id)


@app_commands.describe(game="Only this game", member="Only games this member played", page="Which page")
@app_commands.choices(game=GAME_CHOICES)
async def history_command(interaction: discord.Interaction, game: str | None = None,
                          member: discord.Member | None = None, page: int | None = None) -> None:
    if (services := await _in_server(interaction)) is None:
        return
    if game is not None and game not in GAMES:
        return await services.answer.text(interaction, tr("Pick a game from the list Discord offers."))
    text, view = await history_page(services.history, _guild(interaction), game, member.id if member else None,
                                    _page_number(page))
    await services.answer.text(interaction, text, view)


@app_commands.describe(member="Whose stats (you, if left out)", game="Only this game (and its rating)")
@app_commands.choices(game=GAME_CHOICES)
async def stats_command(interaction: discord.Interaction, member: discord.Member | None = None,
                        game: str | None = None) -> None:
    if (services := await _in_server(interaction)) is None:
        return
    if game is not None and game not in GAMES:
        return await services.answer.text(interaction, tr("Pick a game from the list Discord offers."))
    who = member or interaction.user
    stats = await services.history.stats(_guild(interaction), who.id, game)
    name = escape_markdown(who.display_name)
    text = (tr("📊 **{name}** in **{game}** on this server: {played} played, {won} won ({rate}).", name=name,
               game=_title(game), played=games(stats["played"]), won=number(stats["won"]),
               rate=percent(stats["rate"])) if game else
            tr("📊 **{name}** on this server: {played} played, {won} won ({rate}).", name=name,
               played=games(stats["played"]), won=number(stats["won"]), rate=percent(stats["rate"])))
    if stats["favourite"] and not game:
        text += " " + tr("Favourite game: **{game}** ({n}).", game=_title(stats["favourite"]),
                         n=games(stats["favourite_games"]))
    if stats["ended"]:
        text += " " + trn("{n} more ended early (not counted).", "{n} more ended early (not counted).",
                          stats["ended"])
    if stats["rating"]:
        mu, sigma, ordinal, rated, rank = stats["rating"]
        text += "\n" + tr("Rating: **{rating}** (μ {mu}, σ {sigma}, {games}), #{rank} here.",
                          rating=number(round(ordinal, 1)), mu=number(round(mu, 1)), sigma=number(round(sigma, 1)),
                          games=trn("{n} rated game", "{n} rated games", rated), rank=rank)
    await services.answer.text(interaction, text)


async def leaderboard_page(history: HistoryService, guild_id: int, game: str,
                           page: int) -> tuple[str, discord.ui.View | None]:
    found = await history.leaderboard(guild_id, game, page)
    lines = [tr("🏆 **{game}** on this server (rating = μ − 3σ: it grows as games make it surer)",
                game=_title(game))]
    first = (found.number - 1) * PAGE_SIZE + 1
    for place, (_user, name, mu, sigma, ordinal, played) in enumerate(found.rows, start=first):
        lines.append(f"{place}. {escape_markdown(name)} — **{number(round(ordinal, 1))}** (μ {number(round(mu, 1))}, "
                     f"σ {number(round(sigma, 1))}) · {games(played)}")
    if not found.rows:
        lines.append(tr("Nobody is rated in this game here yet: finish a game first.") if found.total == 0 else
                     tr("That page is past the last one."))
    lines.append(_pager(found, trn("{n} rated player", "{n} rated players", found.total), "game leaderboard",
                        game=game))
    return "\n".join(lines), page_view("l", found, game, None)


@app_commands.describe(game="Which game", page="Which page")
@app_commands.choices(game=GAME_CHOICES)
async def leaderboard_command(interaction: discord.Interaction, game: str, page: int | None = None) -> None:
    if (services := await _in_server(interaction)) is None:
        return
    if game not in GAMES:
        return await services.answer.text(interaction, tr("Pick a game from the list Discord offers."))
    text, view = await leaderboard_page(services.history, _guild(interaction), game, _page_number(page))
    await services.answer.text(interaction, text, view)


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"rkh:p:(?P<kind>[hl]):(?P<page>\d{1,6}):(?P<game>\w{0,20}):(?P<member>\d{0,20})"):
    """Older/newer pages of /game history and /game leaderboard: the query is in the custom_id, and the
    server is the one the click comes from, so a page can only ever show the clicker's own server."""

    def __init__(self, kind: str, page: int, game: str | None, member: int | None, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"rkh:p:{kind}:{page}:{game or ''}:{member or ''}"))
        self.kind, self.page, self.game, self.member = kind, page, game, member

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["kind"], int(match["page"]), match["game"] or None,
                   int(match["member"]) if match["member"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).answer.safely(interaction, turn_page(interaction, self))


def page_view(kind: str, page: Page, game: str | None, member: int | None) -> discord.ui.View | None:
    if page.pages <= 1:
        return None
    newer, older = (tr("◀ Newer"), tr("Older ▶")) if kind == "h" else (tr("◀ Higher"), tr("Lower ▶"))
    view = discord.ui.View(timeout=None)
    if page.number > 1:
        view.add_item(PageButton(kind, min(page.number - 1, page.pages), game, member, newer))
    if page.number < page.pages:
        view.add_item(PageButton(kind, page.number + 1, game, member, older))
    return view


@app_commands.describe(game_id="The game's number (#12 in /game history)")
async def replay_command(interaction: discord.Interaction, game_id: int) -> None:
    if (services := await _in_server(interaction)) is None:
        return
    store = services.service.store
    row = await store.get_game(game_id) if 0 < game_id <= SQLITE_MAX_ID else None
    if row is None or row["guild_id"] != interaction.guild_id or row["game_key"] not in GAMES:
        return await services.answer.text(interaction, tr("There's no game #{id} on this server.", id=game_id))
    if row["state"] is None:
        return await services.answer.text(interaction, tr("Game #{id} closed before it started: nothing to replay.",
                                                        id=game_id))
    over = row["status"] in ("over", "ended")
    await interaction.response.defer(ephemeral=True, thinking=True)  # a long game's page takes a while to build
    data = replay_file.export(row, await store.actions(game_id), live=not over)
    # Built off the event loop (the reading language goes along: to_thread copies the context).
    page = await asyncio.to_thread(replay_file.web_page, data, lang())
    base = f"rookery-{row['game_key']}-{game_id}"
    files = [discord.File(io.BytesIO(page), filename=f"{base}.html")]
    if over:
        name = f"{base}.json"
        files.append(discord.File(io.BytesIO(replay_file.to_bytes(data)), filename=name))
        text = tr("🎞️ Game #{id} ({game}): open the .html file in any browser to step through it, every hand "
                  "shown; the .json file has seed, options, seats and all {moves}. Check it with "
                  "`rookery replay {file}`.", id=game_id, game=_title(row["game_key"]),
                  moves=trn("{n} move", "{n} moves", row["version"]), file=name)
    else:
        text = tr("🎞️ Game #{id} ({game}) is still going: open the .html file in any browser to step through it "
                  "so far, as the table saw it. Every hand is shown once the game is over.", id=game_id,
                  game=_title(row["game_key"]))
    await interaction.followup.send(text, files=files, ephemeral=True)


class ForgetConfirm(discord.ui.View):
    """"Yes, delete" under /game forget's question: only its asker (with Manage Server) may press it."""

    def __init__(self, services: Services, guild_id: int, user_id: int) -> None:
        super().__init__(timeout=120)
        self.services, self.guild_id, self.user_id = services, guild_id, user_id
        button: discord.ui.Button[ForgetConfirm] = discord.ui.Button(
            label=tr("Yes, delete this server's game history"), style=discord.ButtonStyle.danger)
        # discord.py's own way to give a plain Button its coroutine; its stub declares callback a method
        button.callback = self.confirm  # type: ignore[method-assign]
        self.add_item(button)

    async def confirm(self, interaction: discord.Interaction) -> None:
        answer = self.services.answer
        await answer.speak_to(interaction)
        if interaction.user.id != self.user_id or not interaction.permissions.manage_guild:
            return await answer.text(interaction, tr("Only the member who asked can confirm this."))
        counts = await self.services.history.forget_guild(self.guild_id)
        self.services.settings.forget(self.guild_id)  # the members' settings went with the rows
        self.stop()
        await interaction.response.edit_message(
            content=tr("🗑️ Deleted {games}, their moves, everyone's stats and {ratings} for this server. Games being "
                       "played now were kept.", games=trn("{n} finished game", "{n} finished games",
                                                         counts["finished_games"]),
                       ratings=trn("{n} rating", "{n} ratings", counts["ratings"])), view=None)


async def forget_command(interaction: discord.Interaction) -> None:
    if (services := await _in_server(interaction)) is None:
        return
    if not interaction.permissions.manage_guild:
        raise errors.ManageServerOnly()
    await interaction.response.send_message(
        tr("This deletes every finished game of this server (their moves and replays), everyone's history, stats "
           "and ratings here, and the server's {config} settings. Games being played now are kept. It can't be "
           "undone.", config=command("game config")), view=ForgetConfirm(services, _guild(interaction), interaction.user.id), ephemeral=True)



def build_commands() -> list[app_commands.Command]:
    return [app_commands.Command(name=name, description=description, callback=callback)
            for name, description, callback in COMMANDS]


COMMANDS = (
    ("history", "This server's recent games: who played, who won", history_command),
    ("stats", "Games played and won on this server, and ratings", stats_command),
    ("leaderboard", "This server's best players of a game", leaderboard_command),
    ("replay", "Download a finished game as a replay file", replay_command),
    ("forget", "Delete this server's game history, stats and ratings (Manage Server)", forget_command),
)
