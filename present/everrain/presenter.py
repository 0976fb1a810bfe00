"""The Everrain's words: boards from views, button labels, and log lines that read like a told story.
Every word through the catalog (present/i18n.py): card titles, decks, Acts and crew through the glossary,
card texts through the data texts, and a text told of a captain as its own message (voice.told)."""
from __future__ import annotations

from engine.everrain import cards as C
from present import fmt
from present.base import BasePresenter, Doc, Line, Section, Strong, join_names, line, who
from present.datawords import term, text
from present.everrain.datawords import (
    EVERRAIN_ACT, EVERRAIN_CREW, EVERRAIN_DECK, EVERRAIN_ROLE, EVERRAIN_SKILL, EVERRAIN_TEXT, EVERRAIN_TITLE,
)
from present.everrain.voice import told
from present.i18n import join, mark, tr, trl, trn

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
WHERE = {"cover": mark("under the cover"), "facedown": mark("face down here"), "reading": mark("being read")}
DOING = {"deck": mark("choosing a deck"), "crew": mark("choosing who takes the test"),
         "reroll": mark("deciding on a reroll"), "choose": mark("making a choice")}
WAITING = {"deck": mark("Waiting for {players}, choosing a deck."),
           "crew": mark("Waiting for {players}, choosing who takes the test."),
           "reroll": mark("Waiting for {players}, deciding on a reroll."),
           "choose": mark("Waiting for {players}, making a choice.")}
YOUR_MOVE = {"deck": mark("Choose a deck to draw from."), "crew": mark("Choose the crew member who takes the test."),
             "reroll": mark("Spend 1 supply to roll again, or accept the failure."),
             "choose": mark("Pick one of the choices; you learn what it brings only once you pick it.")}
# "a Sea Event card", "an Expedition card": the article belongs to the deck's name in each language.
A_CARD = {"sea": mark("a Sea Event card"), "expedition": mark("an Expedition card"), "denizen": mark("a Denizen card")}
STORY_MARK = "📜"  # marks a choice option that leads on to a story
COMPACT_OVER = 1800  # past this much text a crowded table gets first names and story titles only


def _deck(t: str) -> str:
    return term(EVERRAIN_DECK, C.DECK_NAMES[t]) if t in C.DECK_NAMES else t


def _a(t: str) -> str:
    return tr(A_CARD[t]) if t in A_CARD else _deck(t)


def _skill(s: str) -> str:
    return term(EVERRAIN_SKILL, s.capitalize())


def _card_title(title: str) -> str:
    return term(EVERRAIN_TITLE, title)


def _text(words: str) -> str:
    return text(EVERRAIN_TEXT, words)


def crew_name(name: str) -> str:
    return term(EVERRAIN_CREW, name)


def role(r: str) -> str:
    return term(EVERRAIN_ROLE, r)


def act_name(act: int) -> str:
    return term(EVERRAIN_ACT, C.ACT_NAMES[act - 1])


def _challenge(c: dict, actor=None) -> Line:
    """A card's test or choices; with `actor` (a Name), for the log: option names speak of them, not "you"."""
    if "skill" in c:
        return line(tr("{skill} test: Fate Die + one crew member's {skill}, {target} or more.", skill=_skill(c["skill"]),
                       target=c["target"]))
    if "options" in c:
        runs: list = []
        leads = set(c.get("story_options", ()))
        for i, o in enumerate(c["options"]):
            shown = (Strong(_text(o)),) if actor is None else tuple(
                Strong(r) if isinstance(r, str) else r for r in told(o, actor, named=True))
            runs += [" · " if i else "", *shown, f" {STORY_MARK}" if i in leads else ""]
        said = trl("Choose: {options}", options=tuple(r for r in runs if r != ""))
        return line(*said, " " + tr("({mark} leads to a story)", mark=STORY_MARK) if leads else "")
    return ()


