"""Move → watch page latency (issue 34: "updated within 1 s of each move").

    python bench/bench_watch_latency.py [clicks] [spectators...]     (defaults: 30 clicks; 1 and 25 spectators)

The real Rookery process plays Raven (2 humans + 2 bots) against the in-process fake Discord, with its web page
on (ROOKERY_WEB_PORT, loopback). Spectators hold the page's WebSocket as the client does. Per click: from the
moment the fake sends the click, (a) the click's own callback reaching the fake (the baseline, measured in the
same run: the mover's own answer) and (b) each spectator receiving the frame of the new version. Each click
waits until the bot is quiet, so a figure is one move's own path (commit, bots' replies, frame, send).
"""
from __future__ import annotations

import asyncio
import json
import socket
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.e2e.fake_discord import BotProcess, FakeDiscord  # noqa: E402
from tests.e2e.test_rookery_e2e import pending_prompt  # noqa: E402
from tests.e2e.test_watch_live import watch_button  # noqa: E402

ROOKERY = [sys.executable, "-m", "bot", "run"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def spectate(session, url: str, n: int, arrivals: dict[int, float], ready: asyncio.Event) -> None:
    # Each from its own address, as a reverse proxy names them (one address may hold only a few sockets).
    async with session.ws_connect(url + "/ws", headers={"X-Forwarded-For": f"198.51.100.{n}"}) as ws:
        await ws.send_json({"kind": "hello", "version": -1})
        async for message in ws:
            version = json.loads(message.data)["frame"]["version"]
            arrivals.setdefault(version, time.monotonic())
            ready.set()


async def run(clicks: int, spectators: int) -> tuple[list[float], list[float]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        fake = await FakeDiscord().start()
        env = {**fake.env(), "ROOKERY_DB": str(Path(tmp) / "bench.sqlite3"), "ROOKERY_TIMER_POLL": "0",
               "ROOKERY_WEB_PORT": str(port), "ROOKERY_WEB_URL": f"http://127.0.0.1:{port}",
               "ROOKERY_WEB_HOST": "127.0.0.1"}
        proc = BotProcess(ROOKERY, env=env, cwd=str(REPO), fake=fake)
        session = aiohttp.ClientSession()
        tasks: list[asyncio.Task] = []
        try:
            await proc.start()
            ann, ben = await fake.add_user("ann", admin=True), await fake.add_user("ben")
            games = await fake.add_channel("games")
            await fake.wait_ready()
            lobby = (await fake.slash(ann, games, "game", subcommand="new", options={"game": "raven"})).original
            await fake.click(ben, lobby, fake.find_button(lobby, label="Join"))
            for _ in range(2):
                await fake.click(ann, lobby, fake.find_button(lobby, label="Add bot"))
            await fake.click(ann, lobby, fake.find_button(lobby, label="Start"))
            await fake.wait_until(lambda: any(watch_button(m) for m in fake.messages(games)), what="the Watch link")
            url = next(watch_button(m) for m in fake.messages(games) if watch_button(m))["url"]
            arrivals: list[dict[int, float]] = [{} for _ in range(spectators)]
            readies = [asyncio.Event() for _ in range(spectators)]
            tasks = [asyncio.create_task(spectate(session, url, n, a, r))
                     for n, (a, r) in enumerate(zip(arrivals, readies))]
            await asyncio.gather(*(r.wait() for r in readies))
            answers, frames = [], []
            while len(answers) < clicks:
                await fake.wait_quiet()
                found = pending_prompt(fake, [ann, ben])
                if found is None:
                    break
                user, message, comp = found
                known = max(arrivals[0])
                sent = time.monotonic()
                if comp["type"] == 2:
                    result = await fake.click(user, message, comp)
                else:
                    values = [o["value"] for o in comp["options"][:max(1, comp.get("min_values", 1))]]
                    result = await fake.select(user, message, comp, values)
                answers.append(result.reached)
                await fake.wait_until(lambda: all(max(a) > known for a in arrivals), what="every spectator's frame")
                frames += [min(t for v, t in a.items() if v > known) - sent for a in arrivals]
            return answers, frames
        finally:
            for task in tasks:
                task.cancel()
            await session.close()
            await proc.kill()
            Path(proc.log_path).unlink(missing_ok=True)
            await fake.stop()


async def main(clicks: int, counts: list[int]) -> None:
    print(f"move → watch page frame, {clicks} clicks per run, Raven 2 humans + 2 bots, loopback")
    print(f"{'spectators':>10} {'answer p50':>11} {'p90':>7} {'frame p50':>10} {'p90':>7} {'max':>7}   (ms)")
    for count in counts:
        answers, frames = await run(clicks, count)
        print(f"{count:>10} {percentile(answers, .5) * 1000:>11.1f} {percentile(answers, .9) * 1000:>7.1f} "
              f"{percentile(frames, .5) * 1000:>10.1f} {percentile(frames, .9) * 1000:>7.1f} "
              f"{max(frames) * 1000:>7.1f}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    asyncio.run(main(args[0] if args else 30, args[1:] or [1, 25]))
