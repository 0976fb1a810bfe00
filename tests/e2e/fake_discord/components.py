"""Reading message components as Discord nests them (rows, sections, containers, labels)."""
from __future__ import annotations

EPHEMERAL, LOADING = 64, 128  # message flags
INTERACTIVE_TYPES = {2, 3, 5, 6, 7, 8}  # button, string select, user/role/mentionable/channel selects


def _children(comp: dict) -> list[dict]:
    # A component nests others in "components", and one in a section's "accessory" or a label's "component".
    return list(comp.get("components") or []) + [comp[k] for k in ("accessory", "component")
                                                  if isinstance(comp.get(k), dict)]


def iter_components(components: list) -> list[dict]:
    """Every interactive component (buttons, selects) inside rows, sections and containers."""
    found: list[dict] = []
    for comp in components or []:
        if comp.get("type") in INTERACTIVE_TYPES:
            found.append(comp)
        found += iter_components(_children(comp))
    return found


def message_text(message: dict) -> str:
    """What a message says: its content, then every V2 text display, in order."""
    parts = [message["content"]] if message.get("content") else []

    def walk(components) -> None:
        for comp in components or []:
            if comp.get("type") == 10:
                parts.append(comp.get("content") or "")
            walk(comp.get("components"))
            if isinstance(comp.get("accessory"), dict):
                walk([comp["accessory"]])
    walk(message.get("components"))
    return "\n".join(parts)


def number_components(components: list, counter: list[int] | None = None) -> list:
    """Give every component a numeric id, as Discord does when the bot did not."""
    counter = counter if counter is not None else [0]
    for comp in components or []:
        counter[0] += 1
        comp.setdefault("id", counter[0])
        number_components(_children(comp), counter)
    return components


def find_component(message: dict, *, label: str | None = None, custom_id: str | None = None,
                   prefix: str | None = None, type: int | None = None) -> dict:
    """The first interactive component of a message matching every given filter (type 2 button, 3 select)."""
    comps = iter_components(message["components"])
    for comp in comps:
        if ((type is None or comp["type"] == type) and (label is None or comp.get("label") == label)
                and (custom_id is None or comp.get("custom_id") == custom_id)
                and (prefix is None or str(comp.get("custom_id", "")).startswith(prefix))):
            return comp
    have = [(c["type"], c.get("label"), c.get("custom_id")) for c in comps]
    raise AssertionError(f"no component label={label!r} custom_id={custom_id!r} prefix={prefix!r} "
                         f"type={type!r}; the message has (type, label, custom_id): {have}")
