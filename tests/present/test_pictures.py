"""The game pictures: seeded positions give the stored bytes (sha256), PNGs decode at the promised size
and stay small, keys follow the pictures, and a public picture never changes when only hidden cards do."""
from __future__ import annotations

import hashlib
import importlib
import io
import platform
import random

import pytest
from PIL import Image

import engine
from tests.engine.conformance import advanced
from tests.engine.registry import keys
from present import draw as D
from present import phone as P
from tests.present.i18n_games import NAMES

# Every registered game that draws its board (Traits.pictures), but Black Rose Wars: its pictures have their
# own tests (test_blackrose_picture.py).
GAMES = [key for key in keys() if engine.GAMES[key].traits.pictures and key != "blackrose"]


def picture(key: str):
    return importlib.import_module(f"present.{key}.picture")


play = advanced


def fresh_draw(key: str, view: dict) -> tuple[bytes, str]:
    D._recent.clear()  # draw for real, not from the recent-pictures cache
    return picture(key).draw(view, NAMES)


# (game, players, seed, steps, reader) -> (sha256 of the decoded picture, sha256 of the PNG bytes).
# The decoded picture (size, palette, pixels) is what players see and must match everywhere. The PNG bytes
# also depend on the deflate library Pillow bundles (zlib-ng, whose output differs between CPU families),
# so they are compared only where they were recorded. Regenerate after a deliberate drawing change (and
# bump draw.STYLE) with:  .venv/bin/python tests/present/test_pictures.py
RECORDED_ON = ("x86_64", "2.3.3")  # machine, zlib-ng version
POSITIONS = {
    ("raven", 4, 7, 40, None): ("22d4c909e14b3d01767e51c856a14295afb595adec58aa79d52a8159613dc577",
                                "ef4ed21801878f6dec2e423a2af60b4a2a5a04081884d4f403a82cf462e1fae0"),
    ("raven", 4, 7, 40, "turn"): ("2dbb4e41b6f721728c973143dde075d5059c114f96423d2e0f5bdc71317e6b90",
                                  "fa13da2fd0f1ef2bebe268fc294fe7acf7d9a93c791e155a599d3c2d8f0a0dbb"),
    ("raven", 3, 5, 6, None): ("213f0dc57cbcf082c1f27a6dd6ae5e75829308e86422d0f27d74df8c0ff0a900",
                               "98cae874a03ff2c772da0c54892c1597dcb2eb7c9857d5f3f41e75026b78ed23"),
    ("deadlies", 4, 7, 12, None): ("e195dd4b75a45af92ea195dd8dc9ee97da1ab357f4cad59c41341e7be3a474df",
                                   "a1cd9b838f88f1158f440b97f374285b53a4fa08bb41949dd5811d01ea872a51"),
    ("deadlies", 4, 7, 12, "turn"): ("872e1903ddc7f44c4882fd8e41404fb41e73a6d98616eb62926c981fb47a13d5",
                                     "50b122cced49776baf04619981fd4bd7ee15892df99ef9c1cfaf47d51aa68286"),
    ("nevermore", 4, 7, 3, None): ("ac6ca744ea720cd4ead23dc893352e781d26ec3583e1bb6f1738aff3f39ece6f",
                                   "7c40988865b7fb717af4b9e21c05aebbebea993931f1c0c009165b87ac902ec4"),
    ("nevermore", 4, 7, 3, "p1"): ("b3361fecc54c1151edcbde12473382bd00d9e06eb1e1bd9f43e137be9a3cd44c",
                                   "eef513553e2e75df54e41c81711f51c9dab05cc64d4a69d093b8dbf614396347"),
    ("everrain", 3, 7, 12, None): ("bd8bc5a45a605d09969726a49a2fe37c1cbac8346a612b3b1b6586f7ceece139",
                                   "04cdaf750feb6fdd1d4a7f07bcac4d2756ada143d3336a1f7a2a6ba5e184f82f"),
    ("everrain", 3, 0, 18, "p3"): ("204938b8c667b1d058aaf0c706e19f88bcee24519cbe43564da85f8d364154d0",
                                   "850faef8df7bfe7c473a60358c82eb9060e28141a19527cfe65d7a1b42ebe80f"),
}


def position_png(game: str, players: int, seed: int, steps: int, reader: str | None) -> bytes:
    st = play(game, players, seed, steps)
    if reader == "turn":
        reader = sorted(st.pending())[0]
    return fresh_draw(game, st.view(reader))[0]


def pixels_sha(png: bytes) -> str:
    img = Image.open(io.BytesIO(png))
    img.load()
    head = f"{img.mode} {img.size} ".encode() + bytes(img.getpalette() or [])
    return hashlib.sha256(head + img.tobytes()).hexdigest()


