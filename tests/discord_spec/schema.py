"""Discord's OpenAPI specification: which operation a request is, and whether its body fits the schema.

The spec (openapi.json beside this file, vendored unchanged) is read once per process; each operation's
validator is compiled the first time a request needs it. A body is checked by `jsonschema-rs` (JSON Schema
2020-12, `$ref`s resolved; about 0.01 ms for a board edit, 0.08 ms for a hand of 20 buttons and a menu);
only a body it refuses is checked again by `jsonschema` (pure Python, 100-150 times slower), whose error
tree is turned into Discord's field errors.

Two places where Discord is more lenient than the spec, as its own README says, and as real Discord is:
- an integer-like string is accepted where the spec says a bare integer, one with no range or list of
  values (discord.py sends `default_member_permissions` as "32");
- a snowflake may be sent as a number as well as a string (discord.py sends `recipient_id` and the
  attachments' `id` as numbers).
Both are written into the in-memory copy of the spec, so the two validators agree.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema_rs

from tests.discord_spec import errors as E

SPEC_FILE = Path(__file__).with_name("openapi.json")
SPEC_URI = "urn:discord-openapi"
SNOWFLAKE_MARK = "x-rookery-snowflake"  # our widenings of the spec, marked so errors can name them
INT_MARK = "x-rookery-int-like"
INT_LIKE = {"type": "string", "pattern": "^-?[0-9]+$"}


CONSTRAINTS = {"enum", "const", "oneOf", "anyOf", "allOf", "minimum", "maximum", "exclusiveMinimum",
               "exclusiveMaximum", "multipleOf"}


def _lenient_integers(node) -> None:
    """Every bare integer schema (no range, no list of values) also takes an integer-like string."""
    if isinstance(node, list):
        for item in node:
            _lenient_integers(item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _lenient_integers(value)
    if any(isinstance(b, dict) and b.get(INT_MARK) for b in node.get("oneOf", ())):
        node["anyOf"] = node.pop("oneOf")  # "integer or string" (a nonce): a digit string is both now
    kinds = node.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []
    # Only a bare integer is widened: a string branch cannot carry a range or a list of values, so a
    # constrained integer (a style, max_values) sent as "99" would slip past them.
    if "integer" in kinds and not node.keys() & CONSTRAINTS:
        inner = dict(node)
        node.clear()
        node.update({INT_MARK: True, "anyOf": [inner, dict(INT_LIKE)]})


@functools.cache
def spec() -> dict:
    """The parsed spec (one read per process), made as lenient as Discord (see the module docstring)."""
    document = json.loads(SPEC_FILE.read_bytes())
    _lenient_integers(document["components"])
    _lenient_integers(document["paths"])
    schemas = document["components"]["schemas"]
    schemas["SnowflakeType"] = {SNOWFLAKE_MARK: True, "anyOf": [schemas["SnowflakeType"],
                                                                {"type": "integer", "minimum": 0}]}
    return document


@functools.cache
def _rs_registry():
    return jsonschema_rs.Registry([(SPEC_URI, spec())])


@functools.cache
def _py_registry():
    from referencing import Registry, Resource  # only needed to explain a refusal: imported then
    from referencing.jsonschema import DRAFT202012

    return Registry().with_resource(SPEC_URI, Resource(contents=spec(), specification=DRAFT202012))


@functools.cache
def _operations() -> dict[str, list[tuple[re.Pattern, int, str]]]:
    """method -> [(path regex, literal segments, template)], most literal first ("@original" beats "{id}")."""
    table: dict[str, list[tuple[re.Pattern, int, str]]] = {}
    for template, item in spec()["paths"].items():
        parts = template.strip("/").split("/")
        rx = "/" + "/".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
        literals = sum(not p.startswith("{") for p in parts)
        for method in item:
            if method in ("get", "put", "post", "patch", "delete"):
                table.setdefault(method.upper(), []).append((re.compile(rx), literals, template))
    for entries in table.values():
        entries.sort(key=lambda e: -e[1])
    return table


def operation(method: str, path: str) -> str | None:
    """The spec's path template for this request (query string ignored), or None if it has none."""
    path = path.split("?", 1)[0].rstrip("/") or "/"
    for rx, _, template in _operations().get(method.upper(), ()):
        if rx.fullmatch(path):
            return template
    return None


def _body_ref(method: str, template: str) -> str | None:
    op = spec()["paths"][template][method.lower()]
    if "application/json" not in ((op.get("requestBody") or {}).get("content") or {}):
        return None
    pointer = "/".join(p.replace("~", "~0").replace("/", "~1") for p in (
        "paths", template, method.lower(), "requestBody", "content", "application/json", "schema"))
    return f"{SPEC_URI}#/{quote(pointer, safe='/~')}"


@functools.cache
def fast_validator(method: str, template: str):
    """The compiled jsonschema-rs validator of this operation's JSON body, or None when it takes none."""
    ref = _body_ref(method, template)
    return None if ref is None else jsonschema_rs.validator_for({"$ref": ref}, registry=_rs_registry())


