"""Plain text for Black Rose Wars: the Lodge map, a seat's hand, action labels and log lines, from views and
events only (the presenter builds its Docs from these pieces)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C

SIDE = {"s": "straight", "r": "reverse"}
# The hex rows of the Lodge, top to bottom (axial r = -2..2), for the text map.
ROWS = tuple(tuple(B.LABEL[(q, r)] for q in range(-2, 3) if (q, r) in B.LABEL) for r in range(-2, 3))


def _n(names, seat) -> str:
    if seat == "rose":
        return "the Black Rose"
    return (names or {}).get(seat, seat)


def card_name(card: str, side: str | None = None) -> str:
    sp = C.spell_of(card)
    if side is None:
        return sp["name"]
    if "room_trap" in sp:
        return f"{sp['name']} (room trap)"
    return f"{sp['name']} ({SIDE[side]})"


def side_text(card: str, side: str) -> str:
    sp = C.spell_of(card)
    if "room_trap" in sp:
        return "; ".join(f"{col}: {_ops(d)}" for col, d in sp["room_trap"].items())
    d = sp[side]
    rng = "" if d["range"] is None else f" range {d['range']}"
    mark = ", +1 instability" if sp["instability"] else ""
    return f"{d['type']}, {d['target']}{rng}, {d['element']}{mark}: {_ops(d)}"


def card_text(card: str) -> str:
    """Both sides of a card in one line, for choosing what to ready."""
    sp = C.spell_of(card)
    if "room_trap" in sp:
        return f"{sp['name']} — room trap: " + side_text(card, "s")
    return f"{sp['name']} — straight: {side_text(card, 's')} | reverse: {side_text(card, 'r')}"


WHO = {"target": "the target", "room": "every model in the room", "adjacent": "models next to the room",
       "room+adjacent": "every model in the room and next to it", "own_room": "every model in your room",
       "around_self": "every model next to your room", "all": "every model in play", "trigger": "them",
       "trigger_room": "every model in their room", "trigger_adjacent": "models next to them",
       "damaged_all": "every damaged model", "within2": "every model within 2", "hit": "those hit",
       "self": "you", "any_mage": "a mage"}
OP_WORDS = {
    "offer_cancel": lambda o: "they may cancel their spell (it still counts as cast); if they go on, happy: you gain 1 PP, "
                              "sad: 2 damage to them afterwards",
    "look_events": lambda o: f"look at the top {o['n']} Events",
    "order_events": lambda o: "put them back on top in any order",
    "dmg": lambda o: f"{o['n']} damage to {WHO.get(o.get('who', 'target'), o.get('who'))}",
    "inst": lambda o: f"{o['n']} instability" + (" per model hit" if o.get("where") == "per_hit" else ""),
    "pp": lambda o: f"gain {o['n']} PP", "heal": lambda o: f"heal {o['n']}",
    "summon": lambda o: f"summon a {C.EVOS[o['evo']]['name']}" + (f" for {o['cost']} PP" if o.get("cost") else ""),
    "steal_pp": lambda o: f"steal {o['n']} PP", "lose_pp": lambda o: f"they lose {o['n']} PP",
    "convert_dmg": lambda o: f"convert {o['n']} damage", "convert_inst": lambda o: f"convert {o['n']} instability",
    "remove_inst": lambda o: f"remove {o['n']} instability", "prevent": lambda o: "prevent the damage",
    "reflect": lambda o: f"the attacker takes {o['n']}", "cancel": lambda o: "cancel it", "avoid": lambda o: "avoid it",
    "move_self": lambda o: "move there" + (" and activate it" if o.get("activate") else ""),
    "push": lambda o: "push the target", "draw_grimoire": lambda o: f"draw {o['n']} from your Grimoire",
    "draw_quest": lambda o: "draw a Quest", "evo_act": lambda o: "an Evocation acts",
    "move_attack": lambda o: "move 1 and attack", "inhibit": lambda o: f"no {o['what'].replace('_next', '')} for them",
    "activate": lambda o: "activate the room", "no_protection": lambda o: "no Protection can stop it",
}
ON = {"damage": "when you take damage", "combat": "when a Combat spell targets you", "trap": "when a Trap hits you",
      "spell": "when a spell targets you", "area": "when an area spell targets you", "single": "when a single-target "
      "spell targets you", "defeat": "when you are defeated", "activate": "when they activate a room",
      "physical": "after their physical action", "quest": "when they complete a Quest", "cast": "when they cast",
      "contingency": "when they cast a Contingency"}


def _ops(d: dict) -> str:
    words = [OP_WORDS[o["op"]](o) if o["op"] in OP_WORDS else o["op"].replace("_", " ") for o in d["ops"]]
    text = ", ".join(words)
    if d.get("on"):
        text = f"{ON.get(d['on'], d['on'])}: {text}"
    return text + (f" ({d['note']})" if d.get("note") else "")


def model_name(view: dict, m: str, names=None) -> str:
    if m in view["pos"]:
        return _n(names, m)
    for e in view["evos"]:
        if e["id"] == m:
            return f"{C.EVOS[e['kind']]['name']} {m} ({_n(names, e['owner'])})"
    return m


def room_name(view: dict, lab: str) -> str:
    return f"{lab} {C.ROOMS[view['layout'][lab]]['name']}"


def lodge_map(view: dict, names=None) -> list[str]:
    """The Lodge as rows of room labels (centre row widest), then one line per room with what is in it."""
    lines = []
    for row in ROWS:
        pad = " " * (5 - len(row)) * 4
        lines.append(pad + "   ".join(f"{lab:>3}" for lab in row))
    where: dict[str, list[str]] = {}
    for s, p in view["pos"].items():
        where.setdefault(p, []).append(_n(names, s))
    for e in view["evos"]:
        where.setdefault(e["at"], []).append(model_name(view, e["id"], names))
    for lab in B.ROOM_LABELS:
        rid = view["layout"][lab]
        room = C.ROOMS[rid]
        colour = view["tint"].get(lab, room["colour"])
        inst = view["inst"].get(lab, {})
        flags = []
        if lab in view["destroyed"]:
            flags.append("destroyed")
        elif lab in view["activated"]:
            flags.append("activated")
        bits = f"{lab:>3} {room['name']} [{colour}] inst {sum(inst.values())}/{room['resistance']}"
        if flags:
            bits += " (" + ", ".join(flags) + ")"
        if where.get(lab):
            bits += " — " + ", ".join(where[lab])
        lines.append(bits)
    for s in view["seats"]:
        if view["pos"][s] == "cell":
            lines.append(f"  {_n(names, s)} is in their Cell (exits {', '.join(view['cells'][s])})")
    return lines


def render(view: dict, names: dict) -> str:
    out = [f"Black Rose Wars — game turn {view['turn']}, Moon {view['moon']}, Crown: {_n(names, view['crown'])}"]
    out += lodge_map(view, names)
    pp = ", ".join(f"{_n(names, s)} {view['pp'][s]}" for s in view["seats"])
    out.append(f"Power Points: {pp}; the Black Rose {view['pp']['rose']}")
    for s in view["seats"]:
        hp = C.MAGES[view["mage"][s]]["health"] if s in view["mage"] else 0
        dmg = sum(view["dmg"][s].values())
        slots = " ".join(f"{sl['slot']}:{sl['state']}" for sl in view["slots"][s])
        out.append(f"{_n(names, s)} ({C.MAGES[view['mage'][s]]['name'] if s in view['mage'] else '?'}): "
                   f"damage {dmg}/{hp}, hand {view['hand_n'][s]}, quests {view['quests_n'][s]} active "
                   f"{len(view['done_quests'][s])} done, physical {view['phys'][s]}, slots {slots or '-'}")
    events = [C.EVENTS[e]["name"] for e in view["board"] if e]
    if events:
        out.append("Events: " + ", ".join(events))
    if view["over"]:
        out.append("Game over. Winner: " + (", ".join(_n(names, w) for w in view["winners"]) or "the Black Rose"))
    if view.get("hand") is not None:
        out.append("Your hand: " + (", ".join(card_name(c) for c in view["hand"]) or "empty"))
        for sl in view["my_slots"]:
            out.append(f"  slot {sl['slot']}: {card_name(sl['card'], sl['side'])} — {sl['state']}")
        if view["quests"]:
            out.append("Your Quests: " + ", ".join(quest_text(q) for q in view["quests"]))
    return "\n".join(out)


def quest_text(q: str) -> str:
    d = C.QUESTS[q]
    cond = d["cond"]
    what = {"activate": f"activate {C.ROOMS[cond['room']]['name'] if 'room' in cond else 'a ' + cond.get('colour', '') + ' room'}",
            "cast": f"cast a {cond.get('element')} spell", "damage": f"deal {cond.get('n')} damage in one action",
            "summon": "summon an Evocation", "kill_evo": "destroy an Evocation", "defeat": "defeat a mage",
            "trap": "spring a trap"}[cond["when"]]
    return f"{d['name']} ({what}; {d['pp']} PP)"


def _value(view, v, names) -> str:
    if v is None:
        return "none"
    if isinstance(v, str):
        if v in view["pos"] or v.startswith("v") and v[1:].isdigit():
            return model_name(view, v, names)
        if v in B.HEX:
            return room_name(view, v)
        if v.startswith("slot:"):
            mine = view.get("my_slots") or []
            i = int(v[5:])
            return f"slot {mine[i]['slot']}: {card_name(mine[i]['card'])}" if i < len(mine) else v
        if "/" in v and v.split(".")[0] in C.SPELLS:
            card, side = v.split("/")
            return card_name(card, side)
        if v.split(".")[0] in C.SPELLS:
            return card_name(v)
        if ":" in v:
            where, school = v.split(":")
            return f"top of {school} {'deck' if where == 'deck' else 'discards'}"
        if ">" in v:
            a, b = v.split(">")
            return f"swap {C.QUESTS[a]['name']} for {C.QUESTS[b]['name']}"
        if v in C.QUESTS:
            return C.QUESTS[v]["name"]
        if v in C.EVENTS:
            return f"Event {C.EVENTS[v]['name']}"
        if v in C.ROOMS:
            return C.ROOMS[v]["name"]
    return str(v)


def label(action: dict, view: dict, names=None) -> str:
    k = action["type"]
    if k == "mage":
        return f"Play {C.MAGES[action['mage']]['name']}"
    if k == "school":
        return f"School: {action['school'].title()}, starting Grimoire {action['grimoire'] + 1}"
    if k == "discard_quest":
        return f"Discard Quest {C.QUESTS[action['quest']]['name']}"
    if k == "keep" and "card" not in action:
        return "Keep my Quests"
    if k == "study":
        return f"Draw from {action['school'].title()}"
    if k in ("keep", "discard", "remove") and "card" in action:
        verb = {"keep": "Keep", "discard": "Discard to Memories", "remove": "Remove from hand"}[k]
        return f"{verb}: {card_name(action['card'])}"[:80]
    if k == "ready":
        return f"Ready {card_name(action['card'], action['side'])}"[:80]
    if k == "unready":
        return "Take back the last ready spell"
    if k == "confirm":
        return "Confirm my ready spells"
    if k == "phys":
        return "Use a Physical Action"
    if k == "cast":
        mine = view.get("my_slots") or []
        sl = mine[action["slot"]] if action["slot"] < len(mine) else None
        what = card_name(sl["card"], sl["side"]) if sl else "a spell"
        return f"Cast {'Quick' if sl and sl['slot'] == 'q' else 'Standard'}: {what}"[:80]
    if k == "discard_move":
        mine = view.get("my_slots") or []
        sl = mine[action["slot"]] if action["slot"] < len(mine) else None
        what = (("Quick " if sl["slot"] == "q" else f"Standard {sl['slot']} ") + card_name(sl["card"])) if sl else "a spell"
        return f"Discard {what}, move 1 to {action['to']}"[:80]
    if k == "end":
        return "End my turn"
    if k == "step":
        return f"Move to {room_name(view, action['to'])}"[:80]
    if k == "attack":
        return f"Attack {model_name(view, action['target'], names)}"[:80]
    if k == "activate":
        return "Activate this room"
    if k == "done":
        return "Done"
    if k == "target":
        if "room" in action:
            return f"Target {room_name(view, action['room'])}"[:80]
        return f"Target {model_name(view, action['model'], names)}"[:80]
    if k == "pick":
        return f"Choose {_value(view, action['value'], names)}"[:80]
    if k == "evoke" and action["evo"] in view["pos"]:
        return "Act as the Abomination (move up to 2, then attack for 3)"
    if k == "evoke":
        return f"Activate {model_name(view, action['evo'], names)}"[:80]
    if k == "mode":
        if action["mode"] in ("happy", "sad"):
            return "Happy mask (helps you)" if action["mode"] == "happy" else "Sad mask (hurts them)"
        return f"Choose: {action['mode'].replace('_', ' ')}"
    if k == "crown_pick":
        return f"Crown {_n(names, action['winner'])} Grand Master"[:80]
    if k == "tribute":
        return "Cancel my spell (it still counts as cast)" if action["cancel"] else "Go on with my spell"
    if k == "react" and "value" in action:
        return f"Choose {_value(view, action['value'], names)}"[:80]
    if k == "react":
        if action["card"] is None:
            offer = (view.get("choice") or {}).get("offer")
            return "Let it pass (it stays armed)" if offer else "Nothing to trigger: continue"
        return f"Trigger {card_name(action['card'])}"[:80]
    return k


MOMENT = {"damage": "{victim} is about to take {n} damage from {by}",
          "defeat": "{victim} is about to be defeated by {by}",
          "spell": "{by}'s spell is about to reach {victim}",
          "trap": "a Trap set by {by} is about to spring on {victim}",
          "enter": "{victim} enters {room} ({colour})",
          "cast": "{victim} has cast a spell", "contingency": "{victim} has cast a Contingency spell",
          "physical": "{victim} ends a physical action", "activate": "{victim} activates a room",
          "quest": "{victim} completes a Quest", "choice": "{by}'s spell fires"}


def moment_text(view: dict, m: dict, names=None) -> str:
    """What is happening while a reaction window is open (public facts of the paused action only)."""
    names = names or {}
    victim = model_name(view, m["victim"], names) if m.get("victim") else "someone"
    if m.get("evo") and victim == m.get("victim"):  # an Evocation being summoned is not on the board yet
        victim = f"a new {C.EVOS[m['evo']]['name']} ({_n(names, m.get('by'))})"
    facts = {"victim": victim, "by": _n(names, m.get("by")),
             "n": m.get("n", 0), "room": room_name(view, m["room"]) if m.get("room") else "",
             "colour": m.get("colour", "")}
    return MOMENT.get(m.get("on"), "{victim}").format(**facts)


def describe(event: dict, names: dict) -> str:
    k = event["type"]
    n = lambda s: _n(names, s)  # noqa: E731
    if k == "cast":
        return f"{n(event['seat'])} casts {card_name(event['card'], event['side'])}."
    if k == "trigger":
        return f"{n(event['seat'])}'s {C.spell_of(event['card'])['name']} fires!"
    if k == "turn_back":
        return f"{n(event['seat'])}'s Abomination is removed: they turn back."
    if k == "reactions":
        return ""  # the waiting line says it; a log line per window would only be noise
    if k == "damage":
        return f"{n(event['src'])} deals {event['n']} damage to {n(event['tgt'])}." if event["n"] else ""
    if k == "defeat":
        return f"{n(event['seat'])} is defeated by {n(event['by'])} and returns to their Cell."
    if k == "pp":
        return f"{n(event['seat'])} {'gains' if event['n'] > 0 else 'loses'} {abs(event['n'])} PP ({event['total']})."
    if k == "moon":
        return f"The Moon changes: Moon {event['moon']}."
    if k == "event":
        return f"Event: {event['name']}."
    if k == "quest":
        return f"{n(event['seat'])} completes the Quest {event['name']}."
    if k == "destroyed":
        return f"Room {event['room']} is destroyed; its token goes to {n(event['seat'])}."
    if k == "activate":
        return f"{n(event['seat'])} activates {event['name']}."
    if k == "game_over":
        return "The game is over."
    if k == "game_turn":
        return f"Game turn {event['turn']} begins; {n(event['first'])} goes first."
    if k == "summon":
        return f"{n(event['seat'])} summons a {C.EVOS[event['kind']]['name']} in {event['room']}."
    if k == "moved":
        return ""
    return ""