def png_comparable() -> bool:
    from PIL import features
    return (platform.machine(), features.version("zlib_ng") or "") == RECORDED_ON


@pytest.mark.parametrize("pos", list(POSITIONS), ids=lambda p: "-".join(map(str, p)))
def test_seeded_positions_draw_the_stored_pictures(pos):
    png = position_png(*pos)
    pixels, png_hash = POSITIONS[pos]
    assert pixels_sha(png) == pixels
    if png_comparable():
        assert hashlib.sha256(png).hexdigest() == png_hash


@pytest.mark.parametrize("pos", list(POSITIONS)[:1] + list(POSITIONS)[3:4])
def test_drawing_twice_gives_the_same_bytes(pos):
    assert position_png(*pos) == position_png(*pos)


@pytest.mark.parametrize("game,players", [("raven", 4), ("deadlies", 5), ("nevermore", 4), ("everrain", 3)])
def test_pictures_decode_at_phone_width_and_stay_small(game, players):
    st = play(game, players, 3, 25)
    for reader in (None, "p1", "p2"):
        png, key = fresh_draw(game, st.view(reader))
        img = Image.open(io.BytesIO(png))
        img.load()
        assert img.format == "PNG" and img.mode == "P"  # palette: small
        assert img.width == P.WIDTH and 200 <= img.height <= P.TALLEST  # phone-sized (present/phone.py)
        assert len(png) < 60_000
        assert len(key) == 16


@pytest.mark.parametrize("game,players,seed", [("raven", 2, 1), ("raven", 6, 2), ("deadlies", 3, 1),
                                               ("deadlies", 6, 2), ("nevermore", 3, 1), ("nevermore", 6, 2),
                                               ("everrain", 1, 1), ("everrain", 5, 2)])
def test_every_phase_draws_for_every_reader(game, players, seed):
    """A whole seeded game: the first time each kind of moment comes up (phase, effect, prompt), and at
    the end, the public view and every seat's view draw a PNG."""
    st = engine.GAMES[game].new([f"p{i + 1}" for i in range(players)], seed, None)
    rng = random.Random(seed)
    seen = set()
    for _ in range(4000):
        v = st.view(None)
        moment = (v.get("phase"), str((v.get("effect") or {}).get("kind")), (v.get("prompt") or {}).get("kind"))
        if moment not in seen or st.over:
            seen.add(moment)
            for reader in [None] + [f"p{i + 1}" for i in range(players)]:
                png, _ = picture(game).draw(st.view(reader))
                assert png.startswith(b"\x89PNG")
        if st.over:
            break
        pend = st.pending()
        seat = sorted(pend)[0]
        st.act(seat, rng.choice(pend[seat]))
    assert st.over and len(seen) > 1


@pytest.mark.parametrize("game", GAMES)
def test_equal_keys_mean_equal_pictures_and_facts_change_the_key(game):
    st = play(game, 3, 11, 10)
    a = fresh_draw(game, st.view(None))
    b = fresh_draw(game, st.view(None))
    assert a == b
    moved = play(game, 3, 11, 30)
    c = fresh_draw(game, moved.view(None))
    assert (c[1] == a[1]) == (c[0] == a[0])
    assert c[1] != a[1]


# ---- nothing hidden leaks: change only hidden cards in the saved state, the public picture stays ----

def _swap_hand_cards(hands: dict, a: str, b: str, keep=()) -> None:
    """Trade one card between two hands, picking cards that differ and are not publicly known."""
    for i, x in enumerate(hands[a]):
        for j, y in enumerate(hands[b]):
            if x != y and x not in keep and y not in keep:
                hands[a][i], hands[b][j] = y, x
                return
    raise AssertionError("no card to trade")


def _hide_raven(d: dict) -> None:
    from engine.raven.cards import ORDER
    _swap_hand_cards(d["hands"], "p2", "p3")
    for s in ("p2", "p3"):
        d["hands"][s].sort(key=ORDER.__getitem__)


def _hide_deadlies(d: dict) -> None:
    known = {c for k in d["known"].values() for c in k} | {"HALO"}
    _swap_hand_cards(d["hands"], "p2", "p3", keep=known)
    d["deck"].reverse()


def _hide_nevermore(d: dict) -> None:
    # Swap cards of different suits that neither player has picked to pass.
    from engine.nevermore.cards import SUIT_OF
    picked = set(d["picked"]["p2"]) | set(d["picked"]["p3"])
    for i, x in enumerate(d["hand"]["p2"]):
        for j, y in enumerate(d["hand"]["p3"]):
            if SUIT_OF[x] != SUIT_OF[y] and x not in picked and y not in picked:
                d["hand"]["p2"][i], d["hand"]["p3"][j] = y, x
                d["deck"].reverse()
                return
    raise AssertionError("no card to trade")


