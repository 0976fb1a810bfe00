"""Everything players read: the to-do line, the board/hand text, button labels and log lines."""
from __future__ import annotations

from typing import Callable

from .cards import NAME, NUM, SORT_KEY, SUIT_EMOJI, SUIT_NAME, SUIT_OF, label as card, play_text, top_card

Namer = Callable[[str], str]

_EFFECT_WORDS = {"purity": "Purity: take the Halo", "halo": "Halo: discard your hand",
                 "choose": "Corruption: choose a sin"}


def _effect_word(c: str) -> str:
    if c == "CO8":
        return _EFFECT_WORDS["choose"]
    if c == "PU0":
        return _EFFECT_WORDS["purity"]
    if c == "HALO":
        return _EFFECT_WORDS["halo"]
    return SUIT_NAME[SUIT_OF[c]]


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


# ----------------------------------------------------------------------------- to-do line
def _my_task(v: dict, nm: Namer) -> str:
    if v["phase"] == "build":
        picked = v.get("picked") or []
        if not picked:
            return "Your turn: pick a card (then more for a same-suit set, a same-number set or a straight)."
        return f"Picked {', '.join(NAME[c] for c in picked)}: pick more, put back the last, or Play."
    if v["phase"] == "top":
        return "Choose which card goes on top: only its effect happens."
    e = v["effect"]
    k = e["kind"]
    me = nm(v["turn"])
    return {
        "suit": "Choose which sin your Corruption acts as.",
        "pride_target": "Choose a player to ask for Pride.",
        "pride_answer": f"{me} asks you for Pride: show a Pride ({me} draws 1) or draw 1 yourself.",
        "wrath_target": "Choose a player to draw 2 cards.",
        "wrath_answer": f"Wrath from {nm(e.get('attacker', v['turn']))}: throw back a Wrath "
                        "(they draw 2) or stop.",
        "gluttony": "Take a random card from another player, or draw 3. Then you take another turn.",
        "envy": "Trade hands with another player (only with no Envy in hand), or keep yours.",
        "lust_partner": "Choose your Lust partner.",
        "lust_ab": f"{me} chose you for Lust: nothing happens, or you both may secretly discard a card.",
        "lust_secret": "Secretly choose one card to discard, or none. Each Lust discarded makes the "
                       "other draw 3.",
        "greed": "Greed: deal another card, or stop and make them keep what they got.",
        "greed_five": "Five cards dealt without busting! You may discard your whole hand.",
    }[k]


def _their_task(v: dict) -> str:
    if v["phase"] in ("build", "top"):
        return "play"
    k = v["effect"]["kind"]
    return {"pride_answer": "answer the Pride", "wrath_answer": "answer the Wrath",
            "lust_ab": "answer the Lust", "lust_secret": "secretly choose a Lust discard",
            "greed": "deal or stop", "greed_five": "decide on discarding their hand",
            "suit": "choose Corruption's sin", "pride_target": "choose whom to ask for Pride",
            "wrath_target": "choose whom the Wrath hits", "lust_partner": "choose a Lust partner",
            "gluttony": "steal a card or draw 3", "envy": "trade hands or keep theirs"}[k]


def to_do(v: dict, nm: Namer) -> str:
    if v["ended"]:
        how = " (turn limit reached: lowest Wickedness wins)" if v["ended"] == "limit" else ""
        return f"Game over: {_list([nm(s) for s in v['winners']])} won{how}."
    waiting = v["awaiting"]
    if v["seat"] in waiting:
        return _my_task(v, nm)
    return f"Waiting for {_list([nm(s) for s in waiting])} to {_their_task(v)}."


