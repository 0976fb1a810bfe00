"""Black Rose Wars choices in words: a button's label for each legal action and the prompt saying what is
being decided, from the seat's own view (its `choice` fact says which spell or room asks, see
engine/blackrose/views.py). Labels name rooms with who is in them, models with where they stand and their
damage, and spells with what they do, within 80 characters (a button's limit)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from present.blackrose import card_text as T
from present.blackrose import words as W
from present.i18n import join, tr

LIMIT = 80


def fit(s: str) -> str:
    return T.clip(s, LIMIT)


def _name(names: dict, seat) -> str:
    if seat == "rose" or seat is None:
        return tr("the Black Rose")
    return (names or {}).get(seat, seat)


# ---- models and rooms, from the view -----------------------------------------------------------------

def _evo(view: dict, m: str) -> dict | None:
    return next((e for e in view.get("evos") or () if e.get("id") == m), None)


def model_name(view: dict, m: str, names=None) -> str:
    """A mage by player name; an Evocation as "Ben's Landsknecht (v1)"."""
    if m in (view.get("pos") or {}):
        return _name(names, m)
    ev = _evo(view, m)
    if ev:
        return tr("{owner}'s {evo} ({id})", owner=_name(names, ev["owner"]), evo=W.evo_kind_name(ev["kind"]), id=m)
    return str(m)


def model_damage(view: dict, m: str) -> str:
    """"4 of 10 damage" for a mage or an Evocation."""
    if m in (view.get("pos") or {}):
        mage = C.MAGES.get((view.get("mage") or {}).get(m), {})
        return tr("{n} of {health} damage", n=sum((view.get("dmg") or {}).get(m, {}).values()),
                  health=mage.get("health", 0))
    ev = _evo(view, m)
    if ev:
        hp = C.EVOS[ev["kind"]]["health"] or C.MAGES.get((view.get("mage") or {}).get(ev["owner"]), {}).get("health", 0)
        return tr("{n} of {health} damage", n=ev.get("dmg", 0), health=hp)
    return ""


def where(view: dict, m: str) -> str | None:
    if m in (view.get("pos") or {}):
        p = view["pos"][m]
        return None if p == "cell" else p
    ev = _evo(view, m)
    return ev.get("at") if ev else None


def room_name(view: dict, lab: str) -> str:
    rid = (view.get("layout") or {}).get(lab)
    return tr("{label} {room}", label=lab, room=W.room_kind_name(rid)) if rid else str(lab)


def models_in(view: dict, lab: str) -> list[str]:
    mages = [s for s in view.get("seats") or () if (view.get("pos") or {}).get(s) == lab]
    return mages + [e["id"] for e in view.get("evos") or () if e.get("at") == lab]


def room_with_models(view: dict, lab: str, names=None) -> str:
    """"B12 Observatory: Ben, Cat's Landsknecht (v2)" or "B12 Observatory (empty)"."""
    here = models_in(view, lab)
    if not here:
        return tr("{room} (empty)", room=room_name(view, lab))
    return tr("{room}: {models}", room=room_name(view, lab), models=join([model_name(view, m, names) for m in here]))


def model_with_place(view: dict, m: str, names=None) -> str:
    """"Ben in B3 Garden, 4 of 10 damage"."""
    at = where(view, m)
    if at:
        return tr("{model} in {room}, {damage}", model=model_name(view, m, names), room=room_name(view, at),
                  damage=model_damage(view, m))
    return tr("{model}, {damage}", model=model_name(view, m, names), damage=model_damage(view, m))


def _my_slot(view: dict, i: int) -> dict | None:
    mine = view.get("my_slots") or []
    return mine[i] if isinstance(i, int) and 0 <= i < len(mine) else None


# ---- one value of a pick -----------------------------------------------------------------------------

def value_text(view: dict, v, names=None) -> str:
    """A pick's value in words: a model, a room, a spell, a slot, a pile, a Quest swap, an Event, a school."""
    if not isinstance(v, str):
        return str(v)
    if v in (view.get("pos") or {}) or _evo(view, v):
        return model_with_place(view, v, names)
    if v in B.HEX:
        return room_with_models(view, v, names)
    if v.startswith("slot:"):
        sl = _my_slot(view, int(v[5:]) if v[5:].isdigit() else -1)
        return tr("my {slot}, {spell}", slot=W.slot_name(sl["slot"]), spell=T.card_label(sl["card"], sl["side"])) \
            if sl else v
    if "/" in v and v.split(".")[0] in C.SPELLS:
        card, side = v.split("/", 1)
        return T.card_label(card, side)
    if v.split(".")[0] in C.SPELLS:
        return tr("{spell} ({school})", spell=W.card_name(v), school=T.spell_school(v))
    if ":" in v:
        pile, school = v.split(":", 1)
        if pile == "deck":
            return tr("the top of the {school} deck", school=W.school(school))
        top = ((view.get("discards") or {}).get(school) or [None])[-1]  # face up: the table sees it
        if top and top.split(".")[0] in C.SPELLS:
            return tr("{spell}, the top of the {school} discard pile", spell=W.card_name(top), school=W.school(school))
        return tr("the top of the {school} discard pile", school=W.school(school))
    if ">" in v:
        a, b = v.split(">", 1)
        return tr("give {mine} for {new}", mine=W.quest_name(a), new=W.quest_name(b))
    if v in C.QUESTS:
        return T.quest_short(v)
    if v in C.EVENTS:
        return W.event_name(v)
    if v in C.ROOMS:
        return tr("{room}: {effect}", room=W.room_kind_name(v), effect=T.room_effect(v))
    if v in C.SCHOOLS:
        return W.school(v)
    return v


