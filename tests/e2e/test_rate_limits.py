"""The e2e fake enforces Discord's rate limits (tests/e2e/fake_discord/ratelimits.py): the global bucket, the
exemption of interaction routes, per-channel buckets, the headers on every answer, the invalid-request
count, and that discord.py's own HTTP client waits out the 429s and succeeds."""
import asyncio
import time

import aiohttp
import pytest
from discord.http import HTTPClient, Route, handle_message_parameters

from tests.e2e.fake_discord import FakeDiscord, Limit, ManualClock, RateLimits
from tests.e2e.fake_discord.model import Interaction
from tests.e2e.fake_discord.ratelimits import RateLimiter

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After",
           "X-RateLimit-Bucket")


@pytest.fixture
async def driven():
    """A fake whose limiter runs on a clock the test moves, and an HTTP session that speaks as the bot."""
    clock = ManualClock()
    fake = await FakeDiscord(clock=clock).start()
    session = aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"})
    try:
        yield fake, clock, session
    finally:
        await session.close()
        await fake.stop()


async def call(fake, session, method: str, path: str, json=None):
    async with session.request(method, fake.api_base + path, json=json) as r:
        return r.status, r.headers, await r.json(content_type=None)


async def test_the_51st_request_within_a_second_gets_discords_global_429(driven):
    fake, clock, session = driven
    ch = await fake.add_channel("games")
    for i in range(50):  # spread over routes, so that only the global bucket runs out
        status, _, _ = await call(fake, session, "GET", "/users/@me" if i % 2 else f"/channels/{ch.id}")
        assert status == 200
    clock.advance(0.5)
    status, headers, body = await call(fake, session, "GET", "/oauth2/applications/@me")
    assert status == 429
    assert body == {"message": "You are being rate limited.", "retry_after": 0.5, "global": True}
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"]
    assert all(h in headers for h in HEADERS)
    stats = fake.rate_limit_stats()
    assert (stats["requests"], stats["429_global"], stats["429_route"]) == (51, 1, 0)
    clock.advance(0.5)  # the window that opened with the first request is over
    status, headers, _ = await call(fake, session, "GET", "/oauth2/applications/@me")
    assert status == 200 and "X-RateLimit-Scope" not in headers and "X-RateLimit-Global" not in headers


async def test_interaction_callbacks_and_webhooks_are_exempt_from_the_global_bucket(driven):
    fake, clock, session = driven
    ann, ch = await fake.add_user("ann"), await fake.add_channel("games")
    for _ in range(50):
        assert (await call(fake, session, "GET", "/users/@me"))[0] == 200
    assert (await call(fake, session, "GET", f"/channels/{ch.id}"))[0] == 429  # the global bucket is empty
    rec = fake.desk.add(Interaction(fake.world.snow(), "itok.ratelimits", 2, ann, ch.id, {"name": "game"}))
    status, headers, _ = await call(fake, session, "POST", f"/interactions/{rec.id}/{rec.token}/callback",
                                    {"type": 4, "data": {"content": "answered"}})
    assert status == 200 and rec.original["content"] == "answered"
    assert all(h in headers for h in HEADERS)
    status, _, followup = await call(fake, session, "POST", f"/webhooks/{fake.app_id}/{rec.token}?wait=1",
                                     {"content": "and a followup"})
    assert status == 200 and followup["content"] == "and a followup"
    assert fake.rate_limit_stats()["429_global"] == 1


