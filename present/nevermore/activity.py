"""Nevermore in the Activity (issue 35; present/web/targets.py): which card of the seat's hand each legal
action passes or plays, and the hand as cards to click, from the seat's own view only.

Passing picks a suit, and the engine passes the first card of that suit not yet picked (engine/nevermore/
phases.py draft_act): that card is the pick's target, so clicking it passes it. Taking a pick back names
the last card picked. A Magick card played names itself; the seat's Magick cards follow its hand."""
from __future__ import annotations

from engine.nevermore import cards as C
from present.nevermore.presenter import magick, suit_word


def _target(action: dict, hand: list[str], picked: list[str], magicks: list[str]) -> dict:
    kind = action.get("type")
    if kind == "pick":
        card = next((c for c in hand if C.SUIT_OF.get(c) == action.get("suit") and c not in picked), None)
        return {"card": card} if card else {}
    if kind == "unpick" and picked and picked[-1] in hand:
        return {"card": picked[-1]}
    if kind == "play" and action.get("card") in magicks:
        return {"card": action["card"]}
    return {}


def _magick_label(card: str, view: dict) -> str:
    me = next((p for p in view.get("players") or () if p.get("seat") == view.get("seat")), None)
    return magick(C.spec(card, bool(me and me.get("raven")))["name"])


def interactive(view: dict, legal: list[dict], names: dict[str, str]) -> dict:
    if view.get("seat") is None or "hand" not in view:
        return {"targets": [{} for _ in legal], "cards": None, "lodge": None}
    hand = list(view.get("hand") or ())
    picked = list(view.get("picked") or ())
    magicks = [c for c in view.get("magick_cards") or () if c in C.MAGICK]
    cards = [{"id": c, "label": suit_word(C.SUIT_OF[c])} for c in hand if c in C.SUIT_OF]
    cards += [{"id": c, "label": _magick_label(c, view)} for c in magicks]
    return {"targets": [_target(a, hand, picked, magicks) for a in legal], "cards": cards, "lodge": None}
