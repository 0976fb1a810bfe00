"""Picture speed and size: `python bench/bench_pictures.py [positions_per_game]`.

For each game, views (the board and a seat's hand) are sampled from seeded random games; each is drawn
from scratch (the recent-pictures cache is cleared). Printed per game and kind, in milliseconds: the
mean and worst whole draw() (facts, drawing, palette, PNG), then the same-run baseline of a blank
Image.new of the same size saved as PNG, and the mean and largest PNG in KB."""
from __future__ import annotations

import importlib
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import engine  # noqa: E402
from present import draw as D  # noqa: E402

PLAYERS = {"raven": 4, "deadlies": 4, "nevermore": 4, "everrain": 3}


def sample_views(key: str, count: int) -> tuple[list[dict], list[dict]]:
    """`count` public views and `count` seat views spread over seeded games."""
    n = PLAYERS[key]
    boards, hands = [], []
    seed = 0
    while len(boards) < count:
        st = engine.GAMES[key].new([f"p{i + 1}" for i in range(n)], seed, None)
        rng = random.Random(seed)
        step = 0
        while not st.over and len(boards) < count:
            if step % 17 == 0:
                boards.append(st.view(None))
                hands.append(st.view(sorted(st.pending())[0] if st.pending() else "p1"))
            pend = st.pending()
            seat = sorted(pend)[0]
            st.act(seat, rng.choice(pend[seat]))
            step += 1
        seed += 1
    return boards, hands


def blank_png(size: tuple[int, int]) -> float:
    t = time.perf_counter()
    out = io.BytesIO()
    Image.new("RGB", size, D.FELT).save(out, "PNG")
    return time.perf_counter() - t


def main(count: int) -> None:
    print(f"{'picture':18} {'mean ms':>8} {'worst ms':>9} {'blank ms':>9} {'mean KB':>8} {'max KB':>7}")
    for key in PLAYERS:
        draw = importlib.import_module(f"present.{key}.picture").draw
        boards, hands = sample_views(key, count)
        draw(boards[0])  # warm the font and sprite caches once, as a running bot has them
        for kind, views in (("board", boards), ("hand", hands)):
            times, blanks, sizes = [], [], []
            for v in views:
                D._recent.clear()
                t = time.perf_counter()
                png, _ = draw(v)
                times.append(time.perf_counter() - t)
                size = Image.open(io.BytesIO(png)).size
                blanks.append(blank_png(size))
                sizes.append(len(png))
            print(f"{key + ' ' + kind:18} {statistics.mean(times) * 1e3:8.1f} {max(times) * 1e3:9.1f} "
                  f"{statistics.mean(blanks) * 1e3:9.2f} {statistics.mean(sizes) / 1024:8.1f} "
                  f"{max(sizes) / 1024:7.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
