"""`rookery play`: the terminal table plays a whole game with the Discord text."""
import io

from bot.terminal import play


async def test_terminal_game_to_the_end():
    out = io.StringIO()
    answers = iter(["x", "99"] + ["1"] * 5000)  # two bad answers first: asked again, nothing changes
    result = await play("raven", 4, 7, {"length": "short"}, auto=False, read=lambda: next(answers), out=out)
    text = out.getvalue()
    assert "Type a number from 1 to" in text
    assert "Game over!" in text and result["winners"]
    assert "**" not in text  # Discord bold is turned into plain text


async def test_terminal_same_seed_same_game():
    first, second = io.StringIO(), io.StringIO()
    await play("deadlies", 3, 5, {"turn_limit": 60}, auto=True, out=first)
    await play("deadlies", 3, 5, {"turn_limit": 60}, auto=True, out=second)
    assert first.getvalue() == second.getvalue()
