// Small pieces every view uses: labelled fields, an error line worded by the server, crumbs.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function field(label, input, hint) {
  return h("label.field", {}, h("span", {}, label), input, hint ? h("small.muted", {}, hint) : null);
}

/** A line that shows an API error as the server worded it (in the chosen language), with its code. */
export function formError() {
  const line = h("p.error", { role: "alert", hidden: true });
  line.show = (error) => {
    line.hidden = false;
    line.textContent = error.message || String(error);
    if (error.code) line.append(" ", h("code", {}, error.code));
    if (error.rule) line.append(" ", h("small.muted", {}, error.rule));
  };
  line.hide = () => { line.hidden = true; line.textContent = ""; };
  return line;
}

export function crumb(nav, ...links) {
  for (const [text, href] of links) {
    nav.append(" › ", href ? h("a", { href }, text) : h("span", {}, text));
  }
}

export function copyButton(text, label) {
  const button = h("button.small", { type: "button", on: { click: async () => {
    try { await navigator.clipboard.writeText(text); button.textContent = t("common.copied"); }
    catch { button.textContent = t("common.copy_failed"); }
  } } }, label || t("common.copy"));
  return button;
}
