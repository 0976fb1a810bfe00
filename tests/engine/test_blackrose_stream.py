"""Black Rose Wars is the same game wherever it runs: seeded random games reproduce a recorded stream of
every legal-action list, chosen action, event list, state (to_json) and, every few steps, every reader's view.

The recorded digests guard the engine's speed work (caches, precomputed tables): any change in which
actions are legal or in what order, in an event, a state field or a view shows here. A deliberate change of
the rules or of data/blackrose/ changes the stream too: then re-record with
`.venv/bin/python -m tests.engine.test_blackrose_stream` and say in the commit why the stream changed."""
from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from engine.blackrose import GAME
from engine.blackrose.state import FIELDS, _SNAPSHOT, shuffle
from engine.rng import Rng

OPTION_SETS = [{}, {"overkill": True}, {"overload": True}, {"for_the_crown": True}, {"extra_turns": True},
               {"overkill": True, "overload": True, "for_the_crown": True, "extra_turns": True}]
VIEW_EVERY = 5


def stream_digest(seed: int) -> str:
    """The digest of one random whole game (2-4 seats and the option set by seed), as the bench plays it."""
    seats = [f"p{i}" for i in range(1, 2 + seed % 3 + 1)]
    rng = random.Random(seed)
    st = GAME.new(seats, seed, OPTION_SETS[seed % len(OPTION_SETS)])
    h = hashlib.sha256()
    step = 0
    while not st.over:
        pending = st.pending()
        seat = rng.choice(sorted(pending))
        action = rng.choice(pending[seat])
        events = st.act(seat, action)
        h.update(orjson.dumps([pending, seat, action, events, st.to_json()]))
        step += 1
        if step % VIEW_EVERY == 0:
            h.update(orjson.dumps([st.view(r) for r in (None, *seats)]))
    h.update(orjson.dumps(st.result()))
    return h.hexdigest()[:20]


# Recorded on the rules of this commit (see the module docstring to re-record). Last re-recorded for issue 33 (windows and clicks merged):
# standing orders (Quests kept and Evocations hunting unless the mage asks; the state's "ask_me"), the Study
# (all four from one deck or "mix schools", a spell removed at any point) and Obscure Intuition as the card
# reads change which actions are legal and the state.
RECORDED = {
    0: '5cc33d4a790a81de7783',
    1: 'f83a71e6b89724f34a34',
    2: 'd75140aa5ad9aa7f685a',
    3: 'ea0bb8414a8737705fe1',
    4: 'b1b95368b34c4b4a700e',
    5: 'a022632203a406eb2d81',
    6: '591ba1b3fe5d0b6f1425',
    7: '92af055b5f5d71d6d005',
    8: '5129b7ba9cc20fe2a708',
    9: 'da175e838e5379c3e58f',
    10: 'd3356176116ab6ce773a',
    11: '489a190464333aa7fe2e',
    37: 'c9901d218e60728ca5c6',
}


@pytest.mark.parametrize("seed", sorted(RECORDED))
def test_seeded_game_reproduces_the_recorded_stream(seed):
    assert stream_digest(seed) == RECORDED[seed]


def test_a_game_does_not_depend_on_the_string_hash_seed():
    """Seed 37 once completed two Quests in an order that followed the process's string hash seed (a set
    of elements iterated in after_cast), so a replay in another process could tell another story."""
    root = Path(__file__).resolve().parents[2]
    code = "from tests.engine.test_blackrose_stream import stream_digest; print(stream_digest(37))"
    out = set()
    for hash_seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                             check=True)
        out.add(run.stdout.strip())
    assert len(out) == 1, out


def test_a_reaction_snapshot_covers_every_field_once():
    grouped = [f for fields, _ in _SNAPSHOT for f in fields]
    assert sorted(grouped) == sorted(FIELDS)


def test_to_json_and_load_hand_over_copies():
    st = GAME.new(["p1", "p2"], 3)
    data = st.to_json()
    data["pos"]["p1"], data["library"]["destruction"][0] = "changed", "changed"
    assert st.pos["p1"] != "changed" and st.library["destruction"][0] != "changed"
    loaded = GAME.load(data)
    data["pos"]["p2"] = "changed too"
    assert loaded.pos["p2"] != "changed too" and loaded.pos["p1"] == "changed"


def test_the_inlined_shuffle_draws_as_rng_does():
    for seed in (0, 1, 7, 2**63 + 5, 2**64 - 1, 2**70 + 3):
        for n in (0, 1, 2, 3, 17, 40, 120):
            mine, theirs = list(range(n)), list(range(n))
            r = Rng(seed)
            r.shuffle(theirs)
            assert (shuffle(seed, mine), mine) == (r.state, theirs)


if __name__ == "__main__":
    for s in (*range(12), 37):
        print(f"    {s}: {stream_digest(s)!r},")
