"""Refusals: every request the platform turns down, one class each, with the words the member reads.

The service raises them (it owns the policy: who may start, end, kick or configure, what a lobby accepts);
the Discord edge catches `Refusal` once and answers privately with `message()`, in the reader's language.
A refusal changes nothing: it is raised before anything is written. The rules' own `IllegalAction` is
wrapped in `RuleRefusal` at the service boundary, so the edge only ever sees refusals.
"""
from __future__ import annotations

from present.i18n import command, mark, tr


class Refusal(Exception):
    """A request turned down; `text` is an English msgid, `fields` fill its {placeholders}."""

    text = mark("That isn't possible right now.")
    commands: dict[str, str] = {}  # placeholder -> a slash command the text names ("game new")

    def __init__(self, text: str | None = None, **fields) -> None:
        if text is not None:
            self.text = text
        self.fields = fields
        super().__init__(self.text.format(**fields) if fields else self.text)

    def message(self) -> str:
        """The refusal in the language being written (see present.i18n.reading), commands named as the
        reader's client shows them."""
        names = {key: command(path) for key, path in self.commands.items()}
        return "🚫 " + tr(self.text, **names, **self.fields)


class RuleRefusal(Refusal):
    """The rules refused a move (engine IllegalAction): its English message is the msgid."""

    def __init__(self, exc: Exception) -> None:
        super().__init__(str(exc) or mark("That move isn't allowed right now."))


# ---- where and when
class NoGameHere(Refusal):
    text = mark("There's no game in this channel. Start one with {new}.")
    commands = {"new": "game new"}


class NotRunning(Refusal):
    text = mark("This game is no longer running.")


class GameOver(Refusal):
    text = mark("This game is over.")


class Paused(Refusal):
    text = mark("The game is paused. A moderator or the host can {resume} it.")
    commands = {"resume": "game resume"}


class ActivityOff(Refusal):
    text = mark("The Activity is turned off on this bot. Play here with the buttons.")


class ActivityRefused(Refusal):
    text = mark("Discord would not open the Activity (the bot's operator may not have turned Activities on for "
                "it). Play here with the buttons.")


class NotStarted(Refusal):
    text = mark("The game hasn't started yet.")


class AlreadyStarted(Refusal):
    text = mark("The game has already started.")


class LobbyClosed(Refusal):
    text = mark("This lobby is closed.")


class ServerOnly(Refusal):
    text = mark("That works in a server channel, not in direct messages.")


class ChannelTaken(Refusal):
    text = mark("This channel already has a game. Finish or end it first ({end}).")
    commands = {"end": "game end"}


class ChannelNotAllowed(Refusal):
    text = mark("Games can run only in {channels} on this server.")


# ---- who
class NotSeated(Refusal):
    text = mark("You don't have a seat at this table — you can watch the board.")


class NotYourChoices(Refusal):
    text = mark("Those choices belong to {owner}, not you.")


class AlreadySeated(Refusal):
    text = mark("You're already seated at this table.")


class TableFull(Refusal):
    text = mark("The table is full ({n} players).")


class PlayerCount(Refusal):
    text = mark("{game} needs {least}–{most} players (got {n}).")


class TooFewPlayers(Refusal):
    text = mark("{game} needs at least {n} players — invite friends to **Join**, or **Add bot**.")


class HostOnly(Refusal):
    text = mark("Only the host can do that.")


class ModeratorOnly(Refusal):
    text = mark("Only the host or a moderator (Manage Channels) can do that.")


class ManageServerOnly(Refusal):
    text = mark("You need the Manage Server permission for that.")


class StarterRoleOnly(Refusal):
    text = mark("Only members with the {role} role can start games here.")


class MemberNotSeated(Refusal):
    text = mark("That member has no seat at this table.")


class ReplacementSeated(Refusal):
    text = mark("The replacement already has a seat at this table.")


# ---- what
class UnknownGame(Refusal):
    text = mark("I don't know a game called `{name}`. Pick one from the list: {known}.")


class BadTimer(Refusal):
    text = mark("That turn timer isn't one of the offered lengths.")


class BadSetting(Refusal):
    text = mark("{game}: `{name}` must be one of {allowed}.")


class UnknownSetting(Refusal):
    text = mark("{game} has no setting called `{name}`.")


class StaleSetting(Refusal):
    """A lobby menu value that names no setting or no value on offer (an older lobby, or forged)."""

    text = mark("That setting is out of date. Choose again from the lobby's current menus.")


class SettingsSyntax(Refusal):
    text = mark("Write settings as name=value (for example `{example}`).")


class OutOfDate(Refusal):
    """A click on a prompt that has moved on; the edge adds where things stand now."""

    text = mark("That choice was already made or is out of date.")


class NotOffered(Refusal):
    """A click naming a choice its menu or button did not offer (a forged interaction): nothing changes."""

    text = mark("That choice isn't one this menu offered. Nothing was changed.")


class AlreadyHandled(Refusal):
    text = mark("That click was already handled.")


class RaceLost(Refusal):
    """Another shard's move landed first; the service reloaded the stored game."""

    text = mark("Another move landed at the same moment, so yours wasn't applied.")


class GameNotServed(Refusal):
    """A table of a game this process does not run (ROOKERY_GAMES leaves it out): kept, never touched."""

    text = mark("This Rookery doesn't run {game} right now. The table is kept just as it is, and works again "
                "once {game} is back.")
