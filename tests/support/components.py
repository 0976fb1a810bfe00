"""Reading the components of a message, whatever holds it: component dicts (what the bot sends: simcord's
interaction answers, the e2e fake's messages, a view's to_components()) or discord.py objects (messages in
simcord's channels and DMs). Components nest in rows, containers, sections (their accessory) and labels
(their component); every reader here walks them in document order."""
from __future__ import annotations

from types import SimpleNamespace

INTERACTIVE_TYPES = {2, 3, 5, 6, 7, 8}  # button, string select, user/role/mentionable/channel selects
ACTION_PREFIXES = ("rk:a:", "rk:s:", "rk:b:")  # a game move: action, select, bundle


def children(comp) -> list:
    """The components directly inside one component."""
    if isinstance(comp, dict):
        return list(comp.get("components") or []) + [comp[k] for k in ("accessory", "component")
                                                      if isinstance(comp.get(k), dict)]
    inner = list(getattr(comp, "children", None) or getattr(comp, "components", None) or [])
    accessory = getattr(comp, "accessory", None)
    return inner + ([accessory] if accessory is not None else [])


def walk(components) -> list:
    """Every component, nested ones included, each before the ones inside it."""
    out = []
    for c in components or []:
        out.append(c)
        out += walk(children(c))
    return out


def _type(comp) -> int | None:
    return comp.get("type") if isinstance(comp, dict) else getattr(getattr(comp, "type", None), "value", None)


def iter_components(components) -> list[dict]:
    """Every interactive component (buttons, selects) as a dict: {type, custom_id, label, options} for
    discord.py objects, the dict itself (with all its fields) otherwise."""
    out = []
    for c in walk(components):
        kind = _type(c)
        if kind not in INTERACTIVE_TYPES:
            continue
        out.append(c if isinstance(c, dict) else {
            "type": kind, "custom_id": c.custom_id, "label": getattr(c, "label", None),
            "options": [{"value": o.value, "label": o.label} for o in getattr(c, "options", [])]})
    return out


def components_of(message) -> list[dict]:
    """The buttons and selects of a message (a dict or an object with .components)."""
    return iter_components(message["components"] if isinstance(message, dict) else message.components)


def action_components(message) -> list[dict]:
    """The game moves a message offers."""
    return [c for c in components_of(message) if (c.get("custom_id") or "").startswith(ACTION_PREFIXES)]


def text_of(message) -> str:
    """What a message says: its content, then every text display of a V2 layout, in order."""
    if isinstance(message, dict):
        content, components = message.get("content"), message.get("components")
    else:
        content, components = getattr(message, "content", None), message.components
    parts = [content] if content else []
    for c in walk(components):
        if _type(c) == 10:
            parts.append((c.get("content") or "") if isinstance(c, dict) else c.content)
    return "\n".join(parts)


def built_text(message) -> str:
    """The text a message built by the host (cogs.table.layout.Message) shows, read as text_of reads a
    sent one."""
    return text_of(SimpleNamespace(content=None, components=message.view.to_components()))


def find_component(message: dict, *, label: str | None = None, custom_id: str | None = None,
                   prefix: str | None = None, type: int | None = None) -> dict:
    """The first interactive component of a message dict matching every given filter (type 2 button, 3 select)."""
    comps = components_of(message)
    for comp in comps:
        if ((type is None or comp["type"] == type) and (label is None or comp.get("label") == label)
                and (custom_id is None or comp.get("custom_id") == custom_id)
                and (prefix is None or str(comp.get("custom_id", "")).startswith(prefix))):
            return comp
    have = [(c["type"], c.get("label"), c.get("custom_id")) for c in comps]
    raise AssertionError(f"no component label={label!r} custom_id={custom_id!r} prefix={prefix!r} "
                         f"type={type!r}; the message has (type, label, custom_id): {have}")
