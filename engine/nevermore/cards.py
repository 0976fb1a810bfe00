"""Nevermore's card definitions, read once from data/nevermore/ (main deck and the 50 Magick cards)."""
from __future__ import annotations

from engine.data import load

_MAIN = load("nevermore/main.json")
_MAGICK = load("nevermore/magick.json")

SUITS: tuple[str, ...] = tuple(s["suit"] for s in _MAIN["suits"])  # attack, healing, radiance, victory, raven
SUIT_NAME = {s["suit"]: s["name"] for s in _MAIN["suits"]}
SUIT_EMOJI = {s["suit"]: s["emoji"] for s in _MAIN["suits"]}
FIRST_TOKENS: list[str] = list(_MAIN["first_hand_tokens"])
START_HEALTH: int = _MAIN["start_health"]
MAX_HEALTH: int = _MAIN["max_health"]
RETURN_HEALTH: int = _MAIN["return_health"]
WIN_VP: int = _MAIN["win_vp"]
HAND_SIZE: int = _MAIN["hand_size"]
PASS_COUNTS: list[int] = list(_MAIN["pass_counts"])

MAIN_IDS: list[str] = [f"{s['prefix']}{i:02d}" for s in _MAIN["suits"] for i in range(1, s["count"] + 1)]
SUIT_OF: dict[str, str] = {f"{s['prefix']}{i:02d}": s["suit"] for s in _MAIN["suits"]
                           for i in range(1, s["count"] + 1)}

MAGICK: dict[str, dict] = {c["id"]: c for c in _MAGICK["cards"]}
LIGHT_IDS: list[str] = [c["id"] for c in _MAGICK["cards"] if c["deck"] == "light"]
SHADOW_IDS: list[str] = [c["id"] for c in _MAGICK["cards"] if c["deck"] == "shadow"]
TIMING_TEXT: dict[str, str] = _MAGICK["timings"]

# Magick cards that act as a suited card once added to a hand count as that suit.
for _c in _MAGICK["cards"]:
    for _e in _c["effects"]:
        if _e["kind"] == "suit":
            SUIT_OF[_c["id"]] = _e["suit"]


def _spec(card: dict, raven: bool) -> dict:
    """The effective card for its holder: a Raven must use the Raven-symbol block when there is one;
    the block inherits the card's timing unless it states its own."""
    block = card.get("raven")
    if raven and block:
        return {**card, **block, "raven_side": True}
    return {**card, "raven_side": False}


SPEC: dict[tuple[str, bool], dict] = {(cid, r): _spec(c, r) for cid, c in MAGICK.items() for r in (False, True)}


def spec(card_id: str, raven: bool) -> dict:
    return SPEC[(card_id, raven)]


def deck_of(card_id: str) -> str:
    """'main', 'light' or 'shadow'."""
    card = MAGICK.get(card_id)
    return card["deck"] if card else "main"


def needs_target(sp: dict) -> bool:
    return any(e.get("who") == "target" or e["kind"] in ("steal_vp", "swap_random") for e in sp["effects"])
