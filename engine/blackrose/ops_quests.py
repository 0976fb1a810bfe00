"""Ops about Quests and Events: drawing, taking, giving and discarding Quests (with the 2-Quest limit), and
looking at, ordering, playing or removing Events (the effect vocabulary, see effects.py)."""
from __future__ import annotations

from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import ask_choice, op


def quest_limit(st, seat, ctx, holder=None):
    """Rulebook, Quest Card: "If a Mage ever has more than 2 uncompleted Quest Cards, they must immediately
    discard down to 2" — the Mage chooses which (the Black Rose gains its Moon in PP). Returns the question
    to push while they ask_choice."""
    holder = holder or seat
    while len(st.quests[holder]) > C.MAX_QUESTS:
        wait, q = ask_choice(st, holder, ctx, "quest_over", sorted(st.quests[holder]), again=True)
        if wait:
            return q
        R.discard_quest(st, holder, q or st.quests[holder][0])
    return None


def _once(ctx, key, fn) -> None:
    """Run fn once per op even though the op runs again after each answer (quest_limit asks)."""
    if key not in ctx:
        ctx[key] = True
        fn()


def _then_limit(st, seat, ctx, key, holder=None):
    out = quest_limit(st, seat, ctx, holder)
    if out is None:
        ctx.pop(key, None)
    return out


@op("draw_quest")
def op_draw_quest(st, seat, o, ctx):
    _once(ctx, "q_drawn", lambda: R.draw_quest(st, seat))
    return _then_limit(st, seat, ctx, "q_drawn")


@op("discard_quest")
def op_discard_quest(st, seat, o, ctx):
    m = ctx.get("model")
    if m in st.pos and st.quests[m]:
        R.discard_quest(st, m, st.quests[m][0])


@op("take_quest")
def op_take_quest(st, seat, o, ctx):
    victims = [m for m in st.models_in(ctx.get("room") or "") if m in st.pos and m != seat and st.quests[m]]
    if not victims and "q_taken" not in ctx:
        return None

    def take():
        m = victims[0]
        q = st.quests[m].pop(0)
        st.quests[seat].append(q)
        st.emit("quest_taken", seat=seat, victim=m)
        if st.moon > 1:
            R.draw_quest(st, m, st.moon - 1)
    _once(ctx, "q_taken", take)
    return _then_limit(st, seat, ctx, "q_taken")


# Obscure Intuition's one choice: "keep|other|mage" keeps `keep` and gives `other` to `mage`; with no mage
# ("keep|other|") the other is discarded and the caster loses 2 PP ("if you cannot or will not").
INTUITION_COST = 2


def intuition_values(st, seat, drawn: list[str]) -> list[str]:
    if len(drawn) < 2:
        return []
    out = []
    for keep in drawn:
        other = next(q for q in drawn if q != keep)
        out += [f"{keep}|{other}|{m}" for m in st.next_seats(seat)] + [f"{keep}|{other}|"]
    return out


@op("intuition")
def op_intuition(st, seat, o, ctx):
    """Obscure Intuition (straight): "Draw 2 Quests of the current Moon, keep 1, give the other to another
    mage. If you cannot or will not, discard it and lose 2 PP." Which to keep and whom to give the other
    to (or to discard it) is one choice. The receiver learns only the Quest they receive; the table, that a
    Quest was given (or discarded); then whoever is over 2 Quests discards down to 2 (the caster first)."""
    if "drawn_q" not in ctx:
        deck = st.qdeck[str(st.moon)]
        ctx["drawn_q"] = [deck.pop() for _ in range(min(2, len(deck)))]
        st.mods.setdefault("peeked", []).extend(ctx["drawn_q"])
        for _ in ctx["drawn_q"]:
            st.emit("quest_drawn", seat=seat)
    drawn = ctx["drawn_q"]
    if not drawn:
        return None
    if "q_kept" not in ctx:
        wait, pick = ask_choice(st, seat, ctx, "intuition", intuition_values(st, seat, drawn))
        if wait:
            return pick
        keep, other, to = (pick or "|".join((drawn[0], "", ""))).split("|")  # "keep|given|to"
        ctx["q_kept"], ctx["q_to"] = keep, to
        st.quests[seat].append(keep)
        if other and to:
            st.quests[to].append(other)
            st.emit("quest_given", seat=seat, to_seat=to)
            st.emit("quest_secret", to=to, quest=other)
        elif other:
            st.qdiscard.append(other)
            st.emit("quest_discarded", seat=seat)
            st.gain(seat, -INTUITION_COST, "spell")
        st.emit("intuition", to=seat, drawn=list(drawn), kept=keep, given=other or None, to_seat=to or None)
    out = quest_limit(st, seat, ctx)
    if out is None and ctx["q_to"]:
        out = quest_limit(st, seat, ctx, ctx["q_to"])
    return out


