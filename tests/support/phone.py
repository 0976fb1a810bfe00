"""What Discord shows on a phone, in a real browser: Components V2 messages (tests/support/phone_games.py
`Shown`) laid out as Discord's mobile app lays them out at 400 CSS px, then measured.

The layout (Discord's mobile app, dark theme; the numbers are the app's, read off its screens):
- a message's column starts right of the 40 px avatar (16 + 40 + 12 px) and keeps 16 px on the right:
  316 px at 400 px;
- a Components V2 container has a 1 px border, a 4 px accent bar on the left and 12 px padding: a picture
  in its gallery is shown 100% of the container's width (about 287 px at 400 px), its height to scale;
- text in Noto Sans 16 px (Discord's gg sans is not free; Noto is of the same width class), whitespace kept
  and long words broken as Discord does; code blocks in Noto Sans Mono 14 px, wrapped (the app wraps them);
  headings 24/20/16 px bold, `-#` subtext 13 px, lists and quotes indented; emoji in Noto Color Emoji;
- buttons 14 px, 16 px padding each side, wrapping onto new lines, a label too long for the row cut with
  an ellipsis; a select shows its placeholder (cut the same way), and its opened sheet lists each option
  on one line across the screen (16 px padding each side, 32 px for the tick).
The fonts are the Noto files simcord's preview ships (the tests' own dependency): no network, the same
glyph widths on every machine.
"""
from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path

from tests.support.components import walk
from tests.support.phone_games import Shown

HOST = "http://phone.test/"
FONTS = {"sans": "noto-sans-latin-v2.015.ttf", "sans-italic": "noto-sans-latin-italic-v2.015.ttf",
         "mono": "noto-sans-mono-v2.014.ttf", "emoji": "noto-color-emoji-v2.051.ttf"}
BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}

CSS = """
@font-face { font-family: P; src: url(f/sans); font-weight: 100 900; font-display: block; }
@font-face { font-family: P; src: url(f/sans-italic); font-style: italic; font-weight: 100 900; font-display: block; }
@font-face { font-family: M; src: url(f/mono); font-display: block; }
@font-face { font-family: E; src: url(f/emoji); font-display: block; }
body { margin: 0; width: 400px; background: #1a1a1e; color: #dbdee1; font: 16px/1.375 P, E; }
.msg { position: relative; padding: 10px 16px 10px 68px; }
.av { position: absolute; left: 16px; top: 12px; width: 40px; height: 40px; border-radius: 50%;
      background: #5865f2; }
.who { color: #f2f3f5; font-weight: 600; } .tag { margin-left: 6px; color: #949ba4; font-size: 12px; }
.ct { margin-top: 4px; padding: 12px; border: 1px solid #2e2f34; border-left: 4px solid var(--accent);
      border-radius: 8px; background: #242429; display: flex; flex-direction: column; gap: 8px; }
.td { white-space: pre-wrap; overflow-wrap: break-word; }
.h1 { font-size: 24px; font-weight: 700; line-height: 1.25; } .h2 { font-size: 20px; font-weight: 700; }
.h3 { font-size: 16px; font-weight: 700; } .sub { font-size: 13px; color: #949ba4; }
.li { padding-left: 20px; text-indent: -14px; } .quote { border-left: 4px solid #4e5058; padding-left: 12px; }
code { font: 14px M, E; background: #2b2d31; border-radius: 4px; padding: 0 2px; }
.code { font: 14px/1.25 M, E; background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px;
        padding: 7px; white-space: pre-wrap; overflow-wrap: anywhere; }
.cl { display: block; min-height: 1.25em; }
.spoiler { background: #1e1f22; color: transparent; border-radius: 3px; }
.mention { background: rgba(88, 101, 242, .3); color: #c9cdfb; border-radius: 3px; }
.pic { display: block; width: 100%; height: auto; border-radius: 8px; }
.file { padding: 10px; background: #2b2d31; border: 1px solid #1e1f22; border-radius: 8px; }
hr { width: 100%; margin: 0; border: 0; border-top: 1px solid #3f4147; }
.row { display: flex; flex-wrap: wrap; gap: 8px; }
.btn { display: inline-flex; align-items: center; box-sizing: border-box; max-width: 100%; min-height: 36px;
       padding: 2px 16px; border-radius: 8px; color: #fff; font-size: 14px; font-weight: 500; white-space: nowrap; }
.btn .e { margin-right: 6px; }
.lbl { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.sel { display: flex; box-sizing: border-box; width: 100%; min-height: 44px; align-items: center;
       padding: 8px 12px; border-radius: 8px; background: #1e1f22; color: #949ba4; white-space: nowrap; }
.sheet { width: 400px; box-sizing: border-box; padding: 8px 16px; background: #2b2d31; }
.opt { display: flex; align-items: center; min-height: 44px; padding-right: 32px; white-space: nowrap; }
"""

