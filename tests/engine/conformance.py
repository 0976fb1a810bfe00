"""Random whole-game playouts through the common contract, with invariants checked at every step.

A game's test module calls `playout(game, seats, seed, options, secrets=..., check=...)`:
- secrets(state_json, seat) -> set of strings (card ids) that only `seat` may know right now; no other
  seat's view, nor the spectator view, nor any event addressed to someone else, may contain one;
  secrets(state_json, None) -> what nobody may know (undealt cards, deck order): no view may contain it;
- check(state_json) -> None: game-specific invariants such as card conservation (assert inside).
Every step also proves: load(to_json()) is identical and offers the same pending() (so no cached or
incrementally updated options ever differ from a fresh computation), an illegal action raises
IllegalAction and leaves the state unchanged, the game's presenter (present/<key>/) builds the board, the hand and every label, and
the public "waiting for" line does not change when only hidden cards move between seats (HIDDEN_SWAPS);
at the end the seed plus the action log replay to the identical final state.

What it costs (these playouts dominate the suite's time), without checking less:
- one to_json() per step serves every check (round trip, load, secrets, swaps, "rejection changed
  nothing"), serialised once with orjson;
- every reader's view is built once per step and scanned for leaks only when its serialised form
  changed since the last step (the strings found are kept per reader); the presenter reuses those views;
- the presenter's board and hand Docs are built at every step whose decision (what is being decided,
  and the kinds of legal actions) is new in this game, and on a fixed sample of the others, so every
  phase and decision kind is rendered; prompts and every label, leak checks, round trips and
  illegal-action probes still run at every step.
"""
from __future__ import annotations

import json
import random
import re
from typing import Any, Callable

import orjson

from engine import IllegalAction
from engine.core import Game
from present import fmt, presenter

Secrets = Callable[[dict, str], set[str]]


