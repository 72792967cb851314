// What to call a system's commands, their fields, its pending choices and its mission options in
// the chosen language:
// GET /systems/{name}/words (docs/i18n.md#commands-fields-and-choices), asked once per system
// and language. The schemas name commands by `type` and fields by their wire names; these are
// the words the forms and prompts show (the wire names stay what is sent).

import { api } from "./api.js";
import { language } from "./i18n.js";

const NONE = { commands: {}, prompts: {}, options: {}, fields: {}, terms: {} };
const kept = new Map(); // "<lang>|<system>" -> Promise of the words

/** The words of `system` in the chosen language (none for a system the server does not run). */
export function commandWords(system) {
  const key = `${language()}|${system}`;
  if (!kept.has(key)) kept.set(key, api(`/systems/${encodeURIComponent(system)}/words`).catch(() => NONE));
  return kept.get(key);
}

/** The name of command `tag` (its tag where the server names none). */
export function commandTitle(words, tag) {
  return (words.commands[tag] && words.commands[tag].title) || tag;
}

/** The name of a pending choice's `kind` (the kind itself where the server names none). */
export function promptTitle(words, kind) {
  return (words && words.prompts && words.prompts[kind]) || kind;
}

/** The label of a field or a choice's context key `name` (the name itself where none). */
export function fieldLabel(words, name) {
  return (words && words.fields && words.fields[name]) || name;
}

/** The word for `value` of parameter `name` where the catalogues have one ("step", "combat"
 * -> "Kampf"); ids, names and numbers stay as they are. */
export function termWord(words, name, value) {
  const table = words && words.terms && words.terms[name];
  return (table && table[String(value)]) || String(value);
}

/** A choice's context ({step: "combat", miniature: "m1"}) as "label: value" pairs in words. */
export function contextWords(words, context) {
  return Object.entries(context || {}).map(([key, value]) => `${fieldLabel(words, key)}: ${termWord(words, key, value)}`).join(", ");
}
