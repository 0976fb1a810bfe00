"""The Raven deck, per-player-count settings and trump order, all read from data/raven/."""
from __future__ import annotations

from engine import data

_CARDS = data.load("raven/cards.json")
_GAME = data.load("raven/game.json")
THEMES: dict = data.load("raven/themes.json")

SUITS: tuple[str, ...] = tuple(s["id"] for s in _CARDS["suits"])
BID_VALUE: dict[str, int] = {s["id"]: s["bid_value"] for s in _CARDS["suits"]}
RAVEN, WOLF, SHAMAN, DWARF = _CARDS["specialists"]
SPECIALISTS: tuple[str, ...] = (RAVEN, WOLF, SHAMAN, DWARF)
_LOW, _HIGH = _CARDS["ranks"]["low"], _CARDS["ranks"]["high"]

DECK: tuple[str, ...] = tuple(f"{s}{r}" for s in SUITS for r in range(_LOW, _HIGH + 1)) + SPECIALISTS
SUIT_OF: dict[str, str | None] = {c: None for c in SPECIALISTS}
RANK_OF: dict[str, int] = {c: 0 for c in SPECIALISTS}
for _s in SUITS:
    for _r in range(_LOW, _HIGH + 1):
        SUIT_OF[f"{_s}{_r}"] = _s
        RANK_OF[f"{_s}{_r}"] = _r
# Hands are kept sorted: suits in bid-value order, low to high, specialists last.
ORDER: dict[str, int] = {c: i for i, c in enumerate(DECK)}

PLAYER_COUNTS: dict[int, dict] = {int(k): v for k, v in _GAME["player_counts"].items()}
TRUMPS: dict[str, list[str | None]] = _GAME["lengths"]


def bid_value(cards: list[str]) -> int:
    return sum(BID_VALUE[SUIT_OF[c]] for c in cards)


def copy_summary(h: dict) -> dict:
    """A fresh copy of a scored-hand summary (states, views and events never share one)."""
    return {"hand": h["hand"], "trump": h["trump"], "bids": dict(h["bids"]), "tricks": dict(h["tricks"]),
            "points": dict(h["points"]), "made": list(h["made"])}
