"""Words for Raven: card names in the chosen theme, board text, button labels and log lines."""
from __future__ import annotations

from engine.core import Names
from engine.raven.cards import BID_VALUE, RANK_OF, SHAMAN, SUIT_OF, THEMES


def _names(theme: str) -> dict[str, tuple[str, str]]:
    t = THEMES[theme]
    out = {}
    for card, suit in SUIT_OF.items():
        if suit:
            s = t["suits"][suit]
            out[card] = (f"{s['emoji']}{RANK_OF[card]}", f"{s['emoji']} {s['name']} {RANK_OF[card]}")
        else:
            sp = t["specialists"][card]
            out[card] = (f"{sp['emoji']}{sp['name']}", f"{sp['emoji']} {sp['name']}")
    return out


# (short, long) name of every card in every theme, built once: rendering runs on every update.
_NAMES = {theme: _names(theme) for theme in THEMES if not theme.startswith("_")}


def card_name(card: str, theme: str = "raven", short: bool = False, calling: str | None = None) -> str:
    names = _NAMES.get(theme, _NAMES["raven"])
    text = names[card][0 if short else 1] if card in names else card
    if calling:
        text += f" (calling {THEMES[theme]['suits'][calling]['name']})"
    return text


def suit_name(suit: str | None, theme: str, emoji: bool = True) -> str:
    if not suit:
        return "none"
    s = THEMES.get(theme, THEMES["raven"])["suits"][suit]
    return f"{s['emoji']} {s['name']}" if emoji else s["name"]


def _cards(cards: list[str], theme: str) -> str:
    names = _NAMES.get(theme, _NAMES["raven"])
    return " ".join(names[c][0] for c in cards) or "—"


def _trick_line(cards: list[str], leader: str, called: str | None, seats: list[str], theme: str,
                who: Names) -> str:
    first, n = seats.index(leader), len(seats)
    lead = 1 if cards and cards[0] == SHAMAN else 0  # a forced Shaman lead passes the lead on
    return " · ".join(
        f"{who(seats[(first + i) % n])} {card_name(c, theme, calling=called if i == lead else None)}"
        for i, c in enumerate(cards))


def _trump_line(view: dict) -> str:
    theme = view["theme"]
    if view["trump"] is None:
        raven = THEMES[theme]["specialists"]["RAVEN"]
        return f"**ravenclaw round**: the {raven['emoji']} {raven['name']} is the only trump"
    return f"trump {suit_name(view['trump'], theme)}"


def _draw_lines(view: dict, t: dict, who: Names) -> list[str]:
    out = []
    for k, rnd in enumerate(view["draw"], 1):
        drawn = ", ".join(
            f"{who(seat)} " + (f"{t['suits'][suit]['emoji']}{rank}" if suit
                               else t["specialists"][kind.upper()]["name"]) for seat, suit, rank, kind in rnd)
        out.append(f"Dealer draw{f' (redraw {k - 1})' if k > 1 else ''}: {drawn}")
    return out


def _plural(k: int, word: str) -> str:
    return f" · {k} {word}" if k == 1 else f" · {k} {word}s"


def _player_lines(view: dict, shown: dict, theme: str, nm: dict) -> list[str]:
    phase, seats, turn = view["phase"], view["seats"], view["turn"]
    n = len(seats)
    if phase == "bid":
        size, locked, counts = view["bid_size"], view["bids_locked"], view["bid_counts"]
        bid = [f" · bid {counts[i]}/{size} set aside{' ✔' if s in locked else ''}" for i, s in enumerate(seats)]
    else:
        bid = [" · bid concealed" if phase == "play" else ""] * n
    for s in shown:
        bid[seats.index(s)] = f" · bid {_cards(shown[s], theme)} = {view['revealed_values'][s]}"
    tricks = [_plural(k, "trick") for k in view["tricks"]] if "tricks" in view else [""] * n
    cards = [_plural(k, "card") for k in view["hand_counts"]] if "hand_counts" in view else [""] * n
    scores = view["scores"]
    exact = [f" ({k} exact)" for k in view["bonuses"]] if "bonuses" in view else [""] * n
    return [f"{'▶' if s in turn else '•'} **{nm[s]}** {scores[i]} pts{exact[i]}{bid[i]}{tricks[i]}{cards[i]}"
            for i, s in enumerate(seats)]