# ----------------------------------------------------------------------------- board text
def render(v: dict, names: dict[str, str]) -> str:
    nm: Namer = lambda s: names.get(s, s)  # noqa: E731
    lines = [f"**The Deadlies** · turn {v['turn_number']}"
             + (f" of {v['turn_limit']}" if v["turn_limit"] else "")]
    for s in v["wickedness"]:
        mark = "▶️ " if s == v["turn"] and not v["ended"] else ""
        extra = ""
        if v["sloths"].get(s):
            extra += f" · Sloth in front ({NAME[v['sloths'][s]]})"
        if v["halo"] == s:
            extra += " · holds 😇 Halo"
        if v["known"].get(s):
            extra += " · known: " + ", ".join(NAME[c] for c in v["known"][s])
        lines.append(f"{mark}**{nm(s)}** Wickedness {v['wickedness'][s]} · {_cards(v['hand_sizes'][s])}{extra}")
    top = v["discard_top"]
    halo = "centre" if v["halo"] == "centre" else ("in play" if v["halo"] == "play" else nm(v["halo"]))
    lines.append(f"Deck {v['deck']} · Discard {v['discard']}" + (f" (top: {card(top)})" if top else "")
                 + f" · Halo: {halo}")
    p = v["in_play"]
    if p:
        as_suit = f" as {SUIT_NAME[p['as_suit']]}" if p.get("as_suit") else ""
        lines.append(f"In play ({nm(p['seat'])}): {play_text(p['kind'], p['cards'], p['top'])}{as_suit}")
    e = v["effect"]
    if e and e.get("dealt"):
        lines.append("Greed dealt: " + ", ".join(f"{NAME[c]} → {nm(s)}" for s, c in e["dealt"]))
    if "hand" in v:
        hand = _sorted(v["hand"])
        lines.append(f"**Your hand** ({len(hand)}): " + (", ".join(card(c) for c in hand) or "empty"))
        if "lust_choice" in v:
            choice = v.get("lust_choice")
            lines.append("Your secret Lust choice: " + (NAME[choice] if choice else "discard nothing"))
    lines.append(f"➡️ {to_do(v, nm)}")
    out = "\n".join(lines)
    return out if len(out) <= 1800 else out[:1797] + "…"


# ----------------------------------------------------------------------------- button labels
def _short(s: str) -> str:
    return s if len(s) <= 80 else s[:79] + "…"


def label(action: dict, v: dict, names: dict[str, str] | None = None) -> str:
    t = action["type"]
    c = action.get("card")
    seat = (names or {}).get(action.get("seat"), action.get("seat"))
    sizes = v.get("hand_sizes", {})
    if t == "pick":
        return _short(f"Pick {card(c)}")
    if t == "unpick":
        return _short(f"Put back {card(c)}")
    if t == "play":
        picked = v.get("picked") or []
        kind = action["as"]
        text = play_text(kind, picked, top_card(kind, picked))
        if len(text) > 74:
            nums = sorted(NUM[x] for x in picked)
            text = f"{kind} of {len(picked)} cards ({nums[0]}–{nums[-1]})"
        return _short(f"Play {text}")
    if t == "top":
        return _short(f"Put {card(c)} on top ({_effect_word(c)})")
    if t == "suit":
        return f"Corruption acts as {SUIT_EMOJI[action['suit']]} {SUIT_NAME[action['suit']]}"
    if t == "target":
        kind = (v.get("effect") or {}).get("kind")
        verb = {"pride_target": "Ask {} for Pride", "wrath_target": "Make {} draw 2",
                "lust_partner": "Choose {} as Lust partner"}.get(kind, "Choose {}")
        return _short(verb.format(seat) + f" ({_cards(sizes.get(seat, 0))})")
    if t == "show":
        return _short(f"Show {card(c)}: they draw 1")
    if t == "wrath":
        return _short(f"Throw back {card(c)}: they draw 2")
    if t == "steal":
        return _short(f"Take a random card from {seat} ({_cards(sizes.get(seat, 0))})")
    if t == "swap":
        return _short(f"Trade hands with {seat} ({_cards(sizes.get(seat, 0))})")
    if t == "lust":
        return "Nothing happens" if action["choice"] == "nothing" else "We both may discard a card"
    if t == "lust_discard":
        return _short(f"Secretly discard {card(c)}")
    if t == "stop":
        return "Stop dealing" if (v.get("effect") or {}).get("kind") == "greed" else "Stop: no Wrath back"
    return {"draw": "Draw 1 card", "draw3": "Draw 3 cards", "keep": "Keep my hand",
            "lust_keep": "Discard nothing", "deal": "Deal another card",
            "discard_hand": "Discard my whole hand", "keep_hand": "Keep my hand"}.get(t, t)


