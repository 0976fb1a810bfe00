"""One game of Raven: plain lists and dicts of card ids, mutated only through act()."""
from __future__ import annotations

from engine.core import IllegalAction
from engine.rng import Rng
from engine.raven import tricks
from engine.raven.views import build_view, draw_public
from engine.raven.cards import (
    DECK, DWARF, ORDER, PLAYER_COUNTS, RANK_OF, RAVEN, SHAMAN, SUIT_OF, SUITS, THEMES, TRUMPS, WOLF,
    bid_value, copy_summary,
)

_LISTS = ("seats", "locked", "revealers", "undealt", "trick", "last_trick", "taken")
_SEAT_LISTS = ("hands", "bids")
_SEAT_INTS = ("tricks", "scores", "bonuses")
_SCALARS = ("length", "theme", "rng", "hand_no", "dealer", "phase", "leader", "led", "called", "wolf", "turn",
            "last_leader", "last_called", "last_winner", "last_hand")


def draw_for_dealer(seats: list[str], rng: Rng) -> tuple[str, list]:
    """Everyone draws; highest suited number deals. Specialists count 0; tied leaders redraw (ruling)."""
    rounds: list = []
    contenders = list(seats)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        drawn = deck[:len(contenders)]
        rounds.append([x for pair in zip(contenders, drawn) for x in pair])  # seat, card, seat, card...
        best = max(RANK_OF[c] for c in drawn)
        contenders = [s for s, c in zip(contenders, drawn) if RANK_OF[c] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


class RavenState:
    """Fields (to_json gives them as plain JSON):
    - hands / bids: seat -> card ids (bids: the cards set aside this hand); locked: seats whose bid is
      complete; revealers: the score leaders who bid face up this hand;
    - trick: the current trick's cards in play order from `leader`; led / called / wolf: see tricks.py;
    - last_trick / last_leader / last_called / last_winner: the previous trick, shown until the next lead;
    - taken: every card won in a trick this hand (one pile; `tricks` counts who won how many);
    - undealt: the cards nobody holds (2-3 players), or the whole deck before the first deal;
    - draw: the first-dealer draw per round (seat, card, seat, card...), kept until the first deal;
    - last_hand: the summary of the last hand scored (kept through the next hand, so nobody misses it),
      else None."""

    __slots__ = _LISTS + _SEAT_LISTS + _SEAT_INTS + _SCALARS + ("draw", "_pending", "_public", "cfg",
                                                                 "trumps")

    def __init__(self, d: dict) -> None:
        self.seats, self.locked, self.revealers = list(d["seats"]), list(d["locked"]), list(d["revealers"])
        self.undealt, self.trick = list(d["undealt"]), list(d["trick"])
        self.last_trick = list(d["last_trick"])
        self.taken = list(d["taken"])
        self.hands = {s: list(v) for s, v in d["hands"].items()}
        self.bids = {s: list(v) for s, v in d["bids"].items()}
        self.tricks, self.scores, self.bonuses = dict(d["tricks"]), dict(d["scores"]), dict(d["bonuses"])
        self.length, self.theme, self.rng, self.hand_no = d["length"], d["theme"], d["rng"], d["hand_no"]
        self.dealer, self.phase, self.leader, self.led = d["dealer"], d["phase"], d["leader"], d["led"]
        self.called, self.wolf, self.turn = d["called"], d["wolf"], d["turn"]
        self.last_leader = d["last_leader"]
        self.last_called, self.last_winner = d["last_called"], d["last_winner"]
        last = d["last_hand"]
        self.last_hand = None if last is None else copy_summary(last)
        self.draw = [list(r) for r in d["draw"]]
        self._pending = self._public = None
        self.cfg = PLAYER_COUNTS[len(self.seats)]
        self.trumps = TRUMPS[self.length]

    @classmethod
    def new(cls, seats: list[str], seed: int, options: dict) -> "RavenState":
        rng = Rng(seed)
        dealer, rounds = draw_for_dealer(seats, rng)
        empty = {s: [] for s in seats}
        zero = {s: 0 for s in seats}
        return cls({
            "seats": seats, "length": options["length"], "theme": options["theme"], "rng": rng.state,
            "hand_no": 0, "dealer": dealer, "phase": "deal", "draw": rounds,
            "hands": empty, "bids": empty, "taken": [], "locked": [], "revealers": [],
            "trick": [], "leader": None, "led": None, "called": None, "wolf": False, "turn": None,
            "last_trick": [], "last_leader": None, "last_called": None, "last_winner": None,
            "undealt": list(DECK), "tricks": zero, "scores": zero, "bonuses": zero, "last_hand": None,
        })

    def to_json(self) -> dict:
        last = self.last_hand
        return {
            "seats": list(self.seats), "length": self.length, "theme": self.theme, "rng": self.rng,
            "hand_no": self.hand_no, "dealer": self.dealer, "phase": self.phase,
            "draw": [list(r) for r in self.draw],
            "hands": {s: list(v) for s, v in self.hands.items()},
            "bids": {s: list(v) for s, v in self.bids.items()},
            "taken": list(self.taken), "locked": list(self.locked), "revealers": list(self.revealers),
            "trick": list(self.trick), "leader": self.leader, "led": self.led, "called": self.called,
            "wolf": self.wolf, "turn": self.turn, "last_trick": list(self.last_trick),
            "last_leader": self.last_leader, "last_called": self.last_called,
            "last_winner": self.last_winner, "undealt": list(self.undealt),
            "tricks": dict(self.tricks), "scores": dict(self.scores), "bonuses": dict(self.bonuses),
            "last_hand": None if last is None else copy_summary(last),
        }

    def json_view(self) -> dict:
        """What to_json() gives, but sharing this state's lists and dicts instead of copying them (the copies
        were two thirds of to_json). For encoding at once, as the host's commit does; never to keep or change."""
        return {
            "seats": self.seats, "length": self.length, "theme": self.theme, "rng": self.rng,
            "hand_no": self.hand_no, "dealer": self.dealer, "phase": self.phase, "draw": self.draw,
            "hands": self.hands, "bids": self.bids, "taken": self.taken, "locked": self.locked,
            "revealers": self.revealers, "trick": self.trick, "leader": self.leader, "led": self.led,
            "called": self.called, "wolf": self.wolf, "turn": self.turn, "last_trick": self.last_trick,
            "last_leader": self.last_leader, "last_called": self.last_called, "last_winner": self.last_winner,
            "undealt": self.undealt, "tricks": self.tricks, "scores": self.scores, "bonuses": self.bonuses,
            "last_hand": self.last_hand,
        }

    # ---- derived facts -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def hands_total(self) -> int:
        return len(self.trumps)

    @property
    def trump(self) -> str | None:
        """Trump of the current hand (of hand 1 before the first deal); None in the ravenclaw round."""
        return self.trumps[self.hand_no - 1 if self.hand_no else 0]

    @property
    def ravenclaw(self) -> bool:
        return self.trump is None

    def left_of(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def revealed(self) -> bool:
        """True once every leader who bids face up has finished (their bids are then public)."""
        return bool(self.revealers) and all(s in self.locked for s in self.revealers)

    def bidders(self) -> list[str]:
        if self.revealers and not self.revealed():
            return [s for s in self.revealers if s not in self.locked]
        return [s for s in self.seats if s not in self.locked]

    def name(self, card_or_suit: str) -> str:
        """The theme's name for a suit id or a specialist id."""
        theme = THEMES[self.theme]
        if card_or_suit in theme["suits"]:
            return theme["suits"][card_or_suit]["name"]
        return theme["specialists"][card_or_suit]["name"]

    # ---- the contract --------------------------------------------------------------------------
    def pending(self) -> dict[str, list[dict]]:
        if self._pending is None:
            self._pending = self._compute_pending()
        return self._pending

    def _compute_pending(self) -> dict[str, list[dict]]:
        if self.phase in ("deal", "hand_over"):
            return {self.dealer: [{"type": "deal"}]}
        if self.phase == "bid":
            out = {}
            for s in self.bidders():
                hand, chosen = self.hands[s], self.bids[s]
                acts = [{"type": "bid", "card": c} for c in hand if SUIT_OF[c] is not None]
                acts += [{"type": "unbid", "card": c} for c in chosen]
                out[s] = acts
            return out
        if self.phase == "play":
            return {self.turn: tricks.legal_plays(self.hands[self.turn], self.trick, self.led, self.wolf,
                                                  self.trump)}
        return {}

    def act(self, seat: str, action: dict) -> list[dict]:
        legal = self.pending().get(seat)
        if not legal or action not in legal:
            raise IllegalAction(self._why_not(seat, action, legal))
        kind = action["type"]
        self._pending = self._public = None
        if kind == "deal":
            events = self._deal()
        elif kind == "bid":
            events = self._bid(seat, action["card"])
        elif kind == "unbid":
            self.bids[seat].remove(action["card"])
            self.hands[seat].append(action["card"])
            self.hands[seat].sort(key=ORDER.__getitem__)
            events = [{"type": "unbid", "to": seat, "seat": seat, "card": action["card"],
                       "theme": self.theme}]
        else:
            events = self._play(seat, action["card"], action.get("suit"))
        return events

    def _why_not(self, seat: str, action: dict, legal: list | None) -> str:
        if not isinstance(action, dict):
            return "That move isn't allowed right now."
        kind = action.get("type")
        if seat not in self.seats:
            return "You are not playing in this game."
        if self.phase == "over":
            return "The game is over."
        if not legal:
            if self.phase in ("deal", "hand_over"):
                return "Waiting for the dealer to deal the next hand."
            if self.phase == "bid":
                if seat in self.locked:
                    return "Your bid is already locked in."
                return "The score leaders bid first, face up: wait for them."
            return "It isn't your turn to play."
        card = action.get("card")
        if kind == "bid" and self.phase == "bid":
            if card in (RAVEN, WOLF, SHAMAN, DWARF):  # the specialists
                return "Bids use suited cards only, not specialists."
            if card not in self.hands[seat]:
                return "That card is not in your hand."
        if kind == "unbid" and self.phase == "bid" and card not in self.bids[seat]:
            return "That card is not in your bid."
        if kind == "play" and self.phase == "play" and isinstance(card, str):
            msg = tricks.follow_problem(self.hands[seat], self.trick, self.led, self.wolf, self.trump,
                                        card, self.name)
            if msg:
                return msg
            if card == DWARF and tricks.is_leading(self.trick) and action.get("suit") not in SUITS:
                return f"Leading the {self.name(DWARF)}: name the suit it calls for."
        return "That move isn't allowed right now."

    # ---- steps ---------------------------------------------------------------------------------
    def _deal(self) -> list[dict]:
        rng = Rng(self.rng)
        deck = list(DECK)
        rng.shuffle(deck)
        self.rng = rng.state
        self.hand_no += 1
        n, size = len(self.seats), self.cfg["hand"]
        first = self.seats.index(self.dealer) + 1
        order = [self.seats[(first + k) % n] for k in range(n)]
        self.hands = {s: sorted(deck[k * size:(k + 1) * size], key=ORDER.__getitem__)
                      for k, s in enumerate(order)}
        self.undealt = deck[n * size:]
        self.bids = {s: [] for s in self.seats}
        self.taken = []
        self.tricks = {s: 0 for s in self.seats}
        self.locked, self.trick, self.last_trick = [], [], []  # last_hand stays: shown until the next is scored
        self.led = self.called = self.last_winner = self.turn = None
        self.leader = self.last_leader = self.last_called = None
        self.wolf = False
        self.phase = "bid"
        self.revealers = []
        if self.cfg["revealed_bids"] and 1 < self.hand_no < self.hands_total:
            top = max(self.scores.values())
            self.revealers = [s for s in self.seats if self.scores[s] == top]
        events = [{"type": "deal", "to": None, "hand": self.hand_no, "dealer": self.dealer,
                   "trump": self.trump, "revealers": list(self.revealers), "theme": self.theme}]
        if self.hand_no == 1:
            events[0]["draw"] = draw_public(self.draw)
            self.draw = []  # shown in this event; no longer needed on the board
        events += [{"type": "hand", "to": s, "cards": list(self.hands[s]), "theme": self.theme}
                   for s in self.seats]
        return events

    def _bid(self, seat: str, card: str) -> list[dict]:
        self.hands[seat].remove(card)
        self.bids[seat].append(card)
        self.bids[seat].sort(key=ORDER.__getitem__)
        events = [{"type": "bid", "to": seat, "seat": seat, "card": card, "theme": self.theme}]
        if len(self.bids[seat]) < self.cfg["bid"]:
            return events
        was_revealed = self.revealed()
        self.locked.append(seat)
        events.append({"type": "bid_done", "to": None, "seat": seat,
                       "face_up": seat in self.revealers})
        if self.revealers and not was_revealed and self.revealed():
            events.append({"type": "bids_revealed", "to": None, "theme": self.theme,
                           "bids": {s: list(self.bids[s]) for s in self.revealers},
                           "values": {s: bid_value(self.bids[s]) for s in self.revealers}})
        if len(self.locked) == len(self.seats):
            self.phase = "play"
            self.turn = self.left_of(self.dealer)
            events.append({"type": "play_begins", "to": None, "leader": self.turn})
        return events

    def _play(self, seat: str, card: str, suit: str | None) -> list[dict]:
        leading = tricks.is_leading(self.trick)
        if not self.trick:
            self.leader = seat
            self.last_trick, self.last_winner, self.last_leader, self.last_called = [], None, None, None
        self.hands[seat].remove(card)
        self.trick.append(card)
        event = {"type": "play", "to": None, "seat": seat, "card": card, "theme": self.theme}
        if leading:
            if card == DWARF:
                self.led = self.called = suit
                event["suit"] = suit
            elif card == WOLF:
                self.wolf = True
            elif card == RAVEN:
                self.led = self.trump  # None in the ravenclaw round: no led suit
            elif card != SHAMAN:
                self.led = SUIT_OF[card]
        elif self.wolf and SUIT_OF[card] is not None and SUIT_OF[card] != self.trump:
            self.led, self.wolf = SUIT_OF[card], False  # the first non-trump suited card sets the suit
            event["sets_suit"] = self.led
        events = [event]
        if len(self.trick) < len(self.seats):
            self.turn = self.left_of(seat)
            return events
        n, first = len(self.seats), self.seats.index(self.leader)
        win = self.seats[(first + tricks.winner_index(self.trick, self.led, self.called, self.trump)) % n]
        self.tricks[win] += 1
        self.taken.extend(self.trick)
        events.append({"type": "trick", "to": None, "winner": win, "leader": self.leader,
                       "cards": list(self.trick), "theme": self.theme, "number": sum(self.tricks.values())})
        self.last_trick, self.last_winner, self.last_leader = self.trick, win, self.leader
        self.last_called = self.called
        self.trick, self.leader, self.led, self.called, self.wolf = [], None, None, None, False
        self.turn = win
        if not self.hands[win]:
            events += self._score()
        return events

    def _score(self) -> list[dict]:
        bonus = self.cfg["bonus"]
        bids = {s: bid_value(self.bids[s]) for s in self.seats}
        points, made = {}, []
        for s in self.seats:
            ok = self.tricks[s] == bids[s]
            points[s] = self.tricks[s] + (bonus if ok else 0)
            self.scores[s] += points[s]
            if ok:
                self.bonuses[s] += 1
                made.append(s)
        summary = {"hand": self.hand_no, "trump": self.trump, "bids": bids, "tricks": dict(self.tricks),
                   "points": points, "made": made}
        self.last_hand = summary
        self.turn = None
        events = [{"type": "hand_scored", "to": None, "theme": self.theme, **copy_summary(summary),
                   "bid_cards": {s: list(self.bids[s]) for s in self.seats}, "scores": dict(self.scores)}]
        if self.hand_no >= self.hands_total:
            self.phase = "over"
            res = self.result()
            events.append({"type": "game_over", "to": None, **res})
        else:
            self.phase = "hand_over"
            self.dealer = self.left_of(self.dealer)
        return events

    def result(self) -> dict:
        top = max(self.scores.values())
        tied = [s for s in self.seats if self.scores[s] == top]
        best = max(self.bonuses[s] for s in tied)
        winners = [s for s in tied if self.bonuses[s] == best]
        return {"scores": dict(self.scores), "winners": winners, "bonuses": dict(self.bonuses)}

    def view(self, seat: str | None) -> dict:
        return build_view(self, seat)
