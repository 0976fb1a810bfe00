"""The real Rookery process against the fake Discord: three quick humans play a whole Game Turn of Black Rose
Wars from their DMs (issue 33's "Done means"), arming every Trap and Protection "ask me" so that reaction
windows open where the rules let them. On every path (board, DMs, My hand pressed by every human in each
reaction window and every few moves, every click's own answer) no reaction prompt offers nothing, and at
every quiet moment no player has more than one DM message with move buttons."""
import pytest

from tests.e2e.brw_players import Table, asking_choice
from tests.e2e.test_rookery_e2e import ROOKERY
from tests.e2e.fake_discord import RateLimits

# Players here click as fast as the bot answers (several moves a second in one channel): Discord's global
# bucket, per-channel buckets ten times larger (NOTES-rl-fake.md: at this pace Discord's own 5 edits per 5 s
# per channel hold every move for ~1 s and the test takes four times as long).
pytestmark = [pytest.mark.e2e, pytest.mark.rate_limits(RateLimits.machine_speed())]


async def test_a_game_turn_of_black_rose_wars_shows_no_empty_reaction_prompt_and_no_stale_buttons(
        fake_discord, start_bot, tmp_path):
    fake = fake_discord
    db_path = str(tmp_path / "rookery.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "1"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    table = await Table.start(fake, db_path, seed=7, choose=asking_choice, my_hand_every=6)
    figures = table.figures
    while figures.turn < 3 and await table.step():  # Game Turns 1 and 2 played to their end
        assert figures.steps < 600, "Game Turn 2 did not end"
    await fake.wait_quiet(300)
    table.check_live()
    assert figures.turn >= 3 or figures.over, f"the game is still in Game Turn {figures.turn}"
    assert table.recorder.empty == [], f"empty reaction prompts: {table.recorder.empty[:3]}"
    assert figures.most_live <= 1, f"a player had {figures.most_live} DM messages with move buttons"
    assert figures.refused == [], f"clicks on the live prompt were refused: {figures.refused[:3]}"
    assert table.recorder.board and figures.my_hand_checks, "the board and My hand were never seen"
    assert "Traceback" not in bot.output()
