// Roll purposes in the chosen language. Stored rolls keep the English the rules wrote (a stream
// carries the stored record); GET /systems/{name}/purposes words them in the language sent as
// Accept-Language (docs/i18n.md#roll-purposes). Asked for in batches, kept per language.

import { api } from "./api.js";
import { language } from "./i18n.js";

const ASKED_AT_ONCE = 100; // the endpoint's own limit
const kept = new Map(); // "<lang>|<system>|<purpose>" -> Promise of its words
let waiting = new Map(); // system -> Map(purpose -> [resolve, ...])
let timer = null;

/** The words of `purpose` (a roll of a `system` mission) in the chosen language. */
export function purposeWords(system, purpose) {
  const lang = language();
  if (!purpose || lang === "en") return Promise.resolve(purpose);
  const key = `${lang}|${system}|${purpose}`;
  if (!kept.has(key)) {
    kept.set(key, new Promise((resolve) => {
      if (!waiting.has(system)) waiting.set(system, new Map());
      const asked = waiting.get(system);
      asked.set(purpose, [...(asked.get(purpose) || []), resolve]);
      clearTimeout(timer);
      timer = setTimeout(ask, 20);
    }));
  }
  return kept.get(key);
}

async function ask() {
  const batch = waiting;
  waiting = new Map();
  for (const [system, asked] of batch) {
    const purposes = [...asked.keys()];
    for (let at = 0; at < purposes.length; at += ASKED_AT_ONCE) {
      const some = purposes.slice(at, at + ASKED_AT_ONCE);
      let words = {};
      try {
        words = (await api(`/systems/${encodeURIComponent(system)}/purposes`, { query: some.map((p) => ["text", p]) })).purposes;
      } catch { /* a system the server does not run (the table): the purpose stays as stored */ }
      for (const purpose of some) for (const resolve of asked.get(purpose)) resolve(words[purpose] ?? purpose);
    }
  }
}
