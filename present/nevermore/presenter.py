"""Nevermore's words: the board and hand Docs, button labels and log lines, from views and events only."""
from __future__ import annotations

from engine.nevermore import cards as C
from itertools import combinations_with_replacement

from present.base import BasePresenter, Bundle, Doc, Line, Section, Strong, join_names, line, who

E = C.SUIT_EMOJI
DIR = {"left": "⬅️ left", "right": "➡️ right"}
WHY = {"attack": "an Attack", "peck": "a Peck", "magick": "Magick", "reflect": "Retribution",
       "conspiracy": "the Conspiracy of Ravens"}
VP_WHY = {"victory": "Victory", "transform": "turning a player into a Raven", "attack_all": "the great Attack",
          "overheal": "healing at full Health", "radiance5": "five Radiance", "conspiracy": "the Conspiracy",
          "magick": "Magick", "steal": "stealing"}
TODO = {
    "pick": "Choose the cards to pass: one button passes them all.",
    "unpick": "Take a card back or confirm your pass.",
    "confirm": "Confirm your pass (or take a card back).",
    "commit": "Ready your cards: choose how many your Ravens kill now.",
    "attack": "Choose whom to attack.",
    "attack_all": "Choose whom to attack.",
    "peck": "Peck (all or none)?",
    "no_peck": "Peck (all or none)?",
    "target": "Choose a target for your Magick card.",
    "play": "You may play a Magick card now, or pass.",
    "pass": "You may play a Magick card now, or pass.",
}


def suit_word(suit: str) -> str:
    return f"{E[suit]} {C.SUIT_NAME[suit]}"


def _verb(seats: list, one: str, many: str) -> str:
    """The verb that agrees with a list of players: "Ann leads", "Ann and Bo lead"."""
    return one if len(seats) == 1 else many


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_line(p: dict, names: dict) -> Line:
    if p["raven"]:
        status: tuple = (f"{E['raven']} ", Strong("Raven"))
    else:
        status = (f"❤️ {p['health']}/{C.MAX_HEALTH}" + (f" 🛡️{p['shield']}" if p.get("shield") else ""),)
    extra = " ✔️ passed" if p.get("ready") else ""
    return line(Strong(names.get(p["seat"], p["seat"])), " — ", *status,
                f" · 🏆 {p['vp']} VP · 🔮 {p['magick']} Magick{extra}")


def _front_line(p: dict, names: dict) -> Line:
    bits = []
    for suit in C.SUITS:
        if suit in p["front"]:
            live, dead, gone = p["front"][suit]
            bits.append(f"{E[suit]}{live}" + (f" (+{dead} killed)" if dead else "")
                        + (f" (+{gone} discarded)" if gone else ""))
    if p.get("skulk"):
        bits.append(f"{E['raven']}{p['skulk']} skulking")
    return line(who(names, p["seat"]), ": " + ", ".join(bits)) if bits else ()


def _tokens_line(v: dict) -> Line:
    marks = []
    for i, suit in enumerate(v["tokens"]):
        if suit == "?":
            marks.append("❔")
        else:
            mark = "✅" if i < v["resolved"] else "▶️" if i < v["revealed"] else "👁️" if v["hand_no"] > 1 else ""
            marks.append(mark + E[suit])
    return line("Tokens: 5️⃣" + E["raven"] + " · " + " · ".join(marks) + " · ✖️" + E["raven"])


def _suit_counts(suits: list[str]) -> str:
    counts: dict[str, int] = {}
    for suit in suits:
        counts[suit] = counts.get(suit, 0) + 1
    return ", ".join(f"{E[s]} {C.SUIT_NAME[s]} ×{counts[s]}" for s in C.SUITS if s in counts) or "nothing"


def _suits(ids: list[str]) -> str:
    return _suit_counts([C.SUIT_OF[c] for c in ids])


def _last(v: dict, names: dict) -> Section | None:
    """The last suit resolved, kept on the board until the next one."""
    if not v["last"]:
        return None
    return Section("Last resolved", [_suit_line(v["last"], names)])


