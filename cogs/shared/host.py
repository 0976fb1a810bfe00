"""The Discord side of a table: answers component clicks, publishes the public board and the private
hand messages (DM, or ephemeral through "My hand" when DMs are closed), and runs the turn timers.

Rules of thumb kept here: validate before touching anything, answer privately on every refusal, hold the
table's lock from the check to the commit so two clicks can never interleave, and send the board and
hands from one publisher task per table, outside the lock (see publish). Every interaction
gets an answer: forged or out-of-date components and broken slash commands are answered privately here too.

The Host is a cog (loaded first, as the extension cogs.shared.host): it registers the persistent components,
the slash-command error handler, and after a restart brings every live game's messages up to date.
"""
from __future__ import annotations

import asyncio
import io
import logging
import time
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.storage import DuplicateInteraction
from bot.storage.base import StaleGame
from bot.tables import Step, Table, TableService
from cogs.shared.components import DYNAMIC_ITEMS, actions_view, as_buttons, board_view, handled
from cogs.shared.messages import (HAND_FILE, PICTURE_KEY, Board, HandPlan, PublishPlan,
                                  PublishRequest, picture_edit, picture_post, shown_hash)
from cogs.shared.settings import MemberSettings
from engine import IllegalAction
from present import fmt, presenter
from present.base import Doc, Section, offered_bundles

log = logging.getLogger("rookery.host")
DM_CLOSED = 50007
BOARD_MAX_AGE = 50 * 60  # Discord rate-limits edits of messages older than an hour: repost before that
SQLITE_MAX_ID = 2**63 - 1
REPUBLISH_PACE = 0.25    # seconds of pause per Discord request while republishing after a restart (~4/s)
FORCED_DELAY = 2.0       # seconds before a forced move plays itself: the table reads what led to it first
FORCED_POLL = 0.5        # seconds between checks for forced moves that are due
FALLBACK_AFTER = 2.5     # a component nobody answered by then gets "out of date" (Discord allows 3 s)
STALE = ("This button is out of date (from an older message or version). Use `/game hand` for your current "
         "choices, or `/game status` for the board.")


@dataclass
class Presentation:
    """Kept for game cogs written before present/: the look now comes from the game's presenter."""

    emoji: str = "🎲"
    placeholder: str = "Choose your move…"


