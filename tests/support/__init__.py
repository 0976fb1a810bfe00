"""What tests share: the toy game (toygame.py) and its bot process (toybot.py), the simcord game driver
(driver.py), one fake clock (clock.py) and one reader of message components (components.py)."""