# ----------------------------------------------------------------------------- log lines
def _clause(ev: dict, nm: Namer) -> str:
    t = ev["type"]
    a = nm(ev.get("seat", ""))
    b = nm(ev.get("target", "")) if ev.get("target") else ""
    c = ev.get("card")
    if t == "envy_draw":
        return f"{a} draws 2"
    if t == "sloth":
        hit = ev["hit"]
        verb = "draws" if len(hit) == 1 else "each draw"
        tail = f"; {_list([nm(s) for s in hit])} {verb} 1 for their Sloth" if hit else ""
        return f"it stays face up in front of {a}{tail}"
    if t == "purity":
        src = ev["from"]
        if src == ev["seat"]:
            return f"{a} already holds the Halo"
        return f"{a} takes the Halo from " + ("the centre" if src == "centre" else nm(src))
    if t == "halo":
        return (f"{a} discards their hand ({_cards(len(ev['cards']))}), Wickedness {ev['from']} → {ev['now']}; "
                "the Halo returns to the centre")
    if t == "pride_ask":
        return f"{a} asks {b} for Pride"
    if t == "pride_show":
        return f"{a} shows {NAME[c]}: {nm(ev['asker'])} draws 1"
    if t == "pride_draw":
        return f"{a} draws 1"
    if t == "wrath_hit":
        return f"{b} draws 2"
    if t == "wrath_back":
        return f"{a} throws back {NAME[c]}: {b} draws 2"
    if t == "wrath_stop":
        return f"{a} ends the Wrath chain"
    if t == "steal":
        return f"{a} takes a random card from {b}, then takes another turn"
    if t == "gluttony_draw":
        return f"{a} draws 3, then takes another turn"
    if t == "swap":
        return f"{a} trades hands with {b}"
    if t == "envy_keep":
        return f"{a} keeps their hand"
    if t == "lust_ask":
        return f"{a} picks {b} as Lust partner"
    if t == "lust_nothing":
        return f"{a} chooses nothing"
    if t == "lust_yes":
        return f"{a} chooses that both may secretly discard a card"
    if t == "greed_deal":
        return f"{a} deals {NAME[c]} to {b}"
    return ""


def describe(ev: dict, names: dict[str, str]) -> str:
    nm: Namer = lambda s: names.get(s, s)  # noqa: E731
    t = ev["type"]
    a = nm(ev.get("seat", ""))
    clause = _clause(ev, nm)
    if clause:
        p = ev.get("play")
        if not p:
            return clause[0].upper() + clause[1:] + "."
        as_suit = f" as {SUIT_NAME[p['as_suit']]}" if p.get("as_suit") else ""
        return f"{nm(p['seat'])} plays {play_text(p['kind'], p['cards'], p['top'])}{as_suit}: {clause}."
    if t == "drew":
        return "You draw: " + ", ".join(NAME[c] for c in ev["cards"]) + "."
    if t == "stole":
        return f"You took {NAME[ev['card']]} from {nm(ev['target'])}."
    if t == "lost":
        return f"{a} took a random card from your hand."
    if t == "lust_ready":
        return f"You secretly ready {NAME[ev['card']]} to discard." if ev["card"] else \
            "You secretly choose to discard nothing."
    if t == "lust_waiting":
        return f"{a} has made a secret choice."
    if t == "lust_reveal":
        parts = [f"{nm(s)} discards {NAME[c] if c else 'nothing'}" for s, c in ev["cards"].items()]
        return "Revealed together: " + "; ".join(parts) + "."
    if t == "lust_hit":
        return f"{a} draws 3 for {nm(ev['by'])}'s Lust."
    if t == "greed_bust":
        return f"Bust! {a} takes all {_cards(len(ev['cards']))} dealt."
    if t == "greed_take":
        why = {"stop": f"{a} stops dealing", "five": "Five cards dealt without busting",
               "dry": "Nothing left to deal"}[ev["how"]]
        return f"{why}: everyone keeps the cards dealt to them."
    if t == "greed_dry":
        return "The deck and discard pile are empty: the Greed deal ends."
    if t == "greed_discard":
        return f"{a} discards their whole hand ({_cards(len(ev['cards']))})."
    if t == "greed_keep":
        return f"{a} keeps their hand."
    if t == "reshuffle":
        return f"The discard pile is shuffled into a new deck ({_cards(ev['cards'])})."
    if t == "short":
        return f"Nothing left to draw: {a} draws only {ev['got']} of {ev['wanted']}."
    if t == "emptied":
        if ev["now"] == 0:
            return f"{a}'s hand is empty at Wickedness 0!"
        if ev["from"] == ev["now"]:
            return f"{a}'s hand is empty: draws {ev['now']}."
        return f"{a}'s hand is empty: Wickedness {ev['from']} → {ev['now']}, draws {ev['now']}."
    if t == "tie":
        return f"Tie between {_list([nm(s) for s in ev['seats']])}: each draws 1 and play goes on."
    if t == "over":
        who = _list([nm(s) for s in ev["winners"]])
        if ev["how"] == "limit":
            return f"Turn limit reached: {who} won with the lowest Wickedness."
        return f"🏆 {who} wins The Deadlies!"
    if t == "turn":
        return f"— {a}'s turn —"
    if t == "sloth_off":
        return f"{a} discards the Sloth in front of them ({NAME[ev['card']]})."
    if t == "skip":
        return f"{a} has no cards and skips this turn."
    return ""
