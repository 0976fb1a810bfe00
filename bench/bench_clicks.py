"""Clicks a whole game costs its human players, through the host's component model (issue 12 §2).

    python bench/bench_clicks.py [games] [--by]     (--by: clicks per player by kind of decision)
    python bench/bench_clicks.py [games] --blackrose [--before REV] [--by]
    python bench/bench_clicks.py [games] --activity

--blackrose: Black Rose Wars' clicks per human per Game Turn (issue 22: at most 15), 3 seats, seeded games,
priced like the rest ("now"). With --before REV (default: main) the same pricing also runs, in the same
run, on that revision's engine, presenter and components: `git archive REV` is unpacked in a temporary
directory and this script runs there in a subprocess (--tree DIR puts DIR first on sys.path), so "before"
and "now" are measured side by side.

--blackrose prices two policies side by side (issue 33): "bot", every seat plays the game's bot, and
"random", every seat clicks uniformly among the controls the prompt offers (random_choice: each button one
control, each select menu one control, then a uniform pick in it; never a take-back or a setting), since
players do not play like our bot. --by breaks the clicks down by kind (in a turn, by the action's type).

Every seat plays the game's own bot moves (engine/bots.bot_choice), and each decision is priced the way the
Discord prompt offers it: buttons cost 1 click (before: up to 5 choices; now: also up to 20 short labels,
such as a hand of cards), select menus 2 (open, pick), and a choice on page k of a prompt past 100
options costs k "More…" clicks first. "before" is the host as it was (every prompt clicked, options past
100 unreachable). "now":
- forced moves play themselves (one legal move, not an undo, the public decision names the seat, and the
  move names no card or target unless the decision says it is `obvious`, a last card: Host._forced_move);
- a bundle the presenter offers (a whole Nevermore pass, a whole Deadlies play) is one click, or two in a
  menu, when the bot's steps make that bundle (the cards in any order); an action offered beside the
  bundles is a button when there are at most 5 of them, or when bundles and actions are at most 25 short
  labels in all (then the bundles are buttons too, even past 20), else a menu (bot/render.py
  `all_buttons`, `rest_as_buttons`; cogs/table/components.py `choice_rows`);
- labels are the presenter's wording of the whole prompt (present.base `prompt_labels`: Black Rose Wars
  shortens a prompt's labels to fit buttons where they still read apart);
- a decision the presenter composes (`compose`: a Raven bid) is one multi-select where its cards would be
  select menus: open it, tick its k cards, close it (k + 2 clicks) instead of k selects (2k).
--activity: beside chat's "now", the same games (the same choices, seat by seat) priced as the Activity page
offers them (issue 35; present/web/targets.py, present/web/activity/lodge.js): activity_price(). Printed for
every game per player, and for Black Rose Wars per human per Game Turn under both policies.

Each game is played once per mode with the same seeds (the bots' choices can make the games differ).
Printed per game: decisions per player, clicks per player before, now, and now with every member's
`/game autoplay` on (a lone legal card plays itself), and the real choices left.
"""
from __future__ import annotations

import inspect
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--tree" in sys.argv:  # another revision's code (see --before): its engine, presenter and components
    sys.path.insert(0, sys.argv[sys.argv.index("--tree") + 1])
else:
    sys.path.insert(0, str(ROOT))

from cogs.table.components import PAGE_SIZE, as_buttons, pages  # noqa: E402

try:
    from bot.render import all_buttons, rest_as_buttons  # noqa: E402
except ImportError:  # an older revision (--before): up to 20 short bundles, and 5 beside them, are buttons
    def all_buttons(bundles, rest):
        return False

    def rest_as_buttons(bundles, rest):
        return len(rest) <= 5


def bundles_as_buttons(bundles: list[str], rest: list[str]) -> bool:
    """Whether a prompt's bundles are buttons (else one menu), as cogs/table/components.py `choice_rows`
    lays them out: a few or up to 20 short ones, or all of them and what is beside them fit."""
    return as_buttons(bundles) or all_buttons(bundles, rest)
from engine import GAMES  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from engine.bots import bot_choice  # noqa: E402
from present import presenter  # noqa: E402
from present.base import offered_bundles  # noqa: E402

try:
    from cogs.table.games import policy  # noqa: E402  the game's cog decides its multi-select
except ImportError:  # an older revision (--before): the presenter's compose()
    policy = None

