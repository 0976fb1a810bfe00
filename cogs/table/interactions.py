"""What a table's components do once their item has let the click through (cogs/table/components.py
resolves the table and seat and refuses strangers): a move, a page of a long prompt, "My hand", "Log".

A move is one locked change: the service checks the prompt, commits the action and the bots' replies,
and returns one Outcome. The click is answered from the same Frame the publisher then sends from, so the
clicker's DM is edited once, by the answer, and the publisher skips it.
"""
from __future__ import annotations

import io
import logging

import discord

from bot import errors, render
from bot.storage import DuplicateInteraction
from bot.storage.base import StaleGame
from bot.table import Table
from cogs.table.components import not_theirs
from present import fmt
from present.base import Doc, Section
from present.i18n import reading, tr

log = logging.getLogger("rookery.host")


class Interactions:
    """Mixin of the Host cog: needs self.service, self.publisher, self.settings, self.reply, self.refuse."""

    async def choose(self, interaction: discord.Interaction, table: Table, seat_id: str, prompt: str,
                     pick) -> None:
        """One click on a prompt: `pick(table, seat, legal)` names the action (or steps, all or none)."""
        await self.acknowledge_if_busy(interaction, table)
        seat = table.seat(seat_id)
        in_dm = interaction.message is not None and interaction.message.id == seat.dm_message_id
        async with self.service.locked(table):
            if (lost := not_theirs(table.seat(seat_id), interaction.user.id)) is not None:
                return await self.refuse(interaction, lost)
            try:
                self.service.require(table, "active")
                action = self.service.choice(table, seat_id, prompt, pick)
                outcome = await self.service.act(table, seat_id, action, interaction_id=interaction.id)
            except errors.Refusal as refusal:
                return await self.refuse_with_hand(interaction, table, seat_id, refusal, in_dm)
            except DuplicateInteraction:
                return await self.refuse(interaction, errors.AlreadyHandled())
            except StaleGame:  # another shard's move landed first; the service reloaded the stored game
                return await self.refuse_with_hand(interaction, table, seat_id, errors.RaceLost(), in_dm)
            # Committed: from here on nothing may stop the publish, or another player could be left waiting.
            answered = {}
            await self.publisher.draw_hand(table, seat_id, dm=in_dm)  # the loop goes on meanwhile
            message = self.publisher.hand_message(table, seat_id, private=in_dm)
            try:
                await self.answer_with(interaction, message, seat.picture if in_dm else "")
                if in_dm:
                    answered[seat_id] = message.shown
            except discord.HTTPException as exc:
                log.warning("table %s: could not answer a move (HTTP %s); publishing anyway", table.id, exc.status)
            await self.changed(table, outcome, answered=answered)

    async def acknowledge_if_busy(self, interaction: discord.Interaction, table: Table, *,
                                  private: bool = True) -> None:
        """Another change to this table holds its lock (it may be waiting on Discord): acknowledge now, so
        Discord's 3 s cannot run out while this click waits. The answer then comes as an edit of the clicked
        message or a follow-up; a command's follow-up fills its "thinking" message (private unless told)."""
        if not table.lock.locked() or interaction.response.is_done():
            return
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.defer(ephemeral=private, thinking=True)
        else:
            await interaction.response.defer()

    async def answer_with(self, interaction: discord.Interaction, message, old_picture: str) -> None:
        """Edit the clicked message into `message`; one quick retry if Discord answered 5xx."""
        for attempt in (1, 2):
            try:
                if interaction.response.is_done():
                    await interaction.edit_original_response(**message.edit_kwargs(old_picture))
                else:
                    await interaction.response.edit_message(**message.edit_kwargs(old_picture))
                return
            except discord.HTTPException as exc:
                if exc.status < 500 or attempt == 2:
                    raise

    async def refuse_with_hand(self, interaction: discord.Interaction, table: Table, seat_id: str,
                               refusal: errors.Refusal, in_dm: bool) -> None:
        """A refused click: say why, privately, with the seat's current choices below it."""
        lang = self.settings.reader_lang(interaction)
        with reading(lang):
            note = refusal.message() + " " + tr("Here is where things stand now:")
        message = self.publisher.hand_message(table, seat_id, private=False, lang=lang, note=note)
        await self.send_private(interaction, message)

    async def send_private(self, interaction: discord.Interaction, message) -> None:
        """A V2 message seen only by the clicker, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **message.send_kwargs())
        else:
            await interaction.response.send_message(ephemeral=True, **message.send_kwargs())

    async def turn_page(self, interaction: discord.Interaction, table: Table, seat_id: str, prompt: str,
                        page: int) -> None:
        """"More…" on a long prompt: the same message with the next page of choices."""
        seat = table.seat(seat_id)
        await self.acknowledge_if_busy(interaction, table)
        async with self.service.locked(table):
            if (lost := not_theirs(table.seat(seat_id), interaction.user.id)) is not None:
                return await self.refuse(interaction, lost)
            in_dm = interaction.message is not None and interaction.message.id == seat.dm_message_id
            if prompt != self.service.prompt_key(table, seat_id):
                return await self.refuse_with_hand(interaction, table, seat_id, errors.OutOfDate(), in_dm)
            message = self.publisher.hand_message(table, seat_id, private=in_dm, page=page)
            await self.answer_with(interaction, message, seat.picture if in_dm else "")
            if in_dm:  # in memory: the next publish compares with this page
                seat.shown = "v2:" + message.shown

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """"My hand" / `/game hand`: the seat's whole hand and choices, seen only by the clicker."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return await self.refuse(interaction, errors.NotSeated())
        await self.acknowledge_if_busy(interaction, table)
        async with self.service.locked(table):
            if (lost := not_theirs(table.seat(seat.seat), interaction.user.id)) is not None:
                return await self.refuse(interaction, lost)
            message = self.publisher.hand_message(table, seat.seat, private=False,
                                                  lang=self.settings.reader_lang(interaction))
        await self.send_private(interaction, message)

    async def show_log(self, interaction: discord.Interaction, table: Table) -> None:
        """The whole log so far, privately: a seated member reads their own private lines too, anyone else
        the public ones. The recent lines are shown; the whole log comes as a text file."""
        seat = table.seat_of(interaction.user.id)
        actions = await self.service.store.actions(table.id)
        with reading(self.settings.reader_lang(interaction)):
            lines = render.full_log(table, seat.seat if seat else None, actions)
            if not lines:
                return await self.reply(interaction, tr("Nothing has happened yet."))
            whole = "\n".join(fmt.plain_line(line) for line in lines)
            recent = fmt.markdown(Doc(tr("Log of table #{id} ({n} lines, all in the file)", id=table.id,
                                         n=len(lines)), [Section("", lines, trim="start")]))
        file = discord.File(io.BytesIO(whole.encode()), filename=f"table-{table.id}-log.txt")
        await interaction.response.send_message(recent, file=file, ephemeral=True)
