"""Plain-words text for Nevermore: the board, a player's hand message, button labels and log lines."""
from __future__ import annotations

from engine.core import Names
from engine.nevermore import cards as C

E = C.SUIT_EMOJI
DIR = {"left": "⬅️ left", "right": "➡️ right"}
WHY = {"attack": "an Attack", "peck": "a Peck", "magick": "Magick", "reflect": "Retribution",
       "conspiracy": "the Conspiracy of Ravens"}
VP_WHY = {"victory": "Victory", "transform": "turning a player into a Raven", "attack_all": "the great Attack",
          "overheal": "healing at full Health", "radiance5": "five Radiance", "conspiracy": "the Conspiracy",
          "magick": "Magick", "steal": "stealing"}


def suit_word(suit: str) -> str:
    return f"{E[suit]} {C.SUIT_NAME[suit]}"


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_line(p: dict, n: Names) -> str:
    if p["raven"]:
        status = f"{E['raven']} **Raven**"
    else:
        status = f"❤️ {p['health']}/{C.MAX_HEALTH}" + (f" 🛡️{p['shield']}" if p.get("shield") else "")
    extra = " ✔️ passed" if p.get("ready") else ""
    return f"**{n(p['seat'])}** — {status} · 🏆 {p['vp']} VP · 🔮 {p['magick']} Magick{extra}"


def _front_line(p: dict, n: Names) -> str:
    bits = []
    for suit in C.SUITS:
        if suit in p["front"]:
            live, dead, gone = p["front"][suit]
            bits.append(f"{E[suit]}{live}" + (f" (+{dead} killed)" if dead else "")
                        + (f" (+{gone} discarded)" if gone else ""))
    if p.get("skulk"):
        bits.append(f"{E['raven']}{p['skulk']} skulking")
    return f"{n(p['seat'])}: " + ", ".join(bits) if bits else ""


def _tokens_line(v: dict) -> str:
    marks = []
    for i, suit in enumerate(v["tokens"]):
        if suit == "?":
            marks.append("❔")
        else:
            mark = "✅" if i < v["resolved"] else "▶️" if i < v["revealed"] else "👁️" if v["hand_no"] > 1 else ""
            marks.append(mark + E[suit])
    return "Tokens: 5️⃣" + E["raven"] + " · " + " · ".join(marks) + " · ✖️" + E["raven"]


def _now(v: dict, n: Names) -> str:
    pr = v["prompt"]
    k = pr["kind"]
    if k == "over":
        return "🏁 Game over — winner: " + ", ".join(f"**{n(s)}**" for s in v["winners"])
    if k == "draft":
        waiting = ", ".join(n(s) for s in pr["waiting"])
        return f"Drafting round {pr['round'] + 1}/3: pass {pr['count']} card(s) {DIR[v['dir']]}. Waiting for {waiting}."
    if k == "commit":
        return f"{suit_word(pr['suit'])} is called: players are readying their cards face down."
    if k == "attack":
        return f"**{n(pr['seat'])}** chooses whom to attack for {pr['n']}."
    if k == "peck":
        return f"**{n(pr['seat'])}** (a Raven) decides whether to Peck."
    if k == "target":
        return f"**{n(pr['seat'])}** chooses a target for {pr['name']}."
    if k == "window":
        when = C.TIMING_TEXT[pr["timing"]]
        return f"Magick may be played now: {when}" + (f" — {C.SUIT_NAME[pr['suit']]}." if pr["suit"] else ".")
    if k == "reaction":
        about = pr["about"]
        what = (f"{n(pr['seat'])} is about to take {pr['n']} damage" if about == "damage" else
                f"{n(pr['seat'])} is about to gain {pr['n']} VP" if about == "vp" else
                f"{n(pr['seat'])} is playing {pr['name']}")
        return f"{what}: waiting for possible Magick reactions…"
    return "…"


def render(v: dict, names: dict) -> str:
    n = Names(names)
    head = f"**Nevermore** — hand {v['hand_no']} · dealer **{n(v['dealer'])}** · passing {DIR[v['dir']]}"
    if v["skip"]:
        head += " (skipping a seat)"
    lines = [head, _tokens_line(v)]
    if v["draws"] and v["hand_no"] == 1 and v["round"] == 0:
        drawn = ", ".join(f"{n(s)} {E[x]}" for s, x in v["draws"])
        lines.append(f"Dealer draw: {drawn} — first Raven deals.")
    lines += [_player_line(p, n) for p in v["players"]]
    fronts = [line for p in v["players"] if (line := _front_line(p, n))]
    if fronts:
        lines.append("In front: " + " | ".join(fronts))
    if v["last"]:
        suit, actors, strength = v["last"]["suit"], v["last"]["actors"], v["last"]["n"]
        if actors:
            lines.append(f"Last: {suit_word(suit)} — " + ", ".join(f"{n(s)}" for s in actors)
                         + f" had the most and act{'s' if len(actors) == 1 else ''} for {strength}.")
        else:
            lines.append(f"Last: {suit_word(suit)} — nobody had any.")
    if v["in_play"]:
        lines.append("Being played: " + ", ".join(v["in_play"]))
    lines.append(_now(v, n))
    if v["seat"] is not None:
        lines += _private(v, n)
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"


