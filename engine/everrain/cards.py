"""The Everrain's card data (data/everrain/*.toml), loaded and checked once at import.

Every drawable or readable card (Sea Event, Expedition, Denizen, Story) is one dict in CARDS with:
id, title, text, deck (its card type), act (0 for Story cards), kind ('test' | 'choice' | 'outcome'),
and for Story cards number, plus optional condition / fail.
"""
from __future__ import annotations

from engine.data import load
from engine.everrain.story import StoryCard, StoryCatalog

SETUP = load("everrain/setup.toml")
DECK_TYPES: tuple[str, ...] = tuple(SETUP["deck_types"])
DECK_NAMES: dict[str, str] = SETUP["deck_names"]
ACT_NAMES: list[str] = SETUP["act_names"]
ACT_ENDS: dict[int, list[int]] = {int(k): list(v) for k, v in SETUP["act_ends"].items()}
SOLO_TARGET: dict[str, int] = dict(SETUP["solo_target"])
STORY_GLORY: int = SETUP["story_glory"]
FATE_DIE: int = SETUP["fate_die"]
START_SUPPLIES: int = SETUP["start_supplies"]
START_CREW: int = SETUP["start_crew"]
MAX_CREW: int = SETUP["max_crew"]
SKILLS = ("island", "port")
ACTS = (1, 2, 3)

CREW: dict[str, dict] = {c["id"]: c for c in load("everrain/crew.toml")["crew"]}

CARDS: dict[str, dict] = {}
DECKS: dict[int, dict[str, list[str]]] = {}

_EFFECTS = {"supplies", "glory", "track", "crew"}
_OUTCOME_KEYS = _EFFECTS | {"text", "story", "need", "otherwise", "end", "name"}
_CONDITIONS = {"supplies", "glory", "crew", "island", "port"}


def _kind(card: dict) -> str:
    if "skill" in card:
        return "test"
    if "options" in card:
        return "choice"
    if "outcome" in card:
        return "outcome"
    raise ValueError(f"{card.get('id', card.get('number'))}: no test, options or outcome")


def story_id(number: int) -> str:
    return f"ST{number:02d}"


for _act in ACTS:
    _raw = load(f"everrain/act{_act}.toml")
    DECKS[_act] = {}
    for _type in DECK_TYPES:
        DECKS[_act][_type] = []
        for _c in _raw[_type]:
            CARDS[_c["id"]] = {**_c, "deck": _type, "act": _act, "kind": _kind(_c)}
            DECKS[_act][_type].append(_c["id"])

STORY_IDS: list[str] = []
for _s in load("everrain/stories.toml")["story"]:
    _sid = story_id(_s["number"])
    CARDS[_sid] = {**_s, "id": _sid, "deck": _s["type"], "act": 0, "kind": _kind(_s)}
    STORY_IDS.append(_sid)

STORY_CATALOG = StoryCatalog(StoryCard(sid, CARDS[sid]["number"], CARDS[sid]["deck"]) for sid in STORY_IDS)


def outcomes(card: dict) -> list[dict]:
    """Every outcome a card can produce, `otherwise` branches included (a card as loaded, or as its TOML)."""
    kind = card.get("kind") or _kind(card)
    if kind == "test":
        top = [card["success"], card["failure"]]
    elif kind == "choice":
        top = list(card["options"])
    else:
        top = [card["outcome"]]
    out = []
    for o in top:
        out.append(o)
        if "otherwise" in o:
            out.append(o["otherwise"])
    return out


def meets(ship: dict, need: dict) -> bool:
    """A condition: at least so many supplies / Glory / crew, or one crew member with Island/Port >= n."""
    for key, n in need.items():
        if key in ("supplies", "glory"):
            if ship[key] < n:
                return False
        elif key == "crew":
            if len(ship["crew"]) < n:
                return False
        elif not any(CREW[c][key] >= n for c in ship["crew"]):
            return False
    return True


def _validate() -> None:
    """Fail fast on a data mistake: unknown keys, a story named twice or never, '+N+' missing."""
    named: dict[int, str] = {}
    for cid, card in CARDS.items():
        if card["deck"] not in DECK_TYPES:
            raise ValueError(f"{cid}: unknown deck {card['deck']}")
        if card["kind"] == "test" and (card["skill"] not in SKILLS or not isinstance(card["target"], int)):
            raise ValueError(f"{cid}: bad skill test")
        for key in ("condition",):
            if key in card and not set(card[key]) <= _CONDITIONS:
                raise ValueError(f"{cid}: bad condition")
        if ("condition" in card) != ("fail" in card):
            raise ValueError(f"{cid}: a condition needs a fail text and vice versa")
        for o in outcomes(card):
            if not set(o) <= _OUTCOME_KEYS or "text" not in o:
                raise ValueError(f"{cid}: bad outcome {o}")
            if "need" in o and not set(o["need"]) <= _CONDITIONS:
                raise ValueError(f"{cid}: bad need {o['need']}")
            n = o.get("story")
            if n is not None:
                if f"+{n}+" not in o["text"]:
                    raise ValueError(f"{cid}: outcome names story {n} but its text lacks +{n}+")
                if STORY_CATALOG.by_number.get(n) is None:
                    raise ValueError(f"{cid}: names unknown story {n}")
                if named.setdefault(n, cid) != cid:
                    raise ValueError(f"story {n} is named by both {named[n]} and {cid}")
    missing = set(STORY_CATALOG.by_number) - set(named)
    if missing:
        raise ValueError(f"stories never named: {sorted(missing)}")


_validate()
STORY_NAMED_BY: dict[int, str] = {
    o["story"]: cid for cid, c in CARDS.items() for o in outcomes(c) if o.get("story") is not None
}
