"""Two real bot processes (shards 0 and 1) on one PostgreSQL against the fake Discord.

The fake here routes as Discord does with shards: each IDENTIFY names its shard, a server's events go to
shard (guild_id >> 22) % 2, and every DM event (DM button clicks included) goes to shard 0. It has two
servers: the fake's own one, put on shard 1, and a second one on shard 0. Every move made from a hand DM
is a click on shard 0: for the second server's game its own, for the first server's game shard 1's.
"""
import asyncio
import sys

import pytest

from bot.storage import Storage
from bot.service import TableService
from tests.e2e.conftest import REPO
from tests.e2e.fake_discord import BotProcess, FakeDiscord, Gateway, Session
from tests.support.components import iter_components
from tests.e2e.fake_discord.world import World
from tests.e2e.test_rookery_e2e import pending_prompt
from tests.storage import pgcluster

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]
SHARDS = 2


class ShardedGateway(Gateway):
    """The gateway with one session per shard and Discord's routing between them. It puts the fake's own
    server on shard 1 and adds a second server, on shard 0, with its own @everyone role (a role whose id is
    the server's)."""

    def __init__(self, world: World) -> None:
        super().__init__(world)
        self.by_shard: dict[int, Session] = {}
        self._to: Session | None = None  # the session READY/GUILD_CREATE/RESUMED go to (set while identifying)
        if (world.guild_id >> 22) % SHARDS != 1:  # put the server on shard 1: DM clicks are then foreign
            everyone = world.roles.pop(world.guild_id)
            world.guild_id += 1 << 22
            world.roles[world.guild_id] = {**everyone, "id": str(world.guild_id)}
            world.last_snowflake = max(world.last_snowflake, world.guild_id)
        self.second_guild = world.snow()
        if (self.second_guild >> 22) % SHARDS != 0:
            self.second_guild += 1 << 22
            world.last_snowflake = self.second_guild
        self.second_everyone = {**world.roles[world.guild_id], "id": str(self.second_guild)}

    def guild_of_shard(self, shard_id: int) -> int:
        return self.world.guild_id if shard_id == 1 else self.second_guild

    def _guild_payload_of(self, guild_id: int, intents: int) -> dict:
        payload = self.guild_payload(intents)
        if guild_id != self.world.guild_id:
            roles = [r for r in payload["roles"] if int(r["id"]) != self.world.guild_id]
            payload.update(id=str(guild_id), name="Second Guild", roles=[self.second_everyone, *roles])
        payload["channels"] = [c.payload() for c in self.world.channels.values() if c.guild_id == guild_id]
        return payload

    def shard_of_event(self, data: dict) -> int:
        guild = data.get("guild_id") if isinstance(data, dict) else None
        return (int(guild) >> 22) % SHARDS if guild else 0

    async def dispatch(self, event: str, data: dict, *, intent: int = 0) -> None:
        if event in ("READY", "GUILD_CREATE", "RESUMED"):
            s = self._to
        else:
            if event == "INTERACTION_CREATE" and data.get("guild_id"):
                self._in_its_guild(data)
            s = self.by_shard.get(self.shard_of_event(data))
        await self.send_in(s, event, data, intent=intent)

    def _in_its_guild(self, data: dict) -> None:
        """The base fake writes its one server into every server interaction: name the channel's own."""
        guild = str(self.world.channels[int(data["channel_id"])].guild_id)
        data["guild_id"] = guild
        data["guild"] = {**data.get("guild", {}), "id": guild}
        data["authorizing_integration_owners"] = {"0": guild}

    async def identify(self, ws, d: dict) -> None:
        shard_id, count = d.get("shard") or [0, 1]
        assert count == SHARDS, f"a bot identified with shard {[shard_id, count]}"
        session = Session(f"shard{shard_id}-{len(self.sessions)}", int(d.get("intents", 0)), ws)
        self.sessions[session.id] = self.by_shard[shard_id] = self.session = self._to = session
        self.identify_count += 1
        guild, w = self.guild_of_shard(shard_id), self.world
        await self.dispatch("READY", {
            "v": 10, "user": {**w.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(guild), "unavailable": True}],
            "session_id": session.id, "resume_gateway_url": self.url,
            "application": {"id": str(w.app_id), "flags": 0}, "private_channels": [], "relationships": [],
            "presences": [], "shard": [shard_id, count]})
        await self.dispatch("GUILD_CREATE", self._guild_payload_of(guild, session.intents))
        self.ready_session = session

    async def resume(self, ws, d: dict) -> None:
        self._to = self.sessions.get(d.get("session_id", ""))
        await super().resume(ws, d)

    @property
    def connected(self) -> bool:
        return any(s.ws is not None and not s.ws.closed for s in self.by_shard.values())


