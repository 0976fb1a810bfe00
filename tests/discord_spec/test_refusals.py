"""Both fakes refuse what Discord refuses, with Discord's own 400 body: the validator itself, the e2e fake
over real HTTP (here), and simcord through its hook (tests/cogs/test_spec_refusals.py)."""
from __future__ import annotations

import aiohttp
import pytest

from tests.discord_spec import Interaction, check
from tests.e2e.fake_discord import FakeDiscord, RateLimits
from tests.e2e.fake_discord import Interaction as FakeInteraction

V2 = 1 << 15
MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def button(**extra) -> dict:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go", **extra}


def row(*children) -> dict:
    return {"type": 1, "components": list(children)}


def text(content: str = "hi") -> dict:
    return {"type": 10, "content": content}


def select(options: int) -> dict:
    return {"type": 3, "custom_id": "pick", "options": [{"label": f"o{i}", "value": str(i)} for i in range(options)]}


# name: (path, body, interaction type answered or None, (error path, code, message) or (top-level code,))
CASES = {
    "bad emoji": (MESSAGES, {"content": "x", "components": [row(button(emoji={"name": "🂠"}))]}, None,
                  (("components", "0", "components", "0", "emoji", "name"), "BUTTON_COMPONENT_INVALID_EMOJI",
                   "Invalid emoji")),
    "81-character label": (MESSAGES, {"components": [row(button(label="L" * 81))]}, None,
                           (("components", "0", "components", "0", "label"), "BASE_TYPE_MAX_LENGTH",
                            "Must be 80 or fewer in length.")),
    "6 action rows": (MESSAGES, {"components": [row(button(custom_id=f"b{i}")) for i in range(6)]}, None,
                      (("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")),
    "a Container in a Container": (MESSAGES, {"flags": V2, "components": [
        {"type": 17, "components": [{"type": 17, "components": [text()]}]}]}, None,
        (("components", "0", "components", "0"), "UNION_TYPE_CHOICES",
         'Value of field "type" must be one of (1, 9, 10, 12, 13, 14).')),
    "content with the V2 flag": (MESSAGES, {"content": "hi", "flags": V2, "components": [text()]}, None,
                                 (("content",), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                                  "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")),
    "2,001 characters": (MESSAGES, {"content": "x" * 2001}, None,
                         (("content",), "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")),
    "26 select options": (MESSAGES, {"components": [row(select(26))]}, None,
                          (("components", "0", "components", "0", "options"), "BASE_TYPE_BAD_LENGTH",
                           "Must be between 1 and 25 in length.")),
    "UPDATE_MESSAGE answering a slash command": (CALLBACK, {"type": 7, "data": {"content": "x"}}, 2,
                                                 (("type",), "BASE_TYPE_CHOICES", "Value must be one of (4, 5, 9).")),
    "a schema type error": (MESSAGES, {"content": "x", "flags": "lots"}, None,
                            (("flags",), "NUMBER_TYPE_COERCE", 'Value "lots" is not int.')),
    "an empty message": (MESSAGES, {"content": " ", "embeds": []}, None, (50006,)),
}


def expected_body(expected) -> dict:
    if len(expected) == 1:
        return {"code": 50006, "message": "Cannot send an empty message"}
    path, code, message = expected
    errors: dict = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path):
        errors = {part: errors}
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


@pytest.mark.parametrize("case", CASES)
def test_the_validator_gives_discords_answer(case):
    path, body, itype, expected = CASES[case]
    rejection = check("POST", path.format(channel_id=1, interaction_id=2, interaction_token="t"), body,
                      interaction=Interaction(itype) if itype else None)
    assert rejection is not None and rejection.status == 400
    assert rejection.body == expected_body(expected)


def test_an_interaction_is_answered_once():
    rejection = check("POST", "/interactions/2/t/callback", {"type": 6}, interaction=Interaction(3, answered=True))
    assert rejection.body == {"code": 40060, "message": "Interaction has already been acknowledged."}


def test_what_discord_accepts_passes():
    assert check("POST", "/channels/1/messages", {"content": "ok", "components": [row(button(emoji={"name": "🃏"}))],
                                                  "attachments": [{"id": 0, "filename": "board.png"}]}) is None
    assert check("POST", "/users/@me/channels", {"recipient_id": 1234}) is None  # a snowflake as a number
    assert check("POST", "/interactions/2/t/callback", {"type": 7, "data": {"content": "x"}},
                 interaction=Interaction(5, from_message=True)) is None  # a modal from a button may update it


