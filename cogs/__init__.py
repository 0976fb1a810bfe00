"""Thin Discord layer: slash commands, buttons, selects and DMs turned into table actions.

`lobby` is the shared lobby/admin cog; one cog per game adds that game's presentation; `shared/` holds
the UI pieces every cog uses (persistent components and the publisher of boards and hands).
"""