# Per message: each picture's shown box; every component wider than its column; each code line's width
# unwrapped against its block's; each label's width against the room it has.
MEASURE = """() => [...document.querySelectorAll('.msg')].map(msg => {
  const box = e => e.getBoundingClientRect();
  const bottom = box(msg.querySelector('.ct') || msg).bottom;  // the message's end: its prompt and buttons
  const pictures = [...msg.querySelectorAll('img.pic')].map(i => ({name: i.dataset.name, w: box(i).width,
    h: box(i).height, reach: bottom - box(i).top}));
  const wide = [...msg.querySelectorAll('.ct > *')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => ({text: e.innerText.slice(0, 80), need: e.scrollWidth, room: e.clientWidth}));
  const code = [];
  for (const block of msg.querySelectorAll('.code')) {
    const room = block.clientWidth - 14;
    for (const line of block.querySelectorAll('.cl')) {
      line.style.cssText = 'display:inline-block; white-space:pre';
      const need = box(line).width;
      line.style.cssText = '';
      if (need > room + 0.5) code.push({text: line.textContent, need, room});
    }
  }
  const labels = [...document.querySelectorAll(`[data-of="${msg.dataset.i}"] .lbl, #m${msg.dataset.i} .lbl`)]
    .filter(l => l.scrollWidth > l.clientWidth + 0.5)
    .map(l => ({kind: l.dataset.kind, text: l.textContent, need: l.scrollWidth, room: l.clientWidth}));
  return {pictures, wide, code, labels};
})"""


def render(shown: list[Shown], sheets: bool = True) -> tuple[str, dict[str, bytes]]:
    """The page showing these messages one under another (and, with `sheets`, each select's opened sheet
    after its message), and the files it loads: path -> bytes."""
    files: dict[str, bytes] = {}
    body = []
    for i, message in enumerate(shown):
        names = {}
        for name, picture in message.pictures.items():
            path = "p/" + hashlib.sha256(picture.png).hexdigest()[:20] + ".png"
            files[path] = picture.png
            names[name] = path
        inner = "".join(_part(c, names) for c in message.components)
        body.append(f'<div class="msg" id="m{i}" data-i="{i}"><div class="av"></div><span class="who">Rookery'
                    f'</span><span class="tag">{html.escape(message.where)} · move {message.step}</span>'
                    f'{inner}</div>')
        if sheets:
            body += [_sheet(c, i) for c in _selects(message.components)]
    page = (f'<!doctype html><html><head><meta charset="utf-8"><base href="{HOST}"><style>{CSS}</style>'
            f'</head><body>{"".join(body)}</body></html>')
    return page, files