def _pick_label(view: dict, choice: dict, v, names) -> str:
    """A pick's button: what choosing this value does ("1 damage to Ben in B3 Garden, 4 of 10 damage")."""
    key, op = choice.get("key"), choice.get("op")
    if v is None:
        return {"second": tr("No second target"), "swap": tr("Keep my Quests as they are"),
                "prot": tr("Arm nothing"), "event": tr("Play no Event"), "mage": tr("Send nobody"),
                "dest": tr("Stop here"), "rival": tr("Challenge nobody")}.get(key, tr("Take nothing"))
    x = value_text(view, v, names)
    if key == "victim" and op == "room_sacrifice":
        return tr("1 damage to {x}", x=x)
    if key == "copy" and v in B.HEX and (view.get("layout") or {}).get(v) in C.ROOMS:
        return tr("Copy {room}: {effect}", room=room_name(view, v), effect=T.room_effect(view["layout"][v]))
    if key == "dest" and op == "puppet_attack":
        here = where(view, choice.get("subject") or "")
        return tr("Leave them in {x}", x=x) if v == here else tr("Move them to {x}", x=x)
    templates = {
        "victim": lambda: tr("They attack {x}", x=x), "burst": lambda: tr("Hit {x}", x=x),
        "next": lambda: tr("Chain on to {x}", x=x), "second": lambda: tr("Second target: {x}", x=x),
        "undead": lambda: tr("Remove {x}", x=x), "copy": lambda: tr("Copy {x}", x=x),
        "mage": lambda: tr("Send {x} to their Cell", x=x), "source": lambda: tr("Take {x}", x=x),
        "swap": lambda: tr("Swap: {x}", x=x), "where": lambda: tr("1 instability in {x}", x=x),
        "rival": lambda: tr("Challenge {x}", x=x), "prot": lambda: tr("Arm {x}", x=x),
        "evo": lambda: tr("{x} acts", x=x), "room": lambda: tr("Send them to {x}", x=x),
        "dest": lambda: tr("Push them into {x}", x=x), "school": lambda: tr("Search the {x} deck", x=x),
        "event": lambda: tr("Play {x}", x=x), "order": lambda: tr("Put {x} on top", x=x),
        "slot": lambda: tr("Replace {x}", x=x), "hand_card": lambda: tr("Cast {x}", x=x),
        "excess": lambda: tr("Discard {x}", x=x), "discard": lambda: tr("Discard {x}", x=x),
        "keep": lambda: tr("Keep {x}", x=x), "pass_to": lambda: tr("Pass the damage to {x}", x=x),
    }
    if key == "card":
        verb = tr("Discard {x}", x=x) if op in ("discard_for", "discard_own_for_ready") else tr("Take {x}", x=x)
        return verb
    found = templates.get(key)
    return found() if found else tr("Choose {x}", x=x)


# ---- labels ------------------------------------------------------------------------------------------

def label(action: dict, view: dict, names=None) -> str:
    return fit(_label(action, view, names or {}))


