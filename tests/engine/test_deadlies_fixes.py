"""The Deadlies, issue 12 §4-§5: the turn limit is explained, and the bot's Gluttony steal never hands the
leader the win."""
from engine import GAMES
from engine.deadlies import bot

GAME = GAMES["deadlies"]


def test_rules_say_what_the_turn_limit_does():
    rules = GAME.rules
    assert "Turn limit" in rules and "lowest Wickedness wins" in rules
    assert "ends almost every game early" in rules  # what a limit of 25 means for players
