"""What the host's messages carry, as plain data: the board, a publisher pass's plan, and the picture
attachments. Built under a table's lock by cogs.shared.host, sent without it."""
from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass, field

import discord

PICTURE_FILE = "board.png"
HAND_FILE = "hand.png"
PICTURE_KEY = "board_picture"  # in Table.logs (stored JSON): the picture key the board message carries now



def shown_hash(text: str, view: discord.ui.View | None, extra: str = "") -> str:
    """What a message shows (content, components, picture key), short enough to store beside its id."""
    components = view.to_components() if view is not None else []
    raw = json.dumps([text, components, extra], sort_keys=True, default=str).encode()
    return hashlib.blake2s(raw, digest_size=8).hexdigest()


@dataclass
class Board:
    """The public board message: Markdown content, its buttons, and the picture (drawn from view(None))."""

    text: str
    view: discord.ui.View | None
    picture: tuple[bytes, str] | None   # (PNG, key)
    colour: int

    def embed(self) -> discord.Embed | None:
        if self.picture is None:
            return None
        return discord.Embed(colour=self.colour).set_image(url=f"attachment://{PICTURE_FILE}")

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.picture[0]), filename=PICTURE_FILE)

    @property
    def key(self) -> str:
        return self.picture[1] if self.picture else ""


@dataclass
class PublishRequest:
    """What the commits since the publisher's last snapshot asked for."""

    result: bool = False                         # the game ended: post the result first
    save: bool = False                           # a caller changed stored message fields
    pings: set[str] = field(default_factory=set)  # seats whose new turn gets a new DM (or a mention)


@dataclass
class HandPlan:
    """One seat's hand message as the snapshot saw it: where it is and what it must show."""

    seat: str
    user_id: int
    channel_id: int | None
    message_id: int | None
    text: str
    view: discord.ui.View | None
    shown: str
    ping: bool
    picture: tuple[bytes, str] | None = None  # the seat's own picture (hand), when it shows more than the board
    old_picture: str = ""                      # key of the picture the DM carries now
    colour: int = 0


@dataclass
class PublishPlan:
    """The messages one publisher pass sends, built under the lock and sent without it."""

    channel: object = None
    result: tuple[str, discord.ui.View | None] | None = None
    board: tuple[int, Board, str, str | None] | None = None  # (message id, board, its hash, picture key on it)
    hands: list[HandPlan] = field(default_factory=list)
    mention: list[int] = field(default_factory=list)



def picture_post(picture: tuple[bytes, str] | None, colour: int, filename: str) -> dict:
    """The embed and file that put a picture on a new message (nothing without one)."""
    if picture is None:
        return {}
    embed = discord.Embed(colour=colour).set_image(url=f"attachment://{filename}")
    return {"embed": embed, "file": discord.File(io.BytesIO(picture[0]), filename=filename)}


def picture_edit(picture: tuple[bytes, str] | None, old_key: str, colour: int, filename: str) -> dict:
    """What an edit needs for its picture: nothing while it is unchanged (the message keeps it), a new
    upload when its key changed, and removal when there is none any more."""
    if picture is None:
        return {"embed": None, "attachments": []} if old_key else {}
    if picture[1] == old_key:
        return {}
    embed = discord.Embed(colour=colour).set_image(url=f"attachment://{filename}")
    return {"embed": embed, "attachments": [discord.File(io.BytesIO(picture[0]), filename=filename)]}