def _suits(ids: list[str]) -> str:
    return _suit_counts([C.SUIT_OF[c] for c in ids])


def _suit_counts(suits: list[str]) -> str:
    counts: dict[str, int] = {}
    for suit in suits:
        counts[suit] = counts.get(suit, 0) + 1
    return ", ".join(f"{E[s]} {C.SUIT_NAME[s]} ×{counts[s]}" for s in C.SUITS if s in counts) or "nothing"


def _private(v: dict, n: Names) -> list[str]:
    out = ["", f"**Your hand:** {_suits(v['hand'])}"]
    if v["arrived"] and v["round"] <= 3:
        out.append(f"Just arrived: {_suits(v['arrived'])}")
    if v["picked"]:
        out.append(f"Chosen to pass: {_suits(v['picked'])}")
    if any(v["committed"].values()):
        out.append(f"Readied face down: {_suits(v['committed']['played'] + v['committed']['killed'])}"
                   f" ({len(v['committed']['ravens'])} Raven kill(s))")
    peeked = [x for i, x in enumerate(v["tokens"]) if i >= v["revealed"] and x != "?" and v["hand_no"] > 1]
    if peeked:
        out.append("You foresee next: " + ", ".join(suit_word(s) for s in peeked))
    me = next(p for p in v["players"] if p["seat"] == v["seat"])
    if v["magick_cards"]:
        out.append("**Your Magick:**")
        playable = {a["card"] for a in v["actions"] if a["type"] == "play"}
        for c in v["magick_cards"]:
            sp = C.spec(c, me["raven"])
            text = sp["text"] if c in playable else _short(sp["text"], 70)
            out.append(f"• {'▶️ ' if c in playable else ''}{sp['name']} ({sp['deck']}): {text}")
    if v["actions"]:
        out.append("👉 " + _todo(v))
    return out


def _todo(v: dict) -> str:
    kind = v["actions"][0]["type"]
    return {
        "pick": "Choose the cards to pass one at a time, then confirm.",
        "unpick": "Take a card back or confirm your pass.",
        "confirm": "Confirm your pass (or take a card back).",
        "commit": "Ready your cards: choose how many your Ravens kill now.",
        "attack": "Choose whom to attack.",
        "peck": "Peck (all or none)?",
        "target": "Choose a target for your Magick card.",
        "play": "You may play a Magick card now, or pass.",
    }.get(kind, "Your move.")


def label(a: dict, v: dict, names: dict | None = None) -> str:
    nm = Names(names or {})
    k = a["type"]
    pr = v.get("prompt", {})
    if k == "pick":
        return f"Pass a {suit_word(a['suit'])} card"
    if k == "unpick":
        return f"Take back a {suit_word(a['suit'])} card"
    if k == "confirm":
        return f"Confirm passing {len(v.get('picked', []))} card(s) {DIR[v['dir']]}"
    if k == "commit":
        suit = C.SUIT_NAME[pr.get("suit", "attack")]
        return f"Reveal {suit} cards, Ravens kill {a['kill']}"
    if k == "attack":
        return f"Attack {nm(a['target'])} for {pr.get('n', '?')} damage"
    if k == "attack_all":
        return "Deal 1 damage to every other player and gain 2 VP"
    if k == "peck":
        return _short("Peck " + ", ".join(nm(t) for t in pr.get("targets", [])) + " (1 damage each)", 80)
    if k == "no_peck":
        return "Don't peck"
    if k == "target":
        return f"Target {nm(a['seat'])}"
    if k == "play":
        me = next((p for p in v["players"] if p["seat"] == v.get("seat")), None)
        sp = C.spec(a["card"], bool(me and me["raven"]))
        return _short(f"Play {sp['name']}: {sp['text']}", 80)
    if k == "pass":
        return "Pass (play no Magick now)"
    return k


