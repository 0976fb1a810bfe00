"""The Everrain bot: it reads only its own view, plus what a seasoned player knows from the published rules
and card list (which cards each Act's decks hold; that story openers are dealt every other card from the
top). It never uses a deck's order, nor the outcomes of the card in play: card outcomes enter only as
averages over what an Act's deck may hold.

Stories are where the Glory is (every Story card told earns 1, and the later steps of a tale pay several), so:
- decks: read its own waiting story first; else draw where the next real card opens a story (the rules deal
  openers every other card, and deck counts are public), judged by the Act's card mix and its own crew;
- crew: the best hand for the test, risking the one least useful for the other skill;
- choices: an option the card marks as leading on to a story, else a random one (the others cannot be
  told apart);
- rerolls: when the chance of success times what a success is usually worth beats a supply (so never on a
  roll that cannot succeed).
A timeout never spends supplies."""
from __future__ import annotations

import random

from engine.everrain import cards as C

# ----- what a seasoned player knows: the published card list, read once ------------------------------


def _opens_story(card: dict) -> bool:
    return any(o.get("story") is not None for o in C.outcomes(card))


def _deal_order(openers: int, others: int) -> tuple[bool, ...]:
    """Whether each card from the top is an opener, as the rules deal them: every other card while both
    piles last (the same alternation as engine/everrain/state.py `_voyage_deck`)."""
    order: list[bool] = []
    while openers or others:
        if openers:
            order.append(True)
            openers -= 1
        if others:
            order.append(False)
            others -= 1
    return tuple(order)


OPENERS: dict[tuple[int, str], list[str]] = {}
OTHERS: dict[tuple[int, str], list[str]] = {}
ORDER: dict[tuple[int, str], tuple[bool, ...]] = {}
for _act in C.ACTS:
    for _t in C.DECK_TYPES:
        _ids = C.DECKS[_act][_t]
        OPENERS[_act, _t] = [c for c in _ids if _opens_story(C.CARDS[c])]
        OTHERS[_act, _t] = [c for c in _ids if not _opens_story(C.CARDS[c])]
        ORDER[_act, _t] = _deal_order(len(OPENERS[_act, _t]), len(OTHERS[_act, _t]))

# ----- how much things are worth, in Glory (tuned with bench/bench_bots.py) ---------------------------

# Owning a story fetched in this Act: read in a later Act it pays its Glory and often a richer next step.
# Fetched in Act III it is never read.
STORY_VALUE = {1: 3.0, 2: 3.0, 3: 0.0}
# Reading one of its own stories now (sideways on a deck, or face down in its slot): above any draw, even an
# opener, because a story read in Act II can lead on to a next step read in Act III, and every turn left
# in an Act is uncertain (track moves end it early).
READ_VALUE = 6.0
SUPPLY_VALUE = 0.3
CREW_VALUE = 0.3
TRACK_VALUE = 0.5  # one space, for the captain ahead (negative for one behind)


# What a success is worth over a failure: on a Story card (its Glory for the telling, and what it gives or
# leads on to), and on an ordinary test of each Act (the Act's mean, from the card list).
STORY_GAIN = 3.0


def _plain_value(outcome: dict, act: int) -> float:
    return (outcome.get("glory", 0) + SUPPLY_VALUE * outcome.get("supplies", 0) + CREW_VALUE * outcome.get("crew", 0)
            + (STORY_VALUE[act] if outcome.get("story") is not None else 0))


def _test_gain(act: int) -> float:
    """The mean gain of passing over failing, over every Skill Test in this Act's decks."""
    gains = [_plain_value(C.CARDS[cid]["success"], act) - _plain_value(C.CARDS[cid]["failure"], act)
             for t in C.DECK_TYPES for cid in C.DECKS[act][t] if C.CARDS[cid]["kind"] == "test"]
    return sum(gains) / len(gains)


TEST_GAIN = {act: _test_gain(act) for act in C.ACTS}


# ----- reading the view ------------------------------------------------------------------------------


def _me(view: dict) -> dict:
    return view["ships"][view["seat"]]


def _ship(view: dict) -> dict:
    """This seat's ship in the shape cards.meets() checks."""
    me = _me(view)
    return {"supplies": me["supplies"], "glory": me["glory"], "crew": [c["id"] for c in me["crew"]]}


def _best_value(view: dict, skill: str) -> int:
    return max((c[skill] for c in _me(view)["crew"]), default=0)


def _success(value: int, target: int, tries: int = 1) -> float:
    """Chance that the Fate Die (1-6) + value reaches the target in `tries` rolls."""
    one = min(1.0, max(0.0, (C.FATE_DIE + 1 - (target - value)) / C.FATE_DIE))
    return 1 - (1 - one) ** tries


def _out_numbers(view: dict) -> set[int]:
    """Story numbers known to be out of the Story deck (under the cover or awaited in a slot)."""
    out = {c["number"] for c in view["cover"]}
    for ship in view["ships"].values():
        out.update(e["awaits"] for e in ship["slot"])
    return out


# ----- deck choice -----------------------------------------------------------------------------------


def _own_story_decks(view: dict) -> set[str]:
    """Deck types where choosing reads one of this seat's stories: face down in its slot, or sideways on a
    deck (any sideways cards above it belong to others and go to their slots, so drawing reaches it)."""
    me = _me(view)
    decks = {s["deck"] for s in me.get("my_stories", [])}
    decks.update(e["deck"] for e in me["slot"] if e.get("where") == "sideways" and e.get("deck"))
    return decks


