"""Black Rose Wars choices in words: a button's label for each legal action, from the seat's own view (its
`choice` fact says which spell or room asks, see engine/blackrose/views.py), within 80 characters (a
button's limit). Targets name rooms with who is in them and models with where they stand and their damage;
the turn's own choices are short (a room, a spell, a model) so that a turn fits as buttons, and the hand
above them says the rest (each spell in full, what activating the room you stand in does)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from present import fmt
from present.base import fit_labels
from present.blackrose import card_text as T
from present.blackrose import words as W
from present.i18n import join, tr

LIMIT = fmt.LABEL_LIMIT  # a label, as Discord holds it


def fit(s: str) -> str:
    return T.clip(s, LIMIT)


def seat_name(names: dict, seat) -> str:
    if seat == "rose" or seat is None:
        return tr("the Black Rose")
    return (names or {}).get(seat, seat)


# ---- models and rooms, from the view -----------------------------------------------------------------

def evo_of(view: dict, m: str) -> dict | None:
    return next((e for e in view.get("evos") or () if e.get("id") == m), None)


def model_name(view: dict, m: str, names=None) -> str:
    """A mage by player name; an Evocation as "Ben's Landsknecht (v1)"."""
    if m in (view.get("pos") or {}):
        return seat_name(names, m)
    ev = evo_of(view, m)
    if ev:
        return tr("{owner}'s {evo} ({id})", owner=seat_name(names, ev["owner"]), evo=W.evo_kind_name(ev["kind"]), id=m)
    return str(m)


def own_model(view: dict, m: str, names=None) -> str:
    """The seat's own Evocation as "Landsknecht (v1)" (whose it is goes without saying), else model_name."""
    ev = evo_of(view, m)
    if ev and ev.get("owner") == view.get("me"):
        return tr("{evo} ({id})", evo=W.evo_kind_name(ev["kind"]), id=m)
    return model_name(view, m, names)


def model_damage(view: dict, m: str) -> str:
    """"4 of 10 damage" for a mage or an Evocation."""
    if m in (view.get("pos") or {}):
        mage = C.MAGES.get((view.get("mage") or {}).get(m), {})
        return tr("{n} of {health} damage", n=sum((view.get("dmg") or {}).get(m, {}).values()),
                  health=mage.get("health", 0))
    ev = evo_of(view, m)
    if ev:
        hp = C.EVOS[ev["kind"]]["health"] or C.MAGES.get((view.get("mage") or {}).get(ev["owner"]), {}).get("health", 0)
        return tr("{n} of {health} damage", n=ev.get("dmg", 0), health=hp)
    return ""


def where(view: dict, m: str) -> str | None:
    if m in (view.get("pos") or {}):
        p = view["pos"][m]
        return None if p == "cell" else p
    ev = evo_of(view, m)
    return ev.get("at") if ev else None


def room_name(view: dict, lab: str) -> str:
    rid = (view.get("layout") or {}).get(lab)
    return tr("{label} {room}", label=lab, room=W.room_kind_name(rid)) if rid else str(lab)


def roomed(view: dict, lab: str, say) -> str:
    """A label naming a room (`say(room)`): with the room's name where it fits a button, else by its code
    alone ("A3", as the board and its picture label it; the board's Lodge section names every room)."""
    full = say(room_name(view, lab))
    return full if len(full) <= fmt.budget().short else say(lab)


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


def _own_place(view: dict, m: str, names=None) -> str:
    """"Landsknecht (v1) in B3 Garden": one of the seat's own Evocations and where it stands."""
    at = where(view, m)
    return tr("{model} in {room}", model=own_model(view, m, names), room=room_name(view, at)) if at else \
        own_model(view, m, names)


def readying(view: dict) -> list[tuple[str, str]]:
    """The seat's spells readied this Preparation, as (card, side): in progress, or set while the others
    still prepare. They lie on the Mage Sheet for the player, though the engine keeps them in the hand until
    every mage is ready."""
    return [(x[0], x[1]) for x in (view.get("choice") or {}).get("ready") or view.get("prepared") or ()
            if len(x) == 2]


