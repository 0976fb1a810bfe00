"""Black Rose Wars picture speed and size: `python bench/bench_blackrose_picture.py [positions]`.

Views (the public board and the acting seat's spells) are sampled every 13 moves from seeded 4-player games
played by random legal moves. Each is drawn from scratch (the recent-pictures cache cleared; the room-tile
and sprite caches warm, as in a running bot). Printed in milliseconds: the mean and worst whole draw()
(facts, drawing, palette, PNG) and its drawing part alone, beside the same-run baseline of a blank
Image.new of the same size saved as PNG; then the mean and largest PNG in KB."""
from __future__ import annotations

import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engine.blackrose import GAME  # noqa: E402
from present import draw as D  # noqa: E402
from present.blackrose import hand_picture as H  # noqa: E402
from present.blackrose import picture as P  # noqa: E402


def sample_views(count: int) -> tuple[list[dict], list[dict]]:
    boards, hands = [], []
    seed = 0
    while len(boards) < count:
        st = GAME.new(["p1", "p2", "p3", "p4"], seed, None)
        rng = random.Random(seed)
        step = 0
        while not st.over and len(boards) < count:
            if step % 13 == 0:
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
    Image.new("RGB", size, D.FELT).save(io.BytesIO(), "PNG")
    return time.perf_counter() - t


def main(count: int) -> None:
    boards, hands = sample_views(count)
    P.draw(boards[-1]), P.draw(hands[-1])  # warm the font and sprite caches once, as a running bot has them
    print(f"{'picture':18} {'mean ms':>8} {'worst ms':>9} {'drawing ms':>11} {'blank ms':>9} {'mean KB':>8} "
          f"{'max KB':>7}")
    for kind, views, facts_of, render in (("blackrose board", boards, P.facts_of, P.render),
                                          ("blackrose hand", hands, H.facts_of, H.render)):
        times, draws, blanks, sizes = [], [], [], []
        for v in views:
            D._recent.clear()
            t = time.perf_counter()
            png, _ = P.draw(v)
            times.append(time.perf_counter() - t)
            t = time.perf_counter()
            render(facts_of(v))
            draws.append(time.perf_counter() - t)
            blanks.append(blank_png(Image.open(io.BytesIO(png)).size))
            sizes.append(len(png))
        print(f"{kind:18} {statistics.mean(times) * 1e3:8.1f} {max(times) * 1e3:9.1f} "
              f"{statistics.mean(draws) * 1e3:11.1f} {statistics.mean(blanks) * 1e3:9.2f} "
              f"{statistics.mean(sizes) / 1024:8.1f} {max(sizes) / 1024:7.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
