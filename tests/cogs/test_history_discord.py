"""A server's memory through Discord (simcord, toy game): a game finishes, Rematch opens the next one, and
history, stats, leaderboard and the replay file reflect both games; privacy between servers."""
import discord
import pytest

import cogs.table.host
from bot import cli
from present import fmt, presenter
from tests.support.components import components_of, text_of
from tests.support.driver import Driver


@pytest.fixture(autouse=True)
def quick_fallback(simcord_env, monkeypatch):
    """The Host answers components that aren't "rk:" ids only if nobody did within 2.5 s; the Rematch
    button answers at once, so the tests needn't sit out that wait after every click (a bot restarted
    inside a test uses the same module)."""
    monkeypatch.setattr(cogs.table.host, "FALLBACK_AFTER", 0.2)


async def finished_game(env, guild, channel, members, seed=0):
    """Play the table in the channel to its end; returns the finished game's id and its result message."""
    driver = Driver(env, channel, {m.id: m for m in members}, seed=seed)
    game_id = driver.table().id
    await driver.play_until(lambda table: False)
    result = next(m for m in reversed(channel.history()) if any(
        (c.get("custom_id") or "") == f"rkh:rematch:{game_id}" for c in components_of(m)))
    return game_id, result


async def open_table(env, channel, host, joiners, settings="rounds=2"):
    await host.slash(channel, "game new", game="toy", settings=settings)
    lobby = channel.last_message
    for member in joiners:
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Add bot")
    await host.click(lobby, label="Start")


async def test_finish_rematch_finish_then_history_stats_leaderboard_and_replay(simcord_env, tmp_path, capsys):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("ann", "ben"))
    await open_table(env, channel, ann, [ben])
    first, result = await finished_game(env, guild, channel, [ann, ben])
    assert "Rematch" in [c.get("label") for c in components_of(result)]

    # Both players press Rematch: one lobby opens, the second click is told where it is (simultaneous
    # clicks: test_rematch_clicks_at_the_same_moment_open_one_lobby).
    clicks = [await ben.click(result, label="Rematch"), await ann.click(result, label="Rematch")]
    assert "press **Join** on its lobby" in text_of(clicks[1].response)
    service = env.bot.service
    lobby_table = service.in_channel(channel.id)
    assert lobby_table is not None and lobby_table.status == "lobby" and lobby_table.id != first
    assert sum(1 for c in clicks if c.ephemeral) == 1
    rows = await service.store.db.execute_fetchall(
        "SELECT COUNT(*) FROM games WHERE channel_id = ? AND status = 'lobby'", (channel.id,))
    assert rows == [(1,)]
    # Same game and options; the bot seat is back; the other human confirms by pressing Join.
    assert lobby_table.game_key == "toy" and lobby_table.options == {"rounds": 2}
    assert [s.is_bot for s in lobby_table.seats].count(True) == 1 and len(lobby_table.seats) == 2
    opener = next(c for c in clicks if not c.ephemeral)
    joiner = ann if lobby_table.host_id == ben.id else ben
    lobby_message = next(m for m in channel.history() if m.id == lobby_table.board_message_id)
    await joiner.click(lobby_message, label="Join")
    assert len(lobby_table.seats) == 3
    host = ann if lobby_table.host_id == ann.id else ben
    await host.click(lobby_message, label="Start")
    assert opener.followups and f"<@{joiner.id}>" in text_of(opener.followups[0])
    second, _ = await finished_game(env, guild, channel, [ann, ben], seed=1)

    # History lists both games, newest first; stats and the leaderboard count both.
    answer = (await ann.slash(channel, "game history")).response
    assert text_of(answer).index(f"#{second}") < text_of(answer).index(f"#{first}")
    assert "2 games." in text_of(answer) and "ended early" not in text_of(answer)
    stats = text_of((await ben.slash(channel, "game stats", game="toy")).response)
    assert "2 games played" in stats and "Rating:" in stats
    board = text_of((await ben.slash(channel, "game leaderboard", game="toy")).response)
    assert "ann" in board and "ben" in board and "Bot" not in board and "2 rated players." in board

    # The replay file made from the channel re-runs to the same result through `rookery replay`; beside it,
    # the same game as one web page (tests/present/test_web_replay.py opens it in a browser).
    reply = (await ann.slash(channel, "game replay", game_id=second)).response  # the deferred answer, filled in
    assert reply.ephemeral
    page, attachment = reply.attachments
    assert page.filename == f"rookery-toy-{second}.html" and attachment.filename.endswith(".json")
    html = (await page.read()).decode()
    assert html.startswith("<!DOCTYPE html>") and 'id="rookery"' in html
    path = tmp_path / attachment.filename
    path.write_bytes(await attachment.read())
    code = _exit_code(lambda: cli.main(["replay", str(path)]))
    out = capsys.readouterr().out
    assert code == 0, out
    table = await service.get(second)
    expected = fmt.plain(presenter("toy").result(table.state.view(None), table.state.result(), table.names))
    assert expected in out and out.rstrip().endswith("matches the one stored when the game ended.")
    assert out.count("\n") > table.version  # a line per move, plus the reveals

    # A member's data never shows in another server; the other server has its own (empty) memory.
    other = env.create_guild()
    elsewhere = other.create_text_channel("games")
    ann_there = other.add_member(ann.user)
    empty = text_of((await ann_there.slash(elsewhere, "game history")).response)
    assert "No games here yet" in empty and f"#{first}" not in empty
    assert "0 games played" in text_of((await ann_there.slash(elsewhere, "game stats")).response)
    refused = text_of((await ann_there.slash(elsewhere, "game replay", game_id=first)).response)
    assert f"no game #{first} on this server" in refused


