"""Every way the bot answers an interaction, in one place: privately, in the reader's language, and never
with Discord's "This interaction failed".

    text         a private text (with an optional view, file or embed), before or after an acknowledgement
    note         the same, for a side remark: Discord refusing it (expired, answered meanwhile) is one log line
    message      a private Components V2 message (a hand, a card, a page of rules)
    edit         the clicked message becomes this message (a move's answer), one retry on a 5xx
    refusal      a typed Refusal, in its own words
    apology      a bug: "something went wrong", once, if nothing was answered yet
    defer_if_busy  acknowledge at once when the table's lock is held, so Discord's 3 s cannot run out
    safely       run a handler: a Refusal becomes `refusal`, a bug `apology` (and one logged traceback)

`speak_to` sets the task's language to the member's before a handler writes anything.
"""
from __future__ import annotations

import logging

import discord

from bot import errors
from bot.table import Table
from cogs.table.components import data_of
from cogs.table.layout import Message
from cogs.table.settings import MemberSettings
from present import fmt
from present.i18n import command, reading, tr, use

log = logging.getLogger("rookery.host")


class Answer:
    def __init__(self, settings: MemberSettings) -> None:
        self.settings = settings

    async def speak_to(self, interaction: discord.Interaction) -> bool:
        """From here on, this interaction's handler writes in its member's language (the task's own
        setting: public messages choose the server's language explicitly). True: a check that lets it pass."""
        use(await self.settings.reader(interaction))
        return True

    async def text(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None = None,
                   **extra) -> None:
        """A private answer, whether or not the interaction was already answered (`extra`: file, embed)."""
        kwargs = {"ephemeral": True, **({"view": view} if view else {}), **extra}
        if interaction.response.is_done():
            await interaction.followup.send(fmt.clip(text, fmt.CONTENT_LIMIT), **kwargs)
        else:
            await interaction.response.send_message(fmt.clip(text, fmt.CONTENT_LIMIT), **kwargs)

    async def note(self, interaction: discord.Interaction, text: str) -> None:
        """A private answer that must not fail loudly: Discord refusing it (the interaction expired or was
        answered meanwhile) is one log line."""
        try:
            await self.text(interaction, text)
        except discord.HTTPException as exc:
            log.warning("could not answer an interaction (HTTP %s)", exc.status)

    async def message(self, interaction: discord.Interaction, message: Message) -> None:
        """A V2 message seen only by the clicker, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **message.send_kwargs())
        else:
            await interaction.response.send_message(ephemeral=True, **message.send_kwargs())

    async def edit(self, interaction: discord.Interaction, message: Message, old_picture: str) -> None:
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

    async def refusal(self, interaction: discord.Interaction, refusal: errors.Refusal) -> None:
        with reading(self.settings.reader_lang(interaction)):
            await self.note(interaction, refusal.message())

    async def apology(self, interaction: discord.Interaction) -> None:
        if interaction.response.is_done():
            return
        with reading(self.settings.reader_lang(interaction)):
            await self.note(interaction, tr("Something went wrong on my side. Use {hand} to see where things "
                                            "stand, and try again.", hand=command("game hand")))

    async def defer_if_busy(self, interaction: discord.Interaction, table: Table, *, private: bool = True) -> None:
        """Another change to this table holds its lock (it may be waiting on Discord): acknowledge now, so
        Discord's 3 s cannot run out while this click waits. The answer then comes as an edit of the clicked
        message or a follow-up; a command's follow-up fills its "thinking" message (private unless told)."""
        if not table.lock.locked() or interaction.response.is_done():
            return
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.defer(ephemeral=private, thinking=True)
        else:
            await interaction.response.defer()

    async def safely(self, interaction: discord.Interaction, coro, spoken: bool = False) -> None:
        """Run a handler in its member's language (`spoken`: already set in this task): a Refusal is answered
        with its words, a failure with a private apology."""
        try:
            if not spoken:
                await self.speak_to(interaction)
            await coro
        except errors.Refusal as refusal:
            await self.refusal(interaction, refusal)
        except Exception:
            log.exception("handling %s failed", data_of(interaction).get("custom_id"))
            await self.apology(interaction)
