"""The Nevermore bot (issue 12 §5): legal and deterministic from its own view, blind to hidden cards, and
sensible where the right choice is plain (crafted views). Strength is measured in bench/bench_bots.py."""
import copy
import random

from engine import GAMES
from engine.nevermore import bot
from engine.nevermore import cards as C
from engine.nevermore.state import NevermoreState

GAME = GAMES["nevermore"]
SEATS = ["p1", "p2", "p3", "p4"]


def _ids(suits: list[str], avoid: set[str] = frozenset()) -> list[str]:
    """Main-deck card ids with these suits (distinct cards)."""
    out = []
    for s in suits:
        out.append(next(c for c in C.MAIN_IDS if C.SUIT_OF[c] == s and c not in out and c not in avoid))
    return out


def _decisions(seed: int, seats: int = 4, limit: int = 400):
    """(state copy, seat, legal) at each decision of one game: p1 plays the bot, the others at random."""
    state = GAME.new(SEATS[:seats], seed, {})
    rng = random.Random(seed)
    out = []
    while not state.over and len(out) < limit:
        pending = state.pending()
        seat = sorted(pending)[rng.randrange(len(pending))]
        legal = pending[seat]
        out.append((NevermoreState.from_json(state.to_json()), seat, [dict(a) for a in legal]))
        view = state.view(seat)
        action = bot.bot_choice(view, legal, rng) if seat == "p1" else rng.choice(legal)
        state.act(seat, action)
    return out


def test_the_bot_always_chooses_a_legal_action():
    for seed in range(3):
        for seats in (3, 4):
            state = GAME.new(SEATS[:seats], seed, {})
            rng = random.Random(seed)
            while not state.over:
                for seat, legal in sorted(state.pending().items())[:1]:
                    action = bot.bot_choice(state.view(seat), [dict(a) for a in legal], rng)
                    assert action in legal, (seed, seat, action, legal)
                    state.act(seat, action)


def test_same_view_and_rng_give_the_same_choice_and_the_view_is_left_alone():
    for st, seat, legal in _decisions(11, limit=150):
        view = st.view(seat)
        before = copy.deepcopy(view)
        first = bot.bot_choice(view, legal, random.Random(5))
        assert view == before
        assert bot.bot_choice(view, legal, random.Random(5)) == first


def _hide_swap(st: NevermoreState, seat: str) -> NevermoreState:
    """The same game where every other seat's hand holds different cards (swapped with the undealt deck,
    other suits where possible) and its Magick cards are swapped with the Shadow deck: nothing `seat`
    may see changes."""
    data = st.to_json()
    for other in data["seats"]:
        if other == seat:
            continue
        hand = data["hand"][other]
        picked = data["picked"][other]
        for i, card in enumerate(hand):
            if card in picked or card in data["arrived"][other]:
                continue  # picks are in transit to the next seat: keep the draft's bookkeeping consistent
            j = next((k for k, c in enumerate(data["deck"]) if C.SUIT_OF[c] != C.SUIT_OF[card]), None)
            if j is not None:
                hand[i], data["deck"][j] = data["deck"][j], card
        mine = data["magick"][other]
        for i in range(min(len(mine), len(data["shadow"]))):
            mine[i], data["shadow"][i] = data["shadow"][i], mine[i]
    return NevermoreState.from_json(data)


def test_hidden_cards_of_other_seats_do_not_change_the_choice():
    checked = 0
    for st, seat, legal in _decisions(3):
        if seat != "p1" or not any(a["type"] in ("pick", "commit") for a in legal):
            continue
        other = _hide_swap(st, seat)
        assert other.hand != st.hand  # the hidden cards really differ
        view, swapped = st.view(seat), other.view(seat)
        assert view == swapped
        assert bot.bot_choice(view, legal, random.Random(1)) == bot.bot_choice(swapped, legal, random.Random(1))
        checked += 1
    assert checked >= 10


