"""Discord's error answers, in its own JSON shape.

A bad form body is 400 with code 50035 and the errors nested by the path of the field, each leaf holding
``_errors``: ``{"code": 50035, "message": "Invalid Form Body", "errors": {"components": {"0": {"components":
{"0": {"emoji": {"name": {"_errors": [{"code": "BUTTON_COMPONENT_INVALID_EMOJI", "message": "Invalid
emoji"}]}}}}}}}}`` (list indexes become string keys). A few refusals have a top-level code of their own and
no ``errors`` (50006 "Cannot send an empty message", 40060 "Interaction has already been acknowledged.").
Codes: https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class FieldError:
    """One field's refusal: where (a path into the body), Discord's code and message."""
    path: Path
    code: str
    message: str

    def where(self) -> str:
        return ".".join(map(str, self.path)) or "(body)"


@dataclass
class Rejection:
    """What Discord answers to a request it refuses: the HTTP status and the JSON body."""
    status: int
    body: dict[str, Any]
    fields: list[FieldError] = field(default_factory=list)

    def summary(self) -> str:
        if not self.fields:
            return f"{self.status} {self.body.get('code')} {self.body.get('message')}"
        return "; ".join(f"{e.where()}: {e.code} ({e.message})" for e in self.fields)


def form_body(errors: list[FieldError]) -> Rejection:
    """400 / 50035 Invalid Form Body with every field error nested by its path."""
    nested: dict[str, Any] = {}
    for error in errors:
        node = nested
        for part in error.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return Rejection(400, {"code": 50035, "message": "Invalid Form Body", "errors": nested}, list(errors))


def plain(status: int, code: int, message: str) -> Rejection:
    """A refusal with only a top-level code (no per-field errors)."""
    return Rejection(status, {"code": code, "message": message})


# Field-error codes and messages as Discord words them (its generic validators' codes; the messages are
# the ones it sends, with the numbers filled in).
def max_length(limit: int) -> tuple[str, str]:
    return "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def min_length(limit: int) -> tuple[str, str]:
    return "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length."


def bad_length(low: int, high: int) -> tuple[str, str]:
    return "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."


def choices(allowed) -> tuple[str, str]:
    return "BASE_TYPE_CHOICES", f"Value must be one of ({', '.join(map(str, allowed))})."


REQUIRED = ("BASE_TYPE_REQUIRED", "This field is required")
INVALID_EMOJI = ("BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")  # select options get this code too
CUSTOM_ID_DUPLICATED = ("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
OPTION_VALUE_DUPLICATED = ("SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used")
LAYOUT_WIDTH_EXCEEDED = ("COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
CUSTOM_ID_REQUIRED = ("BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")
EMBED_SIZE_EXCEEDED = ("MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
EMPTY_MESSAGE = (50006, "Cannot send an empty message")
ALREADY_ACKNOWLEDGED = (40060, "Interaction has already been acknowledged.")
