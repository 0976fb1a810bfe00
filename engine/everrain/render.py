"""Text for The Everrain: boards from views, button labels, and log lines that read like a told story."""
from __future__ import annotations

from engine.core import Names
from engine.everrain import cards as C

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
WHERE = {"cover": "under the cover", "facedown": "face down here", "reading": "being read"}
DOING = {"deck": "choosing a deck", "crew": "choosing who takes the test", "reroll": "deciding on a reroll",
         "choose": "making a choice"}


def _deck(t: str) -> str:
    return C.DECK_NAMES.get(t, t)


def _a(t: str) -> str:
    name = _deck(t)
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _skill(s: str) -> str:
    return s.capitalize()


def _challenge(c: dict) -> str:
    if "skill" in c:
        return f"{_skill(c['skill'])} test: Fate Die + one crew member's {_skill(c['skill'])}, {c['target']} or more."
    if "options" in c:
        return "Choose: " + " · ".join(f"**{o}**" for o in c["options"])
    return ""


def render(view: dict, names: dict[str, str]) -> str:
    text = _render(view, names, compact=False)
    if len(text) > 1800:  # a crowded table: first names, story texts only by title
        text = _render(view, names, compact=True)
    return text if len(text) <= 1800 else text[:1790] + "…"


def _render(view: dict, names: dict[str, str], compact: bool) -> str:
    n = Names(names)
    act = view["act"]
    out = [f"🌧️ **The Everrain** — Act {ROMAN[act]}: *{C.ACT_NAMES[act - 1]}*",
           f"Discovery Track {view['track']}/{view['length']} (Act {ROMAN[act]} ends at "
           f"{view['ends'][act - 1]}) · Round {view['round']}"]
    if view["phase"] == "over":
        res = view["result"]
        out.append("**The voyage is over.** " + _winners(res, n))
    else:
        out.append(f"At the helm: **{n(view['active'])}**, {DOING[view['phase']]}.")
    card = view["card"]
    if card:
        if "number" in card:
            out.append(f"> 📜 Story +{card['number']}+ — **{card['title']}**")
        else:
            out.append(f"> **{card['title']}** ({_deck(card['deck'])})")
        out.append(f"> *{card['text']}*")
        if _challenge(card):
            out.append("> " + _challenge(card))
    if "roll" in view:
        r, t = view["roll"], view.get("tester")
        who = f"{t['name']}'s {_skill(card['skill'])}" if t else "no crew"
        out.append(f"🎲 Rolled {r['die']} + {who} {r['value']} = {r['total']}, short of {card['target']}.")
    out.append("")
    for seat in view["seats"]:
        out.extend(_ship(view, seat, n, compact))
    decks = " · ".join(f"{_deck(t)} {v['cards']}" + (f" ({v['sideways']} sideways)" if v["sideways"] else "")
                       for t, v in view["decks"].items())
    out.append(f"**Decks of Act {ROMAN[act]}**: {decks}")
    cover = view["cover"]
    told = view["stories_closed"]
    out.append(f"**Ongoing Story cover**: {len(cover)} unread · Story deck {view['story_deck']} · "
               f"stories told {told['resolved']}, ended unresolved {told['unresolved']}")
    seat = view["seat"]
    if seat is not None:
        out.extend(_private(view, seat, compact))
    return "\n".join(out)


def _ship(view: dict, seat: str, n: Names, compact: bool) -> list[str]:
    ship = view["ships"][seat]
    lines = [f"⛵ **{n(seat)}** — Glory {ship['glory']} · Supplies {ship['supplies']} · Stories told {ship['told']}"]
    crew = " · ".join(f"{c['name'].split()[0] if compact else c['name']} {c['island']}/{c['port']}"
                      for c in ship["crew"]) or "nobody aboard"
    lines.append(f"  Crew (Island/Port): {crew}")
    if ship["slot"]:
        parts = []
        for e in ship["slot"]:
            where = (f"sideways on the {_deck(e['deck'])} deck" if e["where"] == "sideways"
                     else WHERE.get(e["where"], e["where"]))
            parts.append(f"+{e['awaits']}+ {where}" if compact else f"*{e['title']}* → +{e['awaits']}+ {where}")
        lines.append("  Story slot: " + "; ".join(parts))
    return lines


def _private(view: dict, seat: str, compact: bool) -> list[str]:
    out = []
    mine = view["ships"][seat].get("my_stories", [])
    if mine and compact:
        out.append("")
        out.append("**Your face-down stories** (only you see them; each is read the next time you draw "
                   "from its deck): " + ", ".join(f"+{s['number']}+ **{s['title']}** ({_deck(s['deck'])})"
                                                  for s in mine))
    elif mine:
        out.append("")
        out.append("**Your face-down stories** (only you can see these):")
        for s in mine:
            out.append(f"📜 +{s['number']}+ **{s['title']}** ({_deck(s['deck'])}): *{s['text']}* "
                       f"It is read the next time you draw {_a(s['deck'])} card.")
    if view["active"] == seat:
        out.append("")
        out.append("**Your move:** " + {
            "deck": "choose a deck to draw from.",
            "crew": "choose the crew member who takes the test.",
            "reroll": "spend 1 supply to roll again, or accept the failure.",
            "choose": "pick one of the choices; you learn what it brings only once you pick it.",
        }[view["phase"]])
    return out


