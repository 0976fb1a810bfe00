"""Discord's documented limits that its OpenAPI schema leaves out or states more loosely.

Each limit sits beside the page of Discord's documentation that states it (https://discord.com/developers/
docs/...). Where the schema states the same limit, both checks report it once (errors are deduplicated).
Where Discord does not document the error code it answers with, the nearest of its generic codes is used
and the comment says so.
"""
from __future__ import annotations

import unicodedata

from tests.discord_spec import errors as E
from tests.discord_spec.emoji_rule import valid_component_emoji

Path = E.Path
FieldError = E.FieldError

# resources/message#create-message: "Message contents (up to 2000 characters)" (the spec says 4000 on
# create); "Up to 10 rich embeds (up to 6000 characters)".
CONTENT_MAX = 2000
EMBEDS_MAX = 10
# resources/message#embed-object-embed-limits
EMBED_TOTAL_MAX = 6000
EMBED_TEXT_MAX = {("title",): 256, ("description",): 4096, ("footer", "text"): 2048, ("author", "name"): 256}
EMBED_FIELDS_MAX, FIELD_NAME_MAX, FIELD_VALUE_MAX = 25, 256, 1024
# resources/message#message-object-message-flags
IS_COMPONENTS_V2 = 1 << 15
# components/reference#legacy-message-component-behavior: "Legacy messages allow up to 5 action rows".
LEGACY_ROWS_MAX = 5
# components/reference (introduction): with IS_COMPONENTS_V2 "Messages allow up to 40 total components".
V2_COMPONENTS_MAX = 40
# Text Displays: 4000 characters across the whole message. The spec states 4000 per Text Display;
# discord.py's LayoutView (ui/view.py) enforces it across the message, as Discord does. Discord documents
# no error code for it: BASE_TYPE_MAX_LENGTH at `components`.
V2_TEXT_MAX = 4000
# components/reference#action-row: "Up to 5 interactive button components or a single select component".
ROW_BUTTONS_MAX = 5
# components/reference#button: label max 80; custom_id 1-100 (#anatomy-of-a-component: unique per message);
# non-link, non-premium buttons must have a custom_id.
BUTTON_LABEL_MAX, CUSTOM_ID_MAX = 80, 100
# components/reference#string-select: options max 25; option label/value/description max 100;
# placeholder max 150; min_values 0-25, max_values 1-25.
SELECT_OPTIONS_MAX, OPTION_TEXT_MAX, PLACEHOLDER_MAX, SELECT_VALUES_MAX = 25, 100, 150, 25
# components/reference#section: 1 to 3 Text Displays and one accessory (a Button or a Thumbnail).
SECTION_TEXTS_MAX = 3
# components/reference#media-gallery: 1 to 10 items.
GALLERY_ITEMS_MAX = 10
# components/reference#component-object: which component may sit where.
ACTION_ROW, BUTTON, STRING_SELECT, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, CONTAINER = 1, 2, 3, 9, 10, 11, 12, 17
SELECTS = {3, 5, 6, 7, 8}
TOP_LEVEL_V2 = {1, 9, 10, 12, 13, 14, 17}
IN_CONTAINER = {1, 9, 10, 12, 13, 14}       # components/reference#container
IN_ROW = {BUTTON, *SELECTS}                 # components/reference#action-row
SECTION_ACCESSORY = {BUTTON, THUMBNAIL}     # components/reference#section
LINK, PREMIUM = 5, 6                        # button styles without a custom_id

# interactions/receiving-and-responding#interaction-response-object-interaction-callback-type:
# 6/7 "only valid for component-based interactions" (a modal submitted from a component counts), 8 answers
# autocomplete only, 9 "not available for MODAL_SUBMIT and PING interactions"; 10 is deprecated; 12
# (LAUNCH_ACTIVITY) answers a command, a component or a modal, and only for an application with Activities
# on (the fake checks that: it knows the application). Discord documents no field code for a type outside
# these: BASE_TYPE_CHOICES at `type`.
CALLBACKS = {1: {1}, 2: {4, 5, 9, 12}, 3: {4, 5, 6, 7, 9, 12}, 4: {8}, 5: {4, 5, 12}}
MODAL_FROM_MESSAGE = {4, 5, 6, 7}

