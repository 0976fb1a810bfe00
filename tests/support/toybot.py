"""`rookery run` with the tests' toy game registered: quick, deterministic games for platform e2e tests
(the real games' engines are exercised by their own tests and by the soak script's --game option)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import tests.support.toygame  # noqa: E402,F401  registers "toy" before the cogs build their menus
from bot.cli import main  # noqa: E402

if __name__ == "__main__":
    main(["run", *sys.argv[1:]])
