"""Black Rose Wars' words: the board and hand Docs, button labels, prompts and log lines, built from views and
events only. The pieces: text.py (the board), card_text.py (every card, from the data), choices.py (labels),
prompts.py (prompts), bundles.py (one-click choices), log.py (log lines)."""
from __future__ import annotations

from engine.blackrose import cards as C
from present import fmt
from present.base import BasePresenter, Bundle, Doc, Line, Section, Strong, join_names, line
from present.blackrose import bundles as BU
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import log as L
from present.blackrose import prompts as P
from present.blackrose import text as X
from present.blackrose import words as W
from present.i18n import command, tr, trn


def _about(about: str) -> str:
    return {"pick_mage": lambda: tr("choose a Mage"), "pick_school": lambda: tr("choose a School"),
            "quests": lambda: tr("review their Quests"), "study": lambda: tr("study"),
            "prep": lambda: tr("ready their spells"), "turn": lambda: tr("act"),
            "evo_seat": lambda: tr("move their Evocations"), "crown_choice": lambda: tr("choose the Grand Master"),
            "pick": lambda: tr("choose"), "cast": lambda: tr("aim a spell"), "phys": lambda: tr("act"),
            "fire_choice": lambda: tr("make a choice their spell asks for"),
            "reactions": lambda: tr("decide whether their armed spell fires")}.get(
        about, lambda: tr("act"))()


# Decisions about the spells in hand (and no decision at all): the hand's spells are then written out in full.
FULL_HAND = {"prep", "study", "quests", "hand_limits", None}
HAND_PICKS = {"hand_card", "discard", "prot"}
# The texts of the spells being chosen among open the seat's own section, above the picture (a phone shows
# the picture, the prompt and its buttons together, on one screen): at most this many characters of a
# message's TEXT_MAX, the rest named, never cut mid-text.
DECIDING_ROOM = fmt.TEXT_MAX // 3


def choosing_among(v: dict) -> list[str]:
    """The spells the seat is choosing among right now, one card per spell: the cards it studies, or its
    hand while it readies spells, discards or picks from its hand; none for other decisions (a turn's ready
    spells are on the Mage Sheet lines with their effects)."""
    choice = v.get("choice") or {}
    if choice.get("look"):
        return CH.studied(v)
    if choice.get("kind") in ("prep", "hand_limits") or choice.get("key") in HAND_PICKS:
        cards = CH.held(v)
    else:
        return []
    return sorted({c.split(".")[0]: c for c in cards if c.split(".")[0] in C.SPELLS}.values(), key=W.card_name)


def deciding_lines(v: dict) -> list[Line]:
    """The spells being chosen among, one compact line each (name, then each side's type, target and
    effect); past DECIDING_ROOM characters the rest are named with where to read them."""
    out: list[Line] = []
    used, left = 0, []
    numbered = bool((v.get("choice") or {}).get("look"))  # a Study keep may name them by number (choices.py)
    for n, card in enumerate(choosing_among(v), start=1):
        sides = T.card_sides(card)
        name = tr("{n}. {spell}", n=n, spell=W.card_name(card)) if numbered else W.card_name(card)
        if left or used + len(sides) > DECIDING_ROOM:
            left.append(name)
            continue
        used += len(sides)
        out.append(line(Strong(name), " — ", sides))
    if left:
        out.append(line(tr("Also: {spells} ({card} shows each in full).", spells=", ".join(left),
                           card=command("game card").strip("`"))))
    return out


