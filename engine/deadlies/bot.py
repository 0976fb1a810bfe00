"""The Deadlies bot: looks one play ahead (the expected hand after each play and its top effect) and aims
effects at the leader, never robbing a last card that would lower a rival.

It reads only its own view and the legal actions, never the state.
"""
from __future__ import annotations

import random

from .cards import HALO, NUM, SUIT_OF, SUITS, counts_as, effect_of, kinds, top_card

# Which sin a bot likes on top (or asks Corruption to be): hurting others beats drawing itself.
_TOP_PREFERENCE = ["wrath", "sloth", "pride", "lust", "greed", "gluttony", "envy"]


def best_set(hand: list[str]) -> list[str]:
    """The largest legal play in hand (the Halo alone if the hand is big): today's plan, still used by
    the timeout helpers and as the tie-break of the look-ahead below."""
    if HALO in hand and len(hand) >= 4:
        return [HALO]
    legal = [cards for cards, _ in _candidates(hand)]
    return max(legal, key=len)


def _candidates(hand: list[str]) -> list[tuple[list[str], str]]:
    """Every play worth considering: singles, whole suit sets, whole number sets, every straight."""
    options = [[c] for c in hand if c != HALO] or [[HALO]]
    if HALO in hand and len(hand) > 1:
        options.append([HALO])
    for suit in SUITS:
        options.append([c for c in hand if counts_as(c, suit)])
    for n in range(0, 9):
        options.append([c for c in hand if NUM[c] == n])
    by_num: dict[int, str] = {}
    for c in sorted(hand):
        if c != HALO:
            by_num.setdefault(NUM[c], c)
    for lo in range(9):
        run: list[str] = []
        for n in range(lo, 9):
            if n not in by_num:
                break
            run.append(by_num[n])
            if len(run) >= 2:
                options.append(list(run))
    out, seen = [], set()
    for cards in options:
        key = tuple(sorted(cards))
        if cards and key not in seen:
            seen.add(key)
            out += [(cards, kind) for kind in kinds(cards)]
    return out


# Cards a play's top effect is expected to add to the player's own hand (one-ply look-ahead, from its
# view only). Wrath and Pride may come back, Greed may bust, Lust may cost a discard war.
_GAIN = {"pride": 0.5, "wrath": 0.4, "lust": 0.5, "greed": 1.0, "sloth": 0.0, "purity": 0.3}


def _after(view: dict, hand: list[str], cards: list[str], effect: str) -> float:
    """Expected hand size after the play and its effect (lower is better); emptying the hand is worth most,
    because only an empty hand lowers Wickedness."""
    me = view.get("seat")
    rest = [c for c in hand if c not in cards]
    left = len(rest)
    others = [n for s, n in view.get("hand_sizes", {}).items() if s != me]
    if effect == "halo":
        return -3.0 if left >= 2 else left + 0.5  # the whole hand goes and Wickedness drops
    if effect == "envy":
        size = left + 2
        if others and not any(counts_as(c, "envy") for c in rest) and min(others) < size:
            size = min(others)  # trade hands with the smallest
        return size
    if effect == "gluttony":
        # One more card (a steal) but a whole extra turn to shed; useless when this play empties the hand.
        return left + 1.0 if left == 0 else left - 0.5
    size = left + _GAIN.get(effect, 0.4)
    return size - 2.0 if left == 0 and effect in ("sloth", "purity") else size


def _plan(view: dict, hand: list[str]) -> tuple[list[str], str]:
    """The play whose expected hand afterwards is smallest; ties go to the bigger play."""
    best, best_key = None, None
    for cards, kind in _candidates(hand):
        if kind == "number":
            effects = [effect_of(kind, c, cards) for c in cards]
        else:
            effects = [effect_of(kind, top_card(kind, cards), cards)]
        effects = ["wrath" if e == "choose" else e for e in effects]
        score = min(_after(view, hand, cards, e) for e in effects)
        key = (score, -len(cards))
        if best_key is None or key < best_key:
            best, best_key = (cards, kind), key
    return best


def _leader(view: dict, seats: list[str]) -> str:
    return min(seats, key=lambda s: (view["wickedness"][s], view["hand_sizes"][s], s))


def _steal(view: dict, legal: list[dict]) -> dict:
    """Gluttony: rob the leader, but never empty a hand: a robbed last card lowers that player's
    Wickedness (and may hand them the win). With only such hands to rob, draw 3 instead."""
    sizes, wick = view["hand_sizes"], view["wickedness"]
    steals = [a for a in legal if a["type"] == "steal"]
    safe = [a for a in steals if sizes[a["seat"]] >= 2]
    if safe:
        leader = _leader(view, [a["seat"] for a in safe])
        return next(a for a in safe if a["seat"] == leader)
    harmless = [a for a in steals if wick[a["seat"]] > 2]
    if harmless:  # emptying their hand lowers them but cannot make them win; still better than 3 cards
        return max(harmless, key=lambda a: (wick[a["seat"]], a["seat"]))
    return {"type": "draw3"}