def describe(ev: dict, names: dict) -> str:
    n = Names(names)
    k = ev["type"]
    if k == "hand":
        d = "⬅️ left" if ev["dir"] == 1 else "➡️ right"
        return f"Hand {ev['hand']} begins: {n(ev['dealer'])} deals; cards pass {d}."
    if k == "deal":
        return f"You are dealt {_suit_counts(ev['suits'])}."
    if k == "arrived":
        return f"Passed to you: {_suit_counts(ev['suits'])}." if ev["suits"] else ""
    if k == "passed":
        return f"Everyone passed {ev['count']} card(s)" + (" two seats over." if ev["skip"] else ".")
    if k == "ready":
        return ""
    if k == "token":
        return f"The dealer calls {suit_word(ev['suit'])}."
    if k == "reveal":
        shown = ", ".join(f"{n(s)} {a}" + (f" (+{b} killed by Ravens)" if b else "")
                          for s, (a, b) in ev["shown"].items() if a or b)
        return f"{suit_word(ev['suit'])} revealed: {shown or 'nobody had any'}."
    if k == "outcome":
        if not ev["actors"]:
            return f"Nobody has any living {C.SUIT_NAME[ev['suit']]} cards."
        who = " and ".join(n(s) for s in ev["actors"])
        return f"{who} had the most {C.SUIT_NAME[ev['suit']]} (strength {ev['n']})."
    if k == "attack":
        return f"⚔️ {n(ev['seat'])} attacks {n(ev['target'])} for {ev['n']}."
    if k == "attack_all":
        return f"⚔️ {n(ev['seat'])} strikes everyone for 1 damage and gains 2 VP."
    if k == "peck":
        return f"{E['raven']} {n(ev['seat'])} pecks " + (", ".join(n(s) for s in ev["targets"]) or "nobody") + "."
    if k == "no_peck":
        return f"{n(ev['seat'])} does not peck."
    if k == "damage":
        soak = f" ({ev['absorbed']} prevented by a shield)" if ev["absorbed"] else ""
        return f"💥 {n(ev['tgt'])} takes {ev['n']} damage from {WHY.get(ev['why'], ev['why'])}{soak}."
    if k == "raven":
        return f"{E['raven']} {n(ev['seat'])} is turned into a Raven!"
    if k == "human":
        return f"🧍 {n(ev['seat'])} returns to human form with {ev['health']} Health."
    if k == "heal":
        return f"💚 {n(ev['seat'])} heals {ev['n']}." if ev["n"] else ""
    if k == "vp":
        return f"🏆 {n(ev['seat'])} gains {ev['n']} VP for {VP_WHY.get(ev['why'], ev['why'])} (now {ev['total']})."
    if k == "lose_vp":
        return f"{n(ev['seat'])} loses {ev['n']} VP (now {ev['total']})."
    if k == "draw":
        deck = "Light" if ev["deck"] == "light" else "Shadow"
        return f"🔮 {n(ev['seat'])} draws {ev['n']} {deck} Magick card(s)." if ev["n"] else ""
    if k == "drew":
        return "You drew: " + ", ".join(ev["names"]) + "."
    if k == "play":
        side = " (Raven side)" if ev["raven_side"] else ""
        return f"🔮 {n(ev['seat'])} plays {ev['name']}{side}."
    if k == "target":
        return f"{ev['name']} targets {n(ev['target'])}."
    if k == "cancelled":
        return f"{n(ev['seat'])}'s {ev['name']} is cancelled."
    if k == "conspiracy":
        return f"{E['raven']*5} {n(ev['seat'])} reveals a Conspiracy of Ravens! The hand ends."
    if k == "radiant":
        return f"✨ {n(ev['seat'])} played five Radiance: heals 2 and gains 1 VP."
    if k == "skulking":
        if not ev["actors"]:
            return "No Skulking Ravens."
        return " and ".join(n(s) for s in ev["actors"]) + f" lead the Skulking Ravens (draw {ev['n']} Shadow)."
    if k == "discarded":
        return f"{n(ev['seat'])} discards {ev['n']} {C.SUIT_NAME[ev['suit']]} card(s)."
    if k == "bonus":
        return f"{n(ev['seat'])} counts {ev['n']:+d} {C.SUIT_NAME[ev['suit']]} this hand."
    if k == "shield":
        return f"🛡️ {n(ev['seat'])} is shielded from the next {ev['n']} damage this hand."
    if k == "pass_dir":
        d = "⬅️ left" if ev["dir"] == 1 else "➡️ right"
        return f"This hand's cards now pass {d}" + (", two seats over." if ev["skip"] else ".")
    if k == "peek":
        return "You foresee: " + ", ".join(suit_word(s) for s in ev["tokens"]) + "."
    if k == "shuffle_tokens":
        return "The hidden Resolution tokens are shuffled."
    if k == "swapped":
        return f"{n(ev['seat'])} swaps a random card with {n(ev['other'])}."
    if k == "received":
        return f"You received a {suit_word(ev['suit'])} card."
    if k == "cleanup":
        return f"Clean-up: the marker flips; next dealer {n(ev['dealer'])}."
    if k == "reshuffle":
        return f"The {ev['deck'].title()} Magick discards are shuffled into a new deck."
    if k == "tie":
        return "Tied for the win at 6+ VP and Health: play continues."
    if k == "win":
        return "🏁 " + " and ".join(n(s) for s in ev["seats"]) + " wins!"
    return ""
