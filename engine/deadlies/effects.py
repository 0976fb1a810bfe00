"""What each top card does, and the decisions it asks of exactly the right player.

`state.effect` holds the effect waiting on a decision ({"kind": ...}); effects without a decision resolve
at once and end the turn. Functions take the DeadliesState and the event list to append to.
"""
from __future__ import annotations

from .cards import CORRUPTION, HALO, SUIT_OF, SUITS, counts_as

_TARGETED = {"pride": "pride_target", "wrath": "wrath_target", "lust": "lust_partner"}


def begin(st, eff: str, events: list[dict]) -> None:
    """Start the effect of the top card (eff: a suit key, 'purity' or 'halo')."""
    st.play["effect"] = eff
    me = st.play["seat"]
    if eff in _TARGETED:
        st.effect = {"kind": _TARGETED[eff]}
    elif eff == "gluttony":
        st.effect = {"kind": "gluttony"}
    elif eff == "envy":
        st.effect_event(events, {"type": "envy_draw", "seat": me})
        st.draw(me, 2, events)
        st.effect = {"kind": "envy"}
    elif eff == "greed":
        st.effect = {"kind": "greed", "dealt": []}
        _greed_deal(st, events)
    elif eff == "sloth":
        hit = [s for s in st.others(me) if st.sloth[s]]
        st.effect_event(events, {"type": "sloth", "seat": me, "hit": hit})
        for s in hit:
            st.draw(s, 1, events)
        st.end_turn(events)  # the top card goes face up in front of me there
    elif eff == "purity":
        place = st.halo_place()
        if place == "centre":
            st.halo_centre = False
            st.hands[me].append(HALO)
        elif place != me:
            st.hands[place].remove(HALO)
            st.hands[me].append(HALO)
        st.effect_event(events, {"type": "purity", "seat": me, "from": place})
        st.end_turn(events)
    elif eff == "halo":
        before = st.wick[me]
        st.wick[me] = max(0, before - 2)
        st.halo_lowered = me  # ruling: the end-of-turn step does not lower this seat again
        # How many, not which: the hand goes to the discard pile unseen (only the new top card shows there).
        st.effect_event(events, {"type": "halo", "seat": me, "n": len(st.hands[me]), "from": before,
                                 "now": st.wick[me]})
        _discard_hand(st, me, events)
        st.end_turn(events)
    else:  # pragma: no cover - effect_of only returns the keys above
        raise AssertionError(eff)


def _discard_hand(st, seat: str, events: list[dict]) -> None:
    """Discard a whole hand face up; a Halo in it goes back to the centre instead (never discarded)."""
    cards = [c for c in st.hands[seat] if c != HALO]
    if HALO in st.hands[seat]:
        st.halo_centre = True
    st.hands[seat] = []
    st.known[seat] = []
    st.show(cards)
    st.to_discard(cards, events)


def awaiting(st) -> list[str]:
    e = st.effect
    k = e["kind"]
    if k == "pride_answer":
        return [e["target"]]
    if k == "wrath_answer":
        return [e["defender"]]
    if k == "lust_ab":
        return [e["partner"]]
    if k == "lust_secret":
        return [s for s in (st.turn, e["partner"]) if s not in e["choices"]]
    return [st.turn]


def pending(st) -> dict[str, list[dict]]:
    e = st.effect
    k = e["kind"]
    me = st.turn
    if k == "suit":
        return {me: [{"type": "suit", "suit": s} for s in SUITS]}
    if k in ("pride_target", "wrath_target", "lust_partner"):
        return {me: [{"type": "target", "seat": o} for o in st.others(me)]}
    if k == "pride_answer":
        t = e["target"]
        shows = [{"type": "show", "card": c} for c in st.hands[t] if counts_as(c, "pride")]
        return {t: shows + [{"type": "draw"}]}  # asked even without Pride, so silence tells nothing
    if k == "wrath_answer":
        d = e["defender"]
        throws = [{"type": "wrath", "card": c} for c in st.hands[d] if counts_as(c, "wrath")]
        return {d: throws + [{"type": "stop"}]}
    if k == "gluttony":
        steals = [{"type": "steal", "seat": o} for o in st.others(me) if st.hands[o]]
        return {me: steals + [{"type": "draw3"}]}
    if k == "envy":
        envious = any(counts_as(c, "envy") for c in st.hands[me])
        swaps = [] if envious else [{"type": "swap", "seat": o} for o in st.others(me)]
        return {me: swaps + [{"type": "keep"}]}
    if k == "lust_ab":
        return {e["partner"]: [{"type": "lust", "choice": "nothing"}, {"type": "lust", "choice": "discard"}]}
    if k == "lust_secret":
        return {s: [{"type": "lust_discard", "card": c} for c in st.hands[s] if c != HALO]
                + [{"type": "lust_keep"}] for s in awaiting(st)}
    if k == "greed":
        return {me: [{"type": "deal"}, {"type": "stop"}]}
    if k == "greed_five":
        return {me: [{"type": "discard_hand"}, {"type": "keep_hand"}]}
    raise AssertionError(k)  # pragma: no cover


