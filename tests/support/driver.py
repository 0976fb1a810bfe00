"""Drives a whole game through simcord the way people would: DM components, or "My hand" with DMs closed."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.support.components import action_components, text_of


class Driver:
    def __init__(self, env, channel, members: dict[int, Any], seed: int = 0, prefer=None) -> None:
        self.env = env
        self.channel = channel
        self.members = members  # user id -> MemberActor
        self.rng = random.Random(seed)
        self.moves = 0
        self.prefer = prefer  # optional label -> bool: steer the random player towards some choices
        self.clicked: Counter = Counter()  # custom_id kind ("rk:a", "rk:s", "rk:b") -> clicks made
        self._cached = None

    @property
    def service(self):
        return self.env.bot.service

    def table(self):
        return self.service.in_channel(self.channel.id)

    def message(self, message_id: int):
        """A channel message by id (simcord clicks need the message object)."""
        if self._cached is None or self._cached.id != message_id:
            self._cached = next(m for m in reversed(self.channel.history()) if m.id == message_id)
        return self._cached

    def hand_message(self, seat):
        member = self.members[seat.user_id]
        return member.user.dm_channel.last_message

    async def open_hand(self, seat):
        """The ephemeral "My hand" answer for a seat (how a player with closed DMs plays)."""
        member = self.members[seat.user_id]
        board = self.message(self.table().board_message_id)
        result = await member.click(board, label="My hand")
        assert result.ephemeral
        return result.response

    def pick(self, comps: list[dict]) -> tuple[dict, str | None, str]:
        """(component, select value or None, label) — random, but preferred labels first."""
        choices = [(c, None, c.get("label") or "") for c in comps if c["type"] == 2]
        choices += [(c, o["value"], o["label"]) for c in comps if c["type"] != 2 for o in c["options"]]
        liked = [ch for ch in choices if self.prefer and self.prefer(ch[2])]
        return self.rng.choice(liked or choices)

    async def let_windows_pass(self) -> list[str] | None:
        """Let held reaction windows run out their time (what they kept back goes out), until a human seat
        must act: returns those seats, or None when a window's end ended the game."""
        table = self.table()
        if self.env.bot.services.publisher.held_until(table):  # a held window's pause: let its time run out
            await self.env.bot.services.timers.play_forced(self.service.clock() + 3600)
            await self.env.bot.services.publisher.settled()
            await self.env.settle()
        for _ in range(20):  # a held window nobody is asked in closes when its time is up: let it
            unasked = table.frame().unasked()
            pending = [s for s in table.pending() if not table.seat(s).is_bot and s not in unasked]
            if pending or not unasked:
                break
            await self.env.bot.services.timers.play_forced(self.service.clock() + 3600)
            await self.env.bot.services.publisher.settled()
            await self.env.settle()
            table = self.table()
            if table is None:  # the window's end ended the game
                return None
        assert pending, "only bots are pending but nothing moved: the game is stuck"
        return pending

    async def step(self) -> tuple[str, Any, str] | None:
        """One human move: returns (seat id, interaction result, label chosen), or None when the game ended
        while a held window closed before anyone could move."""
        pending = await self.let_windows_pass()
        return None if pending is None else await self.step_seat(self.rng.choice(pending))

    async def step_seat(self, seat_id: str) -> tuple[str, Any, str]:
        """One move by this (pending, human) seat, read from its messages once the host has sent them (a
        publish pass draws its pictures on a worker thread first: a click can return before it)."""
        await self.env.bot.services.publisher.settled()
        await self.env.settle()
        table = self.table()
        seat = table.seat(seat_id)
        member = self.members[seat.user_id]
        if seat.dm_closed:
            message, actor = await self.open_hand(seat), member
        else:
            message, actor = self.hand_message(seat), member.user
        comps = action_components(message)
        assert comps, f"{seat.name} must act but their message has no choices:\n{text_of(message)}"
        comp, value, label = self.pick(comps)
        self.clicked[comp["custom_id"][:4]] += 1
        if value is None:
            result = await actor.click(message, custom_id=comp["custom_id"])
        else:
            result = await actor.select(message, [value], custom_id=comp["custom_id"])
        assert not result.ephemeral or seat.dm_closed, f"refused: {text_of(result.response)}"
        self.moves += 1
        return seat.seat, result, label

    async def play_until(self, done, limit: int = 5000) -> None:
        for _ in range(limit):
            table = self.table()
            if table is None or done(table):
                return
            await self.step()
        raise AssertionError("game did not finish")


async def started_table(env, game: str, names=("ann", "ben", "cat", "dan")):
    """A new channel with a game of `game`: every member joins (the first hosts), then Start.
    Returns (channel, members, table)."""
    guild = env.create_guild()
    channel = guild.create_text_channel(game)
    members = [guild.add_member(env.create_user(n)) for n in names]
    await members[0].slash(channel, "game new", game=game)
    for m in members[1:]:
        await m.click(channel.last_message, label="Join")
    await members[0].click(channel.last_message, label="Start")
    return channel, members, env.bot.service.in_channel(channel.id)