class BlackRosePresenter(BasePresenter):
    key = "blackrose"
    emoji = "🌹"
    title = "Black Rose Wars"

    def _board(self, v: dict, names: dict) -> list[Section]:
        return [Section("", X.info_lines(v, names)), Section(tr("Mages"), X.mage_lines(v, names)),
                Section(tr("The Lodge"), X.lodge_lines(v, names))]

    def board(self, v: dict, names: dict[str, str]) -> Doc:
        # The board's text runs past a phone's screen: its picture goes right above the waiting line and
        # the buttons, so a phone shows them together (the newest message opens at its end).
        doc = Doc(f"{self.emoji} {self.title}", self._board(v, names), picture_last=True)
        doc.footer = self.waiting(v, names) or ()
        return doc

    def hand(self, v: dict, names: dict[str, str]) -> Doc:
        secs = self._board(v, names)
        # Own spells right after the turn line: a long message loses the later sections first (the Lodge's
        # room list, which the board and its picture show anyway), never the spells being chosen.
        secs.insert(1, Section(tr("Your spells"), self._mine(v, names)))
        doc = Doc(f"{self.emoji} {self.title}", secs, picture_last=True)  # beside the prompt, as the board's
        if v.get("choice"):  # the prompt (the texts of the spells it chooses among open "Your spells")
            doc.footer = line(fmt.placeholder(P.prompt(v)))
        return doc

    def _mine(self, v: dict, names: dict) -> list[Line]:
        """The seat's own things, what it is deciding first: a DM holds 2000 characters, and a long message
        loses its last lines first (the board's sections after these, then the end of these: the hand's
        full texts, which the hand picture in the same DM shows too)."""
        choice = v.get("choice") or {}
        kind = choice.get("kind")
        mine: list[Line] = self._deciding(v, choice, names) + deciding_lines(v)
        for q in v.get("quests") or ():
            mine.append(line(tr("Quest: {quest}", quest=T.quest_text(q))))
        if v.get("turn") == 1 and v.get("quests") and not v.get("ask_me"):  # told once: in the first Game Turn
            mine.append(line(tr("Your Quests are kept and your Evocations hunt without asking you; to be asked "
                                "instead, choose “Ask me…” when your Study begins.")))
        for sl in v.get("my_slots") or ():
            text = T.effect(sl["card"], sl["side"]) if sl["state"] in ("ready", "armed") else ""
            mine.append(line(tr("{slot}: {spell} — {state}", slot=W.slot_name(sl["slot"]),
                                spell=T.card_label(sl["card"], sl["side"]),
                                state=X.SLOT_STATE.get(sl["state"], lambda: sl["state"])()),
                             (" · " + text) if text else ""))
        hand = v.get("hand") or []
        # The spells readied so far are on the Mage Sheet: "Readied so far" names them, not the hand line.
        mine.append(line(Strong(tr("Hand:")), " ", ", ".join(W.card_name(c) for c in CH.held(v)) or tr("empty")))
        if (kind in FULL_HAND or choice.get("key") in HAND_PICKS) and not choosing_among(v):
            # every spell in full: nothing to look up (while choosing among them, above: deciding_lines)
            mine += [line("  ", T.card_text(c)) for c in sorted({c.split(".")[0]: c for c in hand}.values())]
        return mine

    def _deciding(self, v: dict, choice: dict, names: dict) -> list[Line]:
        """What the seat is deciding right now, in full: the Mages or Grimoires on offer, the cards being
        studied, the spell being cast or resolved, the moment of a reaction window."""
        kind = choice.get("kind")
        out: list[Line] = []
        if kind == "pick_mage":
            out += [line(T.mage_text(m)) for m in C.MAGES if m not in (v.get("mage") or {}).values()]
        if kind == "pick_school":
            out += [line(tr("{school}, starting Grimoire {n}: {cards}", school=W.school(s), n=i + 1,
                            cards=T.grimoire_text(s, i)))
                    for s in C.SCHOOLS for i in range(len(C.GRIMOIRES.get(s, ())))]
        look = {}  # spell -> its copies drawn: two copies are one name with their number (texts: under the prompt)
        for c in choice.get("look") or ():
            look.setdefault(c.split(".")[0], []).append(c)
        if look:
            drawn = ", ".join(W.card_name(same[0]) if len(same) == 1 else
                              trn("{spell}, {n} copy", "{spell}, {n} copies", len(same), spell=W.card_name(same[0]))
                              for same in look.values())
            out.append(line(tr("Studying: {spell}", spell=drawn)))
        if v.get("prepared"):  # the hand still holds them: they go on the Mage Sheet once every mage is ready
            out.append(line(tr("Your Preparation is set: {spells}. They go on your Mage Sheet when every mage has "
                               "prepared.", spells=", ".join(T.card_label(c, s) for c, s in v["prepared"]))))
        elif v.get("prepared") == []:
            out.append(line(tr("Your Preparation is set, with no spell readied.")))
        if kind == "prep" and not choice.get("ready") and v.get("hand"):
            plan = BU.suggested_plan(v)
            if plan:
                out.append(line(tr("Suggested: {spells} (the first is your Quick spell)",
                                   spells=", ".join(T.card_label(c, s) for c, s in plan))))
        if choice.get("ready"):
            out.append(line(tr("Readied so far: {spells}", spells=", ".join(T.card_label(c, s)
                                                                            for c, s in choice["ready"]))))
        if kind == "react" and (choice.get("moment") or {}).get("on") == "choice":  # their spell asks them
            out.append(line(P.prompt(v)))
        elif kind == "react":
            offer = ", ".join(W.card_name(c) for c in choice.get("offer") or ())
            moment = P.moment_text(v, choice.get("moment") or {}, names)
            out.append(line(tr("Reaction window: {moment}. You may trigger {spells}.", moment=moment, spells=offer)
                            if offer else tr("Reaction window: {moment}. Nothing of yours can be triggered.",
                                             moment=moment)))
        here = (v.get("pos") or {}).get(v.get("me"))
        if kind in ("turn", "phys") and (v.get("layout") or {}).get(here):  # what "Activate" would do here
            out.append(line(tr("Here, {room}: {effect}", room=CH.room_name(v, here),
                               effect=T.room_effect(v["layout"][here]))))
        if choice.get("card"):
            out.append(line(tr("Casting: {spell} — {text}", spell=T.card_label(choice["card"], choice.get("side")),
                               text=T.side_text(choice["card"], choice.get("side") or "s"))))
        card = (choice.get("source") or {}).get("card")
        if kind == "pick" and card and card.split(".")[0] in C.SPELLS:
            out.append(line(tr("Resolving: {spell}", spell=T.card_text(card))))
        if kind == "study" and "look" not in choice and choice.get("drawn") is not None:
            out.append(line(tr("Studying: {n} of 4 cards drawn; you look at them once all are drawn.",
                               n=choice["drawn"])))
        for seen in v.get("seen") or ():  # Arcane Mark: what this seat saw, for the rest of the Game Turn
            spells = ", ".join(tr("{slot}: {spell}", slot=W.slot_name(sl["slot"]), spell=T.card_label(sl["card"],
                                                                                                        sl["side"]))
                               for sl in seen.get("slots") or ()) or tr("none")
            out.append(L.say("You saw {who}'s ready spells: {spells}", who=L.seat(names, seen.get("seat")),
                             spells=spells))
        return out

    def picture(self, view: dict, names: dict[str, str] | None = None) -> tuple[bytes, str]:
        """The board (or, for a seat's own view, its spells); with `names` the board shows each mage's player
        too (the platform passes table.names where it can; the key then covers them)."""
        from present.blackrose import picture
        return picture.draw(view, names)

    def label(self, action: dict, v: dict, names: dict[str, str] | None = None) -> str:
        return CH.label(action, v, names or {})

    def labels(self, v: dict, legal: list[dict], names: dict[str, str]) -> list[str]:
        return CH.prompt_labels(v, legal, names)

    bundles_named = True  # bundles() takes the players' names (a spell cast at a mage names them)

    def bundles(self, v: dict, legal: list[dict], names: dict[str, str] | None = None) -> list[Bundle] | None:
        return BU.bundles(v, legal, names)

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:
        return L.describe(ev, names)

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        d = v.get("decision") or {}
        if d.get("about") == "reactions" and not d.get("seats"):  # (a stored window from before they were named)
            return line(tr("Waiting for reactions…"))
        if not d or d.get("about") == "over" or not d.get("seats"):
            return None
        return L.say("Waiting for {who} to {what}.", who=join_names(names, d["seats"]), what=_about(d["about"]))

    def prompt(self, v: dict) -> str:
        """A menu's placeholder: the prompt where a phone shows it whole, else a short one (the prompt itself
        is right above the menu, in the hand's last line)."""
        said = P.prompt(v)
        if len(said) <= fmt.PHONE_PLACEHOLDER:
            return said
        kind = (v.get("choice") or {}).get("kind")
        return {"study": lambda: tr("Choose the 2 to keep"), "dmove": lambda: tr("Which spell, and where?")}.get(
            kind, lambda: tr("Choose your move…"))()

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        final = view.get("final") or {}
        if result["winners"]:
            won = L.say("Grand Master: {who}", who=join_names(names, result["winners"]))
        else:
            won = L.say("The Black Rose wins with {n} PP: every mage loses.", n=Strong(str(result.get("rose", 0))))
        rows = []
        for s, total in sorted((final.get("totals") or result["scores"]).items(), key=lambda kv: -kv[1]):
            b = (final.get("bonus") or {}).get(s, {})
            parts = [_bonus(k, n) for k, n in b.items() if n]
            extra = tr("{pp} PP during play", pp=(view.get("pp") or {}).get(s, 0)) if parts else ""
            detail = ", ".join([extra, *parts]) if parts else ""
            rows.append(L.say("{who}: {total} PP ({detail})", who=L.seat(names, s), total=total, detail=detail)
                        if detail else L.say("{who}: {total} PP", who=L.seat(names, s), total=total))
        return Doc(f"{self.emoji} {self.title} — " + tr("Game over!"),
                   [Section("", [won]), Section(tr("Final scores"), rows)])


def _bonus(kind: str, n: int) -> str:
    return {"quests": lambda: tr("Quests +{n}", n=n), "trophies": lambda: tr("Trophies +{n}", n=n),
            "rooms": lambda: tr("rooms +{n}", n=n), "crown": lambda: tr("Crown +{n}", n=n)}.get(
        kind, lambda: f"{kind} +{n}")()


PRESENTER = BlackRosePresenter()
