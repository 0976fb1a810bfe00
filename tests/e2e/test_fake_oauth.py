"""The fake Discord's Activity sign-in routes (fake_discord/oauth.py) answer as Discord does: the OAuth2 code grant
with Discord's OAuth2 errors, /users/@me for a Bearer token, the activity-instance lookup for the bot. The two
REST routes are operations of Discord's OpenAPI spec (checked on every request, like all the others), and their
answers fit the spec's response schemas; /oauth2/token is not in the spec, so its form is checked here as the
OAuth2 docs describe it."""
import jsonschema_rs
import pytest
from aiohttp import ClientSession

from tests.discord_spec import schema
from tests.e2e.fake_discord.oauth import CLIENT_SECRET

pytestmark = pytest.mark.e2e


def fits(payload: dict, schema_name: str) -> bool:
    validator = jsonschema_rs.validator_for({"$ref": f"{schema.SPEC_URI}#/components/schemas/{schema_name}"},
                                            registry=schema._rs_registry())
    return validator.is_valid(payload)


def test_the_spec_knows_the_lookups_but_not_the_token_endpoint():
    assert schema.operation("GET", "/users/@me") == "/users/@me"
    assert schema.operation("GET", "/applications/1/activity-instances/i-1") == \
        "/applications/{application_id}/activity-instances/{instance_id}"
    assert schema.operation("POST", "/oauth2/token") is None


async def test_the_code_grant_and_the_lookups(fake_discord):
    fake = fake_discord
    ann, ben = await fake.add_user("ann"), await fake.add_user("ben")
    games = await fake.add_channel("games")
    base = fake.api_base
    form = {"client_id": str(fake.app_id), "client_secret": CLIENT_SECRET, "grant_type": "authorization_code"}
    async with ClientSession() as http:
        async def token(**fields):
            async with http.post(base + "/oauth2/token", data={**form, **fields}) as r:
                return r.status, await r.json()
        code = fake.authorize(ann)
        assert await token(code=code, client_secret="nope") == (401, {"error": "invalid_client",
                                                                       "error_description": "Invalid client"})
        assert (await token(code=code, client_id="1"))[1]["error"] == "invalid_client"
        assert (await token(code=code, grant_type="password"))[1]["error"] == "unsupported_grant_type"
        status, body = await token(code=code)
        assert status == 200 and body["token_type"] == "Bearer" and body["scope"] == "identify"
        access = body["access_token"]
        assert await token(code=code) == (400, {"error": "invalid_grant",
                                                "error_description": 'Invalid "code" in request.'})
        assert (await token(code="forged"))[0] == 400
        async with http.post(base + "/oauth2/token", json={**form, "code": fake.authorize(ann)}) as r:
            assert r.status == 400 and (await r.json())["error"] == "invalid_request"

        async with http.get(base + "/users/@me", headers={"Authorization": f"Bearer {access}"}) as r:
            me = await r.json()
            assert r.status == 200 and me["id"] == str(ann.id) and fits(me, "UserPIIResponse")
        async with http.get(base + "/users/@me", headers={"Authorization": "Bearer forged"}) as r:
            assert r.status == 401
        async with http.get(base + "/users/@me", headers={"Authorization": f"Bot {fake.token}"}) as r:
            assert r.status == 200 and (await r.json())["id"] == str(fake.bot.id)  # the bot's own login still works

        instance_id = fake.enter_activity(ann, games)
        assert fake.enter_activity(ben, games) == instance_id  # one instance per channel: ben joins it
        path = f"{base}/applications/{fake.app_id}/activity-instances/{instance_id}"
        async with http.get(path, headers={"Authorization": f"Bot {fake.token}"}) as r:
            found = await r.json()
            assert r.status == 200 and fits(found, "EmbeddedActivityInstance")
            assert found["users"] == [str(ann.id), str(ben.id)]
            assert found["location"]["channel_id"] == str(games.id)
        async with http.get(path, headers={"Authorization": f"Bearer {access}"}) as r:
            assert r.status == 401  # the lookup is the bot's (BotToken security only)
        async with http.get(path.replace(instance_id, "i-404"), headers={"Authorization": f"Bot {fake.token}"}) as r:
            assert r.status == 404
    assert [c[1] for c in fake.calls if c[1] == "/oauth2/token"]