def _suit_line(r: dict, names: dict) -> Line:
    suit, actors, strength = r["suit"], r["actors"], r["n"]
    if actors:
        return line(suit_word(suit), " — ", *join_names(names, actors, ", "),
                    f" had the most and {_verb(actors, 'acts', 'act')} for {strength}.")
    return line(f"{suit_word(suit)} — nobody had any.")


def _resolution(v: dict, names: dict) -> Section | None:
    """The whole last hand's resolution, kept on the board until the next hand resolves (so a suit, a
    Conspiracy or the Skulking resolved while someone looked away is still there)."""
    r = v.get("resolution")
    if not r:
        return None
    rows = [line(f"{E['raven'] * 5} ", who(names, s), " revealed a Conspiracy of Ravens: 1 damage to every "
                 "human rival, 1 Shadow Magick and 1 VP; the hand ended.") for s in r["conspiracy"]]
    rows += [_suit_line(s, names) for s in r["suits"]]
    sk = r["skulking"]
    if sk is not None:
        rows.append(line(f"{E['raven']} Skulking Ravens — ", *join_names(names, sk["actors"], ", "),
                         f" {_verb(sk['actors'], 'leads', 'lead')} and {_verb(sk['actors'], 'draws', 'each draw')}"
                         f" {sk['n']} Shadow.") if sk["actors"] else line(f"{E['raven']} Skulking Ravens — none."))
    return Section(f"Hand {r['hand']} resolution", rows) if rows else None


