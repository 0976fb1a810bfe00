"""Raven: trick-taking with bids made of set-aside cards and four specialists (2–6 players)."""
from engine import register
from engine.raven.game import RavenGame

GAME = register(RavenGame())
