"""What one click costs the Discord side: work built and requests sent, over whole games through simcord.

    python bench/bench_publish.py [games]

Random human clicks play whole games (Raven with 4 humans, Black Rose Wars with 3) and every forced move
plays itself. Counted per click, by wrapping the engine's and the presenters' entry points (so the figures
do not depend on how the host is built):
  views      engine State.view calls (per click, and per action: a forced move is an action, not a click)
  boards     presenter board() calls
  hands      presenter hand() calls
  labels     presenter label() calls (or the labels a presenter words a whole prompt with)
  REST       Discord requests per accepted action (the interaction answer included)
and per game: DM edits, those that changed nothing (same body as the message's last one, custom ids
included), those that changed only the buttons' custom ids (the same choices again after a move: the new
prompt key makes the old buttons stale, so the edit is needed), those that only uploaded the same picture again, the most edits of the clicker's own DM within one click, and pictures
uploaded. The baseline beside them is the floor the issue sets: views <= seats + 1, one board per publish,
no no-op edits, at most one edit of the clicker's DM per click.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simtable import sim_table  # noqa: E402

from engine import GAMES  # noqa: E402
from present import presenter  # noqa: E402

COUNTS: Counter = Counter()


def _count(cls, name: str, key: str, each=False) -> None:
    """Count calls of cls.name under COUNTS[key]; `each`: count the items it returns instead. A call that
    returns None built nothing and is not counted (a dm_hand that leaves the hand to hand())."""
    original = getattr(cls, name)
    if getattr(original, "_counted", False):
        return

    def wrapper(*args, **kwargs):
        result = original(*args, **kwargs)
        if result is not None:
            COUNTS[key] += len(result) if each else 1
        return result

    wrapper._counted = True  # type: ignore[attr-defined]
    setattr(cls, name, wrapper)


def instrument(game: str) -> None:
    state = GAMES[game].new(["p1", "p2", "p3"] if game != "raven" else ["p1", "p2"], 1, None)
    _count(type(state), "view", "views")
    p = presenter(game)
    for name, key in (("board", "boards"), ("hand", "hands"), ("dm_hand", "hands"), ("label", "labels")):
        _count(type(p), name, key)
    if hasattr(type(p), "labels"):  # a presenter that words a whole prompt at once (Black Rose Wars)
        _count(type(p), "labels", "labels", each=True)


def _visible(value, drop=("custom_id", "attachments", "id")):
    """A payload as the reader sees it: custom ids (which carry the prompt key) left out, unless told."""
    if isinstance(value, dict):
        return {k: _visible(v, drop) for k, v in value.items() if k not in drop}
    if isinstance(value, list):
        return [_visible(v, drop) for v in value]
    return value


def _body_of(payload: dict) -> tuple[str, str]:
    """A message edit's visible body, and the same with its custom ids, without the attachment list (new
    uploads are counted apart)."""
    return (json.dumps(_visible(payload), sort_keys=True, default=str),
            json.dumps(_visible(payload, ("attachments", "id")), sort_keys=True, default=str))


def _uploads(entry) -> int:
    """Files uploaded by one request: discord.py lists each new file with its filename (kept ones by id)."""
    body = entry.json if isinstance(entry.json, dict) else {}
    return sum(1 for a in body.get("attachments") or [] if isinstance(a, dict) and "filename" in a)


async def play(game: str, humans: int, seed: int, limit: int = 4000) -> dict:
    instrument(game)
    async with sim_table(game, humans, seed) as sim:
        env, table, channel = sim.env, sim.table, sim.channel
        COUNTS.clear()
        start, version = len(env.http_requests), table.version
        state = {"clicker_most": 0}
        answered: dict[int, str] = {}  # index of a type 7 answer -> the path of the DM message it edited

        def after(seat_id: str, mark: int) -> None:
            seat = table.seat(seat_id)
            mine, own = seat.dm_channel_id, 0
            for i, e in enumerate(env.http_requests[mark:], start=mark):
                if e.method == "POST" and e.path.endswith("/callback") and (e.json or {}).get("type") == 7:
                    own += 1
                    if mine and seat.dm_message_id:
                        answered[i] = f"/channels/{mine}/messages/{seat.dm_message_id}"
                elif e.method == "PATCH" and mine and e.path.startswith(f"/channels/{mine}/messages/"):
                    own += 1
            state["clicker_most"] = max(state["clicker_most"], own)

        clicks = await sim.clicks(limit, after)
        clicker_most = state["clicker_most"]
        requests = env.http_requests[start:]
        actions = table.version - version
        dm_edits = noop = ids_only = picture_only = uploads = 0
        last: dict[str, str] = {}
        for i, e in enumerate(requests, start=start):
            uploads += _uploads(e)
            if i in answered:  # the click's own answer edited the clicker's DM
                dm_edits += 1
                body = _body_of((e.json or {}).get("data") or {})
                path = answered[i]
            elif e.method == "PATCH" and "/messages/" in e.path and int(e.path.split("/")[2]) != channel.id:
                dm_edits += 1
                body, path = _body_of(e.json or {}), e.path
            else:
                continue
            if last.get(path, ("",))[0] == body[0]:
                if _uploads(e):
                    picture_only += 1
                elif last[path][1] == body[1]:
                    noop += 1
                else:
                    ids_only += 1
            last[path] = body
        return {"clicks": clicks, "actions": actions, "requests": len(requests), "seats": len(table.seats),
                "dm_edits": dm_edits, "noop": noop, "ids_only": ids_only, "picture_only": picture_only, "uploads": uploads,
                "clicker_most": clicker_most, **{k: COUNTS[k] for k in ("views", "boards", "hands", "labels")}}


async def main(games: int) -> None:
    random.seed(0)
    print(f"{'game':<22} {'views/click':>11} {'/action':>7} {'(floor)':>7} {'boards':>7} {'hands':>6} {'labels':>7} "
          f"{'REST/action':>11} {'DM edits':>8} {'no-op':>6} {'ids only':>8} {'pic-only':>8} {'uploads':>7} {'clicker max':>11}")
    for game, humans in (("raven", 4), ("blackrose", 3)):
        for seed in range(games):
            r = await play(game, humans, seed)
            c = max(1, r["clicks"])
            print(f"{game + f' ({humans}) #{seed}':<22} {r['views'] / c:>11.1f} "
                  f"{r['views'] / max(1, r['actions']):>7.1f} {r['seats'] + 1:>7} "
                  f"{r['boards'] / c:>7.1f} {r['hands'] / c:>6.1f} {r['labels'] / c:>7.1f} "
                  f"{r['requests'] / max(1, r['actions']):>11.2f} {r['dm_edits']:>8} {r['noop']:>6} {r['ids_only']:>8} "
                  f"{r['picture_only']:>8} {r['uploads']:>7} {r['clicker_most']:>11}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
