"""Forged and malformed interactions against the real process (issue 8 §3): each gets a private, clear answer
within Discord's 3 s, changes nothing in the database, and leaves no traceback in the log."""
import sqlite3
import sys
from pathlib import Path

import pytest

from tests.support.components import iter_components
from tests.e2e.test_rookery_e2e import pending_prompt

pytestmark = pytest.mark.e2e
TOYBOT = [sys.executable, str(Path(__file__).parents[1] / "support" / "toybot.py")]
HUGE = "9" * 30  # does not fit SQLite's 63-bit INTEGER


def snapshot(db_path):
    with sqlite3.connect(db_path) as db:
        games = db.execute("SELECT id, status, version, state, seats, options, turn_seconds FROM games").fetchall()
        actions = db.execute("SELECT count(*) FROM actions").fetchone()[0]
    return games, actions


def private_answer(result, *words, within: float = 3.0):
    assert result.ephemeral, f"answered in public: {result.texts}"
    assert result.latency is not None and result.latency < within, f"answered after {result.latency}s"
    text = " ".join(result.texts)
    assert all(w.lower() in text.lower() for w in words), f"{words} not in {text!r}"


async def test_forged_and_malformed_interactions_get_a_private_answer_and_change_nothing(
        fake_discord, start_bot, tmp_path):
    fake = fake_discord
    ann = await fake.add_user("ann", admin=True)
    ben = await fake.add_user("ben")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    bot = await start_bot(TOYBOT, env={"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id),
                                       "ROOKERY_TIMER_POLL": "0"})
    await fake.wait_ready()

    lobby = (await fake.slash(ann, games, "game", subcommand="new", options={"game": "toy"})).original
    await fake.click(ben, lobby, fake.find_button(lobby, label="Join"))
    timer = next(c for c in iter_components(lobby["components"]) if c["custom_id"].endswith(":turn_seconds"))
    game_id = int(timer["custom_id"].split(":")[2])

    before = snapshot(db_path)
    # Lobby: a timer value that is not a number, an option that does not exist.
    private_answer(await fake.select(ann, lobby, timer, ["abc"], force=True), "out of date")
    private_answer(await fake.select(ann, lobby, f"rk:o:{game_id}:nosuch", ["1"], force=True), "out of date")
    assert snapshot(db_path) == before

    await fake.click(ann, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_quiet()
    user, dm, comp = pending_prompt(fake, [ann, ben])
    board = fake.messages(games)[-1]
    before = snapshot(db_path)
    prompt = comp["custom_id"].split(":")[4]
    seat = comp["custom_id"].split(":")[3]
    cases = [
        (lambda: fake.click(user, board, f"rk:h:{HUGE}", force=True), "out of date"),              # 30-digit id
        (lambda: fake.click(user, dm, f"rk:a:{HUGE}:{seat}:{prompt}:0", force=True), "out of date"),
        (lambda: fake.click(user, dm, "rk:zz:1:2", force=True), "out of date"),                   # unknown kind
        (lambda: fake.click(user, dm, f"rk:a:{game_id}:{seat}", force=True), "out of date"),      # truncated
        (lambda: fake.click(user, dm, f"rk:a:{game_id}:{seat}:3:0", force=True), "out of date"),  # older format
        # a well-formed action the message does not carry (forged onto the public board)
        (lambda: fake.click(user, board, f"rk:a:{game_id}:{seat}:{prompt}:0", force=True), "out of date"),
        # a bundle (several steps in one click) the prompt never offered: a number, or a menu value
        (lambda: fake.click(user, dm, f"rk:b:{game_id}:{seat}:{prompt}:99", force=True), "out of date"),
        (lambda: fake.select(user, dm, f"rk:b:{game_id}:{seat}:{prompt}:s", ["7"], force=True), "out of date"),
        (lambda: fake.select(user, dm, f"rk:b:{game_id}:{seat}:{prompt}:s", ["x"], force=True), "out of date"),
    ]
    for forge, words in cases:
        private_answer(await forge(), words)
    # Not a Rookery id: a short-lived view could still answer it, so the host waits 2.5 s before stepping
    # in (host.FALLBACK_AFTER); the bound leaves room for a loaded test machine.
    private_answer(await fake.click(user, dm, "somebody-else:button", force=True), "out of date", within=4.0)
    # Select values that are not action indexes (a select exists only with many choices: forge one).
    for values in (["abc"], ["-1"], ["1e3"], [HUGE], ["²"]):
        sel = f"rk:s:{game_id}:{seat}:{prompt}:0"
        result = await fake.select(user, dm, sel, values, force=True)
        private_answer(result, "out of date")
    # Slash commands with a game outside the offered choices, and a command the bot never registered.
    private_answer(await fake.slash(ann, games, "game", subcommand="rules", options={"game": "chess"},
                                    forged=True), "don't know a game", "toy")
    other = await fake.add_channel("other")
    private_answer(await fake.slash(ann, other, "game", subcommand="new", options={"game": "chess"},
                                    forged=True), "don't know a game")
    private_answer(await fake.forge_command(ann, games, {"id": "123", "name": "oldcommand"}), "don't know")
    # A member option naming nobody Discord resolved (discord.py cannot turn it into a Member).
    private_answer(await fake.slash(ann, games, "game", subcommand="kick", options={"member": "123"}), "123")

    assert snapshot(db_path) == before, "no forged interaction changed the database"
    output = bot.output()
    assert "Traceback" not in output and "Ignoring exception" not in output, output[-3000:]
    assert fake.unknown_routes == []
