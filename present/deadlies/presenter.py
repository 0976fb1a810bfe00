"""The Deadlies' words: the board and hand Docs, the prompts, button labels and log lines.
Card names come from engine/deadlies/cards.py (data/deadlies/cards.json); everything else is said here."""
from __future__ import annotations

from engine.deadlies.cards import (
    ALL_IDS, NAME, NUM, SORT_KEY, SPECIALS, SUIT_EMOJI, SUIT_NAME, SUIT_OF, kinds, legal_picks, play_text, top_card,
)
from present.base import BasePresenter, Bundle, Doc, Line, Section, Strong, join_names, line, who


def _emoji(c: str) -> str:
    return SPECIALS[c]["emoji"] if c in SPECIALS else SUIT_EMOJI[SUIT_OF[c]]


LABEL = {c: f"{_emoji(c)} {NAME[c]}" for c in ALL_IDS}


def card(c: str) -> str:
    """'😡 Wrath 3': the name players read everywhere."""
    return LABEL[c]

_EFFECT_WORDS = {"PU0": "Purity: take the Halo", "HALO": "Halo: discard your hand", "CO8": "Corruption: choose a sin"}

# What a seat must do, said to that seat. `{who}` is the player whose play it answers.
_MY_TASK = {
    "suit": "Choose which sin your Corruption acts as.",
    "pride_target": "Choose a player to ask for Pride.",
    "pride_answer": "{who} asks you for Pride: show a Pride ({who} draws 1) or draw 1 yourself.",
    "wrath_target": "Choose a player to draw 2 cards.",
    "wrath_answer": "Wrath from {who}: throw back a Wrath (they draw 2) or stop.",
    "gluttony": "Take a random card from another player, or draw 3. Then you take another turn.",
    "envy": "Trade hands with another player (only with no Envy in hand), or keep yours.",
    "lust_partner": "Choose your Lust partner.",
    "lust_ab": "{who} chose you for Lust: nothing happens, or you both may secretly discard a card.",
    "lust_secret": "Secretly choose one card to discard, or none. Each Lust discarded makes the other draw 3.",
    "greed": "Greed: deal another card, or stop and make them keep what they got.",
    "greed_five": "Five cards dealt without busting! You may discard your whole hand.",
}
# The same task as a menu placeholder: no names (a placeholder shows no formatting, and needs none).
_PLACEHOLDER = {"pride_answer": "Pride asked of you: show a Pride or draw 1.",
                "wrath_answer": "Wrath on you: throw back a Wrath or stop.",
                "lust_ab": "You were chosen for Lust: nothing, or both may discard."}
_THEIR_TASK = {"pride_answer": "answer the Pride", "wrath_answer": "answer the Wrath", "lust_ab": "answer the Lust",
               "lust_secret": "secretly choose a Lust discard", "greed": "deal or stop",
               "greed_five": "decide on discarding their hand", "suit": "choose Corruption's sin",
               "pride_target": "choose whom to ask for Pride", "wrath_target": "choose whom the Wrath hits",
               "lust_partner": "choose a Lust partner", "gluttony": "steal a card or draw 3",
               "envy": "trade hands or keep theirs", "build": "play", "top": "play"}


MAX_BUNDLES = 25  # one menu of whole plays; more, and the cards are picked one at a time


def _play_label(kind: str, cards: list[str], top: str | None) -> str:
    """A whole play, short enough for a button: "😡 Wrath 3", "😡 Wrath 3–4–5 straight",
    "😡 Wrath 3 on top of 💋3"."""
    ordered = sorted(cards, key=NUM.__getitem__)
    if kind == "single":
        return card(cards[0])
    if kind == "number":
        return f"{card(top)} on top of " + " ".join(_emoji(c) + str(NUM[c]) for c in ordered if c != top)
    shown = top_card(kind, cards)
    if len({SUIT_OF[c] for c in ordered}) == 1:
        run = ("–" if kind == "straight" else ", ").join(str(NUM[c]) for c in ordered)
        return f"{_emoji(shown)} {SUIT_NAME[SUIT_OF[shown]]} {run}" + (" straight" if kind == "straight" else "")
    return (" ".join(_emoji(c) + str(NUM[c]) for c in ordered) + f" {kind}")[:80]


