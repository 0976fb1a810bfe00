"""Everrain's cog: its look on Discord. Play itself goes through the shared /game commands and components."""
from cogs.shared.game_cog import GameCog, setup_for
from cogs.shared.host import Presentation


class EverrainCog(GameCog):
    key = "everrain"
    presentation = Presentation(emoji="🌧️", placeholder="Choose your course…")


setup = setup_for(EverrainCog)