try:  # the Activity's targets (issue 35); an older revision (--before) has none: its Activity is not priced
    from present.blackrose.activity import place_of  # noqa: E402
    from present.web.targets import interactive  # noqa: E402
except ImportError:
    interactive = None

NAMED = "names" in inspect.signature(offered_bundles).parameters  # (not in an older revision's)

try:
    from present import fmt  # noqa: E402
    _FITTING = hasattr(fmt, "fitting")
except ImportError:
    _FITTING = False


def _budgeted(fn):
    """fn priced with the budget the choices are worded for (the game cog's inside play(); today's only)."""
    if not _FITTING or "budget" not in inspect.signature(fn).parameters:
        return fn
    return lambda *a: fn(*a, fmt.budget())


as_buttons = _budgeted(as_buttons)
all_buttons = _budgeted(all_buttons)
rest_as_buttons = _budgeted(rest_as_buttons)

try:
    from present.base import prompt_labels  # noqa: E402
except ImportError:  # an older revision (--before): one label at a time
    def prompt_labels(p, view, legal, names):
        return [p.label(a, view, names) for a in legal]

GAMES_SEATS = (("raven", 4), ("nevermore", 4), ("deadlies", 4), ("everrain", 3))


def price(legal: list[dict], chosen: int, labels: list[str] | None) -> int:
    """Clicks for choosing legal[chosen] (engine order; pages of 75). `labels`: priced on today's layout,
    where up to 20 short labels are buttons; None: as before, where only up to 5 choices were buttons."""
    if len(legal) <= 5 or (labels is not None and as_buttons(labels)):
        return 1
    turns = chosen // PAGE_SIZE if pages(len(legal)) > 1 else 0
    return 2 + turns


def activity_price(key: str, view: dict, legal: list[dict], chosen: int, names: dict) -> int:
    """Clicks for choosing legal[chosen] in the Activity, as present/web/activity/lodge.js offers it (and the
    hand as cards for every game): a place on the Lodge (a room, a model's token in it, its activation
    token) is one click when it offers that one action, else the click lists its actions in place and a
    second picks one; a spell aimed in the same action is dragged onto that place (one gesture; or a tap
    on each); a spell's own action is one (the spell, or its own button on it); a card as a place; any
    other action is a button of its own (the page has room for all: no menus). A bundle is one button."""
    targets = interactive(key, view, legal, names)["targets"]
    t = targets[chosen]
    if "room" in t:
        return 1 if sum(place_of(x) == place_of(t) for x in targets) == 1 else 2
    if "card" in t:
        return 1 if sum(x.get("card") == t["card"] for x in targets) == 1 else 2
    return 1


COMPARE: Counter | None = None  # (kind, chat clicks, Activity clicks) -> decisions, when a caller sets it
ACTIVITY: dict[tuple[str, int, str], int] = {}  # (game, seed, chooser) -> the Activity's clicks, all seats


def forced(state, seat: str, legal: list[dict], undo: set[str], autoplay: bool = False) -> bool:
    decision = state.view(None).get("decision") or {}
    if decision.get("hold") and len(legal) == 1:
        return True  # a held reaction window: a seat with nothing to trigger is never asked (the host answers)
    return (len(legal) == 1 and (legal[0].keys() == {"type"} or decision.get("obvious") or autoplay)
            and legal[0]["type"] not in undo and seat in decision.get("seats", ()))


def _bundle_of(game, state, seat: str, action: dict, bundles, rng: random.Random) -> int | None:
    """Which offered bundle the bot's whole choice is: the bot goes on alone for this seat on a copy of the
    game, as far as the longest bundle goes, and the longest bundle its steps make is the one it would
    click (None: it chose step by step). Its steps make a bundle when they are the bundle's steps in any
    order (cards picked in another order), or when they reach the very position the bundle's steps reach
    (a room reached through another room next door)."""
    def same(steps) -> list[str]:  # the same cards picked in another order are the same choice
        return sorted(json.dumps(step, sort_keys=True) for step in steps)

    def reached(steps) -> dict | None:
        trial = game.load(state.to_json())
        try:
            for step in steps:
                trial.act(seat, step)
        except IllegalAction:
            return None
        return trial.to_json()

    wanted = [same(b.steps) for b in bundles]
    # Another copy of the same card makes the same choice: the bundle stands for it (Bundle.alike).
    action = next((b.steps[0] for b in bundles if action in b.alike), action)
    trial = game.load(state.to_json())
    steps = [action]
    trial.act(seat, action)
    longest = max(len(b.steps) for b in bundles)
    found = None
    while True:
        if same(steps) in wanted:
            found = wanted.index(same(steps))
        elif len(steps) > 1:
            here = trial.to_json()
            found = next((i for i, b in enumerate(bundles) if len(b.steps) == len(steps)
                          and reached(b.steps) == here), found)
        if len(steps) >= longest or seat not in trial.pending():
            return found
        step = bot_choice(game, trial.view(seat), trial.pending()[seat], rng)
        steps.append(step)
        trial.act(seat, step)