def act(st, seat: str, action: dict, events: list[dict]) -> None:
    """Apply one legal effect decision (already validated against pending())."""
    e = st.effect
    k = e["kind"]
    t = action["type"]
    me = st.turn
    if t == "suit":
        st.play["as_suit"] = action["suit"]
        begin(st, action["suit"], events)
    elif t == "target":
        _target(st, k, me, action["seat"], events)
    elif t == "show":
        card = action["card"]
        if card not in st.known[seat]:
            st.known[seat].append(card)
        st.show([card])
        st.effect_event(events, {"type": "pride_show", "seat": seat, "card": card, "asker": me})
        st.draw(me, 1, events)
        st.end_turn(events)
    elif t == "draw":
        st.effect_event(events, {"type": "pride_draw", "seat": seat, "asker": me})
        st.draw(seat, 1, events)
        st.end_turn(events)
    elif t == "wrath":
        card, other = action["card"], e["attacker"]
        st.remove_card(seat, card)
        st.show([card])
        st.effect_event(events, {"type": "wrath_back", "seat": seat, "card": card, "target": other})
        st.to_discard([card], events)
        st.draw(other, 2, events)
        st.effect = {"kind": "wrath_answer", "attacker": seat, "defender": other}
    elif t == "stop" and k == "wrath_answer":
        st.effect_event(events, {"type": "wrath_stop", "seat": seat})
        st.end_turn(events)
    elif t == "steal":
        victim = action["seat"]
        hand = st.hands[victim]
        card = hand[st.rng.below(len(hand))]
        st.remove_card(victim, card)
        st.hands[me].append(card)
        st.effect_event(events, {"type": "steal", "seat": me, "target": victim})
        events.append({"type": "stole", "to": me, "card": card, "target": victim})
        events.append({"type": "lost", "to": victim, "seat": me})  # the victim sees their hand change
        st.extra = True
        st.end_turn(events)
    elif t == "draw3":
        st.effect_event(events, {"type": "gluttony_draw", "seat": me})
        st.draw(me, 3, events)
        st.extra = True
        st.end_turn(events)
    elif t == "swap":
        other = action["seat"]
        st.hands[me], st.hands[other] = st.hands[other], st.hands[me]
        st.known[me], st.known[other] = st.known[other], st.known[me]
        st.effect_event(events, {"type": "swap", "seat": me, "target": other})
        st.end_turn(events)
    elif t == "keep":
        st.effect_event(events, {"type": "envy_keep", "seat": me})
        st.end_turn(events)
    elif t == "lust":
        if action["choice"] == "nothing":
            st.effect_event(events, {"type": "lust_nothing", "seat": seat})
            st.end_turn(events)
        else:
            st.effect_event(events, {"type": "lust_yes", "seat": seat})
            st.effect = {"kind": "lust_secret", "partner": seat, "choices": {}}
    elif t in ("lust_discard", "lust_keep"):
        card = action.get("card") or ""
        e["choices"][seat] = card
        events.append({"type": "lust_ready", "to": seat, "card": card or None})
        events.append({"type": "lust_waiting", "to": None, "seat": seat})
        if len(e["choices"]) == 2:
            _lust_reveal(st, e["partner"], e["choices"], events)
    elif t == "deal":
        _greed_deal(st, events)
    elif t == "stop":
        _greed_give(st, events, "stop")
        st.end_turn(events)
    elif t == "discard_hand":
        events.append({"type": "greed_discard", "to": None, "seat": me,  # how many, not which (as Halo's)
                       "n": sum(c != HALO for c in st.hands[me])})
        _discard_hand(st, me, events)
        st.end_turn(events)
    elif t == "keep_hand":
        events.append({"type": "greed_keep", "to": None, "seat": me})
        st.end_turn(events)
    else:  # pragma: no cover - pending() offers nothing else
        raise AssertionError(action)


