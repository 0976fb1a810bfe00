"""The Deadlies' words: the board and hand Docs, the prompts, button labels and log lines.
Card names come from engine/deadlies/cards.py (data/deadlies/cards.json); everything else is said here."""
from __future__ import annotations

from engine.deadlies.cards import (
    NAME, NUM, SORT_KEY, SPECIALS, SUIT_EMOJI, SUIT_NAME, SUIT_OF, kinds, legal_picks, top_card,
)
from present import fmt
from present.base import BasePresenter, Bundle, Doc, Line, Section, Strong, join_names, line, who
from present.datawords import term
from present.deadlies.datawords import DEADLIES_CARD, DEADLIES_SIN
from present.i18n import lang, mark, tr, trl, trln, trn


def _emoji(c: str) -> str:
    return SPECIALS[c]["emoji"] if c in SPECIALS else SUIT_EMOJI[SUIT_OF[c]]


def sin(suit: str) -> str:
    """A sin's name in the reading language."""
    return term(DEADLIES_SIN, SUIT_NAME[suit])


def name(c: str) -> str:
    """'Wrath 3', 'Purity', 'Halo' in the reading language."""
    if c in SPECIALS:
        return term(DEADLIES_CARD, NAME[c])
    # i18n: a numbered card: its sin and number, e.g. "Wrath 3" (the same pattern as Raven's "Shields 3")
    return tr("{suit} {rank}", suit=sin(SUIT_OF[c]), rank=NUM[c])


def card(c: str) -> str:
    """'😡 Wrath 3': the name players read everywhere."""
    return f"{_emoji(c)} {name(c)}"


def names_of(cards) -> str:
    return ", ".join(name(c) for c in cards)


def play_text(kind: str, cards: list[str], top: str | None) -> str:
    """'Wrath 3–4–5 straight (top Wrath 5)' and friends."""
    ordered = sorted(cards, key=NUM.__getitem__)
    if kind == "single":
        return name(cards[0])
    if kind == "straight":
        suits = {SUIT_OF[c] for c in ordered}
        if len(suits) == 1 and "" not in suits:
            said = tr("{suit} {run} straight", suit=sin(SUIT_OF[ordered[0]]),
                      run="–".join(str(NUM[c]) for c in ordered))
        else:
            said = tr("{run} straight", run="–".join(name(c) for c in ordered))
    elif kind == "number":
        said = tr("a set of {number}s ({cards})", number=NUM[cards[0]], cards=names_of(ordered))
    elif top:
        said = tr("a same-suit set of {suit} ({cards})", suit=sin(SUIT_OF[top]), cards=names_of(ordered))
    else:
        said = tr("a same-suit set ({cards})", cards=names_of(ordered))
    return tr("{play} (top {card})", play=said, card=name(top)) if top else said


_EFFECT_WORDS = {"PU0": mark("Purity: take the Halo"), "HALO": mark("Halo: discard your hand"),
                 "CO8": mark("Corruption: choose a sin")}

# What a seat must do, said to that seat. `{who}` is the player whose play it answers.
_MY_TASK = {
    "suit": mark("Choose which sin your Corruption acts as."),
    "pride_target": mark("Choose a player to ask for Pride."),
    "pride_answer": mark("{who} asks you for Pride: show a Pride ({who} draws 1) or draw 1 yourself."),
    "wrath_target": mark("Choose a player to draw 2 cards."),
    "wrath_answer": mark("Wrath from {who}: throw back a Wrath (they draw 2) or stop."),
    "gluttony": mark("Take a random card from another player, or draw 3. Then you take another turn."),
    "envy": mark("Trade hands with another player (only with no Envy in hand), or keep yours."),
    "lust_partner": mark("Choose your Lust partner."),
    "lust_ab": mark("{who} chose you for Lust: nothing happens, or you both may secretly discard a card."),
    "lust_secret": mark("Secretly choose one card to discard, or none. Each Lust discarded makes the other draw 3."),
    "greed": mark("Greed: deal another card, or stop and make them keep what they got."),
    "greed_five": mark("Five cards dealt without busting! You may discard your whole hand."),
}
# The same task as a menu placeholder: no names (a placeholder shows no formatting, and needs none).
_PLACEHOLDER = {"pride_answer": mark("Pride asked of you: show a Pride or draw 1."),
                "wrath_answer": mark("Wrath on you: throw back a Wrath or stop."),
                "lust_ab": mark("You were chosen for Lust: nothing, or both may discard.")}