@functools.cache
def _explaining_validator(method: str, template: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator({"$ref": _body_ref(method, template)}, registry=_py_registry())


def check(method: str, template: str, body: Any) -> list[E.FieldError]:
    """Field errors of this body against the operation's request schema ([] when it fits)."""
    fast = fast_validator(method, template)
    if fast is None or fast.is_valid(body):
        return []
    found = [f for error in _explaining_validator(method, template).iter_errors(body) for f in field_errors(error)]
    if not found:  # the two validators disagree: still a refusal, in jsonschema-rs's words
        found = [E.FieldError(tuple(e.instance_path), "SCHEMA_INVALID", e.message[:200])
                 for e in fast.iter_errors(body)]
    return found


# ---- jsonschema errors as Discord's field errors
def field_errors(error) -> list[E.FieldError]:
    path = tuple(error.absolute_path)
    kind, value, instance, schema = error.validator, error.validator_value, error.instance, error.schema
    if kind in ("oneOf", "anyOf"):
        return _union(error, path)
    if kind == "required":
        missing = [name for name in value if isinstance(instance, dict) and name not in instance]
        return [E.FieldError(path + (name,), *E.REQUIRED) for name in missing]
    if kind in ("maxLength", "minLength", "maxItems", "minItems", "maxProperties"):
        low = schema.get("minLength", schema.get("minItems", 0))
        high = schema.get("maxLength", schema.get("maxItems", schema.get("maxProperties")))
        code = E.bad_length(low, high) if low and high is not None else (
            E.max_length(high) if kind.startswith("max") else E.min_length(low))
        return [E.FieldError(path, *code)]
    if kind in ("enum", "const"):
        return [E.FieldError(path, *E.choices(value if kind == "enum" else [value]))]
    if kind == "type":
        return [E.FieldError(path, *_type_error(value, instance))]
    if kind == "maximum":
        return [E.FieldError(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {value}.")]
    if kind == "minimum":
        return [E.FieldError(path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {value}.")]
    if kind == "pattern":
        return [E.FieldError(path, "STRING_TYPE_REGEX", "String value did not match validation regex.")]
    if kind == "uniqueItems":
        return [E.FieldError(path, "SET_TYPE_ALREADY_CONTAINS_VALUE", "The set already contains this value")]
    return [E.FieldError(path, f"SCHEMA_{kind.upper()}", error.message[:200])]


def _type_error(expected, instance) -> tuple[str, str]:
    # Discord's codes for a value of the wrong type (those for strings and booleans are not documented;
    # they follow the same naming).
    expected = [expected] if isinstance(expected, str) else list(expected)
    if "object" in expected:
        return "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"
    if "array" in expected:
        return "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"
    if "integer" in expected:
        return "NUMBER_TYPE_COERCE", f'Value "{instance}" is not int.'
    if "number" in expected:
        return "NUMBER_TYPE_COERCE", f'Value "{instance}" is not a valid number.'
    if "boolean" in expected:
        return "BOOLEAN_TYPE_CONVERT", "Must be either true or false."
    return "STRING_TYPE_CONVERT", f'Could not interpret "{instance}" as string.'


def _union(error, path) -> list[E.FieldError]:
    """A value fitting none of a union's branches. Discord's unions are told apart by the value's "type"
    (components, command options), are "null or X", or list constants: report inside the one branch that
    fits by its discriminator, as Discord does, else the choices."""
    schema, instance = error.schema, error.instance
    if error.validator == "oneOf" and not error.context:
        return []  # more than one branch fits: an ambiguity of the spec, not something Discord refuses
    if schema.get(SNOWFLAKE_MARK):
        return [E.FieldError(path, "NUMBER_TYPE_COERCE", f'Value "{instance}" is not snowflake.')]
    branches = error.validator_value
    by_branch: dict[int, list] = {i: [] for i in range(len(branches))}
    for sub in error.context:
        by_branch[sub.relative_schema_path[0]].append(sub)
    if schema.get(INT_MARK):  # an integer, or an integer-like string
        if isinstance(instance, str):
            return [E.FieldError(path, *_type_error("integer", instance))]
        return [f for sub in by_branch[0] for f in field_errors(sub)]
    if branches and all("const" in b for b in branches):
        return [E.FieldError(path, *E.choices([b["const"] for b in branches]))]
    discriminators: list = []
    fitting = []
    for i, branch in enumerate(branches):
        mismatch = [s for s in by_branch[i] if list(s.relative_path) == ["type"] and s.validator in ("enum", "const")]
        for s in mismatch:
            discriminators += s.validator_value if s.validator == "enum" else [s.validator_value]
        if not mismatch and branch != {"type": "null"}:
            fitting.append(i)
    if len(fitting) == 1:
        return [f for sub in by_branch[fitting[0]] for f in field_errors(sub)]
    if discriminators and isinstance(instance, dict):
        allowed = ", ".join(map(str, sorted(set(discriminators))))
        return [E.FieldError(path, "UNION_TYPE_CHOICES", f'Value of field "type" must be one of ({allowed}).')]
    deepest = max(error.context, key=lambda s: len(s.absolute_path))
    return field_errors(deepest)