def _hide_everrain(d: dict) -> None:
    for deck in d["decks"][str(d["act"])].values():
        deck.reverse()
    d["crew_pool"].reverse()


HIDE = {"raven": ("raven", 4, 7, 40, _hide_raven), "deadlies": ("deadlies", 4, 7, 12, _hide_deadlies),
        "nevermore": ("nevermore", 4, 7, 3, _hide_nevermore), "everrain": ("everrain", 3, 7, 12, _hide_everrain)}


@pytest.mark.parametrize("game", list(HIDE))  # each game's own way of moving only hidden cards
def test_public_picture_depends_only_on_public_facts(game):
    _, players, seed, steps, hide = HIDE[game]
    st = play(game, players, seed, steps)
    data = st.to_json()
    hide(data)
    other = engine.GAMES[game].load(data)
    assert other.view(None) == st.view(None)
    assert fresh_draw(game, other.view(None)) == fresh_draw(game, st.view(None))
    if game != "everrain":  # the hidden change is real: the seat that holds it sees another hand
        assert fresh_draw(game, other.view("p2"))[0] != fresh_draw(game, st.view("p2"))[0]


def test_everrain_seat_picture_adds_only_its_own_stories():
    """A seat with no face-down Story card gets the board's picture; one holding a Story gets a picture
    of its own, which no other seat's picture shares."""
    st = play("everrain", 3, 0, 18)
    board = fresh_draw("everrain", st.view(None))
    assert st.view("p3")["ships"]["p3"]["my_stories"]  # p3 holds a face-down Story here
    assert not st.view("p1")["ships"]["p1"]["my_stories"]
    assert fresh_draw("everrain", st.view("p1")) == board
    mine = fresh_draw("everrain", st.view("p3"))
    assert mine[1] != board[1] and mine[0] != board[0]


def test_the_font_is_pillows_bundled_one():
    """No system font is looked up, so a fresh machine draws the same glyphs."""
    f = D.font(20)
    assert f.getname()[0] == "Aileron"
    assert f.layout_engine == D.ImageFont.Layout.BASIC


if __name__ == "__main__":
    for p in POSITIONS:
        src = "(" + ", ".join(f'"{x}"' if isinstance(x, str) else repr(x) for x in p) + ")"
        png = position_png(*p)
        print(f'    {src}: ("{pixels_sha(png)}",\n' + " " * (len(src) + 7) + f'"{hashlib.sha256(png).hexdigest()}"),')


@pytest.mark.parametrize("game", GAMES + ["blackrose"])
def test_keys_only_gives_the_drawn_pictures_key_without_drawing(game, monkeypatch):
    """A hand picture is compared with the board's by key (bot/render.py `board_picture_key`): the key
    must be the drawn picture's, and nothing may be drawn or cached for it."""
    st = play(game, 3, 7, 12)
    drawn = fresh_draw(game, st.view(None))
    D._recent.clear()
    monkeypatch.setattr(D, "encode", lambda img, colours=64: pytest.fail("drew a picture for its key"))
    with D.keys_only():
        png, key = picture(game).draw(st.view(None), NAMES)
    assert key == drawn[1] and png == b"" and not D._recent
    monkeypatch.undo()
    assert picture(game).draw(st.view(None), NAMES) == drawn, "outside keys_only it draws again"


def test_everrain_hand_picture_is_none_where_it_is_the_boards_without_drawing_the_board():
    """bot/render.hand_picture leaves out a seat's picture equal to the board's, comparing keys only."""
    from types import SimpleNamespace
    from bot import render

    class Frame:  # one version's views and memo, as bot/table.Frame keeps them
        def __init__(self):
            self.memos = {}

        def view(self, reader):
            return st.view(reader)

        def memo(self, key, build):
            return self.memos[key] if key in self.memos else self.memos.setdefault(key, build())

    st = play("everrain", 3, 0, 18)
    table = SimpleNamespace(game=engine.GAMES["everrain"], state=st, game_key="everrain", names=NAMES)
    D._recent.clear()
    board_key = fresh_draw("everrain", st.view(None))[1]
    D._recent.clear()
    frame = Frame()
    mine = render.hand_picture(table, "p3", frame)
    assert mine is not None and mine[1] != board_key
    assert board_key not in D._recent, "the board was compared by key, not drawn"
    assert render.hand_picture(table, "p1", frame) is None  # p1 holds no Story: the board's picture