def render(view: dict, names: dict[str, str]) -> str:
    names = names or {}
    seats = view["seats"]
    nm = {s: names.get(s, s) for s in seats}
    who = Names(nm)
    theme = view["theme"]
    t = THEMES[theme]
    phase = view["phase"]
    shown = view.get("revealed_bids", {})
    lines = [f"**{t['title']}** · hand {max(view['hand_no'], 1)}/{view['hands_total']} · {_trump_line(view)}"
             f" · dealer {nm[view['dealer']]}"]
    if "draw" in view:
        lines += _draw_lines(view, t, who)
    if phase == "bid" and view["revealers"]:
        lines.append("Leaders bid first, face up: " + ", ".join(nm[s] for s in view["revealers"]))
    lines.append("")
    lines += _player_lines(view, shown, theme, nm)
    if "trick" in view:
        head = "**Trick**"
        if "led" in view:
            head += f" (follow {suit_name(view['led'], theme)})"
        elif "wolf" in view:
            head += f" ({t['specialists']['WOLF']['name']} lead: a non-trump suit is called)"
        cards = _trick_line(view["trick"], view["leader"], view.get("called"), seats, theme, who)
        lines.append(f"{head}: {cards}")
    if "last_trick" in view:
        lines.append(f"Last trick, won by {nm[view['last_winner']]}: " + _trick_line(
            view["last_trick"], view["last_leader"], view.get("last_called"), seats, theme, who))
    if "last_hand" in view:
        last = view["last_hand"]
        lines.append(f"**Hand {last['hand']} scored:** " + "; ".join(
            f"{nm[s]} bid {last['bids'][s]}, took {last['tricks'][s]}: +{last['points'][s]}"
            + (" ✓" if s in last["made"] else "") for s in seats))
    if phase == "over":
        res = view["result"]
        lines.append("**Game over.** Winner" + ("s: " if len(res["winners"]) > 1 else ": ")
                     + ", ".join(nm[s] for s in res["winners"]))
    if "hand" in view:
        lines.append("")
        lines.append(f"**Your hand:** {_cards(view['hand'], theme)}")
        if view["my_bid"] and view["seat"] not in shown:
            lines.append(f"**Your bid:** {_cards(view['my_bid'], theme)} = {view['my_bid_value']}")
        if phase == "bid" and view["seat"] in view["turn"] and view["my_bid"]:
            lines.append("You may take a bid card back until you pick the last one.")
    lines.append(f"*{view['to_do']}*")
    return "\n".join(lines)


def label(action: dict, view: dict) -> str:
    theme = view.get("theme", "raven")
    kind = action.get("type")
    if kind == "deal":
        return f"Deal hand {view['hand_no'] + 1}"
    card = action.get("card", "")
    if kind == "bid":
        return f"Bid {card_name(card, theme)} (+{BID_VALUE[SUIT_OF[card]]})"
    if kind == "unbid":
        return f"Take back {card_name(card, theme)}"
    return card_name(card, theme, calling=action.get("suit"))


def describe(event: dict, names: dict[str, str]) -> str:
    who = Names(names or {})
    theme = event.get("theme", "raven")
    kind = event.get("type")
    if kind == "deal":
        line = (f"{who(event['dealer'])} deals hand {event['hand']}: "
                + _trump_line({"theme": theme, "trump": event["trump"]})
                + ".")
        if event["revealers"]:
            line += " Face-up bids first from " + ", ".join(who(s) for s in event["revealers"]) + "."
        return line
    if kind == "hand":
        return f"Your hand: {_cards(event['cards'], theme)}"
    if kind == "bid":
        return f"You set aside {card_name(event['card'], theme)} for your bid."
    if kind == "unbid":
        return f"You took {card_name(event['card'], theme)} back into your hand."
    if kind == "bid_done":
        return f"{who(event['seat'])} has locked in a {'face-up' if event['face_up'] else 'concealed'} bid."
    if kind == "bids_revealed":
        return "Revealed bids: " + "; ".join(
            f"{who(s)} {_cards(c, theme)} = {event['values'][s]}" for s, c in event["bids"].items())
    if kind == "play_begins":
        return f"Bidding is over: {who(event['leader'])} leads."
    if kind == "play":
        line = f"{who(event['seat'])} plays {card_name(event['card'], theme, calling=event.get('suit'))}"
        if event.get("sets_suit"):
            line += f", setting the called suit to {suit_name(event['sets_suit'], theme, emoji=False)}"
        return line + "."
    if kind == "trick":
        return f"{who(event['winner'])} wins trick {event['number']}."
    if kind == "hand_scored":
        return f"Hand {event['hand']} scored: " + "; ".join(
            f"{who(s)} bid {v} ({_cards(event['bid_cards'][s], theme)}), took {event['tricks'][s]}: "
            f"+{event['points'][s]}{' ✓' if s in event['made'] else ''}" for s, v in event["bids"].items())
    if kind == "game_over":
        w = event["winners"]
        return ("Game over. " + ("Winners" if len(w) > 1 else "Winner") + ": "
                + ", ".join(f"{who(s)} ({event['scores'][s]} pts)" for s in w) + ".")
    return ""
