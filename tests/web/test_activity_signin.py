"""The Activity's sign-in against the fake Discord: the code exchange, who the user is and where, and every
refusal (a clear message, nothing issued, no traceback), the secret nowhere in an answer."""
import logging

import pytest

from bot.web.activity.sessions import Sessions, session_key
from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.web.activity_support import act, sign_in  # noqa: F401 (a fixture)


async def test_sign_in_gives_a_session_bound_to_the_user_and_the_instance_channel(act):
    ann = await act.fake.add_user("ann")
    games = await act.fake.add_channel("games")
    session = await sign_in(act, ann, games)
    read = act.activity.routes.sessions.read(session)
    assert (read.user_id, read.channel_id, read.guild_id, read.name) == (ann.id, games.id, act.fake.guild_id, "ann")
    assert act.fake.oauth.exchanges == 1


async def test_a_code_works_once_and_a_bad_code_is_refused_as_discord_does(act, caplog):
    ann = await act.fake.add_user("ann")
    code = act.fake.authorize(ann)
    assert (await act.client.post("/api/token", json={"code": code})).status == 200
    with caplog.at_level(logging.DEBUG):
        again = await act.client.post("/api/token", json={"code": code})
        forged = await act.client.post("/api/token", json={"code": "not-a-code"},
                                       headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert again.status == 400 and "sign-in" in (await again.json())["error"]
    assert forged.status == 400
    german = (await forged.json())["error"]
    assert "Discord" in german and german != (await again.json())["error"]
    assert [e["status"] for e in act.fake.errors] == [400, 400]
    assert "Traceback" not in caplog.text and CLIENT_SECRET not in caplog.text


@pytest.mark.parametrize("body", [b"{", b"[]", b'{"code": 5}', b'{"code": ""}', b'{"code": "' + b"x" * 600 + b'"}',
                                  b'{"code": "' + b"x" * 9000 + b'"}', b"\xff\xfe"])
async def test_a_malformed_token_request_is_refused_without_asking_discord(act, body):
    r = await act.client.post("/api/token", data=body, headers={"Content-Type": "application/json"})
    assert r.status == 400 and (await r.json())["error"]
    assert not any(path == "/oauth2/token" for _, path, _ in act.fake.calls)


async def test_a_wrong_secret_is_the_operators_problem_and_never_shown(act, caplog):
    ann = await act.fake.add_user("ann")
    act.activity.routes.sign_in._secret = "bad-secret-xyz"
    with caplog.at_level(logging.INFO):
        r = await act.client.post("/api/token", json={"code": act.fake.authorize(ann)})
    assert r.status == 502
    text = await r.text()
    assert "operator" in text and "bad-secret" not in text and CLIENT_SECRET not in text
    assert "invalid_client" in caplog.text and "bad-secret" not in caplog.text
    assert "Traceback" not in caplog.text


async def test_session_refusals(act):
    ann, ben = await act.fake.add_user("ann"), await act.fake.add_user("ben")
    games = await act.fake.add_channel("games")
    instance = act.fake.enter_activity(ann, games)
    token = (await (await act.client.post("/api/token", json={"code": act.fake.authorize(ben)})).json())["access_token"]
    # ben's token is real, but ben is not in ann's instance
    r = await act.client.post("/api/session", json={"access_token": token, "instance_id": instance})
    assert r.status == 403 and "not in this Activity" in (await r.json())["error"]
    r = await act.client.post("/api/session", json={"access_token": token, "instance_id": "i-unknown"})
    assert r.status == 404
    r = await act.client.post("/api/session", json={"access_token": "forged", "instance_id": instance})
    assert r.status == 401
    r = await act.client.post("/api/session", json={"access_token": token, "instance_id": "../../users/@me"})
    assert r.status == 400
    # the instance ends when its last user leaves: its id is unknown again
    act.fake.oauth.leave_activity(ann, instance)
    r = await act.client.post("/api/session", json={"access_token": token, "instance_id": instance})
    assert r.status == 404


def test_sessions_are_signed_expire_and_survive_a_new_process():
    now = [1000.0]
    one = Sessions(session_key("secret"), clock=lambda: now[0], seconds=60)
    token = one.issue(5, 6, 7, "Ann")
    other_process = Sessions(session_key("secret"), clock=lambda: now[0], seconds=60)
    assert other_process.read(token).user_id == 5
    assert Sessions(session_key("another secret"), clock=lambda: now[0]).read(token) is None
    payload, signature = token.split(".")
    forged = one.issue(9, 6, 7, "Ann").split(".")[0] + "." + signature
    assert one.read(forged) is None
    for junk in (None, 5, "", "a.b", "a.b.c", "x" * 5000, token + "x"):
        assert one.read(junk) is None
    now[0] += 61
    assert one.read(token) is None
    assert "secret" not in repr(one) and "secret" not in token
