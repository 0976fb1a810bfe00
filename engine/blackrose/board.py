"""The Lodge as hexes (axial coordinates): the Black Rose Room at the centre, two rings of rooms, Cells outside.

Rooms are addressed by a label a player can read off the map: "X" for the centre, "A1".."A6" for the inner
ring and "B1".."B12" for the outer ring, clockwise from the east. Spell range is counted in straight hex
lines: a target within range r lies k <= r steps along one of the six directions."""
from __future__ import annotations

from functools import lru_cache

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def ring(radius: int) -> list[tuple[int, int]]:
    if radius == 0:
        return [(0, 0)]
    out = []
    q, r = DIRS[4][0] * radius, DIRS[4][1] * radius
    for d in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRS[d][0], r + DIRS[d][1]
    return out


def _labels() -> dict[tuple[int, int], str]:
    out = {(0, 0): "X"}
    for radius, letter in ((1, "A"), (2, "B")):
        hexes = sorted(ring(radius), key=lambda h: _angle(h))
        for i, h in enumerate(hexes, 1):
            out[h] = f"{letter}{i}"
    return out


def _angle(h: tuple[int, int]) -> float:
    import math
    q, r = h
    x, y = q + r / 2, -r * math.sqrt(3) / 2
    return (-math.atan2(y, x)) % (2 * math.pi)


LABEL: dict[tuple[int, int], str] = _labels()
HEX: dict[str, tuple[int, int]] = {v: k for k, v in LABEL.items()}
ROOM_LABELS: tuple[str, ...] = tuple(sorted(HEX, key=lambda s: (s[0] != "X", s[0], int(s[1:] or 0))))


def dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: tuple[int, int]) -> list[tuple[int, int]]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS]


def adjacent_rooms(label: str) -> list[str]:
    return [LABEL[n] for n in neighbours(HEX[label]) if n in LABEL]


ADJ: dict[str, list[str]] = {lab: adjacent_rooms(lab) for lab in HEX}


def cell_exits(cell) -> list[str]:
    return list(_cell_exits(tuple(cell)))


@lru_cache(maxsize=64)
def _cell_exits(cell: tuple[int, int]) -> tuple[str, ...]:
    return tuple(LABEL[n] for n in neighbours(cell) if n in LABEL)


@lru_cache(maxsize=256)
def in_line(origin: str, rng: int) -> tuple[str, ...]:
    """Rooms within `rng` steps in a straight line from origin (origin included: range 0 is your room)."""
    q, r = HEX[origin]
    out = [origin]
    for dq, dr in DIRS:
        for k in range(1, rng + 1):
            h = (q + dq * k, r + dr * k)
            if h not in LABEL:
                break
            out.append(LABEL[h])
    return tuple(out)


def within(origin: str, rng: int) -> list[str]:
    o = HEX[origin]
    return [lab for lab, h in HEX.items() if dist(o, h) <= rng]
