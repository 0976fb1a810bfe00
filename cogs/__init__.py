"""Thin Discord layer: slash commands, buttons, selects and DMs turned into table actions.

`lobby` is the shared lobby/admin cog, `reference` and `history` join its /game group; one cog per game
(`raven`, `nevermore`, `deadlies`, `everrain`, `blackrose`) brings that game to Discord and holds its
Discord-only policy (cogs/table/games.py); `table/` holds the machinery every table shares (persistent
components, the publisher of boards and hands, layouts, timers).
"""
