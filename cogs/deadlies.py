"""Deadlies's cog: its look on Discord. Play itself goes through the shared /game commands and components."""
from cogs.shared.game_cog import GameCog, setup_for
from cogs.shared.host import Presentation


class DeadliesCog(GameCog):
    key = "deadlies"
    presentation = Presentation(emoji="😈", placeholder="Pick a card…")


setup = setup_for(DeadliesCog)
