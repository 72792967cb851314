"""Messages in the request's language: error messages, event descriptions, rule names.

The domain refuses with a code and parameters and records events as data; it never speaks a
language. This module words them for people, from one catalogue per language (en.toml,
de.toml next to this file: data, so a translator edits no code). A request picks its language
with `Accept-Language` (q-values honoured) or `?lang=`; English is the default.
"""

from __future__ import annotations

import functools
import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

import msgspec

from domain.audit import shown_dice
from domain.events import DiceRolled
from domain.registry import SYSTEMS, system_named

LANGUAGES = ("en", "de")
DEFAULT = "en"


@functools.cache
def _engine(language: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__name__).joinpath(f"{language}.toml").read_text("utf-8"))


@functools.cache
def _system_words(package: str, language: str) -> dict[str, Any]:
    file = resources.files(package).joinpath(f"{language}.toml")
    return tomllib.loads(file.read_text("utf-8")) if file.is_file() else {}


def catalogue(language: str, system: str | None = None) -> dict[str, Any]:
    """The engine's catalogue of one language, with a game system's own words merged over it
    (domain/contract.py `words`); each file is read once per process."""
    engine = _engine(language)
    words = system_named(system).words if system in SYSTEMS else None
    return _merged(language, words) if words else engine


@functools.cache
def _merged(language: str, package: str) -> dict[str, Any]:
    merged: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v for k, v in _engine(language).items()}
    for section, entries in _system_words(package, language).items():
        if section == "terms":
            terms = merged.setdefault("terms", {})
            for name, words in entries.items():
                terms[name] = {**terms.get(name, {}), **words}
        else:
            merged[section] = {**merged.get(section, {}), **entries}
    return merged


def _systems_for(system: str | None) -> list[str | None]:
    """Where to look a word up: the named system's catalogue; with none named, the engine's,
    then each system's in turn (a refusal raised outside any mission still finds its words)."""
    return [system] if system is not None else [None, *SYSTEMS]


# -- choosing the language ------------------------------------------------------------------


def negotiate(accept_language: str | None, override: str | None = None) -> str:
    """The language to answer in: `?lang=` if it names one we have, else the best match of
    `Accept-Language` by q-value (ties keep the header's order), else English.

    Only the primary subtag counts (de-DE and de-AT are German); q=0 means "not this one".
    """
    if override and (primary := override.strip().lower().split("-")[0]) in LANGUAGES:
        return primary
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate((accept_language or "").split(",")):
        tag, *options = (part.strip() for part in item.split(";"))
        if not tag:
            continue
        quality = 1.0
        for option in options:
            name, _, value = option.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            ranked.append((-quality, index, tag.lower().split("-")[0]))
    for _, _, primary in sorted(ranked):
        if primary in LANGUAGES:
            return primary
        if primary == "*":
            return DEFAULT
    return DEFAULT


# -- rendering --------------------------------------------------------------------------------


class _Formatter(string.Formatter):
    """str.format with the catalogue's terms: a parameter named like a [terms.NAME] table is
    shown as that table's word for its value; lists are joined."""

    def __init__(self, language: str, system: str | None = None) -> None:
        self.language = language
        self.terms: Mapping[str, Mapping[str, str]] = catalogue(language, system).get("terms", {})
        self.separator: str = catalogue(language)["meta"]["list_separator"]

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        value, used = super().get_field(field_name, args, kwargs)
        return self._term(field_name, value), used

    def _term(self, name: str, value: Any) -> Any:
        words = self.terms.get(name)
        if words is None:
            return value
        if isinstance(value, (list, tuple)):
            return [self._term(name, v) for v in value]
        key = str(value).lower() if isinstance(value, bool) else str(value)
        return words.get(key, words.get(key.lower(), value))

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple, set, frozenset)) and not format_spec:
            return self.separator.join(str(v) for v in value)
        return super().format_field(value, format_spec)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "r" and isinstance(value, (list, tuple)):
            return self.separator.join(repr(v) for v in value)
        return super().convert_field(value, conversion)


