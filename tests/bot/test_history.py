"""The history service, ratings rule, migration, replay files and forget-guild, below Discord (toy game)."""
import asyncio
import json
import re
import random
import shutil
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot import cli, ratings, replay
from bot.records import HistoryService
from bot.storage import MIGRATIONS, Storage
from bot.storage.records import BOT_USER
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor
from engine import GAMES

OLD_DB = Path(__file__).resolve().parent.parent / "data" / "history_schema_v1.sqlite"
ANN, BEN, CY, DAN, EVE = 1001, 1002, 1003, 1004, 1005
MOD = Actor(1, "mod", manage_channels=True)


@pytest.fixture
async def store(tmp_path):
    store = await Storage.open(str(tmp_path / "rookery.sqlite3"))
    yield store
    await store.close()


def services(store):
    history = HistoryService(store)
    tables = TableService(store, history=history)
    return tables, history


async def play_out(tables, table, before_move=None):
    """Every pending seat takes its first legal action until the game ends; before_move(n) runs first."""
    moves = 0
    while table.status == "active":
        if before_move is not None:
            await before_move(moves)
        seat, legal = next((s, a) for s, a in table.pending().items() if not table.seat(s).is_bot)
        await tables.act(table, seat, legal[0])
        moves += 1


async def toy_table(tables, humans, bots=0, rounds=3, channel=10, seed=None):
    table = await Seating(tables).create_lobby(1, channel, Actor(humans[0][0], humans[0][1]), "toy", {"rounds": rounds}, 300)
    for user, name in humans[1:]:
        await Seating(tables).join(table, user, name)
    for _ in range(bots):
        await Seating(tables).add_bot(table)
    if seed is not None:
        table.seed = seed
    await tables.start(table)
    return table


def test_places_put_winners_first_then_scores_and_keep_ties():
    assert ratings.ranks([3, 5, 5, 1], [False, True, True, False]) == [2, 1, 1, 3]
    assert ratings.ranks([7, 7], [True, False]) == [1, 2]  # a tie-breaker the rules applied counts


async def test_finished_game_is_recorded_rated_once_and_bots_are_not_listed(store):
    tables, history = services(store)
    table = await toy_table(tables, [(ANN, "ann"), (BEN, "ben")], bots=1)
    await play_out(tables, table)
    assert table.status == "over"
    page = await history.history(1)
    assert page.total == 1 and page.rows[0]["game_id"] == table.id and not page.rows[0]["ended"]
    assert page.rows[0]["moves"] == table.version and [s["name"] for s in page.rows[0]["seats"]] == [
        "ann", "ben", "Bot 1"]
    winners = set(table.state.result()["winners"])
    assert {s["name"] for s in page.rows[0]["seats"] if s["won"]} == {table.seat(w).name for w in winners}
    board = await history.leaderboard(1, "toy")
    assert board.total == 2 and {r[0] for r in board.rows} == {ANN, BEN}
    (bots,) = await store.db.execute_fetchall("SELECT games FROM ratings WHERE user_id = ?", (BOT_USER,))
    assert bots == (1,)
    # Recording again (the catch-up after a crash, a repeated hook) never rates the game twice.
    await history.game_over(table)
    assert await history.catch_up() == 0
    assert await store.db.execute_fetchall("SELECT SUM(games) FROM ratings") == [(3,)]
    stats = await history.stats(1, ANN)
    assert stats["played"] == 1 and stats["favourite"] == "toy" and stats["won"] == int(
        table.seat_of(ANN).seat in winners)


