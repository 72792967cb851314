// What to call a system's commands, their fields, its pending choices and its mission options in
// the chosen language:
// GET /systems/{name}/words (docs/i18n.md#commands-fields-and-choices), asked once per system
// and language. The schemas name commands by `type` and fields by their wire names; these are
// the words the forms and prompts show (the wire names stay what is sent).

import { api } from "./api.js";
import { language } from "./i18n.js";

const NONE = { commands: {}, prompts: {}, options: {} };
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
