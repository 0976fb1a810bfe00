"""Every REST request the bot sends in tests is checked the way real Discord would check it.

Both fakes call `refusal()` for each request before serving it: the e2e fake (tests/e2e/fake_discord/,
every request in `_rest`) and simcord (tests/simcord_hook.py wraps its HTTP client and webhook adapter).
A refused request is answered 400 with Discord's error body, and recorded in `VIOLATIONS`; the autouse
fixture in tests/conftest.py fails the test that caused it, naming the request and the field. A test that
sends a bad request on purpose takes its violations with the `spec_violations` fixture (`.take()`).

What is checked (see schema.py and limits.py):
- the method and path match an operation of Discord's OpenAPI specification (openapi.json here, from
  discord/discord-api-spec at commit 74fda0fad044407ea280043a03ffc9bc64c4e49e, MIT; see README.md);
- the JSON body (or a multipart request's payload_json) fits that operation's request schema;
- the documented limits the schema leaves out (content, rows, buttons, labels, select options, custom ids,
  embeds, Components V2, emoji, application commands);
- the callback type suits the interaction's kind, and an interaction is answered once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.discord_spec import errors as E
from tests.discord_spec import limits, schema

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
MESSAGE_BODIES = {  # (method, operation) -> does it create a new message?
    ("POST", "/channels/{channel_id}/messages"): True,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): False,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): True,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): False,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): False,
}
COMMAND_BODIES = {"/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands",
                  "/applications/{application_id}/commands/{command_id}",
                  "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"}


@dataclass(frozen=True)
class Interaction:
    """What a fake knows of the interaction a callback answers."""
    type: int                   # 1 ping, 2 application command, 3 message component, 4 autocomplete, 5 modal submit
    from_message: bool = False  # a modal submitted from a component (6 and 7 are then allowed)
    answered: bool = False


def check(method: str, path: str, body: Any, *, interaction: Interaction | None = None,
          current_flags: int | None = None) -> E.Rejection | None:
    """Discord's answer if it would refuse this request, else None. `path` is under /api/v10 (a query
    string is ignored); `current_flags`: the flags of the message an edit changes."""
    method = method.upper()
    template = schema.operation(method, path)
    if template is None:
        return None  # not Discord's route at all: the fakes answer 404 and report it themselves
    if template == CALLBACK and interaction is not None and interaction.answered:
        return E.plain(400, *E.ALREADY_ACKNOWLEDGED)
    fields = schema.check(method, template, body) if body is not None else []
    new_message = None  # the body of a message this request creates (it must not be empty)
    if isinstance(body, dict):
        if template == CALLBACK:
            if interaction is not None:
                fields += limits.callback_type(body, interaction.type, interaction.from_message)
            if isinstance(body.get("data"), dict) and body.get("type") in (4, 7):
                fields += limits.message(body["data"], ("data",),
                                         current_flags=current_flags if body["type"] == 7 else None)
            if body.get("type") == 4:
                new_message = body.get("data") or {}
        elif (method, template) in MESSAGE_BODIES:
            fields += limits.message(body, current_flags=current_flags)
            new_message = body if MESSAGE_BODIES[method, template] else None
    if template in COMMAND_BODIES and method in ("PUT", "POST", "PATCH"):
        fields += limits.commands(body)
    if fields:
        return E.form_body(list(dict.fromkeys(fields)))  # a limit the schema states too is reported once
    if new_message is not None and limits.empty(new_message):
        return E.plain(400, *E.EMPTY_MESSAGE)
    return None


@dataclass
class Violation:
    method: str
    path: str
    body: Any
    rejection: E.Rejection

    def __str__(self) -> str:
        return f"{self.method} {self.path.split('?', 1)[0]}: {self.rejection.summary()}"


class Violations(list):
    """Requests the fakes refused in this process since the last take()."""

    def take(self) -> list[Violation]:
        found = list(self)
        self.clear()
        return found


VIOLATIONS = Violations()


def refusal(method: str, path: str, body: Any, **context) -> E.Rejection | None:
    """check(), and a refusal is recorded in VIOLATIONS (the fakes call this)."""
    rejection = check(method, path, body, **context)
    if rejection is not None:
        VIOLATIONS.append(Violation(method.upper(), path, body, rejection))
    return rejection