def _whole_plays(v: dict) -> list[Bundle] | None:
    """The plays the reader's hand can make, whole: its cards, the way it is played and, for a set of one
    number, the card put on top. None past one menu's worth (a big hand after a Wrath): then the cards are
    picked one at a time, as before."""
    hand, start = v.get("hand") or [], v.get("picked") or []
    plays: list[tuple[list[str], str]] = []

    def grow(picks: list[str], last: int) -> None:
        if len(plays) > MAX_BUNDLES:
            return
        if picks:  # with cards already picked, playing just those is a bundle of one step
            plays.extend((picks, k) for k in kinds(picks))
        for c in legal_picks(picks, hand):
            if hand.index(c) > last:  # each set once, its cards in hand order
                grow(picks + [c], hand.index(c))

    grow(list(start), -1)
    out = []
    for cards, kind in sorted(plays, key=lambda p: (len(p[0]), [SORT_KEY[c] for c in p[0]], p[1])):
        steps = tuple({"type": "pick", "card": c} for c in cards[len(start):]) + ({"type": "play", "as": kind},)
        tops = sorted(cards, key=SORT_KEY.__getitem__) if kind == "number" else [None]
        out += [Bundle(_play_label(kind, cards, top),
                       steps + (({"type": "top", "card": top},) if top else ())) for top in tops]
    return out if out and len(out) <= MAX_BUNDLES else None


def _effect_word(c: str) -> str:
    return _EFFECT_WORDS.get(c) or SUIT_NAME[SUIT_OF[c]]


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hand_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def _short(s: str) -> str:
    return s if len(s) <= 80 else s[:79] + "…"


def _last_results(v: dict, names: dict) -> Section | None:
    """The last Greed bust and Lust reveal, each kept on the board until the next one (public facts only)."""
    rows = []
    g = v.get("last_greed")
    if g:
        rows.append(line(f"💰 Greed bust (turn {g['turn']}): ", who(names, g["seat"]), f" took all {_cards(len(g['cards']))}"
                         " dealt: ", ", ".join(NAME[c] for c in g["cards"]), "."))
    lust = v.get("last_lust")
    if lust:
        runs: list = [f"💋 Lust (turn {lust['turn']}): "]
        for i, (s, c) in enumerate(lust["cards"].items()):
            runs += ["; " if i else "", who(names, s), f" discarded {NAME[c] if c else 'nothing'}"]
        runs.append(".")
        for s, n in lust["hits"].items():
            runs += [" ", who(names, s), f" drew {n}."]
        if not lust["hits"]:
            runs.append(" No Lust discarded: nobody drew.")
        rows.append(line(*runs))
    return Section("Last results", rows) if rows else None