# (game, now, autoplay, chooser) -> clicks by kind of decision ("about", and in a turn the action's type)
BY_DECISION: dict[tuple[str, bool, bool, str], Counter] = {}


TURNS: dict[tuple[str, int, str], int] = {}  # (game, seed, chooser) -> Game Turns played (Black Rose Wars)


def kind_of(view: dict, action: dict) -> str:
    """A decision's kind for the breakdown: its "about" (the engine's decision fact), and in a turn or a
    Physical Action the kind of action chosen (a cast, a step, an activation...)."""
    about = (view.get("decision") or {}).get("about", "?")
    return f"{about}/{action.get('type')}" if about in ("turn", "phys", "study") else about


SETTINGS = {"ask_me"}  # actions that change a seat's settings rather than play (random_choice)


def random_choice(shown, view, legal: list[dict], names: dict, offered, undo: set[str],
                  rng: random.Random) -> tuple[int | None, dict]:
    """A player who clicks what is offered, uniformly: each button is one control, and so is each menu (a pick
    inside it, uniformly, once it is open). A take-back is never clicked (a player who clicks at random
    would otherwise take back forever), nor is a setting (Black Rose Wars' "Ask me…" standing orders: a
    player sets them once, if ever). Returns (the bundle clicked or None, the action)."""
    forward = [i for i, a in enumerate(legal) if a["type"] not in undo and a["type"] not in SETTINGS] \
        or list(range(len(legal)))
    controls: list[list[tuple[int | None, int]]] = []  # each control: its (bundle, legal index) picks
    if offered:
        bundles, rest = offered
        labels = prompt_labels(shown, view, legal, names)
        picks = [(n, 0) for n in range(len(bundles))]
        controls += [[p] for p in picks] if bundles_as_buttons([b.label for b in bundles], [labels[i] for i in rest]) \
            else [picks]
        rest = [i for i in rest if i in forward]
        if rest:
            controls += [[(None, i)] for i in rest] \
                if rest_as_buttons([b.label for b in bundles], [labels[i] for i in rest]) else [[(None, i) for i in rest]]
    else:
        labels = prompt_labels(shown, view, legal, names)
        buttons = len(legal) <= 5 or as_buttons(labels)
        controls += [[(None, i)] for i in forward] if buttons else [[(None, i) for i in forward]]
    n, i = rng.choice(rng.choice(controls))
    return (n, offered[0][n].steps[0]) if n is not None else (None, legal[i])


def play(key: str, players: int, seed: int, now: bool, autoplay: bool = False,
         chooser: str = "bot") -> tuple[int, int, int]:
    """play_priced, inside the game cog's budget when pricing today's host (a cog words and offers its
    choices within its own budget: cogs/table/games.py GameCog.budget)."""
    budget = getattr(policy(key), "budget", None) if (policy and now and _FITTING) else None
    if budget is None:
        return play_priced(key, players, seed, now, autoplay, chooser)
    with fmt.fitting(budget):
        return play_priced(key, players, seed, now, autoplay, chooser)


