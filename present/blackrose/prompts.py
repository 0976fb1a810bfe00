"""Black Rose Wars prompts: what the seat's decision is about (a menu placeholder, 150 characters at most),
from its own view: the step it is at, and which spell, room, Quest or Event asks a pick (its `choice` fact,
engine/blackrose/views.py). The moment a reaction window is about is worded here too, for the hand."""
from __future__ import annotations

from engine.blackrose import cards as C
from present.blackrose import card_text as T
from present.blackrose import words as W
from present.blackrose.bundles import prep_offered, suggested_plan
from present.blackrose.choices import _short_model, evo_of, held, model_name, room_name, seat_name
from present.i18n import tr, trn


def _question(key: str | None, op: str | None, view: dict | None = None) -> str:
    if key == "card" and op == "room_mirror":  # the Mirrors Room copying the Crypt or the Oracle Room
        values = [c for c in (view or {}).get("choice", {}).get("values") or () if c]
        mine = (view or {}).get("memories") or ()
        return tr("take which card from your Memories?") if values and all(c in mine for c in values) else \
            tr("take which card from your Grimoire?")
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
    subject = ((view or {}).get("choice") or {}).get("subject")
    who = _subject_name(view, subject) if subject else None  # whom the question is about, where it says
    if key == "dest" and op == "puppet_attack":
        return tr("where does {model} move?", model=who) if who else tr("where do they move?")
    if key == "victim" and op == "puppet_attack" and who:
        return tr("whom does {model} attack?", model=who)
    if key == "room" and who:
        return tr("send {model} to which room?", model=who)
    if key == "dest" and who:
        return tr("push {model} into which room?", model=who)
    return {
        "discard": tr("discard a spell (4 in all)"),
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
        "replace": tr("you have three Evocations: send one back to summon the new one?"),
        "quest_over": tr("more than 2 Quests: discard which?"),
        "intuition": tr("keep which Quest, and give the other to whom?"),
    }.get(key, tr("choose"))


def _subject_name(view: dict, m: str) -> str:
    """The model a question is about, without the players' names (a prompt is worded from the view alone):
    a mage by their Mage, an Evocation as "Cerberus (v2)"."""
    mage = (view.get("mage") or {}).get(m)
    return W.mage_name(mage) if mage else _short_model(view, m, {})


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
        asker, question = _asker(view, choice), _question(choice.get("key"), choice.get("op"), view)
        said = tr("{asker}: {question}", asker=asker, question=question) if asker else question
        return said[:1].upper() + said[1:]
    if kind == "react":
        moment = choice.get("moment") or {}
        if "key" in moment and moment.get("on") == "choice":
            said = _question(moment.get("key"), None)
            return tr("Your spell fires: {question}", question=said)
        # Only an owner whose "ask me" spell matches is ever asked (engine/blackrose/rules.py reaction).
        return tr("Your armed spell set to “ask me” can fire now: trigger it, or let the moment pass")
    if kind == "study":
        return _study_prompt(view, choice)
    if kind == "prep":
        ready = choice.get("ready") or ()
        if ready and not held(view):  # nothing left in hand to ready
            return trn("Confirm your ready spell, or take it back", "Confirm your {n} ready spells, or take the "
                       "last one back", len(ready))
        if not ready and suggested_plan(view):
            return tr("Ready 2–4 spells face down, one at a time (first your Quick spell), or the suggested ones "
                      "at once")
        both, then_confirm, arrows = prep_offered(view)  # what one click can ready (bundles.py)
        if len(ready) == 1 and then_confirm:
            return tr("Ready your Standard spell 1 (↑ straight side, ↓ reverse side), alone or with the "
                      "confirmation (a Preparation of 2 spells)") if arrows else \
                tr("Ready your Standard spell 1, alone or with the confirmation (a Preparation of 2 spells)")
        if both and arrows:
            return tr("Ready your Standard spells 2 and 3, one by one or both at once (↑ straight side, "
                      "↓ reverse side), or confirm these 2 spells")
        if both:
            return tr("Ready your Standard spells 2 and 3, one by one or both at once, or confirm these 2 spells")
        if arrows:
            return tr("Ready your Standard spell 2 (↑ straight side, ↓ reverse side), or confirm these 2 spells")
        return _prep_prompt(len(ready))
    found = PROMPT.get(kind)
    return found() if found else tr("Choose your move")


def _prep_prompt(n: int) -> str:
    """Preparation, by how many spells are ready: which slot the next one fills, and when it can end."""
    if n == 0:
        return tr("Ready 2–4 spells face down, one at a time: first your Quick spell")
    if n == 1:
        return tr("Ready your Standard spell 1")
    if n == 2:
        return tr("Ready your Standard spell 2, or confirm these 2 spells")
    return tr("Ready your Standard spell 3 (that confirms your Preparation), or confirm these 3 spells")


def _study_prompt(view: dict, choice: dict) -> str:
    """Study, step by step: removing a spell they asked to remove, over the hand limit, drawing (all four
    from one deck, or one at a time), keeping a pair."""
    mage = C.MAGES.get((view.get("mage") or {}).get(view.get("me")), {})
    if choice.get("remove"):
        return tr("Study: remove which spell from your hand? It goes to its school's discard pile")
    if mage and len(view.get("hand") or ()) > mage.get("hand", 99):
        if choice.get("removed"):
            return tr("Study: over your hand limit, discard a card to your Memories")
        return tr("Study: over your hand limit, discard a card to your Memories, or remove one from your hand")
    if choice.get("look"):
        return tr("Study: keep 2 of the cards you drew")
    drawn = choice.get("drawn")
    if drawn == 0 and not choice.get("mix"):
        return tr("Study: draw 4 cards from one school deck, or mix schools")
    if drawn is not None and drawn < 4:
        return tr("Study: draw 4 cards from the school decks, one at a time ({n} drawn)", n=drawn)
    return tr("Study: you may remove one spell from your hand")


def moment_text(view: dict, m: dict, names=None) -> str:
    """What is happening while a reaction window is open (public facts of the paused action only)."""
    names = names or {}
    victim_known = evo_of(view, m.get("victim")) or m.get("victim") in (view.get("pos") or {})
    if m.get("victim") and m.get("evo") and not victim_known:
        victim = tr("a new {evo} of {owner}", evo=W.evo_kind_name(m["evo"]), owner=seat_name(names, m.get("by")))
    elif m.get("victim"):
        victim = model_name(view, m["victim"], names)
    else:
        victim = tr("someone")
    by, n = seat_name(names, m.get("by")), m.get("n", 0)
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
