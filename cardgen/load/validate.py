"""Turn schema validation failures into one precise ``InputError`` line.

Pydantic reports locations as paths through the model (``components.3.count``);
we map them back to the YAML line through the ``LineMap`` and phrase the problem
as "what was expected, what was found", with a "did you mean" for unknown keys
and unknown choices, computed from the same model declaration.
"""
from __future__ import annotations

import string
import types
import typing
from collections import defaultdict
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from cardgen.errors import MAX_ERRORS, InputError, InputErrors, KeyedValueError, clean, did_you_mean
from cardgen.load.grouping import group_errors
from cardgen.load.yamlio import LineMap

M = TypeVar("M", bound=BaseModel)


def _data_path(data: Any, loc: tuple[Any, ...]) -> tuple[tuple[str | int, ...], list[Any]]:
    """Follow ``loc`` through ``data``; return the real path and the model-only steps skipped."""
    path: list[str | int] = []
    skipped: list[Any] = []
    cur = data
    for part in loc:
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
            path.append(part)
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
            path.append(part)
        else:
            skipped.append(part)
            if isinstance(cur, (dict, list)) and not isinstance(part, str | int):
                continue
    return tuple(path), skipped


def _unwrap(tp: Any) -> list[Any]:
    """The concrete types behind Optional/Union/Annotated."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(tp):
            out.extend(_unwrap(arg))
        return out
    return [tp]


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def fields_at(model: type[BaseModel], path: tuple[str | int, ...]) -> list[str]:
    """Field names allowed in the mapping found at ``path`` of a ``model`` document."""
    candidates: list[Any] = [model]
    for part in path:
        nxt: list[Any] = []
        for tp in candidates:
            for t in _unwrap(tp):
                origin = typing.get_origin(t)
                if isinstance(t, type) and issubclass(t, BaseModel) and isinstance(part, str):
                    for name, f in t.model_fields.items():
                        if part in (name, f.alias):
                            nxt.append(f.annotation)
                elif origin in (list, tuple) and isinstance(part, int):
                    nxt.append(typing.get_args(t)[0])
                elif origin is dict and isinstance(part, str):
                    nxt.append(typing.get_args(t)[1])
        candidates = nxt
    names: list[str] = []
    for tp in candidates:
        for t in _unwrap(tp):
            if isinstance(t, type) and issubclass(t, BaseModel):
                names.extend(n for n in _field_names(t) if n not in names)
    return names


#: pydantic's value kinds a message names (``int``: "a whole number"), worded in ``errors.json`` (``kinds``)
_TYPE_WORDS = ("int", "float", "str", "bool", "dict", "list", "model")

#: pydantic's error kinds whose message is one sentence, by the key of that sentence in ``errors.json`` (its
#: English is the message): ``{got}`` is the value given, the other names are the error's context (one it lacks
#: prints as None)
_FIXED_KEYS = {
    "greater_than_equal": "number_ge", "greater_than": "number_gt", "less_than_equal": "number_le",
    "less_than": "number_lt", "string_too_short": "text_empty", "string_too_long": "text_too_long",
    "too_short": "items_too_few", "too_long": "items_too_many",
}



def _described(value: Any) -> dict[str, str]:
    """What the value given is called in each language: ``nothing``, ``rien``, or the value itself (a text in
    the language's quotes: 'Abc', « Abc », «Abc»)."""
    from cardgen.errors import kind_word, words, worded

    kind = "nothing" if value is None else "a_mapping" if isinstance(value, dict) else \
        "a_list" if isinstance(value, list) else None
    if kind is None:
        text = _describe(value)  # English keeps its Python quotes ('Abc', "it's"), as it always said
        return {**worded("quoted", text=clean(value, 40)), "en": text} if isinstance(value, str) else {"en": text}
    return {lang: kind_word(kind, lang) for lang in words()["kinds"]}


def _describe(value: Any) -> str:
    from cardgen.errors import kind_word

    if value is None:
        return kind_word("nothing", "en")
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict):
        return kind_word("a_mapping", "en")
    if isinstance(value, list):
        return kind_word("a_list", "en")
    if isinstance(value, str):  # never repr() a whole (possibly huge) value
        return repr(clean(value, 40))
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number with more than 38 digits"
    return clean(repr(value), 40)


def said_in(lang: str, key: str) -> str:
    """The sentence ``key`` of ``errors.json`` in ``lang``, its fields not filled in."""
    from cardgen.errors import words

    return words()["lines"][lang][key]


def _pattern_worded(ctx: dict[str, Any], got: Any) -> tuple[str, dict[str, Any]]:
    """The sentence of a text that does not match its pattern: an id, a colour, or the pattern itself."""
    pattern = str(ctx.get("pattern", ""))
    if "a-z0-9" in pattern:
        return "expected_id", {"got": got}
    if "#" in pattern:
        return "expected_colour", {"got": got}
    return "expected_pattern", {"pattern": pattern, "got": got}


#: the sentence's key in ``errors.json`` and its fields, for a message the command line says in --lang
Worded = tuple[str, dict[str, Any]]


