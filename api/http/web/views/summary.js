// What stands now, for any system: round and phase, whose turn, pending choices as prompts,
// flags that need a person, and the units with their state. Reads the game state generically
// (the fields most systems share), so a system without its own board still shows its state.

import { h } from "../dom.js";
import { t, tOr } from "../i18n.js";
import { valueView } from "./values.js";
import { contextWords, promptTitle, termWord } from "../words.js";

/** The game's units, under the names the systems give them (units, models, miniatures). */
export function unitsOf(game) {
  const units = game && (game.units || game.models || game.miniatures);
  if (!units || typeof units !== "object") return [];
  return (Array.isArray(units) ? units : Object.values(units)).filter((u) => u && typeof u === "object" && u.id);
}

const FLAGS = ["activated", "dead", "unconscious", "shaken", "fatigued", "set_aside", "out_of_action", "engaged", "hidden"];

function unitLine(unit, { selected, onSelect, names, pickOf }) {
  const figures = unit.figures || [];
  const wounds = figures.reduce((sum, f) => sum + (f.wounds || 0), 0);
  const flags = FLAGS.filter((f) => unit[f] === true).map((f) => t(`unit.${f}`));
  const statuses = (unit.statuses || []).map((s) => names[s] || s);
  const side = unit.side || unit.owner || unit.player || unit.squad || unit.army || "";
  return h("li", { dataset: { unit: unit.id, side }, class: unit.id === selected ? "selected" : "" },
    h("button.link", { type: "button", on: { click: () => onSelect(pickOf(unit)) }, "aria-pressed": unit.id === selected ? "true" : "false" }, unit.id),
    side ? h("span.side", { dataset: { side } }, tOr(`side.${side}`, side)) : null,
    figures.length > 1 ? ` ${figures.length}×` : "",
    wounds ? ` · ${t("unit.wounds")} ${wounds}` : "",
    [...flags, ...statuses].length ? ` · ${[...flags, ...statuses].join(", ")}` : "");
}

/** `board`: the system's board module, whose optional `whoseTurn` and `pickOf` read its state
 * (boards/index.js); `onSelect` gets the pick a listed unit makes. */
export function summary(box, state, { mine, answer, hasAnswer, prompts = {}, words = { prompts }, selected, onSelect, board = null }) {
  const game = state.game || {};
  const pickOf = (unit) => (board && board.pickOf ? board.pickOf(unit, game) : { kind: "unit", id: unit.id });
  const facts = [];
  if (state.outcome) facts.push([t("mission.outcome"), state.outcome]);
  if (game.outcome && game.outcome !== state.outcome) facts.push([t("mission.result"), game.outcome]);
  if (game.round !== undefined) facts.push([t("mission.round"), String(game.round)]);
  if (game.phase) facts.push([t("mission.phase"), tOr(`phase.${game.phase}`, game.phase)]);
  const turn = game.turn && typeof game.turn === "object" ? game.turn.unit || game.turn.player || game.turn.side : null;
  const named = (value) => (typeof value === "string" ? value : value && typeof value === "object" ? value.unit || value.id || value.side || value.squad : null);
  const active = (board && board.whoseTurn ? board.whoseTurn(game) : null) || turn || named(game.active) || named(game.up) || named(game.current);
  facts.push([t("mission.whose_turn"), active || (game.phase === "ai" ? t("mission.ai_turn") : "–")]);
  facts.push([t("mission.version"), String(state.version)]);

  const shown = [];
  const pending = game.pending ? [game.pending] : Array.isArray(game.choices) ? game.choices : [];
  for (const choice of pending) {
    if (!choice || typeof choice !== "object") continue;
    if (!choice.unit && choice.kind) {  // a choice a member makes (kit/choices.py), answered through the forms
      const { kind, who, options, context, ...others } = choice;
      const rest = Object.fromEntries(Object.entries(others).filter(([, v]) => v !== null && !(typeof v === "object" && !Object.keys(v).length)));
      const said = context && typeof context === "object" ? contextWords(words, context) : "";
      shown.push(h("div.prompt", { role: "group", "aria-label": t("mission.pending"), dataset: { kind } },
        h("p", {}, h("strong", {}, t("mission.pending")), " ", h("span.kind", {}, promptTitle({ prompts }, kind)), who ? ` · ${who}` : ""),
        Array.isArray(options) && options.length ? h("p.muted.options", {}, `${t("mission.options")}: ${options.map((o) => termWord(words, kind, o)).join(", ")}`) : null,
        said ? h("p.muted.context", {}, said) : null,
        Object.keys(rest).length ? valueView(rest, 0, words) : null));
      continue;
    }
    if (!choice.unit) {  // a system's own kind of choice: shown as it is, answered through the forms
      shown.push(h("div.prompt", { role: "group", "aria-label": t("mission.pending") }, h("strong", {}, t("mission.pending")), valueView(choice, 0, words)));
      continue;
    }
    const mineToAnswer = mine.role === "host" || (mine.units || []).includes(choice.unit);
    const context = contextWords(words, choice.context);
    shown.push(h("div.prompt", { role: "group", "aria-label": t("mission.pending"), dataset: { kind: choice.kind || "" } },
      h("p", {}, h("strong", {}, t("mission.pending")), " ", h("span.kind", {}, promptTitle({ prompts }, choice.kind || "")), ` · ${choice.unit || ""}`,
        choice.cost !== undefined ? ` · ${t("mission.cost")} ${choice.cost}` : "", context ? ` · ${context}` : ""),
      hasAnswer && choice.unit && mineToAnswer ? h("div.actions", {},
        h("button", { type: "button", on: { click: () => answer(choice.unit, true) } }, t("mission.accept")),
        h("button", { type: "button", on: { click: () => answer(choice.unit, false) } }, t("mission.decline"))) : null));
  }

  const attention = (state.attention || []).map((a) => h("p.warning", { role: "status" }, `${a.code}: ${a.reason}`));
  const units = unitsOf(game);
  box.replaceChildren(
    h("h2", { id: "summary-h" }, t("mission.state")),
    h("dl.facts", {}, facts.map(([k, v]) => [h("dt", {}, k), h("dd", { dataset: { fact: k } }, v)])),
    ...shown, ...attention,
    units.length ? h("ul.units", {}, units.map((u) => unitLine(u, { selected, onSelect, names: state.rule_names || {}, pickOf }))) : null);
}
