"""`rookery play` (issue 8 "Also"): bad arguments exit 2 with a message and never hang, Ctrl-C ends quietly,
--auto finishes a game (it never picks a take-back), and the text is the presenters' plain text."""
from __future__ import annotations

import io

import pytest

from bot import terminal


@pytest.mark.parametrize("args,said", [
    (("raven", 1, None, [], True), "needs 2–6 players (got 1)"),
    (("raven", 9, None, [], True), "needs 2–6 players (got 9)"),
    (("raven", 4, None, ["length=weird"], True), "`length` must be one of standard, short"),
    (("raven", 4, None, ["colour=red"], True), "no setting called `colour`"),
    (("raven", 4, None, ["length"], True), "name=value"),
    (("chess", 2, None, [], True), "I don't know a game called `chess`"),
    (("raven", 4, None, [], True, "xx"), "Unknown language 'xx'"),
])
def test_bad_arguments_exit_2_with_a_message_before_anything_starts(args, said, capsys, monkeypatch):
    monkeypatch.setattr(terminal, "play", lambda *a, **k: pytest.fail("a game started"))
    assert terminal.main(*args) == 2
    assert said in capsys.readouterr().err


def test_ctrl_c_ends_quietly(capsys, monkeypatch):
    async def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "play", interrupted)
    assert terminal.main("raven", 4, 1, [], False) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "Bye" in captured.err


async def test_auto_finishes_a_nevermore_game_without_taking_back():
    out = io.StringIO()
    result = await terminal.play("nevermore", 3, 5, {}, auto=True, out=out)
    text = out.getvalue()
    assert result["winners"] and "Game over!" in text and "Final scores" in text
    assert text.count("Game over") == 1 and "**" not in text


def test_auto_never_picks_an_undo_the_game_declares():
    from engine import GAMES

    legal = [{"type": "unpick", "suit": "attack"}, {"type": "pick", "suit": "healing"}]
    assert terminal._auto(GAMES["nevermore"], legal) == 1


async def test_the_terminal_offers_a_whole_pass_as_one_numbered_choice():
    out = io.StringIO()
    answers = iter(["1"] * 400)
    await terminal.play("nevermore", 3, 5, {}, auto=False, read=lambda: next(answers, "q"), out=out)
    text = out.getvalue()
    first = text.split("👉 Your move", 1)[1].split("-" * 60, 1)[0]
    assert "1. " in first and "Pass a" not in first, "a pass is one choice, not a card at a time"
    assert "Chosen to pass" not in text, "no pass was ever left half made"
