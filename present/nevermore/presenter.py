"""Nevermore's words: the board and hand Docs, button labels and log lines, from views and events only.
Every word through the catalog (present/i18n.py); suits and Magick cards through the glossary."""
from __future__ import annotations

from itertools import combinations_with_replacement

from engine.nevermore import cards as C
from present import fmt
from present.base import BasePresenter, Bundle, Doc, Line, Section, Strong, join_names, line, who
from present.datawords import term, text
from present.nevermore.datawords import NEVERMORE_MAGICK, NEVERMORE_SUIT, NEVERMORE_TEXT
from present.i18n import join, mark, tr, trl, trn, trln

E = C.SUIT_EMOJI
DIR = {"left": mark("⬅️ left"), "right": mark("➡️ right")}
WHY = {"attack": mark("an Attack"), "peck": mark("a Peck"), "magick": mark("Magick"), "reflect": mark("Retribution"),
       "conspiracy": mark("the Conspiracy of Ravens")}
VP_WHY = {"victory": mark("Victory"), "transform": mark("turning a player into a Raven"),
          "attack_all": mark("the great Attack"), "overheal": mark("healing at full Health"),
          "radiance5": mark("five Radiance"), "conspiracy": mark("the Conspiracy"), "magick": mark("Magick"),
          "steal": mark("stealing")}
TODO = {
    "pick": mark("Choose the cards to pass: one button passes them all."),
    "unpick": mark("Take a card back or confirm your pass."),
    "confirm": mark("Confirm your pass (or take a card back)."),
    "commit": mark("Ready your cards: choose how many your Ravens kill now."),
    "attack": mark("Choose whom to attack."),
    "attack_all": mark("Choose whom to attack."),
    "peck": mark("Peck (all or none)?"),
    "no_peck": mark("Peck (all or none)?"),
    "target": mark("Choose a target for your Magick card."),
    "play": mark("You may play a Magick card now, or pass."),
    "pass": mark("You may play a Magick card now, or pass."),
}


def suit(s: str) -> str:
    """A suit's name in the reading language (no emoji)."""
    return term(NEVERMORE_SUIT, C.SUIT_NAME[s])


def suit_word(s: str) -> str:
    return f"{E[s]} {suit(s)}"


def magick(name: str) -> str:
    return term(NEVERMORE_MAGICK, name)


def _direction(d: str) -> str:
    return tr(DIR[d])


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_line(p: dict, names: dict) -> Line:
    if p["raven"]:
        status: tuple = (f"{E['raven']} ", Strong(suit("raven")))
    else:
        status = (f"❤️ {p['health']}/{C.MAX_HEALTH}" + (f" 🛡️{p['shield']}" if p.get("shield") else ""),)
    extra = " ✔️ " + tr("passed") if p.get("ready") else ""
    return line(Strong(names.get(p["seat"], p["seat"])), " — ", *status,
                " · 🏆 " + tr("{n} VP", n=p["vp"]) + " · 🔮 " + tr("{n} Magick", n=p["magick"]) + extra)


def _front_line(p: dict, names: dict) -> Line:
    bits = []
    for s in C.SUITS:
        if s in p["front"]:
            live, dead, gone = p["front"][s]
            bits.append(f"{E[s]}{live}" + (" " + tr("(+{n} killed)", n=dead) if dead else "")
                        + (" " + tr("(+{n} discarded)", n=gone) if gone else ""))
    if p.get("skulk"):
        bits.append(f"{E['raven']}{p['skulk']} " + tr("skulking"))
    return line(who(names, p["seat"]), ": " + ", ".join(bits)) if bits else ()


def _tokens_line(v: dict) -> Line:
    marks = []
    for i, s in enumerate(v["tokens"]):
        if s == "?":
            marks.append("❔")
        else:
            shown = "✅" if i < v["resolved"] else "▶️" if i < v["revealed"] else "👁️" if v["hand_no"] > 1 else ""
            marks.append(shown + E[s])
    return line(tr("Tokens: {tokens}", tokens="5️⃣" + E["raven"] + " · " + " · ".join(marks) + " · ✖️" + E["raven"]))