def _label(a: dict, view: dict, names: dict) -> str:
    k = a.get("type")
    choice = view.get("choice") or {}
    if k == "mage":
        return tr("Play {mage}: {stats}", mage=W.mage_name(a["mage"]), stats=T.mage_stats(a["mage"]))
    if k == "school":
        return tr("{school}, starting Grimoire {n}", school=W.school(a["school"]), n=a["grimoire"] + 1)
    if k == "discard_quest":
        return tr("Discard the Quest {quest} ({pp} PP)", quest=W.quest_name(a["quest"]),
                  pp=C.QUESTS.get(a["quest"], {}).get("pp", 0))
    if k == "keep" and "card" not in a:
        return tr("Keep my Quests")
    if k == "study":
        school, left = W.school(a["school"]), (view.get("library") or {}).get(a["school"])
        if a.get("n", 1) > 1:
            return tr("Draw all {n} from {school}", n=a["n"], school=school)
        if left is None:
            return tr("Draw from {school}", school=school)
        return tr("Draw from {school} ({n} left)", school=school, n=left)
    if k == "study_keep":
        return tr("Keep {spells}", spells=join([W.card_name(c) for c in a.get("cards") or ()]))
    if k == "discard_to_move":
        return tr("Discard a ready spell to move 1 room")
    if k == "discard_spell":
        sl = _my_slot(view, a.get("slot"))
        return tr("Discard my {slot}, {spell}", slot=W.slot_name(sl["slot"]), spell=T.card_label(sl["card"], sl["side"])) \
            if sl else tr("Discard a spell")
    if k == "arm":
        return _arm_label(a, view, names)
    if k == "keep":
        return tr("Keep {spell} ({school})", spell=W.card_name(a["card"]), school=T.spell_school(a["card"]))
    if k == "discard":
        return tr("Discard {spell} to my Memories", spell=W.card_name(a["card"]))
    if k == "remove":
        return tr("Remove {spell} from my hand", spell=W.card_name(a["card"]))
    if k == "ready":
        return tr("Ready {spell}: {effect}", spell=T.card_label(a["card"], a["side"]),
                  effect=T.short_side(a["card"], a["side"]))
    if k == "unready":
        return tr("Take back the last spell I readied")
    if k == "confirm":
        return tr("Confirm my ready spells")
    if k == "phys":
        left = (view.get("phys") or {}).get(view.get("me"))
        return tr("Physical Action: move, attack or activate ({n} left)", n=left) if left is not None else \
            tr("Physical Action: move, attack or activate")
    if k == "cast":
        sl = _my_slot(view, a.get("slot"))
        if not sl:
            return tr("Cast a spell")
        return tr("Cast my {slot}, {spell}: {effect}", slot=W.slot_name(sl["slot"]),
                  spell=T.card_label(sl["card"], sl["side"]), effect=T.short_side(sl["card"], sl["side"]))
    if k == "discard_move":
        sl = _my_slot(view, a.get("slot"))
        room = room_name(view, a["to"])
        if a.get("step"):  # the spell is already chosen: only where to
            return tr("Move to {room}", room=room_with_models(view, a["to"], names))
        if not sl:
            return tr("Move to {room}, discarding a spell", room=room)
        return tr("Move to {room}, discarding {spell} ({slot})", room=room, spell=W.card_name(sl["card"]),
                  slot=W.slot_name(sl["slot"]))
    if k == "end":
        return tr("End my turn")
    if k == "step":
        return tr("Move to {room}", room=room_with_models(view, a["to"], names))
    if k == "attack":
        return tr("Attack {target} ({damage})", target=model_name(view, a["target"], names),
                  damage=model_damage(view, a["target"]))
    if k == "activate":
        here = a.get("room") or where(view, choice.get("evo") or view.get("me")) or ""
        rid = (view.get("layout") or {}).get(here)
        if not rid:
            return tr("Activate this room")
        return tr("Activate {room}: {effect}", room=room_name(view, here), effect=T.room_effect(rid))
    if k == "done":
        return {"phys": tr("End this Physical Action"), "evo_turn": tr("End this Evocation's turn"),
                "study": tr("Remove nothing from my hand"), "evo_seat": tr("Done with my Evocations")}.get(
            choice.get("kind"), tr("Done"))
    if k == "target":
        if "room" in a:
            return tr("Target {room}", room=room_with_models(view, a["room"], names))
        return tr("Target {model}", model=model_with_place(view, a["model"], names))
    if k == "pick":
        return _pick_label(view, choice, a.get("value"), names)
    if k == "evoke":
        if a["evo"] in (view.get("pos") or {}):
            return tr("Act as the Abomination: move up to 2, then attack for 3")
        at = where(view, a["evo"])
        return tr("{evo} acts, from {room}", evo=model_name(view, a["evo"], names), room=room_name(view, at)) if at \
            else tr("{evo} acts", evo=model_name(view, a["evo"], names))
    if k == "mode":
        card, side = choice.get("card"), choice.get("side")
        name = T.mode_name(a["mode"])
        if card:
            return tr("{mode}: {effect}", mode=name, effect=T.effect(card, side, a["mode"], when=False))
        return name
    if k == "crown_pick":
        return tr("Make {who} Grand Master", who=_name(names, a["winner"]))
    if k == "tribute":
        return tr("Cancel my spell (it still counts as cast)") if a["cancel"] else tr("Go on with my spell")
    if k == "react" and "value" in a:
        return _pick_label(view, {"key": (choice.get("moment") or {}).get("key")}, a["value"], names)
    if k == "react":
        if a.get("card") is None:
            return tr("Let it pass (it stays armed)") if choice.get("offer") else tr("Nothing to trigger: go on")
        return tr("Trigger {spell}", spell=W.card_name(a["card"]))
    return tr("Choose")