def _track_value(view: dict) -> float:
    """The Discovery Track ends the Acts and the voyage: hurry it while ahead, hold it back while behind."""
    me = _me(view)["glory"]
    rival = max((s["glory"] for seat, s in view["ships"].items() if seat != view["seat"]), default=me)
    return TRACK_VALUE if me >= rival else -TRACK_VALUE


def _outcome_value(outcome: dict, view: dict, ship: dict, out: set[int]) -> float:
    if "need" in outcome and not C.meets(ship, outcome["need"]):
        outcome = outcome.get("otherwise", {})
    value = (outcome.get("glory", 0) + SUPPLY_VALUE * outcome.get("supplies", 0)
             + CREW_VALUE * outcome.get("crew", 0) + _track_value(view) * outcome.get("track", 0))
    story = outcome.get("story")
    if story is not None and story not in out:
        value += STORY_VALUE[view["act"]]
    return value


def _card_value(cid: str, view: dict, ship: dict, out: set[int]) -> float:
    """What drawing this card is worth to this seat on average, played the way this bot plays it."""
    card = C.CARDS[cid]
    if card["kind"] == "test":
        tries = 2 if ship["supplies"] >= 1 else 1
        p = _success(_best_value(view, card["skill"]), card["target"], tries)
        return (p * _outcome_value(card["success"], view, ship, out)
                + (1 - p) * _outcome_value(card["failure"], view, ship, out) - (1 - p) * (tries - 1) * SUPPLY_VALUE)
    if card["kind"] == "choice":
        values = [_outcome_value(o, view, ship, out) for o in card["options"]]
        story = [v for o, v in zip(card["options"], values) if o.get("story") is not None]
        # An option leading to a story is marked on the card, so the bot would take it; otherwise it cannot
        # tell the options apart and gets their average.
        return max(story) if story and view["act"] < 3 else sum(values) / len(values)
    return _outcome_value(card["outcome"], view, ship, out)


def _next_card_value(view: dict, deck: str, ship: dict, out: set[int]) -> float:
    """The expected value of the next card of this deck that is not a sideways story, from the Act's card
    mix: whether it is an opener follows from how many cards have left the deck."""
    act = view["act"]
    info = view["decks"][deck]
    real = info["cards"] - info["sideways"]
    order = ORDER[act, deck]
    index = len(order) - real  # cards already drawn from this Act's deck
    if real <= 0 or index < 0 or index >= len(order):
        return 0.0
    pool = OPENERS[act, deck] if order[index] else OTHERS[act, deck]
    if order[index]:  # openers whose story is already out were drawn before
        pool = [c for c in pool if not _story_out(c, out)] or pool
    return sum(_card_value(c, view, ship, out) for c in pool) / len(pool)


def _story_out(cid: str, out: set[int]) -> bool:
    return any(o.get("story") in out for o in C.outcomes(C.CARDS[cid]) if o.get("story") is not None)


def _choose_deck(view: dict, legal: list[dict], rng: random.Random) -> dict:
    own = _own_story_decks(view)
    ship = _ship(view)
    out = _out_numbers(view)

    def score(action: dict) -> float:
        if action["deck"] in own:
            return READ_VALUE
        return _next_card_value(view, action["deck"], ship, out)

    best = max(score(a) for a in legal)
    return rng.choice([a for a in legal if score(a) >= best - 1e-9])


# ----- the card in play --------------------------------------------------------------------------------


def _choose_crew(view: dict, legal: list[dict]) -> dict:
    """The best hand for this test; between equals, the one worth least at the other skill (a failed test
    may cost the tester)."""
    skill = view["card"]["skill"]
    other = "port" if skill == "island" else "island"
    crew = {c["id"]: c for c in _me(view)["crew"]}
    return max(legal, key=lambda a: (crew[a["crew"]][skill], -crew[a["crew"]][other]))


def _reroll(view: dict) -> bool:
    """Spend a supply on a second roll when the chance times what a success usually brings over a failure
    (a story step: its Glory and what follows; else the Act's average test) beats a supply's worth; never on
    a roll that cannot succeed."""
    card = view["card"]
    p = _success(view["roll"]["value"], card["target"])
    gain = STORY_GAIN if "number" in card else TEST_GAIN[view["act"]]
    return p * gain > SUPPLY_VALUE


def _choose_option(view: dict, legal: list[dict], rng: random.Random) -> dict:
    story = set(view["card"].get("story_options", []))
    marked = [a for a in legal if a["option"] in story]
    return rng.choice(marked or legal)


def bot_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kinds = {a["type"] for a in legal}
    if "deck" in kinds:
        return _choose_deck(view, legal, rng)
    if "crew" in kinds:
        return _choose_crew(view, legal)
    if "reroll" in kinds:
        return {"type": "reroll"} if _reroll(view) else {"type": "accept"}
    if "option" in kinds:
        return _choose_option(view, legal, rng)
    return rng.choice(legal)


def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """A deck, a crew member or an option must be chosen (the bot's pick); a failed roll is accepted
    rather than spending a supply for an absent captain."""
    if {"type": "accept"} in legal:
        return {"type": "accept"}
    return bot_choice(view, legal, random.Random(0))
