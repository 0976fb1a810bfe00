"""Raven's words: card names in the chosen theme, the board and hand Docs, button labels and log lines.
Built from views and events only (engine/raven/views.py), never from the state; every word through the
catalog (present/i18n.py), card and suit names through the glossary (present/raven/datawords.py)."""
from __future__ import annotations

from functools import lru_cache

from engine.raven.cards import BID_VALUE, DWARF, RANK_OF, SHAMAN, SUIT_OF, THEMES, WOLF
from present.base import BasePresenter, Doc, Line, Section, Strong, join_names, line, who
from present.datawords import term
from present.raven.datawords import RAVEN_SPECIALIST, RAVEN_SUIT, RAVEN_SUIT_ONE, RAVEN_THEME
from present.i18n import lang, mark, tr, trl, trn


def _theme(theme: str) -> dict:
    return THEMES.get(theme, THEMES["raven"])


@lru_cache(maxsize=None)
def _names(theme: str, language: str) -> dict[str, tuple[str, str]]:
    """(short, long) name of every card in a theme and language, built once: presenting runs on every
    update. `language` is part of the cache key (the words are looked up in it)."""
    t = _theme(theme)
    out = {}
    for card, suit in SUIT_OF.items():
        if suit:
            s = t["suits"][suit]
            # i18n: a suited card's name: its suit (plural) and number, e.g. "Shields 3"
            long = tr("{suit} {rank}", suit=term(RAVEN_SUIT, s["name"]), rank=RANK_OF[card])
            out[card] = (f"{s['emoji']}{RANK_OF[card]}", f"{s['emoji']} {long}")
        else:
            sp = t["specialists"][card]
            name = term(RAVEN_SPECIALIST, sp["name"])
            out[card] = (f"{sp['emoji']}{name}", f"{sp['emoji']} {name}")
    return out


def card_name(card: str, theme: str = "raven", short: bool = False, calling: str | None = None) -> str:
    names = _names(theme if theme in THEMES else "raven", lang())
    text = names[card][0 if short else 1] if card in names else card
    if calling:
        text = tr("{card} (calling {suit})", card=text, suit=suit_name(calling, theme, emoji=False))
    return text


def suit_name(suit: str | None, theme: str, emoji: bool = True) -> str:
    if not suit:
        return tr("none")
    s = _theme(theme)["suits"][suit]
    name = term(RAVEN_SUIT, s["name"])
    return f"{s['emoji']} {name}" if emoji else name


def special(card: str, theme: str) -> str:
    return term(RAVEN_SPECIALIST, _theme(theme)["specialists"][card]["name"])


def theme_title(theme: str) -> str:
    return term(RAVEN_THEME, _theme(theme)["title"])


def cards(ids: list[str], theme: str) -> str:
    names = _names(theme if theme in THEMES else "raven", lang())
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
        raven = _theme(theme)["specialists"]["RAVEN"]
        name = tr("ravenclaw round")  # (a call of its own: Babel's extractor skips one nested in another)
        return trl("{round}: the {raven} is the only trump", round=Strong(name),
                   raven=f"{raven['emoji']} {special('RAVEN', theme)}")
    return line(tr("trump {suit}", suit=suit_name(trump, theme)))


def _draw_lines(draw: list, theme: str, names: dict) -> list[Line]:
    t = _theme(theme)
    out = []
    for k, rnd in enumerate(draw, 1):
        runs: list = []
        for i, (seat, suit, rank, kind) in enumerate(rnd):
            drawn = f"{t['suits'][suit]['emoji']}{rank}" if suit else special(kind.upper(), theme)
            runs += [", " if i else "", who(names, seat), f" {drawn}"]
        out.append(trl("Dealer draw (redraw {n}): {draws}", n=k - 1, draws=tuple(runs)) if k > 1
                   else trl("Dealer draw: {draws}", draws=tuple(runs)))
    return out


def _count(k: int, one: str, many: str) -> str:
    return " · " + trn(one, many, k)