def strings_in(obj: Any) -> set[str]:
    """Every string (keys and values) anywhere in a JSON-able structure."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            out.update(k for k in x if isinstance(k, str))
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


# One JSON string literal (escapes included); written "unrolled" so the C engine runs through plain
# characters in one go (twice as fast as the alternation, same matches).
_JSON_STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')


def _strings_in_text(text: str) -> set[str]:
    found = set(_JSON_STRING.findall(text))
    if "\\" in text:  # orjson writes non-ASCII as it is, so only a string with an escape needs decoding
        found = {x if "\\" not in x else json.loads(f'"{x}"') for x in found}
    return found


def _dumps(obj: Any) -> bytes:
    # views and events may use int keys, as json.dumps allows
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)


def _strings_of(obj: Any) -> set[str]:
    """Every string (keys and values) in a JSON-able structure, found by the C encoder and regex engine
    rather than a Python walk (this check runs for every reader at every step)."""
    return _strings_in_text(_dumps(obj).decode())


class ViewScan:
    """The strings of each reader's view, re-read only where it changed. A view unchanged since the last
    step gives its strings at once; otherwise each top-level value is looked up by its serialised form,
    shared by every reader and step (the public part of all readers' views is one lookup), and only a
    value not seen before is read by the regex. Same strings as reading the whole view."""

    PARTS_KEPT = 4096  # recent values remembered; the memo starts afresh past that

    def __init__(self) -> None:
        self._last: dict[str | None, tuple[bytes, set[str]]] = {}
        self._parts: dict[bytes, set[str]] = {}

    def _part(self, value: Any) -> set[str]:
        blob = _dumps(value)
        found = self._parts.get(blob)
        if found is None:
            if len(self._parts) >= self.PARTS_KEPT:
                self._parts.clear()
            found = self._parts[blob] = _strings_in_text(blob.decode())
        return found

    def strings(self, reader: str | None, view: dict) -> set[str]:
        blob = _dumps(view)
        last = self._last.get(reader)
        if last is not None and last[0] == blob:
            return last[1]
        if type(view) is not dict:
            seen = _strings_in_text(blob.decode())
        else:
            seen = {k for k in view if type(k) is str}
            if len(seen) < len(view):  # int keys: as the encoder writes them
                seen |= self._part({k: 0 for k in view if type(k) is not str})
            for v in view.values():
                if type(v) is str:
                    seen.add(v)
                elif v is not None and type(v) not in (int, float, bool):
                    seen |= self._part(v)
        self._last[reader] = (blob, seen)
        return seen


def assert_no_leak(state, seats: list[str], secrets: Secrets, events: list[dict] | None = None, *,
                   data: dict | None = None, scan: ViewScan | None = None) -> dict[str | None, dict]:
    """No view or event shows a reader another owner's hidden strings. Returns the views it checked
    (reader -> view) so a caller can reuse them for the same state."""
    if data is None:
        data = state.to_json()
    scan = scan or ViewScan()
    hidden: dict[str | None, set[str]] = {s: secrets(data, s) for s in seats}
    hidden["\0nobody"] = secrets(data, None)
    readers: list[str | None] = [None, *seats]
    views: dict[str | None, dict] = {}
    for reader in readers:
        views[reader] = view = state.view(reader)
        seen = scan.strings(reader, view)
        for owner, cards in hidden.items():
            if owner == reader or not cards:
                continue
            leaked = seen & cards
            assert not leaked, f"view({reader!r}) shows {owner}'s hidden {sorted(leaked)}"
    for ev in events or []:
        to = ev.get("to")
        seen = _strings_of(ev)
        for owner, cards in hidden.items():
            if owner == to or not cards:
                continue
            leaked = seen & cards
            assert not leaked, f"event to {to!r} shows {owner}'s hidden {sorted(leaked)}: {ev}"
    return views


def _illegal_candidates(pending: dict[str, list[dict]], seats: list[str], rng: random.Random):
    yield "p-nobody", {"type": "__nonsense__"}
    idle = [s for s in seats if s not in pending]
    if idle and pending:
        some = next(iter(pending.values()))
        yield rng.choice(idle), rng.choice(some)
    for seat, legal in pending.items():
        for other, their in pending.items():
            if other != seat:
                foreign = [a for a in their if a not in legal]
                if foreign:
                    yield seat, rng.choice(foreign)
                    return
        yield seat, {**legal[0], "__junk__": 1}
        return


FULL_TEXT_EVERY = 20  # formatting whole messages costs more than building Docs: a sample is plenty
WAITING_EVERY = 4     # the hidden-swap check on a sample of steps, and on every quick (reaction) window
RENDER_EVERY = 4      # board and hand Docs on a sample of steps, and on every decision new in the game


def _render_all(game: Game, state, seat: str, legal: list[dict], seats: list[str], step: int,
                view: dict | None = None, public: dict | None = None, docs: bool = True) -> None:
    """The presenter must build the board, the hand, the prompt and a label for every legal action
    (the UI shows them all), each within Discord's limits. `view`/`public`: the seat's and the public
    view of this state if the caller has them already. Labels (cheap, and card-specific) are checked
    every time; with docs=False the board and hand Docs are left out."""
    p = presenter(game.key)
    names = {s: f"Player {s}" for s in seats}
    view = state.view(seat) if view is None else view
    assert len(p.prompt(view)) <= fmt.SELECT_PLACEHOLDER
    for action in legal:
        label = p.label(action, view, names)
        assert label and len(label) <= fmt.LABEL_LIMIT, f"bad label {label!r} for {action}"
    if not docs:
        return
    public = state.view(None) if public is None else public
    hand, board = p.hand(view, names), p.board(public, names)
    assert hand.title and board.title
    if step % FULL_TEXT_EVERY == 0:
        for doc in (hand, board):
            assert fmt.plain(doc) and len(fmt.markdown(doc)) <= fmt.CONTENT_LIMIT


def _decision_key(public: dict, legal: list[dict]) -> tuple:
    """What kind of decision this step is: the public decision fact's subject and the legal action kinds."""
    about = public.get("decision", {}).get("about") if isinstance(public.get("decision"), dict) else None
    return about, tuple(sorted({str(a.get("type")) for a in legal}))


def _permute(data: dict, field: str, eligible: list[str]) -> None:
    """Rotate the per-seat lists data[field] among eligible seats holding equally many (counts are public)."""
    by_size: dict[int, list[str]] = {}
    for s in eligible:
        by_size.setdefault(len(data[field][s]), []).append(s)
    for group in by_size.values():
        if len(group) > 1:
            moved = [data[field][s] for s in group]
            for s, cards in zip(group, moved[1:] + moved[:1]):
                data[field][s] = cards


def _copy(data: dict) -> dict:
    return orjson.loads(orjson.dumps(data))


def _nevermore_swap(data: dict) -> dict:
    # Magick cards decide who may react; hand cards decide who has a real Raven-kill choice.
    data = _copy(data)
    _permute(data, "magick", list(data["seats"]))
    calm = [s for s in data["seats"] if not data["picked"][s] and s not in data["commits"]]
    _permute(data, "hand", calm)
    return data


def _deadlies_swap(data: dict) -> dict:
    data = _copy(data)
    busy = {data["turn"]} if data["picks"] else set()
    # known cards and who holds the Halo are public: those hands stay where they are
    calm = [s for s in data["seats"] if not data["known"].get(s) and s not in busy and "HALO" not in data["hands"][s]]
    _permute(data, "hands", calm)
    return data


def _raven_swap(data: dict) -> dict:
    data = _copy(data)
    _permute(data, "hands", list(data["seats"]))
    return data


def _blackrose_swap(data: dict) -> dict:
    """Black Rose Wars: hands, Grimoires and active Quests rotate among seats holding as many (counts are
    public), and the armed Traps and Protections change owners among seats with as many armed slots (that a
    slot is armed is public, what it holds is not). One armed "ask me" stays: its condition is public, and
    decides when windows open (rules.md). A seat in
    the middle of a private choice built from its cards (its Preparation, its Study) keeps them."""
    data = _copy(data)
    busy = {t["seat"] for t in data["stack"] if t["k"] == "study"}
    busy |= {s for t in data["stack"] if t["k"] == "prep" for s, placed in t.get("ready", {}).items() if placed}
    calm = [s for s in data["seats"] if s not in busy]
    for field in ("hand", "grimoire", "quests"):
        _permute(data, field, calm)
    armed: dict[str, list[tuple[dict, dict]]] = {}
    for rec in data["armed"]:
        sl = next(x for x in data["slots"][rec["seat"]] if x["card"] == rec["card"])
        if not sl.get("shown") and "ask" not in rec:  # an "ask me" spell's condition is public: it stays
            armed.setdefault(rec["seat"], []).append((rec, sl))
    by_size: dict[int, list[str]] = {}
    for s, recs in sorted(armed.items()):
        by_size.setdefault(len(recs), []).append(s)
    secret = ("card", "side", "kind", "on", "colours", "mode", "tgt")
    for group in by_size.values():
        if len(group) > 1:
            moved = [[({k: r[k] for k in secret if k in r}, sl["card"], sl["side"]) for r, sl in armed[s]]
                     for s in group]
            for s, got in zip(group, moved[1:] + moved[:1]):
                for (rec, sl), (fields, card, side) in zip(armed[s], got):
                    for k in secret:
                        rec.pop(k, None)
                    rec.update(fields)
                    sl["card"], sl["side"] = card, side
    return data


# Per game: a state with the same public facts and different hidden cards.
HIDDEN_SWAPS: dict[str, Callable[[dict], dict]] = {
    "nevermore": _nevermore_swap, "deadlies": _deadlies_swap, "raven": _raven_swap, "blackrose": _blackrose_swap,
}


HOST_PLAN_SWAPS = {"blackrose"}


def host_plan(public: dict, pending: dict[str, list[dict]]) -> dict:
    """What a host does that the table can see, worked out from the public decision fact and pending() the
    way the host does it: who the waiting line names, whether the window is quick (the short timer) and
    held open for a fixed time (`hold`), and which named seats' only move it would play by itself (a
    forced move: one legal move with nothing in it, or one the decision calls `obvious`)."""
    d = public.get("decision") or {}
    named = list(d.get("seats", ()))
    forced = sorted(s for s in named if len(pending.get(s, ())) == 1
                    and (pending[s][0].keys() == {"type"} or d.get("obvious")))
    return {"about": d.get("about"), "seats": named, "quick": bool(d.get("quick")), "hold": d.get("hold"),
            "forced": forced}


def assert_waiting_public(game: Game, state, seats: list[str], data: dict | None = None,
                          public: dict | None = None) -> None:
    """Issue 8 §4: who the table waits for, as the public reads it, never depends on hidden cards.
    `data`/`public`: this state's to_json() and public view if the caller has them already."""
    swap = HIDDEN_SWAPS.get(game.key)
    if swap is None:
        return
    p = presenter(game.key)
    names = {s: f"Player {s}" for s in seats}
    other = game.load(swap(state.to_json() if data is None else data))
    public, swapped = (state.view(None) if public is None else public), other.view(None)
    assert p.waiting(public, names) == p.waiting(swapped, names), (
        "the public waiting line changed when only hidden cards moved")
    # Stronger, and what the line rests on: the whole public view (its decision fact included) is the same.
    assert public == swapped, {k: (v, swapped.get(k)) for k, v in public.items() if swapped.get(k) != v}
    # And so is what the host would do that the table can see (timers, holds, moves it makes by itself),
    # for the games whose swap keeps every public deduction true (a Raven swap may give a seat a last card
    # the table had already worked out it could not hold, which `obvious` rests on).
    if game.key in HOST_PLAN_SWAPS:
        assert host_plan(public, state.pending()) == host_plan(swapped, other.pending()), "the host's plan changed"


def advanced(key: str, players: int, seed: int, steps: int, options: dict | None = None):
    """A seeded game after `steps` random legal moves (the first pending seat moves each time): a position
    deep enough to show most of a board, the same on every run."""
    from engine import GAMES

    st = GAMES[key].new([f"p{i + 1}" for i in range(players)], seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.over:
            break
        pend = st.pending()
        seat = sorted(pend)[0]
        st.act(seat, rng.choice(pend[seat]))
    return st


def _random_action(legal: list[dict], rng: random.Random) -> dict:
    """Uniform, except that take-backs ("unpick", "unbid") are chosen a tenth as often: they are still
    exercised, but random players no longer spend most of a game undoing their own picks."""
    forward = [a for a in legal if not str(a.get("type", "")).startswith("un")]
    if forward and len(forward) < len(legal) and rng.random() < 0.9:
        return rng.choice(forward)
    return rng.choice(legal)


def playout(
    game: Game,
    seats: list[str],
    seed: int,
    options: dict | None = None,
    *,
    secrets: Secrets | None = None,
    check: Callable[[dict], None] | None = None,
    max_steps: int = 20_000,
) -> tuple[Any, list[tuple[str, dict]]]:
    rng = random.Random(seed)
    state = game.new(seats, seed, options)
    log: list[tuple[str, dict]] = []
    events: list[dict] = []
    scan = ViewScan()
    rendered: set[tuple] = set()
    names = {s: f"Player {s}" for s in seats}
    describe = presenter(game.key).describe
    for _ in range(max_steps):
        step = len(log)
        data = state.to_json()
        blob = orjson.dumps(data)  # refuses non-string keys and non-JSON types; the equality catches the rest
        assert orjson.loads(blob) == data, "to_json must be plain JSON"
        loaded = game.load(orjson.loads(blob))
        assert loaded.to_json() == data, "load(to_json()) must round-trip"
        if check:
            check(data)
        views = assert_no_leak(state, seats, secrets, events, data=data, scan=scan) if secrets else {}
        pending = state.pending()
        if state.over:
            assert not pending, "a finished game has no pending actions"
            break
        assert pending, "a running game must always have someone to act"
        # The engine's cached or incrementally updated options equal a fresh computation from the data.
        assert loaded.pending() == pending, "pending() differs from the same state loaded afresh"
        tried = []
        for seat, action in _illegal_candidates(pending, seats, rng):
            tried.append((seat, action))
            try:
                state.act(seat, action)
            except IllegalAction as exc:
                assert str(exc), "an illegal action needs a message a player understands"
            else:
                raise AssertionError(f"illegal action accepted: {seat} {action}")
        assert state.to_json() == data, f"a rejected action changed the state: {tried}"
        seat = rng.choice(sorted(pending))
        action = _random_action(pending[seat], rng)
        # The state is unchanged since the leak scan (just asserted), so its views still hold.
        public = views.get(None) or state.view(None)
        key = _decision_key(public, pending[seat])
        docs = key not in rendered or step % RENDER_EVERY == 0
        rendered.add(key)
        _render_all(game, state, seat, pending[seat], seats, step, views.get(seat), public, docs)
        if step % WAITING_EVERY == 0 or public.get("decision", {}).get("quick"):
            assert_waiting_public(game, state, seats, data, public)
        events = state.act(seat, action)
        for ev in events:
            described = describe(ev, names)
            assert described is None or isinstance(described, tuple)
        assert isinstance(events, list)
        log.append((seat, action))
    else:
        raise AssertionError(f"game did not end within {max_steps} steps")
    result = state.result()
    assert set(result) >= {"scores", "winners"}
    assert set(result["winners"]) <= set(seats)
    replay = game.new(seats, seed, options)
    for seat, action in log:
        replay.act(seat, action)
    assert replay.to_json() == state.to_json(), "seed + action log must replay to the same state"
    return state, log