@op("past_quest")
def op_past_quest(st, seat, o, ctx):
    if st.moon > 1 and st.qdeck[str(st.moon - 1)]:
        q = st.qdeck[str(st.moon - 1)].pop()
        st.done_quests[seat].append(q)
        st.emit("quest", seat=seat, quest=q, name=C.QUESTS[q]["name"])


@op("past_quest_complete")
def op_past_quest_complete(st, seat, o, ctx):
    moon = max(1, st.moon - 1)
    if st.qdeck[str(moon)]:
        q = st.qdeck[str(moon)].pop()
        st.done_quests[seat].append(q)
        st.emit("quest", seat=seat, quest=q, name=C.QUESTS[q]["name"])
        st.gain(seat, C.QUESTS[q]["pp"] + o["pp"], "quest")


@op("buy_moon3_quest")
def op_buy_moon3_quest(st, seat, o, ctx):
    if "q_bought" not in ctx and not (st.pp[seat] >= 1 and st.qdeck["3"]):
        return None

    def buy():
        st.gain(seat, -1, "spell")
        R.draw_quest(st, seat, 3)
    _once(ctx, "q_bought", buy)
    return _then_limit(st, seat, ctx, "q_bought")


def _first_event_off(st) -> str | None:
    """The first Event on the board goes to the discard pile, said in the log (None: the board is empty)."""
    for i, e in enumerate(st.board):
        if e:
            st.board[i] = None
            st.ediscard.append(e)
            st.emit("event_gone", event=e)
            return e
    return None


@op("discard_event")
def op_discard_event(st, seat, o, ctx):
    if _first_event_off(st):
        st.gain(seat, o["pp"], "spell")


@op("split_event")
def op_split_event(st, seat, o, ctx):
    e = _first_event_off(st)
    if e:
        total = C.EVENTS[e]["pp_out"]
        mine = max(1, total // 2)
        st.gain(seat, mine, "spell")
        st.gain("rose", total - mine, "event")


@op("play_event")
def op_play_event(st, seat, o, ctx):
    """Hourglass (reverse) / Plot (reverse): look at the top Events of the current Moon and you may play one;
    the rest stay on top. Hourglass: you gain 2 PP. Plot: 2 PP for a Crown Event, else the Crown."""
    from engine.blackrose.phases import enter_event
    deck = st.edeck[str(st.moon)]
    top = deck[-o["look"]:]
    if not top:
        return None
    if "seen" not in ctx:  # the op runs again after each answer: look once
        ctx["seen"] = list(top)
        st.mods.setdefault("peeked", []).extend(top)
        st.emit("events_seen", to=seat, events=list(top))
    wait, e = ask_choice(st, seat, ctx, "event", sorted(top), allow_none=True)
    if wait:
        return e
    if e is None:
        return None
    deck.remove(e)
    enter_event(st, e, seat)
    if not o.get("crown") or C.EVENTS[e]["crown"]:
        st.gain(seat, 2, "spell")
    else:
        st.crown = seat
        st.emit("crown", seat=seat)


@op("offer_cancel")
def op_offer_cancel(st, seat, o, ctx):
    """Illusory Tribute (reverse): the caster may cancel the spell; if they go on, `then` runs after it."""
    ctx["offer_cancel"] = o["then"]


@op("look_events")
def op_look_events(st, seat, o, ctx):
    """Read the Stars (reverse): look at the top Events of the current Moon (order_events puts them back)."""
    if "seen" not in ctx:
        top = st.edeck[str(st.moon)][-o["n"]:]
        ctx["seen"] = list(top)
        st.mods.setdefault("peeked", []).extend(top)
        st.emit("events_seen", to=seat, events=list(top))


@op("order_events")
def op_order_events(st, seat, o, ctx):
    """Hourglass / Read the Stars (reverse): the Events looked at that are still on top go back in the order
    the caster picks, one pick per Event (the first picked goes on top; the last one needs no pick)."""
    deck = st.edeck[str(st.moon)]
    rest = [e for e in ctx.get("seen", ()) if e in deck]
    placed = ctx.setdefault("ev_order", [])
    rest = [e for e in rest if e not in placed]
    while len(rest) > 1:
        wait, e = ask_choice(st, seat, ctx, "order", sorted(rest), again=True)
        if wait:
            e["step"] = True  # one decision, made one Event at a time
            return e
        placed.append(e)
        rest.remove(e)
    order = placed + rest
    if len(order) > 1:
        for e in order:
            deck.remove(e)
        deck.extend(reversed(order))  # the deck's top is its end
        st.emit("events_ordered", seat=seat, n=len(order))
