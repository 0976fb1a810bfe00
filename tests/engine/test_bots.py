"""The bots (issue 12 §5): legal moves from their own view only, and clearly better than random seats.
Win rates against today's bot and move times are measured in bench/bench_bots.py, not here."""
import random

import pytest

from engine import GAMES
from engine.bots import bot_choice
from tests.engine.registry import shipped


def _game(key, seats, seed, bot_seat):
    """One seeded game: `bot_seat` plays the game's bot, the others random legal moves. The bot is
    handed a deep copy of its view, so it cannot touch the state."""
    game = GAMES[key]
    state = game.new([f"p{i}" for i in range(1, seats + 1)], seed, {})
    rng = random.Random(seed)
    while not state.over:
        pending = state.pending()
        seat = sorted(pending)[rng.randrange(len(pending))]
        legal = pending[seat]
        if seat == bot_seat:
            action = bot_choice(game, state.view(seat), [dict(a) for a in legal], rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        state.act(seat, action)
    winners = state.result()["winners"]
    return 1 / len(winners) if bot_seat in winners else 0.0


# game -> (seats, games, wins at least). The Everrain and Black Rose Wars have their own bot tests
# (test_everrain_bot.py, test_blackrose_bot.py): their games are too long to play dozens of here.
TARGETS = {"deadlies": (3, 12, 9), "nevermore": (3, 8, 6), "raven": (2, 8, 6)}
OWN_TESTS = {"everrain", "blackrose"}


def test_every_shipped_game_has_a_bot_target():
    """A new game's bot is held to a target here, or has its own test: none is left out unseen."""
    assert set(shipped()) == set(TARGETS) | OWN_TESTS


@pytest.mark.parametrize("key", sorted(TARGETS))
def test_bot_beats_random_seats(key):
    seats, games, wins = TARGETS[key]
    won = sum(_game(key, seats, seed, f"p{seed % seats + 1}") for seed in range(games))
    assert won >= wins, f"{key}: the bot won {won} of {games} against random seats"


def test_nevermore_bot_passes_magick_that_would_only_help_a_rival():
    from engine.nevermore import bot
    view = {"seat": "p1", "players": [
        {"seat": "p1", "health": 5, "vp": 0, "raven": False},
        {"seat": "p2", "health": 2, "vp": 4, "raven": False}],
        "prompt": {"kind": "reaction", "about": "damage", "seat": "p2", "n": 2}}
    legal = [{"type": "play", "card": "L08"}, {"type": "pass"}]  # Guardian Angel would shield p2
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "pass"}
    legal = [{"type": "play", "card": "S25"}, {"type": "pass"}]  # Malice adds to the blow on the leader
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "play", "card": "S25"}


def test_nevermore_bot_finishes_a_rival_it_can_turn_into_a_raven():
    from engine.nevermore import bot
    view = {"seat": "p1", "prompt": {"kind": "attack", "seat": "p1", "n": 2}, "players": [
        {"seat": "p1", "health": 5, "vp": 0, "raven": False},
        {"seat": "p2", "health": 5, "vp": 5, "raven": False},
        {"seat": "p3", "health": 2, "vp": 1, "raven": False}]}
    legal = [{"type": "attack", "target": "p2"}, {"type": "attack", "target": "p3"}]
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "attack", "target": "p3"}


def test_raven_bot_bids_exactly_far_more_often_than_the_old_guess():
    """The calibrated trick chances: in two-player games the bot makes its exact bid (worth 6 points)
    about twice as often as the old hand-guessed strengths did (27% against 14% over 100+ games)."""
    game = GAMES["raven"]
    made = hands = 0
    for seed in range(12):
        state = game.new(["p1", "p2"], seed, {})
        rng = random.Random(seed)
        while not state.over:
            seat, legal = next(iter(state.pending().items()))
            for event in state.act(seat, bot_choice(game, state.view(seat), legal, rng)):
                if event["type"] == "hand_scored":
                    made += len(event["made"])
                    hands += 2
    assert made / hands >= 0.2
