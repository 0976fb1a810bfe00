"""Black Rose Wars log lines: one line per event, saying who did what to whom and with what result, from the
event's own facts (the engine adds the public facts a line needs: engine/blackrose/state.py `emit`).

Events addressed to one seat ("to") are that seat's private lines ("You draw …"); every other line is
public and names only what the table may see: a Trap armed face down is "a spell", never its name."""
from __future__ import annotations

import re
from typing import Callable

from engine.blackrose import cards as C
from present.base import Line, Name, Strong
from present.blackrose import card_text as T
from present.blackrose import words as W
from present.i18n import DEFAULT, join, reading, tr, trl, trn

Runs = tuple


def describe(ev: dict, names: dict) -> Line | None:
    write = (PRIVATE if ev.get("to") else PUBLIC).get(ev.get("type"))
    if write is None:
        return None
    said = write(ev, names or {})
    return _capital(said) if said else None


def say(msgid: str, /, **fields) -> Line:
    """A translated line whose fields may themselves be runs (a player's Name) or several runs."""
    runs = trl(msgid, **{k: v if isinstance(v, (str, Name, Strong, tuple)) else str(v) for k, v in fields.items()})
    out: list = []
    for r in runs:
        out.extend(r if isinstance(r, tuple) else (r,))
    return tuple(x for x in out if x != "")


def _capital(runs: Line) -> Line:
    """A line starts with a capital letter ("the Black Rose …" opens a sentence as "The Black Rose …")."""
    if runs and isinstance(runs[0], str) and runs[0][:1].islower():
        return (runs[0][:1].upper() + runs[0][1:], *runs[1:])
    return runs


# ---- who and where ---------------------------------------------------------------------------------------

def seat(names: dict, s) -> Runs:
    if s == "rose" or s is None:
        return (tr("the Black Rose"),)
    return (Name(names.get(s, s)),)


def model(ev: dict, names: dict, m) -> Runs:
    """A mage by player name, an Evocation as "Ben's Landsknecht (v1)"."""
    known = (ev.get("evos") or {}).get(m)
    if known:
        return say("{owner}'s {evo} ({id})", owner=seat(names, known[1]), evo=W.evo_kind_name(known[0]), id=m)
    return seat(names, m)


def room(ev: dict, label=None) -> str:
    label = label or ev.get("room")
    rid = ev.get("room_id")
    if rid in C.ROOMS:
        return tr("{label} {room}", label=label, room=W.room_kind_name(rid))
    return str(label)


def _spell(card: str, side: str | None = None) -> str:
    return T.card_label(card, side)


# ---- public lines ----------------------------------------------------------------------------------------

SECOND_PERSON = re.compile(r"\byou(?:r|rs|rself)?\b", re.IGNORECASE)


def public_effect(effect: Callable[[], str]) -> str:
    """A card's or a room's effect for a public line, or "" where its words speak to the player who plays it
    ("your room", "you gain"): a public line speaks of players, never to them. The card's own words stay in
    `/game card`, and what the effect does follows in the log as its own lines. Judged on the English
    source text, so every language leaves out the same effects."""
    with reading(DEFAULT):
        addressed = SECOND_PERSON.search(effect())
    return "" if addressed else effect()


def _cast(ev, n):
    effect = public_effect(lambda: T.effect(ev["card"], ev["side"]))
    if not effect:
        return say("{who} casts {spell}.", who=seat(n, ev["seat"]), spell=_spell(ev["card"], ev["side"]))
    return say("{who} casts {spell}: {effect}", who=seat(n, ev["seat"]), spell=_spell(ev["card"], ev["side"]),
               effect=effect)


def _quest(ev, n):
    condition = public_effect(lambda: T.quest_condition(ev["quest"]))
    if not condition:
        return say("{who} completes the Quest {quest}.", who=seat(n, ev["seat"]), quest=W.quest_name(ev["quest"]))
    return say("{who} completes the Quest {quest}: {condition}", who=seat(n, ev["seat"]),
               quest=W.quest_name(ev["quest"]), condition=condition)