@pytest.mark.parametrize("seed, ben_moves, credited", [
    (0, 3, BEN),    # ben made 3 of p2's 5 moves, dan 2: the result is ben's
    (0, 2, DAN),    # ben 2 of 5, dan 3: the replacement who played most of the seat gets it
    (3, 2, None),   # 2 and 2 of 4: nobody made more than half, so the seat counts as a bot's
])
async def test_a_replaced_seat_belongs_to_whoever_made_most_of_its_moves(store, seed, ben_moves, credited):
    tables, history = services(store)
    table = await toy_table(tables, [(ANN, "ann"), (BEN, "ben"), (CY, "cy")], rounds=3, seed=seed)

    async def hand_over(move: int) -> None:  # kicks with a human replacement: no bot moves, fully seeded
        if table.seat("p1").user_id == ANN and table.seat("p1").moves == 1:
            await Seating(tables).replace(table, MOD, ANN, (EVE, "eve"))
        if table.seat("p2").user_id == BEN and table.seat("p2").moves == ben_moves:
            await Seating(tables).replace(table, MOD, BEN, (DAN, "dan"))

    await play_out(tables, table, hand_over)
    assert table.status == "over" and table.seat("p2").user_id == DAN
    (_, _, _, until), = [h for h in await history.db.handovers(table.id) if h[0] == "p2"]
    p2 = [seq for seq, seat in await history.db.seat_moves(table.id) if seat == "p2"]
    assert sum(seq < until for seq in p2) == ben_moves  # the scenario the parameters describe
    rated = {r[0] for r in (await history.leaderboard(1, "toy")).rows}
    assert rated == {EVE, CY} | ({credited} if credited else set())  # ann made 1 of her seat's 3+ moves
    for member in (ANN, BEN, DAN):
        assert (await history.stats(1, member))["played"] == (member == credited)
    bots = await store.db.execute_fetchall("SELECT COUNT(*) FROM ratings WHERE user_id = ?", (BOT_USER,))
    assert bots == [(int(credited is None),)]
    row = (await history.history(1)).rows[0]
    assert [s["user"] for s in row["seats"]] == [EVE, credited, CY]
    assert [s["name"] for s in row["seats"]][:2] == ["eve", "dan"]  # as the table showed it at the end


async def test_a_player_who_left_early_is_not_credited(store):
    tables, history = services(store)
    table = await toy_table(tables, [(ANN, "ann"), (BEN, "ben")], rounds=3)

    async def leave_after_one(move: int) -> None:
        if table.seat("p1").user_id == ANN and table.seat("p1").moves == 1:
            await Seating(tables).leave(table, ANN)  # 1 of the seat's 3+ moves: a bot's seat from here
            await tables.run_bots(table)

    await play_out(tables, table, leave_after_one)
    assert {r[0] for r in (await history.leaderboard(1, "toy")).rows} == {BEN}
    assert (await history.stats(1, ANN))["played"] == 0
    assert [s["user"] for s in (await history.history(1)).rows[0]["seats"]] == [None, BEN]


async def test_an_ended_game_is_listed_as_ended_and_rates_nobody(store):
    tables, history = services(store)
    table = await toy_table(tables, [(ANN, "ann"), (BEN, "ben")])
    seat, legal = next(iter(table.pending().items()))
    await tables.act(table, seat, legal[0])
    await Seating(tables).end(table)
    (row,) = (await history.history(1)).rows
    assert row["ended"] and not row["rated"] and all(s["score"] is None and not s["won"] for s in row["seats"])
    assert await store.db.execute_fetchall("SELECT COUNT(*) FROM ratings") == [(0,)]
    stats = await history.stats(1, BEN)
    assert stats["played"] == 0 and stats["ended"] == 1
    assert (await history.history(1, user_id=BEN)).total == 1 and (await history.history(2)).total == 0