def play_priced(key: str, players: int, seed: int, now: bool, autoplay: bool = False,
                chooser: str = "bot") -> tuple[int, int, int]:
    """(decisions, clicks, choices) over all seats of one game, priced the way the host offers it `now` (with
    every member's `/game autoplay` on, if `autoplay`) or before; choices: the decisions that cost a click.
    chooser "bot": every seat plays the game's bot; "random": every seat clicks uniformly among what the
    prompt offers (random_choice; priced now)."""
    by = BY_DECISION.setdefault((key, now, autoplay, chooser), Counter())
    game = GAMES[key]
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = game.new(seats, seed, None)
    rng = random.Random(seed)
    undo = set(game.traits.undo)
    shown = presenter(key)
    names = {s: s for s in seats}
    compose = policy(key).multiselect if policy else getattr(shown, "compose", None)
    free: dict[str, int] = {}  # seat -> steps still covered by the multi-select it already sent
    decisions = clicks = choices = 0
    act = 0  # the same choices priced in the Activity (activity_price)
    for _ in range(20000):
        if state.over:
            break
        pending = state.pending()
        seat = rng.choice(sorted(pending))
        legal = pending[seat]
        view = state.view(seat)
        clicked = None
        if chooser == "random":
            offered = offered_bundles(shown, view, legal, names=names) if NAMED else offered_bundles(shown, view, legal)
            if forced(state, seat, legal, undo, autoplay):
                action = legal[0]
            else:
                clicked, action = random_choice(shown, view, legal, names, offered, undo, rng)
        else:
            action = bot_choice(game, view, legal, rng)
        chosen = legal.index(action) if action in legal else 0
        decisions += 1
        spent = clicks
        choices += 1
        by_key = kind_of(view, action)
        if not now:
            clicks += price(legal, chosen, None)
            by[by_key] += clicks - spent
            state.act(seat, action)
            continue
        labels = prompt_labels(shown, view, legal, names)
        if chooser != "random":
            offered = offered_bundles(shown, view, legal, names=names) if NAMED else offered_bundles(shown, view, legal)
        n = clicked if chooser == "random" else \
            _bundle_of(game, state, seat, action, offered[0], random.Random(seed + decisions)) if offered else None
        act_before = act
        if interactive is None:
            pass
        elif n is not None:
            act += 1  # the Activity's bundle button
        elif not forced(state, seat, legal, undo, autoplay):
            act += activity_price(key, view, legal, chosen, names)
        if n is not None:  # one click (a button, or a menu's two) makes every step of the bundle
            clicks += 1 if bundles_as_buttons([b.label for b in offered[0]], [labels[i] for i in offered[1]]) else 2
            for step in offered[0][n].steps:
                state.act(seat, step)
            decisions += len(offered[0][n].steps) - 1
            by[by_key] += clicks - spent
            continue
        grouped = compose(view, legal) if compose and not as_buttons(labels) else None
        if forced(state, seat, legal, undo, autoplay):
            choices -= 1
        elif offered and chosen in offered[1]:  # beside the bundles: buttons up to 5 (or all short), else menus
            clicks += 1 if rest_as_buttons([b.label for b in offered[0]], [labels[i] for i in offered[1]]) else 2
        elif free.get(seat) and grouped and action["type"] == grouped[0]:
            free[seat] -= 1
            choices -= 1
        elif grouped and action["type"] == grouped[0] and grouped[2] > 1:
            clicks += grouped[2] + 2
            free[seat] = grouped[2] - 1
        else:
            clicks += price(legal, chosen, labels)
        by[by_key] += clicks - spent
        if COMPARE is not None and not forced(state, seat, legal, undo, autoplay):
            COMPARE[(by_key, clicks - spent, act - act_before)] += 1
        state.act(seat, action)
    if key == "blackrose":
        TURNS[(key, seed, chooser)] = state.to_json()["turn"]
    if now and not autoplay:
        ACTIVITY[(key, seed, chooser)] = act
    return decisions, clicks, choices


def main(games: int, by: bool = False) -> None:
    print(f"{'game':<10} {'seats':>5} {'decisions':>9} {'clicks before':>13} {'now':>6} {'now/before':>10} "
          f"{'with autoplay':>13} {'/before':>7} {'choices':>7}")
    for key, players in GAMES_SEATS:
        if key not in GAMES:
            continue
        modes = {"before": (False, False), "now": (True, False), "autoplay": (True, True)}
        runs = {m: [play(key, players, seed, *flags) for seed in range(games)] for m, flags in modes.items()}
        per = {m: [sum(r[i] for r in runs[m]) / games / players for i in range(3)] for m in modes}
        d, b = per["before"][:2]
        n, a, c = per["now"][1], per["autoplay"][1], per["autoplay"][2]
        print(f"{key:<10} {players:>5} {d:>9.1f} {b:>13.1f} {n:>6.1f} {n / b:>10.2f} {a:>13.1f} {a / b:>7.2f} {c:>7.1f}")
        if by:
            for mode in (False, True):
                parts = BY_DECISION[(key, mode, False, "bot")].most_common()
                print(f"    {'now' if mode else 'before'}: " + ", ".join(
                    f"{about} {c / games / players:.1f}" for about, c in parts if c))
    print("decisions, clicks and choices are per player per game. choices: the decisions left with a real choice "
          "(more than one legal move; a bundle counts once), so also the fewest clicks at one click a choice.")