def _activate(ev, n):
    effect = public_effect(lambda: T.room_effect(ev.get("room_id", "")))
    if ev.get("remote"):
        return (say("{who} activates {room} from afar: {effect}", who=seat(n, ev["seat"]), room=room(ev),
                    effect=effect) if effect else
                say("{who} activates {room} from afar.", who=seat(n, ev["seat"]), room=room(ev)))
    return (say("{who} activates {room}: {effect}", who=seat(n, ev["seat"]), room=room(ev), effect=effect)
            if effect else say("{who} activates {room}.", who=seat(n, ev["seat"]), room=room(ev)))


def _aim(ev, n):
    mode = (" " + tr("({mode})", mode=T.mode_name(ev["mode"]))) if ev.get("mode") else ""
    spell = W.card_name(ev["card"]) + mode
    if ev.get("room"):
        return say("{who} aims {spell} at {room}.", who=seat(n, ev["seat"]), spell=spell, room=room(ev))
    if ev.get("model"):
        return say("{who} aims {spell} at {target}.", who=seat(n, ev["seat"]), spell=spell,
                   target=model(ev, n, ev["model"]))
    return say("{who} chooses {spell}.", who=seat(n, ev["seat"]), spell=spell)


def _trigger(ev, n):
    card, side = ev["card"], ev["side"]
    spell = W.card_name(card)
    kind = C.side_of(card, side).get("type")
    effect = public_effect(lambda: T.effect(card, side, ev.get("mode"), when=False))
    owner = seat(n, ev["seat"])
    victim = ev.get("victim")
    if kind == "protection" or not victim or victim == ev["seat"]:
        return (say("{who}'s {spell} fires: {effect}", who=owner, spell=spell, effect=effect) if effect else
                say("{who}'s {spell} fires.", who=owner, spell=spell))
    if not effect:
        return say("{who}'s {spell} fires on {victim}.", who=owner, spell=spell, victim=model(ev, n, victim))
    return say("{who}'s {spell} fires on {victim}: {effect}", who=owner, spell=spell,
               victim=model(ev, n, victim), effect=effect)


def _damage(ev, n):
    if not ev.get("n"):
        return say("{target} takes no more damage.", target=model(ev, n, ev["tgt"]))
    if ev.get("health"):
        return say("{source} deals {n} damage to {target} ({total} of {health}).", source=seat(n, ev["src"]),
                   n=ev["n"], target=model(ev, n, ev["tgt"]), total=ev.get("total", 0), health=ev["health"])
    return say("{source} deals {n} damage to {target}.", source=seat(n, ev["src"]), n=ev["n"],
               target=model(ev, n, ev["tgt"]))


def _defeat(ev, n):
    counts = ev.get("counts") or {}
    if counts:
        by_colour = ", ".join(tr("{who} {n}", who=_plain(n, s), n=k) for s, k in
                              sorted(counts.items(), key=lambda kv: -kv[1]) if k)
        return say("{victim} is defeated by {killer} (damage dealt: {counts}).", victim=seat(n, ev["seat"]),
                   killer=seat(n, ev["by"]), counts=by_colour)
    return say("{victim} is defeated by {killer}.", victim=seat(n, ev["seat"]), killer=seat(n, ev["by"]))


def _plain(names: dict, s) -> str:
    return tr("the Black Rose") if s == "rose" else names.get(s, s)


def _pp(ev, n):
    who, k, total, why = seat(n, ev["seat"]), ev.get("n", 0), ev.get("total", 0), ev.get("why", "")
    if k < 0:
        if why == "stolen":
            return say("{who} loses {n} PP to a theft ({total} left).", who=who, n=-k, total=total)
        return say("{who} loses {n} PP ({total} left).", who=who, n=-k, total=total)
    if ev["seat"] == "rose" and why == "quest":
        return say("{who} gains {n} PP for the discarded Quest ({total} in all).", who=who, n=k, total=total)
    if why == "defeat":
        return say("{who} gains {n} PP for the defeat ({total} in all).", who=who, n=k, total=total)
    if why == "quest":
        return say("{who} gains {n} PP for the Quest ({total} in all).", who=who, n=k, total=total)
    if why == "event":
        return say("{who} gains {n} PP from the Event ({total} in all).", who=who, n=k, total=total)
    if why == "room":
        return say("{who} gains {n} PP from the room ({total} in all).", who=who, n=k, total=total)
    if why == "steal":
        return say("{who} steals {n} PP ({total} in all).", who=who, n=k, total=total)
    if why == "no_event":
        return say("{who} gains {n} PP: no Event is left to draw ({total} in all).", who=who, n=k, total=total)
    return say("{who} gains {n} PP ({total} in all).", who=who, n=k, total=total)