def _arm_label(a: dict, view: dict, names) -> str:
    """Arming a Trap or Protection face down: its target mage, its mask, and its standing order."""
    order = tr("ask me each time it could fire") if a.get("ask") else tr("fire at the first chance")
    bits = []
    if a.get("tgt"):
        bits.append(tr("aimed at {who}", who=_name(names, a["tgt"])))
    if a.get("mode"):
        bits.append(T.mode_name(a["mode"]))
    return tr("Arm it, {details}: {order}", details=", ".join(bits), order=order) if bits else \
        tr("Arm it: {order}", order=order)


# ---- prompts ---------------------------------------------------------------------------------------------

def _question(key: str | None, op: str | None) -> str:
    if key == "card":
        return {"room_oracle": tr("take which card from your Grimoire?"),
                "grimoire_pick": tr("take which card from your Grimoire?"),
                "memories_pick": tr("take which card from your Memories?"),
                "room_crypt": tr("take which card from your Memories?"),
                "library_search": tr("take which card?"),
                "school_discard_pick": tr("take which card from a school's discard pile?"),
                "discard_for": tr("discard a card for more?"),
                "swap_hand_card": tr("take which of their spells?"),
                "discard_own_for_ready": tr("discard which card?")}.get(op, tr("which card?"))
    if key == "victim" and op == "room_sacrifice":
        return tr("who takes 1 damage?")
    if key == "dest" and op == "puppet_attack":
        return tr("where do they move?")
    return {
        "excess": tr("discard down to your hand limit"), "discard": tr("discard a spell (4 in all)"),
        "keep": tr("keep which Forgotten Spell?"), "copy": tr("copy which room?"),
        "mage": tr("send which mage to their Cell?"), "source": tr("take the top card of which pile?"),
        "swap": tr("swap one of your Quests?"), "where": tr("where does your instability go?"),
        "rival": tr("challenge which mage?"), "victim": tr("whom do they attack?"),
        "prot": tr("arm which Protection?"), "next": tr("who is next in the chain?"),
        "second": tr("a second target?"), "undead": tr("remove which Undead?"), "burst": tr("who takes the damage?"),
        "evo": tr("which Evocation acts?"), "room": tr("send them to which room?"),
        "dest": tr("push them into which room?"), "school": tr("search which school's deck?"),
        "event": tr("play which Event?"), "order": tr("which Event goes on top next?"),
        "slot": tr("replace which spell on your sheet?"), "hand_card": tr("cast which spell from your hand?"),
        "pass_to": tr("pass the damage to whom?"),
    }.get(key, tr("choose"))


def _asker(view: dict, choice: dict) -> str:
    """What asks a pick, from its source (engine/blackrose/effects.py SOURCE_KEYS): the spell being resolved,
    the room being activated, the Quest rewarding or the Event acting."""
    src = choice.get("source") or {}
    if src.get("card") and src["card"].split(".")[0] in C.SPELLS:
        return W.card_name(src["card"])
    if src.get("activated"):
        return room_name(view, src["activated"])
    if src.get("quest") in C.QUESTS:
        return W.quest_name(src["quest"])
    if src.get("event") in C.EVENTS:
        return W.event_name(src["event"])
    return ""