def held(view: dict) -> list[str]:
    """The seat's hand as the player holds it: without the spells readying (readying())."""
    out = list(view.get("hand") or ())
    for card, _ in readying(view):
        if card in out:
            out.remove(card)
    return out


def _my_slot(view: dict, i: int) -> dict | None:
    mine = view.get("my_slots") or []
    return mine[i] if isinstance(i, int) and 0 <= i < len(mine) else None


# ---- one value of a pick -----------------------------------------------------------------------------

def value_text(view: dict, v, names=None) -> str:
    """A pick's value in words: a model, a room, a spell, a slot, a pile, a Quest swap, an Event, a school."""
    if not isinstance(v, str):
        return str(v)
    if v in (view.get("pos") or {}) or evo_of(view, v):
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
                "dest": tr("Stop here"), "rival": tr("Challenge nobody"),
                "replace": tr("Do not summon it")}.get(key, tr("Take nothing"))
    if key == "mage":
        return tr("Send {who} to their Cell", who=model_name(view, v, names))
    if key == "replace":  # a fourth Evocation: which of the seat's three goes back to the reserve
        return tr("Send {evo} back to make room", evo=_own_place(view, v, names))
    if key == "quest_over":
        return tr("Discard the Quest {quest}", quest=W.quest_name(v))
    if key == "intuition":  # Obscure Intuition: "keep|other|mage", no mage: discard the other
        keep, other, to = (v.split("|") + ["", ""])[:3]
        if to:
            return tr("Keep {kept}, give {given} to {who}", kept=W.quest_name(keep), given=W.quest_name(other),
                      who=seat_name(names, to))
        return tr("Keep {kept}, discard {given} and lose 2 PP", kept=W.quest_name(keep), given=W.quest_name(other))
    if key == "source" and isinstance(v, str) and ":" in v:  # a pile: short for a phone's button
        pile, school = v.split(":", 1)
        top = ((view.get("discards") or {}).get(school) or [None])[-1]
        if pile == "deck":
            return tr("Draw a {school} card", school=W.school(school))
        if top and top.split(".")[0] in C.SPELLS:  # face up: a spell is in its own school's pile only
            return tr("Take {x}", x=W.card_name(top))
    said = {
        "victim": lambda x: tr("1 damage to {x}", x=x) if op == "room_sacrifice" else tr("They attack {x}", x=x),
        "dest": lambda x: (tr("Leave them in {x}", x=x) if v == where(view, choice.get("subject") or "") else
                           tr("Move them to {x}", x=x)) if op == "puppet_attack" else tr("Push them into {x}", x=x),
        "burst": lambda x: tr("Hit {x}", x=x), "next": lambda x: tr("Chain on to {x}", x=x),
        "second": lambda x: tr("Second target: {x}", x=x), "undead": lambda x: tr("Remove {x}", x=x),
        "copy": lambda x: tr("Copy {x}", x=x), "mage": lambda x: tr("Send {x} to their Cell", x=x),
        "source": lambda x: tr("Take {x}", x=x), "swap": lambda x: x[:1].upper() + x[1:],  # "Give A for B"
        "where": lambda x: tr("1 instability in {x}", x=x), "rival": lambda x: tr("Challenge {x}", x=x),
        "prot": lambda x: tr("Arm {x}", x=x), "evo": lambda x: tr("{x} acts", x=x),
        "room": lambda x: tr("Send them to {x}", x=x), "school": lambda x: tr("Search the {x} deck", x=x),
        "event": lambda x: tr("Play {x}", x=x), "order": lambda x: tr("Put {x} on top", x=x),
        "slot": lambda x: tr("Replace {x}", x=x), "hand_card": lambda x: tr("Cast {x}", x=x),
        "discard": lambda x: tr("Discard {x}", x=x), "keep": lambda x: tr("Keep {x}", x=x),
        "pass_to": lambda x: tr("Pass the damage to {x}", x=x),
        "card": lambda x: tr("Discard {x}", x=x) if op in ("discard_for", "discard_own_for_ready") else
        tr("Take {x}", x=x),
    }.get(key, lambda x: tr("Choose {x}", x=x))
    # What the value is, as long as fits a button: a room with who stands in it, then by its name, then its
    # code; a model with where it stands and its damage, then by itself (the board says the rest).
    if isinstance(v, str) and v in B.HEX:
        shorter = [room_with_models(view, v, names), room_name(view, v), v]
    elif isinstance(v, str) and ((view.get("pos") or {}).get(v) is not None or evo_of(view, v)):
        shorter = [model_with_place(view, v, names), model_name(view, v, names), _short_model(view, v, names)]
    else:
        shorter = [value_text(view, v, names)]
    for x in shorter:
        if len(said(x)) <= fmt.budget().short:
            break
    return said(x)


