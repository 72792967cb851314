"""The words a client shows for a game system's commands, their fields and its pending choices,
in the request's language (GET /systems/{name}/words; docs/i18n.md#commands-fields-and-choices).

The JSON Schemas name commands by their `type` and fields by their wire names; a client that
builds forms from them asks here what to call each one for its reader. Worded from the
catalogues' `[commands]`, `[command_help]`, `[fields]`, `[prompts]`, `[options]`,
`[option_help]` and `[terms.*]`: the language's entry,
else the English one, else the name itself spelt out ("blackstone-fortress.UseCard" -> "Use
card", "army_list" -> "Army list"), and the schema's own description for help.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import msgspec
from litestar import Request, get
from litestar.datastructures import CacheControlHeader
from litestar.params import FromPath

from api.http.bodies import Body
from api.http.errors import language
from api.http.schemas import json_schema
from api.http.systems import running
from service import i18n


class CommandWords(Body):
    #: What to call the command (its `type` spelt out where no catalogue names it).
    title: str
    #: What it does: the catalogue's help in the language, else the schema's (English) description.
    description: str | None
    #: Each field but `type` -> its label, in the schema's order.
    fields: dict[str, str]


class OptionWords(Body):
    #: What to call the option (its name spelt out where no catalogue names it).
    title: str
    #: What it means: the catalogue's help in the language, else the options schema's description.
    description: str | None


class WordsView(Body):
    #: The language they are worded in (as Content-Language says).
    language: str
    #: Each command of the system's schema (GET /systems/{name}/schemas/commands.json), by `type`.
    commands: dict[str, CommandWords]
    #: Each kind of pending choice the system's state may hold (`kind` of a choice) -> its name.
    prompts: dict[str, str]
    #: Each mission option (GET /systems: `options`), by name.
    options: dict[str, OptionWords]
    #: Every field name the catalogues label on their own (not `Type.field`) -> its label: the
    #: words for the keys of a pending choice's `context` too.
    fields: dict[str, str] = {}
    #: Each parameter with words for its values (a catalogue's `[terms.NAME]`) -> value -> word:
    #: the words for a choice's options and context values that are terms (`step`: `combat` ->
    #: `Kampf`); ids and names stay as they are.
    terms: dict[str, dict[str, str]] = {}


def spelt_out(name: str) -> str:
    """A wire name as words: its last dotted part, CamelCase and snake_case split, capitalised."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name.rsplit(".", 1)[-1]).replace("_", " ").lower()
    return words[:1].upper() + words[1:]


def _word(section: str, keys: list[str], lang: str, system: str) -> str | None:
    """The first of `keys` a catalogue section holds, in `lang`, then in English."""
    for where in dict.fromkeys((lang, i18n.DEFAULT)):
        entries = i18n.catalogue(where, system).get(section, {})
        for key in keys:
            if key in entries:
                return str(entries[key])
    return None


@functools.cache
def words_of(system: str, lang: str) -> WordsView:
    """The words of one system in one language (built once per process: the catalogues and
    schemas never change while it runs)."""
    schema = json_schema("commands", system)
    commands = {}
    for tag, ref in schema["discriminator"]["mapping"].items():
        command: dict[str, Any] = schema["$defs"][ref.split("/")[-1]]
        fields = {
            name: _word("fields", [f"{tag}.{name}", name], lang, system) or spelt_out(name)
            for name in command.get("properties", {})
            if name != "type"
        }
        help_text = _word("command_help", [tag], lang, system) or command.get("description")
        commands[tag] = CommandWords(_word("commands", [tag], lang, system) or spelt_out(tag), help_text, fields)
    prompts = {kind: str(word) or spelt_out(kind) for kind, word in sorted(_section("prompts", system, lang).items())}
    return WordsView(lang, commands, prompts, _options(system, lang), _labels(system, lang), _terms(system, lang))


def _section(section: str, system: str, lang: str) -> dict[str, Any]:
    """A catalogue section's entries in `lang`, English where it has none."""
    return {**i18n.catalogue(i18n.DEFAULT, system).get(section, {}), **i18n.catalogue(lang, system).get(section, {})}


def _labels(system: str, lang: str) -> dict[str, str]:
    return {name: str(label) for name, label in sorted(_section("fields", system, lang).items()) if "." not in name}


def _terms(system: str, lang: str) -> dict[str, dict[str, str]]:
    english, worded = i18n.catalogue(i18n.DEFAULT, system).get("terms", {}), i18n.catalogue(lang, system).get("terms", {})
    tables = {}
    for name in sorted(english.keys() | worded.keys()):
        both = {**english.get(name, {}), **worded.get(name, {})}
        tables[name] = {str(value): str(both[value]) for value in sorted(both)}
    return tables


def _options(system: str, lang: str) -> dict[str, OptionWords]:
    schema = msgspec.json.schema(running(system).options)
    root = schema["$defs"][schema["$ref"].split("/")[-1]] if "$ref" in schema else schema
    return {
        name: OptionWords(_word("options", [name], lang, system) or spelt_out(name), _word("option_help", [name], lang, system) or prop.get("description"))
        for name, prop in root.get("properties", {}).items()
    }


@get("/systems/{system:str}/words", sync_to_thread=False, cache_control=CacheControlHeader(max_age=3600, public=True))
def system_words(system: FromPath[str], request: Request) -> WordsView:
    """What to call a system's commands, their fields, its pending choices and its mission
    options in the request's language (`Accept-Language` or `?lang=`): the names a client shows in forms generated from
    the command schema and in prompts. The same for every caller, so it needs no token and may
    be cached (it varies only with Accept-Language)."""
    return words_of(running(system).name, language(request))


ROUTES: list[Any] = [system_words]