def _worded(err: dict[str, Any], model: type[BaseModel], path: tuple[str | int, ...]) -> Worded | None:
    """The common mistakes' sentences as keys of ``errors.json`` (missing or unknown field, a value not among
    the allowed ones, a value of the wrong kind), so ``cardgen ... --lang`` says them in its language."""
    kind = err["type"]
    got = _described(err.get("input"))
    if kind == "missing":
        return "missing_field", {"name": str(err["loc"][-1])}
    if kind == "extra_forbidden":
        key = str(path[-1]) if path else str(err["loc"][-1])
        allowed = fields_at(model, path[:-1])
        listed = allowed and not did_you_mean(key, allowed)
        return ("unknown_field_listed" if listed else "unknown_field"), {"name": key, "allowed": ", ".join(allowed)}
    if kind == "literal_error":
        expected = str((err.get("ctx") or {}).get("expected", ""))
        options = [o.strip() for o in expected.replace(" or ", ",").split(",") if o.strip()]
        return "one_of", {"expected": options, "got": got}
    for prefix in _TYPE_WORDS:
        if kind.startswith(prefix + "_") and kind.endswith(("_type", "_parsing", "_from_float")):
            from cardgen.errors import kind_word, words

            return "expected", {"kind": {lang: kind_word(prefix, lang) for lang in words()["kinds"]}, "got": got}
    if kind == "string_pattern_mismatch":
        return _pattern_worded(err.get("ctx") or {}, got)
    refusal = (err.get("ctx") or {}).get("error")
    if kind == "value_error" and isinstance(refusal, KeyedValueError):  # a model validator's, with its sentence
        return refusal.key, refusal.fields
    if kind in _FIXED_KEYS:  # a bound or a length: the error's context (ge, max_length...) and the value given
        key, ctx = _FIXED_KEYS[kind], err.get("ctx") or {}
        names = {name for _, name, _, _ in string.Formatter().parse(said_in("en", key)) if name}
        return key, {name: got if name == "got" else str(ctx.get(name)) for name in names}
    return None


def _message(err: dict[str, Any], model: type[BaseModel], path: tuple[str | int, ...]) -> tuple[str, str | None]:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = _describe(err.get("input"))
    if kind == "missing":
        return f"missing required field '{err['loc'][-1]}'", None
    if kind == "extra_forbidden":
        key = str(path[-1]) if path else str(err["loc"][-1])
        allowed = fields_at(model, path[:-1])
        hint = did_you_mean(key, allowed)
        listing = f"; expected one of: {', '.join(allowed)}" if allowed and not hint else ""
        return f"unknown field '{key}'{listing}", hint
    if kind == "literal_error":
        expected = ctx.get("expected", "")
        options = [o.strip().strip("'") for o in expected.replace(" or ", ",").split(",") if o.strip()]
        return f"expected one of {expected}, got {got}", did_you_mean(str(err.get("input")), options)
    for prefix in _TYPE_WORDS:
        if kind.startswith(prefix + "_") and kind.endswith(("_type", "_parsing", "_from_float")):
            from cardgen.errors import kind_word

            return f"expected {kind_word(prefix, 'en')}, got {got}", None
    if kind == "model_type" or kind == "model_attributes_type" or kind == "dict_type":
        return f"expected a mapping (key: value), got {got}", None
    if kind in _FIXED_KEYS:
        return said_in("en", _FIXED_KEYS[kind]).format_map(defaultdict(lambda: None, ctx, got=got)), None
    if kind == "string_pattern_mismatch":
        key, fields = _pattern_worded(ctx, got)
        return said_in("en", key).format(**fields), None
    if kind == "value_error":
        return str(ctx.get("error", err["msg"])), None
    if kind == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", ""))
        options = [t.strip().strip("'") for t in tags.split(",")]
        return (f"expected {ctx.get('discriminator', 'kind')} to be one of {tags}, got {ctx.get('tag')!r}",
                did_you_mean(str(ctx.get("tag")), options))
    if kind == "union_tag_not_found":
        return f"missing required field {ctx.get('discriminator', '')}", None
    return err["msg"][0].lower() + err["msg"][1:], None


def validate(model: type[M], data: Any, lines: LineMap, *, file: str | None = None,
             context: dict[str, Any] | None = None) -> M:
    """Validate ``data`` as ``model``; on failure raise its errors (first lines first, at most 20).

    One error is an ``InputError``; several are ``InputErrors``, one line each.
    """
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        errors = []
        for err in exc.errors(include_url=False)[:5 * MAX_ERRORS]:
            path, _ = _data_path(data, tuple(err["loc"]))
            where_file, line = lines.locate(path)
            message, hint = _message(err, model, path)
            field = path
            if err["type"] == "missing" and err["loc"]:
                field = path + (err["loc"][-1],) if not path or path[-1] != err["loc"][-1] else path
            errors.append((line or 0, where_file or file, lines.source_path(field), message, hint,
                           _worded(err, model, path)))
        errors.sort(key=lambda e: e[0])
        found: list[InputError] = []
        seen: set[tuple[Any, ...]] = set()
        for line, where_file, field, message, hint, worded in errors:
            if (where_file, line, field) in seen:  # a union reports one mistake once per member: keep the first
                continue
            seen.add((where_file, line, field))
            found.append(InputError(message, file=where_file, line=line or None, field=field or None, hint=hint,
                                    key=worded and worded[0], fields=worded and worded[1]))
        found = group_errors(found)  # one line for the same mistake on many rows
        more = max(0, exc.error_count() - 5 * MAX_ERRORS)
        if len(found) == 1 and not more:
            raise found[0] from None
        raise InputErrors(found, more) from None