class ShardedFakeDiscord(FakeDiscord):
    """FakeDiscord with two servers and a gateway session per shard."""

    def __init__(self) -> None:
        super().__init__(gateway=ShardedGateway)
        self.by_shard = self.gateway.by_shard
        self.guild_of_shard = self.gateway.guild_of_shard

    async def add_channel_in(self, guild_id: int, name: str):
        """A text channel in either server (the base add_channel only knows the first)."""
        return await self.directory.add_channel(name, guild_id)

    async def wait_shards(self, *shard_ids: int, after: dict[int, Session | None] | None = None) -> None:
        """Until these shards have a live session (a new one, if `after` names the old ones)."""
        after = after or {}

        def up(n: int) -> bool:
            s = self.by_shard.get(n)
            return s is not None and s is not after.get(n) and s.ws is not None and not s.ws.closed
        await self.wait_until(lambda: all(up(n) for n in shard_ids) and self.app.has_commands,
                              20.0, lambda: f"shards {shard_ids} to connect (have {sorted(self.by_shard)})")
        await self.wait_quiet(300)


@pytest.fixture(scope="module")
def postgres():
    cluster, why_not = pgcluster.start()
    if cluster is None:
        pytest.skip(why_not)
    yield cluster
    cluster.stop()


@pytest.fixture
async def sharded():
    fake = await ShardedFakeDiscord().start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def start_shard(sharded):
    """conftest's start_bot, against the sharded fake: SIGKILLed at teardown, output printed."""
    procs: list[BotProcess] = []

    async def start(env: dict) -> BotProcess:
        proc = BotProcess(ROOKERY, env={**sharded.env(), **env}, cwd=str(REPO), fake=sharded)
        procs.append(proc)
        return await proc.start()

    try:
        yield start
    finally:
        for proc in procs:
            await proc.kill()
            print(f"--- output of shard {proc.env.get('ROOKERY_SHARD_IDS')} (pid {proc.pid}) ---")
            print(proc.tail(150))


async def play(fake, users, moves) -> int:
    """test_rookery_e2e.play, where a deferred answer also counts: with two games clicking at once the
    host may defer (type 6) and then edit its answer in; a refusal would come as a follow-up message."""
    acked = 0
    for _ in range(moves):
        found = None
        for _ in range(100):
            if found := pending_prompt(fake, users):
                break
            await asyncio.sleep(0.05)
        assert found, "no human has a prompt: the game looks stuck"
        user, message, comp = found
        if comp["type"] == 2:
            result = await fake.click(user, message, comp)
        else:
            result = await fake.select(user, message, comp, [comp["options"][0]["value"]])
        assert result.callback_type in (6, 7) and not result.followups, f"move not accepted: {result.texts}"
        acked += 1
    return acked


async def move_through_the_owner(fake, channel, users) -> int:
    """One move made from "My hand" on the board: a guild interaction, so the owning shard applies it from
    its own copy of the game (refused as stale unless it took in every move shard 0 made). Returns 1."""
    board = next(m for m in reversed(fake.messages(channel))
                 if any(c.get("custom_id", "").startswith("rk:h:") for c in iter_components(m.get("components") or [])))
    for user in users:
        hand = (await fake.click(user, board, fake.find_button(board, prefix="rk:h:"))).original
        comp = next((c for c in iter_components(hand.get("components") or [])
                     if c.get("custom_id", "").startswith(("rk:a:", "rk:s:"))), None)
        if comp is None:
            continue
        if comp["type"] == 2:
            result = await fake.click(user, hand, comp)
        else:
            result = await fake.select(user, hand, comp, [comp["options"][0]["value"]])
        assert result.callback_type in (6, 7) and not result.followups, f"the owner refused a move: {result.texts}"
        return 1
    raise AssertionError("nobody had a choice to make")


def interactions_by_shard(fake) -> dict[int, list[int | None]]:
    """For each shard: the server each interaction it received came from (None: a DM)."""
    out: dict[int, list[int | None]] = {0: [], 1: []}
    for session in fake.sessions.values():
        shard = int(session.id[len("shard"):].split("-")[0])
        out[shard] += [int(f["d"]["guild_id"]) if f["d"].get("guild_id") else None
                       for f in session.log if f["t"] == "INTERACTION_CREATE"]
    return out


