"""The Deadlies in the Activity (issue 35; present/web/targets.py): which card of the seat's hand each legal
action picks, shows or discards, and the hand as cards to click, from the seat's own view only.

Building a play picks cards of the hand one by one (`pick`, `unpick`); Lust's secret discard, Wrath and a
shown card name a card of the hand too. Choosing which card of the play in front lies on top (`top`) names
a card on the table, not in the hand, so it stays in the list of choices with the rest."""
from __future__ import annotations

from present.deadlies.presenter import card, hand_order

HAND_ACTIONS = ("pick", "unpick", "show", "lust_discard", "wrath")


def interactive(view: dict, legal: list[dict], names: dict[str, str]) -> dict:
    if view.get("seat") is None or "hand" not in view:
        return {"targets": [{} for _ in legal], "cards": None, "lodge": None}
    hand = hand_order(list(view.get("hand") or ()))
    targets = [{"card": a["card"]} if a.get("type") in HAND_ACTIONS and a.get("card") in hand else {}
               for a in legal]
    return {"targets": targets, "cards": [{"id": c, "label": card(c)} for c in hand], "lodge": None}