# interactions/application-commands#application-command-object-application-command-naming: names match
# ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and use the lower-case form of any cased letter.
COMMAND_NAME_MAX, COMMAND_DESCRIPTION_MAX, COMMAND_OPTIONS_MAX, COMMAND_CHOICES_MAX = 32, 100, 25, 25
CHOICE_NAME_MAX = 100
# interactions/application-commands (Warning under "Slash Commands"): 8000 characters for the combined
# name, description and value properties of a command, its options and choices.
COMMAND_TOTAL_MAX = 8000
# reference#locales: the keys a name_localizations / description_localizations dictionary may have.
LOCALES = frozenset("id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
                    "bg ru uk hi th zh-CN ja zh-TW ko".split())


# ---- messages
def message(body: dict, at: Path = (), *, current_flags: int | None = None) -> list[FieldError]:
    """A message create/edit body (or an interaction callback's `data`)."""
    out: list[FieldError] = []
    flags = body.get("flags")
    flags = current_flags if flags is None else flags
    v2 = _int(flags) & IS_COMPONENTS_V2
    content = body.get("content")
    if v2:
        for key in ("content", "embeds"):
            if body.get(key):
                out.append(FieldError(at + (key,), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                                      f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"))
    elif isinstance(content, str) and len(content) > CONTENT_MAX:
        out.append(FieldError(at + ("content",), *E.max_length(CONTENT_MAX)))
    if isinstance(body.get("embeds"), list):
        out += _embeds(body["embeds"], at + ("embeds",))
    if isinstance(body.get("components"), list):
        out += Components(at, bool(v2)).check(body["components"])
    return out


def empty(body: dict | None) -> bool:
    """Whether a new message would have nothing in it (Discord: 50006 Cannot send an empty message)."""
    body = body or {}
    content = body.get("content")
    return not ((isinstance(content, str) and content.strip()) or body.get("embeds") or body.get("components")
                or body.get("attachments") or body.get("sticker_ids") or body.get("poll"))


def _embeds(embeds: list, at: Path) -> list[FieldError]:
    out: list[FieldError] = []
    if len(embeds) > EMBEDS_MAX:
        out.append(FieldError(at, *E.max_length(EMBEDS_MAX)))
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        for keys, limit in EMBED_TEXT_MAX.items():
            text = _dig(embed, keys)
            if isinstance(text, str):
                total += len(text.strip())
                if len(text) > limit:
                    out.append(FieldError(at + (i, *keys), *E.max_length(limit)))
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            out.append(FieldError(at + (i, "fields"), *E.max_length(EMBED_FIELDS_MAX)))
        for j, item in enumerate(fields if isinstance(fields, list) else []):
            for key, limit in (("name", FIELD_NAME_MAX), ("value", FIELD_VALUE_MAX)):
                text = item.get(key) if isinstance(item, dict) else None
                if isinstance(text, str):
                    total += len(text.strip())
                    if len(text) > limit:
                        out.append(FieldError(at + (i, "fields", j, key), *E.max_length(limit)))
    if total > EMBED_TOTAL_MAX:
        out.append(FieldError(at, *E.EMBED_SIZE_EXCEEDED))
    return out


class Components:
    """Walks a message's components once: placement, per-component limits, totals, custom_id uniqueness."""

    def __init__(self, at: Path, v2: bool) -> None:
        self.at, self.v2 = at, v2
        self.out: list[FieldError] = []
        self.count = self.text = 0
        self.custom_ids: set[str] = set()

    def check(self, components: list) -> list[FieldError]:
        at = self.at + ("components",)
        if not self.v2 and len(components) > LEGACY_ROWS_MAX:
            self.out.append(FieldError(at, *E.max_length(LEGACY_ROWS_MAX)))
        self._children(components, at, TOP_LEVEL_V2 if self.v2 else {ACTION_ROW})
        if self.v2 and self.count > V2_COMPONENTS_MAX:
            self.out.append(FieldError(at, *E.max_length(V2_COMPONENTS_MAX)))
        if self.v2 and self.text > V2_TEXT_MAX:
            self.out.append(FieldError(at, *E.max_length(V2_TEXT_MAX)))
        return self.out

    def _children(self, items, at: Path, allowed: set[int]) -> None:
        for i, item in enumerate(items if isinstance(items, list) else []):
            self._one(item, at + (i,), allowed)

    def _one(self, comp, at: Path, allowed: set[int]) -> None:
        if not isinstance(comp, dict):
            return
        self.count += 1
        kind = comp.get("type")
        if kind not in allowed:
            choices = ", ".join(map(str, sorted(allowed)))
            self.out.append(FieldError(at, "UNION_TYPE_CHOICES", f'Value of field "type" must be one of ({choices}).'))
            return
        if "custom_id" in comp:
            self._custom_id(comp["custom_id"], at + ("custom_id",))
        if kind == ACTION_ROW:
            self._row(comp.get("components"), at + ("components",))
        elif kind == BUTTON:
            self._button(comp, at)
        elif kind == STRING_SELECT:
            self._select(comp, at)
        elif kind == TEXT_DISPLAY:
            self.text += len(comp.get("content") or "")
        elif kind == SECTION:
            texts = comp.get("components") or []
            if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
                self.out.append(FieldError(at + ("components",), *E.bad_length(1, SECTION_TEXTS_MAX)))
            self._children(texts, at + ("components",), {TEXT_DISPLAY})
            if "accessory" not in comp:
                self.out.append(FieldError(at + ("accessory",), *E.REQUIRED))
            else:
                self._one(comp["accessory"], at + ("accessory",), SECTION_ACCESSORY)
        elif kind == MEDIA_GALLERY:
            items = comp.get("items") or []
            if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
                self.out.append(FieldError(at + ("items",), *E.bad_length(1, GALLERY_ITEMS_MAX)))
        elif kind == CONTAINER:
            self._children(comp.get("components"), at + ("components",), IN_CONTAINER)

    def _row(self, children, at: Path) -> None:
        children = children if isinstance(children, list) else []
        if not 1 <= len(children) <= ROW_BUTTONS_MAX:
            self.out.append(FieldError(at, *E.bad_length(1, ROW_BUTTONS_MAX)))
        elif len(children) > 1 and any(isinstance(c, dict) and c.get("type") in SELECTS for c in children):
            self.out.append(FieldError(at, *E.LAYOUT_WIDTH_EXCEEDED))  # a select fills its row alone
        self._children(children, at, IN_ROW)

    def _custom_id(self, custom_id, at: Path) -> None:
        if isinstance(custom_id, str):
            if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
                self.out.append(FieldError(at, *E.bad_length(1, CUSTOM_ID_MAX)))
            elif custom_id in self.custom_ids:
                self.out.append(FieldError(at, *E.CUSTOM_ID_DUPLICATED))
            self.custom_ids.add(custom_id)

    def _emoji(self, holder: dict, at: Path) -> None:
        if holder.get("emoji") is not None and not valid_component_emoji(holder["emoji"]):
            self.out.append(FieldError(at + ("emoji", "name"), *E.INVALID_EMOJI))

    def _button(self, button: dict, at: Path) -> None:
        label = button.get("label")
        if isinstance(label, str) and len(label) > BUTTON_LABEL_MAX:
            self.out.append(FieldError(at + ("label",), *E.max_length(BUTTON_LABEL_MAX)))
        if button.get("style") not in (LINK, PREMIUM) and not button.get("custom_id"):
            self.out.append(FieldError(at + ("custom_id",), *E.CUSTOM_ID_REQUIRED))
        self._emoji(button, at)

    def _select(self, select: dict, at: Path) -> None:
        options = select.get("options") if isinstance(select.get("options"), list) else []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            self.out.append(FieldError(at + ("options",), *E.bad_length(1, SELECT_OPTIONS_MAX)))
        placeholder = select.get("placeholder")
        if isinstance(placeholder, str) and len(placeholder) > PLACEHOLDER_MAX:
            self.out.append(FieldError(at + ("placeholder",), *E.max_length(PLACEHOLDER_MAX)))
        for key, low in (("min_values", 0), ("max_values", 1)):
            value = select.get(key)
            if isinstance(value, int) and not low <= value <= SELECT_VALUES_MAX:
                code = ("NUMBER_TYPE_MAX", f"int value should be less than or equal to {SELECT_VALUES_MAX}.") \
                    if value > SELECT_VALUES_MAX else ("NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}.")
                self.out.append(FieldError(at + (key,), *code))
        values: set[str] = set()
        for j, option in enumerate(options):
            if not isinstance(option, dict):
                continue
            where = at + ("options", j)
            for key in ("label", "value"):
                text = option.get(key)
                if not isinstance(text, str) or not 1 <= len(text) <= OPTION_TEXT_MAX:
                    self.out.append(FieldError(where + (key,), *E.bad_length(1, OPTION_TEXT_MAX)))
            description = option.get("description")
            if isinstance(description, str) and len(description) > OPTION_TEXT_MAX:
                self.out.append(FieldError(where + ("description",), *E.max_length(OPTION_TEXT_MAX)))
            if option.get("value") in values:
                self.out.append(FieldError(where + ("value",), *E.OPTION_VALUE_DUPLICATED))
            values.add(option.get("value"))
            self._emoji(option, where)


# ---- interaction callbacks
def callback_type(body: dict, interaction_type: int, from_message: bool) -> list[FieldError]:
    """The callback type must suit the interaction's kind (see CALLBACKS above)."""
    allowed = CALLBACKS.get(interaction_type, set()) | (MODAL_FROM_MESSAGE if interaction_type == 5 and from_message else set())
    kind = body.get("type") if isinstance(body, dict) else None
    if kind in allowed:
        return []
    return [FieldError(("type",), *E.choices(sorted(allowed)))]


# ---- application commands
def commands(body) -> list[FieldError]:
    """A bulk overwrite (a list) or one command (a dict)."""
    items = body if isinstance(body, list) else [body] if isinstance(body, dict) else []
    out: list[FieldError] = []
    for i, command in enumerate(items):
        if isinstance(command, dict):
            at = (i,) if isinstance(body, list) else ()
            chat_input = command.get("type") in (None, 1)
            out += _named(command, at, chat_input)
            out += _options(command.get("options"), at + ("options",))
            if _size(command) > COMMAND_TOTAL_MAX:
                out.append(FieldError(at, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_TOTAL_MAX})"))
    return out


def _named(item: dict, at: Path, chat_input: bool) -> list[FieldError]:
    """A command's or an option's name, description and their localizations."""
    out: list[FieldError] = []
    names = [(("name",), item.get("name"))] + [(("name_localizations", k), v)
                                                for k, v in (item.get("name_localizations") or {}).items()]
    for where, name in names:
        if chat_input and not _valid_name(name):
            out.append(FieldError(at + where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
    descriptions = [(("description",), item.get("description"))] + [
        (("description_localizations", k), v) for k, v in (item.get("description_localizations") or {}).items()]
    for where, text in descriptions:
        if chat_input and (not isinstance(text, str) or not 1 <= len(text) <= COMMAND_DESCRIPTION_MAX):
            out.append(FieldError(at + where, *E.bad_length(1, COMMAND_DESCRIPTION_MAX)))
    for key in ("name_localizations", "description_localizations"):
        for locale in item.get(key) or {}:
            if locale not in LOCALES:
                out.append(FieldError(at + (key, locale), *E.choices(sorted(LOCALES))))
    return out


def _options(options, at: Path) -> list[FieldError]:
    options = options if isinstance(options, list) else []
    out: list[FieldError] = []
    if len(options) > COMMAND_OPTIONS_MAX:
        out.append(FieldError(at, *E.max_length(COMMAND_OPTIONS_MAX)))
    optional_seen = False
    for i, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        out += _named(option, at + (i,), True)
        if option.get("type") in (1, 2):
            out += _options(option.get("options"), at + (i, "options"))
            continue
        if option.get("required"):
            if optional_seen:
                out.append(FieldError(at + (i, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                      "Required options must be placed before non-required options"))
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > COMMAND_CHOICES_MAX:
            out.append(FieldError(at + (i, "choices"), *E.max_length(COMMAND_CHOICES_MAX)))
        for j, choice in enumerate(choices):
            name = choice.get("name") if isinstance(choice, dict) else None
            if not isinstance(name, str) or not 1 <= len(name) <= CHOICE_NAME_MAX:
                out.append(FieldError(at + (i, "choices", j, "name"), *E.bad_length(1, CHOICE_NAME_MAX)))
    return out


def _valid_name(name) -> bool:
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME_MAX or name != name.lower():
        return False
    return all(c in "-_'" or unicodedata.category(c)[0] in "LN" or "\u0900" <= c <= "\u097f"
               or "\u0e00" <= c <= "\u0e7f" for c in name)


def _size(command: dict) -> int:
    """Characters counted towards COMMAND_TOTAL_MAX: names, descriptions and values, the longest
    localization of each field standing for it."""
    def longest(item: dict, key: str) -> int:
        values = [item.get(key)] + list((item.get(f"{key}_localizations") or {}).values())
        return max((len(str(v)) for v in values if v is not None), default=0)

    total = longest(command, "name") + longest(command, "description")
    for option in command.get("options") or []:
        if isinstance(option, dict):
            total += _size(option)
            for choice in option.get("choices") or []:
                total += longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def _dig(item: dict, keys: tuple[str, ...]):
    for key in keys:
        item = item.get(key) if isinstance(item, dict) else None
    return item


def _int(value) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0
