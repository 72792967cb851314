// What a mission's events mean, in the chosen language. A record carries its event's type as
// the wire names it (`DiceRolled`); GET /missions/{id}/descriptions words the events at the
// positions asked for, as the reader may see them (docs/i18n.md#event-descriptions). Asked for
// in batches, kept per language; the type name stands in until (or unless) the words come.

import { api } from "./api.js";
import { language } from "./i18n.js";

const ASKED_AT_ONCE = 100; // the endpoint's own limit
const kept = new Map(); // "<lang>|<mission>|<position>" -> Promise of its words
let waiting = new Map(); // mission -> { token, asked: Map(position -> [resolve, ...]) }
let timer = null;

/** The words for the event of `record` (read from mission `missionId` with `token`): its
 * description in the chosen language, else its type. */
export function eventWords(missionId, token, record) {
  const type = record.event ? record.event.type : "";
  const lang = language();
  if (!record.position) return Promise.resolve(type);
  const key = `${lang}|${missionId}|${record.position}`;
  if (!kept.has(key)) {
    kept.set(key, new Promise((resolve) => {
      if (!waiting.has(missionId)) waiting.set(missionId, { token, asked: new Map() });
      const { asked } = waiting.get(missionId);
      asked.set(record.position, [...(asked.get(record.position) || []), resolve]);
      clearTimeout(timer);
      timer = setTimeout(ask, 20);
    }));
  }
  return kept.get(key).then((words) => words ?? type);
}

async function ask() {
  const batch = waiting;
  waiting = new Map();
  for (const [missionId, { token, asked }] of batch) {
    const positions = [...asked.keys()];
    for (let at = 0; at < positions.length; at += ASKED_AT_ONCE) {
      const some = positions.slice(at, at + ASKED_AT_ONCE);
      let words = {};
      try {
        words = (await api(`/missions/${encodeURIComponent(missionId)}/descriptions`, { token, query: some.map((p) => ["position", p]) })).descriptions;
      } catch { /* offline or refused: the type names stay */ }
      for (const position of some) for (const resolve of asked.get(position)) resolve(words[String(position)]);
    }
  }
}
