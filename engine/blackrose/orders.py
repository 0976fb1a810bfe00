"""Standing orders (data/blackrose/rules.md, "Standing orders: Quests and Evocations"): a mage's Quests are
kept without asking in the Black Rose Phase (phases.py), and their Evocations hunt without asking in the
Evocation Phase (evocations.py), unless they ask to be asked. st.ask_me[seat] holds what they asked about;
it is part of the game state, so it survives a restart."""
from __future__ import annotations

STANDING = ("quests", "evos")


def ask_options(st, seat: str) -> list[dict]:
    """The standing orders a mage may still change to "ask me" (offered at the start of their Study)."""
    return [{"type": "ask_me", "about": k, "step": True} for k in STANDING if k not in st.ask_me[seat]]


def set_order(st, seat: str, about: str, ask: bool) -> None:
    mine = st.ask_me[seat]
    if ask and about not in mine:
        mine.append(about)
    elif not ask and about in mine:
        mine.remove(about)


def asks(st, seat: str, about: str) -> bool:
    return about in st.ask_me.get(seat, ())