# ---- labels ------------------------------------------------------------------------------------------

def label(action: dict, view: dict, names=None) -> str:
    write = LABELS.get(action.get("type"))
    return _with_copy(write(action, view, names or {}) if write else tr("Choose"), action, view)


def _with_copy(said: str, action: dict, view: dict) -> str:
    """A label fitted to Discord's limit, saying which copy of a spell it names after the first: never two
    buttons that read the same (bundles.py offers one button for all copies)."""
    nth = copy_number(action, view)
    if nth > 1:
        note = tr(", copy {n}", n=nth)
        return T.clip(said, LIMIT - len(note)) + note
    return fit(said)


def copy_number(action: dict, view: dict) -> int:
    """Which copy of a spell this action names (1 for the first, or for a spell held once), among the
    seat's hand or the values being picked from: the same spell twice must still read as two buttons."""
    card = action.get("value") if action.get("type") == "pick" else action.get("card")
    if action.get("type") not in ("ready", "discard", "remove", "pick") or not isinstance(card, str) \
            or card.split(".")[0] not in C.SPELLS:
        return 1
    pool = (view.get("choice") or {}).get("values") if action["type"] == "pick" else \
        held(view) if action["type"] == "ready" else view.get("hand")  # (a readied copy is on the sheet)
    same = [c for c in pool or () if isinstance(c, str) and c.split(".")[0] == card.split(".")[0]]
    return same.index(card) + 1 if card in same else 1


def _slot_spell(view: dict, i) -> str:
    """"Standard spell 2, Fireball (straight)": one of the seat's own slots, as its sheet shows it."""
    sl = _my_slot(view, i)
    return tr("{slot}, {spell}", slot=W.slot_name(sl["slot"]), spell=T.card_label(sl["card"], sl["side"])) if sl \
        else tr("a spell")


def _cast_spell(view: dict, i) -> str:
    """The spell a cast button names, as short as tells it apart: "Fireball"; "Fireball (straight)" when the
    seat's other ready spell is a Fireball too; "Fireball (Quick spell)" when that one is on the same side."""
    sl = _my_slot(view, i)
    if not sl:
        return tr("a spell")
    others = [x for x in view.get("my_slots") or () if x is not sl and x["state"] == "ready"]
    if not any(x["card"].split(".")[0] == sl["card"].split(".")[0] for x in others):
        return W.card_name(sl["card"])
    said = T.card_label(sl["card"], sl["side"])
    if any(T.card_label(x["card"], x["side"]) == said for x in others):
        return tr("{spell} ({slot})", spell=W.card_name(sl["card"]), slot=W.slot_name(sl["slot"]))
    return said


def slot_spell_name(view: dict, i: int, among: list[int]) -> str:
    """One of the seat's own ready or armed spells, as short as tells it apart from the slots `among`:
    "Fireball", or "Fireball (Standard spell 2)" when another of them is a Fireball too."""
    sl = _my_slot(view, i)
    if not sl:
        return tr("a spell")
    mine = view.get("my_slots") or []
    same = [j for j in among if j != i and _my_slot(view, j)
            and mine[j]["card"].split(".")[0] == sl["card"].split(".")[0]]
    if not same:
        return W.card_name(sl["card"])
    return tr("{spell} ({slot})", spell=W.card_name(sl["card"]), slot=W.slot_name(sl["slot"]))


