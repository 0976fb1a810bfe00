"""kill -9 in the middle of a stream of writes: every write the process acknowledged is in the database."""
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
WRITER = textwrap.dedent("""
    import asyncio, sys
    from bot.storage import Storage

    async def main(target):
        store = await Storage.open(target)
        game = await store.create_game(guild_id=1, channel_id=5, game_key="toy", status="active", host_id=1,
                                       options={}, turn_seconds=60, seed=1, seats=[], state={"n": 0}, logs={})
        print("game", game, flush=True)
        n = 0
        while True:
            await store.record_actions(game, [("p1", {"n": n}, "player", 1000 + n)], n, version=n + 1,
                                       state={"n": n + 1})
            print("ack", n, flush=True)  # the answer goes out only after the commit returned
            n += 1

    asyncio.run(main(sys.argv[1]))
""")


async def test_every_acknowledged_write_survives_kill_9(target):
    process = subprocess.Popen([sys.executable, "-c", WRITER, target], stdout=subprocess.PIPE, cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        game = int(process.stdout.readline().split()[1])
        acked = -1
        for line in process.stdout:
            acked = int(line.split()[1])
            if acked >= 150:
                break
        os.kill(process.pid, signal.SIGKILL)
        for line in process.stdout:  # acknowledgements already in the pipe when it died count too
            if line.startswith("ack"):
                acked = int(line.split()[1])
    finally:
        process.kill()
        process.wait()
    store = await Storage.open(target)
    try:
        seqs = [a["seq"] for a in await store.actions(game)]
        row = await store.get_game(game)
    finally:
        await store.close()
    assert seqs == list(range(len(seqs))) and len(seqs) >= acked + 1
    assert row["version"] == len(seqs) and row["state"] == {"n": len(seqs)}  # the row and the log agree
