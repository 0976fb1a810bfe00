"""What the publisher (publisher.py) passes around: a change's Request (what it asked for), the Job of
one message to send, a one-off Notice, and a Failed job, logged once."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

import discord

from bot.table import Table
from cogs.table.layout import Message

log = logging.getLogger("rookery.publish")


@dataclass(frozen=True)
class Notice:
    """A one-off line for the channel (seat None) or one seat's DM: built when it goes out, in its reader's
    language, and sent only if still `wanted` then (a reminder whose turn was played meanwhile is not)."""

    seat: str | None
    build: Callable[[Table], str]
    wanted: Callable[[Table], bool] = lambda table: True


@dataclass
class Request:
    """What the changes since the publisher's last pass asked for."""

    result: bool = False                          # the game ended: post the result first
    pings: set[str] = field(default_factory=set)  # seats whose new turn gets a new DM (or a mention)
    answered: dict[str, str] = field(default_factory=dict)  # seat -> the hash a click's answer put on its DM
    repost: bool = False                          # post the board again at the bottom (/game status)
    notices: list[Notice] = field(default_factory=list)

    def merge(self, other: "Request") -> "Request":
        self.result |= other.result
        self.pings |= other.pings
        self.answered.update(other.answered)
        self.repost |= other.repost
        self.notices += other.notices
        return self

    def merge_into(self, other: "Request | None") -> "Request":
        return other.merge(self) if other is not None else self

    @property
    def empty(self) -> bool:
        return not (self.result or self.pings or self.answered or self.repost or self.notices)


@dataclass
class Job:
    """One message to send: its kind ("board", "hand", "ping", "result", "mention", "notice", "shrink": an
    older DM message of a seat becomes one line without buttons)."""

    kind: str
    seat: str | None = None
    message: Message | None = None
    text: str = ""
    new: bool = False               # post a new message rather than edit
    target: int | None = None       # message id being edited
    notice: Notice | None = None
    user: int | None = None         # a hand or ping: the member who held the seat when it was planned
    channel: int | None = None      # a shrink: the DM channel of the message

    # Each kind is planned with the fields it needs (_plan); these read them back, typed.
    @property
    def built(self) -> Message:
        assert self.message is not None, f"a {self.kind} job is planned with its message"
        return self.message

    @property
    def seat_id(self) -> str:
        assert self.seat is not None, f"a {self.kind} job is planned for a seat"
        return self.seat


@dataclass
class Failed:
    """A job Discord refused or that failed: logged once, in one line."""

    job: Job
    exc: Exception
    logged: bool = False

    @property
    def retry(self) -> bool:
        # A 400 is our own bad request: sending it again would fail the same way.
        return not (isinstance(self.exc, discord.HTTPException) and self.exc.status == 400)

    def report(self, table: Table) -> None:
        if self.logged:
            return
        exc = self.exc
        what = f"{self.job.kind} message of {self.job.seat}" if self.job.seat else f"{self.job.kind} message"
        if isinstance(exc, discord.HTTPException):
            log.warning("table %s: the %s failed: HTTP %s (code %s) %s%s", table.id, what, exc.status,
                        exc.code, exc.text[:120], "" if self.retry else "; not retried")
        else:
            log.warning("table %s: the %s failed: %s", table.id, what, exc)


def keep(failed: Request, job: Job, request: Request) -> None:
    """What a failed job needs from its request to be tried again (the rest is rebuilt from the state)."""
    if job.kind == "ping":
        failed.pings.add(job.seat_id)
    elif job.kind == "result":
        failed.result = True
    elif job.kind == "board" and request.repost:
        failed.repost = True
    elif job.kind == "mention":
        failed.pings |= request.pings
    elif job.kind == "notice":
        assert job.notice is not None, "a notice job carries its notice"
        failed.notices.append(job.notice)