def _ship(view: dict, seat: str, names: dict, compact: bool) -> list[Line]:
    ship = view["ships"][seat]
    rows = [line("⛵ ", Strong(names.get(seat, seat)), " — " + tr(
        "Glory {glory} · Supplies {supplies} · Stories told {told}", glory=ship["glory"], supplies=ship["supplies"],
        told=ship["told"]))]
    crew = " · ".join(f"{crew_name(c['name']).split()[0] if compact else crew_name(c['name'])} {c['island']}/{c['port']}"
                      for c in ship["crew"]) or tr("nobody aboard")
    rows.append(line("  " + tr("Crew (Island/Port): {crew}", crew=crew)))
    if ship["slot"]:
        parts = []
        for e in ship["slot"]:
            place = e["where"]
            where = (tr("sideways on the {deck} deck", deck=_deck(e["deck"])) if place == "sideways"
                     else tr(WHERE[place]) if place in WHERE else place)
            parts.append(f"+{e['awaits']}+ {where}" if compact else f"{_card_title(e['title'])} → +{e['awaits']}+ {where}")
        rows.append(line("  " + tr("Story slot: {cards}", cards="; ".join(parts))))
    return rows


class EverrainPresenter(BasePresenter):
    key = "everrain"
    emoji = "🌧️"
    title = mark("The Everrain")

    def _title(self, view: dict) -> str:
        act = view["act"]
        return f"{self.emoji} {self.game_title()} — " + tr("Act {act}: {name}", act=ROMAN[act], name=act_name(act))

    def _sections(self, view: dict, names: dict, compact: bool) -> list[Section]:
        act = view["act"]
        head = [line(tr("Discovery Track {track}/{length} (Act {act} ends at {end}) · Round {round}",
                        track=view["track"], length=view["length"], act=ROMAN[act], end=view["ends"][act - 1],
                        round=view["round"]))]
        phase = view["phase"]
        if phase != "over":
            head.append(trl("At the helm: {player}, {doing}.", player=Strong(names.get(view["active"], view["active"])),
                            doing=tr(DOING[phase])))
        out = [Section("", head)]
        if (card := self._card_section(view)) is not None:
            out.append(card)
        out += self._last_results(view, names, compact)
        out.append(Section(tr("Ships"), [r for seat in view["seats"] for r in _ship(view, seat, names, compact)]))
        decks = " · ".join(f"{_deck(t)} {v['cards']}" + (" " + tr("({n} sideways)", n=v["sideways"]) if v["sideways"]
                                                         else "") for t, v in view["decks"].items())
        closed = view["stories_closed"]
        out.append(Section("", [
            line(Strong(tr("Decks of Act {act}", act=ROMAN[act])), f": {decks}"),
            line(Strong(tr("Ongoing Story cover")), ": " + tr(
                "{unread} unread · Story deck {deck} · stories told {told}, ended unresolved {unresolved}",
                unread=len(view["cover"]), deck=view["story_deck"], told=closed["resolved"],
                unresolved=closed["unresolved"]))]))
        return out

    def _last_results(self, view: dict, names: dict, compact: bool) -> list[Section]:
        """The last story read and the last Act's end, kept until the next of each: nobody misses one."""
        out = []
        story = view.get("last_story")
        card = view["card"]
        reading_now = story is not None and story["open"] and card is not None and "number" in card
        if story is not None and not reading_now:  # a story being read is shown in full above
            first = story["events"][0]
            title = "📜 " + tr("Last story read: +{number}+ — {title}", number=first["number"],
                               title=_card_title(first["title"]))
            if compact:
                ends = [e for e in story["events"] if e["type"] in ("story_end", "fetch", "taken")]
                how = (tr("resolved") if ends[-1].get("resolved") else tr("ended unresolved")
                       if ends[-1]["type"] == "story_end" else tr("goes on")) if ends else tr("being read")
                rows = [trl("Read by {player}: {how}.", player=who(names, first["seat"]), how=how)]
            else:
                rows = [said for e in story["events"] if (said := self.describe(e, names))]
            out.append(Section(title, rows))
        act = view.get("last_act")
        if act is not None and compact:  # a crowded table: the Act's end in one short line
            ended = tr("Act {act} ended", act=ROMAN[act["act"]])
            out.append(Section("", [line("🌊 ", *trl("{act_ended} at track {track}.", act_ended=Strong(ended),
                                                     track=act["track"]))]))
        elif act is not None:
            said = self.describe({"type": "act_end", **act}, names)
            runs: list = []
            for i, (s, g) in enumerate(act["glory"].items()):
                runs += [", " if i else "", who(names, s), " " + tr("{glory} ({told} told)", glory=g, told=act["told"][s])]
            out.append(Section(tr("End of Act {act}", act=ROMAN[act["act"]]),
                               [said, trl("Glory then: {scores}.", scores=tuple(runs))]))
        return out

    @staticmethod
    def _card_section(view: dict) -> Section | None:
        """The card in play: its text, its test or choices, and a failed roll waiting on a reroll."""
        card = view["card"]
        if not card:
            return None
        title = (f"📜 " + tr("Story +{number}+ — {title}", number=card["number"], title=_card_title(card["title"]))
                 if "number" in card else f"{_card_title(card['title'])} ({_deck(card['deck'])})")
        rows = [line(_text(card["text"]))]
        if _challenge(card):
            rows.append(_challenge(card))
        if "roll" in view:
            r, t = view["roll"], view.get("tester")
            if t:
                rows.append(line(tr("🎲 Rolled {die} + {crew}'s {skill} {value} = {total}, short of {target}.",
                                    die=r["die"], crew=crew_name(t["name"]), skill=_skill(card["skill"]),
                                    value=r["value"], total=r["total"], target=card["target"])))
            else:
                rows.append(line(tr("🎲 Rolled {die} + no crew {value} = {total}, short of {target}.", die=r["die"],
                                    value=r["value"], total=r["total"], target=card["target"])))
        return Section(title, rows)

    def _private(self, view: dict, compact: bool) -> list[Section]:
        mine = view["ships"][view["seat"]].get("my_stories", [])
        if not mine:
            return []
        if compact:
            rows = [line(", ".join(f"+{s['number']}+ {_card_title(s['title'])} ({_deck(s['deck'])})" for s in mine)),
                    line(tr("Each is read the next time you draw from its deck."))]
        else:
            rows = [line(f"📜 +{s['number']}+ ", Strong(_card_title(s["title"])), f" ({_deck(s['deck'])}): "
                         + _text(s["text"]) + " " + tr("It is read the next time you draw {a_card}.", a_card=_a(s["deck"])))
                    for s in mine]
        return [Section(tr("Your face-down stories (only you see them)"), rows)]

    def _doc(self, view: dict, names: dict, private: bool, dm: bool = False) -> Doc:
        """The board (not `private`), a seat's whole hand, or its DM form (`dm`: the table left to the board,
        but for the card in play while it is the seat's move)."""
        phase = view["phase"]
        mine = private and view["active"] == view["seat"] and phase != "over"
        card = self._card_section(view) if dm and mine else None
        for compact in (False, True):
            sections = ([card] if card else []) if dm else self._sections(view, names, compact)
            if private:
                sections += self._private(view, compact)
            foot = line(tr(YOUR_MOVE[phase])) if mine else self.waiting(view, names) or ()
            doc = Doc(self._title(view), sections, foot)
            if len(fmt.plain(doc)) <= COMPACT_OVER:
                break
        return doc

    def board(self, view: dict, names: dict[str, str]) -> Doc:
        return self._doc(view, names, private=False)

    def hand(self, view: dict, names: dict[str, str]) -> Doc:
        return self._doc(view, names, private=view["seat"] is not None)

    def dm_hand(self, view: dict, public: dict, names: dict[str, str]) -> Doc | None:
        """The DM form, built without the board: the seat's face-down stories and its prompt, as every DM
        leaves the table to the board; but while it is the seat's move, also the card it decides on (the
        test, the choice, the failed roll), so that "Choose the crew member who takes the test" says which
        test, and a player can act from the DM alone. Everything else a seat's view shows is the board's."""
        return None if view.get("seat") is None else self._doc(view, names, private=True, dm=True)

    def waiting(self, view: dict, names: dict[str, str]) -> Line | None:
        d = view["decision"]
        if d["about"] == "over":
            return None
        about = d["about"]
        return trl(WAITING[about], players=join_names(names, d["seats"]))

    def prompt(self, view: dict) -> str:
        phase = view["phase"]
        return tr(YOUR_MOVE[phase]) if phase in YOUR_MOVE else tr("Choose your move…")

    def label(self, action: dict, view: dict, names: dict[str, str] | None = None) -> str:
        kind = action["type"]
        seat = view.get("seat")
        ship = view["ships"].get(seat, {}) if seat else {}
        if kind == "deck":
            t = action["deck"]
            for s in ship.get("my_stories", []):
                if s["deck"] == t:
                    return tr("{deck}: read your story +{number}+ (instead of drawing)", deck=_deck(t),
                              number=s["number"])
            left = view["decks"][t]["cards"]
            return trn("Draw {a_card} ({n} left)", "Draw {a_card} ({n} left)", left, a_card=_a(t))
        if kind == "crew":
            skill = view["card"]["skill"]
            for c in ship.get("crew", []):
                if c["id"] == action["crew"]:
                    return fmt.label(f"{crew_name(c['name'])} ({role(c['role'])}), {_skill(skill)} {c[skill]}")
            return action["crew"]
        if kind == "reroll":
            return tr("Reroll the Fate Die (1 supply)")
        if kind == "accept":
            return tr("Accept the failure")
        if kind == "option":
            card, i = view["card"], action["option"]
            mark_ = f"{STORY_MARK} " if i in card.get("story_options", ()) else ""
            return fmt.label(mark_ + _text(card["options"][i]))
        return fmt.label(str(kind))

    def describe(self, event: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        kind = event.get("type")
        me = who(names, event.get("seat"))
        if kind == "turn":
            return line("⛵ ", *trl("{player} takes the helm (Act {act}, round {round}).", player=Strong(me.text),
                                   act=ROMAN[event["act"]], round=event["round"]))
        if kind == "draw":
            said = trl("{player} draws {a_card}: {title}.", player=me, a_card=_a(event["deck"]),
                       title=Strong(_card_title(event["title"])))
            return line("🌊 ", *said, " ", *told(event["text"], me), *_then(_challenge(event, me)))
        if kind == "story":
            if event["how"] == "slot":
                said = trl("{player} turns to the face-down story waiting in their slot. Story +{number}+, {title}:",
                           player=me, number=event["number"], title=Strong(_card_title(event["title"])))
            else:
                said = trl("{player} draws a sideways card: their own story. Story +{number}+, {title}:",
                           player=me, number=event["number"], title=Strong(_card_title(event["title"])))
            return line("📜 ", *said, " ", *told(event["text"], me), *_then(_challenge(event, me)))
        if kind == "sideways":
            return line("🔄 ", *trl("{player} draws a sideways Story card (+{number}+). It belongs to {owner}'s story, "
                                   "so it goes face down, unread, into {owner}'s Story slot, and {player} draws again.",
                                   player=me, number=event["number"], owner=who(names, event["owner"])))
        if kind == "slotted":
            return line("🤫 ", *trl("Only you see this: Story +{number}+, {title}, waits face down in your slot. {text} "
                                   "You read it the next time you draw {a_card}.", number=event["number"],
                                   title=Strong(_card_title(event["title"])), text=_text(event["text"]),
                                   a_card=_a(event["deck"])))
        if kind == "roll":
            crew = crew_name(C.CREW[event["crew"]]["name"]) if event["crew"] else None
            total = event["die"] + event["value"]
            fields = dict(skill=_skill(event["skill"]), value=event["value"], die=event["die"], total=total,
                          target=event["target"])
            if crew is None:
                said = (trl("{player}, with no crew aboard, ({skill} {value}) rolls the Fate Die again: {die} + "
                            "{value} = {total} against {target}: {verdict}", player=me, verdict=_verdict(event),
                            **fields) if event["reroll"] else
                        trl("{player}, with no crew aboard, ({skill} {value}) rolls the Fate Die: {die} + {value} = "
                            "{total} against {target}: {verdict}", player=me, verdict=_verdict(event), **fields))
            else:
                said = (trl("{crew} ({skill} {value}) rolls the Fate Die again: {die} + {value} = {total} against "
                            "{target}: {verdict}", crew=crew, verdict=_verdict(event), **fields) if event["reroll"] else
                        trl("{crew} ({skill} {value}) rolls the Fate Die: {die} + {value} = {total} against {target}: "
                            "{verdict}", crew=crew, verdict=_verdict(event), **fields))
            return line("🎲 ", *said)
        if kind == "choice":
            return trl("{player} chooses {option}.", player=me, option=told(event["name"], me, named=True))
        if kind == "outcome":
            return line(*told(event["text"], me), _changes(event["changes"]))
        if kind == "fetch":
            return line("📖 ", *trl("Story +{number}+ is slipped unread under the Ongoing Story cover, and {title} goes "
                                   "into {player}'s Story slot: the next step of this story is theirs.",
                                   number=event["number"], title=Strong(_card_title(event["title"])), player=me),
                        *_glory(me, event.get("glory", 0)))
        if kind == "taken":
            return line(tr("Story +{number}+ is already out on the water; nothing more is fetched.", number=event["number"]))
        if kind == "condition":
            return line("⚠️ ", tr("The story's condition is not met."), " ", *told(event["text"], me))
        if kind == "story_end":
            title = Strong(_card_title(event["title"]))
            said = (trl("Story +{number}+, {title}, is resolved.", number=event["number"], title=title)
                    if event["resolved"] else
                    trl("Story +{number}+, {title}, ends unresolved.", number=event["number"], title=title))
            return line("✅ " if event["resolved"] else "❌ ", *said, *_glory(me, event.get("glory", 0)))
        if kind == "empty":
            return trl("The {deck} deck is empty; {player} finds nothing and the turn passes.", deck=_deck(event["deck"]),
                       player=me)
        if kind == "round":
            return line(tr("🌧️ The rain moves on. Round {round} begins; the Discovery Track reaches {track}.",
                           round=event["round"], track=event["track"]))
        if kind == "act_end":
            moved = {t: k for t, k in event["moved"].items() if k}
            if moved:
                total = sum(moved.values())
                decks = join(f"{_deck(t)} ({k})" for t, k in moved.items())
                said = trn("{n} ongoing Story card turned sideways onto the decks of Act {act}: {decks}.",
                           "{n} ongoing Story cards turned sideways onto the decks of Act {act}: {decks}.", total,
                           act=ROMAN[event["act"] + 1], decks=decks)
            else:
                said = tr("No story waits under the cover.")
            return line("🌊 ", Strong(tr("End of Act {act}.", act=ROMAN[event["act"]])), " ", said)
        if kind == "spent":
            return line(tr("Every deck of Act {act} is spent; the Act ends.", act=ROMAN[event["act"]]))
        if kind == "game_end":
            n = event.get("untold")  # the winners and the Glory are said once, in the result message
            if n:
                return line("🏁 " + trn("The voyage ends. {n} story was left untold.",
                                        "The voyage ends. {n} stories were left untold.", n))
            return line("🏁 " + tr("The voyage ends."))
        return None

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        doc.sections[1].lines = [trl("{player}: {glory} Glory", player=who(names, s), glory=g)
                                 for s, g in sorted(result["scores"].items(), key=lambda kv: -kv[1])]
        if "target" in result:  # solo: a target to reach, not a table to beat
            seat = next(iter(result["scores"]))
            reached = result["scores"][seat] >= result["target"]
            if reached:
                word = tr("reached")
                said = trl("Target {target} Glory: {reached}. {player} wins!", target=result["target"],
                           reached=Strong(word), player=who(names, seat))
            else:
                word = tr("missed")
                said = trl("Target {target} Glory: {missed}. {player} does not win this voyage.",
                           target=result["target"], missed=Strong(word), player=who(names, seat))
            doc.sections[0].lines = [said]
            doc.sections.append(Section("", [line(tr("Sailing alone, a captain wins by reaching {target} Glory by the "
                                                     "end of the voyage.", target=result["target"]))]))
            return doc
        doc.sections.append(Section("", [line(tr("The captain with the most Glory wins."))]))
        return doc


def _verdict(event: dict) -> str:
    return tr("success!") if event["success"] else tr("not enough.")


def _then(runs: Line) -> tuple:
    return (" ", *runs) if runs else ()


def _glory(me, glory: int) -> tuple:
    """A told Story card's Glory, said where it is earned."""
    return (" ", *trl("{player} earns {glory} Glory for the story told.", player=me, glory=glory)) if glory else ()


def _changes(ch: dict) -> str:
    parts = []
    for key, word in (("glory", mark("Glory {n}")), ("supplies", mark("Supplies {n}")), ("track", mark("Discovery {n}"))):
        if ch.get(key):
            parts.append(tr(word, n=f"{ch[key]:+d}"))
    if "hired" in ch:
        parts.append(tr("{crew} joins the crew", crew=crew_name(C.CREW[ch["hired"]]["name"])) if ch["hired"]
                     else tr("no room for a new hand"))
    if ch.get("lost"):
        parts.append(tr("{crew} is lost", crew=crew_name(C.CREW[ch["lost"]]["name"])))
    return f" ({', '.join(parts)})" if parts else ""


PRESENTER = EverrainPresenter()
