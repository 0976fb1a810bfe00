"""Regenerate the example pictures in docs/pictures/ (a board and a hand per game) from seeded games, and
one game's board and hand in German and in Brazilian Portuguese (<game>-board.<lang>.png).

    .venv/bin/python bench/render_examples.py
"""
from __future__ import annotations

import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from PIL import Image  # noqa: E402
from present import draw, presenter  # noqa: E402

OUT = ROOT / "docs" / "pictures"
NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}


def play_until(key: str, players: int, seed: int, done, options=None, limit: int = 3000):
    """A seeded game played by random legal moves until done(state) holds (deterministic per seed)."""
    st = engine.GAMES[key].new([f"p{i + 1}" for i in range(players)], seed, options)
    rng = random.Random(seed)
    for _ in range(limit):
        if done(st) or st.over:
            return st
        pend = st.pending()
        seat = sorted(pend)[0]
        st.act(seat, rng.choice(pend[seat]))
    return st


# One interesting moment per game: a trick half played, a card on the pile, a draft, a voyage under way.
EXAMPLES = {
    "raven": (4, 7, lambda st: st.phase == "play" and len(st.trick) == 3 and st.hand_no >= 2),
    "deadlies": (4, 7, lambda st: st.turns >= 6 and st.phase == "build" and st.discard),
    "nevermore": (4, 7, lambda st: st.hand_no >= 2 and st.stack and st.stack[-1]["k"] == "draft"),
    "everrain": (3, 0, lambda st: st.d["card"] and any(st.d["story"]["facedown"][p] for p in st.d["seats"])),
    # Black Rose Wars: an Action Phase turn with Evocations out, instability placed and spells readied.
    "blackrose": (4, 2, lambda st: st.turn >= 3 and len(st.evos) >= 2 and len(st.inst) >= 3 and st.stack
                  and st.stack[-1]["k"] == "turn"
                  and any(sl["state"] == "ready" for sl in st.slots[st.stack[-1]["seat"]])),
}


# The game shown in other languages too (the README shows it in German and Brazilian Portuguese).
TRANSLATED = ("everrain", ("de", "pt-BR"))


def main() -> None:
    from present.i18n import reading

    OUT.mkdir(parents=True, exist_ok=True)
    for key, (players, seed, done) in EXAMPLES.items():
        st = play_until(key, players, seed, done)
        drawer = presenter(key)
        # The hand of the seat to act, or for the Everrain the seat holding a face-down Story.
        seat = next(iter(st.pending()), "p1")
        if key == "everrain":
            seat = next(p for p in st.d["seats"] if st.d["story"]["facedown"][p])
        for code in ("en", *(TRANSLATED[1] if key == TRANSLATED[0] else ())):
            with reading(code):
                # Drawn as the host draws them (the presenter, given the table's names): a picture that names
                # its players names them as the text beside it does.
                board, _ = drawer.picture(st.view(None), NAMES)
                hand, _ = drawer.picture(st.view(seat), NAMES)
            suffix = "" if code == "en" else f".{code}"
            (OUT / f"{key}-board{suffix}.png").write_bytes(board)
            (OUT / f"{key}-hand{suffix}.png").write_bytes(hand)
            print(f"{key} ({code}): board {len(board) // 1024} KB, hand ({seat}) {len(hand) // 1024} KB")
            if key == "blackrose" and code == "en":  # and as Discord shows it inline, 550 px wide
                img = Image.open(io.BytesIO(board)).convert("RGB")
                small = img.resize((550, round(img.height * 550 / img.width)), Image.Resampling.LANCZOS)
                (OUT / "blackrose-board-550.png").write_bytes(draw.encode(small))


if __name__ == "__main__":
    main()
