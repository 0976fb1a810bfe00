"""Raven words (present/raven/presenter.py): themes, labels, board and hand Docs, prompts, the waiting
line, log lines, the result message, the rules summary."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.data import load
from engine.raven.cards import DECK
from present import fmt
from present.raven.presenter import PRESENTER as P
from tests.engine.conformance import strings_in
from tests.engine.raven_states import GAME, craft, dealt, fresh, play, seats

LONG = {s: f"A Rather Long Display Name {s}" for s in seats(6)}


def text(view: dict, names: dict | None = None) -> str:
    names = names or {}
    return fmt.plain(P.board(view, names) if view["seat"] is None else P.hand(view, names))


def said(event: dict, names: dict) -> str:
    return fmt.plain_line(P.describe(event, names) or ())


def test_labels_raven_theme():
    view = {"theme": "raven", "hand_no": 2}
    assert P.label({"type": "play", "card": "WA12"}, view) == "💧 Waters 12"
    assert P.label({"type": "play", "card": "DWARF", "suit": "SW"}, view) == "⛏️ Dwarf (calling Swords)"
    assert P.label({"type": "play", "card": "RAVEN"}, view) == "🐦‍⬛ Raven"
    assert P.label({"type": "bid", "card": "AX3"}, view) == "Bid 🪓 Axes 3 (+2)"
    assert P.label({"type": "unbid", "card": "SH3"}, view) == "Take back 🛡️ Shields 3"
    assert P.label({"type": "deal"}, view) == "Deal hand 3"


def test_labels_prophecy_theme_same_ids():
    view = {"theme": "prophecy", "hand_no": 0}
    assert P.label({"type": "play", "card": "SH7"}, view) == "☀️ Sunburst 7"
    assert P.label({"type": "play", "card": "SW7"}, view) == "🔱 Spears 7"
    assert P.label({"type": "play", "card": "AX7"}, view) == "🐍 Serpents 7"
    assert P.label({"type": "play", "card": "WA7"}, view) == "🦅 Eagles 7"
    assert P.label({"type": "play", "card": "RAVEN"}, view) == "🐆 Jaguar"
    assert P.label({"type": "play", "card": "WOLF"}, view) == "🐒 Monkey"
    assert P.label({"type": "play", "card": "SHAMAN"}, view) == "🔮 Shaman"
    assert P.label({"type": "play", "card": "DWARF", "suit": "WA"}, view) == "🦎 Lizard (calling Eagles)"


def test_theme_changes_names_not_ids():
    a = dealt(4, theme="raven", seed=3)
    b = dealt(4, theme="prophecy", seed=3)
    assert a.hands == b.hands
    text_a = text(a.view("p1"), {})
    text_b = text(b.view("p1"), {})
    assert "Shields" in text_a and "Sunburst" not in text_a
    assert "Sunburst" in text_b and "Shields" not in text_b and "Prophecy" in text_b


def test_prophecy_render_names_specialists_and_ravenclaw():
    st = craft({"p1": ["RAVEN", "DWARF"], "p2": ["WOLF", "SW2"], "p3": ["SHAMAN", "SW3"]}, hand_no=5,
               length="short", theme="prophecy")
    play(st, "p1", "RAVEN")
    shown = text(st.view("p2"), {})
    assert "🐆 Jaguar" in shown and "only trump" in shown and "🐒Monkey" in shown and "Raven" not in shown


def test_render_every_phase_stays_short():
    names = LONG
    checked = 0
    for n in (2, 6):
        st = fresh(n)
        views = [st.view(None)]
        st.act(st.dealer, {"type": "deal"})
        views += [st.view(s) for s in [None, *st.seats]]
        for s in st.seats:
            for c in [c for c in st.hands[s] if c[:2] in ("SH", "SW", "AX", "WA")][:st.cfg["bid"]]:
                st.act(s, {"type": "bid", "card": c})
        views += [st.view(s) for s in [None, *st.seats]]
        for view in views:
            doc = P.board(view, names) if view["seat"] is None else P.hand(view, names)
            assert 0 < len(fmt.markdown(doc)) <= fmt.CONTENT_LIMIT and len(fmt.plain(doc)) < 1800
            checked += 1
    assert checked


def test_render_hand_over_and_game_over():
    bids = {"p1": ["SW1", "SH1", "SH2"], "p2": ["WA1", "SH3", "SH4"], "p3": ["AX1", "SH5", "SH6"]}
    st = craft({"p1": ["SW9"], "p2": ["SW8"], "p3": ["SW7"]}, bids=bids, hand_no=8)
    for s, c in (("p1", "SW9"), ("p2", "SW8"), ("p3", "SW7")):
        play(st, s, c)
    names = {"p1": "Ann", "p2": "Bo", "p3": "Cy"}
    board = text(st.view(None), names)
    assert "Hand 8 scored" in board and "Ann bid 1, took 1: +6 ✓" in board
    assert "game over" not in board.lower() and "Waiting" not in board  # the end is said once, below
    result = fmt.plain(P.result(st.view(None), st.result(), names))
    assert result.lower().count("game over") == 1 and "Winner: Ann" in result
    assert "Ann: 6 points (1 exact bid)" in result and "exact bid" in result.split("Final scores")[1]


def test_render_shows_trick_leader_and_dwarf_call():
    st = craft({"p1": ["DWARF", "SH2"], "p2": ["SW3", "AX4"], "p3": ["SW5", "SH6"]}, hand_no=1)
    play(st, "p1", "DWARF", "SW")
    doc = P.hand(st.view("p2"), {"p1": "Ann", "p2": "Bo", "p3": "Cy"})
    assert "Ann ⛏️ Dwarf (calling Swords)" in fmt.plain(doc)
    assert "Your hand:\n⚔️3 🪓4" in fmt.plain(doc) and "**Your hand**\n⚔️3 🪓4" in fmt.markdown(doc)


@pytest.mark.parametrize("theme", ["raven", "prophecy"])
def test_describe_every_event_type(theme):
    st = fresh(3, theme=theme)
    names = {s: s.upper() for s in seats(3)}
    seen = set()
    events = st.act(st.dealer, {"type": "deal"})
    quiet = {"hand", "game_over"}  # the hand section shows the cards; the result message says the end
    while not st.over:
        for ev in events:
            assert bool(said(ev, names)) != (ev["type"] in quiet), ev
            seen.add(ev["type"])
        seat, legal = sorted(st.pending().items())[0]
        events = st.act(seat, legal[0])  # a bid, never an unbid: the hand always ends
    for ev in events:
        assert bool(said(ev, names)) != (ev["type"] in quiet), ev
        seen.add(ev["type"])
    assert seen >= {"deal", "hand", "bid", "bid_done", "play_begins", "play", "trick", "hand_scored",
                    "game_over"}


def test_describe_specific_lines():
    names = {"p1": "Ann", "p2": "Bo"}
    assert said({"type": "play", "seat": "p1", "card": "DWARF", "suit": "AX", "theme": "raven"},
                names) == "Ann plays ⛏️ Dwarf (calling Axes)."
    trick = {"type": "trick", "winner": "p2", "number": 3, "cards": []}
    assert said(trick, names) == "Bo wins trick 3."
    assert P.describe({"type": "unknown"}, names) is None


def test_first_deal_line_shows_the_dealer_draw():
    st = fresh(3)
    first = st.act(st.dealer, {"type": "deal"})[0]
    assert said(first, {}).startswith("Dealer draw: ") and " deals hand 1: " in said(first, {})
    assert not said({**first, "draw": []}, {}).startswith("Dealer draw")  # later deals have none


def test_public_events_never_show_concealed_bids():
    st = dealt(4)
    hidden = set()
    for s in st.seats:
        for c in [c for c in st.hands[s] if c[:2] in ("SH", "SW", "AX", "WA")][:3]:
            for ev in st.act(s, {"type": "bid", "card": c}):
                if ev["to"] is None:
                    assert not strings_in(ev) & set(DECK)
            hidden.add(c)
    assert not strings_in(st.view(None)) & hidden


def test_prompt_tells_each_seat_what_to_do_and_the_public_who_is_waited_for():
    # The host uses the prompt as the move menu's placeholder (150 characters at most).
    st = dealt(4)
    assert P.prompt(st.view("p1")) == "Bid: set aside 3 more suited cards face down (Shield 0, Sword 1, Axe 2, Waters 3)."
    names = {s: s.upper() for s in st.seats}
    assert fmt.plain_line(P.waiting(st.view(None), names)) == "Waiting for P1, P2, P3 and P4 to bid."
    lead = craft({"p1": ["SW2", "SHAMAN"], "p2": ["SW3", "SW4"]})
    assert "except the Shaman" in P.prompt(lead.view("p1"))
    assert fmt.plain_line(P.waiting(lead.view(None), names)) == "Waiting for P1 to play."
    assert fmt.plain(P.hand(lead.view("p2"), names)).endswith("Waiting for P1 to play.")


def test_lead_prompt_mentions_the_dwarf_only_to_its_holder():
    without = craft({"p1": ["SW2", "SH3"], "p2": ["SW3", "DWARF"]})
    assert "Dwarf" not in P.prompt(without.view("p1"))
    holder = craft({"p1": ["SW2", "DWARF"], "p2": ["SW3", "SH4"]})
    assert "Leading the Dwarf, you name the suit" in P.prompt(holder.view("p1"))


def test_rules_summary_has_rulings_and_fits():
    RULES = load("raven/rules.md")
    assert "## Rulings" in RULES and len(RULES) < 5000
    for word in ("Shaman", "Dwarf", "Wolf", "Raven", "ravenclaw", "Irregularities", "first dealer"):
        assert word.lower() in RULES.lower()


def test_refusals_use_the_theme_names():
    st = craft({"p1": ["SW9", "SH2", "SH3"], "p2": ["RAVEN", "AX4", "WOLF"]}, hand_no=2, theme="prophecy")
    play(st, "p1", "SW9")
    with pytest.raises(IllegalAction, match="only trump is the Jaguar"):
        play(st, "p2", "AX4")
    lead = craft({"p1": ["DWARF", "SH2"], "p2": ["SW3", "SW4"]}, theme="prophecy")
    with pytest.raises(IllegalAction, match="Leading the Lizard"):
        play(lead, "p1", "DWARF")
    assert "Lizard" in P.prompt(lead.view("p1"))


def test_last_hand_result_stays_on_the_board_through_the_next_hand():
    bids = {"p1": ["SW1", "SH1", "SH2"], "p2": ["WA1", "SH3", "SH4"], "p3": ["AX1", "SH5", "SH6"]}
    st = craft({"p1": ["SW9"], "p2": ["SW8"], "p3": ["SW7"]}, bids=bids, hand_no=1)
    for s, c in (("p1", "SW9"), ("p2", "SW8"), ("p3", "SW7")):
        play(st, s, c)
    st.act(st.dealer, {"type": "deal"})
    assert st.hand_no == 2 and st.phase == "bid"
    board = text(st.view(None), {"p1": "Ann", "p2": "Bo", "p3": "Cy"})
    assert "Hand 1 scored" in board and "Ann bid 1, took 1: +6 ✓" in board