def _destroyed(ev, n):
    rid = ev.get("room_id")
    worth = C.ROOMS[rid]["pp"] if rid in C.ROOMS else 0
    return say("{room} is destroyed; its token ({pp} PP) goes to {who}.", room=room(ev), pp=worth,
               who=seat(n, ev["seat"]))


def _inhibit(ev, n):
    who = seat(n, ev["seat"])
    what = ev.get("what")
    if what == "move":
        return say("{who} cannot move with Physical Actions this turn.", who=who)
    if what == "leave":
        return say("{who} cannot leave their room this turn.", who=who)
    if what == "move_next":
        return say("{who} cannot move in their next Action Phase.", who=who)
    if what == "activate_next":
        return say("{who} cannot activate rooms in their next Action Phase.", who=who)
    return say("{who} is held back this turn.", who=who)


def _event(ev, n):
    e = ev.get("event")
    effect = T.event_effect(e) if e in C.EVENTS else ""
    if ev.get("by"):
        return say("Event: {event}, drawn by {who}. {effect}", event=W.event_name(e) if e in C.EVENTS else
                   ev.get("name", ""), who=seat(n, ev["by"]), effect=effect)
    return say("Event: {event}. {effect}", event=W.event_name(e), effect=effect)


def _game_over(ev, n):
    winners = [w for w in ev.get("winners") or [] if w != "rose"]  # the engine names the Black Rose "rose"
    totals = ev.get("totals") or {}
    if not winners:
        return say("The game is over: the Black Rose wins with {n} PP, and every mage loses.", n=ev.get("rose", 0))
    names = join([_plain(n, w) for w in winners])
    best = max((totals.get(w, 0) for w in winners), default=0)
    return say("The game is over: {who} becomes Grand Master with {n} PP.", who=names, n=best)


def _setup(ev, n):
    cells = ev.get("cells") or {}
    where = join([tr("{who} by {a} and {b}", who=_plain(n, s), a=ex[0], b=ex[1]) for s, ex in cells.items()
                  if len(ex) == 2])
    return say("The mages wait in their Cells: {where}.", where=where)


def _evo_gone(ev, n):
    evo = say("{owner}'s {evo} ({id})", owner=seat(n, ev.get("owner")), evo=W.evo_kind_name(ev.get("kind", "")),
              id=ev.get("evo", ""))
    if ev.get("by"):
        return say("{evo} is destroyed by {who}.", evo=evo, who=seat(n, ev["by"]))
    return say("{evo} leaves the Lodge.", evo=evo)


def _armed(ev, n):
    """Arming face down: that a slot was armed, never what it is; with the "ask me" standing order, its kind
    and what it waits for too (public, since they decide when reaction windows open)."""
    who = seat(n, ev["seat"])
    if ev.get("kind") == "protection":
        return say("{who} arms a Protection from their hand.", who=who)
    slot = W.slot_name(ev.get("slot"))
    waits = ev.get("waits")
    if ev.get("ask") == "trap" and waits:
        return say("{who} arms their {slot} face down: a Trap that will ask them when {condition}.", who=who,
                   slot=slot, condition=waits_clause(waits, n))
    if ev.get("ask") == "protection" and waits:
        return say("{who} arms their {slot} face down: a Protection that will ask them when {condition}.", who=who,
                   slot=slot, condition=waits_clause(waits, n))
    return say("{who} arms their {slot} face down: a Trap or a Protection.", who=who, slot=slot)


# What an "ask me" spell waits for (engine/blackrose/rules.py waits_for), as a clause after "when": a Trap's
# moments are another mage's (the one it names: the same words as the window's moment, prompts.py), a
# Protection's are its owner's.
_TRAP_WAITS: dict[str, Callable[[Runs], Line]] = {
    "activate": lambda who: say("{victim} activates a room", victim=who),
    "cast": lambda who: say("{victim} casts a spell", victim=who),
    "contingency": lambda who: say("{victim} casts a Contingency spell", victim=who),
    "physical": lambda who: say("{victim} ends a Physical Action", victim=who),
    "quest": lambda who: say("{victim} completes a Quest", victim=who),
}
_PROTECTION_WAITS: dict[str, Callable[[], Line]] = {
    "damage": lambda: say("they are about to take damage"),
    "defeat": lambda: say("they are about to be defeated"),
    "spell": lambda: say("a spell targets them"),
    "single": lambda: say("a single-target spell targets them"),
    "area": lambda: say("an area spell targets them"),
    "combat": lambda: say("a combat spell targets them"),
    "trap": lambda: say("a Trap springs on them"),
}