def _suit_counts(suits: list[str]) -> str:
    counts: dict[str, int] = {}
    for s in suits:
        counts[s] = counts.get(s, 0) + 1
    return ", ".join(f"{E[s]} {suit(s)} ×{counts[s]}" for s in C.SUITS if s in counts) or tr("nothing")


def _suits(ids: list[str]) -> str:
    return _suit_counts([C.SUIT_OF[c] for c in ids])


def _last(v: dict, names: dict) -> Section | None:
    """The last suit resolved, kept on the board until the next one."""
    if not v["last"]:
        return None
    return Section(tr("Last resolved"), [_suit_line(v["last"], names)])


def _suit_line(r: dict, names: dict) -> Line:
    s, actors, strength = r["suit"], r["actors"], r["n"]
    if actors:
        return line(suit_word(s), " — ", *trln("{players} had the most and acts for {strength}.",
                                               "{players} had the most and act for {strength}.", len(actors),
                                               players=join_names(names, actors, ", "), strength=strength))
    return line(suit_word(s), " — ", tr("nobody had any."))


def _resolution(v: dict, names: dict) -> Section | None:
    """The whole last hand's resolution, kept on the board until the next hand resolves (so a suit, a
    Conspiracy or the Skulking resolved while someone looked away is still there)."""
    r = v.get("resolution")
    if not r:
        return None
    rows = [line(f"{E['raven'] * 5} ", *trl("{player} revealed a Conspiracy of Ravens: 1 damage to every human "
                                            "rival, 1 Shadow Magick and 1 VP; the hand ended.", player=who(names, s)))
            for s in r["conspiracy"]]
    rows += [_suit_line(x, names) for x in r["suits"]]
    sk = r["skulking"]
    if sk is not None:
        head = f"{E['raven']} " + tr("Skulking Ravens") + " — "
        rows.append(line(head, *trln("{players} leads and draws {count} Shadow.",
                                     "{players} lead and each draw {count} Shadow.", len(sk["actors"]),
                                     players=join_names(names, sk["actors"], ", "), count=sk["n"])) if sk["actors"] else line(head + tr("none.")))
    return Section(tr("Hand {n} resolution", n=r["hand"]), rows) if rows else None


