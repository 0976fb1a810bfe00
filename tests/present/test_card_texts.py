"""What the card games' texts say agrees with what is offered and drawn, and nothing is cut mid-word (issue 32):
whole seeded games, with random legal moves (the first pending seat acting)."""
from __future__ import annotations

import random
import re

import engine
from present import draw as D
from present import presenter
from present.base import offered_bundles
from tests.present.i18n_games import NAMES


def whole_game(key: str, players: int, seed: int, options: dict | None = None):
    """Every state of one seeded game, from the first to the last."""
    state = engine.GAMES[key].new([f"p{i + 1}" for i in range(players)], seed, options)
    rng = random.Random(seed)
    yield state
    while not state.over:
        pending = state.pending()
        seat = sorted(pending)[0]
        state.act(seat, rng.choice(pending[seat]))
        yield state


def drawn_texts(key: str, view: dict, names: dict | None = None) -> list[str]:
    """Every text the picture of `view` draws (drawn afresh, not from the recent-pictures cache)."""
    D.measured, D._recent = [], {}
    try:
        presenter(key).picture(view, names)
        return [row[0] for row in D.measured]
    finally:
        D.measured = None


def test_raven_board_and_picture_name_the_same_hand():
    """Before the first deal the board said "hand 1/5" and the picture "Hand 0 of 5"."""
    p, compared = presenter("raven"), 0
    for state in whole_game("raven", 3, 4, {"length": "short"}):
        view = state.view(None)
        said = re.search(r"hand (\d+)/(\d+)", p.board(view, {}).title)
        drawn = [m.groups() for t in drawn_texts("raven", view) if (m := re.search(r"Hand (\d+) of (\d+)", t))]
        for numbers in drawn:
            assert said and numbers == said.groups(), (said and said.group(0), numbers, view["phase"])
            compared += 1
    assert compared > 20


def _offered(p, view: dict, legal: list[dict]) -> set[str]:
    """What a prompt's buttons do: "play" for a bundle (a whole play, one click) and each legal action's type
    for the actions offered beside the bundles, or for every legal action when there are none."""
    found = offered_bundles(p, view, legal, names=NAMES)
    if found is None:
        return {a["type"] for a in legal}
    bundles, rest = found
    return {"play" for _ in bundles[:1]} | {legal[i]["type"] for i in rest}


def test_deadlies_hint_names_only_the_buttons_offered():
    """"pick more, put back the last, or Play" was said while whole plays (bundles) stood in for the picks."""
    p = presenter("deadlies")
    hints = set()
    for seed in (1, 2, 3):
        for state in whole_game("deadlies", 4, seed):
            for seat, legal in state.pending().items():
                view = state.view(seat)
                if view["decision"]["about"] != "build" or not view.get("picked"):
                    continue
                hint, offered = p.prompt(view), _offered(p, view, legal)
                assert ("pick more" in hint) == ("pick" in offered), (hint, offered)
                assert ("Play" in hint or "choose a play" in hint) == ("play" in offered), (hint, offered)
                assert ("put back" in hint) == ("unpick" in offered), (hint, offered)
                hints.add(hint.split(":")[1])
    assert len(hints) >= 2, hints  # more than one kind of moment was met


def test_nevermore_magick_texts_are_whole():
    """A Magick card's rule text was cut at 70 characters ("…would ta…") when not playable now."""
    from engine.nevermore import cards as C
    from present.datawords import text
    from present.nevermore.datawords import NEVERMORE_TEXT

    p, rows = presenter("nevermore"), 0
    for state in whole_game("nevermore", 4, 5):
        for seat in state.seats:
            view = state.view(seat)
            me = next(x for x in view["players"] if x["seat"] == seat)
            wanted = [text(NEVERMORE_TEXT, C.spec(c, me["raven"])["text"]) for c in view["magick_cards"]]
            magick = [s for s in p.hand(view, NAMES).sections if s.title == "Your Magick"]
            for section in magick:
                for said, whole in zip(section.lines, wanted):
                    assert "".join(map(str, said)).endswith(whole), said
                    rows += 1
    assert rows > 20
