"""Components V2 parts as the JSON Discord reads, built directly.

A click's answer is a hand message of a dozen parts or more. Built as discord.py `ui` objects (a LayoutView
of a Container of TextDisplays and ActionRows of Buttons), then turned back into this JSON by discord.py,
it cost about as much as the game's commit. These builders give the very dicts discord.py would send for
the same parts (tests/bot/test_parts.py compares them), so a message's hash and what Discord receives are
unchanged. `Parts` carries them where discord.py expects a view.
"""
from __future__ import annotations

from present import fmt

PRIMARY, SECONDARY, SUCCESS, LINK = 1, 2, 3, 5   # discord.ButtonStyle values
ACTION_ROW, BUTTON, SELECT, TEXT, GALLERY, FILE, SEPARATOR, CONTAINER = 1, 2, 3, 10, 12, 13, 14, 17


class Parts:
    """A finished Components V2 message layout, in Discord's JSON, passed to discord.py as its `view`.

    discord.py only asks a view for its JSON and whether it is V2; `is_finished` keeps it from storing the
    view for callbacks (the Host dispatches the table's items itself: cogs/table/components.py)."""

    __discord_ui_view__ = True
    timeout = None

    def __init__(self, components: list[dict]) -> None:
        self.components = components

    def to_components(self) -> list[dict]:
        return self.components

    def has_components_v2(self) -> bool:
        return True

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


def text(content: str) -> dict:
    return {"type": TEXT, "content": content}


def gallery(url: str) -> dict:
    return {"type": GALLERY, "items": [{"media": {"url": url}, "spoiler": False}]}


def file(url: str) -> dict:
    return {"type": FILE, "file": {"url": url}, "spoiler": False}


def separator() -> dict:
    return {"type": SEPARATOR, "divider": True, "spacing": 1}


def container(colour: int | None, components: list[dict]) -> dict:
    return {"type": CONTAINER, "accent_color": colour, "spoiler": False, "components": components}


def row(items: list[dict]) -> dict:
    return {"type": ACTION_ROW, "components": items}


def button(custom_id: str, label: str, style: int = PRIMARY, emoji: str | None = None) -> dict:
    part = {"type": BUTTON, "style": style, "disabled": False, "label": label[:fmt.LABEL_LIMIT], "custom_id": custom_id}
    if emoji is not None:
        part["emoji"] = {"id": None, "name": emoji}
    return part


def link(url: str, label: str, emoji: str | None = None) -> dict:
    """A link button: opens `url`, sends us nothing (no custom_id)."""
    part = {"type": BUTTON, "style": LINK, "disabled": False, "label": label[:fmt.LABEL_LIMIT], "url": url}
    if emoji is not None:
        part["emoji"] = {"id": None, "name": emoji}
    return part


def option(label: str, value: str) -> dict:
    return {"label": label[:fmt.OPTION_LIMIT], "value": value, "default": False}


def select(custom_id: str, options: list[dict], placeholder: str, count: tuple[int, int] = (1, 1)) -> dict:
    return {"type": SELECT, "custom_id": custom_id, "min_values": count[0], "max_values": count[1],
            "disabled": False, "required": True, "placeholder": placeholder[:fmt.SELECT_PLACEHOLDER], "options": options}


def as_part(item) -> dict:
    """A part given either way: a dict already, or a discord.py item (a cog's DynamicItem rows)."""
    return item if isinstance(item, dict) else item.to_component_dict()