async def test_each_channel_has_its_own_message_bucket(driven):
    fake, clock, session = driven
    games, chess = await fake.add_channel("games"), await fake.add_channel("chess")
    answers = [await call(fake, session, "POST", f"/channels/{games.id}/messages", {"content": f"m{i}"})
               for i in range(6)]
    assert [a[0] for a in answers] == [200] * 5 + [429]
    assert [a[1]["X-RateLimit-Remaining"] for a in answers] == ["4", "3", "2", "1", "0", "0"]
    status, headers, body = answers[-1]
    assert body == {"message": "You are being rate limited.", "retry_after": 5.0, "global": False}
    assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
    assert headers["X-RateLimit-Limit"] == "5" and headers["Retry-After"] == "5"
    assert len(fake.messages(games)) == 5  # the refused one was not posted
    # Another channel: its own bucket, under the same bucket id (Discord's excludes the channel).
    status, headers, _ = await call(fake, session, "POST", f"/channels/{chess.id}/messages", {"content": "hi"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    assert headers["X-RateLimit-Bucket"] == answers[0][1]["X-RateLimit-Bucket"]
    # Edits have a bucket of their own, in the same channel.
    mid = fake.messages(games)[0]["id"]
    status, headers, _ = await call(fake, session, "PATCH", f"/channels/{games.id}/messages/{mid}",
                                    {"content": "edited"})
    assert status == 200 and headers["X-RateLimit-Bucket"] != answers[0][1]["X-RateLimit-Bucket"]
    clock.advance(5.0)
    assert (await call(fake, session, "POST", f"/channels/{games.id}/messages", {"content": "later"}))[0] == 200
    assert fake.rate_limit_stats()["routes"]["messages.create"] == {"requests": 8, "429": 1}


async def test_every_ordinary_answer_carries_the_bucket_headers(driven):
    fake, clock, session = driven
    ann = await fake.add_user("ann")
    first = await call(fake, session, "GET", "/users/@me")
    second = await call(fake, session, "POST", "/users/@me/channels", {"recipient_id": str(ann.id)})
    third = await call(fake, session, "POST", "/users/@me/channels", {"recipient_id": str(ann.id)})
    for status, headers, _ in (first, second, third):
        assert status == 200 and all(h in headers for h in HEADERS)
        assert "X-RateLimit-Scope" not in headers and "X-RateLimit-Global" not in headers
    assert (second[1]["X-RateLimit-Limit"], second[1]["X-RateLimit-Remaining"]) == ("10", "9")
    assert third[1]["X-RateLimit-Remaining"] == "8" and float(third[1]["X-RateLimit-Reset-After"]) == 10.0
    assert abs(float(third[1]["X-RateLimit-Reset"]) - (clock() + 10.0)) < 0.01
    # A refusal carries them too.
    missing = await call(fake, session, "GET", "/channels/1")
    assert missing[0] == 404 and all(h in missing[1] for h in HEADERS)


async def test_invalid_requests_are_counted_in_a_ten_minute_window(driven):
    fake, clock, session = driven
    ch = await fake.add_channel("games")
    fake.fail("POST", "/channels/*/messages", status=403, code=50013, times=2)
    statuses = [(await call(fake, session, "POST", f"/channels/{ch.id}/messages", {"content": "x"}))[0]
                for _ in range(6)]
    assert statuses == [403, 403, 200, 200, 200, 429]  # the 403s used the bucket too, as on Discord
    assert fake.invalid_requests() == 3
    clock.advance(300)
    assert (await call(fake, session, "GET", "/users/@me"))[0] == 200  # a 200 is not invalid
    fake.fail("GET", "/users/@me", status=401, times=1)
    assert (await call(fake, session, "GET", "/users/@me"))[0] == 401
    assert fake.invalid_requests() == 4 and fake.invalid_requests(window=60) == 1
    clock.advance(301)  # the first three are older than 10 minutes now
    assert fake.invalid_requests() == 1
    stats = fake.rate_limit_stats()
    assert (stats["invalid"], stats["invalid_10min"], stats["429_route"]) == (4, 1, 1)
    assert [e.status for e in fake.request_log][-2:] == [200, 401]


def test_a_429_with_scope_shared_is_not_invalid():
    limiter = RateLimiter(clock=ManualClock())
    decision = limiter.admit("POST", "/channels/1/messages", "Bot t")
    limiter.answered(decision, "POST", "/channels/1/messages", 429, "shared")
    limiter.answered(decision, "POST", "/channels/1/messages", 429, "user")
    assert limiter.invalid_requests() == 1


async def test_limits_off_and_a_bigger_global_budget():
    fake = await FakeDiscord(rate_limits=RateLimits.off(), clock=ManualClock()).start()
    try:
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as session:
            statuses = [(await call(fake, session, "GET", "/users/@me"))[0] for _ in range(60)]
            assert statuses == [200] * 60
            fake.set_rate_limits(RateLimits(global_per_second=100, default=Limit(1000, 1.0)))
            statuses = [(await call(fake, session, "GET", "/users/@me"))[0] for _ in range(101)]
            assert statuses == [200] * 100 + [429]
    finally:
        await fake.stop()


@pytest.fixture
async def dpy_http(monkeypatch):
    """discord.py's own HTTPClient, logged in to a fake with real time (so that its sleeps count)."""
    made = []

    async def make(rate_limits: RateLimits) -> tuple[FakeDiscord, HTTPClient]:
        fake = await FakeDiscord(rate_limits=rate_limits).start()
        monkeypatch.setattr(Route, "BASE", fake.api_base)
        http = HTTPClient(asyncio.get_running_loop())
        await http.static_login(fake.token)
        made.append((fake, http))
        return fake, http
    yield make
    for fake, http in made:
        await http.close()
        await fake.stop()


async def test_discord_py_waits_out_global_429s_and_succeeds(dpy_http):
    fake, http = await dpy_http(RateLimits(global_per_second=5))
    channels = [await fake.add_channel(f"c{i}") for i in range(12)]
    started = time.monotonic()
    # Twelve routes at once: discord.py keeps no global budget, so it meets the global 429 and waits.
    got = await asyncio.gather(*(http.get_channel(c.id) for c in channels))
    assert [g["id"] for g in got] == [str(c.id) for c in channels]
    assert fake.rate_limit_stats()["429_global"] >= 1
    assert time.monotonic() - started >= 0.9  # at least one whole global window was waited out


async def test_discord_py_paces_a_channel_from_the_headers(dpy_http):
    fake, http = await dpy_http(RateLimits(routes={"messages.create": Limit(2, 0.5)}))
    ch = await fake.add_channel("games")
    started = time.monotonic()
    sends = []
    for i in range(7):
        with handle_message_parameters(content=f"move {i}") as params:
            sends.append(http.send_message(ch.id, params=params))
    await asyncio.gather(*sends)
    assert sorted(m["content"] for m in fake.messages(ch)) == [f"move {i}" for i in range(7)]
    assert time.monotonic() - started >= 1.4  # four windows of 0.5 s: 2 + 2 + 2 + 1
    # It read X-RateLimit-Remaining / -Reset-After and waited before sending, rather than being refused.
    assert fake.rate_limit_stats()["429_route"] == 0