def render(section: str, key: str, params: Mapping[str, Any], language: str, system: str | None = None) -> str | None:
    """The entry `key` of a catalogue section with `params` filled in; None if there is none
    (or it does not fit the parameters), so callers can fall back."""
    template = catalogue(language, system).get(section, {}).get(key)
    if template is None:
        return None
    try:
        return _Formatter(language, system).format(template, **params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None


def error_message(code: str, params: Mapping[str, Any], language: str, fallback: str = "", system: str | None = None) -> str:
    """The message of an error: `code.variant` or `code` in the language, then in English,
    then the text the raiser gave, then the code itself. `system` is the game system whose
    rules refused (RuleError.system), if any."""
    variant = params.get("variant")
    keys = [f"{code}.{variant}", code] if variant else [code]
    for lang in dict.fromkeys((language, DEFAULT)):
        for where in _systems_for(system):
            for key in keys:
                if (text := render("errors", key, params, lang, where)) is not None:
                    return text
    return fallback or code


# -- event descriptions -----------------------------------------------------------------------


def event_params(event: Any) -> dict[str, Any]:
    """An event's fields as parameters, plus the few derived ones the descriptions use."""
    params: dict[str, Any] = msgspec.to_builtins(event)
    params.pop("type", None)
    if "mismatches" in params:
        params["mismatch_count"] = len(params["mismatches"])
    if isinstance(event, DiceRolled):
        params["dice"] = shown_dice(event)
    return params


def system_of(event: Any) -> str | None:
    """The game system whose own type `event` is (by type, not by name: two systems may share
    a class name), or None for the engine's events."""
    kind = type(event)
    return next((s.name for s in SYSTEMS.values() if kind in s.events or kind in s.campaign_events), None)


def describe(event: Any, language: str) -> str:
    """A short line saying what an event means, in `language` (the type name if no entry);
    a roll's purpose is worded in it too (`purpose`)."""
    kind = type(event).__struct_config__.tag
    params = event_params(event)
    system = system_of(event)
    for lang in dict.fromkeys((language, DEFAULT)):
        worded = {**params, "purpose": purpose(params["purpose"], lang, system)} if isinstance(params.get("purpose"), str) else params
        if (text := render("events", kind, worded, lang, system)) is not None:
            return text
    return kind


# -- the purposes of rolls ------------------------------------------------------------------------

#: Parameters of a purpose that are purposes themselves ("re-roll: {purpose}"), worded in turn.
_NESTED = ("purpose", "why")


@functools.cache
def _purpose_patterns(system: str | None) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English purposes of a catalogue as patterns, the most literal first, so
    "shuffle the stronghold deck" wins over "shuffle the {deck} deck"."""
    found = []
    for key, template in catalogue(DEFAULT, system).get("purposes", {}).items():
        parts, literal = [], 0
        for text, name, _, _ in string.Formatter().parse(template):
            parts.append(re.escape(text))
            literal += len(text)
            if name:
                parts.append(f"(?P<{name}>.+?)")
        found.append((literal, key, re.compile("".join(parts), re.DOTALL)))
    return tuple((key, pattern) for _, key, pattern in sorted(found, key=lambda f: (-f[0], f[1])))


def purpose(text: str, language: str, system: str | None = None, _depth: int = 0) -> str:
    """A roll's purpose, as the rules wrote it in English ("agility roll: Ava"), in `language`
    ("Gewandtheitswurf: Ava"): matched against the English `[purposes]` of the system's catalogue
    (of every system's, with none named) and worded by the same key in `language`. A purpose
    no entry matches (a table roll's typed text) stays as it is."""
    if language == DEFAULT or _depth > 3 or not text:
        return text
    for where, key, caught in purpose_matches(text, system):
        params = {
            name: purpose(value, language, where, _depth + 1) if name in _NESTED else rule_name(value, language, where) if name == "status" and where else value
            for name, value in caught.items()
        }
        if (rendered := render("purposes", key, params, language, where)) is not None:
            return rendered
    return text


def purpose_matches(text: str, system: str | None = None) -> Iterator[tuple[str | None, str, dict[str, str]]]:
    """Each `[purposes]` entry whose English pattern `text` matches, the most literal first: the
    catalogue's system, the entry's key, and what its placeholders caught."""
    for where in _systems_for(system):
        for key, pattern in _purpose_patterns(where):
            if (match := pattern.fullmatch(text)) is not None:
                yield where, key, match.groupdict()


# -- names of special rules ---------------------------------------------------------------------


def rule_name(text: str, language: str, system: str) -> str:
    """A special rule as written in content ("Blast(3)", "AP(1)") in the language's own name
    ("Explosion(3)", "PB(1)"); statuses too; anything unknown stays as it is."""
    name, bracket, rest = text.partition("(")
    names = catalogue(language, system)
    word = names.get("rules", {}).get(name.strip()) or names.get("statuses", {}).get(name.strip())
    return f"{word}{bracket}{rest}" if word else text


# -- Content-Language on every answer ------------------------------------------------------------


def content_language(app: Any) -> Any:
    """ASGI middleware: every HTTP answer says the language it was rendered for, and that it
    varies with Accept-Language (caches must not hand a German answer to an English client)."""
    from urllib.parse import parse_qs

    async def middleware(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        override = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
        language = negotiate(headers.get("accept-language"), override).encode()

        async def send_with_language(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"content-language", language), (b"vary", b"Accept-Language")]}
            await send(message)

        await app(scope, receive, send_with_language)

    return middleware
