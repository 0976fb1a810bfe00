"""Request bodies, uploads included: discord.py's multipart form, and the attachments Discord makes of it."""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from aiohttp import web

from tests.e2e.fake_discord.model import DiscordError

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's upload limit per file without boosts (larger: 413, code 40005)


async def read_body(request: web.Request) -> tuple[Any, list]:
    """The JSON body and the uploaded files [(filename, bytes, content type)] of a request."""
    if not request.can_read_body:
        return None, []
    if request.content_type.startswith("multipart/"):
        # discord.py's uploads: a payload_json part plus files[n] parts, each named by an entry
        # {"id": n, "filename": ...} in payload_json's attachments (Discord takes the name from there).
        form = await request.post()
        body = json.loads(form.get("payload_json") or "{}")
        named = {str(a.get("id")): a.get("filename") for a in body.get("attachments") or [] if "size" not in a}
        files = []
        for key, part in form.items():
            if not hasattr(part, "file"):
                continue
            index = re.fullmatch(r"files\[(\d+)\]", key)
            if index is None:
                raise DiscordError(400, 50035, f"Invalid Form Body: unexpected file part {key!r}")
            data = part.file.read()
            if len(data) > UPLOAD_LIMIT:
                raise DiscordError(413, 40005, "Request entity too large")
            files.append((named.get(index[1]) or part.filename, data, part.content_type))
        return body, files
    if request.content_type == "application/x-www-form-urlencoded":  # OAuth2's token endpoint (oauth.py)
        return dict(await request.post()), []
    raw = await request.read()
    return (json.loads(raw) if raw else None), []


class Attachments:
    """Every file the bot uploaded; its bytes stay readable by attachment id (tests look at the pictures)."""

    def __init__(self, snow: Callable[[], int]):
        self._snow = snow
        self.uploads: dict[str, bytes] = {}  # attachment id -> the uploaded file's bytes

    def objects(self, files: list | None) -> list[dict]:
        """Attachment objects for uploaded (filename, bytes, content type)."""
        out = []
        for name, data, ctype in files or []:
            aid = str(self._snow())
            self.uploads[aid] = data
            out.append({"id": aid, "filename": name, "size": len(data), "url": f"https://cdn.invalid/{aid}/{name}",
                        "proxy_url": f"https://cdn.invalid/{aid}/{name}", "content_type": ctype})
        return out
