// One roll of the dice tray: its purpose, the dice, the faces and what they count as, the total.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { purposeWords } from "../purposes.js";

/** A roll of a `system` mission: its purpose shows as stored, then in the chosen language. */
export function diceEntry(record, system) {
  const roll = record.event;
  const dice = roll.notation || roll.sides.map((s) => `d${s}`).join(" ");
  const same = JSON.stringify(roll.faces) === JSON.stringify(roll.results);
  const purpose = h("span.purpose", {}, roll.purpose || t("dice.roll"));
  if (roll.purpose) purposeWords(system, roll.purpose).then((words) => { purpose.textContent = words; purpose.dataset.worded = "1"; });
  return h("li.roll", { dataset: { position: record.position, purpose: roll.purpose } },
    purpose,
    h("span.dice", {}, dice),
    h("span.faces", { "aria-label": t("dice.faces") }, roll.faces.map((f, i) => h("b.die", { title: `d${roll.sides[i] || ""}` }, String(f)))),
    same ? null : h("span.results", {}, `→ ${roll.results.join(", ")}`),
    roll.total !== null && roll.total !== undefined ? h("span.total", {}, `${t("dice.total")} ${roll.total}`) : null,
    h("small.muted", {}, `#${record.position} · ${roll.actor}${roll.unit ? ` · ${roll.unit}` : ""}${roll.source === "manual" ? ` · ${t("dice.manual")}` : ""}`));
}
