"""Raven's words: card names in the chosen theme, the board and hand Docs, button labels and log lines.
Built from views and events only (engine/raven/views.py), never from the state."""
from __future__ import annotations

from engine.raven.cards import BID_VALUE, DWARF, RANK_OF, SHAMAN, SUIT_OF, THEMES, WOLF
from present.base import BasePresenter, Doc, Line, Section, Strong, join_names, line, who


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


# (short, long) name of every card in every theme, built once: presenting runs on every update.
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


def special(card: str, theme: str) -> str:
    return THEMES[theme]["specialists"][card]["name"]


def cards(ids: list[str], theme: str) -> str:
    names = _NAMES.get(theme, _NAMES["raven"])
    return " ".join(names[c][0] for c in ids) or "—"


def _trick_line(ids: list[str], leader: str, called: str | None, seats: list[str], theme: str,
                names: dict) -> Line:
    first, n = seats.index(leader), len(seats)
    lead = 1 if ids and ids[0] == SHAMAN else 0  # a forced Shaman lead passes the lead on
    out: list = []
    for i, c in enumerate(ids):
        out += [" · " if i else "", who(names, seats[(first + i) % n]), " ",
                card_name(c, theme, calling=called if i == lead else None)]
    return line(*out)


def _trump(theme: str, trump: str | None) -> Line:
    if trump is None:
        raven = THEMES[theme]["specialists"]["RAVEN"]
        return line(Strong("ravenclaw round"), f": the {raven['emoji']} {raven['name']} is the only trump")
    return line(f"trump {suit_name(trump, theme)}")


def _draw_lines(draw: list, theme: str, names: dict) -> list[Line]:
    t = THEMES[theme]
    out = []
    for k, rnd in enumerate(draw, 1):
        runs: list = [f"Dealer draw{f' (redraw {k - 1})' if k > 1 else ''}: "]
        for i, (seat, suit, rank, kind) in enumerate(rnd):
            drawn = f"{t['suits'][suit]['emoji']}{rank}" if suit else t["specialists"][kind.upper()]["name"]
            runs += [", " if i else "", who(names, seat), f" {drawn}"]
        out.append(line(*runs))
    return out


def _plural(k: int, word: str) -> str:
    return f" · {k} {word}" if k == 1 else f" · {k} {word}s"


def _player_lines(view: dict, names: dict) -> list[Line]:
    phase, seats, turn, theme = view["phase"], view["seats"], view["turn"], view["theme"]
    shown = view.get("revealed_bids", {})
    n = len(seats)
    if phase == "bid":
        size, locked, counts = view["bid_size"], view["bids_locked"], view["bid_counts"]
        bid = [f" · bid {counts[i]}/{size} set aside{' ✔' if s in locked else ''}" for i, s in enumerate(seats)]
    else:
        bid = [" · bid concealed" if phase == "play" else ""] * n
    for s in shown:
        bid[seats.index(s)] = f" · bid {cards(shown[s], theme)} = {view['revealed_values'][s]}"
    won = [_plural(k, "trick") for k in view["tricks"]] if "tricks" in view else [""] * n
    held = [_plural(k, "card") for k in view["hand_counts"]] if "hand_counts" in view else [""] * n
    exact = [f" ({k} exact)" for k in view["bonuses"]] if "bonuses" in view else [""] * n
    scores = view["scores"]
    return [line("▶ " if s in turn else "• ", Strong(names.get(s, s)),
                 f" {scores[i]} pts{exact[i]}{bid[i]}{won[i]}{held[i]}") for i, s in enumerate(seats)]


def _scored(last: dict, seats: list[str], names: dict) -> Section:
    rows = [line(who(names, s), f" bid {last['bids'][s]}, took {last['tricks'][s]}: +{last['points'][s]}"
                 + (" ✓ exact" if s in last["made"] else "")) for s in seats]
    return Section(f"Hand {last['hand']} scored", rows)


