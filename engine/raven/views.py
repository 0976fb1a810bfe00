"""What one reader may see. Other seats' hands and concealed bids never appear here (counts do)."""
from __future__ import annotations

from engine.raven import tricks
from engine.raven.cards import (
    BID_VALUE, DWARF, RANK_OF, SHAMAN, SUIT_OF, THEMES, WOLF, bid_value, copy_summary,
)


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
    v["to_do"] = to_do(st, seat, st.pending())
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
        v["last_hand"] = copy_summary(st.last_hand)
    if phase == "over":
        v["result"] = st.result()
    if st.hand_no == 0:
        v["draw"] = draw_public(st.draw)
    return v


def to_do(st, seat: str | None, pend: dict) -> str:
    theme = THEMES[st.theme]
    phase = st.phase
    if phase == "over":
        return "The game is over."
    if phase in ("deal", "hand_over"):
        nxt = st.hand_no + 1
        if seat == st.dealer:
            return f"Deal hand {nxt} of {st.hands_total}."
        return f"Waiting for the dealer to deal hand {nxt}."
    if phase == "bid":
        if seat in pend:
            left = st.cfg["bid"] - len(st.bids[seat])
            values = ", ".join(f"{theme['suits'][s]['one']} {BID_VALUE[s]}" for s in BID_VALUE)
            how = "face up, as score leader" if seat in st.revealers else "face down"
            return f"Bid: set aside {left} more suited card{'s' if left != 1 else ''} {how} ({values})."
        if seat in st.locked:
            return "Your bid is locked in: waiting for the others to bid."
        if st.revealers and not st.revealed():
            return "The score leaders bid first, face up: waiting for them."
        return "Waiting for bids."
    if seat != st.turn:
        return "Waiting for your turn to play." if seat else "Waiting for the next card."
    trick = st.trick
    if tricks.is_leading(trick):
        if trick:
            return f"The {st.name(SHAMAN)} was forced to lead and calls nothing: lead any card."
        if st.hands[seat] == [SHAMAN]:
            return f"Your last card is the {st.name(SHAMAN)}: you must lead it."
        return (f"Lead any card except the {st.name(SHAMAN)}. "
                f"Leading the {st.name(DWARF)}, you name the suit it calls for.")
    if st.led:
        return f"Play a card: follow {theme['suits'][st.led]['name']} if you can, or play a specialist."
    if st.wolf:
        return (f"The {st.name(WOLF)} calls for a non-trump suit: play a non-trump card if you can, "
                "or a specialist.")
    return "Play any card."