class DeadliesPresenter(BasePresenter):
    key = "deadlies"
    emoji = "😈"
    colour = 0x8E1B2B
    title = "The Deadlies"

    def _sections(self, v: dict, names: dict) -> list[Section]:
        rows = []
        for s in v["wickedness"]:  # seat order
            extra = ""
            if v["sloths"].get(s):
                extra += f" · Sloth in front ({NAME[v['sloths'][s]]})"
            if v["halo"] == s:
                extra += " · holds 😇 Halo"
            if v["known"].get(s):
                extra += " · known: " + ", ".join(NAME[c] for c in v["known"][s])
            mark = "▶️ " if s == v["turn"] and not v["ended"] else ""
            rows.append(line(mark, Strong(names.get(s, s)),
                             f" Wickedness {v['wickedness'][s]} · {_cards(v['hand_sizes'][s])}{extra}"))
        top = v["discard_top"]
        halo = v["halo"]
        table: list = [line(f"Deck {v['deck']} · Discard {v['discard']}" + (f" (top: {card(top)})" if top else "")
                            + " · Halo: ", "the centre" if halo == "centre" else "in play" if halo == "play"
                            else who(names, halo))]
        p = v["in_play"]
        if p:
            as_suit = f" as {SUIT_NAME[p['as_suit']]}" if p.get("as_suit") else ""
            table.append(line("In play (", who(names, p["seat"]),
                              f"): {play_text(p['kind'], p['cards'], p['top'])}{as_suit}"))
        e = v["effect"]
        if e and e.get("dealt"):
            runs: list = ["Greed dealt: "]
            for i, (s, c) in enumerate(e["dealt"]):
                runs += [", " if i else "", f"{NAME[c]} → ", who(names, s)]
            table.append(line(*runs))
        out = [Section("Players", rows), Section("", table)]
        last = _last_results(v, names)
        if last:
            out.append(last)
        return out

    def _title(self, v: dict) -> str:
        return f"{self.emoji} The Deadlies · turn {v['turn_number']}" + (f" of {v['turn_limit']}" if v["turn_limit"] else "")

    def board(self, v: dict, names: dict[str, str]) -> Doc:
        return Doc(self._title(v), self._sections(v, names), self.waiting(v, names) or ())

    def hand(self, v: dict, names: dict[str, str]) -> Doc:
        sections = self._sections(v, names)
        if "hand" in v:
            hand = hand_order(v["hand"])
            mine = [line(f"{len(hand)} cards: " + (", ".join(card(c) for c in hand) or "empty"))]
            if "lust_choice" in v:
                choice = v.get("lust_choice")
                mine.append(line("Your secret Lust choice: " + (NAME[choice] if choice else "discard nothing")))
            if v.get("last_lust_drew"):
                mine.append(line(f"From the last Lust (turn {v['last_lust']['turn']}) you drew: "
                                 + ", ".join(card(c) for c in v["last_lust_drew"])))
            greed = v.get("last_greed")
            if greed and greed["seat"] == v["seat"]:
                mine.append(line(f"Your last Greed bust (turn {greed['turn']}) put in your hand: "
                                 + ", ".join(card(c) for c in greed["cards"])))
            sections.append(Section("Your hand", mine))
        if v["seat"] is not None and v["seat"] in v["decision"]["seats"]:
            foot = line(self._my_task(v, names))
        else:
            foot = self.waiting(v, names) or ()
        return Doc(self._title(v), sections, foot)

    def _my_task(self, v: dict, names: dict) -> str:
        if v["phase"] == "build":
            picked = v.get("picked") or []
            if not picked and _whole_plays(v) is not None:
                return "Your turn: choose a play (one card, or a same-suit set, a same-number set or a straight)."
            if not picked:
                return "Your turn: pick a card (then more for a same-suit set, a same-number set or a straight)."
            return f"Picked {', '.join(NAME[c] for c in picked)}: pick more, put back the last, or Play."
        if v["phase"] == "top":
            return "Choose which card goes on top: only its effect happens."
        e = v["effect"]
        asker = e.get("attacker", v["turn"]) if e["kind"] == "wrath_answer" else v["turn"]
        return _MY_TASK[e["kind"]].format(who=names.get(asker, asker))

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        d = v["decision"]
        if d["about"] == "over":
            return None
        return line("Waiting for ", *join_names(names, d["seats"]), f" to {_THEIR_TASK[d['about']]}.")

    def prompt(self, v: dict) -> str:
        about = v["decision"]["about"]
        if about in _PLACEHOLDER:
            return _PLACEHOLDER[about]
        return self._my_task(v, {})

    def label(self, action: dict, v: dict, names: dict[str, str] | None = None) -> str:
        t = action["type"]
        c = action.get("card")
        target = action.get("seat")
        seat = (names or {}).get(target, target)
        held = _cards(v.get("hand_sizes", {}).get(target, 0))  # sizes are by seat id, never by display name
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
            return _short(verb.format(seat) + f" ({held})")
        if t == "show":
            return _short(f"Show {card(c)}: they draw 1")
        if t == "wrath":
            return _short(f"Throw back {card(c)}: they draw 2")
        if t == "steal":
            return _short(f"Take a random card from {seat} ({held})")
        if t == "swap":
            return _short(f"Trade hands with {seat} ({held})")
        if t == "lust":
            return "Nothing happens" if action["choice"] == "nothing" else "We both may discard a card"
        if t == "lust_discard":
            return _short(f"Secretly discard {card(c)}")
        if t == "stop":
            return "Stop dealing" if (v.get("effect") or {}).get("kind") == "greed" else "Stop: no Wrath back"
        return {"draw": "Draw 1 card", "draw3": "Draw 3 cards", "keep": "Keep my hand",
                "lust_keep": "Discard nothing", "deal": "Deal another card",
                "discard_hand": "Discard my whole hand", "keep_hand": "Keep my hand"}.get(t, t)

    def bundles(self, v: dict, legal: list[dict]) -> list[Bundle] | None:
        """Every whole play the hand can make, one click each (see _whole_plays)."""
        if v["decision"]["about"] != "build" or not any(a["type"] == "pick" for a in legal):
            return None
        return _whole_plays(v)

    def order(self, action: dict) -> tuple:
        """Menu order: cards as the hand shows them (suit, then number), anything else first."""
        c = action.get("card")
        return (1, SORT_KEY[c]) if c in SORT_KEY else (0, ())

    # ---- log lines
    def _clause(self, ev: dict, names: dict) -> Line:
        t = ev["type"]
        a = who(names, ev.get("seat", ""))
        b = who(names, ev["target"]) if ev.get("target") else ""
        c = ev.get("card")
        if t == "envy_draw":
            return line(a, " draws 2")
        if t == "sloth":
            hit = ev["hit"]
            tail = line("; ", *join_names(names, hit), " draws" if len(hit) == 1 else " each draw",
                        " 1 for their Sloth") if hit else ()
            return line("it stays face up in front of ", a, *tail)
        if t == "purity":
            src = ev["from"]
            if src == ev["seat"]:
                return line(a, " already holds the Halo")
            return line(a, " takes the Halo from ", "the centre" if src == "centre" else who(names, src))
        if t == "halo":
            return line(a, f" discards their hand ({_cards(len(ev['cards']))}), Wickedness {ev['from']} → "
                        f"{ev['now']}; the Halo returns to the centre")
        if t == "pride_ask":
            return line(a, " asks ", b, " for Pride")
        if t == "pride_show":
            return line(a, f" shows {NAME[c]}: ", who(names, ev["asker"]), " draws 1")
        if t == "pride_draw":
            return line(a, " draws 1")
        if t == "wrath_hit":
            return line(b, " draws 2")
        if t == "wrath_back":
            return line(a, f" throws back {NAME[c]}: ", b, " draws 2")
        if t == "wrath_stop":
            return line(a, " ends the Wrath chain")
        if t == "steal":
            return line(a, " takes a random card from ", b, ", then takes another turn")
        if t == "gluttony_draw":
            return line(a, " draws 3, then takes another turn")
        if t == "swap":
            return line(a, " trades hands with ", b)
        if t == "envy_keep":
            return line(a, " keeps their hand")
        if t == "lust_ask":
            return line(a, " picks ", b, " as Lust partner")
        if t == "lust_nothing":
            return line(a, " chooses nothing")
        if t == "lust_yes":
            return line(a, " chooses that both may secretly discard a card")
        if t == "greed_deal":
            return line(a, f" deals {NAME[c]} to ", b)
        return ()

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        t = ev["type"]
        a = who(names, ev.get("seat", ""))
        clause = self._clause(ev, names)
        if clause:
            p = ev.get("play")
            if not p:
                first = clause[0]
                if isinstance(first, str):  # sentence case for a clause that starts with a word
                    clause = (first[:1].upper() + first[1:], *clause[1:])
                return line(*clause, ".")
            as_suit = f" as {SUIT_NAME[p['as_suit']]}" if p.get("as_suit") else ""
            return line(who(names, p["seat"]), f" plays {play_text(p['kind'], p['cards'], p['top'])}{as_suit}: ",
                        *clause, ".")
        if t == "drew":
            return line("You draw: " + ", ".join(NAME[c] for c in ev["cards"]) + ".")
        if t == "stole":
            return line(f"You took {NAME[ev['card']]} from ", who(names, ev["target"]), ".")
        if t == "lost":
            return line(a, " took a random card from your hand.")
        if t == "lust_ready":
            return line(f"You secretly ready {NAME[ev['card']]} to discard." if ev["card"] else
                        "You secretly choose to discard nothing.")
        if t == "lust_waiting":
            return line(a, " has made a secret choice.")
        if t == "lust_reveal":
            runs: list = ["Revealed together: "]
            for i, (s, c) in enumerate(ev["cards"].items()):
                runs += ["; " if i else "", who(names, s), f" discards {NAME[c] if c else 'nothing'}"]
            return line(*runs, ".")
        if t == "lust_hit":
            return line(a, " draws 3 for ", who(names, ev["by"]), "'s Lust.")
        if t == "greed_bust":
            return line("Bust! ", a, f" takes all {_cards(len(ev['cards']))} dealt.")
        if t == "greed_take":
            why = {"stop": line(a, " stops dealing"), "five": line("Five cards dealt without busting"),
                   "dry": line("Nothing left to deal")}[ev["how"]]
            return line(*why, ": everyone keeps the cards dealt to them.")
        if t == "greed_dry":
            return line("The deck and discard pile are empty: the Greed deal ends.")
        if t == "greed_discard":
            return line(a, f" discards their whole hand ({_cards(len(ev['cards']))}).")
        if t == "greed_keep":
            return line(a, " keeps their hand.")
        if t == "reshuffle":
            return line(f"The discard pile is shuffled into a new deck ({_cards(ev['cards'])}).")
        if t == "short":
            return line("Nothing left to draw: ", a, f" draws only {ev['got']} of {ev['wanted']}.")
        if t == "emptied":
            if ev["now"] == 0:
                return line(a, "'s hand is empty at Wickedness 0!")
            if ev["from"] == ev["now"]:
                return line(a, f"'s hand is empty: draws {ev['now']}.")
            return line(a, f"'s hand is empty: Wickedness {ev['from']} → {ev['now']}, draws {ev['now']}.")
        if t == "tie":
            return line("Tie between ", *join_names(names, ev["seats"]), ": each draws 1 and play goes on.")
        if t == "turn":
            return line("— ", a, "'s turn —")
        if t == "sloth_off":
            return line(a, f" discards the Sloth in front of them ({NAME[ev['card']]}).")
        if t == "skip":
            return line(a, " has no cards and skips this turn.")
        return None  # "over" is said once, in the result message

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        wick = view["wickedness"]
        doc.sections[1].lines = [
            line(who(names, s), f": emptied their hand {v} time{'s' if v != 1 else ''} (Wickedness {wick.get(s, '?')})")
            for s, v in sorted(result["scores"].items(), key=lambda kv: (-kv[1], wick.get(kv[0], 0)))]
        how = ("The turn limit was reached: the lowest Wickedness wins, then the fewest cards. "
               if view.get("ended") == "limit" else "")
        doc.sections.append(Section("", [line(how + "The score counts how many times a player emptied their hand "
                                              "(each time their Wickedness steps down); emptying it at "
                                              "Wickedness 0 wins.")]))
        return doc


PRESENTER = DeadliesPresenter()
