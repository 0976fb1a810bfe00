"""Raven in the Activity (issue 35; present/web/targets.py): which card of the seat's hand each legal action
plays or bids, and the hand as cards to click, from the seat's own view only.

A bid or a play names a card of the hand; taking back a bid names a card already on the bid pile, not in
the hand, so it stays in the list of choices (as does dealing). The Dwarf played calling a suit names the
Dwarf: its several actions are told apart by their labels."""
from __future__ import annotations

from present.raven.presenter import card_name


def interactive(view: dict, legal: list[dict], names: dict[str, str]) -> dict:
    if view.get("seat") is None:
        return {"targets": [{} for _ in legal], "cards": None, "lodge": None}
    hand = list(view.get("hand") or ())
    theme = view.get("theme", "raven")
    targets = [{"card": a["card"]} if a.get("type") in ("bid", "play") and a.get("card") in hand else {}
               for a in legal]
    return {"targets": targets, "cards": [{"id": c, "label": card_name(c, theme)} for c in hand], "lodge": None}