def _winners(res: dict, n: Names) -> str:
    scores = ", ".join(f"{n(s)} {g}" for s, g in res["scores"].items())
    win = " and ".join(f"**{n(s)}**" for s in res["winners"])
    return f"Glory: {scores}. {win} {'win' if len(res['winners']) > 1 else 'wins'}!"


def label(action: dict, view: dict) -> str:
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
                return f"{c['name']} ({c['role']}), {_skill(skill)} {c[skill]}"[:80]
        return action["crew"]
    if kind == "reroll":
        return "Roll the Fate Die again (spend 1 supply)"
    if kind == "accept":
        return "Accept the failure"
    if kind == "option":
        return view["card"]["options"][action["option"]][:80]
    return str(kind)[:80]


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


def describe(event: dict, names: dict[str, str]) -> str:
    n = Names(names)
    kind = event.get("type")
    who = n(event.get("seat"))
    if kind == "turn":
        return f"⛵ **{who}** takes the helm (Act {ROMAN[event['act']]}, round {event['round']})."
    if kind == "draw":
        line = f"🌊 {who} draws {_a(event['deck'])} card: **{event['title']}**. *{event['text']}*"
        return (line + " " + _challenge(event)).strip()
    if kind == "story":
        how = ("turns to the face-down story waiting in their slot"
               if event["how"] == "slot" else "draws a sideways card: their own story")
        line = f"📜 {who} {how}. Story +{event['number']}+, **{event['title']}**: *{event['text']}*"
        return (line + " " + _challenge(event)).strip()
    if kind == "sideways":
        owner = n(event["owner"])
        return (f"🔄 {who} draws a sideways Story card (+{event['number']}+). It belongs to {owner}'s story, "
                f"so it goes face down, unread, into {owner}'s Story slot, and {who} draws again.")
    if kind == "slotted":
        return (f"🤫 Only you see this: Story +{event['number']}+, **{event['title']}**, waits face down in "
                f"your slot. *{event['text']}* You read it the next time you draw {_a(event['deck'])} card.")
    if kind == "roll":
        crew = C.CREW[event["crew"]]["name"] if event["crew"] else f"{who}, with no crew aboard,"
        verdict = "success!" if event["success"] else "not enough."
        again = " again" if event["reroll"] else ""
        return (f"🎲 {crew} ({_skill(event['skill'])} {event['value']}) rolls the Fate Die{again}: "
                f"{event['die']} + {event['value']} = {event['die'] + event['value']} against "
                f"{event['target']}: {verdict}")
    if kind == "choice":
        return f"{who} chooses *{event['name']}*."
    if kind == "outcome":
        return f"{event['text']}{_changes(event['changes'])}"
    if kind == "fetch":
        return (f"📖 Story +{event['number']}+ is slipped unread under the Ongoing Story cover, and "
                f"**{event['title']}** goes into {who}'s Story slot: the next step of this story is theirs.")
    if kind == "taken":
        return f"Story +{event['number']}+ is already out on the water; nothing more is fetched."
    if kind == "condition":
        return f"⚠️ The story's condition is not met. *{event['text']}*"
    if kind == "story_end":
        if event["resolved"]:
            return f"✅ Story +{event['number']}+, **{event['title']}**, is resolved."
        return f"❌ Story +{event['number']}+, **{event['title']}**, ends unresolved."
    if kind == "empty":
        return f"The {_deck(event['deck'])} deck is empty; {who} finds nothing and the turn passes."
    if kind == "round":
        return f"🌧️ The rain moves on. Round {event['round']} begins; the Discovery Track reaches {event['track']}."
    if kind == "act_end":
        moved = {t: k for t, k in event["moved"].items() if k}
        line = f"🌊 **End of Act {ROMAN[event['act']]}.** "
        if moved:
            total = sum(moved.values())
            decks = " and ".join(f"{_deck(t)} ({k})" for t, k in moved.items())
            line += (f"{total} ongoing Story card{'s' if total > 1 else ''} turned sideways onto the "
                     f"decks of Act {ROMAN[event['act'] + 1]}: {decks}.")
        else:
            line += "No story waits under the cover."
        return line
    if kind == "spent":
        return f"Every deck of Act {ROMAN[event['act']]} is spent; the Act ends."
    if kind == "game_end":
        line = "🏁 The voyage ends. " + _winners(event, n)
        if event.get("untold"):
            line += f" {event['untold']} stor{'ies were' if event['untold'] > 1 else 'y was'} left untold."
        return line
    return ""
