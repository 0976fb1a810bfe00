"""What each Magick effect kind does. A card is a list of effects with parameters (data/nevermore/
magick.json); this one table gives all 50 cards their behaviour."""
from __future__ import annotations

from engine.nevermore import cards as C


def _who(st, seat: str, t: dict, who: str | None) -> list[str]:
    if who == "target":
        return [t["target"]]
    if who == "all_humans":
        return [s for s in st.order() if not st.raven[s]]
    if who == "all_others":
        return [s for s in st.order() if s != seat and not st.raven[s]]
    if who == "all":
        return st.order()
    return [seat]


def apply_effects(st, t: dict, sp: dict) -> tuple[list[dict], bool]:
    """Apply the card's immediate effects; return (follow-up tasks, whether the card stays in a hand)."""
    seat = t["seat"]
    trig = st.stack[t["trig"]] if t["trig"] is not None else None
    follow: list[dict] = []
    keep = False
    for e in sp["effects"]:
        kind, n = e["kind"], e.get("n", 0)
        targets = _who(st, seat, t, e.get("who"))
        if kind == "heal":
            follow += [{"k": "heal", "tgt": s, "n": n} for s in targets]
        elif kind == "damage":
            follow += [{"k": "damage", "src": seat, "tgt": s, "n": n, "why": "magick", "passed": []}
                       for s in targets]
        elif kind == "vp":
            follow.append({"k": "vp", "tgt": seat, "n": n, "why": "magick", "passed": []})
        elif kind == "steal_vp":
            taken = min(n, st.vp[t["target"]])
            st.vp[t["target"]] -= taken
            st.emit("lose_vp", seat=t["target"], n=taken, total=st.vp[t["target"]])
            follow.append({"k": "vp", "tgt": seat, "n": taken, "why": "steal", "passed": []})
        elif kind == "draw":
            follow.append({"k": "draw", "seat": seat, "deck": e["deck"], "n": n})
        elif kind == "suit":
            st.hand[seat].append(t["card"])
            st.collected[seat].append(e["suit"])
            keep = True
        elif kind == "discard_suit":
            for s in targets:
                gone = [c for c in st.hand[s] if C.SUIT_OF[c] == st.cur_suit]
                st.hand[s] = [c for c in st.hand[s] if c not in gone]
                st.front[s]["discarded"] += gone
                st.emit("discarded", seat=s, suit=st.cur_suit, n=len(gone))
        elif kind == "bonus":
            for s in targets:
                st.bonus[s] = st.bonus.get(s, 0) + n
                st.emit("bonus", seat=s, suit=st.cur_suit, n=n)
        elif kind == "shield":
            for s in targets:
                st.shield[s] = st.shield.get(s, 0) + n
                st.emit("shield", seat=s, n=n)
        elif kind == "pass_dir":
            if e["mode"] == "reverse":
                st.dir = -st.dir
            else:
                st.skip = True
            st.emit("pass_dir", dir=st.dir, skip=st.skip)
        elif kind == "prevent":
            trig["n"] = max(0, trig["n"] - n)
        elif kind == "amplify":
            trig["n"] += n
        elif kind == "deny_vp":
            before = trig["n"]
            trig["n"] = max(0, before - n)
            # A gain cut to 0 lands silently (no "vp" event), so the cut itself must be told.
            st.emit("vp_denied", seat=seat, target=trig["tgt"], cut=before - trig["n"], left=trig["n"])
        elif kind == "reflect":
            amount, src = trig["n"], trig["src"]
            trig["n"] = 0
            if src is not None and src != seat:
                follow.append({"k": "damage", "src": seat, "tgt": src, "n": amount, "why": "reflect",
                               "passed": []})
        elif kind == "counter":
            trig["cancel"] = True
        elif kind == "peek_tokens":
            st.peek[seat] = min(len(st.tokens), max(st.peek.get(seat, 0), st.revealed) + n)
            st.emit("peek", to=seat, tokens=st.tokens[st.revealed:st.peek[seat]])
        elif kind == "shuffle_tokens":
            rest = st.tokens[st.revealed:]
            st.shuffle(rest)
            st.tokens[st.revealed:] = rest
            st.peek = {}
            st.emit("shuffle_tokens", seat=seat)
        elif kind == "swap_random":
            other = t["target"]
            mine = st.hand[seat][st.below(len(st.hand[seat]))]
            theirs = st.hand[other][st.below(len(st.hand[other]))]
            _move(st, seat, mine, other)
            _move(st, other, theirs, seat)
            st.emit("swapped", seat=seat, other=other)
            st.emit("received", to=seat, suit=C.SUIT_OF[theirs])
            st.emit("received", to=other, suit=C.SUIT_OF[mine])
        elif kind == "unraven":
            st.raven[seat], st.health[seat] = False, e["health"]
            st.emit("human", seat=seat, health=e["health"])
    if any(x["kind"] in ("damage", "vp", "steal_vp", "unraven", "reflect") for x in sp["effects"]):
        follow.append({"k": "check", "src": seat})
    return follow, keep


def _move(st, giver: str, card: str, taker: str) -> None:
    st.hand[giver].remove(card)
    st.hand[taker].append(card)
    st.collected[taker].append(C.SUIT_OF[card])
    if card in st.arrived[giver]:
        st.arrived[giver].remove(card)
