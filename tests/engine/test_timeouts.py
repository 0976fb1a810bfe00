"""Timeout choices (issue 12 §3): a human seat whose time ran out passes, stops, keeps or declines; it
plays a card only when the rules force one, and then the least valuable."""
import random

import pytest

from engine import GAMES
from engine.bots import timeout_choice
from tests.engine.registry import keys

# Actions that spend or reveal a card (or hurt someone) by choice: a timeout never takes them while the
# prompt offers a way to decline.
OPTIONAL = {"nevermore": {"play", "peck"},
            "deadlies": {"show", "wrath", "swap", "discard_hand", "deal", "lust_discard"},
            "everrain": {"reroll"}}
DECLINES = {"pass", "no_peck", "stop", "keep", "keep_hand", "lust_keep", "draw", "accept"}


def _walk(key: str, seats: int, seed: int, away: str = "p1", options=None):
    """Play one game where `away` always times out and everyone else plays random legal moves.
    Yields (legal, timeout action, view) for every decision the away seat faced."""
    game = GAMES[key]
    state = game.new([f"p{i}" for i in range(1, seats + 1)], seed, options or {})
    rng = random.Random(seed)
    for _ in range(20000):
        if state.over:
            return
        pending = state.pending()
        seat = away if away in pending else rng.choice(sorted(pending))
        legal = pending[seat]
        if seat == away:
            view = state.view(seat)
            action = timeout_choice(game, view, legal)
            yield legal, action, view
        else:
            action = rng.choice(legal)
        state.act(seat, action)
    raise AssertionError("game did not finish")


# Seats per game where its fewest is not the table wanted; every registered game is walked.
SEATS = {"nevermore": 4, "deadlies": 3, "everrain": 2, "raven": 3}


@pytest.mark.parametrize("key", keys())
def test_timeouts_decline_whenever_the_prompt_allows(key):
    seats = SEATS.get(key, GAMES[key].min_players)
    faced = 0
    for seed in range(3):
        for legal, action, _ in _walk(key, seats, seed):
            faced += 1
            assert action in legal
            if any(a["type"] in DECLINES for a in legal):
                assert action["type"] not in OPTIONAL.get(key, set()), (legal, action)
    assert faced > 10


def test_nevermore_timeout_never_plays_magick_and_never_pecks():
    windows = 0
    for seed in range(4):
        for legal, action, _ in _walk("nevermore", 4, seed):
            if any(a["type"] == "play" for a in legal):
                windows += 1
                assert action == {"type": "pass"}
            if {"type": "no_peck"} in legal:
                assert action == {"type": "no_peck"}
    assert windows > 0  # the away seat did hold playable Magick cards


def test_deadlies_timeout_answers_decline():
    game = GAMES["deadlies"]
    assert timeout_choice(game, {}, [{"type": "wrath", "card": "WR3"}, {"type": "stop"}]) == {"type": "stop"}
    assert timeout_choice(game, {}, [{"type": "show", "card": "PR2"}, {"type": "draw"}]) == {"type": "draw"}
    assert timeout_choice(game, {}, [{"type": "swap", "seat": "p2"}, {"type": "keep"}]) == {"type": "keep"}
    assert timeout_choice(game, {}, [{"type": "lust", "choice": "nothing"}, {"type": "lust", "choice": "discard"}]
                          ) == {"type": "lust", "choice": "nothing"}
    assert timeout_choice(game, {}, [{"type": "lust_discard", "card": "LU1"}, {"type": "lust_keep"}]
                          ) == {"type": "lust_keep"}
    assert timeout_choice(game, {}, [{"type": "discard_hand"}, {"type": "keep_hand"}]) == {"type": "keep_hand"}


def test_deadlies_timeout_turn_plays_one_least_valuable_card():
    game = GAMES["deadlies"]
    hand = ["HALO", "CO8", "GR1", "GR2", "PR2", "SL5"]
    legal = [{"type": "pick", "card": c} for c in hand]
    # The Sloth asks nothing more of the absent player; Halo and Corruption are kept.
    assert timeout_choice(game, {"hand": hand, "picked": []}, legal) == {"type": "pick", "card": "SL5"}
    no_sloth = [c for c in hand if c != "SL5"]
    legal = [{"type": "pick", "card": c} for c in no_sloth]
    # PR2 links to GR2 (same number) only; GR1 links to GR2 (suit): fewest links, then the lowest number.
    assert timeout_choice(game, {"hand": no_sloth, "picked": []}, legal)["card"] in ("GR1", "PR2")
    # A half-built play left by the player is taken back, then one card is played.
    built = [{"type": "play", "as": "suit"}, {"type": "unpick", "card": "GR2"}]
    assert timeout_choice(game, {"hand": hand, "picked": ["GR1", "GR2"]}, built)["type"] == "unpick"
    single = [{"type": "play", "as": "single"}, {"type": "unpick", "card": "GR1"}]
    assert timeout_choice(game, {"hand": hand, "picked": ["GR1"]}, single) == {"type": "play", "as": "single"}


@pytest.mark.parametrize("key", [key for key in keys() if GAMES[key].traits.partial])
def test_a_timed_out_turn_is_one_finished_decision(key):
    """Following the timeout choice through its partial steps (picks) always ends in a complete move."""
    game = GAMES[key]
    state = game.new([f"p{i}" for i in range(1, max(game.min_players, 3) + 1)], 5, {})
    rng = random.Random(5)
    for _ in range(300):
        if state.over:
            break
        pending = state.pending()
        seat = sorted(pending)[0]
        for _ in range(30):
            action = timeout_choice(game, state.view(seat), state.pending()[seat])
            state.act(seat, action)
            if action["type"] not in game.traits.partial or seat not in state.pending():
                break
        else:
            raise AssertionError("a timeout kept picking forever")
        if not state.over:
            for other, legal in state.pending().items():
                if other != seat:
                    state.act(other, rng.choice(legal))
                    break


def test_raven_timeout_plays_the_weakest_legal_card():
    game = GAMES["raven"]
    state = game.new(["p1", "p2", "p3"], 3, {})
    while "play" not in {a["type"] for legal in state.pending().values() for a in legal}:
        seat, legal = next(iter(state.pending().items()))
        state.act(seat, timeout_choice(game, state.view(seat), legal))
    seat, legal = next(iter(state.pending().items()))
    from engine.raven.bot import _strength
    view = state.view(seat)
    action = timeout_choice(game, view, legal)
    weakest = min(_strength(a["card"], view["trump"]) for a in legal)
    assert _strength(action["card"], view["trump"]) == weakest


def test_each_game_names_the_steps_a_timeout_finishes_in_one_go():
    """Traits.partial: the action types that only build up one decision, declared by each game."""
    partial = {key: game.traits.partial for key, game in GAMES.items()}
    assert partial["raven"] == ("bid",) and partial["everrain"] == ()
    assert partial["deadlies"] == partial["nevermore"] == ("pick", "unpick")