def _cast(a: dict, view: dict, names: dict) -> str:
    spell = _cast_spell(view, a.get("slot"))
    sl = _my_slot(view, a.get("slot"))
    mode = T.mode_name(a["mode"]) if a.get("mode") else ""
    if "room" in a or "model" in a:
        target = room_name(view, a["room"]) if "room" in a else model_name(view, a["model"], names)
        return tr("Cast {spell} at {target}, {mode}", spell=spell, target=target, mode=mode) if mode else \
            tr("Cast {spell} at {target}", spell=spell, target=target)
    if mode:
        return tr("Cast {spell}: {mode}", spell=spell, mode=mode)
    if sl and C.side_of(sl["card"], sl["side"]).get("type") in ("trap", "protection"):
        return tr("Arm {x}", x=spell)  # a Trap or Protection is cast face down: short enough for a phone's button
    return tr("Cast {spell}", spell=spell)


def _step(a: dict, view: dict, names: dict) -> str:
    if a.get("then") == "activate":
        return roomed(view, a["to"], lambda room: tr("Go and activate {room}", room=room))
    if a.get("target"):  # an Evocation's last step, carrying its attack
        target = _short_model(view, a["target"], names)
        return roomed(view, a["to"], lambda room: tr("Move to {room}, attack {target}", room=room, target=target))
    return roomed(view, a["to"], lambda room: tr("Move to {room}", room=room))


def _attack(a: dict, view: dict, names: dict) -> str:
    target, damage = model_name(view, a["target"], names), model_damage(view, a["target"])
    if a.get("then") == "activate":
        return tr("Attack {target} ({damage}), then activate the room", target=target, damage=damage)
    return tr("Attack {target} ({damage})", target=target, damage=damage)


def _activate(a: dict, view: dict, names: dict) -> str:
    here = a.get("room") or where(view, (view.get("choice") or {}).get("evo") or view.get("me")) or ""
    rid = (view.get("layout") or {}).get(here)
    if not rid:
        return tr("Activate this room")
    return roomed(view, here, lambda room: tr("Activate {room}", room=room))  # what it does: the hand says


def _evoke(a: dict, view: dict, names: dict) -> str:
    """An Evocation's activation, by what it does first."""
    if a["evo"] in (view.get("pos") or {}):
        return tr("Act as the Abomination")  # (the prompt says: move up to 2, then attack for 3)
    evo = own_model(view, a["evo"], names)
    if a.get("to") and a.get("target"):  # (the board says where each model stands and its damage)
        return tr("{evo}: move to {room}, attack {target}", evo=evo, room=a["to"],
                  target=_short_model(view, a["target"], names))
    if a.get("to"):
        return roomed(view, a["to"], lambda room: tr("{evo}: move to {room}", evo=evo, room=room))
    if a.get("target"):
        return tr("{evo}: attack {target}", evo=evo, target=_short_model(view, a["target"], names))
    if a.get("room"):
        return roomed(view, a["room"], lambda room: tr("{evo}: activate {room}", evo=evo, room=room))
    return tr("{evo} acts", evo=evo)


def _done(a: dict, view: dict, names: dict) -> str:
    return {"phys": tr("Stop: end this Physical Action"), "evo_turn": tr("End this Evocation's turn"),
            "study": tr("Remove nothing from my hand"), "evo_seat": tr("Done with my Evocations")}.get(
        (view.get("choice") or {}).get("kind"), tr("Done"))


def _target(a: dict, view: dict, names: dict) -> str:
    if "room" in a:
        return tr("Target {room}", room=room_with_models(view, a["room"], names))
    return tr("Target {model}", model=model_with_place(view, a["model"], names))


def _mode(a: dict, view: dict, names: dict) -> str:
    choice = view.get("choice") or {}
    card, name = choice.get("card"), T.mode_name(a["mode"])
    return tr("{mode}: {effect}", mode=name, effect=T.effect(card, choice.get("side"), a["mode"], when=False)) \
        if card else name