class NevermorePresenter(BasePresenter):
    key = "nevermore"
    log_varies = frozenset({"heal"})  # healing 0 makes no line
    emoji = E["raven"]
    title = mark("Nevermore")

    def _sections(self, v: dict, names: dict) -> list[Section]:
        passing = (tr("passing {direction} (skipping a seat)", direction=_direction(v["dir"])) if v["skip"]
                   else tr("passing {direction}", direction=_direction(v["dir"])))
        head = [line(*trl("Dealer {player}", player=Strong(names.get(v["dealer"], v["dealer"]))), " · " + passing),
                _tokens_line(v)]
        if v["draws"] and v["hand_no"] == 1 and v["round"] == 0:
            runs: list = []
            for i, (s, x) in enumerate(v["draws"]):
                runs += [", " if i else "", who(names, s), f" {E[x]}"]
            head.append(trl("Dealer draw: {draws} — first Raven deals.", draws=tuple(runs)))
        out = [Section("", head), Section(tr("Players"), [_player_line(p, names) for p in v["players"]])]
        fronts = [f for p in v["players"] if (f := _front_line(p, names))]
        if fronts:
            out.append(Section(tr("In front"), fronts))
        summary = _resolution(v, names)
        if summary:
            out.append(summary)
        if v["in_play"]:
            out.append(Section("", [line(tr("Being played: {cards}", cards=", ".join(magick(c) for c in v["in_play"])))]))
        return out

    def _title(self, v: dict) -> str:
        return f"{self.emoji} {self.game_title()} · " + tr("hand {n}", n=v["hand_no"])

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
            mine.append(line(tr("Just arrived: {cards}", cards=_suits(v["arrived"]))))
        if v["picked"]:
            mine.append(line(tr("Chosen to pass: {cards}", cards=_suits(v["picked"]))))
        if any(v["committed"].values()):
            mine.append(line(trn("Readied face down: {cards} ({n} Raven kill)",
                                 "Readied face down: {cards} ({n} Raven kills)", len(v["committed"]["ravens"]),
                                 cards=_suits(v["committed"]["played"] + v["committed"]["killed"]))))
        peeked = [x for i, x in enumerate(v["tokens"]) if i >= v["revealed"] and x != "?" and v["hand_no"] > 1]
        if peeked:
            mine.append(line(tr("You foresee next: {tokens}", tokens=", ".join(suit_word(s) for s in peeked))))
        r = v.get("resolution")
        if r and v["seat"] in r["conspiracy"]:
            mine.append(line(tr("Your Conspiracy of Ravens ended hand {n}: 1 damage to every human rival, "
                                "1 Shadow Magick and 1 VP for you.", n=r["hand"])))
        out = [Section(tr("Your hand"), mine)]
        if v["magick_cards"]:
            me = next(p for p in v["players"] if p["seat"] == v["seat"])
            playable = {a["card"] for a in v["actions"] if a["type"] == "play"}
            rows = []
            for c in v["magick_cards"]:
                sp = C.spec(c, me["raven"])
                said = text(NEVERMORE_TEXT, sp["text"])  # whole: a few cards, and a cut rule reads wrong
                deck = tr("Light") if sp["deck"] == "light" else tr("Shadow")
                rows.append(line(f"• {'▶️ ' if c in playable else ''}{magick(sp['name'])} ({deck}): {said}"))
            out.append(Section(tr("Your Magick"), rows))
        return out

    def waiting(self, v: dict, names: dict[str, str]) -> Line | None:
        """From the public prompt fact only: hidden windows name nobody (issue 8 §4)."""
        pr = v["prompt"]
        k = pr["kind"]
        if k == "over":
            return None
        if k == "draft":
            return trln("Drafting round {round}/3: pass {n} card {direction}. Waiting for {players}.",
                        "Drafting round {round}/3: pass {n} cards {direction}. Waiting for {players}.", pr["count"],
                        round=pr["round"] + 1, direction=_direction(v["dir"]),
                        players=join_names(names, v["decision"]["seats"]))
        if k == "commit":
            return line(tr("{suit} is called: players are readying their cards face down.", suit=suit_word(pr["suit"])))
        seat = Strong(names.get(pr.get("seat"), pr.get("seat") or ""))
        if k == "attack":
            return trl("{player} chooses whom to attack for {n}.", player=seat, n=pr["n"])
        if k == "peck":
            return trl("{player} (a Raven) decides whether to Peck.", player=seat)
        if k == "target":
            return trl("{player} chooses a target for {card}.", player=seat, card=magick(pr["name"]))
        if k == "window":
            when = text(NEVERMORE_TEXT, C.TIMING_TEXT[pr["timing"]])
            if pr["suit"]:
                return line(tr("Magick may be played now: {when} — {suit}. Waiting for reactions.", when=when,
                               suit=suit(pr["suit"])))
            return line(tr("Magick may be played now: {when}. Waiting for reactions.", when=when))
        if k == "reaction":
            about = pr["about"]
            if about == "damage":
                return trl("{player} is about to take {n} damage: waiting for possible Magick reactions…",
                           player=who(names, pr["seat"]), n=pr["n"])
            if about == "vp":
                return trl("{player} is about to gain {n} VP: waiting for possible Magick reactions…",
                           player=who(names, pr["seat"]), n=pr["n"])
            return trl("{player} is playing {card}: waiting for possible Magick reactions…",
                       player=who(names, pr["seat"]), card=magick(pr["name"]))
        return line("…")

    def prompt(self, v: dict) -> str:
        actions = v.get("actions") or []
        if not actions:
            return tr("Choose your move…")
        kind = actions[0]["type"]
        return tr(TODO[kind]) if kind in TODO else tr("Your move.")

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
            return tr("Pass a {suit} card", suit=suit_word(a["suit"]))
        if k == "unpick":
            return tr("Take back a {suit} card", suit=suit_word(a["suit"]))
        if k == "confirm":
            return trn("Confirm passing {n} card {direction}", "Confirm passing {n} cards {direction}",
                       len(v.get("picked", [])), direction=_direction(v["dir"]))
        if k == "commit":
            return tr("Reveal {suit} cards, Ravens kill {n}", suit=suit(pr.get("suit", "attack")), n=a["kill"])
        if k == "attack":
            return _short(tr("Attack {player} for {n} damage", player=names.get(a["target"], a["target"]),
                             n=pr.get("n", "?")), fmt.LABEL_LIMIT)
        if k == "attack_all":
            return tr("Deal 1 damage to every other player and gain 2 VP")
        if k == "peck":
            return _short(tr("Peck {players} (1 damage each)",
                             players=join(names.get(t, t) for t in pr.get("targets", []))), fmt.LABEL_LIMIT)
        if k == "no_peck":
            return tr("Don't peck")
        if k == "target":
            return _short(tr("Target {player}", player=names.get(a["seat"], a["seat"])), fmt.LABEL_LIMIT)
        if k == "play":
            me = next((p for p in v["players"] if p["seat"] == v.get("seat")), None)
            sp = C.spec(a["card"], bool(me and me["raven"]))
            # Its whole text is in the message right above (▶️ marks the ones playable now): a clipped copy of
            # its timing ("Play at any time, when…") told nothing more.
            return _short(tr("Play {card}", card=magick(sp["name"])), fmt.LABEL_LIMIT)
        if k == "pass":
            return tr("Pass (play no Magick now)")
        return k

    def describe(self, ev: dict, names: dict[str, str]) -> Line | None:  # noqa: C901  (one case per event)
        n = lambda s: who(names, s)  # noqa: E731
        k = ev["type"]
        if k == "hand":
            d = _direction("left" if ev["dir"] == 1 else "right")
            return trl("Hand {n} begins: {dealer} deals; cards pass {direction}.", n=ev["hand"], dealer=n(ev["dealer"]),
                       direction=d)
        if k == "deal":
            return line(tr("You are dealt {cards}.", cards=_suit_counts(ev["suits"])))
        if k == "arrived":
            return line(tr("Passed to you: {cards}.", cards=_suit_counts(ev["suits"]))) if ev["suits"] else None
        if k == "passed":
            if ev["skip"]:
                return line(trn("Everyone passed {n} card two seats over.", "Everyone passed {n} cards two seats over.",
                                ev["count"]))
            return line(trn("Everyone passed {n} card.", "Everyone passed {n} cards.", ev["count"]))
        if k == "token":
            return line(tr("The dealer calls {suit}.", suit=suit_word(ev["suit"])))
        if k == "reveal":
            shown = [(s, a, b) for s, (a, b) in ev["shown"].items() if a or b]
            if not shown:
                return line(tr("{suit} revealed: nobody had any.", suit=suit_word(ev["suit"])))
            runs: list = []
            for i, (s, a, b) in enumerate(shown):
                runs += [", " if i else "", n(s), f" {a}" + (" " + tr("(+{n} killed by Ravens)", n=b) if b else "")]
            return trl("{suit} revealed: {cards}.", suit=suit_word(ev["suit"]), cards=tuple(runs))
        if k == "outcome":
            if not ev["actors"]:
                return line(tr("Nobody has any living {suit} cards.", suit=suit(ev["suit"])))
            return trl("{players} had the most {suit} (strength {n}).", players=join_names(names, ev["actors"]),
                       suit=suit(ev["suit"]), n=ev["n"])
        if k == "attack":
            return line("⚔️ ", *trl("{player} attacks {target} for {n}.", player=n(ev["seat"]), target=n(ev["target"]),
                                   n=ev["n"]))
        if k == "attack_all":
            return line("⚔️ ", *trl("{player} strikes everyone for 1 damage and gains 2 VP.", player=n(ev["seat"])))
        if k == "peck":
            targets = join_names(names, ev["targets"], ", ") or (tr("nobody"),)
            return line(f"{E['raven']} ", *trl("{player} pecks {targets}.", player=n(ev["seat"]), targets=targets))
        if k == "no_peck":
            return trl("{player} does not peck.", player=n(ev["seat"]))
        if k == "damage":
            cause = ev["why"]
            why = tr(WHY[cause]) if cause in WHY else cause
            if ev["absorbed"]:
                return line("💥 ", *trl("{player} takes {n} damage from {why} ({prevented} prevented by a shield).",
                                       player=n(ev["tgt"]), n=ev["n"], why=why, prevented=ev["absorbed"]))
            return line("💥 ", *trl("{player} takes {n} damage from {why}.", player=n(ev["tgt"]), n=ev["n"], why=why))
        if k == "raven":
            return line(f"{E['raven']} ", *trl("{player} is turned into a Raven!", player=n(ev["seat"])))
        if k == "human":
            return line("🧍 ", *trl("{player} returns to human form with {n} Health.", player=n(ev["seat"]),
                                   n=ev["health"]))
        if k == "heal":
            return line("💚 ", *trl("{player} heals {n}.", player=n(ev["seat"]), n=ev["n"])) if ev["n"] else None
        if k == "vp":
            cause = ev["why"]
            why = tr(VP_WHY[cause]) if cause in VP_WHY else cause
            return line("🏆 ", *trl("{player} gains {n} VP for {why} (now {total}).", player=n(ev["seat"]), n=ev["n"],
                                   why=why, total=ev["total"]))
        if k == "vp_denied":
            # A Covet: the gain it cuts may land as a smaller "vp" line, or (cut to 0) not at all, so say both.
            if not ev["cut"]:
                return trl("{player}'s Covet finds no VP left to cut for {target}.", player=n(ev["seat"]),
                           target=n(ev["target"]))
            if ev["left"]:
                return line("🫳 ", *trl("{player}'s Covet cuts {n} VP from {target}'s gain: {target} gains only {left} VP.",
                                       player=n(ev["seat"]), n=ev["cut"], target=n(ev["target"]), left=ev["left"]))
            return line("🫳 ", *trl("{player}'s Covet cuts {n} VP from {target}'s gain: {target} gains no VP at all.",
                                   player=n(ev["seat"]), n=ev["cut"], target=n(ev["target"])))
        if k == "lose_vp":
            return trl("{player} loses {n} VP (now {total}).", player=n(ev["seat"]), n=ev["n"], total=ev["total"])
        if k == "draw":
            if not ev["n"]:
                return None
            if ev["deck"] == "light":
                return line("🔮 ", *trln("{player} draws {n} Light Magick card.", "{player} draws {n} Light Magick cards.",
                                        ev["n"], player=n(ev["seat"])))
            return line("🔮 ", *trln("{player} draws {n} Shadow Magick card.", "{player} draws {n} Shadow Magick cards.",
                                    ev["n"], player=n(ev["seat"])))
        if k == "drew":
            return line(tr("You drew: {cards}.", cards=", ".join(magick(x) for x in ev["names"])))
        if k == "play":
            if ev["raven_side"]:
                return line("🔮 ", *trl("{player} plays {card} (Raven side).", player=n(ev["seat"]), card=magick(ev["name"])))
            return line("🔮 ", *trl("{player} plays {card}.", player=n(ev["seat"]), card=magick(ev["name"])))
        if k == "target":
            return trl("{card} targets {player}.", card=magick(ev["name"]), player=n(ev["target"]))
        if k == "cancelled":
            return trl("{player}'s {card} is cancelled.", player=n(ev["seat"]), card=magick(ev["name"]))
        if k == "conspiracy":
            return line(f"{E['raven'] * 5} ", *trl("{player} reveals a Conspiracy of Ravens! The hand ends.",
                                                   player=n(ev["seat"])))
        if k == "radiant":
            return line("✨ ", *trl("{player} played five Radiance: heals 2 and gains 1 VP.", player=n(ev["seat"])))
        if k == "skulking":
            if not ev["actors"]:
                return line(tr("No Skulking Ravens."))
            return trln("{players} leads the Skulking Ravens (draws {count} Shadow).",
                        "{players} lead the Skulking Ravens (each draws {count} Shadow).", len(ev["actors"]),
                        players=join_names(names, ev["actors"]), count=ev["n"])
        if k == "discarded":
            return trln("{player} discards {n} {suit} card.", "{player} discards {n} {suit} cards.", ev["n"],
                        player=n(ev["seat"]), suit=suit(ev["suit"]))
        if k == "bonus":
            return trl("{player} counts {n} {suit} this hand.", player=n(ev["seat"]), n=f"{ev['n']:+d}",
                       suit=suit(ev["suit"]))
        if k == "shield":
            return line("🛡️ ", *trl("{player} is shielded from the next {n} damage this hand.", player=n(ev["seat"]),
                                    n=ev["n"]))
        if k == "pass_dir":
            d = _direction("left" if ev["dir"] == 1 else "right")
            if ev["skip"]:
                return line(tr("This hand's cards now pass {direction}, two seats over.", direction=d))
            return line(tr("This hand's cards now pass {direction}.", direction=d))
        if k == "peek":
            return line(tr("You foresee: {tokens}.", tokens=", ".join(suit_word(x) for x in ev["tokens"])))
        if k == "shuffle_tokens":
            return line(tr("The hidden Resolution tokens are shuffled."))
        if k == "swapped":
            return trl("{player} swaps a random card with {other}.", player=n(ev["seat"]), other=n(ev["other"]))
        if k == "received":
            return line(tr("You received a {suit} card.", suit=suit_word(ev["suit"])))
        if k == "cleanup":
            return trl("Clean-up: the marker flips; next dealer {player}.", player=n(ev["dealer"]))
        if k == "reshuffle":
            if ev["deck"] == "light":
                return line(tr("The Light Magick discards are shuffled into a new deck."))
            return line(tr("The Shadow Magick discards are shuffled into a new deck."))
        if k == "tie":
            return line(tr("Tied for the win at 6+ VP and Health: play continues."))
        return None  # "ready" says nothing; "win" is said once, in the result message

    def result(self, view: dict, result: dict, names: dict[str, str]) -> Doc:
        doc = super().result(view, result, names)
        players = {p["seat"]: p for p in view["players"]}

        def row(s: str, vp: int) -> Line:
            p = players.get(s)
            if p is None:
                return trl("{player}: {vp} VP", player=who(names, s), vp=vp)
            if p["raven"]:
                return trl("{player}: {vp} VP, a Raven", player=who(names, s), vp=vp)
            return trl("{player}: {vp} VP, {health} Health", player=who(names, s), vp=vp, health=p["health"])

        doc.sections[1].lines = [row(s, v) for s, v in sorted(
            result["scores"].items(), key=lambda kv: (-kv[1], -players.get(kv[0], {}).get("health", 0)))]
        doc.sections.append(Section("", [line(tr("A human player at {vp}+ VP wins (more VP, then more Health, breaks "
                                                 "a tie; a full tie plays on); the last human standing wins too.",
                                                 vp=C.WIN_VP))]))
        return doc


PRESENTER = NevermorePresenter()
