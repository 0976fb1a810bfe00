"""What a table's components do once their item has let the click through (cogs/table/components.py
resolves the table and seat and refuses strangers): a move, a page of a long prompt, "My hand", "Log".

A move is one service call under the table's lock (TableService.click: who holds the seat, the prompt,
the move, the bots' replies, the commit), which returns one Outcome. The click is answered from the same
Frame the publisher then sends from, so the clicker's DM is edited once, by the answer, and the publisher
skips it.
"""
from __future__ import annotations

import io
import logging
from typing import Callable

import discord

from bot import errors, render
from bot.service import TableService
from bot.table import Pick, Table
from cogs.table.answer import Answer
from cogs.table.changes import Changes
from cogs.table.messages import UNKNOWN_FILES, Messages
from cogs.table.settings import MemberSettings
from present import fmt
from present.base import Doc, Section
from present.i18n import reading, tr

log = logging.getLogger("rookery.host")


class Clicks:
    def __init__(self, service: TableService, messages: Messages, settings: MemberSettings, answer: Answer,
                 changes: Changes) -> None:
        self.service = service
        self.messages = messages
        self.settings = settings
        self.answer = answer
        self.changes = changes

    async def move(self, interaction: discord.Interaction, table: Table, seat_id: str, prompt: str,
                   pick: Pick, offered: Callable[[Table], bool] | None = None) -> None:
        """One click on a prompt: `pick` names the legal action (or the steps of one decision, all or none).
        `offered` says whether the clicked component offers what the click names on the live prompt: a
        forged value (a legal action the menu did not list) is refused and changes nothing."""
        await self.answer.defer_if_busy(interaction, table)
        seat = table.seat(seat_id)
        async with self.service.locked(table):
            if await self.older_dm(interaction, table, seat_id):
                return
            in_dm = interaction.message is not None and interaction.message.id == seat.dm_message_id
            try:
                if offered is not None and prompt == self.service.prompt_key(table, seat_id):
                    self.service.require_holder(table, seat_id, interaction.user.id)
                    if not offered(table):
                        raise errors.NotOffered()
                outcome = await self.service.click(table, seat_id, interaction.user.id, prompt, pick, interaction.id)
            except (errors.NotYourChoices, errors.AlreadyHandled, errors.NotOffered) as refusal:  # nothing to show
                return await self.answer.refusal(interaction, refusal)
            except errors.Refusal as refusal:
                return await self.refuse_with_hand(interaction, table, seat_id, refusal, in_dm)
            # Committed: from here on nothing may stop the publish, or another player could be left waiting.
            answered = {}
            await self.messages.draw_hand(table, seat_id, dm=in_dm)  # the loop goes on meanwhile
            message = self.messages.hand_message(table, seat_id, private=in_dm)
            try:
                await self.answer.edit(interaction, message, seat.picture if in_dm else "")
                if in_dm:
                    answered[seat_id] = message.shown
            except discord.HTTPException as exc:
                log.warning("table %s: could not answer a move (HTTP %s); publishing anyway", table.id, exc.status)
            await self.changes.publish(table, outcome, answered=answered)

    async def older_dm(self, interaction: discord.Interaction, table: Table, seat_id: str) -> bool:
        """A click on one of the seat's older DM messages (a newer one was sent since, and its shrinking
        has not landed yet, or failed): it plays nothing. Its answer shrinks the clicked message to the
        one line the publisher would have made of it (an interaction answer, outside the rate limits)
        and points to the current one. The caller holds the table's lock (the live message is read)."""
        message = interaction.message
        seat = table.seat(seat_id)
        if message is None or interaction.guild_id is not None or message.flags.ephemeral:
            return False
        # Older by its id (ids grow with time), not merely "not the live one": a message sent but not yet
        # recorded (the pass records it under the lock this click holds, or, with shards, another process
        # sent it and has not stored it yet) is newer and plays as before.
        listed = any(message_id == message.id for _, message_id in seat.superseded)
        if not listed and (seat.dm_message_id is None or message.id >= seat.dm_message_id):
            return False
        lang = self.settings.reader_lang(interaction)
        await self.answer.edit(interaction, self.messages.superseded_message(table, lang), UNKNOWN_FILES)
        seat.shrunk(message.id)  # stored with the next pass's records
        return True

    async def refuse_with_hand(self, interaction: discord.Interaction, table: Table, seat_id: str,
                               refusal: errors.Refusal, in_dm: bool) -> None:
        """A refused click: say why, privately, with the seat's current choices below it (its DM form, as
        the publisher builds it for this version: nothing built or drawn for the refusal itself)."""
        lang = self.settings.reader_lang(interaction)
        with reading(lang):
            note = refusal.message() + " " + tr("Here is where things stand now:")
        seat = table.seat(seat_id)
        message = self.messages.refusal_message(table, seat_id, lang=lang, note=note,
                                                dm_picture=seat.picture if in_dm else None)
        await self.answer.message(interaction, message)

    async def turn_page(self, interaction: discord.Interaction, table: Table, seat_id: str, prompt: str,
                        page: int) -> None:
        """"More…" on a long prompt: the same message with the next page of choices."""
        seat = table.seat(seat_id)
        await self.answer.defer_if_busy(interaction, table)
        async with self.service.locked(table):
            try:
                self.service.require_holder(table, seat_id, interaction.user.id)
            except errors.Refusal as refusal:
                return await self.answer.refusal(interaction, refusal)
            if await self.older_dm(interaction, table, seat_id):
                return
            in_dm = interaction.message is not None and interaction.message.id == seat.dm_message_id
            if prompt != self.service.prompt_key(table, seat_id):
                return await self.refuse_with_hand(interaction, table, seat_id, errors.OutOfDate(), in_dm)
            message = self.messages.hand_message(table, seat_id, private=in_dm, page=page)
            await self.answer.edit(interaction, message, seat.picture if in_dm else "")
            if in_dm:  # in memory: the next publish compares with this page
                seat.shown = "v2:" + message.shown

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """"My hand" / `/game hand`: the seat's whole hand and choices, seen only by the clicker."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return await self.answer.refusal(interaction, errors.NotSeated())
        await self.answer.defer_if_busy(interaction, table)
        async with self.service.locked(table):
            try:
                self.service.require_holder(table, seat.seat, interaction.user.id)
            except errors.Refusal as refusal:
                return await self.answer.refusal(interaction, refusal)
            if self.changes.schedule.holding(table, seat.seat):
                return await self.answer.text(interaction, self._held_note(interaction))
            message = self.messages.hand_message(table, seat.seat, private=False,
                                                 lang=self.settings.reader_lang(interaction))
        await self.answer.message(interaction, message)

    def _held_note(self, interaction: discord.Interaction) -> str:
        with reading(self.settings.reader_lang(interaction)):
            return tr("A reaction window is open: your hand and the log come back when its time is up.")

    async def show_log(self, interaction: discord.Interaction, table: Table) -> None:
        """The whole log so far, privately: a seated member reads their own private lines too, anyone else
        the public ones. The recent lines are shown; the whole log comes as a text file."""
        seat = table.seat_of(interaction.user.id)
        if self.changes.schedule.holding(table, seat.seat if seat else None):
            return await self.answer.text(interaction, self._held_note(interaction))
        actions = await self.service.store.actions(table.id)
        with reading(self.settings.reader_lang(interaction)):
            lines = render.full_log(table, seat.seat if seat else None, actions)
            if not lines:
                return await self.answer.text(interaction, tr("Nothing has happened yet."))
            whole = "\n".join(fmt.plain_line(line) for line in lines)
            recent = fmt.markdown(Doc(tr("Log of table #{id} ({n} lines, all in the file)", id=table.id,
                                         n=len(lines)), [Section("", lines, trim="start")]))
        file = discord.File(io.BytesIO(whole.encode()), filename=f"table-{table.id}-log.txt")
        await interaction.response.send_message(recent, file=file, ephemeral=True)