async def test_migration_from_a_first_schema_database_then_catch_up(tmp_path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DB, path)
    store = await Storage.open(str(path))
    try:
        assert await store.db.execute_fetchall("PRAGMA user_version") == [(len(MIGRATIONS),)]
        assert await store.db.execute_fetchall("SELECT COUNT(*) FROM games") == [(6,)]
        tables, history = services(store)
        assert await history.catch_up() == 4  # three finished (two servers), one ended; not the live ones
        assert await history.catch_up() == 0
        page = await history.history(111)
        assert [r["game_id"] for r in page.rows] == [3, 2, 1] and [r["ended"] for r in page.rows] == [1, 0, 0]
        assert page.rows[2]["started_at"] == 1_700_003_600.0 and page.rows[2]["moves"] == 8
        here, there = await history.stats(111, ANN), await history.stats(222, ANN)
        assert (here["played"], here["ended"], there["played"]) == (2, 1, 1)
        assert {r[0] for r in (await history.leaderboard(111, "toy")).rows} == {ANN, BEN}
        assert [r[1] for r in (await history.leaderboard(222, "toy")).rows] == ["ann"]
        assert {t.id for t in await tables.restore()} == {4, 5}  # live games still load and play on
        data = replay.export(await store.get_game(1), await store.actions(1))
        assert list(replay.rerun(data))[-1].startswith("Replay verified")
    finally:
        await store.close()


async def test_forget_guild_deletes_one_servers_memory_and_keeps_live_games(tmp_path, capsys):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DB, path)
    store = await Storage.open(str(path))
    await HistoryService(store).catch_up()
    await store.set_notify(111, ANN, False)
    await store.set_notify(222, ANN, False)
    await store.close()
    with pytest.raises(SystemExit) as done:
        await asyncio.to_thread(cli.main, ["forget-guild", "111", "--db", str(path)])
    assert done.value.code == 0 and "Forgot server 111" in capsys.readouterr().out
    db = sqlite3.connect(path)
    assert db.execute("SELECT id FROM games ORDER BY id").fetchall() == [(4,), (5,), (6,)]
    for table in ("finished_games", "finished_seats", "ratings", "member_settings"):
        assert db.execute(f"SELECT DISTINCT guild_id FROM {table}").fetchall() == [(222,)]
    assert db.execute("SELECT DISTINCT game_id FROM actions ORDER BY game_id").fetchall() == [(4,), (6,)]


async def finished_export(store, tmp_path):
    tables, history = services(store)
    table = await toy_table(tables, [(ANN, "ann"), (BEN, "ben")], bots=1)
    await play_out(tables, table)
    data = replay.export(await store.get_game(table.id), await store.actions(table.id))
    return data


