"""The Deadlies' 52 cards (from data/deadlies/cards.json) and the rules for legal combinations.

Card ids are short strings: "WR3" is Wrath 3, "PU0" Purity, "CO8" Corruption, "HALO" the Halo.
"""
from __future__ import annotations

from engine import data

_DATA = data.load("deadlies/cards.json")

SUITS: tuple[str, ...] = tuple(s["key"] for s in _DATA["suits"])
SUIT_NAME = {s["key"]: s["name"] for s in _DATA["suits"]}
SUIT_EMOJI = {s["key"]: s["emoji"] for s in _DATA["suits"]}
SUIT_EFFECT = {s["key"]: s["effect"] for s in _DATA["suits"]}
SPECIALS = _DATA["specials"]

HALO, PURITY, CORRUPTION = "HALO", "PU0", "CO8"
ALL_IDS: tuple[str, ...] = tuple(c["id"] for c in _DATA["cards"])
NAME = {c["id"]: c["name"] for c in _DATA["cards"]}
# Number printed on the card; -1 for the Halo, which has none.
NUM = {c["id"]: (-1 if c["number"] is None else c["number"]) for c in _DATA["cards"]}
_ALL = frozenset(SUITS)
# The suits a card counts as: Corruption counts as all seven at all times, Purity and Halo as none.
SUITS_OF = {
    c["id"]: (_ALL if c["suit"] == "all" else frozenset((c["suit"],)) if c["suit"] else frozenset())
    for c in _DATA["cards"]
}
SUIT_OF = {c["id"]: (c["suit"] if c["suit"] in _ALL else "") for c in _DATA["cards"]}

assert len(ALL_IDS) == 52 and len(set(ALL_IDS)) == 52


def is_card(x: object) -> bool:
    return isinstance(x, str) and x in NAME


def counts_as(card: str, suit: str) -> bool:
    return suit in SUITS_OF[card]


# Hand order: by suit as listed in the data, then number; Purity, Corruption and Halo last.
SORT_KEY = {c: ((SUITS.index(SUIT_OF[c]) if SUIT_OF[c] else 9), NUM[c]) for c in ALL_IDS}


def common_suits(cards: list[str]) -> frozenset:
    out = _ALL
    for c in cards:
        out = out & SUITS_OF[c]
    return out


def kinds(cards: list[str]) -> list[str]:
    """The ways these cards form one legal play: single, suit, number, straight (possibly several)."""
    if len(cards) == 1:
        return ["single"]
    if not cards or HALO in cards:
        return []
    nums = [NUM[c] for c in cards]
    distinct = set(nums)
    out = []
    if len(distinct) == 1:
        out.append("number")
    if common_suits(cards):
        out.append("suit")
    if len(distinct) == len(nums) and max(nums) - min(nums) == len(nums) - 1:
        out.append("straight")
        # A same-suit run without Corruption resolves the same either way: offer it once, as a straight.
        if "suit" in out and CORRUPTION not in cards:
            out.remove("suit")
    return out


def can_grow(picked: list[str], card: str, hand: list[str]) -> bool:
    """Can picked + card still be completed, with other cards from hand, into a legal play?"""
    if not picked:
        return True
    group = picked + [card]
    if HALO in group:
        return False
    nums = {NUM[c] for c in group}
    if len(nums) == 1 or common_suits(group):
        return True
    if len(nums) != len(group):
        return False
    missing = set(range(min(nums), max(nums) + 1)) - nums
    if not missing:
        return True
    spare = {NUM[c] for c in hand if c not in group}
    return missing <= spare


def legal_picks(picked: list[str], hand: list[str]) -> list[str]:
    """The cards of hand that can_grow(picked, card, hand) allows, computed in one pass."""
    rest = [c for c in hand if c not in picked]
    if not picked:
        return rest
    if HALO in picked:
        return []
    suits = common_suits(picked)
    nums = {NUM[c] for c in picked}
    one_number = len(nums) == 1
    distinct = len(nums) == len(picked)
    lo, hi = min(nums), max(nums)
    spare = {}
    for c in rest:
        spare[NUM[c]] = spare.get(NUM[c], 0) + 1
    out = []
    for c in rest:
        n = NUM[c]
        if c == HALO:
            continue
        if (one_number and n in nums) or suits & SUITS_OF[c]:
            out.append(c)
        elif distinct and n not in nums:
            # Every number strictly between the run's ends must be picked or still in hand.
            if all(m in nums or spare.get(m, 0) for m in range(min(lo, n), max(hi, n) + 1) if m != n):
                out.append(c)
    return out


def pick_error(picked: list[str], card: str, hand: list[str]) -> str:
    """Why card can't join the picked cards (only called when can_grow said no)."""
    group = picked + [card]
    if HALO in group:
        return "The Halo has no suit and no number: it can only be played on its own."
    nums = [NUM[c] for c in group]
    if len(set(nums)) != len(nums):
        return (f"{NAME[card]} shares no suit with your picks, and a straight can't hold two "
                f"{NUM[card]}s.")
    spare = {NUM[c] for c in hand if c not in group}
    missing = sorted(set(range(min(nums), max(nums) + 1)) - set(nums) - spare)
    if 0 in nums and 8 in nums:
        return "A straight can't wrap from 8 to 0."
    need = ", ".join(str(n) for n in missing)
    return (f"{NAME[card]} shares no suit or number with your picks, and you hold no {need} "
            f"to complete a straight.")


def top_card(kind: str, cards: list[str]) -> str | None:
    """The card whose effect resolves; None for a same-number set, where the player chooses."""
    if kind == "single":
        return cards[0]
    if kind == "number":
        return None
    if kind == "suit":
        # The highest card of the suit goes on top; Corruption only lends the suit.
        return max((c for c in cards if c != CORRUPTION), key=NUM.__getitem__)
    return max(cards, key=NUM.__getitem__)


def effect_of(kind: str, top: str, cards: list[str]) -> str:
    """A suit key, 'purity', 'halo', or 'choose' (Corruption on top picks its suit)."""
    if kind == "suit":
        return SUIT_OF[top]
    if top == CORRUPTION:
        return "choose"
    if top == PURITY:
        return "purity"
    if top == HALO:
        return "halo"
    return SUIT_OF[top]


def play_text(kind: str, cards: list[str], top: str | None) -> str:
    """'Wrath 3–4–5 straight (top Wrath 5)' and friends."""
    ordered = sorted(cards, key=NUM.__getitem__)
    if kind == "single":
        return NAME[cards[0]]
    top_part = f" (top {NAME[top]})" if top else ""
    if kind == "straight":
        suits = {SUIT_OF[c] for c in ordered}
        if len(suits) == 1 and "" not in suits:
            run = SUIT_NAME[SUIT_OF[ordered[0]]] + " " + "–".join(str(NUM[c]) for c in ordered)
        else:
            run = "–".join(NAME[c] for c in ordered)
        return f"{run} straight{top_part}"
    if kind == "number":
        return f"a set of {NUM[cards[0]]}s ({', '.join(NAME[c] for c in ordered)}){top_part}"
    suit = SUIT_NAME[SUIT_OF[top]] if top else "same-suit"
    return f"a {suit} set ({', '.join(NAME[c] for c in ordered)}){top_part}"
