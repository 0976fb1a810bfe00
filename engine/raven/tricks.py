"""Trick rules as pure functions: what may be played, and who wins.

A trick is the list of card ids played so far, in seat order from its leader. Alongside it the state keeps:
- led: the suit that must be followed (None when nothing is set yet or nothing can be: a Wolf lead not yet
  answered by a non-trump suited card, a Raven lead in the ravenclaw round);
- called: the suit a led Dwarf named;
- wolf: True while a Wolf lead still waits for a non-trump suited card to set the suit.
trump is a suit id, or None in the ravenclaw round (the Raven is then the only trump).
"""
from __future__ import annotations

from engine.raven.cards import DWARF, RANK_OF, RAVEN, SHAMAN, SPECIALISTS, SUIT_OF, SUITS, WOLF

_SPECIAL = frozenset(SPECIALISTS)


def lead_index(trick: list) -> int:
    """Index of the card acting as the lead: 1 when the Shaman was forced to lead (ruling)."""
    return 1 if trick and trick[0] == SHAMAN else 0


def is_leading(trick: list) -> bool:
    return len(trick) == lead_index(trick)


def _play_actions(cards) -> list[dict]:
    out = []
    for c in cards:
        if c == DWARF:
            out.extend({"type": "play", "card": DWARF, "suit": s} for s in SUITS)
        else:
            out.append({"type": "play", "card": c})
    return out


def legal_plays(hand: list[str], trick: list, led: str | None, wolf: bool, trump: str | None) -> list[dict]:
    if is_leading(trick):
        cards = [c for c in hand if c != SHAMAN] or hand  # the Shaman alone must be led (ruling)
        return _play_actions(cards)
    if led is not None:
        follow = [c for c in hand if SUIT_OF[c] == led]
        # The Raven counts as a trump card when trump is led: holding it means you can follow.
        if follow or (led == trump and RAVEN in hand):
            return _plain(follow + [c for c in hand if c in _SPECIAL])
    elif wolf:
        nontrump = [c for c in hand if SUIT_OF[c] is not None and SUIT_OF[c] != trump]
        if nontrump:
            return _plain(nontrump + [c for c in hand if c in _SPECIAL])
    return _plain(hand)  # cannot follow: anything (a following Dwarf names no suit)


def _plain(cards: list[str]) -> list[dict]:
    return [{"type": "play", "card": c} for c in cards]


def follow_problem(hand: list[str], trick: list, led: str | None, wolf: bool, trump: str | None,
                   card: str, name=str) -> str:
    """Why `card` may not be played now, in words a player understands ('' when it may).
    name(id) gives the theme's name for a suit or specialist id."""
    if card not in hand:
        return "That card is not in your hand."
    if is_leading(trick):
        if card == SHAMAN and len(hand) > 1:
            return f"You may not lead the {name(SHAMAN)}."
        return ""
    if card in _SPECIAL:
        return ""
    suit = SUIT_OF[card]
    if led is not None and suit != led:
        if any(SUIT_OF[c] == led for c in hand):
            return f"You must follow suit: you hold {name(led)}. Play one, or a specialist."
        if led == trump and RAVEN in hand:
            return f"Trump was led and your only trump is the {name(RAVEN)}: play it or another specialist."
    if led is None and wolf and suit == trump:
        if any(SUIT_OF[c] not in (None, trump) for c in hand):
            return f"The {name(WOLF)} calls for a non-trump suit: play one you hold, or a specialist."
    return ""


def card_key(trick: list, i: int, led: str | None, called: str | None, trump: str | None) -> tuple:
    """Strength of the i-th card: (tier, rank); tier 2 trump, 1 Wolf / led suit, 0 cannot win."""
    card = trick[i]
    li = lead_index(trick)
    if card == RAVEN:
        return (2, 100.0)
    if card == WOLF:
        return (1, 100.0)
    if card == SHAMAN:
        if i == 0:
            return (0, 0.0)
        tier, rank = card_key(trick, i - 1, led, called, trump)
        return (tier, rank + 0.5) if tier else (0, 0.0)
    if card == DWARF:
        if i != li:
            return (0, 0.0)
        return (2 if called == trump else 1, 0.0)
    suit = SUIT_OF[card]
    if suit == trump:
        return (2, float(RANK_OF[card]))
    if suit == led:
        return (1, float(RANK_OF[card]))
    return (0, 0.0)


def winner_index(trick: list, led: str | None, called: str | None, trump: str | None) -> int:
    keys = [card_key(trick, i, led, called, trump) for i in range(len(trick))]
    return max(range(len(trick)), key=keys.__getitem__)