# Who the table waits for, and for what: one whole sentence per task.
_THEIR_TASK = {"pride_answer": mark("Waiting for {players} to answer the Pride."),
               "wrath_answer": mark("Waiting for {players} to answer the Wrath."),
               "lust_ab": mark("Waiting for {players} to answer the Lust."),
               "lust_secret": mark("Waiting for {players} to secretly choose a Lust discard."),
               "greed": mark("Waiting for {players} to deal or stop."),
               "greed_five": mark("Waiting for {players} to decide on discarding their hand."),
               "suit": mark("Waiting for {players} to choose Corruption's sin."),
               "pride_target": mark("Waiting for {players} to choose whom to ask for Pride."),
               "wrath_target": mark("Waiting for {players} to choose whom the Wrath hits."),
               "lust_partner": mark("Waiting for {players} to choose a Lust partner."),
               "gluttony": mark("Waiting for {players} to steal a card or draw 3."),
               "envy": mark("Waiting for {players} to trade hands or keep theirs."),
               "build": mark("Waiting for {players} to play."), "top": mark("Waiting for {players} to play.")}
_KIND = {"suit": mark("same-suit set"), "number": mark("same-number set"), "straight": mark("straight")}


def _play_label(kind: str, cards: list[str], top: str | None) -> str:
    """A whole play, short enough for a button: "😡 Wrath 3", "😡 Wrath 3–4–5 straight",
    "😡 Wrath 3 on top of 💋3"."""
    ordered = sorted(cards, key=NUM.__getitem__)
    if kind == "single":
        return card(cards[0])
    if kind == "number":
        return tr("{card} on top of {others}", card=card(top),
                  others=" ".join(_emoji(c) + str(NUM[c]) for c in ordered if c != top))
    shown = top_card(kind, cards)
    if len({SUIT_OF[c] for c in ordered}) == 1:
        if kind == "straight":
            return tr("{emoji} {suit} {run} straight", emoji=_emoji(shown), suit=sin(SUIT_OF[shown]),
                      run="–".join(str(NUM[c]) for c in ordered))
        return f"{_emoji(shown)} {sin(SUIT_OF[shown])} " + ", ".join(str(NUM[c]) for c in ordered)
    # a straight's cards run together (each starts with its suit's emoji): a seven-card one fits a phone's button
    between = "" if kind == "straight" else " "
    return (between.join(_emoji(c) + str(NUM[c]) for c in ordered) + " " + tr(_KIND[kind]))[:fmt.LABEL_LIMIT]


def _whole_plays(v: dict) -> list[Bundle] | None:
    """The plays the reader's hand can make, whole: its cards, the way it is played and, for a set of one
    number, the card put on top. None past one menu's worth (the Deadlies cog's budget, present.fmt.budget():
    a big hand after a Wrath): then the cards are picked one at a time, as before."""
    most = fmt.budget().menu
    hand, start = v.get("hand") or [], v.get("picked") or []
    plays: list[tuple[list[str], str]] = []

    def grow(picks: list[str], last: int) -> None:
        if len(plays) > most:
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
    return out if out and len(out) <= most else None


def _picked_task(v: dict, picked: list[str]) -> str:
    """The hint once some cards are picked, naming only the buttons offered beside "Put back": the whole
    plays left (when they fit as bundles, the picks are not offered one by one), or the picks and the Play
    of the cards picked so far, whichever the rules allow now."""
    more = legal_picks(picked, v.get("hand") or [])
    if more and _whole_plays(v) is not None:
        return mark("Picked {cards}: choose a play, or put back the last.")
    playable = bool(kinds(picked))
    if more and playable:
        return mark("Picked {cards}: pick more, put back the last, or Play.")
    if more:
        return mark("Picked {cards}: pick more or put back the last.")
    if playable:
        return mark("Picked {cards}: Play, or put back the last.")
    return mark("Picked {cards}: put back the last.")


def _effect_word(c: str) -> str:
    return tr(_EFFECT_WORDS[c]) if c in _EFFECT_WORDS else sin(SUIT_OF[c])


def _cards(n: int) -> str:
    return trn("{n} card", "{n} cards", n)


def _count(ev: dict) -> int:
    """A whole-hand discard's size: `n`, or the card list that logs saved before it was only a count held."""
    return ev["n"] if "n" in ev else len(ev.get("cards") or ())