async def test_replay_while_live_is_the_public_page_only_and_ended_game_marked(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("ann", "ben"))
    await open_table(env, channel, ann, [ben])
    game_id = env.bot.service.in_channel(channel.id).id
    live = (await ben.slash(channel, "game replay", game_id=game_id)).response
    assert live.ephemeral and "still going" in text_of(live)
    (page,) = live.attachments  # the public web page alone: the JSON would show every hand
    assert page.filename == f"rookery-toy-{game_id}.html"
    from present.web.page import unpack
    from tests.present.test_web_replay import inline_data

    assert unpack(inline_data((await page.read()).decode()))["views"] == ["public"]
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="Yes, end the game")
    assert env.bot.service.in_channel(channel.id) is None
    text = text_of((await ann.slash(channel, "game history")).response)
    assert f"#{game_id}" in text and "ended early" in text
    stats = text_of((await ann.slash(channel, "game stats")).response)
    assert "0 games played" in stats and "1 more ended early" in stats
    assert "Nobody is rated" in text_of((await ann.slash(channel, "game leaderboard", game="toy")).response)


def _exit_code(call) -> int:
    try:
        call()
    except SystemExit as exc:
        return exc.code or 0
    return 0


async def test_rematch_button_works_after_a_restart_and_forget_needs_manage_server(simcord_env, make_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    ann = guild.add_member(env.create_user("ann"), roles=[admins])
    ben = guild.add_member(env.create_user("ben"))
    await open_table(env, channel, ann, [ben])
    first, result = await finished_game(env, guild, channel, [ann, ben])
    await env.restart_bot(make_bot())
    outsider = guild.add_member(env.create_user("cy"))
    refused = await outsider.click(result, label="Rematch")
    assert refused.ephemeral and "Only the players" in text_of(refused.response)
    opened = await ben.click(result, label="Rematch")
    assert not opened.ephemeral and env.bot.service.in_channel(channel.id).status == "lobby"

    denied = await ben.slash(channel, "game forget")
    assert denied.ephemeral and "Manage Server" in text_of(denied.response)
    asked = await ann.slash(channel, "game forget")
    assert asked.ephemeral and "can't be undone" in text_of(asked.response)
    done = await ann.click(asked.response, label="Yes, delete this server's game history")
    assert "Deleted 1 finished game," in text_of(done.response)
    assert "No games here yet" in text_of((await ann.slash(channel, "game history")).response)
    assert env.bot.service.in_channel(channel.id) is not None  # the open lobby is kept


class _Over:
    def __init__(self, scores):
        self.scores = scores

    def result(self):
        return {"scores": self.scores, "winners": [max(self.scores, key=self.scores.get)]}


async def test_history_and_leaderboard_page_with_buttons(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    history = env.bot.services.history
    for n in range(1, 13):  # 12 finished games, 24 rated members: two pages of games, three of players
        seats = [{"seat": "p1", "user_id": 5000 + 2 * n, "name": f"m{2 * n}"},
                 {"seat": "p2", "user_id": 5001 + 2 * n, "name": f"m{2 * n + 1}"}]
        assert await history.record(900 + n, guild.id, "toy", "over", seats, _Over({"p1": n, "p2": 0}), 10, 1e9 + n)
    first = (await ann.slash(channel, "game history")).response
    assert "Page 1 of 2 (12 games)" in text_of(first) and "#912" in text_of(first) and "#902" not in text_of(first)
    older = await ann.click(first, label="Older ▶")
    assert "Page 2 of 2" in text_of(older.response) and "#902" in text_of(older.response)
    newer = await ann.click(older.response, label="◀ Newer")
    assert "#912" in text_of(newer.response)
    board = (await ann.slash(channel, "game leaderboard", game="toy")).response
    assert "Page 1 of 3 (24 rated players)" in text_of(board) and "1. " in text_of(board)
    lower = await ann.click(board, label="Lower ▶")
    assert "Page 2 of 3" in text_of(lower.response) and "11. " in text_of(lower.response)
