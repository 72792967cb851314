// Any JSON value as readable nested lists: the fallback view of whatever a system keeps.

import { h } from "../dom.js";

export function valueView(value, depth = 0) {
  if (value === null || value === undefined) return h("span.muted", {}, "–");
  if (Array.isArray(value)) {
    if (!value.length) return h("span.muted", {}, "[ ]");
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.join(", "));
    return h("ol.value", {}, value.map((v) => h("li", {}, valueView(v, depth + 1))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span.muted", {}, "{ }");
    if (depth > 4) return h("code", {}, JSON.stringify(value));
    return h("dl.value", {}, entries.map(([k, v]) => [h("dt", {}, k), h("dd", {}, valueView(v, depth + 1))]));
  }
  return h("span", {}, String(value));
}
