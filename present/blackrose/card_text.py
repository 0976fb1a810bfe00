"""Every Black Rose Wars card as a player reads it, composed from the data by effect_text.py: a spell's two
sides (or a Room Trap's two colours), a room's activation, an Event, a Mage sheet, an Evocation and a Quest.
Nothing here is written per card; each kind of card has one template."""
from __future__ import annotations

from engine.blackrose import cards as C
from present.blackrose import effect_text as E
from present.blackrose import words as W
from present.i18n import tr, trn


# ---- spells --------------------------------------------------------------------------------------------

def sides_of(card: str) -> list[tuple[str, dict]]:
    """A spell's sides in order: ("s", …), ("r", …), or a Room Trap's colours."""
    sp = C.spell_of(card)
    if "room_trap" in sp:
        return list(sp["room_trap"].items())
    return [(k, sp[k]) for k in ("s", "r") if k in sp]


def card_label(card: str, side: str | None = None) -> str:
    """"Fireball" or "Fireball (straight)"; a Room Trap readied face down is just a Room Trap."""
    if side is None:
        return W.card_name(card)
    if C.is_room_trap(card):
        return tr("{spell} (Room Trap)", spell=W.card_name(card))
    return tr("{spell} ({side})", spell=W.card_name(card), side=W.side_name(side))


def header(d: dict) -> str:
    """Type · target and range · element, as printed in a card's corner."""
    bits = [W.spell_type(d.get("type", ""))]
    target, rng = d.get("target"), d.get("range")
    if target == "self":
        bits.append(tr("yourself"))
    elif target == "special":
        bits.append(tr("no target"))
    elif target == "room" and d.get("type") == "trap":
        bits.append(tr("any room"))
    else:
        what = tr("a room") if target in ("area", "room") else tr("one model")
        if d.get("type") == "trap" and target == "single":
            what = tr("one mage")
        if rng == "any":
            bits.append(tr("{what}, any range", what=what))
        elif rng == 0:
            bits.append(tr("your room"))
        elif rng is not None:
            bits.append(tr("{what}, range {n}", what=what, n=rng))
        else:
            bits.append(what)
    if d.get("element"):
        bits.append(W.element(d["element"]))
    return " · ".join(b for b in bits if b)


def _when(d: dict, colour: str | None) -> str:
    """When a Trap or Protection fires (its condition), or "" for a spell that resolves when cast."""
    on = d.get("on")
    if colour is not None:
        return tr("When a model enters a {colour} room", colour=W.colour(colour))
    if d.get("type") == "protection":
        return {"damage": tr("When you take damage"), "combat": tr("When a Combat spell targets you"),
                "trap": tr("When a Trap springs on you"), "spell": tr("When a spell targets you"),
                "area": tr("When an area spell targets you"), "single": tr("When a single-target spell targets you"),
                "defeat": tr("When you would be defeated")}.get(on, tr("When it is triggered"))
    if d.get("type") == "trap":
        return {"activate": tr("When the mage you named activates a room"),
                "physical": tr("When the mage you named ends a Physical Action"),
                "quest": tr("When the mage you named completes a Quest"),
                "cast": tr("When the mage you named casts a spell"),
                "contingency": tr("When the mage you named casts a Contingency spell")}.get(
            on, tr("When it is triggered"))
    return ""


def mode_name(mode: str) -> str:
    """A "choose one" option's name: an Illusion mask, a colour, a spell type, or the card's own choice."""
    found = {
        "happy": lambda: tr("Happy mask"), "sad": lambda: tr("Sad mask"),
        "summon_bone_knight": lambda: tr("Summon"), "summon_landsknecht": lambda: tr("Summon"),
        "remove_undead": lambda: tr("Remove an Undead"), "trade_places": lambda: tr("Trade places"),
        "undead_acts": lambda: tr("An Undead acts"), "damage": lambda: tr("Damage"),
        "instability": lambda: tr("Instability"),
    }.get(mode)
    if found:
        return found()
    if mode in C.COLOURS:
        return W.colour(mode).capitalize()
    return W.spell_type(mode)


def _ctx(d: dict, colour: str | None) -> dict:
    return {"area": d.get("target") == "area", "on": d.get("on"),
            "trap": d.get("type") == "trap" or colour is not None}