BLACKROSE_SEATS = 3


def blackrose_now(games: int, chooser: str = "bot") -> dict:
    """Black Rose Wars priced as the host offers it now: clicks and choices per human per Game Turn, and the
    clicks by decision kind (per human per Game Turn), every seat choosing as `chooser` (play)."""
    runs = [play("blackrose", BLACKROSE_SEATS, seed, True, chooser=chooser) for seed in range(games)]
    turns = sum(TURNS[("blackrose", seed, chooser)] for seed in range(games))
    per = turns * BLACKROSE_SEATS
    by = BY_DECISION[("blackrose", True, False, chooser)]
    return {"clicks": sum(r[1] for r in runs) / per, "choices": sum(r[2] for r in runs) / per,
            "turns": turns / games, "by": {k: v / per for k, v in by.most_common()}}


def blackrose(games: int, before: str | None, by: bool) -> None:
    runs = {}
    for chooser in ("bot", "random"):
        now = blackrose_now(games, chooser)
        old = None
        if before:
            with tempfile.TemporaryDirectory() as tmp:
                archive = subprocess.run(["git", "-C", str(ROOT), "archive", before], check=True, capture_output=True)
                subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
                out = subprocess.run([sys.executable, __file__, str(games), "--tree", tmp, "--json", chooser],
                                     check=True, capture_output=True, text=True, cwd=tmp)
                old = json.loads(out.stdout.strip().splitlines()[-1])
        runs[chooser] = (old, now)
    print(f"Black Rose Wars, {BLACKROSE_SEATS} seats, {games} seeded games, per human per Game Turn "
          f"(goal: at most 15 clicks), every seat playing the bot (bot) or clicking at random what is offered "
          f"(random):")
    for chooser, (old, now) in runs.items():
        if old:
            print(f"  {chooser:<6} before ({before}): {old['clicks']:5.1f} clicks, {old['choices']:5.1f} real choices, "
                  f"{old['turns']:.1f} Game Turns a game")
        print(f"  {chooser:<6} now:          {now['clicks']:5.1f} clicks, {now['choices']:5.1f} real choices, "
              f"{now['turns']:.1f} Game Turns a game")
        if by:
            for name, run in (("before", old), ("now", now)):
                if run:
                    print(f"    {name}: " + ", ".join(f"{k} {v:.1f}" for k, v in run["by"].items() if v >= 0.05))


def activity(games: int) -> None:
    """Chat's clicks ("now") beside the Activity's, on the same games and the same choices."""
    print(f"Chat beside the Activity, {games} seeded games a game, the same choices priced both ways:")
    print(f"{'game':<10} {'seats':>5} {'policy':>6} {'chat':>6} {'Activity':>8}  per")
    for key, players in GAMES_SEATS + (("blackrose", BLACKROSE_SEATS),):
        if key not in GAMES:
            continue
        for chooser in ("bot", "random") if key == "blackrose" else ("bot",):
            runs = [play(key, players, seed, True, chooser=chooser) for seed in range(games)]
            chat = sum(r[1] for r in runs)
            act = sum(ACTIVITY[(key, seed, chooser)] for seed in range(games))
            per, unit = (sum(TURNS[(key, seed, chooser)] for seed in range(games)) * players, "human per Game Turn") \
                if key == "blackrose" else (games * players, "player per game")
            print(f"{key:<10} {players:>5} {chooser:>6} {chat / per:>6.1f} {act / per:>8.1f}  {unit}")


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    count = int(numbers[0]) if numbers else 10
    if "--json" in sys.argv:  # the --before subprocess: Black Rose Wars priced on that revision's code
        print(json.dumps(blackrose_now(count, "random" if "random" in sys.argv else "bot")))
    elif "--activity" in sys.argv:
        activity(count)
    elif "--blackrose" in sys.argv:
        rev = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else "main"
        blackrose(count, rev, "--by" in sys.argv)
    else:
        main(count, "--by" in sys.argv)
