"""The Rookery Activity's server side (issue 35): a live table inside Discord, each player seeing their own hand.

Served by the watch page's aiohttp server (bot/web/server.py) when ROOKERY_ACTIVITY=1 (bot/config.py: also
ROOKERY_WEB_PORT, ROOKERY_WEB_URL and DISCORD_CLIENT_SECRET; DISCORD_CLIENT_ID optional, else the bot's
application id). The page itself (present/web/activity/) is the act-client's.

auth.py      sign-in: the code exchange, who the user is and which channel their Activity runs in (Discord's word)
sessions.py  the server's own signed, short-lived session tokens (valid across restarts)
views.py     what one member sees: their seat's frame with its choices, the public frame, or the lobby
play.py      the WebSocket: hello, pushes after every change, moves and lobby actions, refusals
routes.py    the HTTP routes and the page's Content Security Policy

The protocol, as built
======================
HTTP
  GET  /                 the page (HTML shell loading /activity/style.css, /activity/sdk.js, /activity/app.js).
                         Header Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self';
                         img-src 'self' data: https://cdn.discordapp.com; connect-src 'self' https://<web host>
                         wss://<web host> + Discord's origins + https://*.discordsays.com wss://*.discordsays.com;
                         frame-ancestors Discord's origins (discord.com, *.discord.com, discordapp.com, …).
  GET  /activity/<file>  files of present/web/activity/ (js, css, html, txt, svg, png, webp, woff2, json, map),
                         typed, with the same CSP; 404 for anything else.
  POST /api/token        {"code": str} -> 200 {"access_token": str}. Errors, each {"error": "<text>"} in the
                         Accept-Language's language: 400 (not JSON, no code, or Discord said invalid_grant),
                         502 (Discord unreachable, or it refused the bot's client id/secret: the log says which).
  POST /api/session      {"access_token": str, "instance_id": str} -> 200 {"session": str, "user": {"id": str,
                         "name": str}}. The user is GET /users/@me (Bearer); the instance is GET
                         /applications/{app}/activity-instances/{instance_id} (Bot token): the user must be in its
                         users, and the channel is its location.channel_id. Errors: 400 malformed, 401 token not
                         recognised, 403 user not in the instance, 404 unknown instance, 502 Discord unreachable.
                         The session (sessions.py) binds user, channel, server and name for 6 hours; it is signed
                         with a key derived from DISCORD_CLIENT_SECRET, so it survives a restart (kill -9 too).
  GET  /api/ws           the WebSocket.

WebSocket, page -> server (each message at most 2048 characters; at most 20 at once, then 4 a second)
  {"kind": "hello", "session": str, "version": int (-1: none), "locale": str (optional: the SDK's user locale,
   mapped with present.i18n.resolve to en/de/es/pt, else en)}       first message, within 15 s; again to catch up
  {"kind": "move", "ref": int, "prompt": str, "action": int}          one legal action (an "index" of "actions")
  {"kind": "move", "ref": int, "prompt": str, "actions": [int, ...]}  several steps of one decision: only as
                                                                      "together" groups them (indexes, min, max)
  {"kind": "move", "ref": int, "prompt": str, "bundle": int}          one of the "bundles" (its "n")
      A move may also name "seat": "p2"; a seat not the member's own is refused.
  {"kind": "lobby", "ref": int, "do": "open"|"join"|"leave"|"bot"|"start", "game": str (open only)}

WebSocket, server -> page
  {"kind": "frame", "frame": F}   F = present/web/frames.build(table, reader, log) for reader = the member's seat,
                                  or None (a spectator, or a member not seated: the public view only), with
                                  "log" = the last 30 lines this reader may read, and:
        "me": {"seat": "p1" | null, "name": str},
        "choices": null | {"prompt": str, "ask": str,
                           "actions": [{"index": i, "label": str, **target_i}, ...],   # every legal action, in
                                                                   # chat's display order; target_i from
                                                                   # present/web/targets.interactive()["targets"][i]
                           "bundles": [{"n": n, "label": str}],    # chat's bundles (render.choices, the game's policy)
                           "together": null | {"indexes": [...], "min": a, "max": b}},
        "cards": null | [{"id", "label"}],   "lodge": null | {...}  # targets.interactive()
      "hand_picture" is null when "cards" is given (the page shows the cards to click instead of the picture).
      A picture's "src" is sent once per connection; after that, the picture is {"key"} only (the page keeps it).
      Sent after every change the channel sees (the publisher's pass: after the commit and any hold), and on hello
      when the page's version is not the table's. During a held reaction window nothing new is sent.
  {"kind": "lobby", "lobby": L}   the channel has no running game: L = {"table": id|null, "game": key|null,
                                  "title", "seats": [{"name", "bot"}], "joined", "can_join", "can_start",
                                  "can_add_bot", "games": [{"key", "title"}], "text"}. A game that just finished
                                  is sent as its last frame ("over": true, its result on the
                                  board) and right after it the lobby (table null, "games" to open another):
                                  the page keeps showing the result beside the lobby.
  {"kind": "done", "ref": n}      the move or lobby action `ref` was applied (after the commit)
  {"kind": "refused", "ref": n, "message": str}   refused, nothing changed (not your seat, stale prompt, not on
                                  offer, the rules, lobby rules...); the socket stays open
  {"kind": "error", "message": str} then close 1008: no/invalid/expired session, not JSON, unknown kind,
                                  malformed message, too long, too many. (A frame over 64 KiB: aiohttp closes 1009.)
A move is chat's path: under the table's lock TableService.click (holder, prompt, offer), then Changes.publish of
the Outcome, so the board, DMs, watch pages and every Activity update from it; a stale move is refused, never
applied twice. Lobby actions call bot/seating.py as chat's lobby buttons do, as the member: their server name,
roles and channel permissions come from Discord at each lobby action (Door.actor), so a moderator may start a
table and a starter role is honoured, as in chat.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.config import Settings
from bot.seating import Seating
from bot.service import TableService
from bot.web.activity.auth import DiscordSignIn
from bot.web.activity.play import Door, Play
from bot.web.activity.routes import ActivityRoutes
from bot.web.activity.sessions import Sessions, session_key

__all__ = ["Activity", "Door", "open_activity"]


@dataclass
class Activity:
    play: Play
    routes: ActivityRoutes


def open_activity(settings: Settings, service: TableService, seating: Seating, door: Door,
                  application_id: int) -> Activity:
    """The Activity's parts; mount `routes` on the web app before it listens, and tell `play.changed` of changes."""
    sessions = Sessions(session_key(settings.client_secret))
    play = Play(service, seating, sessions, door)
    sign_in = DiscordSignIn(settings.client_id or application_id, settings.client_secret, settings.token)
    return Activity(play, ActivityRoutes(sign_in, sessions, play, settings.web_url))
