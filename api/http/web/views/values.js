// Any JSON value as readable nested lists: the fallback view of whatever a system keeps. Given
// a system's words (GET /systems/{name}/words), keys read as field labels and values as terms
// where the catalogues have them; ids and numbers stay as they are.

import { h } from "../dom.js";
import { fieldLabel, termWord } from "../words.js";

export function valueView(value, depth = 0, words = null, key = null) {
  const word = (v) => (words && key ? termWord(words, key, v) : String(v));
  if (value === null || value === undefined) return h("span.muted", {}, "–");
  if (Array.isArray(value)) {
    if (!value.length) return h("span.muted", {}, "[ ]");
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.map((v) => (v === null ? "" : word(v))).join(", "));
    return h("ol.value", {}, value.map((v) => h("li", {}, valueView(v, depth + 1, words, key))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span.muted", {}, "{ }");
    if (depth > 4) return h("code", {}, JSON.stringify(value));
    return h("dl.value", {}, entries.map(([k, v]) => [h("dt", {}, words ? fieldLabel(words, k) : k), h("dd", {}, valueView(v, depth + 1, words, k))]));
  }
  return h("span", {}, word(value));
}