def _player_lines(view: dict, names: dict) -> list[Line]:
    phase, seats, turn, theme = view["phase"], view["seats"], view["turn"], view["theme"]
    shown = view.get("revealed_bids", {})
    n = len(seats)
    if phase == "bid":
        size, locked, counts = view["bid_size"], view["bids_locked"], view["bid_counts"]
        bid = [" · " + tr("bid {done}/{size} set aside", done=counts[i], size=size) + (" ✔" if s in locked else "")
               for i, s in enumerate(seats)]
    else:
        bid = [" · " + tr("bid concealed") if phase == "play" else ""] * n
    for s in shown:
        bid[seats.index(s)] = " · " + tr("bid {cards} = {value}", cards=cards(shown[s], theme),
                                         value=view["revealed_values"][s])
    won = [_count(k, "{n} trick", "{n} tricks") for k in view["tricks"]] if "tricks" in view else [""] * n
    held = [_count(k, "{n} card", "{n} cards") for k in view["hand_counts"]] if "hand_counts" in view else [""] * n
    exact = [" " + trn("({n} exact)", "({n} exact)", k) for k in view["bonuses"]] if "bonuses" in view else [""] * n
    scores = view["scores"]
    return [line("▶ " if s in turn else "• ", Strong(names.get(s, s)),
                 " " + trn("{n} pts", "{n} pts", scores[i]) + f"{exact[i]}{bid[i]}{won[i]}{held[i]}")
            for i, s in enumerate(seats)]


def _scored(last: dict, seats: list[str], names: dict) -> Section:
    rows = [line(*trl("{player} bid {bid}, took {tricks}: +{points}", player=who(names, s), bid=last["bids"][s],
                      tricks=last["tricks"][s], points=last["points"][s]),
                 " ✓ " + tr("exact") if s in last["made"] else "") for s in seats]
    return Section(tr("Hand {n} scored", n=last["hand"]), rows)


def hand_number(view: dict) -> int:
    """The hand the board and picture name: the one being played, or the first before its deal (the
    engine counts 0 then)."""
    return max(view["hand_no"], 1)


