"""simcord refuses what Discord refuses, where requests leave discord.py (tests/simcord_hook.py): the
same cases as tests/discord_spec/test_refusals.py, sent through discord.py's HTTP client and webhook adapter."""
import discord
import pytest
from discord.http import Route
from simcord.backend.models import Interaction as SimcordInteraction
from simcord.http.client import FakeWebhookAdapter

from tests.discord_spec.test_refusals import CASES, expected_body


async def test_simcord_refuses_where_requests_leave_discord_py(simcord_env, spec_violations):
    env = simcord_env
    channel = env.create_guild().create_text_channel("games")
    backend = env.backend
    for case, (path, body, itype, expected) in CASES.items():
        if itype is None:
            request = env.bot.http.request(Route("POST", path, channel_id=channel.id), json=body)
        else:
            record = SimcordInteraction(backend.snowflake(), f"tok{case}", itype, channel.id, None, 1)
            backend.interactions[record.id] = record
            route = Route("POST", path, interaction_id=record.id, interaction_token=record.token)
            request = FakeWebhookAdapter(backend).request(route, None, payload=body)
        with pytest.raises(discord.HTTPException) as refused:
            await request
        assert (refused.value.status, refused.value.code) == (400, expected_body(expected)["code"]), case
        (violation,) = spec_violations.take()
        assert violation.rejection.body == expected_body(expected), case
    assert not [m for m in channel.history()], "nothing refused was posted"


async def test_an_edit_through_the_webhook_knows_the_original_is_components_v2(simcord_env, spec_violations):
    """Discord keeps a V2 message V2: an edit of an interaction's original with `content` is refused even
    when the edit itself sends no flags. simcord's hook tells the validator the original's flags."""
    from tests.support.driver import started_table

    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    opened = await members[1].click(channel.last_message, label="My hand")  # an ephemeral V2 answer
    assert opened.ephemeral
    token = opened._interaction.token
    route = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                  webhook_id=env.bot.application_id, webhook_token=token)
    with pytest.raises(discord.HTTPException) as refused:
        await FakeWebhookAdapter(env.backend).request(route, None, payload={"content": "plain text"})
    assert refused.value.status == 400
    (violation,) = spec_violations.take()
    assert "content" in violation.rejection.summary()