def _draft_view(suits: list[str], round_no: int = 0) -> tuple[dict, NevermoreState]:
    """A real first-hand view for p1 in a draft round, its hand replaced by cards of these suits."""
    st = GAME.new(SEATS, 4, {})
    while st.view("p1")["prompt"]["kind"] != "draft":
        seat, legal = next(iter(st.pending().items()))
        st.act(seat, next(a for a in legal if a["type"] == "pass"))
    cards = _ids(suits)
    for seat in SEATS[1:]:  # no card in two places
        st.hand[seat] = [c for c in st.hand[seat] if c not in cards]
    st.hand["p1"] = cards
    st._pending = None
    view = st.view("p1")
    view["prompt"] = {**view["prompt"], "round": round_no, "count": C.PASS_COUNTS[round_no]}
    return view, st


def _passes(view: dict, rng: random.Random) -> list[str]:
    """The suits the bot passes from this view, picking one card at a time until it confirms."""
    need = view["prompt"]["count"]
    picked: list[str] = []
    for _ in range(need + 1):
        left = [c for c in view["hand"] if c not in picked]
        legal = [{"type": "pick", "suit": s} for s in C.SUITS if any(C.SUIT_OF[c] == s for c in left)]
        legal = legal if len(picked) < need else [{"type": "confirm"}]
        action = bot.bot_choice({**view, "picked": list(picked)}, legal, rng)
        if action["type"] == "confirm":
            break
        picked.append(next(c for c in left if C.SUIT_OF[c] == action["suit"]))
    return [C.SUIT_OF[c] for c in picked]


def test_the_draft_keeps_its_victory_cards_and_passes_a_lone_raven():
    view, _ = _draft_view(["victory", "victory", "victory", "healing", "raven"], round_no=2)
    assert _passes(view, random.Random(0)) == ["raven"]
    view, _ = _draft_view(["victory", "victory", "attack", "radiance", "raven"], round_no=0)
    passed = _passes(view, random.Random(0))
    assert len(passed) == 3 and "victory" not in passed


def test_the_ravens_kill_the_suit_that_matters_least():
    """Attack is called first with Attack, three Victory and one Raven in hand: the Raven must kill one card
    by the end, and killing the lone Attack now keeps all three Victory cards (Victory scores VP)."""
    view, _ = _draft_view(["attack", "victory", "victory", "victory", "raven"])
    view = {**view, "prompt": {"kind": "commit", "suit": "attack"}, "current": "attack", "revealed": 1,
            "resolved": 0, "round": 3, "picked": []}
    legal = [{"type": "commit", "kill": 0}, {"type": "commit", "kill": 1}]
    for seed in range(3):
        assert bot.bot_choice(view, legal, random.Random(seed)) == {"type": "commit", "kill": 1}


def test_a_raven_drafts_toward_one_card_of_each_suit():
    """A Raven returns to human form with one card of each suit: from two Attacks it passes an Attack, where
    a human would pass a lone Healing or Radiance card and keep the pair."""
    view, st = _draft_view(["attack", "attack", "healing", "radiance", "victory"], round_no=2)
    st.raven["p1"], st.health["p1"] = True, 0
    view = {**st.view("p1"), "prompt": view["prompt"]}
    assert _passes(view, random.Random(0)) == ["attack"]
    st.raven["p1"], st.health["p1"] = False, 5
    view = {**st.view("p1"), "prompt": view["prompt"]}
    assert _passes(view, random.Random(0)) in (["healing"], ["radiance"])


def test_a_healing_card_waits_rather_than_heal_a_rival():
    view = {"seat": "p1", "hand": [], "players": [
        {"seat": "p1", "health": 5, "vp": 1, "raven": False},
        {"seat": "p2", "health": 2, "vp": 4, "raven": False}],
        "prompt": {"kind": "window", "timing": "before_skulking", "suit": None}}
    legal = [{"type": "play", "card": "L19"}, {"type": "pass"}]  # Beacon: heal a player 2
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "pass"}
    view["players"][0]["health"] = 3
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "play", "card": "L19"}
    view["prompt"] = {"kind": "target", "seat": "p1", "name": "Beacon"}
    legal = [{"type": "target", "seat": "p2"}, {"type": "target", "seat": "p1"}]
    assert bot.bot_choice(view, legal, random.Random(0)) == {"type": "target", "seat": "p1"}