def waits_clause(waits: dict, n: dict) -> Line:
    on = waits.get("on")
    if on == "enter":
        colours = [W.colour(c) for c in waits.get("colours") or ()]
        both = tr("{first} or {second}", first=colours[0], second=colours[1]) if len(colours) == 2 else \
            "".join(colours[:1])
        return say("another mage's model enters a {colours} room", colours=both)
    if waits.get("kind") == "protection":
        return _PROTECTION_WAITS.get(on or "", _PROTECTION_WAITS["damage"])()
    return _TRAP_WAITS.get(on or "", _TRAP_WAITS["cast"])(seat(n, waits.get("tgt")))


def _moved(ev, n):
    if ev.get("room") == "cell":
        return None
    return say("{who} enters {room}.", who=model(ev, n, ev["model"]), room=room(ev))


PUBLIC: dict[str, Callable[[dict, dict], Line | None]] = {
    "mage": lambda ev, n: say("{who} plays {mage}.", who=seat(n, ev["seat"]), mage=W.mage_name(ev["mage"])),
    "school": lambda ev, n: say("{who} studies {school} (starting Grimoire {k}).", who=seat(n, ev["seat"]),
                                school=W.school(ev["school"]), k=ev.get("grimoire", 0) + 1),
    "setup": _setup,
    "game_turn": lambda ev, n: say("Game turn {turn} begins (Moon {moon}); {who} goes first.", turn=ev["turn"],
                                   moon=W.moon(ev.get("moon", 1)), who=seat(n, ev["first"])),
    "event": _event,
    "event_acts": lambda ev, n: say("The Event {event} acts: {effect}", event=W.event_name(ev["event"]),
                                    effect=T.event_effect(ev["event"])),
    "event_gone": lambda ev, n: say("The Event {event} leaves the board.", event=W.event_name(ev["event"])),
    "crown": lambda ev, n: say("{who} takes the Crown.", who=seat(n, ev["seat"])),
    "first_player": lambda ev, n: say("{who} is First Player.", who=seat(n, ev["seat"])),
    "quest_discarded": lambda ev, n: say("{who} discards a Quest.", who=seat(n, ev["seat"])),
    "quest_drawn": lambda ev, n: say("{who} draws a Quest.", who=seat(n, ev["seat"])),
    "quest": _quest,
    "quest_denied": lambda ev, n: say("{who} cannot complete that Quest this turn.", who=seat(n, ev["seat"])),
    "quest_stolen": lambda ev, n: say("{who} takes {victim}'s completed Quest {quest}.", who=seat(n, ev["seat"]),
                                      victim=seat(n, ev["victim"]), quest=W.quest_name(ev["quest"])),
    "quest_taken": lambda ev, n: say("{who} takes one of {victim}'s Quests.", who=seat(n, ev["seat"]),
                                     victim=seat(n, ev["victim"])),
    "quest_given": lambda ev, n: say("{who} gives a Quest to {other}.", who=seat(n, ev["seat"]),
                                     other=seat(n, ev["to_seat"])),
    "studied": lambda ev, n: say("{who} draws {cards} from the {school} deck.", who=seat(n, ev["seat"]),
                                 cards=T.count_cards(ev.get("n", 1)), school=W.school(ev["school"])),
    "study_discard": lambda ev, n: say("{who} puts {spell} face up on its school's discard pile.",
                                       who=seat(n, ev["seat"]), spell=W.card_name(ev["card"])),
    # Memories are face down: which spell went there is the owner's (their hand shows it), never the log's.
    "discard": lambda ev, n: say("{who} discards a spell to their Memories.", who=seat(n, ev["seat"])),
    "removed": lambda ev, n: say("{who} removes {spell} from their hand, to its school's discard pile.",
                                 who=seat(n, ev["seat"]), spell=W.card_name(ev["card"])),
    "set_aside": lambda ev, n: say("{who} sets their own spell aside until the next Moon.", who=seat(n, ev["seat"])),
    "custom": lambda ev, n: say("{who} takes their own spell back into their hand for the new Moon.",
                                who=seat(n, ev["seat"])),
    "draw": lambda ev, n: say("{who} draws {cards}.", who=seat(n, ev["seat"]), cards=T.count_cards(ev.get("n", 0))),
    "reshuffle": lambda ev, n: say("{who} shuffles their Memories into a new Grimoire.", who=seat(n, ev["seat"])),
    "prepared": lambda ev, n: say("{who} readies {spells} face down.", who=seat(n, ev["seat"]),
                                  spells=trn("{n} spell", "{n} spells", ev.get("n", 0))),
    "physical": lambda ev, n: say("{who} takes a Physical Action.", who=seat(n, ev["seat"])),
    "discard_move": lambda ev, n: (say("{who} discards their {slot} to move into {room}.", who=seat(n, ev["seat"]),
                                       slot=W.slot_name(ev.get("slot")), room=room(ev)) if ev.get("room") else
                                   say("{who} discards their {slot} to move 1 room.", who=seat(n, ev["seat"]),
                                       slot=W.slot_name(ev.get("slot")))),
    "moved": _moved,
    "attack": lambda ev, n: say("{who} attacks {target} for {n} damage.", who=model(ev, n, ev["seat"]),
                                target=model(ev, n, ev["target"]), n=ev.get("n", 0)),
    "activate": _activate,
    "room_copied": lambda ev, n: say("{room} becomes a copy of the {other} until the end of the turn.",
                                     room=room(ev), other=W.room_kind_name(ev.get("as_room", ""))),
    "cast": _cast,
    "aim": _aim,
    "fizzle": lambda ev, n: say("{who}'s {spell} is wasted: it has nothing to act on.", who=seat(n, ev["seat"]),
                                spell=W.card_name(ev["card"])),
    "cancelled": lambda ev, n: say("{who}'s {spell} is cancelled (it still counts as cast).",
                                   who=seat(n, ev["seat"]), spell=W.card_name(ev["card"])),
    "armed": _armed,
    "from_hand": lambda ev, n: say("{who} swaps their {slot} for a spell from their hand and casts it.",
                                   who=seat(n, ev["seat"]), slot=W.slot_name(ev.get("slot"))),
    "trigger": _trigger,
    "trap_avoided": lambda ev, n: say("{who} escapes the Trap {spell}.", who=seat(n, ev["seat"]),
                                      spell=W.card_name(ev["card"])),
    # A window opens at moments public facts decide (an "ask me" spell's public condition is met, or a spell
    # that fires asks its owner something: data/blackrose/rules.md), so saying so tells no more than the
    # board's "Waiting for reactions…".
    "reactions": lambda ev, n: say("The action pauses: a Trap or a Protection may react."),
    "damage": _damage,
    "pp": _pp,
    "heal": lambda ev, n: say("{who} heals {n} damage.", who=model(ev, n, ev["tgt"]), n=ev.get("n", 0)),
    "convert": lambda ev, n: say("{who} converts {n} damage on {target} to their colour.", who=seat(n, ev["seat"]),
                                 n=ev.get("n", 0), target=model(ev, n, ev["tgt"])),
    "transfer": lambda ev, n: say("{who} moves {n} of their own damage onto {target}.", who=seat(n, ev["seat"]),
                                  n=ev.get("n", 0), target=model(ev, n, ev["tgt"])),
    "defeat": _defeat,
    "trophy": lambda ev, n: say("{who} takes {victim}'s Trophy.", who=seat(n, ev["seat"]),
                                victim=seat(n, ev["victim"])),
    "cell": lambda ev, n: say("{who} goes back to their Cell.", who=seat(n, ev["seat"])),
    "turn_back": lambda ev, n: say("{who}'s Abomination is removed: they turn back into a mage.",
                                   who=seat(n, ev["seat"])),
    "instability": lambda ev, n: (say("{who} places {n} instability in {room} ({total} of {max}).",
                                      who=seat(n, ev["seat"]), n=ev.get("n", 0), room=room(ev),
                                      total=ev["total"], max=C.ROOMS[ev["room_id"]]["resistance"])
                                  if ev.get("room_id") in C.ROOMS and "total" in ev else
                                  say("{who} places {n} instability in {room}.", who=seat(n, ev["seat"]),
                                      n=ev.get("n", 0), room=room(ev))),
    "destroyed": _destroyed,
    "summon": lambda ev, n: say("{who} summons {evo} in {room}.", who=seat(n, ev["seat"]),
                                evo=say("{evo} ({id})", evo=W.evo_kind_name(ev["kind"]), id=ev.get("evo", "")),
                                room=room(ev)),
    "evo_gone": _evo_gone,
    "inhibit": _inhibit,
    "spent": lambda ev, n: say("{who} loses a Physical Action.", who=seat(n, ev["seat"])),
    "lost_ready": lambda ev, n: say("{who} loses a ready spell to their Memories.", who=seat(n, ev["seat"])),
    "revealed": lambda ev, n: say("{who}'s next ready spell is revealed: {spell}.", who=seat(n, ev["seat"]),
                                  spell=_spell(ev["card"], ev.get("side"))),
    "swapped": lambda ev, n: say("{who} swaps a spell with {other}'s hand.", who=seat(n, ev["seat"]),
                                 other=seat(n, ev["other"])),
    "events_ordered": lambda ev, n: say("{who} puts {events} back on top of the deck in an order of their "
                                        "choice.", who=seat(n, ev["seat"]),
                                        events=trn("{n} Event", "{n} Events", ev.get("n", 0))),
    "moon": lambda ev, n: say("The Moon changes: Moon {moon} rises; new Quests and Events.",
                              moon=W.moon(ev.get("moon", 1))),
    "cleanup": lambda ev, n: say("Clean-up: game turn {turn} ends.", turn=ev.get("turn", 0)),
    "extra_turn": lambda ev, n: say("{who} are tied for the win: an extra game turn is played.",
                                    who=join([_plain(n, s) for s in ev.get("seats") or ()])),
    "game_over": _game_over,
}


