"""The Discord side of a table: answers component clicks, publishes the public board and the private
hand messages (DM, or ephemeral through "My hand" when DMs are closed), and runs the turn timers.

Rules of thumb kept here: validate before touching anything, answer privately on every refusal, hold the
table's lock from the check to the last message edit so two clicks can never interleave.
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

import discord

from bot import render
from bot.storage import DuplicateInteraction
from bot.tables import Step, Table, TableService
from cogs.shared.components import actions_view, board_view
from engine import IllegalAction

log = logging.getLogger("rookery.host")
DM_CLOSED = 50007
BOARD_MAX_AGE = 50 * 60  # Discord rate-limits edits of messages older than an hour: repost before that


@dataclass
class Presentation:
    """What a game's cog tells the shared UI about how it looks."""

    emoji: str = "🎲"
    placeholder: str = "Choose your move…"


class Host:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.presentations: dict[str, Presentation] = {}
        self._shown: dict[tuple[int, str], str] = {}  # what each hand message shows now, to skip no-op edits
        self._timer_task: asyncio.Task | None = None

    # ---- small helpers
    async def reply(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None = None) -> None:
        """A private answer, whether or not the interaction was already answered."""
        kwargs = {"ephemeral": True, **({"view": view} if view else {})}
        if interaction.response.is_done():
            await interaction.followup.send(render.clip(text), **kwargs)
        else:
            await interaction.response.send_message(render.clip(text), **kwargs)

    def where(self, table: Table) -> str:
        channel = self.bot.get_channel(table.channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None:
            return ""
        return f"in **{guild.name}** › #{channel.name} " if guild else f"in #{channel.name} "

    def hand_message(self, table: Table, seat_id: str) -> tuple[str, discord.ui.View | None]:
        text = render.hand_text(table, seat_id, self.where(table))
        legal = table.pending().get(seat_id, [])
        view = None
        if legal:
            seat_view = table.state.view(seat_id)
            labels = [table.game.label(a, seat_view, table.names) for a in legal]
            placeholder = seat_view.get("to_do") or self.presentation(table).placeholder
            view = actions_view(table.id, seat_id, self.service.prompt_key(table, seat_id), labels, placeholder)
        return text, view

    def presentation(self, table: Table) -> Presentation:
        return self.presentations.get(table.game_key, Presentation())

    @staticmethod
    def _fingerprint(text: str, view: discord.ui.View | None) -> str:
        ids = [getattr(i, "custom_id", "") for i in view.children] if view else []
        return text + "|" + ",".join(ids)

    async def channel(self, table: Table):
        return self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(table.channel_id)

    # ---- publishing
    async def publish(self, table: Table, steps: list[Step] = ()) -> None:
        """Bring the board and every hand message up to date after a change (caller holds the lock)."""
        await self.update_board(table)
        if table.state is not None and table.state.over and steps:
            channel = await self.channel(table)
            await channel.send(render.result_text(table))
        for seat in table.seats:
            if seat.is_bot:
                continue
            try:
                await self.update_dm(table, seat.seat)
            except discord.HTTPException:
                # One player's failed DM must not keep the others stale; My hand still shows the truth.
                log.exception("could not update the hand of %s in table %s", seat.seat, table.id)

    async def update_board(self, table: Table, repost: bool = False) -> None:
        if table.state is None:
            return
        text = render.board_text(table)
        text = f"{self.presentation(table).emoji} " + text.removeprefix("🎲 ")
        view = board_view(table.id) if table.status in ("active", "paused") else None
        channel = await self.channel(table)
        old = table.board_message_id
        fresh = table.board_posted_at is not None and time.time() - table.board_posted_at < BOARD_MAX_AGE
        if old and fresh and not repost:
            try:
                await channel.get_partial_message(old).edit(content=text, view=view)
                return
            except discord.NotFound:
                pass
        message = await channel.send(text, view=view)
        table.board_message_id, table.board_posted_at = message.id, time.time()
        await self.service.save_messages(table)

    async def update_dm(self, table: Table, seat_id: str) -> None:
        seat = table.seat(seat_id)
        if seat.is_bot or seat.dm_closed:
            return
        text, view = self.hand_message(table, seat_id)
        key = (table.id, seat_id)
        shown = self._fingerprint(text, view)
        if self._shown.get(key) == shown and seat.dm_message_id:
            return
        try:
            if seat.dm_message_id and seat.dm_channel_id:
                channel = self.bot.get_partial_messageable(seat.dm_channel_id, type=discord.ChannelType.private)
                try:
                    await channel.get_partial_message(seat.dm_message_id).edit(content=text, view=view)
                    self._shown[key] = shown
                    return
                except discord.NotFound:
                    pass
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            dm = await user.create_dm()
            message = await dm.send(text, view=view)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            seat.dm_closed = True
            await self.service.save_messages(table)
            channel = await self.channel(table)
            await channel.send(
                f"📪 <@{seat.user_id}>, I can't send you direct messages. Use the **My hand** button on the "
                "board to see your cards and play — it answers only you."
            )
            return
        seat.dm_channel_id, seat.dm_message_id = message.channel.id, message.id
        self._shown[key] = shown
        await self.service.save_messages(table)

    # ---- component handlers
    async def on_action(self, interaction: discord.Interaction, game_id: int, seat_id: str, prompt: str,
                        index: int) -> None:
        table = await self.service.get(game_id)
        if table is None or table.status not in ("active", "paused"):
            return await self.reply(interaction, "This game is no longer running.")
        seat = next((s for s in table.seats if s.seat == seat_id), None)
        if seat is None or seat.user_id != interaction.user.id:
            owner = seat.name if seat else "another player"
            return await self.reply(interaction, f"Those choices belong to **{owner}**, not you.")
        async with table.lock:
            if table.status == "paused":
                return await self.reply(interaction, "The game is paused. Wait for `/game resume`.")
            if table.status != "active":
                return await self.reply(interaction, "This game is over.")
            legal = table.pending().get(seat_id, [])
            if prompt != self.service.prompt_key(table, seat_id) or not 0 <= index < len(legal):
                text, view = self.hand_message(table, seat_id)
                return await self.reply(
                    interaction, "That choice was already made or is out of date. Here is where things stand:\n\n"
                    + text, view)
            try:
                steps = await self.service.act(table, seat_id, legal[index], interaction_id=interaction.id)
            except IllegalAction as exc:
                return await self.reply(interaction, f"🚫 {exc}")
            except DuplicateInteraction:
                return await self.reply(interaction, "That click was already handled.")
            text, view = self.hand_message(table, seat_id)
            await interaction.response.edit_message(content=text, view=view)
            is_dm_message = interaction.message is not None and interaction.message.id == seat.dm_message_id
            if is_dm_message:
                self._shown[(table.id, seat_id)] = self._fingerprint(text, view)
            await self.publish(table, steps)

    async def on_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        table = await self.service.get(game_id)
        if table is None or table.state is None or table.status not in ("active", "paused"):
            return await self.reply(interaction, "This game is no longer running.")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return await self.reply(interaction, "You don't have a seat at this table — you can watch the board.")
        async with table.lock:
            text, view = self.hand_message(table, seat.seat)
            await self.reply(interaction, text, view)

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        lobby = self.bot.get_cog("Lobby")
        await lobby.lobby_verb(interaction, game_id, verb)

    async def on_option(self, interaction: discord.Interaction, game_id: int, name: str, value: str) -> None:
        lobby = self.bot.get_cog("Lobby")
        await lobby.lobby_option(interaction, game_id, name, value)

    async def on_end_confirmed(self, interaction: discord.Interaction, game_id: int) -> None:
        lobby = self.bot.get_cog("Lobby")
        await lobby.end_confirmed(interaction, game_id)

    # ---- timers
    async def tick(self, now: float | None = None) -> None:
        """Remind idle players, and let a bot move for those whose time ran out."""
        now = self.service.clock() if now is None else now
        for table, seat_id, kind in self.service.due(now):
            async with table.lock:
                if table.status != "active" or seat_id not in table.timers:
                    continue
                seat = table.seat(seat_id)
                channel = await self.channel(table)
                if kind == "remind":
                    left = max(0, int(table.timers[seat_id]["due"] - now))
                    await self.service.mark_reminded(table, seat_id)
                    await channel.send(
                        f"⏰ <@{seat.user_id}>, it's your move in **{table.game.title}** "
                        f"(table #{table.id}). In {render.minutes(left)} a bot will move for you.")
                    continue
                steps = await self.service.expire(table, seat_id)
                if steps:
                    await channel.send(f"⌛ **{seat.name}** ran out of time, so a bot made a legal move for them.")
                    await self.publish(table, steps)

    def start_timers(self, poll_seconds: float) -> None:
        async def loop() -> None:
            while True:
                await asyncio.sleep(poll_seconds)
                try:
                    await self.tick()
                except Exception:  # a failed tick must not stop later ones
                    log.exception("timer tick failed")

        if poll_seconds > 0 and self._timer_task is None:
            self._timer_task = asyncio.create_task(loop(), name="rookery-timers")

    def stop_timers(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
            self._timer_task = None
