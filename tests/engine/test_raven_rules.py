"""Raven set-up, bidding, revealed bids, scoring and the end of the game."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.raven.cards import DECK, RANK_OF, SPECIALISTS, SUIT_OF, bid_value
from engine.raven.state import draw_for_dealer
from engine.rng import Rng
from tests.engine.conformance import strings_in
from tests.engine.raven_states import GAME, craft, dealt, fresh, play, seats
from tests.present import words

SIZES = {2: (17, 4, 13, 26), 3: (17, 3, 14, 9), 4: (15, 3, 12, 0), 5: (12, 2, 10, 0), 6: (10, 2, 8, 0)}


# ---- deck and deal -------------------------------------------------------------------------------

def test_deck_is_56_suited_cards_and_4_specialists():
    assert len(DECK) == len(set(DECK)) == 60
    assert sum(SUIT_OF[c] is not None for c in DECK) == 56
    assert set(SPECIALISTS) == {"RAVEN", "WOLF", "SHAMAN", "DWARF"}
    for suit in ("SH", "SW", "AX", "WA"):
        assert sorted(RANK_OF[c] for c in DECK if SUIT_OF[c] == suit) == list(range(1, 15))


@pytest.mark.parametrize("n", range(2, 7))
def test_deal_sizes_bid_sizes_and_tricks_per_player_count(n):
    hand, bid, tricks, undealt = SIZES[n]
    st = dealt(n)
    assert {len(h) for h in st.hands.values()} == {hand}
    assert len(st.undealt) == undealt
    assert st.cfg["bid"] == bid
    assert hand - bid == tricks
    assert set(st.pending()) == set(seats(n))  # hand 1: everyone bids at once, concealed


def test_undealt_cards_are_in_nobodys_view():
    st = dealt(3)
    assert len(st.undealt) == 9
    for reader in [None, *seats(3)]:
        assert not strings_in(st.view(reader)) & set(st.undealt)


def test_other_hands_are_hidden_and_counts_are_public():
    st = dealt(4)
    view = st.view("p1")
    assert view["hand"] == st.hands["p1"]
    for other in ("p2", "p3", "p4"):
        assert not strings_in(view) & set(st.hands[other])
    assert view["hand_counts"] == [15, 15, 15, 15]
    assert "hand" not in st.view(None)


def test_deal_event_is_public_and_each_hand_private():
    st = fresh(4)
    events = st.act(st.dealer, {"type": "deal"})
    public = [e for e in events if e["to"] is None]
    assert public[0]["type"] == "deal" and public[0]["dealer"] == st.dealer
    assert not strings_in(public) & set(DECK)
    private = {e["to"]: e["cards"] for e in events if e["type"] == "hand"}
    assert private == st.hands


def test_only_the_dealer_deals():
    st = fresh(4)
    other = next(s for s in seats(4) if s != st.dealer)
    with pytest.raises(IllegalAction, match="dealer"):
        st.act(other, {"type": "deal"})


# ---- first dealer --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(200))
def test_dealer_draw_highest_suited_card_deals(seed):
    ss = seats(2 + seed % 5)
    dealer, rounds = draw_for_dealer(ss, Rng(seed))
    contenders = ss
    for k, rnd in enumerate(rounds):
        drawn = dict(zip(rnd[0::2], rnd[1::2]))
        assert list(drawn) == contenders  # only players tied for the top draw again
        best = max(RANK_OF[c] for c in drawn.values())  # specialists count 0: below every suited card
        top = [s for s, c in drawn.items() if RANK_OF[c] == best]
        if k < len(rounds) - 1:
            assert len(top) > 1
            contenders = top
        else:
            assert top == [dealer]


def test_dealer_draw_ties_redraw_and_specialists_never_win():
    seen_redraw = False
    for seed in range(300):
        dealer, rounds = draw_for_dealer(seats(6), Rng(seed))
        final = dict(zip(rounds[-1][0::2], rounds[-1][1::2]))
        assert SUIT_OF[final[dealer]] is not None
        seen_redraw |= len(rounds) > 1
    assert seen_redraw


def test_dealer_draw_is_public_and_first_leader_is_left_of_dealer():
    st = fresh(4, seed=7)
    view = st.view(None)
    assert view["draw"] and view["dealer"] == st.dealer
    assert "Dealer draw" in words.render(GAME, view, {})
    events = st.act(st.dealer, {"type": "deal"})
    assert events[0]["draw"] == view["draw"]
    for s in seats(4):
        for c in [c for c in st.hands[s] if SUIT_OF[c]][:3]:
            st.act(s, {"type": "bid", "card": c})
    assert st.phase == "play" and st.turn == st.left_of(st.dealer)


def test_deal_rotates_left():
    st = craft({s: [] for s in seats(4)}, phase="hand_over", hand_no=1, dealer="p4")
    st.act("p4", {"type": "deal"})
    assert st.dealer == "p4" and st.hand_no == 2
    st2 = craft({"p1": ["SW2"], "p2": ["SW3"], "p3": ["SW4"], "p4": ["SW5"]}, hand_no=2, dealer="p4")
    for s, c in zip(seats(4), ["SW2", "SW3", "SW4", "SW5"]):
        play(st2, s, c)
    assert st2.phase == "hand_over" and st2.dealer == "p1"  # next seat in seat order
    assert st2.pending() == {"p1": [{"type": "deal"}]}


# ---- bidding -------------------------------------------------------------------------------------

def _bid_state(p1_hand: list[str], n: int = 4):
    others = [c for c in DECK if c not in p1_hand and SUIT_OF[c]]
    hands = {"p1": p1_hand}
    for i, s in enumerate(seats(n)[1:]):
        hands[s] = others[i * 5:(i + 1) * 5]
    return craft(hands, phase="bid", locked=[])


@pytest.mark.parametrize("bid", [
    ["SW2", "SW7", "SW11"],    # any 3 Swords: 1 + 1 + 1
    ["SH3", "SH9", "WA1"],     # any 2 Shields and any 1 Waters: 0 + 0 + 3
    ["SH14", "SW1", "AX6"],    # one Shield, one Sword, one Axe: 0 + 1 + 2
])
def test_rulebook_bid_examples_are_all_three(bid):
    st = _bid_state(bid + ["RAVEN", "AX2"])
    for c in bid:
        st.act("p1", {"type": "bid", "card": c})
    assert st.view("p1")["my_bid_value"] == 3
    assert bid_value(st.bids["p1"]) == 3
    assert "p1" in st.locked


def test_bid_cards_are_suited_only():
    st = _bid_state(["SW2", "RAVEN", "WOLF", "SHAMAN", "DWARF", "AX3"])
    offered = {a["card"] for a in st.pending()["p1"] if a["type"] == "bid"}
    assert offered == {"SW2", "AX3"}
    with pytest.raises(IllegalAction, match="suited cards only"):
        st.act("p1", {"type": "bid", "card": "RAVEN"})


def test_bid_cards_can_be_taken_back_until_the_bid_is_complete():
    st = _bid_state(["SW2", "SW3", "SW4", "AX3", "WA9"])
    st.act("p1", {"type": "bid", "card": "SW2"})
    st.act("p1", {"type": "bid", "card": "WA9"})
    assert {"type": "unbid", "card": "WA9"} in st.pending()["p1"]
    st.act("p1", {"type": "unbid", "card": "WA9"})
    assert st.hands["p1"] == ["SW3", "SW4", "AX3", "WA9"]
    assert st.view(None)["bid_counts"][0] == 1
    st.act("p1", {"type": "bid", "card": "SW3"})
    events = st.act("p1", {"type": "bid", "card": "SW4"})
    assert {"type": "bid_done", "to": None, "seat": "p1", "face_up": False} in events
    assert "p1" not in st.pending()  # locked
    with pytest.raises(IllegalAction, match="locked"):
        st.act("p1", {"type": "unbid", "card": "SW4"})


def test_concealed_bids_are_private_until_scoring():
    st = _bid_state(["SW2", "SW3", "SW4", "AX3", "WA9"])
    st.act("p1", {"type": "bid", "card": "SW2"})
    assert "SW2" in st.view("p1")["my_bid"]
    for reader in (None, "p2", "p3", "p4"):
        assert "SW2" not in strings_in(st.view(reader))
    assert st.view("p2")["bid_counts"] == [1, 0, 0, 0]


@pytest.mark.parametrize("n", range(2, 7))
def test_a_legal_bid_always_exists(n):
    # At most 4 specialists in a hand of 10+ cards leaves 6+ suited cards; a bid needs at most 4.
    hand, bid, _, _ = SIZES[n]
    assert hand - len(SPECIALISTS) >= bid
    for seed in range(30):
        st = dealt(n, seed=seed)
        for s in st.seats:
            assert sum(SUIT_OF[c] is not None for c in st.hands[s]) >= bid


# ---- revealed bids -------------------------------------------------------------------------------

def _next_hand(n: int, hand_no: int, scores: dict, length: str = "standard"):
    st = craft({s: [] for s in seats(n)}, phase="hand_over", hand_no=hand_no, scores=scores, length=length,
               dealer="p1")
    events = st.act("p1", {"type": "deal"})
    return st, events


def _bid_all(st, seat: str) -> list[dict]:
    events = []
    for c in [c for c in st.hands[seat] if SUIT_OF[c]][:st.cfg["bid"]]:
        events += st.act(seat, {"type": "bid", "card": c})
    return events


def test_score_leader_bids_first_face_up():
    st, events = _next_hand(4, 1, {"p1": 3, "p2": 9, "p3": 1, "p4": 0})
    assert events[0]["revealers"] == ["p2"]
    assert list(st.pending()) == ["p2"]
    first = next(c for c in st.hands["p1"] if SUIT_OF[c])
    with pytest.raises(IllegalAction, match="leaders bid first"):
        st.act("p1", {"type": "bid", "card": first})
    events = _bid_all(st, "p2")
    revealed = [e for e in events if e["type"] == "bids_revealed"]
    assert revealed and revealed[0]["to"] is None and revealed[0]["bids"] == {"p2": st.bids["p2"]}
    assert set(st.pending()) == {"p1", "p3", "p4"}  # then the others bid, concealed
    for reader in (None, "p1", "p3"):
        assert st.view(reader)["revealed_bids"] == {"p2": st.bids["p2"]}
    for s in ("p1", "p3", "p4"):
        _bid_all(st, s)
    assert st.phase == "play"
    assert st.view("p4")["revealed_bids"] == {"p2": st.bids["p2"]}  # face up for the whole hand
    assert not strings_in(st.view("p4")) & set(st.bids["p1"])


def test_tied_leaders_bid_simultaneously_and_are_revealed_together():
    st, events = _next_hand(5, 2, {"p1": 9, "p2": 4, "p3": 9, "p4": 0, "p5": 2})
    assert set(st.pending()) == {"p1", "p3"}
    events = _bid_all(st, "p1")
    assert not [e for e in events if e["type"] == "bids_revealed"]
    assert "revealed_bids" not in st.view("p2")
    assert not strings_in(st.view("p3")) & set(st.bids["p1"])
    assert set(st.pending()) == {"p3"}
    events = _bid_all(st, "p3")
    revealed = [e for e in events if e["type"] == "bids_revealed"]
    assert set(revealed[0]["bids"]) == {"p1", "p3"}
    assert set(st.pending()) == {"p2", "p4", "p5"}


def test_everyone_tied_means_everyone_bids_face_up():
    st, _ = _next_hand(3, 1, {"p1": 5, "p2": 5, "p3": 5})
    assert st.revealers == ["p1", "p2", "p3"] and set(st.pending()) == {"p1", "p2", "p3"}
    _bid_all(st, "p1")
    _bid_all(st, "p2")
    events = _bid_all(st, "p3")
    kinds = [e["type"] for e in events]
    assert kinds.index("bids_revealed") < kinds.index("play_begins")
    assert set(st.view(None)["revealed_bids"]) == {"p1", "p2", "p3"}


@pytest.mark.parametrize("length,last_hand", [("standard", 8), ("short", 5)])
def test_no_revealed_bids_on_the_final_hand(length, last_hand):
    st, events = _next_hand(4, last_hand - 1, {"p1": 9, "p2": 0, "p3": 0, "p4": 0}, length=length)
    assert st.hand_no == last_hand and events[0]["revealers"] == []
    assert set(st.pending()) == set(seats(4))


def test_no_revealed_bids_with_two_players_or_in_the_first_hand():
    st, events = _next_hand(2, 1, {"p1": 9, "p2": 0})
    assert events[0]["revealers"] == [] and set(st.pending()) == {"p1", "p2"}
    assert dealt(4).revealers == []


# ---- scoring and winning -------------------------------------------------------------------------

@pytest.mark.parametrize("n,bonus", [(2, 6), (3, 5), (4, 5), (5, 4), (6, 3)])
def test_exact_bid_bonus_by_player_count(n, bonus):
    bid_size = SIZES[n][1]
    waters = iter(c for c in DECK if SUIT_OF[c] == "WA")
    bids = {"p1": ["SW1"] + [f"SH{k}" for k in range(1, bid_size)]}  # p1 bids 1
    for s in seats(n)[1:]:
        bids[s] = [next(waters) for _ in range(bid_size)]  # 3+ per card: a zero-trick hand misses it
    used = {c for b in bids.values() for c in b}
    cards = ["SW14"] + [c for c in DECK if SUIT_OF[c] == "AX"][:n - 1]
    assert not used & set(cards)
    st = craft({s: [c] for s, c in zip(seats(n), cards)}, bids=bids, hand_no=2)
    for s, c in zip(seats(n), cards):
        play(st, s, c)
    assert st.last_hand["bids"]["p1"] == 1 and st.last_hand["tricks"]["p1"] == 1
    assert st.scores["p1"] == 1 + bonus and st.bonuses["p1"] == 1
    assert all(st.scores[s] == 0 and st.bonuses[s] == 0 for s in seats(n)[1:])


def test_hand_scored_reveals_every_bid():
    bids = {"p1": ["SW1", "SH1", "SH2"], "p2": ["WA1", "SH3", "SH4"], "p3": ["AX1", "SH5", "SH6"]}
    st = craft({"p1": ["SW9"], "p2": ["SW8"], "p3": ["SW7"]}, bids=bids, hand_no=1)
    play(st, "p1", "SW9")
    play(st, "p2", "SW8")
    events = play(st, "p3", "SW7")
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["to"] is None and scored["bid_cards"] == bids
    assert scored["bids"] == {"p1": 1, "p2": 3, "p3": 2}
    assert st.view(None)["revealed_bids"] == bids


def _final_trick(scores: dict, bonuses: dict):
    st = craft({"p1": ["SW9"], "p2": ["SW8"], "p3": ["SW7"]}, hand_no=8, scores=scores, bonuses=bonuses,
               bids={s: [f"WA{i}", f"WA{i + 3}", f"WA{i + 6}"] for i, s in enumerate(seats(3), 1)})
    events = []
    for s, c in (("p1", "SW9"), ("p2", "SW8"), ("p3", "SW7")):
        events += play(st, s, c)
    return st, events


def test_game_ends_after_the_last_hand_most_points_wins():
    st, events = _final_trick({"p1": 30, "p2": 20, "p3": 10}, {"p1": 0, "p2": 3, "p3": 1})
    assert st.over and st.pending() == {}
    assert st.result()["winners"] == ["p1"] and st.result()["scores"]["p1"] == 31
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == ["p1"]


def test_tie_on_points_goes_to_most_bonuses():
    st, _ = _final_trick({"p1": 29, "p2": 30, "p3": 10}, {"p1": 1, "p2": 2, "p3": 4})
    assert st.result()["scores"]["p1"] == st.result()["scores"]["p2"] == 30
    assert st.result()["winners"] == ["p2"]


def test_still_tied_all_tied_players_win():
    st, _ = _final_trick({"p1": 29, "p2": 30, "p3": 10}, {"p1": 2, "p2": 2, "p3": 4})
    assert st.result()["winners"] == ["p1", "p2"]


@pytest.mark.parametrize("length,hands", [("standard", 8), ("short", 5)])
def test_game_length_and_trump_order(length, hands):
    order = {"standard": ["SH", "SW", "AX", "WA", "WA", "AX", "SW", "SH"],
             "short": ["SH", "SW", "AX", "WA", None]}[length]
    st = fresh(3, length=length)
    assert st.hands_total == hands
    for k, trump in enumerate(order, 1):
        assert craft({"p1": ["SW2"], "p2": ["SW3"]}, hand_no=k, length=length).trump == trump


def test_options_are_validated():
    with pytest.raises(IllegalAction):
        GAME.new(seats(4), 1, {"length": "long"})
    with pytest.raises(IllegalAction):
        GAME.new(seats(7), 1, {})


def test_a_last_card_is_obvious_to_everyone_and_nothing_else_is():
    """The public decision says `obvious` exactly when the seat to play holds one card (hand sizes are
    public), so a host may play it without telling anyone anything new; a lone legal card among several in
    hand is never marked (that it was the only one depends on the hidden hand)."""
    import random

    from engine import GAMES
    from engine.bots import bot_choice
    from engine.raven.cards import DWARF

    game = GAMES["raven"]
    seen = {True: 0, False: 0}
    for seed in range(3):
        state = game.new(["p1", "p2", "p3", "p4"], seed, None)
        rng = random.Random(seed)
        while not state.over:
            seat, legal = next(iter(state.pending().items()))
            public = state.view(None)
            d = public["decision"]
            if d["about"] in ("lead", "follow"):
                last = public["hand_counts"][public["seats"].index(seat)] == 1
                assert d.get("obvious", False) == last
                assert state.view(seat)["decision"] == d
                if last:  # one card: one move, but for a Dwarf led, which names its suit
                    assert len(legal) == 1 or {a["card"] for a in legal} == {DWARF}
                seen[last] += 1
            state.act(seat, bot_choice(game, state.view(seat), legal, rng))
    assert seen[True] == 3 * 8 * 4 and seen[False] > 0
