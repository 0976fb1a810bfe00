"""The Everrain's words: boards from views, button labels, and log lines that read like a told story."""
from __future__ import annotations

from engine.everrain import cards as C
from present import fmt
from present.base import BasePresenter, Doc, Line, Section, Strong, join_names, line, who
from present.everrain.voice import third_person

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
WHERE = {"cover": "under the cover", "facedown": "face down here", "reading": "being read"}
DOING = {"deck": "choosing a deck", "crew": "choosing who takes the test", "reroll": "deciding on a reroll",
         "choose": "making a choice"}
YOUR_MOVE = {"deck": "Choose a deck to draw from.", "crew": "Choose the crew member who takes the test.",
             "reroll": "Spend 1 supply to roll again, or accept the failure.",
             "choose": "Pick one of the choices; you learn what it brings only once you pick it."}
STORY_MARK = "📜"  # marks a choice option that leads on to a story
COMPACT_OVER = 1800  # past this much text a crowded table gets first names and story titles only


def _deck(t: str) -> str:
    return C.DECK_NAMES.get(t, t)


def _a(t: str) -> str:
    name = _deck(t)
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _skill(s: str) -> str:
    return s.capitalize()


def _challenge(c: dict, actor=None) -> Line:
    """A card's test or choices; with `actor` (a Name), for the log: option names speak of them, not "you"."""
    if "skill" in c:
        return line(f"{_skill(c['skill'])} test: Fate Die + one crew member's {_skill(c['skill'])}, "
                    f"{c['target']} or more.")
    if "options" in c:
        runs: list = ["Choose: "]
        leads = set(c.get("story_options", ()))
        for i, o in enumerate(c["options"]):
            shown = (Strong(o),) if actor is None else tuple(
                Strong(r) if isinstance(r, str) else r for r in third_person(o, actor, named=True))
            runs += [" · " if i else "", *shown, f" {STORY_MARK}" if i in leads else ""]
        return line(*runs, f" ({STORY_MARK} leads to a story)" if leads else "")
    return ()


def _winners(res: dict, names: dict) -> Line:
    runs: list = ["Glory: "]
    for i, (s, g) in enumerate(res["scores"].items()):
        runs += [", " if i else "", who(names, s), f" {g}"]
    runs.append(". ")
    for i, s in enumerate(res["winners"]):
        runs += [" and " if i else "", Strong(names.get(s, s))]
    return line(*runs, " win!" if len(res["winners"]) > 1 else " wins!")


def _ship(view: dict, seat: str, names: dict, compact: bool) -> list[Line]:
    ship = view["ships"][seat]
    rows = [line("⛵ ", Strong(names.get(seat, seat)),
                 f" — Glory {ship['glory']} · Supplies {ship['supplies']} · Stories told {ship['told']}")]
    crew = " · ".join(f"{c['name'].split()[0] if compact else c['name']} {c['island']}/{c['port']}"
                      for c in ship["crew"]) or "nobody aboard"
    rows.append(line(f"  Crew (Island/Port): {crew}"))
    if ship["slot"]:
        parts = []
        for e in ship["slot"]:
            where = (f"sideways on the {_deck(e['deck'])} deck" if e["where"] == "sideways"
                     else WHERE.get(e["where"], e["where"]))
            parts.append(f"+{e['awaits']}+ {where}" if compact else f"{e['title']} → +{e['awaits']}+ {where}")
        rows.append(line("  Story slot: " + "; ".join(parts)))
    return rows


