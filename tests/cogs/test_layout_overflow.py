"""A message too long for Components V2's 4,000 characters shows what fits and puts the whole text in a file,
and that file is placed by a File component: with V2, an attachment no component names is not shown."""
from __future__ import annotations

from cogs.table.layout import FULL_TEXT_FILE, layout
from present.base import Doc, Section
from tests.discord_spec import check


def test_an_overflowing_message_shows_its_file_and_discord_would_take_it():
    lines = [f"Card {i}: a long line of a long hand that goes on and on, number {i}" for i in range(200)]
    message = layout(Doc("A very long hand", [Section("Hand", lines)]), colour=0x336699)
    assert [name for name, _ in message.extra_files] == [FULL_TEXT_FILE]
    assert b"number 199" in message.extra_files[0][1], "the file holds the whole text"
    components = message.view.to_components()
    flat = list(components)
    for c in flat:
        flat += c.get("components", [])
    files = [c for c in flat if c["type"] == 13]
    assert [f["file"]["url"] for f in files] == [f"attachment://{FULL_TEXT_FILE}"]
    assert any("attached file" in c.get("content", "") for c in flat)
    body = {"flags": 1 << 15, "components": components,
            "attachments": [{"id": 0, "filename": FULL_TEXT_FILE}]}
    assert check("POST", "/channels/1/messages", body) is None