class RavenPresenter(BasePresenter):
    key = "raven"
    emoji = "🪶"  # not the Raven card's own mark, which names a card
    colour = 0x3B3F58
    title = "Raven"

    def _sections(self, view: dict, names: dict) -> list[Section]:
        theme, seats = view["theme"], view["seats"]
        head = [line(*_trump(theme, view["trump"]), " · dealer ", who(names, view["dealer"]))]
        if "draw" in view:
            head += _draw_lines(view["draw"], theme, names)
        if view["phase"] == "bid" and view["revealers"]:
            head.append(line("Leaders bid first, face up: ", *join_names(names, view["revealers"], ", ")))
        out = [Section("", head), Section("Players", _player_lines(view, names))]
        table = []
        if "trick" in view:
            t = THEMES[theme]
            about = (f" (follow {suit_name(view['led'], theme)})" if "led" in view else
                     f" ({t['specialists']['WOLF']['name']} lead: a non-trump suit is called)" if "wolf" in view
                     else "")
            table.append(line(Strong("Trick"), f"{about}: ",
                              *_trick_line(view["trick"], view["leader"], view.get("called"), seats, theme, names)))
        if "last_trick" in view:
            table.append(line("Last trick, won by ", who(names, view["last_winner"]), ": ", *_trick_line(
                view["last_trick"], view["last_leader"], view.get("last_called"), seats, theme, names)))
        if table:
            out.append(Section("", table))
        if "last_hand" in view:
            out.append(_scored(view["last_hand"], seats, names))
        return out

    def _title(self, view: dict) -> str:
        t = THEMES[view["theme"]]
        return f"{self.emoji} {t['title']} · hand {max(view['hand_no'], 1)}/{view['hands_total']}"

    def board(self, view: dict, names: dict[str, str]) -> Doc:
        return Doc(self._title(view), self._sections(view, names), self.waiting(view, names) or ())

    def hand(self, view: dict, names: dict[str, str]) -> Doc:
        theme = view["theme"]
        sections = self._sections(view, names)
        if "hand" in view:
            mine = [line(cards(view["hand"], theme))]
            if view["my_bid"] and view["seat"] not in view.get("revealed_bids", {}):
                mine.append(line("Bid: ", cards(view["my_bid"], theme), f" = {view['my_bid_value']}"))
            if view["phase"] == "bid" and view["seat"] in view["turn"] and view["my_bid"]:
                mine.append(line("You may take a bid card back until you pick the last one."))
            sections.append(Section("Your hand", mine))
        mine_now = view["seat"] in view["decision"]["seats"]
        foot = line(self.prompt(view)) if mine_now else self.waiting(view, names) or ()
        return Doc(self._title(view), sections, foot)

    def waiting(self, view: dict, names: dict[str, str]) -> Line | None:
        d = view["decision"]
        about = d["about"]
        if about == "over":
            return None
        if about == "deal":
            return line("Waiting for ", who(names, d["seats"][0]), f" to deal hand {d['hand']}.")
        if about == "bid":
            lead = "The score leaders bid first, face up: waiting for " if d["leaders_first"] else "Waiting for "
            return line(lead, *join_names(names, d["seats"]), " to bid.")
        return line("Waiting for ", who(names, d["seats"][0]), " to play.")

    def compose(self, view: dict, legal: list[dict]) -> tuple[str, int, int] | None:
        """A bid's cards are one choice: the host offers the "bid" steps as one multi-select of up to the
        cards still to set aside, all in one go (the engine still takes them one step at a time). One card
        at a time stays possible, as before."""
        if view["decision"]["about"] != "bid":
            return None
        left = view["bid_size"] - len(view.get("my_bid", []))
        return ("bid", 1, left) if left > 1 else None

    def prompt(self, view: dict) -> str:
        """The seat's own task, from its view (it may mention its own cards, never anyone else's)."""
        d, theme = view["decision"], view["theme"]
        about = d["about"]
        if about == "over":
            return "The game is over."
        if about == "deal":
            return f"Deal hand {d['hand']} of {view['hands_total']}."
        if about == "bid":
            left = view["bid_size"] - len(view.get("my_bid", []))
            values = ", ".join(f"{THEMES[theme]['suits'][s]['one']} {BID_VALUE[s]}" for s in BID_VALUE)
            how = "face up, as score leader" if view["seat"] in view["revealers"] else "face down"
            return f"Bid: set aside {left} more suited card{'s' if left != 1 else ''} {how} ({values})."
        hand = view.get("hand", [])
        if about == "lead":
            if d["forced_shaman"]:
                return f"The {special(SHAMAN, theme)} was forced to lead and calls nothing: lead any card."
            if hand == [SHAMAN]:
                return f"Your last card is the {special(SHAMAN, theme)}: you must lead it."
            text = f"Lead any card except the {special(SHAMAN, theme)}."
            if DWARF in hand:  # only a Dwarf holder needs to hear how leading it works
                text += f" Leading the {special(DWARF, theme)}, you name the suit it calls for."
            return text
        if d["led"]:
            return f"Play a card: follow {THEMES[theme]['suits'][d['led']]['name']} if you can, or play a specialist."
        if d["wolf"]:
            return (f"The {special(WOLF, theme)} calls for a non-trump suit: play a non-trump card if you can, "
                    "or a specialist.")
        return "Play any card."

    def label(self, action: dict, view: dict, names: dict[str, str] | None = None) -> str:
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

    def describe(self, event: dict, names: dict[str, str]) -> Line | None:
        theme = event.get("theme", "raven")
        kind = event.get("type")
        if kind == "deal":
            out = line(who(names, event["dealer"]), f" deals hand {event['hand']}: ", *_trump(theme, event["trump"]),
                       ".")
            if event["revealers"]:
                out += line(" Face-up bids first from ", *join_names(names, event["revealers"], ", "), ".")
            if event.get("draw"):
                out = line(*(r for d in _draw_lines(event["draw"], theme, names) for r in (*d, ". "))) + out
            return out
        if kind == "hand":
            return None  # the hand message's "Your hand" section shows it; a log line would repeat it
        if kind == "bid":
            return line(f"You set aside {card_name(event['card'], theme)} for your bid.")
        if kind == "unbid":
            return line(f"You took {card_name(event['card'], theme)} back into your hand.")
        if kind == "bid_done":
            return line(who(names, event["seat"]),
                        f" has locked in a {'face-up' if event['face_up'] else 'concealed'} bid.")
        if kind == "bids_revealed":
            runs: list = ["Revealed bids: "]
            for i, (s, c) in enumerate(event["bids"].items()):
                runs += ["; " if i else "", who(names, s), f" {cards(c, theme)} = {event['values'][s]}"]
            return line(*runs)
        if kind == "play_begins":
            return line("Bidding is over: ", who(names, event["leader"]), " leads.")
        if kind == "play":
            text = f" plays {card_name(event['card'], theme, calling=event.get('suit'))}"
            if event.get("sets_suit"):
                text += f", setting the called suit to {suit_name(event['sets_suit'], theme, emoji=False)}"
            return line(who(names, event["seat"]), text + ".")
        if kind == "trick":
            return line(who(names, event["winner"]), f" wins trick {event['number']}.")
        if kind == "hand_scored":
            runs = [f"Hand {event['hand']} scored: "]
            for i, (s, v) in enumerate(event["bids"].items()):
                runs += ["; " if i else "", who(names, s),
                         f" bid {v} ({cards(event['bid_cards'][s], theme)}), took {event['tricks'][s]}: "
                         f"+{event['points'][s]}{' ✓' if s in event['made'] else ''}"]
            return line(*runs)
        if kind == "game_over":
            return None  # said once, in the result message
        return None

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        doc.title = f"{self.emoji} {THEMES[view['theme']]['title']} — Game over!"
        bonuses = result.get("bonuses", {})
        doc.sections[1].lines = [
            line(who(names, s), f": {v} points ({bonuses.get(s, 0)} exact bids)")
            for s, v in sorted(result["scores"].items(), key=lambda kv: (-kv[1], -bonuses.get(kv[0], 0)))]
        doc.sections.append(Section("", [line("Points are tricks won plus the bonus for each exact bid; "
                                              "a tie goes to the most exact bids.")]))
        if "last_hand" in view:
            doc.sections.insert(1, _scored(view["last_hand"], view["seats"], names))
        return doc


PRESENTER = RavenPresenter()