async def test_the_e2e_fake_answers_discords_400_over_http(spec_violations):
    # Many refusals in a row into one channel: the per-channel bucket would answer 429 before the spec 400.
    fake = await FakeDiscord(rate_limits=RateLimits.off()).start()
    try:
        channel = await fake.add_channel("games")
        user = await fake.add_user("ann")
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:
            for case, (path, body, itype, expected) in CASES.items():
                url = path.format(channel_id=channel.id, interaction_id=0, interaction_token="t")
                if itype is not None:
                    rec = fake.desk.add(FakeInteraction(fake.world.snow(), f"tok{len(fake.interactions)}", itype,
                                                        user, channel.id, {}))
                    url = path.format(interaction_id=rec.id, interaction_token=rec.token)
                async with http.post(fake.api_base + url, json=body) as response:
                    assert response.status == 400, case
                    assert await response.json() == expected_body(expected), case
        assert [v.rejection.body for v in spec_violations.take()] == [expected_body(e) for *_, e in CASES.values()]
        assert fake.messages(channel) == [], "nothing refused was posted"
    finally:
        await fake.stop()


def command(**extra) -> dict:
    return {"name": "game", "description": "Play", "type": 1, **extra}


# More limits, checked on the validator alone: (path, body, error path, code)
MORE = {
    "41 components with the V2 flag": (MESSAGES, {"flags": V2, "components": [
        {"type": 17, "components": [text()] * 40}]}, ("components",), "BASE_TYPE_MAX_LENGTH"),
    "4,001 characters of Text Display": (MESSAGES, {"flags": V2, "components": [text("x" * 2000), text("y" * 2001)]},
                                         ("components",), "BASE_TYPE_MAX_LENGTH"),
    "a Section with 4 texts": (MESSAGES, {"flags": V2, "components": [
        {"type": 9, "components": [text()] * 4, "accessory": button()}]},
        ("components", "0", "components"), "BASE_TYPE_BAD_LENGTH"),
    "a Media Gallery of 11": (MESSAGES, {"flags": V2, "components": [
        {"type": 12, "items": [{"media": {"url": "attachment://a.png"}}] * 11}]},
        ("components", "0", "items"), "BASE_TYPE_BAD_LENGTH"),
    "a V2 component without the flag": (MESSAGES, {"components": [text()]}, ("components", "0"), "UNION_TYPE_CHOICES"),
    "a select beside a button": (MESSAGES, {"components": [row(button(), select(2))]},
                                 ("components", "0", "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
    "a custom_id twice": (MESSAGES, {"components": [row(button(), button(label="Again"))]},
                          ("components", "0", "components", "1", "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED"),
    "embeds over 6,000 characters": (MESSAGES, {"embeds": [{"description": "d" * 4000}, {"description": "e" * 2001}]},
                                     ("embeds",), "MAX_EMBED_SIZE_EXCEEDED"),
    "an upper-case command name": ("/applications/1/commands", [command(name="Game")], ("0", "name"),
                                   "APPLICATION_COMMAND_INVALID_NAME"),
    "a localization key that is no locale": ("/applications/1/commands", [command(name_localizations={"en": "game"})],
                                             ("0", "name_localizations", "en"), "BASE_TYPE_CHOICES"),
    "a required option after an optional one": ("/applications/1/commands", [command(options=[
        {"type": 3, "name": "a", "description": "a"}, {"type": 3, "name": "b", "description": "b", "required": True}])],
        ("0", "options", "1", "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
    "26 choices": ("/applications/1/commands", [command(options=[{"type": 3, "name": "a", "description": "a", "choices": [
        {"name": str(i), "value": str(i)} for i in range(26)]}])], ("0", "options", "0", "choices"), None),
}


@pytest.mark.parametrize("case", MORE)
def test_more_documented_limits(case):
    path, body, where, code = MORE[case]
    rejection = check("PUT" if "commands" in path else "POST", path.format(channel_id=1), body)
    assert rejection is not None and rejection.body["code"] == 50035, case
    node = rejection.body["errors"]
    for part in where:
        node = node[part]
    assert code is None or code in [e["code"] for e in node["_errors"]], node