def hand_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def _short(s: str) -> str:
    return s if len(s) <= fmt.LABEL_LIMIT else s[:fmt.LABEL_LIMIT - 1] + "…"


def _last_results(v: dict, names: dict) -> Section | None:
    """The last Greed bust and Lust reveal, each kept on the board until the next one (public facts only)."""
    rows = []
    g = v.get("last_greed")
    if g:
        rows.append(line("💰 ", *trl("Greed bust (turn {turn}): {player} took all {cards} dealt: {names}.",
                                    turn=g["turn"], player=who(names, g["seat"]), cards=_cards(len(g["cards"])),
                                    names=names_of(g["cards"]))))
    lust = v.get("last_lust")
    if lust:
        runs: list = []
        for i, (s, c) in enumerate(lust["cards"].items()):
            runs += ["; " if i else "", *(trl("{player} discarded {card}", player=who(names, s), card=name(c)) if c
                                          else trl("{player} discarded nothing", player=who(names, s)))]
        said = ["💋 ", *trl("Lust (turn {turn}): {discards}.", turn=lust["turn"], discards=tuple(runs))]
        for s, n in lust["hits"].items():
            said += [" ", *trl("{player} drew {count}.", player=who(names, s), count=n)]
        if not lust["hits"]:
            said.append(" " + tr("No Lust discarded: nobody drew."))
        rows.append(line(*said))
    return Section(tr("Last results"), rows) if rows else None


SAFEGUARD_LIMIT = 100  # turn limits from this one up are safeguards (data/deadlies/rules.md, ruling 12)
NEAR_THE_LIMIT = 10    # ...shown in the title only for the last turns before them