def _react(a: dict, view: dict, names: dict) -> str:
    if "value" in a:  # a choice the owner's spell gives them as it fires
        choice = view.get("choice") or {}
        return _pick_label(view, {"key": (choice.get("moment") or {}).get("key")}, a["value"], names)
    if a.get("card") is None:
        return tr("Let it pass (it stays armed)")
    return tr("Trigger {spell} now", spell=W.card_name(a["card"]))


def _study(a: dict, view: dict, names: dict) -> str:
    school, left = W.school(a["school"]), (view.get("library") or {}).get(a["school"])
    if a.get("n", 1) == 4:
        return tr("Draw all 4 from {school}", school=school)
    if a.get("n", 1) > 1:  # the rest of the 4 from one deck
        return tr("Draw {n} more from {school}", n=a["n"], school=school)
    if left is None:
        return tr("Draw from {school}", school=school)
    return tr("Draw from {school} ({n} left)", school=school, n=left)


def _study_keep(a: dict, view: dict, names: dict) -> str:
    pair = _pair(a.get("cards") or (), join)
    if a.get("then") == "remove":
        return tr("Keep {spells}, then remove a spell", spells=pair)
    return tr("Keep {spells}", spells=pair)


def _pair(cards, both) -> str:
    """Two studied cards as a keep names them: "Fireball and Gaze" (`both` joins two names), or "both
    Cowardice" when they are two copies of one spell."""
    said = [W.card_name(c) for c in cards]
    if len(said) == 2 and said[0] == said[1]:
        return tr("both {spell}", spell=said[0])
    return both(said)


def _ready(a: dict, view: dict, names: dict) -> str:
    return tr("Ready {spell}", spell=T.card_label(a["card"], a["side"]))  # the 4th confirms: the prompt says so


def _phys(a: dict, view: dict, names: dict) -> str:
    """A Physical Action spent staying put (doing nothing with it)."""
    return tr("Stay put (spend a Physical Action)")


def _arm(a: dict, view: dict, names: dict) -> str:
    """Arming a Trap or Protection face down: its target mage and mask if it has them, and its standing
    order (data/blackrose/rules.md); the prompt above names the spell ("Fireball (straight): arm it…")."""
    bits = []
    if a.get("tgt"):
        bits.append(tr("on {who}", who=seat_name(names, a["tgt"])))
    if a.get("mode"):
        bits.append(T.mode_name(a["mode"]))
    # The prompt names the spell and says it is armed face down: the label says only how.
    details = ", ".join(bits)
    details = details[:1].upper() + details[1:]  # ("on Ben, Happy mask" opens the button)
    if a.get("ask"):
        return tr("{details}: ask me first", details=details) if details else tr("Ask me first")
    return tr("{details}: fire at once", details=details) if details else tr("Fire at the first chance")