PROMPT = {
    "pick_mage": lambda: tr("Choose your Mage (each one's sheet is listed above)"),
    "pick_school": lambda: tr("Choose your School and starting Grimoire"),
    "quests": lambda: tr("Discard Quests you dislike, or keep them"),
    "prep": lambda: tr("Ready 2–4 spells face down: the first is your Quick spell"),
    "turn": lambda: tr("Your turn: choose what to do"),
    "phys": lambda: tr("Physical Action: move, attack or activate your room"),
    "evo_seat": lambda: tr("Evocation Phase: choose an Evocation to act"),
    "evo_turn": lambda: tr("Your Evocation: move, then attack"),
    "dmove": lambda: tr("Discard a ready spell to move 1 room: which spell, then where"),
    "hand_limits": lambda: tr("Over your hand limit: discard a card to your Memories"),
    "crown_choice": lambda: tr("You hold the Crown: choose the Grand Master"),
}


def prompt(view: dict) -> str:
    choice = view.get("choice") or {}
    kind = choice.get("kind", "")
    if choice.get("tribute"):
        return tr("Illusory Tribute caught your spell: cancel it, or go on with it")
    if kind == "cast" and choice.get("card"):
        spell = T.card_label(choice["card"], choice.get("side"))
        d = C.side_of(choice["card"], choice.get("side") or "s")
        if d.get("type") in ("trap", "protection") and not choice.get("of"):
            return tr("{spell}: arm it face down, and choose when it fires", spell=spell)
        if d.get("modes"):
            return tr("{spell}: choose one of its effects", spell=spell)
        if d.get("target") == "area":
            return tr("{spell}: choose the target room", spell=spell)
        if d.get("type") == "trap":
            return tr("{spell}: name the mage it waits for", spell=spell)
        return tr("{spell}: choose the target", spell=spell)
    if kind == "pick":
        asker, question = _asker(view, choice), _question(choice.get("key"), choice.get("op"))
        said = tr("{asker}: {question}", asker=asker, question=question) if asker else question
        return said[:1].upper() + said[1:]
    if kind == "react":
        moment = choice.get("moment") or {}
        if "key" in moment and moment.get("on") == "choice":
            said = _question(moment.get("key"), None)
            return tr("Your spell fires: {question}", question=said)
        return tr("Reaction window: trigger an armed spell, or let the moment pass")
    if kind == "study":
        return _study_prompt(view, choice)
    found = PROMPT.get(kind)
    return found() if found else tr("Choose your move")


def _study_prompt(view: dict, choice: dict) -> str:
    """Study, step by step: over the hand limit, drawing, keeping a pair, removing one spell."""
    mage = C.MAGES.get((view.get("mage") or {}).get(view.get("me")), {})
    if mage and len(view.get("hand") or ()) > mage.get("hand", 99):
        return tr("Study: over your hand limit, discard a card to your Memories")
    if choice.get("look"):
        return tr("Study: keep 2 of the cards you drew")
    drawn = choice.get("drawn")
    if drawn is not None and drawn < 4:
        return tr("Study: draw 4 cards from the school decks, one at a time ({n} drawn)", n=drawn)
    return tr("Study: you may remove one spell from your hand")


def moment_text(view: dict, m: dict, names=None) -> str:
    """What is happening while a reaction window is open (public facts of the paused action only)."""
    names = names or {}
    if m.get("victim") and m.get("evo") and not _evo(view, m["victim"]) and m["victim"] not in (view.get("pos") or {}):
        victim = tr("a new {evo} of {owner}", evo=W.evo_kind_name(m["evo"]), owner=_name(names, m.get("by")))
    elif m.get("victim"):
        victim = model_name(view, m["victim"], names)
    else:
        victim = tr("someone")
    by, n = _name(names, m.get("by")), m.get("n", 0)
    room = room_name(view, m["room"]) if m.get("room") else ""
    on = m.get("on")
    if on == "damage":
        return tr("{victim} is about to take {n} damage from {by}", victim=victim, n=n, by=by)
    if on == "defeat":
        return tr("{victim} is about to be defeated by {by}", victim=victim, by=by)
    if on == "spell":
        return tr("{by}'s spell is about to reach {victim}", victim=victim, by=by)
    if on == "trap":
        return tr("a Trap set by {by} is about to spring on {victim}", victim=victim, by=by)
    if on == "enter":
        return tr("{victim} enters {room} ({colour})", victim=victim, room=room, colour=W.colour(m.get("colour", "")))
    if on == "cast":
        return tr("{victim} casts a spell", victim=victim)
    if on == "contingency":
        return tr("{victim} casts a Contingency spell", victim=victim)
    if on == "physical":
        return tr("{victim} ends a Physical Action", victim=victim)
    if on == "activate":
        return tr("{victim} activates a room", victim=victim)
    if on == "quest":
        return tr("{victim} completes a Quest", victim=victim)
    if on == "choice":
        return tr("{by}'s spell fires", by=by)
    return victim
