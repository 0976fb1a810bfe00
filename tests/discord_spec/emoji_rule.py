"""Which emoji Discord takes on a button or a select option.

Discord renders component emoji from Unicode's emoji list: a unicode emoji must be one of its
fully-qualified sequences (U+1F0A0 PLAYING CARD BACK is not an emoji at all; "⚔" without U+FE0F is only
"unqualified"), or the emoji is a custom one, named by its snowflake id. Anything else is refused with
BUTTON_COMPONENT_INVALID_EMOJI at `emoji.name`. The list comes from the maintained `emoji` package (its
EMOJI_DATA follows Unicode's emoji-test.txt), not from a hand-written table.
https://discord.com/developers/docs/components/reference#button (emoji: name, id, animated)
"""
from __future__ import annotations

import re

import emoji

FULLY_QUALIFIED = emoji.STATUS["fully_qualified"]
_SNOWFLAKE = re.compile(r"[0-9]{1,20}")


def valid_component_emoji(value) -> bool:
    """Whether a component's `emoji` object (a dict, as sent) would be accepted."""
    if not isinstance(value, dict):
        return False
    custom_id = value.get("id")
    if custom_id is not None:
        return _SNOWFLAKE.fullmatch(str(custom_id)) is not None
    return valid_unicode_emoji(value.get("name"))


def valid_unicode_emoji(name) -> bool:
    return isinstance(name, str) and emoji.EMOJI_DATA.get(name, {}).get("status") == FULLY_QUALIFIED