class NevermorePresenter(BasePresenter):
    key = "nevermore"
    emoji = E["raven"]
    colour = 0x4B2E5A
    title = "Nevermore"

    def _sections(self, v: dict, names: dict) -> list[Section]:
        head = [line("Dealer ", Strong(names.get(v["dealer"], v["dealer"])), f" · passing {DIR[v['dir']]}"
                     + (" (skipping a seat)" if v["skip"] else "")), _tokens_line(v)]
        if v["draws"] and v["hand_no"] == 1 and v["round"] == 0:
            runs: list = ["Dealer draw: "]
            for i, (s, x) in enumerate(v["draws"]):
                runs += [", " if i else "", who(names, s), f" {E[x]}"]
            head.append(line(*runs, " — first Raven deals."))
        out = [Section("", head), Section("Players", [_player_line(p, names) for p in v["players"]])]
        fronts = [f for p in v["players"] if (f := _front_line(p, names))]
        if fronts:
            out.append(Section("In front", fronts))
        summary = _resolution(v, names)
        if summary:
            out.append(summary)
        if v["in_play"]:
            out.append(Section("", [line("Being played: " + ", ".join(v["in_play"]))]))
        return out

    def _title(self, v: dict) -> str:
        return f"{self.emoji} Nevermore · hand {v['hand_no']}"

    def board(self, v: dict, names: dict[str, str]) -> Doc:
        return Doc(self._title(v), self._sections(v, names), self.waiting(v, names) or ())

    def hand(self, v: dict, names: dict[str, str]) -> Doc:
        sections = self._sections(v, names)
        if v["seat"] is not None:
            sections += self._private(v)
        foot = line(self.prompt(v)) if v.get("actions") else self.waiting(v, names) or ()
        return Doc(self._title(v), sections, foot)

    def _private(self, v: dict) -> list[Section]:
        mine = [line(_suits(v["hand"]))]
        if v["arrived"] and v["round"] <= 3:
            mine.append(line(f"Just arrived: {_suits(v['arrived'])}"))
        if v["picked"]:
            mine.append(line(f"Chosen to pass: {_suits(v['picked'])}"))
        if any(v["committed"].values()):
            mine.append(line(f"Readied face down: {_suits(v['committed']['played'] + v['committed']['killed'])}"
                             f" ({len(v['committed']['ravens'])} Raven kill(s))"))
        peeked = [x for i, x in enumerate(v["tokens"]) if i >= v["revealed"] and x != "?" and v["hand_no"] > 1]
        if peeked:
            mine.append(line("You foresee next: " + ", ".join(suit_word(s) for s in peeked)))
        r = v.get("resolution")
        if r and v["seat"] in r["conspiracy"]:
            mine.append(line(f"Your Conspiracy of Ravens ended hand {r['hand']}: 1 damage to every human rival,"
                             " 1 Shadow Magick and 1 VP for you."))
        out = [Section("Your hand", mine)]
        if v["magick_cards"]:
            me = next(p for p in v["players"] if p["seat"] == v["seat"])
            playable = {a["card"] for a in v["actions"] if a["type"] == "play"}
            rows = []
            for c in v["magick_cards"]:
                sp = C.spec(c, me["raven"])
                text = sp["text"] if c in playable else _short(sp["text"], 70)
                rows.append(line(f"• {'▶️ ' if c in playable else ''}{sp['name']} ({sp['deck']}): {text}"))
            out.append(Section("Your Magick", rows))
        return out

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        """From the public prompt fact only: hidden windows name nobody (issue 8 §4)."""
        pr = v["prompt"]
        k = pr["kind"]
        if k == "over":
            return None
        if k == "draft":
            return line(f"Drafting round {pr['round'] + 1}/3: pass {pr['count']} card(s) {DIR[v['dir']]}. "
                        "Waiting for ", *join_names(names, v["decision"]["seats"]), ".")
        if k == "commit":
            return line(f"{suit_word(pr['suit'])} is called: players are readying their cards face down.")
        if k == "attack":
            return line(Strong(names.get(pr["seat"], pr["seat"])), f" chooses whom to attack for {pr['n']}.")
        if k == "peck":
            return line(Strong(names.get(pr["seat"], pr["seat"])), " (a Raven) decides whether to Peck.")
        if k == "target":
            return line(Strong(names.get(pr["seat"], pr["seat"])), f" chooses a target for {pr['name']}.")
        if k == "window":
            when = C.TIMING_TEXT[pr["timing"]]
            return line(f"Magick may be played now: {when}" + (f" — {C.SUIT_NAME[pr['suit']]}." if pr["suit"] else "."),
                        " Waiting for reactions.")
        if k == "reaction":
            about = pr["about"]
            what = (f" is about to take {pr['n']} damage" if about == "damage" else
                    f" is about to gain {pr['n']} VP" if about == "vp" else f" is playing {pr['name']}")
            return line(who(names, pr["seat"]), what, ": waiting for possible Magick reactions…")
        return line("…")

    def prompt(self, v: dict) -> str:
        actions = v.get("actions") or []
        return TODO.get(actions[0]["type"], "Your move.") if actions else "Choose your move…"

    def bundles(self, v: dict, legal: list[dict]) -> list[Bundle] | None:
        """A pass is one click: every different set of suits the seat could still pass (picks are by suit,
        so cards of a suit are alike), each with its confirm. Ten at most: 3 of 5 cards."""
        pr = v.get("prompt", {})
        if pr.get("kind") != "draft" or not any(a["type"] == "pick" for a in legal):
            return None
        need = pr["count"] - len(v["picked"])
        held = [C.SUIT_OF[c] for c in v["hand"]]
        for c in v["picked"]:
            held.remove(C.SUIT_OF[c])
        out = []
        for suits in combinations_with_replacement(C.SUITS, need):  # in suit order, each set once
            if all(suits.count(x) <= held.count(x) for x in set(suits)):
                steps = tuple({"type": "pick", "suit": x} for x in suits) + ({"type": "confirm"},)
                words = [f"{suits.count(x)}× {suit_word(x)}" if suits.count(x) > 1 else suit_word(x)
                         for x in dict.fromkeys(suits)]
                out.append(Bundle(", ".join(words), steps))  # short: buttons, one click
        return out

    def label(self, a: dict, v: dict, names: dict[str, str] | None = None) -> str:
        names = names or {}
        k = a["type"]
        pr = v.get("prompt", {})
        if k == "pick":
            return f"Pass a {suit_word(a['suit'])} card"
        if k == "unpick":
            return f"Take back a {suit_word(a['suit'])} card"
        if k == "confirm":
            return f"Confirm passing {len(v.get('picked', []))} card(s) {DIR[v['dir']]}"
        if k == "commit":
            return f"Reveal {C.SUIT_NAME[pr.get('suit', 'attack')]} cards, Ravens kill {a['kill']}"
        if k == "attack":
            return _short(f"Attack {names.get(a['target'], a['target'])} for {pr.get('n', '?')} damage", 80)
        if k == "attack_all":
            return "Deal 1 damage to every other player and gain 2 VP"
        if k == "peck":
            return _short("Peck " + ", ".join(names.get(t, t) for t in pr.get("targets", [])) + " (1 damage each)", 80)
        if k == "no_peck":
            return "Don't peck"
        if k == "target":
            return _short(f"Target {names.get(a['seat'], a['seat'])}", 80)
        if k == "play":
            me = next((p for p in v["players"] if p["seat"] == v.get("seat")), None)
            sp = C.spec(a["card"], bool(me and me["raven"]))
            return _short(f"Play {sp['name']}: {sp['text']}", 80)
        if k == "pass":
            return "Pass (play no Magick now)"
        return k

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        n = lambda s: who(names, s)  # noqa: E731
        k = ev["type"]
        if k == "hand":
            d = "⬅️ left" if ev["dir"] == 1 else "➡️ right"
            return line(f"Hand {ev['hand']} begins: ", n(ev["dealer"]), f" deals; cards pass {d}.")
        if k == "deal":
            return line(f"You are dealt {_suit_counts(ev['suits'])}.")
        if k == "arrived":
            return line(f"Passed to you: {_suit_counts(ev['suits'])}.") if ev["suits"] else None
        if k == "passed":
            return line(f"Everyone passed {ev['count']} card(s)" + (" two seats over." if ev["skip"] else "."))
        if k == "token":
            return line(f"The dealer calls {suit_word(ev['suit'])}.")
        if k == "reveal":
            runs: list = [f"{suit_word(ev['suit'])} revealed: "]
            shown = [(s, a, b) for s, (a, b) in ev["shown"].items() if a or b]
            for i, (s, a, b) in enumerate(shown):
                runs += [", " if i else "", n(s), f" {a}" + (f" (+{b} killed by Ravens)" if b else "")]
            return line(*runs, "nobody had any." if not shown else ".")
        if k == "outcome":
            if not ev["actors"]:
                return line(f"Nobody has any living {C.SUIT_NAME[ev['suit']]} cards.")
            return line(*join_names(names, ev["actors"]), f" had the most {C.SUIT_NAME[ev['suit']]} (strength {ev['n']}).")
        if k == "attack":
            return line("⚔️ ", n(ev["seat"]), " attacks ", n(ev["target"]), f" for {ev['n']}.")
        if k == "attack_all":
            return line("⚔️ ", n(ev["seat"]), " strikes everyone for 1 damage and gains 2 VP.")
        if k == "peck":
            targets = join_names(names, ev["targets"], ", ") or ("nobody",)
            return line(f"{E['raven']} ", n(ev["seat"]), " pecks ", *targets, ".")
        if k == "no_peck":
            return line(n(ev["seat"]), " does not peck.")
        if k == "damage":
            soak = f" ({ev['absorbed']} prevented by a shield)" if ev["absorbed"] else ""
            return line("💥 ", n(ev["tgt"]), f" takes {ev['n']} damage from {WHY.get(ev['why'], ev['why'])}{soak}.")
        if k == "raven":
            return line(f"{E['raven']} ", n(ev["seat"]), " is turned into a Raven!")
        if k == "human":
            return line("🧍 ", n(ev["seat"]), f" returns to human form with {ev['health']} Health.")
        if k == "heal":
            return line("💚 ", n(ev["seat"]), f" heals {ev['n']}.") if ev["n"] else None
        if k == "vp":
            return line("🏆 ", n(ev["seat"]), f" gains {ev['n']} VP for {VP_WHY.get(ev['why'], ev['why'])} "
                        f"(now {ev['total']}).")
        if k == "vp_denied":
            # A Covet: the gain it cuts may land as a smaller "vp" line, or (cut to 0) not at all, so say both.
            if not ev["cut"]:
                return line(n(ev["seat"]), "'s Covet finds no VP left to cut for ", n(ev["target"]), ".")
            rest = (f"gains only {ev['left']} VP" if ev["left"] else "gains no VP at all")
            return line("🫳 ", n(ev["seat"]), f"'s Covet cuts {ev['cut']} VP from ", n(ev["target"]), "'s gain: ",
                        n(ev["target"]), f" {rest}.")
        if k == "lose_vp":
            return line(n(ev["seat"]), f" loses {ev['n']} VP (now {ev['total']}).")
        if k == "draw":
            deck = "Light" if ev["deck"] == "light" else "Shadow"
            return line("🔮 ", n(ev["seat"]), f" draws {ev['n']} {deck} Magick card(s).") if ev["n"] else None
        if k == "drew":
            return line("You drew: " + ", ".join(ev["names"]) + ".")
        if k == "play":
            side = " (Raven side)" if ev["raven_side"] else ""
            return line("🔮 ", n(ev["seat"]), f" plays {ev['name']}{side}.")
        if k == "target":
            return line(f"{ev['name']} targets ", n(ev["target"]), ".")
        if k == "cancelled":
            return line(n(ev["seat"]), f"'s {ev['name']} is cancelled.")
        if k == "conspiracy":
            return line(f"{E['raven'] * 5} ", n(ev["seat"]), " reveals a Conspiracy of Ravens! The hand ends.")
        if k == "radiant":
            return line("✨ ", n(ev["seat"]), " played five Radiance: heals 2 and gains 1 VP.")
        if k == "skulking":
            if not ev["actors"]:
                return line("No Skulking Ravens.")
            draws = _verb(ev["actors"], "draws", "each draws")
            return line(*join_names(names, ev["actors"]), f" {_verb(ev['actors'], 'leads', 'lead')} the Skulking "
                        f"Ravens ({draws} {ev['n']} Shadow).")
        if k == "discarded":
            return line(n(ev["seat"]), f" discards {ev['n']} {C.SUIT_NAME[ev['suit']]} card(s).")
        if k == "bonus":
            return line(n(ev["seat"]), f" counts {ev['n']:+d} {C.SUIT_NAME[ev['suit']]} this hand.")
        if k == "shield":
            return line("🛡️ ", n(ev["seat"]), f" is shielded from the next {ev['n']} damage this hand.")
        if k == "pass_dir":
            d = "⬅️ left" if ev["dir"] == 1 else "➡️ right"
            return line(f"This hand's cards now pass {d}" + (", two seats over." if ev["skip"] else "."))
        if k == "peek":
            return line("You foresee: " + ", ".join(suit_word(s) for s in ev["tokens"]) + ".")
        if k == "shuffle_tokens":
            return line("The hidden Resolution tokens are shuffled.")
        if k == "swapped":
            return line(n(ev["seat"]), " swaps a random card with ", n(ev["other"]), ".")
        if k == "received":
            return line(f"You received a {suit_word(ev['suit'])} card.")
        if k == "cleanup":
            return line("Clean-up: the marker flips; next dealer ", n(ev["dealer"]), ".")
        if k == "reshuffle":
            return line(f"The {ev['deck'].title()} Magick discards are shuffled into a new deck.")
        if k == "tie":
            return line("Tied for the win at 6+ VP and Health: play continues.")
        return None  # "ready" says nothing; "win" is said once, in the result message

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        players = {p["seat"]: p for p in view["players"]}
        doc.sections[1].lines = [
            line(who(names, s), f": {v} VP" + (f", {players[s]['health']} Health" if s in players and
                                                not players[s]["raven"] else ", a Raven" if s in players else ""))
            for s, v in sorted(result["scores"].items(),
                               key=lambda kv: (-kv[1], -players.get(kv[0], {}).get("health", 0)))]
        doc.sections.append(Section("", [line(f"A human player at {C.WIN_VP}+ VP wins (more VP, then more "
                                              "Health, breaks a tie; a full tie plays on); the last human "
                                              "standing wins too.")]))
        return doc


PRESENTER = NevermorePresenter()
