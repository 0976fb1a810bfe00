"""Black Rose Wars pictures: the Lodge board from the public view and a seat's spells from its own view.

Seeded positions decode at the promised size and stay small; the rooms sit where the engine's adjacency says;
what the board shows (destroyed rooms, used tokens, instability, models, Events, PP) changes the picture and
its key; and editing only hidden cards in a saved state (hands, Grimoire order, ready spells, armed Traps,
Quests, deck order) leaves the public picture, and every other seat's picture, byte for byte the same."""
from __future__ import annotations

import copy
import hashlib
import io
import math
import random

import pytest
from PIL import Image

from engine.blackrose import GAME
from tests.engine.conformance import advanced
from engine.blackrose import board as B
from present import draw as D
from present.blackrose import card_text as T
from present.blackrose import hand_picture as H
from present.blackrose import picture as P


def play(players: int, seed: int, steps: int):
    return advanced("blackrose", players, seed, steps)


def fresh(view: dict) -> tuple[bytes, str]:
    D._recent.clear()  # draw for real, not from the recent-pictures cache
    return P.draw(view)


def decoded(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def pixels_sha(png: bytes) -> str:
    img = decoded(png)
    head = f"{img.mode} {img.size} ".encode() + bytes(img.getpalette() or [])
    return hashlib.sha256(head + img.tobytes()).hexdigest()


# ---- a hand-written spectator view: pins the drawing without depending on how the engine plays -----------

LAYOUT = dict(zip(B.ROOM_LABELS, ["black_rose", "throne", "garden", "summoner", "pleasures", "sanctuary", "altar",
                                  "observatory", "cemetery", "crypt", "treasure", "abyss", "oracle", "laboratory",
                                  "arena", "bibliotheca", "forge", "armory", "mirrors"]))


def public_view(**changes) -> dict:
    v = {"me": None, "seats": ["p1", "p2", "p3", "p4"], "turn": 5, "moon": 2, "crown": "p2",
         "mage": {"p1": "nero", "p2": "tessa", "p3": "rebecca", "p4": "jafar"}, "layout": dict(LAYOUT),
         "destroyed": ["B5"], "activated": ["A2", "B8"], "tint": {"B9": "red"},
         "inst": {"X": {"p1": 2, "rose": 1}, "A3": {"p2": 3, "p4": 1}, "B12": {"p3": 7}},
         "cells": {"p1": ["B12", "B1"], "p2": ["B3", "B4"], "p3": ["B6", "B7"], "p4": ["B9", "B10"]},
         "pos": {"p1": "X", "p2": "A3", "p3": "cell", "p4": "A3"},
         "dmg": {"p1": {"p2": 3, "rose": 1}, "p2": {}, "p3": {"p4": 2}, "p4": {}},
         "evos": [{"id": "v1", "kind": "malacoda", "owner": "p1", "at": "A3", "dmg": 1},
                  {"id": "v2", "kind": "cerberus", "owner": "p3", "at": "B2", "dmg": 0}],
         "pp": {"p1": 7, "p2": 12, "p3": 3, "p4": 7, "rose": 14}, "board": [None, "e203", "e101"],
         "waiting": ["p2"], "phase": "turn", "over": False, "winners": [], "final": {}}
    v.update(changes)
    return v


def seat_view(**changes) -> dict:
    v = public_view(me="p1", hand=["fireball.1", "jester_hat.2", "ring_of_fire.1"],
                    my_slots=[{"slot": 1, "card": "destructive_bolt.2", "side": "r", "state": "ready"}],
                    quests=["q101"], choice={"kind": "study", "look": ["demons_howl.3"]})
    v.update(changes)
    return v


# Decoded pixels (mode, size, palette, pixels) of the hand-written views. Regenerate after a deliberate
# drawing change (and bump picture.STYLE) with:  .venv/bin/python tests/present/test_blackrose_picture.py
PINNED = {
    "board": "aec7fa74e1b2b60623ec0ee77f575f9126c90f57bf901eaa00c21f0b247b262b",
    "hand": "4ed24c9eb4b2c5a4ea5738065025b09c43aeec6eb26cd702540633b7d71c2851",
}


def test_the_hand_written_views_draw_the_pinned_pictures():
    assert pixels_sha(fresh(public_view())[0]) == PINNED["board"]
    assert pixels_sha(fresh(seat_view())[0]) == PINNED["hand"]


def test_rooms_sit_where_the_engine_says_they_touch():
    """Adjacent rooms (board.ADJ) are exactly the hexes one hex-width apart on the picture, and each Cell
    touches the two rooms it opens onto, so a player can read targets and range off the picture."""
    width = P.S * math.sqrt(3)
    for a in B.ROOM_LABELS:
        ax, ay = P.hex_xy(*B.HEX[a])
        near = {b for b in B.ROOM_LABELS if b != a and math.dist((ax, ay), P.hex_xy(*B.HEX[b])) < width * 1.05}
        assert near == set(B.ADJ[a])
    for exits in public_view()["cells"].values():
        h = P.cell_hex(exits)
        assert h is not None and sorted(B.cell_exits(tuple(h))) == sorted(exits)
    # and the whole Lodge with its Cells fits in the board area, left of the Power Board
    cells = [P.cell_hex(e) for e in public_view()["cells"].values()]
    for (q, r), size in [*((h, P.S) for h in B.HEX.values()), *((h, P.CELL) for h in cells)]:
        x, y = P.hex_xy(q, r)
        half = size * math.sqrt(3) / 2
        assert 0 <= x - half and x + half <= P.WIDTH and P.HEAD <= y - size and y + size <= P.LODGE_BOTTOM


@pytest.mark.parametrize("change", [
    {"destroyed": ["B5", "A1"]}, {"activated": ["A2"]}, {"moon": 1}, {"inst": {"X": {"p1": 3, "rose": 1}}},
    {"pos": {"p1": "cell", "p2": "A3", "p3": "cell", "p4": "A3"}}, {"evos": []}, {"board": [None, None, "e101"]},
    {"pp": {"p1": 8, "p2": 12, "p3": 3, "p4": 7, "rose": 14}}, {"crown": "p1"}, {"tint": {}},
    {"dmg": {"p1": {"p2": 3}, "p2": {}, "p3": {"p4": 2}, "p4": {}}}, {"over": True, "winners": ["p2"]},
])
def test_what_the_board_shows_changes_the_picture_and_its_key(change):
    base = fresh(public_view())
    moved = fresh(public_view(**change))
    assert moved[0] != base[0] and moved[1] != base[1]


def test_equal_facts_give_equal_pictures_and_keys():
    a, b = fresh(public_view()), fresh(public_view())
    assert a == b and len(a[1]) == 16
    # facts the board does not draw (counts, discards, options) do not force a re-upload
    assert fresh(public_view(hand_n={"p1": 3}, discards={"destruction": ["fireball.1"]}, library={})) == a


def test_a_view_with_missing_keys_still_draws():
    """The engine is still moving: a view without the optional facts draws what is there."""
    for v in ({"seats": ["p1", "p2"]}, {}, public_view(board=None, evos=[{"id": "v9"}], inst={"Z9": {"p1": 1}}),
              public_view(mage=None, pos=None, dmg=None, pp=None, layout=None, cells=None, final=None, over=True),
              seat_view(hand=None, my_slots=None, choice=None, quests=None)):
        png, key = fresh(v)
        assert decoded(png).width == P.WIDTH and len(key) == 16


@pytest.mark.parametrize("players,seed,steps", [(2, 3, 40), (3, 1, 200), (4, 2, 170), (4, 2, 2000)])
def test_seeded_boards_decode_small_at_discord_width(players, seed, steps):
    st = play(players, seed, steps)
    png, key = fresh(st.view(None))
    img = decoded(png)
    assert img.format == "PNG" and img.mode == "P"  # palette: small
    assert img.width == P.WIDTH and img.height <= P.MAX_RATIO * P.WIDTH
    assert len(png) < 100_000 and len(key) == 16
    for seat in st.seats:
        png, key = fresh(st.view(seat))
        img = decoded(png)
        assert img.mode == "P" and img.width == H.WIDTH and 200 <= img.height <= H.MAX_HEIGHT and len(png) < 100_000


def test_every_phase_draws_for_every_reader():
    st = GAME.new(["p1", "p2", "p3", "p4"], 5, None)
    rng = random.Random(5)
    seen = set()
    for _ in range(3000):
        phase = st.view(None)["phase"]
        if phase not in seen or st.over:
            seen.add(phase)
            for reader in (None, *st.seats):
                assert P.draw(st.view(reader))[0].startswith(b"\x89PNG")
        if st.over:
            break
        pend = st.pending()
        seat = sorted(pend)[0]
        st.act(seat, rng.choice(pend[seat]))
    assert st.over and len(seen) > 3


def test_the_hand_picture_shows_the_seats_own_spells():
    """Each card in hand, the readied spell and the studied card are drawn; without them the picture differs."""
    full = fresh(seat_view())
    for change in ({"hand": ["fireball.1", "jester_hat.2"]}, {"my_slots": []}, {"choice": {}}, {"quests": []},
                   {"choice": {"kind": "prep", "ready": [["fireball.1", "s"]]}}):
        other = fresh(seat_view(**change))
        assert other[0] != full[0] and other[1] != full[1]
    # the side a spell was readied with (a smaller hand: a full one leaves the Ready strip to the last line)
    small = fresh(seat_view(hand=["fireball.1"]))
    other = fresh(seat_view(hand=["fireball.1"],
                            my_slots=[{"slot": 1, "card": "destructive_bolt.2", "side": "s", "state": "ready"}]))
    assert other[0] != small[0] and other[1] != small[1]
    # the seat's picture is its spells, not the board: a public fact it does not draw leaves it alone
    assert fresh(seat_view(turn=6, pp={"p1": 9})) == full
    facts = H.facts_of(seat_view())
    assert [c["name"] for c in facts["hand"]] == ["Fireball", "Jester Hat", "Ring of Fire"]
    straight, reverse = facts["hand"][0]["sides"]
    assert straight == ["s", "Combat · a room, range 1 · Fire: No Protection can be triggered against it. "
                             "Deal 3 damage to every model in the target room."]
    assert reverse[0] == "r" and reverse[1].startswith("Combat · a room, range 1 · Fire: Deal 2 damage")
    # a readied spell shows the side it was readied with
    assert facts["ready"][0]["name"] == "Destructive Bolt" and [k for k, _ in facts["ready"][0]["sides"]] == ["r"]
    assert [k for k, _ in facts["hand"][1]["sides"]] == ["blue", "green"]  # a Room Trap: one side per colour
    assert facts["hand"][2]["school"] == "destruction"  # Nero's Custom Spell wears his school's colour


# ---- nothing hidden leaks: change only hidden cards in the saved state, the public picture stays ----------

def _swap_one(a: list, b: list) -> None:
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if x != y:
                a[i], b[j] = y, x
                return


def _hidden(sl: dict) -> bool:
    return sl["state"] in ("ready", "armed") and not sl.get("shown")


def hide(d: dict, a: str, b: str) -> None:
    """Edit only what nobody but its holder may see, for seats a and b, and every deck's order."""
    _swap_one(d["hand"][a], d["hand"][b])
    _swap_one(d["quests"][a], d["quests"][b])
    for s in (a, b):
        d["grimoire"][s].reverse()
        d["aside"][s].reverse()
        for sl in d["slots"][s]:
            if _hidden(sl):
                sl["side"] = "r" if sl["side"] == "s" else "s"
    for arm in d["armed"]:
        if arm["seat"] in (a, b):
            arm["side"] = "r" if arm["side"] == "s" else "s"
    for deck in (*d["qdeck"].values(), *d["edeck"].values(), *d["library"].values(), d["forgotten"]):
        deck.reverse()


def armed_position():
    """The first moment of a seeded 3-seat game where a Trap or Protection is armed face down: hands, Quests,
    Grimoires and (usually) ready spells are hidden too. Searched, so it survives rule changes."""
    for seed in range(1, 30):
        st = GAME.new(["p1", "p2", "p3"], seed, None)
        rng = random.Random(seed)
        while not st.over:
            d = st.to_json()
            if d["armed"]:
                return st
            pend = st.pending()
            seat = sorted(pend)[0]
            st.act(seat, rng.choice(pend[seat]))
    raise AssertionError("no game armed a Trap")


def test_public_picture_depends_only_on_public_facts():
    st = armed_position()
    data = st.to_json()
    a = data["armed"][0]["seat"]
    b, c = [s for s in st.seats if s != a]
    hidden = copy.deepcopy(data)
    hide(hidden, a, b)
    other = GAME.load(hidden)
    assert other.view(None) == st.view(None)
    assert fresh(other.view(None)) == fresh(st.view(None))
    # the hidden change is real: the seat whose armed spell turned over sees another picture
    assert other.view(a) != st.view(a)
    assert fresh(other.view(a))[0] != fresh(st.view(a))[0]
    # and a seat's own picture does not change when only other seats' hidden cards do
    assert fresh(other.view(c)) == fresh(st.view(c))


def test_the_board_is_drawn_from_public_facts_even_given_a_seats_view():
    """facts_of reads only public keys, so the board facts of any seat's view equal the spectator's."""
    st = armed_position()
    board = P.facts_of(st.view(None))
    for s in st.seats:
        assert P.facts_of(st.view(s)) == board


if __name__ == "__main__":
    print(f'    "board": "{pixels_sha(fresh(public_view())[0])}",')
    print(f'    "hand": "{pixels_sha(fresh(seat_view())[0])}",')


def test_the_hand_picture_shows_readied_spells_as_readying_not_in_hand():
    """The engine keeps readied spells in the hand until every mage is ready; for the player they lie on
    the Mage Sheet: the picture draws them under "Readying now" (or as the Preparation set), not in hand."""
    from engine.blackrose import bot as brw_bot

    rng = random.Random(5)
    st = GAME.new(["p1", "p2", "p3"], 5, {})
    while not (st.stack and st.stack[-1]["k"] == "prep"):
        seat = sorted(st.pending())[0]
        st.act(seat, brw_bot.bot_choice(st.view(seat), st.pending()[seat], rng))
    before = H.facts_of(st.view("p1"))
    first = next(a for a in st.pending()["p1"] if a["type"] == "ready")
    st.act("p1", first)
    after = H.facts_of(st.view("p1"))
    assert after["in_hand"] == before["in_hand"] - 1
    assert before["readying"] == []
    assert after["readying"] == [dict(H.spell_facts(first["card"], first["side"]), slot=H._slot("q", ""),
                                      named=T.card_label(first["card"], first["side"]))]
    for _ in range(8):  # p1 readies until its Preparation is set, while the others still prepare
        if "p1" not in st.pending():
            break
        legal = st.pending()["p1"]
        st.act("p1", next((a for a in legal if a["type"] == "ready"), None) or
               next(a for a in legal if a["type"] == "confirm"))
    set_ = st.view("p1")["prepared"]
    done = H.facts_of(st.view("p1"))
    assert len(done["readying"]) == len(set_) and done["in_hand"] == before["in_hand"] - len(set_)
