"""Black Rose Wars' words: the Lodge map, the board and hand Docs, button labels and log lines, built from
views and events only (present/blackrose/text.py holds the plain-text pieces)."""
from __future__ import annotations

from engine.blackrose import cards as C
from present.blackrose import text as T
from present.base import BasePresenter, Doc, Line, Section, Strong, join_names, line, who

ABOUT = {"pick_mage": "choose a Mage", "pick_school": "choose a School", "quests": "review Quests",
         "study": "study", "prep": "ready their spells", "turn": "act", "evo_seat": "move Evocations",
         "crown_choice": "choose the Grand Master", "pick": "choose", "cast": "aim a spell", "phys": "act"}
PROMPT = {"pick_mage": "Choose your Mage", "pick_school": "Choose your School and starting Grimoire",
          "quests": "Discard Quests you dislike, or keep them", "study": "Study: draw, keep 2, trim your hand",
          "prep": "Ready 2–4 spells face down: the first is your Quick spell", "turn": "Your turn: choose a combination",
          "phys": "Physical action: move, attack, activate", "cast": "Choose the spell's target",
          "pick": "Make the choice", "evo_seat": "Activate an Evocation", "evo_turn": "Move, then attack",
          "crown_choice": "You hold the Crown: choose the Grand Master",
          "react": "Reaction: trigger an armed spell, or let it pass"}


class BlackRosePresenter(BasePresenter):
    hand_picture_in_dm = True  # the spells picture shows only the seat's own spells, slots, studies and Quests
    key = "blackrose"
    emoji = "🌹"
    colour = 0x8B0A1A
    title = "Black Rose Wars"

    def _board(self, v: dict, names: dict) -> list[Section]:
        lodge = Section("The Lodge", [line(x) for x in T.lodge_map(v, names)])
        mages = []
        for s in v["seats"]:
            mage = C.MAGES[v["mage"][s]] if s in v["mage"] else None
            hp = mage["health"] if mage else 0
            slots = " ".join(f"{sl['slot']}:{sl['state']}" for sl in v["slots"][s]) or "-"
            mages.append(line(Strong(names.get(s, s)), f" ({mage['name'] if mage else '?'}) — {v['pp'][s]} PP, "
                              f"damage {sum(v['dmg'][s].values())}/{hp}, hand {v['hand_n'][s]}, "
                              f"quests {v['quests_n'][s]} active / {len(v['done_quests'][s])} done, "
                              f"physical {v['phys'][s]}, slots {slots}"))
        mages.append(line(f"The Black Rose — {v['pp']['rose']} PP"))
        events = [C.EVENTS[e]["name"] for e in v["board"] if e]
        info = [line(f"Game turn {v['turn']} · Moon {v['moon']} · Crown: ", who(names, v["crown"]))]
        if events:
            info.append(line("Events: " + ", ".join(events)))
        return [Section("", info), Section("Mages", mages), lodge]

    def board(self, v: dict, names: dict[str, str]) -> Doc:
        doc = Doc(f"{self.emoji} {self.title}", self._board(v, names))
        doc.footer = self.waiting(v, names) or ()
        return doc

    def hand(self, v: dict, names: dict[str, str]) -> Doc:
        secs = self._board(v, names)
        mine = [line("Hand: " + (", ".join(T.card_name(c) for c in v.get("hand", [])) or "empty"))]
        # Every spell in full (school, both sides), so nobody needs the rulebook to choose.
        mine += [line(f"  {C.spell_of(c)['school'].title()} · " + T.card_text(c))
                 for c in sorted({c.split(".")[0]: c for c in v.get("hand", [])}.values())]  # one per spell
        for sl in v.get("my_slots", []):
            mine.append(line(f"Slot {sl['slot']}: {T.card_name(sl['card'], sl['side'])} — {sl['state']}"))
        for q in v.get("quests", []):
            mine.append(line("Quest: " + T.quest_text(q)))
        choice = v.get("choice") or {}
        if choice.get("look"):
            mine.append(line("Studying: " + ", ".join(T.card_name(c) for c in choice["look"])))
        if choice.get("ready"):
            mine.append(line("Readied so far: " + ", ".join(T.card_name(c, s) for c, s in choice["ready"])))
        if choice.get("kind") == "react" and choice.get("prompt"):
            mine.append(line("Your spell fires: " + choice["prompt"] + "."))
        elif choice.get("kind") == "react":
            offer = ", ".join(T.card_name(c) for c in choice["offer"])
            mine.append(line("Reaction window: " + T.moment_text(v, choice["moment"], names) + ". "
                             + (f"You may trigger {offer}." if offer else "Nothing of yours can be triggered.")))
        if choice.get("card"):
            mine.append(line("Casting: " + T.card_name(choice["card"], choice["side"]) + " — "
                             + T.side_text(choice["card"], choice["side"])))
        # Own spells right after the turn line: a long message loses the later sections first (the Lodge's
        # room list, which the board and its picture show anyway), never the spells being chosen.
        secs.insert(1, Section("Your spells", mine))
        doc = Doc(f"{self.emoji} {self.title}", secs)
        if choice:
            doc.footer = line(self.prompt(v))
        return doc

    def label(self, action: dict, v: dict, names: dict[str, str] | None = None) -> str:
        return T.label(action, v, names or {})

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:
        text = T.describe(ev, names)
        return line(text) if text else None

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        d = v.get("decision") or {}
        if d.get("about") == "reactions":
            return line("Waiting for reactions…")
        if not d or d.get("about") == "over" or not d.get("seats"):
            return None
        return line("Waiting for ", *join_names(names, d["seats"]), f" to {ABOUT.get(d['about'], 'act')}.")

    def prompt(self, v: dict) -> str:
        choice = v.get("choice") or {}
        if choice.get("tribute"):
            return "Illusory Tribute: cancel your spell, or go on with it"
        if choice.get("prompt"):  # a card's own question ("Which Event goes on top")
            return choice["prompt"][:150]
        return PROMPT.get(choice.get("kind", ""), "Choose your move…")[:150]

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        final = view.get("final") or {}
        if result["winners"]:
            won = line("Grand Master: ", *join_names(names, result["winners"]))
        else:
            won = line("The Black Rose wins with ", Strong(str(result.get("rose", 0))), " PP: every mage loses.")
        rows = []
        for s, total in sorted((final.get("totals") or result["scores"]).items(), key=lambda kv: -kv[1]):
            b = (final.get("bonus") or {}).get(s, {})
            extra = ", ".join(f"{k} +{n}" for k, n in b.items() if n)
            rows.append(line(who(names, s), f": {total} PP" + (f" ({extra})" if extra else "")))
        return Doc(f"{self.emoji} {self.title} — Game over!", [Section("", [won]), Section("Final scores", rows)])


PRESENTER = BlackRosePresenter()
