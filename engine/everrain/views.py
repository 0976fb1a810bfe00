"""What each reader may see. Public: ships, crew, the cards in Story slots (face up) and the story number
each one awaits, counts. Private to a seat: the face-down Story cards in its own slot. Nobody: deck order,
undrawn cards, the crew pool, the Story deck, and the text of stories under the cover or sideways."""
from __future__ import annotations

from engine.core import decision
from engine.everrain import cards as C


def crew_view(cid: str) -> dict:
    c = C.CREW[cid]
    return {"id": cid, "name": c["name"], "role": c["role"], "island": c["island"], "port": c["port"]}


def card_view(card_id: str) -> dict:
    """A card in play, as everyone sees it: for a Choice, only the option names."""
    c = C.CARDS[card_id]
    out = {"id": card_id, "title": c["title"], "text": c["text"], "deck": c["deck"], "kind": c["kind"]}
    if "number" in c:
        out["number"] = c["number"]
    if c["kind"] == "test":
        out["skill"] = c["skill"]
        out["target"] = c["target"]
    elif c["kind"] == "choice":
        out["options"] = [o["name"] for o in c["options"]]
        # Which options lead on to a story is public (the choice events say so too): buttons can mark them.
        out["story_options"] = [i for i, o in enumerate(c["options"]) if o.get("story") is not None]
    return out


def _last_story(story: dict | None) -> dict | None:
    if story is None:
        return None
    return {"events": [{k: v for k, v in e.items() if k != "to"} for e in story["events"]],
            "open": story["open"]}


def _last_act(act: dict | None) -> dict | None:
    if act is None:
        return None
    return {"act": act["act"], "moved": dict(act["moved"]), "waiting": act["waiting"], "track": act["track"],
            "glory": dict(act["glory"]), "told": dict(act["told"])}


def build_view(state, seat: str | None) -> dict:
    d = state.d
    st = state.stories()
    s = d["story"]
    sideways = set(s["sideways"])
    ships = {}
    for p in d["seats"]:
        sh = d["ships"][p]
        slot = []
        for trigger in s["slots"][p]:
            sid = st.awaited(trigger)
            where = st.where(sid)
            entry = {"card": trigger, "title": C.CARDS[trigger]["title"], "awaits": st.number(sid),
                     "where": where}
            if where in ("sideways", "facedown"):
                entry["deck"] = st.type_of(sid)  # its back shows once it is on a deck
            slot.append(entry)
        ship = {"crew": [crew_view(c) for c in sh["crew"]], "supplies": sh["supplies"], "glory": sh["glory"],
                "told": sh["told"], "slot": slot, "facedown": len(s["facedown"][p])}
        if p == seat:
            ship["my_stories"] = [
                {"id": sid, "number": C.CARDS[sid]["number"], "title": C.CARDS[sid]["title"],
                 "text": C.CARDS[sid]["text"], "deck": C.CARDS[sid]["deck"]} for sid in s["facedown"][p]]
        ships[p] = ship
    decks = {t: {"cards": len(deck), "sideways": sum(1 for c in deck if c in sideways)}
             for t, deck in d["decks"][str(d["act"])].items()}
    closed = list(s["closed"].values())
    view = {
        "seat": seat, "seats": list(d["seats"]), "phase": d["phase"],
        "active": None if d["phase"] == "over" else state.active,
        "act": d["act"], "track": d["track"], "length": d["length"], "ends": list(d["ends"]),
        "round": d["round"], "ships": ships, "decks": decks,
        "cover": [{"number": st.number(sid), "owner": st.owner(sid)} for sid in s["cover"]],
        "story_deck": len(s["pile"]),
        "stories_closed": {"resolved": closed.count("resolved"), "unresolved": closed.count("unresolved")},
        "card": card_view(d["card"]) if d["card"] else None,
        "rerolled": d["rerolled"],
        # kept until the next of each (read and announced in public; None in games saved before them)
        "last_story": _last_story(d.get("last_story")),
        "last_act": _last_act(d.get("last_act")),
        # one captain decides at a time, in turn order: naming them hides nothing
        "decision": decision("over", []) if d["phase"] == "over" else decision(d["phase"], [state.active]),
    }
    if d["tester"] or d["phase"] == "reroll":
        tester = crew_view(d["tester"]) if d["tester"] else None
        view["tester"] = tester
    if d["phase"] == "reroll":
        skill = C.CARDS[d["card"]]["skill"]
        value = C.CREW[d["tester"]][skill] if d["tester"] else 0
        view["roll"] = {"die": d["roll"], "value": value, "total": d["roll"] + value}
    if d["phase"] == "over":
        view["result"] = state.result()
    return view
