"""The one path after every change to a table (a click, a command, a timer, a restart): schedule what the
change makes due, work out whom to ping, and queue the publish. The caller holds the table's lock."""
from __future__ import annotations

from bot.table import Outcome, Table
from cogs.table.publisher import Publisher
from cogs.table.schedule import Schedule
from cogs.table.settings import MemberSettings


class Changes:
    def __init__(self, schedule: Schedule, publisher: Publisher, settings: MemberSettings) -> None:
        self.schedule = schedule
        self.publisher = publisher
        self.settings = settings

    async def publish(self, table: Table, outcome: Outcome | None = None, **publish) -> None:
        """After a change: schedule a forced move if one is due, and publish the outcome (`publish`: the
        Publisher's own options, e.g. what a click's answer already showed). A new turn pings its seat,
        unless its move plays itself in a moment or the member turned pings off."""
        self.schedule.watch_window(table)
        forced = self.schedule.forced_move(table, await self.settings.autoplay_on(table.guild_id))
        self.schedule.schedule(table, forced)
        pings = set(outcome.turns) - table.frame().unasked() if outcome else set()
        if forced:
            pings.discard(forced[0])
        if pings:
            off = await self.settings.notify_off(table.guild_id)
            pings = {s for s in pings if table.seat(s).user_id not in off}
        self.publisher.publish(table, outcome, pings=pings, **publish)