# ---- private lines (to one seat) ------------------------------------------------------------------------

def _cards(cards) -> str:
    return join([W.card_name(c) for c in cards or ()])


def _peek(ev, n):
    if ev.get("slots") is not None:
        spells = join([tr("{slot}: {spell}", slot=W.slot_name(sl["slot"]), spell=_spell(sl["card"], sl["side"]))
                       for sl in ev["slots"]])
    else:
        spells = join([_spell(c, s) for c, s in ev.get("cards") or ()])
    if not spells:
        return say("You see {who}'s ready spells: none.", who=seat(n, ev["seat"]))
    return say("You see {who}'s ready spells: {spells}.", who=seat(n, ev["seat"]), spells=spells)


def _intuition(ev, n):
    """Obscure Intuition, as the caster lived it: the two Quests drawn, the one kept, the other given (or
    discarded). Only the caster reads it; the receiver's own line names only what they receive."""
    drawn = join([W.quest_name(q) for q in ev.get("drawn") or ()])
    kept = W.quest_name(ev["kept"])
    if not ev.get("given"):
        return say("You draw {quest} and keep it.", quest=kept)
    if ev.get("to_seat"):
        return say("You draw {quests}, keep {kept} and give {given} to {who}.", quests=drawn, kept=kept,
                   given=W.quest_name(ev["given"]), who=seat(n, ev["to_seat"]))
    return say("You draw {quests}, keep {kept} and discard {given} (you lose 2 PP).", quests=drawn, kept=kept,
               given=W.quest_name(ev["given"]))


PRIVATE: dict[str, Callable[[dict, dict], Line | None]] = {
    "drew": lambda ev, n: say("You draw {cards}.", cards=_cards(ev.get("cards"))),
    "looked": lambda ev, n: say("You look at {cards}.", cards=_cards(ev.get("cards"))),
    "peek": _peek,
    "saw_hand": lambda ev, n: say("You see {who}'s hand: {cards}.", who=seat(n, ev["seat"]),
                                  cards=_cards(ev.get("cards")) or tr("no cards")),
    "events_seen": lambda ev, n: say("You look at the Events {events}.",
                                     events=join([W.event_name(e) for e in ev.get("events") or ()])),
    "quest_look": lambda ev, n: say("You look at the Quests {quests}.",
                                    quests=join([W.quest_name(q) for q in ev.get("quests") or ()])),
    "quest_secret": lambda ev, n: say("Your new Quest: {quest}", quest=T.quest_text(ev["quest"])),
    "intuition": _intuition,
}

