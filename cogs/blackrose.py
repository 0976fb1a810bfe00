"""Black Rose Wars' cog: its look on Discord. Play itself goes through the shared /game commands and
components; the words (board, hand, labels, log lines) come from present/blackrose/presenter.py and the
Lodge picture from present/blackrose/picture.py, like every other game's."""
from cogs.shared.game_cog import GameCog, setup_for
from cogs.shared.host import Presentation


class BlackRoseCog(GameCog):
    key = "blackrose"
    presentation = Presentation(emoji="🌹", placeholder="Choose your move…")


setup = setup_for(BlackRoseCog)