def effect(card: str, side: str, mode: str | None = None, when: bool = True) -> str:
    """What one side does, in sentences (a Trap or Protection: when it fires, then what happens; `when`
    False leaves out the condition, for a line saying that it fired)."""
    if C.is_room_trap(card) and side not in C.spell_of(card)["room_trap"]:
        # A Room Trap readied or armed lies on its sheet for both its colours: each colour's condition and
        # effect (the slot's side is not a colour, and has no effect of its own to word).
        return " ".join(effect(card, colour, mode, when) for colour in C.spell_of(card)["room_trap"])
    d = dict(C.side_of(card, side))
    colour = side if C.is_room_trap(card) and side in C.spell_of(card)["room_trap"] else None
    c = _ctx(d, colour)
    modes = d.get("modes") or {}
    if mode and mode in modes:
        body = E.text(modes[mode], c)
    elif modes:
        pick = tr("choose when you arm it") if d.get("type") in ("trap", "protection") else tr("choose when you cast it")
        body = tr("Choose one ({when}):", when=pick) + " " + " ".join(
            tr("{mode}: {effect}", mode=mode_name(m), effect=E.text(ops, c)) for m, ops in modes.items())
    else:
        body = E.text(d.get("ops", []), c)
    cond = _when(d, colour) if when else ""
    return tr("{when}: {effect}", when=cond, effect=body) if cond else body


def side_text(card: str, side: str) -> str:
    """One side in full: "Combat · a room, range 1 · Fire — Deal 3 damage to every model in the target room."."""
    d = C.side_of(card, side)
    if C.is_room_trap(card) and side not in C.spell_of(card)["room_trap"]:
        return tr("Room Trap, armed for both its colours: {both}",
                  both=" ".join(side_text(card, col) for col, _ in sides_of(card)))
    return tr("{header} — {effect}", header=header(d), effect=effect(card, side))


def instability_note(card: str) -> str:
    return tr("Casting either side places 1 instability in your room.") if C.spell_of(card).get("instability") else ""


def card_text(card: str) -> str:
    """A whole spell on one line: its name, school, both sides (labelled), and its instability marker."""
    return tr("{spell} ({school}) — {sides}", spell=W.card_name(card), school=spell_school(card),
              sides=card_sides(card))


def card_sides(card: str) -> str:
    """Both sides (or both colours), each labelled, then the instability marker."""
    parts = [tr("{side}: {text}", side=W.side_name(k).capitalize() if k in ("s", "r")
                else tr("In a {colour} room", colour=W.colour(k)), text=side_text(card, k))
             for k, _ in sides_of(card)]
    note = instability_note(card)
    return " | ".join(parts) + (" " + note if note else "")


def spell_school(card: str) -> str:
    sp = C.spell_of(card)
    if sp.get("mage") in C.MAGES:
        return tr("{mage}'s own spell", mage=W.mage_name(sp["mage"]))
    return W.school(sp.get("school", ""))


def clip(s: str, limit: int) -> str:
    if len(s) <= limit:
        return s
    cut = s[:limit - 1].rsplit(" ", 1)[0].rstrip(",;:.")
    return cut + "…"


# ---- rooms, Events, Mages, Evocations, Quests ------------------------------------------------------------

def room_effect(rid: str) -> str:
    """What activating a room does."""
    effect = C.ROOMS[rid]["effect"] if rid in C.ROOMS else rid
    return {
        "forgotten": lambda: tr("From Moon II: discard 4 spells from your hand, then look at the top 3 Forgotten "
                                "Spells and keep 1."),
        "mirror": lambda: tr("Copy the effect of another room already activated this turn (not the Throne, Black "
                             "Rose or Mirrors Room)."),
        "oracle": lambda: tr("Take any card from your Grimoire into your hand, then shuffle your Grimoire."),
        "abyss": lambda: tr("Send a mage in this room or next to it straight to their Cell, damage cleared (it is "
                            "not a defeat)."),
        "library": lambda: tr("Take the top card of any school's deck or discard pile."),
        "observatory": lambda: tr("Draw 3 Quests of the current Moon; you may swap one of yours for one of them."),
        "sanctuary": lambda: tr("Heal 2 of your damage."),
        "forge": lambda: tr("Move up to 1 room and make one attack."),
        "garden": lambda: tr("Place 1 instability in your room or a room next to it."),
        "treasure": lambda: tr("Gain 1 PP."),
        "laboratory": lambda: tr("Draw 2 cards from your Grimoire, then discard down to your hand limit."),
        "arena": lambda: tr("Challenge a mage anywhere: you, then they, resolve your next ready spell."),
        "summoner": lambda: tr("Summon a Cerberus in your room."),
        "armory": lambda: tr("Arm a Protection from your hand in place of one of your spent spells."),
        "pleasures": lambda: tr("Draw a Quest of the current Moon (keep at most 2)."),
        "throne": lambda: tr("Take the Crown."),
        "cemetery": lambda: tr("Summon a Landsknecht in this room."),
        "crypt": lambda: tr("Look at the top 3 cards of your Memories and take 1 into your hand."),
        "sacrifice": lambda: tr("Deal 1 damage to any model in play (not a mage in a Cell)."),
    }.get(effect, lambda: tr("A special effect."))()


def room_text(rid: str) -> str:
    r = C.ROOMS[rid]
    return tr("{room} ({colour}; destroyed at {n} instability; token worth {pp} PP): {effect}",
              room=W.room_kind_name(rid), colour=W.colour(r["colour"]), n=r["resistance"], pp=r["pp"],
              effect=room_effect(rid))


