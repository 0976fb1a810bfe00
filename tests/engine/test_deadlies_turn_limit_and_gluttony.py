"""The Deadlies, issue 12 §4-§5: the turn limit is explained, and the bot's Gluttony steal never hands the
leader the win."""
from engine import GAMES
from engine.data import load
from engine.deadlies import bot

GAME = GAMES["deadlies"]


def test_rules_say_what_the_turn_limit_does():
    rules = load("deadlies/rules.md")
    assert "Turn limit" in rules and "lowest Wickedness wins" in rules
    assert "quick choice, 60" in rules and "ended almost every game" in rules  # 60 replaced 25


def _view(sizes, wick, hand=("GR1", "PR2")):
    return {"seat": "p1", "hand": list(hand), "hand_sizes": sizes, "wickedness": wick}


def test_gluttony_never_robs_a_last_card_that_would_hand_the_leader_the_win():
    # p2 leads on Wickedness 2 with one card: robbing it empties p2's hand, and p2 would win.
    view = _view({"p1": 3, "p2": 1, "p3": 4}, {"p1": 6, "p2": 2, "p3": 6})
    legal = [{"type": "steal", "seat": "p2"}, {"type": "steal", "seat": "p3"}, {"type": "draw3"}]
    assert bot.bot_choice(view, legal, None) == {"type": "steal", "seat": "p3"}
    # Only last cards to rob, and robbing them would make that player win: draw 3 instead.
    view = _view({"p1": 3, "p2": 1, "p3": 1}, {"p1": 6, "p2": 2, "p3": 2})
    legal = [{"type": "steal", "seat": "p2"}, {"type": "steal", "seat": "p3"}, {"type": "draw3"}]
    assert bot.bot_choice(view, legal, None) == {"type": "draw3"}
    # With a safe hand to rob, the leader among those is robbed.
    view = _view({"p1": 3, "p2": 2, "p3": 5}, {"p1": 6, "p2": 4, "p3": 6})
    legal = [{"type": "steal", "seat": "p2"}, {"type": "steal", "seat": "p3"}, {"type": "draw3"}]
    assert bot.bot_choice(view, legal, None) == {"type": "steal", "seat": "p2"}


def test_gluttony_steals_never_give_the_robbed_player_the_win_in_bot_games():
    import random

    from engine.bots import bot_choice
    handed = 0
    for seed in range(40):
        st = GAME.new(["p1", "p2", "p3"], seed, {})
        rng = random.Random(seed)
        while not st.over:
            seat, legal = next(iter(st.pending().items()))
            action = bot_choice(GAME, st.view(seat), legal, rng)
            before = dict(st.wick)
            events = st.act(seat, action)
            if action["type"] == "steal":
                victim = action["seat"]
                handed += any(e["type"] == "over" and victim in e["winners"] for e in events)
                assert not (before[victim] <= 2 and not st.hands[victim] and st.winners == [victim])
    assert handed == 0


def test_the_bot_looks_at_the_hand_after_the_effect_not_just_the_play_size():
    # Today's bot plays the biggest set: the two Envies, which draw 2 (3 cards after). A lone Sloth leaves 2.
    hand = ["EN2", "EN3", "SL5"]
    assert sorted(bot.best_set(hand)) == ["EN2", "EN3"]
    target, kind = bot._plan({"seat": "p1", "hand_sizes": {"p1": 3, "p2": 5}}, hand)
    assert target == ["SL5"] and kind == "single"


def test_the_title_shows_a_safeguard_turn_limit_only_near_it():
    """Ruling 12: 100 and 200 are safeguards, so "turn 1 of 200" would only be noise; the quick 60 is a
    limit the table chose and always shows."""
    from present.deadlies.presenter import DeadliesPresenter

    title = DeadliesPresenter()._title
    assert title({"turn_number": 1, "turn_limit": 200}).endswith("· turn 1")
    assert title({"turn_number": 191, "turn_limit": 200}).endswith("· turn 191 of 200")
    assert title({"turn_number": 1, "turn_limit": 60}).endswith("· turn 1 of 60")
    assert title({"turn_number": 3, "turn_limit": None}).endswith("· turn 3")