LABELS = {
    # the stats are in the message above the buttons (presenter._deciding): a phone's button holds ~34 characters
    "mage": lambda a, v, n: tr("Play {mage} ({school})", mage=W.mage_name(a["mage"]),
                               school=W.school(C.MAGES[a["mage"]]["school"])),
    "school": lambda a, v, n: tr("{school}, starting Grimoire {n}", school=W.school(a["school"]),
                                 n=a["grimoire"] + 1),
    "discard_quest": lambda a, v, n: tr("Discard {quest} ({pp} PP)", quest=W.quest_name(a["quest"]),
                                        pp=C.QUESTS.get(a["quest"], {}).get("pp", 0)),
    "keep": lambda a, v, n: tr("Keep {spell} ({school})", spell=W.card_name(a["card"]),
                               school=T.spell_school(a["card"])) if "card" in a else
    tr("Keep my Quests, and stop asking me") if a.get("always") else tr("Keep my Quests"),
    "ask_me": lambda a, v, n: tr("Ask me about my Quests each turn") if a["about"] == "quests" else
    tr("Ask me what my Evocations do"),
    "study_mix": lambda a, v, n: tr("Mix schools: draw one at a time"),
    "remove_spell": lambda a, v, n: tr("Remove a spell from my hand"),
    "study": _study,
    "study_keep": _study_keep,
    "discard_to_move": lambda a, v, n: tr("Discard a spell to move 1 room"),
    "discard_spell": lambda a, v, n: tr("Discard my {spell}", spell=_slot_spell(v, a.get("slot"))),
    "discard_move": lambda a, v, n: roomed(v, a["to"], lambda room: tr("Move to {room}", room=room)),
    "arm": _arm,
    # the prompt says where to (a phone's button holds ~34 characters): "discard a card to your Memories",
    # "remove one spell from your hand"
    "discard": lambda a, v, n: tr("Discard {x}", x=W.card_name(a["card"])),
    "remove": lambda a, v, n: tr("Remove {x}", x=W.card_name(a["card"])),
    "ready": _ready,
    "unready": lambda a, v, n: tr("Take back the last spell I readied"),
    "confirm": lambda a, v, n: tr("Confirm my ready spells"),
    "phys": _phys,
    "cast": _cast,
    "end": lambda a, v, n: tr("End my turn"),
    "step": _step,
    "attack": _attack,
    "activate": _activate,
    "done": _done,
    "target": _target,
    "pick": lambda a, v, n: _pick_label(v, v.get("choice") or {}, a.get("value"), n),
    "evoke": _evoke,
    "hunt": lambda a, v, n: tr("Always hunt, stop asking me") if a.get("always") else
    tr("Hunt with every Evocation left"),
    "mode": _mode,
    "crown_pick": lambda a, v, n: tr("Make {who} Grand Master", who=seat_name(n, a["winner"])),
    "tribute": lambda a, v, n: tr("Cancel my spell (still cast)") if a["cancel"] else
    tr("Go on with my spell"),
    "react": _react,
}


# ---- a whole prompt's labels, short enough for buttons ------------------------------------------------

# The widths come from the Black Rose Wars cog's budget (present.fmt.budget(): `short`, a label that fits
# a button beside others; `few`, a prompt that is buttons however long its labels) and Discord's own
# longest button label (fmt.LABEL_LIMIT).


def short_label(action: dict, view: dict, names=None) -> str:
    """A shorter label where the prompt or the board already says part of it: a spell's target without
    "Target" (the prompt reads "Fireball: choose the target", prompts.py); a studied pair without "Keep"
    (the prompt reads "keep 2 of the cards you drew"); an attack without the damage, an Evocation by its
    kind and number (the board's Mages section says whose each is, where it stands and its damage); a spell
    to ready without "Ready" (the prompt says it)."""
    kind, names = action.get("type"), names or {}
    choice = view.get("choice") or {}
    asked = C.side_of(choice["card"], choice.get("side") or "s") if choice.get("card") else {}
    if kind == "target" and not asked.get("modes"):  # (a spell with effects to choose from asks that first)
        return room_with_models(view, action["room"], names) if "room" in action else \
            model_with_place(view, action["model"], names)
    if kind == "cast" and ("room" in action or "model" in action):
        return _short_cast(action, view, names)
    if kind == "cast" and action.get("mode"):  # "Invoke Obscurity: Remove an Undead"
        return tr("{spell}: {mode}", spell=_cast_spell(view, action.get("slot")), mode=T.mode_name(action["mode"]))
    if kind == "attack":
        target = _short_model(view, action["target"], names)
        return tr("Attack {target}, then activate the room", target=target) if action.get("then") == "activate" \
            else tr("Attack {target}", target=target)
    if kind == "discard_spell":  # the prompt says it is to move 1 room
        mine = [i for i, sl in enumerate(view.get("my_slots") or ()) if sl["state"] in ("ready", "armed")]
        return tr("Discard my {spell}", spell=slot_spell_name(view, action.get("slot"), mine))
    if kind == "ready":  # the prompt says "Ready …"
        return _with_copy(T.card_label(action["card"], action["side"]), action, view)
    if kind == "study_keep":
        pair = _pair(action["cards"], lambda two: tr("{spell} + {other}", spell=two[0], other=two[1]))
        pair = pair[:1].upper() + pair[1:]  # ("both Cowardice" opens the button)
        return pair if "then" not in action else tr("{spells}, remove 1", spells=pair)
    return label(action, view, names)