def event_effect(e: str) -> str:
    d = C.EVENTS[e]
    said = []
    for key, value in (d.get("mod") or {}).items():
        said.append({
            "activate_colour_pp": lambda: tr("This turn, activating a {colour} room gives 1 PP.",
                                             colour=W.colour(value)),
            "element_pp": lambda: tr("This turn, every {element} spell cast gives its caster 1 PP.", element=W.element(value)),
            "no_activate": lambda: tr("This turn, {colour} rooms cannot be activated.", colour=W.colour(value)),
            "attack_plus": lambda: tr("This turn, physical attacks deal {n} more damage.", n=value),
            "defeat_pp": lambda: tr("This turn, defeating a mage gives {n} more PP.", n=value),
        }.get(key, lambda: tr("A special effect."))())
    said += E.sentences(d.get("ops") or [], {})
    return " ".join(said)


def event_text(e: str) -> str:
    d = C.EVENTS[e]
    how = [tr("Moon {moon}", moon=W.moon(d["moon"]))]
    if d["phase"] == "instant":
        how.append(tr("acts at once and leaves"))
    else:
        how.append(tr("enters in place {n}", n=d["pos"]))
    how.append(tr("the Black Rose gains {a} PP as it enters and {b} PP as it leaves", a=d["pp_in"], b=d["pp_out"]))
    if d["crown"]:
        how.append(tr("whoever draws it takes the Crown"))
    return tr("{event} ({how}): {effect}", event=W.event_name(e), how="; ".join(how), effect=event_effect(e))


def mage_text(mage: str) -> str:
    m = C.MAGES[mage]
    return tr("{mage}: favourite school {school}; hand limit {hand}, moves {move} rooms, attacks for {attack}, "
              "health {health}. Own spell, {spell}: {sides}", mage=W.mage_name(mage), school=W.school(m["school"]),
              hand=m["hand"], move=m["move"], attack=m["attack"], health=m["health"],
              spell=W.card_name(m["custom"] + ".1"), sides=card_sides(m["custom"] + ".1"))


def evo_text(kind: str) -> str:
    e = C.EVOS[kind]
    health = (tr("health {n}", n=e["health"]) if e["health"] else tr("health equal to its mage's"))
    stats = tr("{name} ({archetype}): move {move}, attack {attack}, {health}", name=W.evo_kind_name(kind),
               archetype=W.archetype(e["archetype"]), move=e["move"], attack=e["attack"], health=health)
    special = {
        "cerberus": lambda: tr("Each attack also converts 1 damage on its target."),
        "andromeda": lambda: tr("Instead of attacking, it can activate its room for you."),
        "infamy_of_crete": lambda: tr("Each time it enters a room, every other model there takes 4 damage."),
        "abomination": lambda: tr("A mage transformed until the end of the turn; it also acts in the Evocation "
                                  "Phase."),
    }.get(kind)
    if special is None and e["archetype"] == "altar":
        special = lambda: tr("It never moves or attacks.")  # noqa: E731
    return stats + "." + (" " + special() if special else "")


def quest_condition(q: str) -> str:
    cond = C.QUESTS[q]["cond"]
    when = cond.get("when")
    if when == "activate" and "room" in cond:
        return tr("Activate the room {room}.", room=W.room_kind_name(cond["room"]))
    if when == "activate":
        return tr("Activate a {colour} room.", colour=W.colour(cond.get("colour", "")))
    if when == "cast":
        return tr("Cast any {element} spell.", element=W.element(cond.get("element", "")))
    if when == "damage":
        return tr("Deal {n} damage in one action.", n=cond.get("n", 0))
    return {"summon": lambda: tr("Summon an Evocation."), "kill_evo": lambda: tr("Destroy an Evocation."),
            "defeat": lambda: tr("Defeat a mage."), "trap": lambda: tr("Spring one of your Traps.")}.get(
        when, lambda: tr("A special condition."))()


def quest_text(q: str) -> str:
    d = C.QUESTS[q]
    reward = E.text(d.get("reward") or [], {})
    out = tr("{quest} (Moon {moon}, {pp} PP): {condition}", quest=W.quest_name(q), moon=W.moon(d["moon"]),
             pp=d["pp"], condition=quest_condition(q))
    return out + (" " + tr("Reward: {reward}", reward=reward) if reward else "")


def quest_short(q: str) -> str:
    d = C.QUESTS[q]
    return tr("{quest} ({pp} PP): {condition}", quest=W.quest_name(q), pp=d["pp"], condition=quest_condition(q))


def grimoire_text(school: str, i: int) -> str:
    cards = C.GRIMOIRES.get(school, [[]])[i] if school in C.GRIMOIRES else []
    return ", ".join(W.name(C.SPELLS[c]["name"]) for c in cards if c in C.SPELLS)


def count_cards(n: int) -> str:
    return trn("{n} card", "{n} cards", n)
