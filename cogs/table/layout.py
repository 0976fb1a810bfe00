"""Docs laid out as Discord messages (Components V2): a Container with the title, the picture in a gallery,
each section as a text block, the footer, and the message's action rows (a Doc with `picture_last` has its
picture after the sections, right above the footer).

Discord allows 40 components and 4,000 characters of text in such a message. A running log loses its
oldest lines first, with a line saying where the rest is (the Log button); anything else that would not
fit goes whole into an attached text file, with a line saying so: nothing is ever dropped silently, and
a player's own hand is never cut.

A Message is built once per reader and version, hashed once (`shown`, when first compared: a click's
answer goes out before its hash is needed), and compared with what the Discord message shows now, so a
message that would not change is never edited.
"""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import discord

from cogs.table import parts as P
from present import fmt
from present.fmt import COMPONENTS_MAX, TEXT_MAX
from present.base import Doc
from present.i18n import tr, trn

FULL_TEXT_FILE = "full-text.txt"


@dataclass
class Message:
    """One message's content: its layout, the files it uploads, and a hash of everything it shows."""

    view: P.Parts   # what discord.py sends as the message's view
    picture: tuple[bytes, str, str] | None = None   # (PNG, key, file name) shown in the gallery
    extra_files: list[tuple[str, bytes]] = field(default_factory=list)  # e.g. the overflow text

    @cached_property
    def shown(self) -> str:
        """A hash of everything the message shows: its components and its files."""
        components = self.view.to_components()
        extra = [self.picture[1] if self.picture else "", [(n, len(b)) for n, b in self.extra_files]]
        raw = json.dumps([components, extra], sort_keys=True, default=str).encode()
        return hashlib.blake2s(raw, digest_size=8).hexdigest()

    @property
    def picture_key(self) -> str:
        """What the message's attachments are: its picture's key, plus a hash of any overflow file. Stored
        beside the message, so an edit uploads files only when they changed."""
        key = self.picture[1] if self.picture else ""
        if self.extra_files:
            digest = hashlib.blake2s(b"".join(data for _, data in self.extra_files), digest_size=6).hexdigest()
            key = f"{key}+{digest}"
        return key

    def files(self) -> list[discord.File]:
        out = [discord.File(io.BytesIO(self.picture[0]), filename=self.picture[2])] if self.picture else []
        return out + [discord.File(io.BytesIO(data), filename=name) for name, data in self.extra_files]

    def send_kwargs(self) -> dict:
        """For a new message (channel.send, response.send_message)."""
        files = self.files()
        return {"view": self.view, **({"files": files} if files else {})}

    def edit_kwargs(self, old_picture: str | None) -> dict:
        """For an edit: the files are uploaded again only when they changed (an edit without `attachments`
        keeps the ones on the message, which the gallery still names); all of them then, since a new list
        replaces the old one; none when the message should show none."""
        if self.picture_key == (old_picture or ""):
            return {"view": self.view}
        return {"view": self.view, "attachments": self.files()}


def _text(block: list[str]) -> int:
    return sum(map(len, block)) + max(len(block) - 1, 0)


def layout(doc: Doc, *, colour: int, picture: tuple[bytes, str] | None = None, picture_name: str = "",
           rows: Sequence[dict | discord.ui.ActionRow] = (), full_text: bool = True, raw: bool = False) -> Message:
    """The Doc as a V2 message; `rows` are its action rows (inside the container, after the text): parts
    (cogs/table/parts.py) or a cog's discord.py rows. `raw`: the Doc's lines are Markdown already (a rules
    summary), shown as written."""
    parts = [P.as_part(r) for r in rows]  # one form from here on: raw component dicts
    title = f"### {fmt.escape(doc.title)}" if doc.title else ""
    footer = fmt.md_line(doc.footer)
    sections = [s for s in doc.sections if s.lines]
    render = fmt.plain_line if raw else fmt.md_line
    blocks = [([f"**{fmt.escape(s.title)}**"] if s.title else []) + [render(x) for x in s.lines]
              for s in sections]
    heads = [1 if s.title else 0 for s in sections]
    budget = TEXT_MAX - len(title) - len(footer) - 200  # 200: room for the notes below
    extra: list[tuple[str, bytes]] = []
    # 1. Logs lose their oldest lines, with a note.
    for i, s in enumerate(sections):
        dropped = 0
        while s.trim == "start" and sum(map(_text, blocks)) > budget and len(blocks[i]) > heads[i]:
            blocks[i].pop(heads[i])
            dropped += 1
        if dropped:
            blocks[i].insert(heads[i], "-# " + trn("… {n} earlier line: press Log for the whole log.",
                                                   "… {n} earlier lines: press Log for the whole log.", dropped))
    # 2. Anything else too long goes whole into a file; what fits is shown, and a line says so.
    if sum(map(_text, blocks)) > budget and full_text:
        extra.append((FULL_TEXT_FILE, fmt.plain(doc).encode()))
        kept, used = [], 0
        for block in blocks:
            room = budget - used
            part: list[str] = []
            for text in block:
                if _text(part + [text]) > room:
                    break
                part.append(text)
            if part:
                kept.append(part)
                used += _text(part)
            if len(part) < len(block):
                break
        blocks = kept + [["-# " + tr("The rest of this message is in the attached file {file}.",
                                     file=FULL_TEXT_FILE)]]
    # 3. Sections become text displays; past what 40 components hold, neighbours share one.
    fixed = (1 + bool(title) + bool(picture) + bool(extra) + bool(footer) + bool(parts)
             + sum(1 + len(r["components"]) for r in parts))
    room = max(1, COMPONENTS_MAX - fixed)
    texts = ["\n".join(b) for b in blocks if b]
    while len(texts) > room:
        merged = min(range(len(texts) - 1), key=lambda i: len(texts[i]) + len(texts[i + 1]))
        texts[merged:merged + 2] = [texts[merged] + "\n\n" + texts[merged + 1]]
    inside = [P.text(title)] if title else []
    gallery = [P.gallery(f"attachment://{picture_name}")] if picture is not None else []
    inside += [] if doc.picture_last else gallery
    inside += [P.text(fmt.clip(text, TEXT_MAX)) for text in texts]
    if extra:  # with Components V2 an attachment shows only where a component places it
        inside.append(P.file(f"attachment://{FULL_TEXT_FILE}"))
    inside += gallery if doc.picture_last else []
    if footer:
        inside.append(P.text(footer))
    if parts:
        inside += [P.separator(), *parts]
    view = P.Parts([P.container(colour, inside)])
    return Message(view, (picture[0], picture[1], picture_name) if picture else None, extra)
