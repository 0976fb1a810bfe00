"""The Everrain's cards for `/game card`: the crew and the Sea Event, Expedition and Denizen cards of the
three Acts, each shown as the table sees it when drawn (its text, and its Skill Test or the names of its
choices, as present/everrain/presenter.py words them).

Left out, on purpose:
- Story cards: their text is secret until a captain reads it (data/everrain/rules.md, ruling 10), and a
  lookup answers anyone about any card: listing them would tell every story before it is read;
- what a test's success or failure, or a choice, brings: the game tells it only once it happens ("you
  learn what an option brings once you pick it"), and it names the stories a card leads to."""
from __future__ import annotations

from engine.everrain import cards as C
from engine.everrain.views import card_view
from present.base import Doc, line
from present.cards import card_doc
from present.datawords import term, text
from present.everrain.datawords import EVERRAIN_DECK, EVERRAIN_SKILL, EVERRAIN_TEXT, EVERRAIN_TITLE
# The presenter's own wording of a card's test or choices (private there, shared with the board on purpose).
from present.everrain.presenter import ROMAN, _challenge, act_name, crew_name, role
from present.i18n import tr

DRAWN = [cid for act in C.ACTS for deck in C.DECK_TYPES for cid in C.DECKS[act][deck]]


def entries() -> list[tuple[str, str]]:
    return ([(cid, term(EVERRAIN_TITLE, C.CARDS[cid]["title"])) for cid in DRAWN]
            + [(cid, crew_name(c["name"])) for cid, c in C.CREW.items()])


def card(key: str) -> Doc | None:
    key = key.upper()
    if key in C.CREW:
        return _crew(key)
    if key in C.CARDS and C.CARDS[key]["act"]:  # Story cards (Act 0) stay secret until read
        return _drawn(key)
    return None


def _crew(cid: str) -> Doc:
    c = C.CREW[cid]
    skills = " · ".join(tr("{skill} {n}", skill=term(EVERRAIN_SKILL, s.capitalize()), n=c[s]) for s in C.SKILLS)
    lines = [line(tr("Crew member: {role}", role=role(c["role"]))), line(skills),
             line(tr("Taking a Skill Test, a crew member adds the value of the skill it asks for to the Fate "
                     "Die."))]
    return card_doc(crew_name(c["name"]), lines, "everrain", c["name"])


def _drawn(cid: str) -> Doc:
    c = C.CARDS[cid]
    act = tr("Act {act}: {name}", act=ROMAN[c["act"]], name=act_name(c["act"]))
    lines = [line(tr("{deck} card · {act}", deck=term(EVERRAIN_DECK, C.DECK_NAMES[c["deck"]]), act=act)),
             line(text(EVERRAIN_TEXT, c["text"])), _challenge(card_view(cid))]
    if c["kind"] == "test":
        lines.append(line(tr("What success or failure brings is told only once the die is rolled.")))
    else:
        lines.append(line(tr("What each choice brings is learned only by picking it.")))
    return card_doc(term(EVERRAIN_TITLE, c["title"]), lines, "everrain", c["title"])