class EverrainPresenter(BasePresenter):
    key = "everrain"
    emoji = "🌧️"
    colour = 0x2F6F8F
    title = "The Everrain"

    def _title(self, view: dict) -> str:
        act = view["act"]
        return f"{self.emoji} The Everrain — Act {ROMAN[act]}: {C.ACT_NAMES[act - 1]}"

    def _sections(self, view: dict, names: dict, compact: bool) -> list[Section]:
        act = view["act"]
        head = [line(f"Discovery Track {view['track']}/{view['length']} (Act {ROMAN[act]} ends at "
                     f"{view['ends'][act - 1]}) · Round {view['round']}")]
        if view["phase"] != "over":
            head.append(line("At the helm: ", Strong(names.get(view["active"], view["active"])),
                             f", {DOING[view['phase']]}."))
        out = [Section("", head)]
        card = view["card"]
        if card:
            title = (f"📜 Story +{card['number']}+ — {card['title']}" if "number" in card
                     else f"{card['title']} ({_deck(card['deck'])})")
            rows = [line(card["text"])]
            if _challenge(card):
                rows.append(_challenge(card))
            if "roll" in view:
                r, t = view["roll"], view.get("tester")
                by = f"{t['name']}'s {_skill(card['skill'])}" if t else "no crew"
                rows.append(line(f"🎲 Rolled {r['die']} + {by} {r['value']} = {r['total']}, short of {card['target']}."))
            out.append(Section(title, rows))
        out += self._last_results(view, names, compact)
        out.append(Section("Ships", [r for seat in view["seats"] for r in _ship(view, seat, names, compact)]))
        decks = " · ".join(f"{_deck(t)} {v['cards']}" + (f" ({v['sideways']} sideways)" if v["sideways"] else "")
                           for t, v in view["decks"].items())
        told = view["stories_closed"]
        out.append(Section("", [
            line(Strong(f"Decks of Act {ROMAN[act]}"), f": {decks}"),
            line(Strong("Ongoing Story cover"), f": {len(view['cover'])} unread · Story deck {view['story_deck']} · "
                 f"stories told {told['resolved']}, ended unresolved {told['unresolved']}")]))
        return out

    def _last_results(self, view: dict, names: dict, compact: bool) -> list[Section]:
        """The last story read and the last Act's end, kept until the next of each: nobody misses one."""
        out = []
        story = view.get("last_story")
        card = view["card"]
        reading_now = story is not None and story["open"] and card is not None and "number" in card
        if story is not None and not reading_now:  # a story being read is shown in full above
            first = story["events"][0]
            title = f"📜 Last story read: +{first['number']}+ — {first['title']}"
            if compact:
                ends = [e for e in story["events"] if e["type"] in ("story_end", "fetch", "taken")]
                how = ("resolved" if ends[-1].get("resolved") else "ended unresolved"
                       if ends[-1]["type"] == "story_end" else "goes on") if ends else "being read"
                rows = [line("Read by ", who(names, first["seat"]), f": {how}.")]
            else:
                rows = [said for e in story["events"] if (said := self.describe(e, names))]
            out.append(Section(title, rows))
        act = view.get("last_act")
        if act is not None and compact:  # a crowded table: the Act's end in one short line
            out.append(Section("", [line("🌊 ", Strong(f"Act {ROMAN[act['act']]} ended"),
                                         f" at track {act['track']}.")]))
        elif act is not None:
            said = self.describe({"type": "act_end", **act}, names)
            runs: list = ["Glory then: "]
            for i, (s, g) in enumerate(act["glory"].items()):
                runs += [", " if i else "", who(names, s), f" {g} ({act['told'][s]} told)"]
            out.append(Section(f"End of Act {ROMAN[act['act']]}", [said, line(*runs, ".")]))
        return out

    def _private(self, view: dict, compact: bool) -> list[Section]:
        mine = view["ships"][view["seat"]].get("my_stories", [])
        if not mine:
            return []
        if compact:
            rows = [line(", ".join(f"+{s['number']}+ {s['title']} ({_deck(s['deck'])})" for s in mine)),
                    line("Each is read the next time you draw from its deck.")]
        else:
            rows = [line(f"📜 +{s['number']}+ ", Strong(s["title"]), f" ({_deck(s['deck'])}): {s['text']} "
                         f"It is read the next time you draw {_a(s['deck'])} card.") for s in mine]
        return [Section("Your face-down stories (only you see them)", rows)]

    def _doc(self, view: dict, names: dict, private: bool) -> Doc:
        for compact in (False, True):
            sections = self._sections(view, names, compact)
            if private:
                sections += self._private(view, compact)
            mine = private and view["active"] == view["seat"] and view["phase"] != "over"
            foot = line(YOUR_MOVE[view["phase"]]) if mine else self.waiting(view, names) or ()
            doc = Doc(self._title(view), sections, foot)
            if len(fmt.plain(doc)) <= COMPACT_OVER:
                break
        return doc

    def board(self, view: dict, names: dict[str, str]) -> Doc:
        return self._doc(view, names, private=False)

    def hand(self, view: dict, names: dict[str, str]) -> Doc:
        return self._doc(view, names, private=view["seat"] is not None)

    def waiting(self, view: dict, names: dict[str, str]) -> Line | None:
        d = view["decision"]
        if d["about"] == "over":
            return None
        return line("Waiting for ", *join_names(names, d["seats"]), f", {DOING[d['about']]}.")

    def prompt(self, view: dict) -> str:
        return YOUR_MOVE.get(view["phase"], "Choose your move…")

    def label(self, action: dict, view: dict, names: dict[str, str] | None = None) -> str:
        kind = action["type"]
        seat = view.get("seat")
        ship = view["ships"].get(seat, {}) if seat else {}
        if kind == "deck":
            t = action["deck"]
            for s in ship.get("my_stories", []):
                if s["deck"] == t:
                    return f"{_deck(t)}: read your story +{s['number']}+ (instead of drawing)"
            return f"Draw {_a(t)} card ({view['decks'][t]['cards']} left)"
        if kind == "crew":
            skill = view["card"]["skill"]
            for c in ship.get("crew", []):
                if c["id"] == action["crew"]:
                    return fmt.label(f"{c['name']} ({c['role']}), {_skill(skill)} {c[skill]}")
            return action["crew"]
        if kind == "reroll":
            return "Roll the Fate Die again (spend 1 supply)"
        if kind == "accept":
            return "Accept the failure"
        if kind == "option":
            card, i = view["card"], action["option"]
            mark = f"{STORY_MARK} " if i in card.get("story_options", ()) else ""
            return fmt.label(mark + card["options"][i])
        return fmt.label(str(kind))

    def describe(self, event: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        kind = event.get("type")
        me = who(names, event.get("seat"))
        if kind == "turn":
            return line("⛵ ", Strong(me.text), f" takes the helm (Act {ROMAN[event['act']]}, round {event['round']}).")
        if kind == "draw":
            return line("🌊 ", me, f" draws {_a(event['deck'])} card: ", Strong(event["title"]), ". ",
                        *third_person(event["text"], me), *_then(_challenge(event, me)))
        if kind == "story":
            how = ("turns to the face-down story waiting in their slot"
                   if event["how"] == "slot" else "draws a sideways card: their own story")
            return line("📜 ", me, f" {how}. Story +{event['number']}+, ", Strong(event["title"]), ": ",
                        *third_person(event["text"], me), *_then(_challenge(event, me)))
        if kind == "sideways":
            owner = who(names, event["owner"])
            return line("🔄 ", me, f" draws a sideways Story card (+{event['number']}+). It belongs to ", owner,
                        "'s story, so it goes face down, unread, into ", owner, "'s Story slot, and ", me,
                        " draws again.")
        if kind == "slotted":
            return line(f"🤫 Only you see this: Story +{event['number']}+, ", Strong(event["title"]),
                        f", waits face down in your slot. {event['text']} You read it the next time you draw "
                        f"{_a(event['deck'])} card.")
        if kind == "roll":
            crew = (C.CREW[event["crew"]]["name"],) if event["crew"] else (me, ", with no crew aboard,")
            verdict = "success!" if event["success"] else "not enough."
            again = " again" if event["reroll"] else ""
            return line("🎲 ", *crew, f" ({_skill(event['skill'])} {event['value']}) rolls the Fate Die{again}: "
                        f"{event['die']} + {event['value']} = {event['die'] + event['value']} against "
                        f"{event['target']}: {verdict}")
        if kind == "choice":
            return line(me, " chooses ", *third_person(event["name"], me, named=True), ".")
        if kind == "outcome":
            return line(*third_person(event["text"], me), _changes(event["changes"]))
        if kind == "fetch":
            return line(f"📖 Story +{event['number']}+ is slipped unread under the Ongoing Story cover, and ",
                        Strong(event["title"]), " goes into ", me, "'s Story slot: the next step of this story is theirs.",
                        *_glory(me, event.get("glory", 0)))
        if kind == "taken":
            return line(f"Story +{event['number']}+ is already out on the water; nothing more is fetched.")
        if kind == "condition":
            return line("⚠️ The story's condition is not met. ", *third_person(event["text"], me))
        if kind == "story_end":
            mark, how = ("✅", "is resolved") if event["resolved"] else ("❌", "ends unresolved")
            return line(f"{mark} Story +{event['number']}+, ", Strong(event["title"]), f", {how}.",
                        *_glory(me, event.get("glory", 0)))
        if kind == "empty":
            return line(f"The {_deck(event['deck'])} deck is empty; ", me, " finds nothing and the turn passes.")
        if kind == "round":
            return line(f"🌧️ The rain moves on. Round {event['round']} begins; the Discovery Track reaches "
                        f"{event['track']}.")
        if kind == "act_end":
            moved = {t: k for t, k in event["moved"].items() if k}
            text = ""
            if moved:
                total = sum(moved.values())
                decks = " and ".join(f"{_deck(t)} ({k})" for t, k in moved.items())
                text = (f"{total} ongoing Story card{'s' if total > 1 else ''} turned sideways onto the "
                        f"decks of Act {ROMAN[event['act'] + 1]}: {decks}.")
            else:
                text = "No story waits under the cover."
            return line("🌊 ", Strong(f"End of Act {ROMAN[event['act']]}."), " ", text)
        if kind == "spent":
            return line(f"Every deck of Act {ROMAN[event['act']]} is spent; the Act ends.")
        if kind == "game_end":
            n = event.get("untold")  # the winners and the Glory are said once, in the result message
            return line("🏁 The voyage ends." + (f" {n} stor{'ies were' if n > 1 else 'y was'} left untold." if n else ""))
        return None

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        doc.sections[1].lines = [line(who(names, s), f": {g} Glory")
                                 for s, g in sorted(result["scores"].items(), key=lambda kv: -kv[1])]
        if "target" in result:  # solo: a target to reach, not a table to beat
            seat = next(iter(result["scores"]))
            reached = result["scores"][seat] >= result["target"]
            doc.sections[0].lines = [line(f"Target {result['target']} Glory: ",
                                          Strong("reached" if reached else "missed"), ". ", who(names, seat),
                                          " wins!" if reached else " does not win this voyage.")]
            doc.sections.append(Section("", [line(f"Sailing alone, a captain wins by reaching {result['target']} "
                                                  "Glory by the end of the voyage.")]))
            return doc
        doc.sections.append(Section("", [line("The captain with the most Glory wins.")]))
        return doc


def _then(runs: Line) -> tuple:
    return (" ", *runs) if runs else ()


def _glory(me, glory: int) -> tuple:
    """A told Story card's Glory, said where it is earned."""
    return (" ", me, f" earns {glory} Glory for the story told.") if glory else ()


def _changes(ch: dict) -> str:
    parts = []
    for key, word in (("glory", "Glory"), ("supplies", "Supplies"), ("track", "Discovery")):
        if ch.get(key):
            parts.append(f"{word} {ch[key]:+d}")
    if "hired" in ch:
        parts.append(f"{C.CREW[ch['hired']]['name']} joins the crew" if ch["hired"] else "no room for a new hand")
    if ch.get("lost"):
        parts.append(f"{C.CREW[ch['lost']]['name']} is lost")
    return f" ({', '.join(parts)})" if parts else ""


PRESENTER = EverrainPresenter()