class RavenPresenter(BasePresenter):
    key = "raven"
    emoji = "🪶"  # not the Raven card's own mark, which names a card
    title = mark("Raven")

    def _sections(self, view: dict, names: dict) -> list[Section]:
        theme, seats = view["theme"], view["seats"]
        head = [line(*_trump(theme, view["trump"]), " · ", *trl("dealer {player}", player=who(names, view["dealer"])))]
        if "draw" in view:
            head += _draw_lines(view["draw"], theme, names)
        if view["phase"] == "bid" and view["revealers"]:
            head.append(trl("Leaders bid first, face up: {players}",
                            players=join_names(names, view["revealers"], ", ")))
        out = [Section("", head), Section(tr("Players"), _player_lines(view, names))]
        table = []
        if "trick" in view:
            about = (tr("(follow {suit})", suit=suit_name(view["led"], theme)) if "led" in view else
                     tr("({wolf} lead: a non-trump suit is called)", wolf=special(WOLF, theme)) if "wolf" in view
                     else "")
            table.append(line(Strong(tr("Trick")), f" {about}" if about else "", ": ",
                              *_trick_line(view["trick"], view["leader"], view.get("called"), seats, theme, names)))
        if "last_trick" in view:
            table.append(trl("Last trick, won by {player}: {cards}", player=who(names, view["last_winner"]),
                             cards=_trick_line(view["last_trick"], view["last_leader"], view.get("last_called"),
                                               seats, theme, names)))
        if table:
            out.append(Section("", table))
        if "last_hand" in view:
            out.append(_scored(view["last_hand"], seats, names))
        return out

    def _title(self, view: dict) -> str:
        return f"{self.emoji} {theme_title(view['theme'])} · " + tr(
            "hand {n}/{total}", n=hand_number(view), total=view["hands_total"])

    def board(self, view: dict, names: dict[str, str]) -> Doc:
        return Doc(self._title(view), self._sections(view, names), self.waiting(view, names) or ())

    def hand(self, view: dict, names: dict[str, str]) -> Doc:
        return self._hand(view, names, self._sections(view, names))

    def dm_hand(self, view: dict, public: dict, names: dict[str, str]) -> Doc | None:
        """The board's sections are _sections() of the public view, which reads only fields the public view
        has. A seat's view has the same fields, equal (a seat sees the table as everyone does, plus its own
        cards): then its copies of those sections are the board's, and the DM leaves them out unbuilt."""
        if any(view.get(key) != value for key, value in public.items() if key != "seat"):
            return None
        return self._hand(view, names, [])

    def _hand(self, view: dict, names: dict[str, str], sections: list[Section]) -> Doc:
        theme = view["theme"]
        if "hand" in view:
            mine = [line(cards(view["hand"], theme))]
            if view["my_bid"] and view["seat"] not in view.get("revealed_bids", {}):
                mine.append(line(tr("Bid: {cards} = {value}", cards=cards(view["my_bid"], theme),
                                    value=view["my_bid_value"])))
            if view["phase"] == "bid" and view["seat"] in view["turn"] and view["my_bid"]:
                mine.append(line(tr("You may take a bid card back until you pick the last one.")))
            sections.append(Section(tr("Your hand"), mine))
        mine_now = view["seat"] in view["decision"]["seats"]
        foot = line(self.prompt(view)) if mine_now else self.waiting(view, names) or ()
        return Doc(self._title(view), sections, foot)

    def waiting(self, view: dict, names: dict[str, str]) -> Line | None:
        d = view["decision"]
        about = d["about"]
        if about == "over":
            return None
        if about == "deal":
            return trl("Waiting for {player} to deal hand {n}.", player=who(names, d["seats"][0]), n=d["hand"])
        if about == "bid":
            if d["leaders_first"]:
                return trl("The score leaders bid first, face up: waiting for {players} to bid.",
                           players=join_names(names, d["seats"]))
            return trl("Waiting for {players} to bid.", players=join_names(names, d["seats"]))
        return trl("Waiting for {player} to play.", player=who(names, d["seats"][0]))

    def prompt(self, view: dict) -> str:
        """The seat's own task, from its view (it may mention its own cards, never anyone else's)."""
        d, theme = view["decision"], view["theme"]
        about = d["about"]
        if about == "over":
            return tr("The game is over.")
        if about == "deal":
            return tr("Deal hand {n} of {total}.", n=d["hand"], total=view["hands_total"])
        if about == "bid":
            left = view["bid_size"] - len(view.get("my_bid", []))
            values = ", ".join(f"{term(RAVEN_SUIT_ONE, _theme(theme)['suits'][s]['one'])} {BID_VALUE[s]}"
                               for s in BID_VALUE)
            if view["seat"] in view["revealers"]:
                return trn("Bid: set aside {n} more suited card face up, as score leader ({values}).",
                           "Bid: set aside {n} more suited cards face up, as score leader ({values}).",
                           left, values=values)
            return trn("Bid: set aside {n} more suited card face down ({values}).",
                       "Bid: set aside {n} more suited cards face down ({values}).", left, values=values)
        hand = view.get("hand", [])
        shaman = special(SHAMAN, theme)
        if about == "lead":
            if d["forced_shaman"]:
                return tr("The {shaman} was forced to lead and calls nothing: lead any card.", shaman=shaman)
            if hand == [SHAMAN]:
                return tr("Your last card is the {shaman}: you must lead it.", shaman=shaman)
            if DWARF in hand:  # only a Dwarf holder needs to hear how leading it works
                return tr("Lead any card except the {shaman}. Leading the {dwarf}, you name the suit it calls for.",
                          shaman=shaman, dwarf=special(DWARF, theme))
            return tr("Lead any card except the {shaman}.", shaman=shaman)
        if d["led"]:
            return tr("Play a card: follow {suit} if you can, or play a specialist.",
                      suit=suit_name(d["led"], theme, emoji=False))
        if d["wolf"]:
            return tr("The {wolf} calls for a non-trump suit: play a non-trump card if you can, or a specialist.",
                      wolf=special(WOLF, theme))
        return tr("Play any card.")

    def label(self, action: dict, view: dict, names: dict[str, str] | None = None) -> str:
        theme = view.get("theme", "raven")
        kind = action.get("type")
        if kind == "deal":
            return tr("Deal hand {n}", n=view["hand_no"] + 1)
        card = action.get("card", "")
        if kind == "bid":
            return tr("Bid {card} (+{value})", card=card_name(card, theme), value=BID_VALUE[SUIT_OF[card]])
        if kind == "unbid":
            return tr("Take back {card}", card=card_name(card, theme))
        return card_name(card, theme, calling=action.get("suit"))

    def describe(self, event: dict, names: dict[str, str]) -> Line | None:
        theme = event.get("theme", "raven")
        kind = event.get("type")
        if kind == "deal":
            out = trl("{dealer} deals hand {n}: {trump}.", dealer=who(names, event["dealer"]), n=event["hand"],
                      trump=_trump(theme, event["trump"]))
            if event["revealers"]:
                out += (" ",) + trl("Face-up bids first from {players}.",
                                    players=join_names(names, event["revealers"], ", "))
            if event.get("draw"):
                out = line(*(r for d in _draw_lines(event["draw"], theme, names) for r in (*d, ". "))) + out
            return out
        if kind == "hand":
            return None  # the hand message's "Your hand" section shows it; a log line would repeat it
        if kind == "bid":
            return line(tr("You set aside {card} for your bid.", card=card_name(event["card"], theme)))
        if kind == "unbid":
            return line(tr("You took {card} back into your hand.", card=card_name(event["card"], theme)))
        if kind == "bid_done":
            if event["face_up"]:
                return trl("{player} has locked in a face-up bid.", player=who(names, event["seat"]))
            return trl("{player} has locked in a concealed bid.", player=who(names, event["seat"]))
        if kind == "bids_revealed":
            runs: list = []
            for i, (s, c) in enumerate(event["bids"].items()):
                runs += ["; " if i else "", who(names, s), f" {cards(c, theme)} = {event['values'][s]}"]
            return trl("Revealed bids: {bids}", bids=tuple(runs))
        if kind == "play_begins":
            return trl("Bidding is over: {player} leads.", player=who(names, event["leader"]))
        if kind == "play":
            card = card_name(event["card"], theme, calling=event.get("suit"))
            if event.get("sets_suit"):
                return trl("{player} plays {card}, setting the called suit to {suit}.", player=who(names, event["seat"]),
                           card=card, suit=suit_name(event["sets_suit"], theme, emoji=False))
            return trl("{player} plays {card}.", player=who(names, event["seat"]), card=card)
        if kind == "trick":
            return trl("{player} wins trick {n}.", player=who(names, event["winner"]), n=event["number"])
        if kind == "hand_scored":
            runs = []
            for i, (s, v) in enumerate(event["bids"].items()):
                runs += ["; " if i else "", *trl("{player} bid {bid} ({cards}), took {tricks}: +{points}",
                                                 player=who(names, s), bid=v, cards=cards(event["bid_cards"][s], theme),
                                                 tricks=event["tricks"][s], points=event["points"][s]),
                         " ✓" if s in event["made"] else ""]
            return trl("Hand {n} scored: {scores}", n=event["hand"], scores=tuple(r for r in runs if r != ""))
        if kind == "game_over":
            return None  # said once, in the result message
        return None

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        doc.title = self.over_title(theme_title(view["theme"]))
        bonuses = result.get("bonuses", {})
        doc.sections[1].lines = [
            trl("{player}: {points} ({exact})", player=who(names, s), points=trn("{n} point", "{n} points", v),
                exact=trn("{n} exact bid", "{n} exact bids", bonuses.get(s, 0)))
            for s, v in sorted(result["scores"].items(), key=lambda kv: (-kv[1], -bonuses.get(kv[0], 0)))]
        doc.sections.append(Section("", [line(tr("Points are tricks won plus the bonus for each exact bid; "
                                                 "a tie goes to the most exact bids."))]))
        if "last_hand" in view:
            doc.sections.insert(1, _scored(view["last_hand"], view["seats"], names))
        return doc


PRESENTER = RavenPresenter()