def _short_cast(action: dict, view: dict, names: dict) -> str:
    """A spell cast at a target, as short as a button needs: "Cast Fireball at A3 Cemetery"; an Evocation
    by its kind and number (the board says whose it is); a spell named twice by its slot's number or
    "Quick"; past a button's width, a room by its label alone ("A3", as the board picture labels it)."""
    sl = _my_slot(view, action.get("slot"))
    spell = _cast_spell(view, action.get("slot"))
    if sl and spell != W.card_name(sl["card"]):  # another ready spell is the same: by its slot
        spell = tr("{spell} ({slot})", spell=W.card_name(sl["card"]),
                   slot=tr("Quick") if sl["slot"] == "q" else str(sl["slot"]))
    mode = T.mode_name(action["mode"]) if action.get("mode") else ""
    said = ""
    for room in ((room_name(view, action["room"]), action["room"]) if "room" in action
                 else (_short_model(view, action["model"], names),
                       *((action["model"],) if evo_of(view, action["model"]) else ()))):  # "v12", as the map tags it
        said = tr("{spell}, {mode}: {target}", spell=spell, mode=mode, target=room) if mode else \
            tr("Cast {spell} at {target}", spell=spell, target=room)
        if len(said) <= fmt.budget().short:
            return said
    # the effect alone with its target ("Remove an Undead: A3"), where the spell's name leaves no room
    return tr("{mode}: {target}", mode=mode, target=room) if mode else said


def _short_model(view: dict, m: str, names: dict) -> str:
    """A mage by player name, an Evocation as "Landsknecht (v12)"."""
    ev = evo_of(view, m)
    return tr("{evo} ({id})", evo=W.evo_kind_name(ev["kind"]), id=ev["id"]) if ev else model_name(view, m, names)


def prompt_labels(view: dict, legal: list[dict], names=None) -> list[str]:
    """Every legal action's label (presenter.py `labels`): the full ones when they all fit a button, else the
    short ones clipped to a button's width, as long as no two then read the same (else the full ones, in a
    menu)."""
    names, fit = names or {}, fmt.budget()
    full = [label(a, view, names) for a in legal]
    if all(len(s) <= fit.short for s in full):
        return full
    # (a handful of choices are buttons however long their labels: they are shortened too, for a phone)
    short = [short_label(a, view, names) for a in legal]
    if any(a["type"] == "study_keep" for a in legal):
        # The pairs kept and then a spell removed are a menu beside the pairs' buttons (bundles.py _pairs):
        # an option holds more than a button. "…, remove 1" is all that tells one from the plain keep of the
        # same pair, so nothing is clipped: where two names do not fit, the spells go by their numbers in the
        # list above the picture (presenter.py deciding_lines: "1. Fireball — …").
        if all(len(s) <= (fmt.PHONE_OPTION if "then" in a else fit.short) for a, s in zip(legal, short)):
            return short
        return [_numbered_keep(a, view) if a["type"] == "study_keep" else s for a, s in zip(legal, short)]
    return fit_labels(short, fit.short, T.clip) or full


def studied(view: dict) -> list[str]:
    """The spells being studied, one card per spell, in the order the hand lists and numbers them."""
    cards = (view.get("choice") or {}).get("look") or ()
    return sorted({c.split(".")[0]: c for c in cards if c.split(".")[0] in C.SPELLS}.values(), key=W.card_name)


def _numbered_keep(action: dict, view: dict) -> str:
    """A Study keep by the studied spells' numbers: "Keep 1 + 3", "Keep both 2, then remove a spell"."""
    order = [c.split(".")[0] for c in studied(view)]
    nums = [str(order.index(c.split(".")[0]) + 1) if c.split(".")[0] in order else "?" for c in action["cards"]]
    pair = tr("both {spell}", spell=nums[0]) if len(nums) == 2 and nums[0] == nums[1] else \
        tr("{spell} + {other}", spell=nums[0], other=nums[-1])
    return tr("Keep {spells}, then remove a spell", spells=pair) if "then" in action else \
        tr("Keep {spells}", spells=pair)