def show(page, shown: list[Shown], sheets: bool = True) -> None:
    """Opens the messages in a Playwright page (its fonts and pictures served from memory)."""
    text, files = render(shown, sheets)
    fonts = Path(__import__("simcord").__file__).parent / "preview" / "static" / "fonts"

    def serve(route) -> None:
        path = route.request.url[len(HOST):]
        if path.startswith("f/"):
            route.fulfill(body=(fonts / FONTS[path[2:]]).read_bytes(), content_type="font/ttf",
                          headers={"Cache-Control": "max-age=86400"})   # loaded once per browser context
        elif path in files:
            route.fulfill(body=files[path], content_type="image/png")
        else:
            route.abort()

    page.unroute(HOST + "**")  # a page shows one set of messages at a time
    page.route(HOST + "**", serve)
    page.set_content(text, wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")


def measure(page) -> list[dict]:
    """What MEASURE finds, per message in the page's order."""
    return page.evaluate(MEASURE)


# ---- Components V2 parts as HTML ---------------------------------------------------------------------

def _part(c: dict, pictures: dict[str, str]) -> str:
    kind = c.get("type")
    if kind == 17:
        accent = f"#{c['accent_color']:06x}" if c.get("accent_color") is not None else "#4e5058"
        inner = "".join(_part(x, pictures) for x in c.get("components", []))
        return f'<div class="ct" style="--accent:{accent}">{inner}</div>'
    if kind == 10:
        return f'<div class="td">{markdown(c.get("content") or "")}</div>'
    if kind == 12:
        return "".join(_image(item["media"]["url"], pictures) for item in c.get("items", []))
    if kind == 11:
        return _image(c["media"]["url"], pictures)
    if kind == 9:
        inner = "".join(_part(x, pictures) for x in c.get("components", []))
        return f'<div class="td">{inner}</div>{_part(c["accessory"], pictures)}'
    if kind == 13:
        return f'<div class="file">📄 {html.escape(c["file"]["url"].rsplit("/", 1)[-1])}</div>'
    if kind == 14:
        return "<hr>" if c.get("divider", True) else "<div></div>"
    if kind == 1:
        return f'<div class="row">{"".join(_part(x, pictures) for x in c.get("components", []))}</div>'
    if kind == 2:
        emoji = (c.get("emoji") or {}).get("name")
        face = f'<span class="e">{html.escape(emoji)}</span>' if emoji else ""
        colour = BUTTON_COLOURS.get(c.get("style", 2), "#4e5058")
        return (f'<span class="btn" style="background:{colour}">{face}'
                f'<span class="lbl" data-kind="button">{html.escape(c.get("label") or "")}</span></span>')
    if kind in (3, 5, 6, 7, 8):
        shown = c.get("placeholder") or ""
        return f'<div class="sel"><span class="lbl" data-kind="placeholder">{html.escape(shown)}</span> ▾</div>'
    return ""


def _image(url: str, pictures: dict[str, str]) -> str:
    name = url.removeprefix("attachment://").rsplit("/", 1)[-1]
    path = pictures.get(name, "")
    return f'<img class="pic" data-name="{html.escape(name)}" src="{path}">'


def _selects(components: list) -> list[dict]:
    return [c for c in walk(components) if c.get("type") == 3]


def _sheet(select: dict, i: int) -> str:
    options = "".join(f'<div class="opt"><span class="lbl" data-kind="option">{html.escape(o["label"])}</span></div>'
                      for o in select.get("options", []))
    return f'<div class="sheet" data-of="{i}">{options}</div>'


# ---- Discord's Markdown, the subset the bot writes ----------------------------------------------------

HEADS = (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("-# ", "sub"), ("> ", "quote"))
ESCAPED = re.compile(r"\\([\\*_~`|>#\-\[\]()])")
INLINE = [(re.compile(r"\*\*(.+?)\*\*", re.S), r"<b>\1</b>"), (re.compile(r"__(.+?)__", re.S), r"<u>\1</u>"),
          (re.compile(r"~~(.+?)~~", re.S), r"<s>\1</s>"),
          (re.compile(r"\|\|(.+?)\|\|", re.S), r'<span class="spoiler">\1</span>'),
          (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\*)", re.S), r"<i>\1</i>"),
          (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", re.S), r"<i>\1</i>"),
          (re.compile(r"&lt;@(?:&amp;)?\d+&gt;"), '<span class="mention">@member</span>'),
          (re.compile(r"&lt;t:\d+(:\w)?&gt;"), "2 December 2026 13:00")]


def markdown(text: str) -> str:
    """A text display's content as Discord draws it: block by block, line by line."""
    out, code = [], None
    for line in text.split("\n"):
        if code is not None:
            if line.strip().startswith("```"):
                out.append(f'<div class="code">{"".join(code)}</div>')
                code = None
            else:
                code.append(f'<span class="cl">{html.escape(line)}</span>')
            continue
        if line.startswith("```"):
            code = []
            continue
        kind = next((k for head, k in HEADS if line.startswith(head)), None)
        if kind:
            line = line[len(next(h for h, k in HEADS if k == kind)):]
        elif re.match(r"\s*[-*] ", line):
            kind, line = "li", "• " + re.sub(r"^\s*[-*] ", "", line)
        out.append(f'<div class="{kind or "p"}">{inline(line) or "<br>"}</div>')
    if code is not None:  # an unclosed fence shows as it is written
        out.append(f'<div class="p">```{"".join(code)}</div>')
    return "".join(out)


def inline(text: str) -> str:
    """Bold, italics, underline, strike, spoilers, code spans, mentions; backslash escapes kept literal."""
    literal: list[str] = []

    def keep(s: str) -> str:
        literal.append(s)
        return f"\x00{len(literal) - 1}\x00"

    text = ESCAPED.sub(lambda m: keep(html.escape(m.group(1))), text)
    text = re.sub(r"`([^`]+)`", lambda m: keep(f"<code>{html.escape(m.group(1))}</code>"), text)
    text = html.escape(text, quote=False)
    for pattern, replacement in INLINE:
        text = pattern.sub(replacement, text)
    return re.sub("\x00(\\d+)\x00", lambda m: literal[int(m.group(1))], text)


def plain_lines(shown: Shown) -> list[tuple[str, bool]]:
    """Every line of a message's text displays, with whether it is inside a code block."""
    out = []
    for c in walk(shown.components):
        if c.get("type") != 10:
            continue
        fenced = False
        for line in (c.get("content") or "").split("\n"):
            if line.strip().startswith("```"):
                fenced = not fenced
                continue
            out.append((line, fenced))
    return out