def _target(st, kind: str, me: str, other: str, events: list[dict]) -> None:
    if kind == "pride_target":
        st.effect_event(events, {"type": "pride_ask", "seat": me, "target": other})
        st.effect = {"kind": "pride_answer", "target": other}
    elif kind == "wrath_target":
        st.effect_event(events, {"type": "wrath_hit", "seat": me, "target": other})
        st.draw(other, 2, events)
        st.effect = {"kind": "wrath_answer", "attacker": me, "defender": other}
    else:
        st.effect_event(events, {"type": "lust_ask", "seat": me, "target": other})
        st.effect = {"kind": "lust_ab", "partner": other}


def _lust_reveal(st, partner: str, choices: dict, events: list[dict]) -> None:
    me = st.turn
    shown = {s: choices[s] or None for s in (me, partner)}
    events.append({"type": "lust_reveal", "to": None, "seat": me, "partner": partner, "cards": shown})
    for s, c in shown.items():
        if c:
            st.remove_card(s, c)
            st.show([c])
            st.to_discard([c], events)
    hits, drew = {}, {}
    for s, other in ((me, partner), (partner, me)):
        if shown[s] and counts_as(shown[s], "lust"):
            events.append({"type": "lust_hit", "to": None, "seat": other, "by": s})
            got = st.draw(other, 3, events)
            hits[other] = got  # may be fewer than 3 when the deck runs dry
            drew[other] = st.hands[other][len(st.hands[other]) - got:]
    # "drew" is private: only the seat that drew sees its own cards (views.build)
    st.last["lust"] = {"seat": me, "partner": partner, "cards": dict(shown), "hits": hits, "drew": drew,
                       "turn": st.turns + 1}
    st.end_turn(events)


def _greed_deal(st, events: list[dict]) -> None:
    """Deal face up until the dealer may stop, busts, reaches five, or nothing is left to deal."""
    e = st.effect
    me = st.turn
    others = st.others(me)
    dealt = e["dealt"]
    while True:
        card = st.pop_deck(events)
        if card is None:  # ruling: deck and discard both empty ends the deal as if the dealer stopped
            events.append({"type": "greed_dry", "to": None, "seat": me})
            _greed_give(st, events, "dry")
            st.end_turn(events)
            return
        to = others[len(dealt) % len(others)]
        suit = SUIT_OF[card]
        bust = card == CORRUPTION or (suit not in ("", "greed") and any(SUIT_OF[c] == suit for _, c in dealt))
        dealt.append([to, card])
        st.show([card])
        st.effect_event(events, {"type": "greed_deal", "seat": me, "target": to, "card": card})
        if bust:
            cards = [c for _, c in dealt]
            st.hands[me].extend(cards)
            st.known[me].extend(cards)
            e["dealt"] = []
            events.append({"type": "greed_bust", "to": None, "seat": me, "cards": cards})
            st.last["greed"] = {"seat": me, "cards": list(cards), "turn": st.turns + 1}
            st.end_turn(events)
            return
        if len(dealt) == 5:
            _greed_give(st, events, "five")
            if st.hands[me]:
                st.effect = {"kind": "greed_five"}
            else:
                st.end_turn(events)
            return
        non_greed = sum(1 for _, c in dealt if SUIT_OF[c] != "greed")
        if non_greed >= 2 and suit != "greed":
            return  # the dealer may now stop or deal on


def _greed_give(st, events: list[dict], how: str) -> None:
    e = st.effect
    for to, c in e["dealt"]:
        st.hands[to].append(c)
        st.known[to].append(c)
    events.append({"type": "greed_take", "to": None, "seat": st.turn, "how": how,
                   "dealt": [list(x) for x in e["dealt"]]})
    e["dealt"] = []