def bot_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    types = {a["type"] for a in legal}
    hand = view.get("hand", [])
    if types & {"pick", "play", "unpick"}:
        picked = view.get("picked", [])
        target, kind = _plan(view, hand)
        if all(c in target for c in picked):
            for c in sorted(target, key=NUM.__getitem__):
                act = {"type": "pick", "card": c}
                if c not in picked and act in legal:
                    return act
        # Complete, or off plan (say a half-built play left by a player who timed out): play it or undo.
        plays = [a for a in legal if a["type"] == "play"]
        if plays and all(c in target for c in picked):
            return next((a for a in plays if a["as"] == kind), plays[0])
        undo = [a for a in legal if a["type"] == "unpick"]
        return undo[0] if undo else (plays or legal)[0]
    if "top" in types:
        rest = [c for c in hand]
        cards = [a["card"] for a in legal]
        return min(legal, key=lambda a: (_after(view, rest, cards, _top_effect(a["card"])),
                                         _rank(SUIT_OF[a["card"]])))
    if "suit" in types:
        return {"type": "suit", "suit": "wrath"}
    if "steal" in types or "draw3" in types:
        return _steal(view, legal)
    seat_actions = [a for a in legal if "seat" in a]
    if seat_actions and "target" in types:
        leader = _leader(view, [a["seat"] for a in seat_actions])
        return next(a for a in seat_actions if a["seat"] == leader)
    if "swap" in types:
        smallest = min(seat_actions, key=lambda a: view["hand_sizes"][a["seat"]])
        if view["hand_sizes"][smallest["seat"]] < len(hand):
            return smallest
        return {"type": "keep"}
    for wanted in ("show", "wrath", "discard_hand", "stop"):
        if wanted in types:
            return next(a for a in legal if a["type"] == wanted)
    if "lust" in types:
        has_lust = any(counts_as(c, "lust") for c in hand)
        return {"type": "lust", "choice": "discard" if has_lust else "nothing"}
    if "lust_discard" in types:
        discards = [a for a in legal if a["type"] == "lust_discard"]
        return next((a for a in discards if counts_as(a["card"], "lust")), discards[0])
    return rng.choice(legal)


def _top_effect(card: str) -> str:
    eff = effect_of("single", card, [card])
    return "wrath" if eff == "choose" else eff


def _rank(suit: str) -> int:
    return _TOP_PREFERENCE.index(suit) if suit in _TOP_PREFERENCE else len(_TOP_PREFERENCE)


# ---- timeouts: a human seat whose time ran out ---------------------------------------------------------
# Declining answers, in order: never show, throw, swap, discard or deal on the absent player's behalf.
_DECLINE = ("stop", "keep", "keep_hand", "lust_keep", "draw")
_SPECIAL_VALUE = {HALO: 100, "CO8": 90, "PU0": 80}  # Halo, Corruption, Purity: the cards worth keeping


def _card_value(card: str, hand: list[str]) -> tuple:
    """Low = least worth keeping: a plain sin that combines with few other cards in hand, low number first.
    A Sloth comes first: its effect asks nothing more, so the absent player gets no second prompt."""
    links = sum(1 for c in hand if c != card and (NUM[c] == NUM[card] or SUIT_OF[c] == SUIT_OF[card]))
    return (_SPECIAL_VALUE.get(card, 0), SUIT_OF[card] != "sloth", links, NUM[card])


def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """The turn must be played, so a timeout plays the single least valuable card; every answer declines
    (a Pride target draws instead of showing, a Wrath target stops, Lust keeps, Envy keeps, Greed stops);
    choices the rules force (a target, a suit, the top card) are the bot's."""
    types = {a["type"] for a in legal}
    if types & {"pick", "play", "unpick"}:
        picked, hand = view.get("picked", []), view.get("hand", [])
        if len(picked) > 1 or (picked and not any(a["type"] == "play" for a in legal)):
            return next(a for a in legal if a["type"] == "unpick")  # take back a half-built play
        if picked:
            return next(a for a in legal if a["type"] == "play")
        singles = [a for a in legal if a["type"] == "pick"]
        return min(singles, key=lambda a: _card_value(a["card"], hand))
    if "lust" in types:
        return {"type": "lust", "choice": "nothing"}
    for kind in _DECLINE:
        for a in legal:
            if a["type"] == kind:
                return a
    return bot_choice(view, legal, random.Random(0))