def run_replay(data, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_bytes(replay.to_bytes(data))
    with pytest.raises(SystemExit) as done:
        cli.main(["replay", str(path)])
    captured = capsys.readouterr()
    return done.value.code, captured.out, captured.err


async def test_replay_under_changed_rules_fails_clearly(store, tmp_path, capsys):
    data = await finished_export(store, tmp_path)
    # Names only: the id appears nowhere as a value (a hex hash may hold its digits by chance, so not inside one).
    assert "user_id" not in json.dumps(data["seats"])
    assert not re.search(rf"(?<![0-9a-fA-F]){ANN}(?![0-9a-fA-F])", json.dumps(data))
    code, out, _ = run_replay(data, tmp_path, capsys)
    assert code == 0 and "Replay verified" in out
    # An engine that ends elsewhere (here: a file whose final state no longer matches) fails loudly.
    code, out, err = run_replay({**data, "final_state_hash": "0" * 32}, tmp_path, capsys)
    assert code == 1 and "rules differ" in err and "Replay verified" not in out
    # A move the engine now refuses names the move.
    broken = json.loads(json.dumps(data))
    broken["actions"][0]["action"] = {"type": "pick", "card": "c99"}
    code, _, err = run_replay(broken, tmp_path, capsys)
    assert code == 1 and "move 1" in err and "illegal" in err
    # A different engine version whose re-run still matches exactly is only noted.
    other = {**data, "engine": {**data["engine"], "rules_version": 0}}
    code, out, _ = run_replay(other, tmp_path, capsys)
    assert code == 0 and "still matches exactly" in out
    code, _, err = run_replay({"format": "something else"}, tmp_path, capsys)
    assert code == 1 and "not a Rookery replay file" in err


class FakeResponse:
    def __init__(self, sent):
        self.sent, self.done = sent, False

    def is_done(self):
        return self.done

    async def send_message(self, content=None, **kwargs):
        await asyncio.sleep(0)  # a real answer is a network round trip: let the other click run meanwhile
        self.done = True
        self.sent.append((content, kwargs))
        return SimpleNamespace(resource=SimpleNamespace(id=99))


def fake_click(user_id, name, guild_id, channel_id):
    sent: list = []
    interaction = SimpleNamespace(
        user=SimpleNamespace(id=user_id, display_name=name, roles=[]), guild_id=guild_id, channel_id=channel_id,
        permissions=SimpleNamespace(manage_guild=False, manage_channels=False), response=FakeResponse(sent),
        locale=None, guild_locale=None, data={},
        followup=SimpleNamespace(send=lambda *a, **k: asyncio.sleep(0)))

    async def original_response():
        return SimpleNamespace(id=99)

    interaction.original_response = original_response
    return interaction, sent


async def test_rematch_clicks_at_the_same_moment_open_one_lobby(simcord_env):
    from tests.cogs.test_history_discord import finished_game, open_table

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("ann", "ben"))
    await open_table(env, channel, ann, [ben])
    game_id, _ = await finished_game(env, guild, channel, [ann, ben])
    clicks = [fake_click(m.id, n, guild.id, channel.id) for m, n in ((ann, "ann"), (ben, "ben"))]
    await asyncio.gather(*(env.bot.services.answer.safely(i, env.bot.services.rematches.ask(i, game_id)) for i, _ in clicks))
    answers = [sent[0] for _, sent in clicks]
    assert sum(1 for _, kwargs in answers if kwargs.get("ephemeral")) == 1
    assert any("already open" in (text or "") for text, _ in answers)
    assert await env.bot.store.db.execute_fetchall(
        "SELECT COUNT(*) FROM games WHERE channel_id = ? AND status = 'lobby'", (channel.id,)) == [(1,)]


async def test_every_game_exports_a_replay_that_re_runs_exactly(store):
    """Each registered game, played by bots to its end, makes a replay file whose re-run (through its
    presenter's text) ends in exactly the stored final state: the hash survives each engine's JSON."""
    tables = TableService(store)
    tables.bot_rng = random.Random(3)
    for channel, key in enumerate(GAMES, start=100):
        table = await Seating(tables).create_lobby(1, channel, Actor(ANN, "ann"), key, None, 300)
        while len(table.seats) < max(GAMES[key].min_players, 3) and len(table.seats) < GAMES[key].max_players:
            await Seating(tables).add_bot(table)
        table.seats[0].user_id = None  # the host's seat too: bots play the whole game
        await tables.start(table)
        assert table.status == "over", key
        data = replay.export(await store.get_game(table.id), await store.actions(table.id))
        lines = list(replay.rerun(replay.load(replay.to_bytes(data))))
        assert lines[-1].startswith("Replay verified") and len(lines) > table.version, key


async def test_catch_up_waits_for_a_missing_game_and_lists_a_broken_one_as_ended(tmp_path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DB, path)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET game_key = 'gone' WHERE id = 2")       # its module isn't installed now
    db.execute("""UPDATE games SET state = '{"broken": true}' WHERE id = 6""")  # no longer loads
    db.commit()
    db.close()
    store = await Storage.open(str(path))
    try:
        history = HistoryService(store)
        assert await history.catch_up() == 3  # #1, #3 and the broken #6; #2 waits for its game
        assert [r["game_id"] for r in (await history.history(111)).rows] == [3, 1]
        (broken,) = (await history.history(222)).rows
        assert broken["ended"] and not broken["rated"]
        await store.conn.execute("UPDATE games SET game_key = 'toy' WHERE id = 2")
        assert await history.catch_up() == 1 and (await history.history(111)).total == 3
    finally:
        await store.close()