async def stored(url):
    store = await Storage.open(url)
    try:
        service = TableService(store)
        tables = await service.restore()
        counts = await store.db.execute_fetchall(
            "SELECT count(*) FILTER (WHERE source = 'player'), count(DISTINCT interaction_id), count(*)"
            " FROM actions")
        for table in tables:
            assert await service.replay(table.id) == table.state.to_json(), "log + seed replay to the stored state"
            assert len(await store.actions(table.id)) == table.version
        return tables, counts[0]
    finally:
        await store.close()


async def test_two_shards_share_the_games_and_survive_kill_9(sharded, postgres, start_shard):
    fake = sharded
    url = postgres.new_database()
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    cara = await fake.add_user("cara")
    dan = await fake.add_user("dan")
    # a game in each server: the first is shard 1's, the second shard 0's
    channels = [await fake.add_channel_in(fake.guild_of_shard(1), "games-1"),
                await fake.add_channel_in(fake.guild_of_shard(0), "games-2")]
    env = {"ROOKERY_DATABASE_URL": url, "ROOKERY_SHARD_COUNT": str(SHARDS), "ROOKERY_TIMER_POLL": "0"}
    shard0 = await start_shard({**env, "ROOKERY_SHARD_IDS": "0"})
    shard1 = await start_shard({**env, "ROOKERY_SHARD_IDS": "1"})
    await fake.wait_shards(0, 1)

    # lobby clicks reach each server's shard; hand DMs, for both games, are answered by shard 0
    pairs = [(alice, bob), (cara, dan)]
    for (host, guest), channel in zip(pairs, channels):
        lobby = (await fake.slash(host, channel, "game", subcommand="new", options={"game": "raven"})).original
        await fake.click(guest, lobby, fake.find_button(lobby, label="Join"))
        await fake.click(host, lobby, fake.find_button(lobby, label="Add bot"))
        await fake.click(host, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_quiet()

    async def both_games(moves):
        """The two games' players click at the same time; how many moves were acknowledged."""
        return sum(await asyncio.gather(play(fake, [alice, bob], moves), play(fake, [cara, dan], moves)))

    acked = await both_games(4)
    await shard1.kill()                                  # the owner dies: DM clicks still work on shard 0
    acked += await both_games(2)
    tables, (player_moves, _, _) = await stored(url)
    assert player_moves == acked and len(tables) == 2
    old = dict(fake.by_shard)
    await shard1.start()
    await fake.wait_shards(1, after=old)
    acked += await both_games(2)
    await shard0.kill()                                  # now the DM shard dies, mid-game, and comes back
    old = dict(fake.by_shard)
    await shard0.start()
    await fake.wait_shards(0, after=old)
    acked += await both_games(2)
    await asyncio.sleep(0.3)                             # the owner takes in the last announcements
    acked += await move_through_the_owner(fake, channels[0], [alice, bob])
    acked += await move_through_the_owner(fake, channels[1], [cara, dan])
    acked += await both_games(2)                         # and shard 0 again, after the owner's moves
    tables, (player_moves, distinct_clicks, _) = await stored(url)
    assert player_moves == acked == distinct_clicks, "every acknowledged click applied exactly once"
    assert sorted(t.guild_id for t in tables) == sorted(fake.guild_of_shard(n) for n in (0, 1))
    routed = interactions_by_shard(fake)
    assert set(routed[0]) == {None, fake.guild_of_shard(0)}, "shard 0: every DM click and its own server's"
    assert set(routed[1]) == {fake.guild_of_shard(1)}, "shard 1: only its own server's interactions"
    assert fake.unknown_routes == []
    for bot in (shard0, shard1):
        assert "Traceback" not in bot.output() and "ERROR" not in bot.output(), bot.tail(60)


async def test_an_unreachable_database_ends_the_process_with_one_plain_line(sharded, start_shard):
    bot = await start_shard({"ROOKERY_DATABASE_URL": "postgresql://rookery:secret@127.0.0.1:1/rookery",
                             "ROOKERY_SHARD_COUNT": "1"})
    await asyncio.wait_for(bot.proc.wait(), 30)
    output = bot.output()
    assert bot.returncode == 1 and "can't use the PostgreSQL database at 127.0.0.1:1/rookery" in output
    assert "secret" not in output and "Traceback" not in output