class DeadliesPresenter(BasePresenter):
    key = "deadlies"
    emoji = "😈"
    title = mark("The Deadlies")

    def _sections(self, v: dict, names: dict) -> list[Section]:
        rows = []
        for s in v["wickedness"]:  # seat order
            extra = ""
            if v["sloths"].get(s):
                extra += " · " + tr("Sloth in front ({card})", card=name(v["sloths"][s]))
            if v["halo"] == s:
                extra += " · " + tr("holds {halo}", halo="😇 " + term(DEADLIES_CARD, "Halo"))
            if v["known"].get(s):
                extra += " · " + tr("known: {cards}", cards=names_of(v["known"][s]))
            mark_ = "▶️ " if s == v["turn"] and not v["ended"] else ""
            rows.append(line(mark_, Strong(names.get(s, s)), " " + tr("Wickedness {n}", n=v["wickedness"][s])
                             + f" · {_cards(v['hand_sizes'][s])}{extra}"))
        top = v["discard_top"]
        halo = v["halo"]
        where = (tr("the centre") if halo == "centre" else tr("in play") if halo == "play" else who(names, halo))
        pile = (tr("Deck {deck} · Discard {discard} (top: {card})", deck=v["deck"], discard=v["discard"], card=card(top))
                if top else tr("Deck {deck} · Discard {discard}", deck=v["deck"], discard=v["discard"]))
        table: list = [line(pile, " · ", *trl("Halo: {where}", where=where))]
        p = v["in_play"]
        if p:
            played = play_text(p["kind"], p["cards"], p["top"])
            if p.get("as_suit"):
                played = tr("{play} as {suit}", play=played, suit=sin(p["as_suit"]))
            table.append(trl("In play ({player}): {play}", player=who(names, p["seat"]), play=played))
        e = v["effect"]
        if e and e.get("dealt"):
            runs: list = []
            for i, (s, c) in enumerate(e["dealt"]):
                runs += [", " if i else "", f"{name(c)} → ", who(names, s)]
            table.append(trl("Greed dealt: {cards}", cards=tuple(runs)))
        out = [Section(tr("Players"), rows), Section("", table)]
        last = _last_results(v, names)
        if last:
            out.append(last)
        return out

    def _title(self, v: dict) -> str:
        limit, n = v["turn_limit"], v["turn_number"]
        # A limit players chose to play to (the quick 60) is always shown; a safeguard (100, 200) only near it.
        shown = limit and (limit < SAFEGUARD_LIMIT or limit - n < NEAR_THE_LIMIT)
        turn = tr("turn {n} of {limit}", n=n, limit=limit) if shown else tr("turn {n}", n=n)
        return f"{self.emoji} {self.game_title()} · {turn}"

    def board(self, v: dict, names: dict[str, str]) -> Doc:
        return Doc(self._title(v), self._sections(v, names), self.waiting(v, names) or ())

    def hand(self, v: dict, names: dict[str, str]) -> Doc:
        sections = self._sections(v, names)
        if "hand" in v:
            hand = hand_order(v["hand"])
            mine = [line(tr("{count}: {cards}", count=_cards(len(hand)),
                            cards=", ".join(card(c) for c in hand) or tr("empty")))]
            if "lust_choice" in v:
                choice = v.get("lust_choice")
                mine.append(line(tr("Your secret Lust choice: {choice}",
                                    choice=name(choice) if choice else tr("discard nothing"))))
            if v.get("last_lust_drew"):
                mine.append(line(tr("From the last Lust (turn {turn}) you drew: {cards}", turn=v["last_lust"]["turn"],
                                    cards=", ".join(card(c) for c in v["last_lust_drew"]))))
            greed = v.get("last_greed")
            if greed and greed["seat"] == v["seat"]:
                mine.append(line(tr("Your last Greed bust (turn {turn}) put in your hand: {cards}", turn=greed["turn"],
                                    cards=", ".join(card(c) for c in greed["cards"]))))
            sections.append(Section(tr("Your hand"), mine))
        if v["seat"] is not None and v["seat"] in v["decision"]["seats"]:
            foot = line(self._my_task(v, names))
        else:
            foot = self.waiting(v, names) or ()
        return Doc(self._title(v), sections, foot)

    def _my_task(self, v: dict, names: dict) -> str:
        if v["phase"] == "build":
            picked = v.get("picked") or []
            if not picked and _whole_plays(v) is not None:
                return tr("Your turn: choose a play (one card, or a same-suit set, a same-number set or a straight).")
            if not picked:
                return tr("Your turn: pick a card (then more for a same-suit set, a same-number set or a straight).")
            return tr(_picked_task(v, picked), cards=names_of(picked))
        if v["phase"] == "top":
            return tr("Choose which card goes on top: only its effect happens.")
        e = v["effect"]
        asker = e.get("attacker", v["turn"]) if e["kind"] == "wrath_answer" else v["turn"]
        task = _MY_TASK[e["kind"]]
        return tr(task, who=names.get(asker, asker))

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        d = v["decision"]
        if d["about"] == "over":
            return None
        task = _THEIR_TASK[d["about"]]
        return trl(task, players=join_names(names, d["seats"]))

    def prompt(self, v: dict) -> str:
        about = v["decision"]["about"]
        if about in _PLACEHOLDER:
            return tr(_PLACEHOLDER[about])
        return self._my_task(v, {})

    def label(self, action: dict, v: dict, names: dict[str, str] | None = None) -> str:
        t = action["type"]
        c = action.get("card")
        target = action.get("seat")
        seat = (names or {}).get(target, target)
        held = _cards(v.get("hand_sizes", {}).get(target, 0))  # sizes are by seat id, never by display name
        if t == "pick":
            return _short(tr("Pick {card}", card=card(c)))
        if t == "unpick":
            return _short(tr("Put back {card}", card=card(c)))
        if t == "play":
            picked = v.get("picked") or []
            kind = action["as"]
            text = play_text(kind, picked, top_card(kind, picked))
            if len(text) > 74:
                nums = sorted(NUM[x] for x in picked)
                text = trn("{kind} of {n} card ({low}–{high})", "{kind} of {n} cards ({low}–{high})", len(picked),
                           kind=tr(_KIND[kind]), low=nums[0], high=nums[-1])
            return _short(tr("Play {play}", play=text))
        if t == "top":
            return _short(tr("Put {card} on top ({effect})", card=card(c), effect=_effect_word(c)))
        if t == "suit":
            return tr("Corruption acts as {sin}", sin=f"{SUIT_EMOJI[action['suit']]} {sin(action['suit'])}")
        if t == "target":
            kind = (v.get("effect") or {}).get("kind")
            verb = {"pride_target": mark("Ask {player} for Pride ({cards})"),
                    "wrath_target": mark("Make {player} draw 2 ({cards})"),
                    "lust_partner": mark("Choose {player} as Lust partner ({cards})")}.get(kind, mark("Choose {player} ({cards})"))
            return _short(tr(verb, player=seat, cards=held))
        if t == "show":
            return _short(tr("Show {card}: they draw 1", card=card(c)))
        if t == "wrath":
            return _short(tr("Return {card}: they draw 2", card=card(c)))
        if t == "steal":
            return _short(tr("Random card from {player} ({cards})", player=seat, cards=held))
        if t == "swap":
            return _short(tr("Trade hands with {player} ({cards})", player=seat, cards=held))
        if t == "lust":
            return tr("Nothing happens") if action["choice"] == "nothing" else tr("We both may discard a card")
        if t == "lust_discard":
            return _short(tr("Secretly discard {card}", card=card(c)))
        if t == "stop":
            return tr("Stop dealing") if (v.get("effect") or {}).get("kind") == "greed" else tr("Stop: no Wrath back")
        words = {"draw": mark("Draw 1 card"), "draw3": mark("Draw 3 cards"), "keep": mark("Keep my hand"),
                 "lust_keep": mark("Discard nothing"), "deal": mark("Deal another card"),
                 "discard_hand": mark("Discard my whole hand"), "keep_hand": mark("Keep my hand")}
        return tr(words[t]) if t in words else t

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
        """What a play's effect did, as one sentence of its own (its first word capitalised by the
        translation itself: clauses are whole messages)."""
        t = ev["type"]
        a = who(names, ev.get("seat", ""))
        b = who(names, ev["target"]) if ev.get("target") else ""
        c = ev.get("card")
        if t == "envy_draw":
            return trl("{player} draws 2", player=a)
        if t == "sloth":
            hit = ev["hit"]
            if hit:
                return trln("It stays face up in front of {player}; {others} draws 1 for their Sloth",
                            "It stays face up in front of {player}; {others} each draw 1 for their Sloth", len(hit),
                            player=a, others=join_names(names, hit))
            return trl("It stays face up in front of {player}", player=a)
        if t == "purity":
            src = ev["from"]
            if src == ev["seat"]:
                return trl("{player} already holds the Halo", player=a)
            if src == "centre":
                return trl("{player} takes the Halo from the centre", player=a)
            return trl("{player} takes the Halo from {other}", player=a, other=who(names, src))
        if t == "halo":
            return trl("{player} discards their hand ({cards}), Wickedness {before} → {after}; the Halo returns to "
                       "the centre", player=a, cards=_cards(_count(ev)), before=ev["from"], after=ev["now"])
        if t == "pride_ask":
            return trl("{player} asks {target} for Pride", player=a, target=b)
        if t == "pride_show":
            return trl("{player} shows {card}: {asker} draws 1", player=a, card=name(c), asker=who(names, ev["asker"]))
        if t == "pride_draw":
            return trl("{player} draws 1", player=a)
        if t == "wrath_hit":
            return trl("{player} draws 2", player=b)
        if t == "wrath_back":
            return trl("{player} throws back {card}: {target} draws 2", player=a, card=name(c), target=b)
        if t == "wrath_stop":
            return trl("{player} ends the Wrath chain", player=a)
        if t == "steal":
            return trl("{player} takes a random card from {target}, then takes another turn", player=a, target=b)
        if t == "gluttony_draw":
            return trl("{player} draws 3, then takes another turn", player=a)
        if t == "swap":
            return trl("{player} trades hands with {target}", player=a, target=b)
        if t == "envy_keep":
            return trl("{player} keeps their hand", player=a)
        if t == "lust_ask":
            return trl("{player} picks {target} as Lust partner", player=a, target=b)
        if t == "lust_nothing":
            return trl("{player} chooses that nothing happens", player=a)
        if t == "lust_yes":
            return trl("{player} chooses that both may secretly discard a card", player=a)
        if t == "greed_deal":
            return trl("{player} deals {card} to {target}", player=a, card=name(c), target=b)
        return ()

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        t = ev["type"]
        a = who(names, ev.get("seat", ""))
        clause = self._clause(ev, names)
        if clause:
            p = ev.get("play")
            if not p:
                return line(*clause, ".")
            played = play_text(p["kind"], p["cards"], p["top"])
            if p.get("as_suit"):
                played = tr("{play} as {suit}", play=played, suit=sin(p["as_suit"]))
            return trl("{player} plays {play}: {effect}.", player=who(names, p["seat"]), play=played,
                       effect=_lower_first(clause))
        if t == "drew":
            return line(tr("You draw: {cards}.", cards=names_of(ev["cards"])))
        if t == "stole":
            return trl("You took {card} from {player}.", card=name(ev["card"]), player=who(names, ev["target"]))
        if t == "lost":
            return trl("{player} took a random card from your hand.", player=a)
        if t == "lust_ready":
            return line(tr("You secretly ready {card} to discard.", card=name(ev["card"])) if ev["card"] else
                        tr("You secretly choose to discard nothing."))
        if t == "lust_waiting":
            return trl("{player} has made a secret choice.", player=a)
        if t == "lust_reveal":
            runs: list = []
            for i, (s, c) in enumerate(ev["cards"].items()):
                runs += ["; " if i else "", *(trl("{player} discards {card}", player=who(names, s), card=name(c)) if c
                                              else trl("{player} discards nothing", player=who(names, s)))]
            return trl("Revealed together: {discards}.", discards=tuple(runs))
        if t == "lust_hit":
            return trl("{player} draws 3 for {other}'s Lust.", player=a, other=who(names, ev["by"]))
        if t == "greed_bust":
            return trl("Bust! {player} takes all {cards} dealt.", player=a, cards=_cards(len(ev["cards"])))
        if t == "greed_take":
            if ev["how"] == "stop":
                return trl("{player} stops dealing: everyone keeps the cards dealt to them.", player=a)
            if ev["how"] == "five":
                return line(tr("Five cards dealt without busting: everyone keeps the cards dealt to them."))
            return line(tr("Nothing left to deal: everyone keeps the cards dealt to them."))
        if t == "greed_dry":
            return line(tr("The deck and discard pile are empty: the Greed deal ends."))
        if t == "greed_discard":
            return trl("{player} discards their whole hand ({cards}).", player=a, cards=_cards(_count(ev)))
        if t == "greed_keep":
            return trl("{player} keeps their hand.", player=a)
        if t == "reshuffle":
            return line(tr("The discard pile is shuffled into a new deck ({cards}).", cards=_cards(ev["cards"])))
        if t == "short":
            return trl("Nothing left to draw: {player} draws only {got} of {wanted}.", player=a, got=ev["got"],
                       wanted=ev["wanted"])
        if t == "emptied":
            if ev["now"] == 0:
                return trl("{player}'s hand is empty at Wickedness 0!", player=a)
            if ev["from"] == ev["now"]:
                return trl("{player}'s hand is empty: draws {count}.", player=a, count=ev["now"])
            return trl("{player}'s hand is empty: Wickedness {before} → {after}, draws {count}.", player=a,
                       before=ev["from"], after=ev["now"], count=ev["now"])
        if t == "tie":
            return trl("Tie between {players}: each draws 1 and play goes on.", players=join_names(names, ev["seats"]))
        if t == "turn":
            return line("— ", *trl("{player}'s turn", player=a), " —")
        if t == "sloth_off":
            return trl("{player} discards the Sloth in front of them ({card}).", player=a, card=name(ev["card"]))
        if t == "skip":
            return trl("{player} has no cards and skips this turn.", player=a)
        return None  # "over" is said once, in the result message

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        wick = view["wickedness"]
        doc.sections[1].lines = [
            trln("{player}: emptied their hand {n} time (Wickedness {wickedness})",
                 "{player}: emptied their hand {n} times (Wickedness {wickedness})", v, player=who(names, s),
                 wickedness=wick.get(s, "?"))
            for s, v in sorted(result["scores"].items(), key=lambda kv: (-kv[1], wick.get(kv[0], 0)))]
        score = tr("The score counts how many times a player emptied their hand (each time their Wickedness steps "
                   "down); emptying it at Wickedness 0 wins.")
        if view.get("ended") == "limit":
            score = tr("The turn limit was reached: the lowest Wickedness wins, then the fewest cards.") + " " + score
        doc.sections.append(Section("", [line(score)]))
        return doc


def _lower_first(clause: Line) -> Line:
    """A clause after "Ann plays Wrath 3: " goes on the sentence: its first letter lower-cased, unless it
    starts with a name (a run of its own) or the language writes nouns with a capital (German)."""
    first = clause[0]
    if not isinstance(first, str) or lang() == "de":
        return clause
    return (first[:1].lower() + first[1:], *clause[1:])


PRESENTER = DeadliesPresenter()
