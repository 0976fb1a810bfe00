"""What one reader may see. Other seats' hands and concealed bids never appear here (counts do)."""
from __future__ import annotations

from engine.core import decision
from engine.raven import tricks
from engine.raven.cards import RANK_OF, SUIT_OF, bid_value, copy_summary


def draw_public(rounds: list) -> list:
    # The draw is shown as suit + number (or the specialist's kind), not as a card id: those cards went
    # back into the deck, so the same ids may now sit in someone's hidden hand.
    return [[[r[i], SUIT_OF[r[i + 1]], RANK_OF[r[i + 1]], None if SUIT_OF[r[i + 1]] else r[i + 1].lower()]
             for i in range(0, len(r), 2)] for r in rounds]


def build_view(st, seat: str | None) -> dict:
    """trump is None in the ravenclaw round. Per-player numbers are lists in `seats` order: scores,
    tricks, hand_counts, bid_counts, and bonuses (exact bids so far, the tie-break; shown between hands).
    Keys depend on the phase so each view carries only what matters now. Views are read-only snapshots:
    those built between two actions share their public part (built once, since every reader's view is
    rebuilt after every action)."""
    pub = st._public
    if pub is None:
        pub = st._public = _public(st)
    v = dict(pub)
    v["seat"] = seat
    if seat in st.hands and (st.phase == "bid" or st.phase == "play"):
        bids = st.bids[seat]
        v["hand"] = list(st.hands[seat])
        v["my_bid"] = list(bids)
        v["my_bid_value"] = bid_value(bids)
    return v


def _public(st) -> dict:
    seats = st.seats
    phase = st.phase
    scores, bonuses = st.scores, st.bonuses
    v = {
        "seats": list(seats), "theme": st.theme, "hand_no": st.hand_no, "hands_total": len(st.trumps),
        "trump": st.trump, "dealer": st.dealer, "phase": phase, "turn": list(st.pending()),
        "scores": [scores[s] for s in seats],
    }
    if phase == "bid" or phase == "play":
        hands, bids = st.hands, st.bids
        v["hand_counts"] = [len(hands[s]) for s in seats]
        v["bid_size"] = st.cfg["bid"]  # in play everyone has exactly this many cards set aside
        if phase == "bid":
            v["bid_counts"] = [len(bids[s]) for s in seats]
            v["bids_locked"] = list(st.locked)
            v["revealers"] = list(st.revealers)
        if st.revealers and st.revealed():
            shown = {s: list(bids[s]) for s in st.revealers}
            v["revealed_bids"] = shown
            v["revealed_values"] = {s: bid_value(c) for s, c in shown.items()}
    if phase != "bid" and phase != "deal":
        v["tricks"] = [st.tricks[s] for s in seats]
        if st.trick:
            v["trick"] = list(st.trick)
            v["leader"] = st.leader
            if st.led:
                v["led"] = st.led
            if st.called:
                v["called"] = st.called
            if st.wolf:
                v["wolf"] = True
        if st.last_trick:
            v["last_trick"] = list(st.last_trick)
            v["last_leader"] = st.last_leader
            v["last_winner"] = st.last_winner
            if st.last_called:
                v["last_called"] = st.last_called
    if phase == "hand_over" or phase == "over":
        # Exact bids made so far (the tie-break) change only when a hand is scored: shown then.
        v["bonuses"] = [bonuses[s] for s in seats]
    if phase == "hand_over" or phase == "over":
        # Scored: every bid is face up now.
        v["revealed_bids"] = {s: list(st.bids[s]) for s in seats}
        v["revealed_values"] = {s: bid_value(st.bids[s]) for s in seats}
    if st.last_hand:  # the last result stays on the board until the next hand is scored
        v["last_hand"] = copy_summary(st.last_hand)
    if phase == "over":
        v["result"] = st.result()
    if st.hand_no == 0:
        v["draw"] = draw_public(st.draw)  # the first deal's event carries it on into the log
    v["decision"] = _decision(st)
    return v


def _decision(st) -> dict:
    """What the table decides now. Every seat named here is public: the dealer, the seats whose bids are not
    locked yet (bid counts are public), the one seat whose turn it is to play."""
    phase = st.phase
    if phase == "over":
        return decision("over", [])
    if phase in ("deal", "hand_over"):
        return decision("deal", [st.dealer], hand=st.hand_no + 1)
    if phase == "bid":
        return decision("bid", sorted(st.pending(), key=st.seats.index),
                        leaders_first=bool(st.revealers and not st.revealed()))
    trick = st.trick
    # Hand sizes are public. A last Dwarf led still names its suit: the host waits for that choice.
    last = {"obvious": True} if len(st.hands[st.turn]) == 1 else {}
    if tricks.is_leading(trick):
        return decision("lead", [st.turn], forced_shaman=bool(trick), **last)
    return decision("follow", [st.turn], led=st.led, wolf=st.wolf, **last)