class Host(commands.Cog):
    def __init__(self, bot: commands.Bot, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.presentations: dict[str, Presentation] = {}
        # What each board shows now, to skip no-op edits. Hand messages keep theirs in Seat.shown (stored),
        # so after a restart a hand that is already right is not edited again.
        self._board_shown: dict[int, str] = {}
        # Seats each table waited for at its last publish: a seat not in it that must act now has a new turn
        # and is pinged once. In memory only: after a restart nobody is pinged for a turn that already began.
        self._awaiting: dict[int, set[str]] = {}
        self._requests: dict[int, PublishRequest] = {}     # table id -> what its publisher must send next
        self._publishers: dict[int, asyncio.Task] = {}     # table id -> its running publisher task
        self.settings = MemberSettings(service.store)  # /game notify and /game autoplay, cached per server
        self.forced_delay = FORCED_DELAY
        self._forced: dict[int, tuple[str, str, float]] = {}  # table id -> (seat, prompt key, when it plays)
        self._forced_task: asyncio.Task | None = None
        self._timer_task: asyncio.Task | None = None
        self._republish_task: asyncio.Task | None = None
        self.republished = asyncio.Event()  # set when the after-restart pass is done (tests, soak script)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)  # buttons on old messages work again after a restart
        self.bot.tree.error(self.on_app_command_error)

    async def cog_unload(self) -> None:
        self.stop_timers()
        for task in self._publishers.values():
            task.cancel()
        if self._republish_task is not None:
            self._republish_task.cancel()
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    @commands.Cog.listener()
    async def on_tables_restored(self) -> None:
        """Dispatched by the app once storage has restored the live games."""
        self.start_timers(getattr(getattr(self.bot, "settings", None), "timer_poll", 0))
        if self._republish_task is None:
            self._republish_task = asyncio.create_task(self.republish_all(), name="rookery-republish")

    # ---- answering every interaction
    async def safely(self, interaction: discord.Interaction, coro) -> None:
        """Run a component handler; a failure still gets the user a private answer instead of silence."""
        try:
            await coro
        except Exception:
            log.exception("handling %s failed", (interaction.data or {}).get("custom_id"))
            if not interaction.response.is_done():
                try:
                    await self.reply(interaction, "Something went wrong on my side. Use `/game hand` to see "
                                                  "where things stand, and try again.")
                except discord.HTTPException:
                    pass

    @staticmethod
    def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
        """discord.py runs a persistent item only if the clicked message really carries that component."""
        message = interaction.message
        if message is None:
            return False
        kind = (interaction.data or {}).get("component_type")
        try:
            view_class = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
            items = view_class.from_message(message, timeout=None).walk_children()
            return any(getattr(i, "custom_id", None) == custom_id and i.type.value == kind for i in items)
        except Exception:  # a message discord.py cannot parse would not be dispatched either
            return False

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer components that no handler will: forged, truncated or from an older format."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith("rk:"):
            if handled(custom_id) and self._on_message(interaction, custom_id):
                return
        else:  # not ours: a short-lived view may still answer it, so only step in if nobody did in time
            await asyncio.sleep(FALLBACK_AFTER)
        if not interaction.response.is_done():
            try:
                await self.reply(interaction, STALE)
            except discord.HTTPException:  # answered meanwhile by someone else: fine
                pass

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """Every failed slash command gets a private, plain answer; only real bugs are logged with a trace."""
        original = getattr(error, "original", error)
        if isinstance(original, IllegalAction):
            text = f"🚫 {original}"
        elif isinstance(error, app_commands.CommandNotFound):
            text = "I don't know that command any more — Discord may still show an old list. Try `/game`."
        elif isinstance(error, app_commands.TransformerError):
            text = f"I couldn't read `{str(error.value)[:50]}` there. Pick a value from the list Discord offers."
        elif isinstance(error, app_commands.CheckFailure):
            text = "You can't use that command here."
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=original)
            text = "Something went wrong on my side. Use `/game status` to see where things stand."
        try:
            await self.reply(interaction, text)
        except discord.HTTPException:
            pass

    # ---- small helpers
    async def table(self, game_id: int) -> Table | None:
        """The table for an id from a custom_id; ids outside SQLite's INTEGER range simply don't exist."""
        return await self.service.get(game_id) if 0 < game_id <= SQLITE_MAX_ID else None

    async def reply(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None = None,
                    **extra) -> None:
        """A private answer, whether or not the interaction was already answered (`extra`: embed, file)."""
        kwargs = {"ephemeral": True, **({"view": view} if view else {}), **extra}
        if interaction.response.is_done():
            await interaction.followup.send(render.clip(text), **kwargs)
        else:
            await interaction.response.send_message(render.clip(text), **kwargs)

    def where(self, table: Table) -> str:
        channel = self.bot.get_channel(table.channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None:
            return ""
        return f"in {guild.name} › #{channel.name}" if guild else f"in #{channel.name}"

    def hand_message(self, table: Table, seat_id: str, private: bool = False,
                     page: int = 0) -> tuple[str, discord.ui.View | None]:
        """The seat's hand and choices. `private`: the DM form, without what the public board shows;
        `page`: which page of a prompt with more choices than one message holds."""
        text = render.hand_text(table, seat_id, self.where(table), private)
        legal = table.pending().get(seat_id, [])
        view = None
        if legal:
            p = presenter(table.game_key)
            seat_view = table.state.view(seat_id)
            labels = [p.label(a, seat_view, table.names) for a in legal]
            order = sorted(range(len(legal)), key=lambda i: p.order(legal[i]))  # stable: ties keep engine order
            found = offered_bundles(p, seat_view, legal)
            bundled = ([b.label for b in found[0]], found[1]) if found else None
            view = actions_view(table.id, seat_id, self.service.prompt_key(table, seat_id), labels,
                                p.prompt(seat_view), order, page,
                                None if found else together(p, seat_view, legal, labels), bundled)
        return text, view

    def hand_picture(self, table: Table, seat_id: str, dm: bool = True) -> tuple[bytes, str] | None:
        """The seat's own picture (its hand, drawn from its own view only), or None when the game has no
        pictures, the seat's picture would show nothing beyond the public board's, or (`dm`) the game keeps
        it out of DMs (see BasePresenter.hand_picture_in_dm)."""
        p = presenter(table.game_key)
        if not table.game.traits.pictures or table.state is None or (dm and not p.hand_picture_in_dm):
            return None
        mine = p.picture(table.state.view(seat_id))
        if mine is None:
            return None
        board = p.picture(table.state.view(None))  # drawn pictures are cached by key: this is cheap
        return None if board is not None and board[1] == mine[1] else mine

    def presentation(self, table: Table) -> Presentation:
        return self.presentations.get(table.game_key, Presentation())

    async def channel(self, table: Table):
        return self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(table.channel_id)

    # ---- publishing
    # One publisher task per table is the only sender of its board and hand edits. A commit only queues a
    # request (under the lock, no network); the task takes a snapshot of what the messages must show under
    # the lock, releases it, sends, then records what was sent under the lock again. Commits made while it
    # sends are published together in one more pass: quick moves cost one board edit, never a wait.
    async def publish(self, table: Table, steps: list[Step] = (), save: bool = False) -> None:
        """Queue bringing the board and every hand message up to date after a change (caller holds the
        lock). Returns at once: the table's publisher task sends, in order, after the caller lets go. One
        failed message never stops the others: each stays stale only until the next change, "My hand", or
        the after-restart republish.

        `save`: a caller already changed a seat's stored message fields (e.g. the clicked hand's hash)."""
        request = self._requests.setdefault(table.id, PublishRequest())
        request.result |= bool(table.state is not None and table.state.over and steps)
        request.save |= save
        forced = self._forced_move(table, await self.settings.autoplay_on(table.guild_id))
        # A forced move plays itself in a moment: pinging its seat for it would only be noise.
        new_turn = self._new_turns(table, set(table.pending())) - ({forced[0]} if forced else set())
        if new_turn:
            off = await self.settings.notify_off(table.guild_id)
            request.pings |= {s.seat for s in table.seats if s.seat in new_turn and not s.is_bot
                              and s.user_id not in off}
        self._schedule_forced(table, forced)
        self._kick(table)

    def _kick(self, table: Table) -> None:
        task = self._publishers.get(table.id)
        if task is None or task.done():
            self._publishers[table.id] = asyncio.create_task(self._publisher(table),
                                                             name=f"rookery-publish-{table.id}")

    async def settled(self, table: Table | None = None) -> int:
        """Wait until the publisher of `table` (or of every table) has nothing left to send; returns the
        Discord requests those passes made. Tests and the after-restart republish wait here."""
        sent = 0
        while True:  # a pass may hand over to a new task (a request queued as the last one ended)
            tasks = [self._publishers.get(table.id)] if table is not None else list(self._publishers.values())
            tasks = [t for t in tasks if t is not None and not t.done()]
            if not tasks:
                return sent
            for task in tasks:
                sent += await asyncio.shield(task)

    async def _publisher(self, table: Table) -> int:
        sent = 0
        try:
            while self._requests.get(table.id) is not None:
                async with table.lock:
                    request = self._requests.pop(table.id)
                    plan, requests = await self._snapshot(table, request)
                sent += requests
                if plan is None:
                    continue
                results = await self._send(table, plan)
                sent += sum(1 for r in results.values() if r is not None)
                async with table.lock:
                    sent += await self._record(table, plan, results, request.save)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug in one pass must not stop later ones: the next commit starts a new task
            log.exception("publishing table %s failed", table.id)
        finally:
            if self._publishers.get(table.id) is asyncio.current_task():
                if self._requests.get(table.id) is not None:  # queued after the loop's last look
                    self._publishers[table.id] = asyncio.create_task(self._publisher(table),
                                                                     name=f"rookery-publish-{table.id}")
                else:
                    self._publishers.pop(table.id, None)
        return sent

    async def _snapshot(self, table: Table, request: PublishRequest) -> tuple[PublishPlan | None, int]:
        """What the messages must show now (caller holds the lock), and the Discord requests made here.
        The rare messages that need a new post (a game's first board and DMs, a board too old to edit) are
        sent right here under the lock by update_board/update_dm; every edit and ping goes in the plan."""
        if table.state is None:
            return None, 0
        requests = 0
        plan = PublishPlan()
        if request.result and table.state.over:
            history = self.bot.get_cog("History")  # cogs/history.py: the Rematch button, when loaded
            plan.result = (render.result_text(table), history.result_view(table) if history is not None else None)
        fresh = table.board_posted_at is not None and time.time() - table.board_posted_at < BOARD_MAX_AGE
        if table.board_message_id and fresh:
            board = self.board_message(table)
            shown = shown_hash(board.text, board.view, board.key)
            if self._board_shown.get(table.id) != shown:
                plan.board = (table.board_message_id, board, shown, table.logs.get(PICTURE_KEY))
        else:
            requests += await self._attempt(table, "board", self.update_board(table))
        pending = table.pending()
        for seat in table.seats:
            if seat.is_bot or seat.dm_closed:
                continue
            ping = seat.seat in request.pings and seat.seat in pending  # the turn is still theirs
            if not seat.dm_message_id and not ping:
                requests += await self._attempt(table, seat.seat, self.update_dm(table, seat.seat))
                continue
            text, view = self.hand_message(table, seat.seat, private=True)
            picture = self.hand_picture(table, seat.seat)
            shown = shown_hash(text, view, picture[1] if picture else "")
            if seat.shown != shown or ping:
                plan.hands.append(HandPlan(seat.seat, seat.user_id, seat.dm_channel_id, seat.dm_message_id,
                                           text, view, shown, ping, picture, seat.picture,
                                           presenter(table.game_key).colour))
        mentions = [s.user_id for s in table.seats if s.seat in request.pings and s.seat in pending
                    and s.dm_closed and not s.is_bot and self._publicly_awaited(table, s.seat)]
        plan.mention = mentions  # no DM to ping: a mention, only where the public may know the seat must act
        if plan.result or plan.board or plan.hands or plan.mention:
            plan.channel = await self.channel(table)
            return plan, requests
        if request.save:
            await self.service.save_messages(table)
        return None, requests

    async def _send(self, table: Table, plan: PublishPlan) -> dict:
        """Send a plan without the lock: the result first, then the board, hands and mention in parallel
        (different messages: Discord takes them at once). Returns what each job achieved (None: nothing)."""
        results: dict = {}
        if plan.result is not None:
            text, view = plan.result
            results["result"] = await self._attempt_value(
                table, "result", plan.channel.send(text, **({"view": view} if view else {})))
        jobs = {}
        if plan.board is not None:
            jobs["board"] = self._edit_board(plan.channel, plan.board)
        for hand in plan.hands:
            jobs[hand.seat] = self._send_hand(hand)
        if plan.mention:
            jobs["ping"] = self._mention(plan.channel, table, plan.mention)
        outcomes = await asyncio.gather(*(self._attempt_value(table, what, job) for what, job in jobs.items()))
        results.update(zip(jobs, outcomes))
        return results

    async def _edit_board(self, channel, planned) -> str | None:
        """Edit the board message; "gone" when it was deleted (the record step posts a new one)."""
        message_id, board, _, picture_key = planned
        # The picture is uploaded again only when what it shows changed (its key): an edit without
        # `attachments` keeps the one already on the message.
        extra = {"attachments": [board.file()]} if board.picture is not None and picture_key != board.key else {}
        if board.picture is None and picture_key:
            extra = {"attachments": []}
        try:
            await channel.get_partial_message(message_id).edit(content=board.text, view=board.view,
                                                               embed=board.embed(), **extra)
            return "edited"
        except discord.NotFound:
            return "gone"

    async def _send_hand(self, hand: HandPlan):
        """Edit the seat's DM, or send a new one for a ping (Discord notifies of new messages, not edits) or
        when the old one is gone. Returns "edited", the new message, or "closed" (DMs closed)."""
        try:
            if hand.message_id and hand.channel_id and not hand.ping:
                channel = self.bot.get_partial_messageable(hand.channel_id, type=discord.ChannelType.private)
                try:
                    await channel.get_partial_message(hand.message_id).edit(
                        content=hand.text, view=hand.view,
                        **picture_edit(hand.picture, hand.old_picture, hand.colour, HAND_FILE))
                    return "edited"
                except discord.NotFound:
                    pass
            user = self.bot.get_user(hand.user_id) or await self.bot.fetch_user(hand.user_id)
            dm = await user.create_dm()
            return await dm.send(hand.text, view=hand.view, **picture_post(hand.picture, hand.colour, HAND_FILE))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            return "closed"

    async def _mention(self, channel, table: Table, user_ids: list[int]) -> str:
        who = " ".join(f"<@{u}>" for u in user_ids)
        await channel.send(f"🔔 {who}: your move in **{table.game.title}** (table #{table.id}) — press "
                           "**My hand** on the board.")
        return "sent"

    async def _record(self, table: Table, plan: PublishPlan, results: dict, save: bool) -> int:
        """Remember what was sent (caller holds the lock), then store it. A message another sender replaced
        meanwhile (a /game status repost, a restart's republish) keeps that sender's record. Returns the
        Discord requests made here (a deleted board posted again, a notice that DMs are closed)."""
        requests = 0
        if plan.board is not None:
            message_id, board, shown, _ = plan.board
            outcome = results.get("board")
            if outcome == "edited" and table.board_message_id == message_id:
                self._board_shown[table.id] = shown
                await self._remember_picture(table, board.key)
            elif outcome == "gone" and table.board_message_id == message_id:
                requests += await self._attempt(table, "board", self.update_board(table, repost=True))
        for hand in plan.hands:
            outcome = results.get(hand.seat)
            seat = next((s for s in table.seats if s.seat == hand.seat), None)
            if outcome is None or seat is None or seat.dm_message_id != hand.message_id:
                continue
            if outcome == "closed":
                requests += await self._attempt(table, hand.seat, self._dm_closed(table, seat))
                continue
            if outcome != "edited":
                seat.dm_channel_id, seat.dm_message_id = outcome.channel.id, outcome.id
            seat.shown = hand.shown  # stored only after the send: a crash in between means "send again"
            seat.picture = hand.picture[1] if hand.picture else ""
            save = True
        if save:
            await self.service.save_messages(table)
        return requests

    async def _dm_closed(self, table: Table, seat) -> int:
        seat.dm_closed = True
        await self.service.save_messages(table)
        channel = await self.channel(table)
        await channel.send(
            f"📪 <@{seat.user_id}>, I can't send you direct messages. Use the **My hand** button on the "
            "board to see your cards and play — it answers only you."
        )
        return 1

    async def _attempt_value(self, table: Table, what: str, coro):
        """Like _attempt, keeping the job's result (None when it failed)."""
        try:
            return await coro
        except discord.HTTPException:
            log.warning("could not update the %s message of table %s", what, table.id, exc_info=True)
        except Exception:  # a bug building one message must not keep the other players stale
            log.exception("building the %s message of table %s failed", what, table.id)
        return None

    def _forced_move(self, table: Table, autoplay: set[int] = frozenset()) -> tuple[str, str] | None:
        """(seat, prompt key) of a human seat whose only legal move is one the public may see it make now:
        nothing to decide and nothing to hide. In a window the public decision doesn't name (a hidden
        reaction), an instant move would tell everyone the seat had no choice, so it waits for the player.
        So does a lone move that names a card or a target ("follow suit with your only Sword"): that it was
        the only one depends on the hand, and a move made exactly forced_delay later would say so, unless
        the decision says it is `obvious` to everyone (the seat's last card), or the member chose
        `/game autoplay on` (their own call: the timing may tell the table they had no other card)."""
        if table.status != "active" or table.state is None:
            return None
        decision = table.state.view(None).get("decision")
        if decision is None:  # a game without the fact (a test's toy): every prompt is left to its player
            return None
        undo = set(table.game.traits.undo)
        for seat_id, legal in table.pending().items():
            seat = table.seat(seat_id)
            if (len(legal) == 1 and (legal[0].keys() == {"type"} or decision.get("obvious")
                                     or seat.user_id in autoplay)
                    and legal[0]["type"] not in undo
                    and not seat.is_bot
                    and seat_id in decision.get("seats", ())):
                return seat_id, self.service.prompt_key(table, seat_id)
        return None

    def _schedule_forced(self, table: Table, forced: tuple[str, str] | None) -> None:
        """Play the forced move forced_delay from now, from the timer loop (play_forced). Nothing is stored
        for it: after a restart the republish schedules it again, and a click that gets there first makes
        the scheduled move a no-op (its prompt key no longer matches)."""
        if forced is None:
            self._forced.pop(table.id, None)
        elif self._forced.get(table.id, ())[:2] != forced:
            self._forced[table.id] = (*forced, self.service.clock() + self.forced_delay)

    async def play_forced(self, now: float | None = None) -> int:
        """Play every forced move that is due; returns how many were played."""
        now = self.service.clock() if now is None else now
        played = 0
        for table_id, (seat_id, prompt, due) in list(self._forced.items()):
            table = self.service.tables.get(table_id)
            if due > now or table is None:
                if table is None:
                    self._forced.pop(table_id, None)
                continue
            try:
                async with table.lock:
                    if self._forced.get(table_id) != (seat_id, prompt, due):
                        continue  # rescheduled meanwhile
                    del self._forced[table_id]
                    legal = table.pending().get(seat_id, [])
                    if (table.status != "active" or len(legal) != 1
                            or self.service.prompt_key(table, seat_id) != prompt):
                        continue  # the player clicked it first, or the game moved on
                    # Source "player": the move was the player's alone to make, and it is theirs in the log.
                    steps = await self.service.act(table, seat_id, legal[0])
                    played += 1
                    await self.publish(table, steps)
            except Exception:
                log.exception("the forced move of %s in table %s failed", seat_id, table_id)
        return played

    def _new_turns(self, table: Table, pending: set[str]) -> set[str]:
        """Seats that must act now and didn't at the last publish: each gets one ping for this turn. While
        play stays with a seat (several clicks of one decision) it stays awaited, so it is not pinged again."""
        if table.status not in ("active", "paused"):  # over or ended: forget it
            self._awaiting.pop(table.id, None)
            return set()
        before = self._awaiting.get(table.id)
        self._awaiting[table.id] = pending
        if before is None:  # first publish since start-up: the DM is new anyway, or the turn began earlier
            return set()
        return pending - before

    async def reschedule_forced(self, guild_id: int, user_id: int) -> None:
        """After a member's /game autoplay: schedule (or drop) a lone card of theirs that waits right now."""
        members = await self.settings.autoplay_on(guild_id)
        for table in list(self.service.tables.values()):
            if table.guild_id == guild_id and any(s.user_id == user_id for s in table.seats):
                async with table.lock:
                    self._schedule_forced(table, self._forced_move(table, members))

    async def _attempt(self, table: Table, what: str, coro) -> bool:
        try:
            return bool(await coro)
        except discord.HTTPException:
            log.warning("could not update the %s message of table %s", what, table.id, exc_info=True)
        except Exception:  # a bug building one message must not keep the other players stale
            log.exception("building the %s message of table %s failed", what, table.id)
        return False

    def board_message(self, table: Table) -> Board:
        p = presenter(table.game_key)
        picture = p.picture(table.state.view(None)) if table.game.traits.pictures else None
        view = board_view(table.id) if table.status in ("active", "paused") else None
        return Board(render.board_text(table), view, picture, p.colour)

    async def _remember_picture(self, table: Table, key: str) -> None:
        """Store the key of the picture the board message now carries, so a restart doesn't upload it again."""
        if table.logs.get(PICTURE_KEY) != key:
            table.logs[PICTURE_KEY] = key
            await self.service.store.update_game(table.id, logs=table.logs)

    async def update_board(self, table: Table, repost: bool = False) -> int:
        """Edit (or post) the public board; returns how many Discord requests that took."""
        if table.state is None:
            return 0
        board = self.board_message(table)
        text, view, embed = board.text, board.view, board.embed()
        shown = shown_hash(text, view, board.key)
        old = table.board_message_id
        fresh = table.board_posted_at is not None and time.time() - table.board_posted_at < BOARD_MAX_AGE
        if old and fresh and not repost:
            if self._board_shown.get(table.id) == shown:
                return 0
            channel = await self.channel(table)
            # The picture is uploaded again only when what it shows changed (its key): an edit without
            # `attachments` keeps the one already on the message.
            new_picture = board.picture is not None and table.logs.get(PICTURE_KEY) != board.key
            extra = {"attachments": [board.file()]} if new_picture else {}
            if board.picture is None and table.logs.get(PICTURE_KEY):
                extra = {"attachments": []}
            try:
                await channel.get_partial_message(old).edit(content=text, view=view, embed=embed, **extra)
                self._board_shown[table.id] = shown
                await self._remember_picture(table, board.key)
                return 1
            except discord.NotFound:
                pass
        channel = await self.channel(table)
        if old and table.board_posted_at is None:
            # The old message is the lobby of a game whose start was cut short: take its Join/Start away.
            await self._attempt(table, "lobby", channel.get_partial_message(old).edit(view=None))
        files = {"file": board.file(), "embed": embed} if board.picture is not None else {}
        message = await channel.send(text, view=view, **files)
        table.board_message_id, table.board_posted_at = message.id, time.time()
        self._board_shown[table.id] = shown
        table.logs[PICTURE_KEY] = board.key
        await self.service.save_messages(table)
        await self.service.store.update_game(table.id, logs=table.logs)
        return 1

    async def update_dm(self, table: Table, seat_id: str, persist: bool = True, ping: bool = False) -> int:
        """Edit (or send) a seat's hand DM unless it already shows exactly this. Returns the number of
        Discord requests made; with persist=False the caller saves the seat's new message fields.
        `ping`: a new turn. The prompt goes out as a NEW message, because Discord notifies of new messages
        but not of edits; the old one keeps no buttons (the seat's last click or publish took them away)."""
        seat = table.seat(seat_id)
        if seat.is_bot or seat.dm_closed:
            return 0
        text, view = self.hand_message(table, seat_id, private=True)
        picture = self.hand_picture(table, seat_id)
        shown = shown_hash(text, view, picture[1] if picture else "")
        if seat.shown == shown and seat.dm_message_id and not ping:
            return 0
        colour = presenter(table.game_key).colour
        try:
            if seat.dm_message_id and seat.dm_channel_id and not ping:
                channel = self.bot.get_partial_messageable(seat.dm_channel_id, type=discord.ChannelType.private)
                try:
                    await channel.get_partial_message(seat.dm_message_id).edit(
                        content=text, view=view, **picture_edit(picture, seat.picture, colour, HAND_FILE))
                    seat.shown = shown  # stored only after the edit: a crash in between means "edit again"
                    seat.picture = picture[1] if picture else ""
                    if persist:
                        await self.service.save_messages(table)
                    return 1
                except discord.NotFound:
                    pass
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            dm = await user.create_dm()
            message = await dm.send(text, view=view, **picture_post(picture, colour, HAND_FILE))
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
            return 2
        seat.dm_channel_id, seat.dm_message_id, seat.shown = message.channel.id, message.id, shown
        seat.picture = picture[1] if picture else ""
        await self.service.save_messages(table)  # a new message id is saved at once, whatever the caller does
        return 1

    async def republish_all(self) -> None:
        """After a restart: make every live game's board and hands match the stored state.

        A crash between a commit and its messages would otherwise leave a player without buttons. Paced so
        hundreds of games don't flood Discord, one table at a time through its publisher (clicks on that table
        don't wait for its edits), skipping messages whose stored hash says they are already right."""
        try:
            # No wait for READY (discord.py holds it ~2 s for guilds): REST alone is enough to fix messages.
            tables = [t for t in list(self.service.tables.values()) if t.state is not None]
            fixed = 0
            for table in tables:
                async with table.lock:
                    live = table.status in ("active", "paused") and self.service.tables.get(table.id) is table
                    if live:  # through the table's publisher, so it stays the only sender of its messages
                        await self.publish(table)
                requests = await self.settled(table) if live else 0
                fixed += requests
                await asyncio.sleep(requests * REPUBLISH_PACE)  # 0 when nothing was stale: just yield
            log.info("republish after restart: %d live game(s) checked, %d message(s) fixed", len(tables), fixed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("republish after restart failed")
        finally:
            self.republished.set()

    # ---- component handlers
    async def on_action(self, interaction: discord.Interaction, game_id: int, seat_id: str, prompt: str,
                        index: int, more: list[int] = ()) -> None:
        def pick(table: Table, legal: list[dict]):
            chosen = [index, *more]
            if len(set(chosen)) != len(chosen) or not all(0 <= i < len(legal) for i in chosen):
                return None
            return [legal[i] for i in chosen] if more else legal[index]  # a list: all steps or none

        await self._choose(interaction, game_id, seat_id, prompt, pick)

    async def on_bundle(self, interaction: discord.Interaction, game_id: int, seat_id: str, prompt: str,
                        n: int) -> None:
        """A bundle: the presenter's n-th whole choice, recomputed from the live view (the prompt key
        already says the view is the one the button was made for)."""
        def pick(table: Table, legal: list[dict]):
            found = offered_bundles(presenter(table.game_key), table.state.view(seat_id), legal)
            return list(found[0][n].steps) if found and 0 <= n < len(found[0]) else None

        await self._choose(interaction, game_id, seat_id, prompt, pick)

    async def _choose(self, interaction: discord.Interaction, game_id: int, seat_id: str, prompt: str,
                      pick) -> None:
        """One click on a prompt: `pick(table, legal)` turns it into an action (or a list of steps, all or
        none), or None when it names nothing on offer; then commit, answer and publish."""
        table = await self.table(game_id)
        if table is None or table.status not in ("active", "paused"):
            return await self.reply(interaction, "This game is no longer running.")
        seat = next((s for s in table.seats if s.seat == seat_id), None)
        if seat is None or seat.user_id != interaction.user.id:
            owner = seat.name if seat else "another player"
            return await self.reply(interaction, f"Those choices belong to **{owner}**, not you.")
        if table.lock.locked():
            # Another change to this table is still publishing: acknowledge now so Discord's 3 s can't run out.
            await interaction.response.defer()
        async with table.lock:
            if table.status == "paused":
                return await self.reply(interaction, "The game is paused. Wait for `/game resume`.")
            if table.status != "active":
                return await self.reply(interaction, "This game is over.")
            legal = table.pending().get(seat_id, [])
            action = pick(table, legal) if prompt == self.service.prompt_key(table, seat_id) else None
            if action is None:
                text, view = self.hand_message(table, seat_id)
                return await self.reply(
                    interaction, "That choice was already made or is out of date. Here is where things stand:\n\n"
                    + text, view)
            try:
                steps = await self.service.act(table, seat_id, action, interaction_id=interaction.id)
            except IllegalAction as exc:
                return await self.reply(interaction, f"🚫 {exc}")
            except DuplicateInteraction:
                return await self.reply(interaction, "That click was already handled.")
            except StaleGame:  # another shard's move landed first; the service reloaded the stored game
                text, view = self.hand_message(table, seat_id)
                return await self.reply(
                    interaction, "Another move landed at the same moment, so yours wasn't applied. "
                    "Here is where things stand now:\n\n" + text, view)
            # Committed: from here on nothing may stop the publish, or another player could be left waiting.
            is_dm_message = interaction.message is not None and interaction.message.id == seat.dm_message_id
            text, view = self.hand_message(table, seat_id, private=is_dm_message)
            try:
                if interaction.response.is_done():
                    await interaction.edit_original_response(content=text, view=view)
                else:
                    await interaction.response.edit_message(content=text, view=view)
                if is_dm_message:
                    seat.shown = shown_hash(text, view)
            except discord.HTTPException:
                log.warning("could not answer a move in table %s; publishing anyway", table.id, exc_info=True)
                is_dm_message = False
            await self.publish(table, steps, save=is_dm_message)

    async def on_page(self, interaction: discord.Interaction, game_id: int, seat_id: str, prompt: str,
                      page: int) -> None:
        """"More…" on a long prompt: the same message with the next page of choices."""
        table = await self.table(game_id)
        if table is None or table.state is None or table.status not in ("active", "paused"):
            return await self.reply(interaction, "This game is no longer running.")
        seat = next((s for s in table.seats if s.seat == seat_id), None)
        if seat is None or seat.user_id != interaction.user.id:
            return await self.reply(interaction, f"Those choices belong to **{seat.name if seat else 'another player'}**"
                                                 ", not you.")
        async with table.lock:
            private = interaction.message is not None and interaction.message.id == seat.dm_message_id
            if prompt != self.service.prompt_key(table, seat_id):
                text, view = self.hand_message(table, seat_id)
                return await self.reply(interaction, "Those choices are out of date. Here is where things stand:\n\n"
                                        + text, view)
            text, view = self.hand_message(table, seat_id, private, page)
            await interaction.response.edit_message(content=text, view=view)
            if private:
                seat.shown = shown_hash(text, view)  # in memory: the next publish compares with this page

    async def on_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        table = await self.table(game_id)
        if table is None or table.state is None or table.status not in ("active", "paused"):
            return await self.reply(interaction, "This game is no longer running.")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return await self.reply(interaction, "You don't have a seat at this table — you can watch the board.")
        async with table.lock:
            text, view = self.hand_message(table, seat.seat)
            picture = self.hand_picture(table, seat.seat, dm=False)
        colour = presenter(table.game_key).colour
        await self.reply(interaction, text, view, **picture_post(picture, colour, HAND_FILE))

    async def on_log(self, interaction: discord.Interaction, game_id: int) -> None:
        """The whole log so far, privately: a seated member reads their own private lines too, anyone else
        the public ones. The recent lines are shown; the whole log comes as a text file."""
        table = await self.table(game_id)
        if table is None or table.state is None:
            return await self.reply(interaction, "This game is no longer running.")
        seat = table.seat_of(interaction.user.id)
        actions = await self.service.store.actions(table.id)
        lines = render.full_log(table, seat.seat if seat else None, actions)
        if not lines:
            return await self.reply(interaction, "Nothing has happened yet.")
        whole = "\n".join(fmt.plain_line(line) for line in lines)
        recent = fmt.markdown(Doc(f"Log of table #{table.id} ({len(lines)} lines, all in the file)",
                                  [Section("", lines, trim="start")]))
        file = discord.File(io.BytesIO(whole.encode()), filename=f"table-{table.id}-log.txt")
        await interaction.response.send_message(recent, file=file, ephemeral=True)

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
                # Naming a seat the public waiting line doesn't name (a hidden reaction window) would tell
                # everyone that seat holds something to react with: such reminders go to the seat alone.
                public = self._publicly_awaited(table, seat_id)
                if kind == "remind":
                    left = max(0, int(table.timers[seat_id]["due"] - now))
                    await self.service.mark_reminded(table, seat_id)
                    text = (f"⏰ <@{seat.user_id}>, it's your move in **{table.game.title}** "
                            f"(table #{table.id}). In {render.minutes(left)} a bot will move for you.")
                    await (channel.send(text) if public else self._tell_privately(table, seat_id, text))
                    continue
                steps = await self.service.expire(table, seat_id)
                if steps:
                    if public:
                        await channel.send(f"⌛ **{discord.utils.escape_markdown(seat.name)}** ran out of time, "
                                           "so a bot made a legal move for them.")
                    else:
                        await self._tell_privately(table, seat_id, "⌛ Your time ran out, so the safest legal "
                                                   f"choice was made for you in **{table.game.title}**.")
                    await self.publish(table, steps)

    @staticmethod
    def _publicly_awaited(table: Table, seat_id: str) -> bool:
        """Whether the public may read that the table waits for this seat: the view's decision fact names
        it (a game without the fact is taken as turn-based, where the waiting seat is public anyway)."""
        decision = table.state.view(None).get("decision")
        return decision is None or seat_id in decision.get("seats", ())

    async def _tell_privately(self, table: Table, seat_id: str, text: str) -> None:
        """A DM to the seat; with DMs closed there is no private channel, so nothing is said publicly."""
        seat = table.seat(seat_id)
        if seat.is_bot or seat.dm_closed:
            return
        try:
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            await user.send(text)
        except discord.HTTPException:
            log.warning("could not DM a reminder to %s in table %s", seat_id, table.id, exc_info=True)

    def start_timers(self, poll_seconds: float) -> None:
        async def loop() -> None:
            while True:
                await asyncio.sleep(poll_seconds)
                try:
                    await self.tick()
                except Exception:  # a failed tick must not stop later ones
                    log.exception("timer tick failed")

        async def forced_loop() -> None:
            while True:
                await asyncio.sleep(FORCED_POLL)
                try:
                    await self.play_forced()
                except Exception:
                    log.exception("forced moves failed")

        if poll_seconds > 0 and self._timer_task is None:
            self._timer_task = asyncio.create_task(loop(), name="rookery-timers")
            self._forced_task = asyncio.create_task(forced_loop(), name="rookery-forced-moves")

    def stop_timers(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
            self._timer_task = None
        if self._forced_task is not None:
            self._forced_task.cancel()
            self._forced_task = None


def together(p, view: dict, legal: list[dict], labels: list[str]) -> tuple[list[int], int, int] | None:
    """The presenter's grouping of several step actions into one multi-select (e.g. a Raven bid: choose
    its cards at once), as (indexes, min, max); None when the prompt has no such choice. A select holds 25.
    Only where the choices would be select menus anyway: k cards as buttons cost k clicks, a multi-select
    k + 2 (open, tick k, close), but k separate menus cost 2k."""
    compose = getattr(p, "compose", None)
    if as_buttons(labels):
        return None
    found = compose(view, legal) if compose is not None else None
    if not found:
        return None
    kind, low, high = found
    indexes = [i for i, a in enumerate(legal) if a["type"] == kind]
    high = min(high, len(indexes))
    if high < 2 or len(indexes) > 25 or low > high:
        return None
    return indexes, low, high


async def setup(bot) -> None:
    """Loaded first by the app: the game cogs and the lobby find the Host as bot.host."""
    bot.host = Host(bot, bot.service)
    await bot.add_cog(bot.host)
