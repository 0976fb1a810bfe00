"""Ratings through OpenSkill (Plackett-Luce: multiplayer, free-for-all, ties allowed), not home-made ELO.

A rating is (mu, sigma): a skill estimate and its uncertainty. Leaderboards sort by the ordinal,
mu - 3 sigma, so one lucky win does not put a newcomer on top: they climb as their uncertainty shrinks.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


def ranks(scores: list[float | None], won: list[bool]) -> list[int]:
    """Finishing places (1 = best, equal places tie): winners first, then by score, highest first.

    Winners come from the game's own result, so a tie-breaker the rules apply beyond the score counts."""
    keys = [(not w, -(s or 0)) for s, w in zip(scores, won)]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def rate(current: list[tuple[float, float] | None], places: list[int]) -> list[tuple[float, float, float]]:
    """New (mu, sigma, ordinal) for each seat, given their ratings before (None: unrated) and places."""
    players = [[MODEL.rating() if r is None else MODEL.rating(mu=r[0], sigma=r[1])] for r in current]
    ranks: list[float] = list(places)  # openskill's stub says floats; whole places are what it ranks by
    after = MODEL.rate(players, ranks=ranks)
    return [(team[0].mu, team[0].sigma, team[0].ordinal()) for team in after]


def initial() -> tuple[float, float, float]:
    fresh = MODEL.rating()
    return fresh.mu, fresh.sigma, fresh.ordinal()
