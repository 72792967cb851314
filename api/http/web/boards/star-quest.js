// Star Quest's board: a square table in inches (origin at the lower-left corner, y up), terrain
// pieces with their kind and height, search tokens, the AI's goals, and every model's base as
// a circle of its true size, coloured by side. Contract: boards/index.js.

import { s } from "../dom.js";
import { pickable, pointOf } from "./index.js";
import { terrainPiece } from "./parts.js";
import { t } from "../i18n.js";

const MM = 25.4;

export function draw(svg, view, { selected = null, onPick = () => {} } = {}) {
  const game = view.game || {};
  const mission = game.mission || {};
  const size = mission.table || 24;
  const Y = (y) => size - y; // table y up, SVG y down
  const points = (polygon) => polygon.map(([x, y]) => `${x},${Y(y)}`).join(" ");
  const profiles = new Map([...(game.heroes || []), ...(game.enemies || [])].map((p) => [p.name, p]));

  while (svg.firstChild) svg.firstChild.remove();
  svg.setAttribute("viewBox", `-0.5 -0.5 ${size + 1} ${size + 1}`);
  svg.dataset.system = "star-quest";

  const table = s("rect", { class: "table", x: 0, y: 0, width: size, height: size });
  table.addEventListener("click", (event) => {
    const p = pointOf(svg, event);
    onPick({ kind: "place", x: Math.round(p.x * 10) / 10, y: Math.round(Y(p.y) * 10) / 10 });
  });
  svg.append(table);
  for (let at = 6; at < size; at += 6) {
    svg.append(s("line", { class: "grid", x1: at, y1: 0, x2: at, y2: size }), s("line", { class: "grid", x1: 0, y1: at, x2: size, y2: at }));
  }
  if (mission.deployment) svg.append(s("polygon", { class: "deployment", points: points(mission.deployment) }, s("title", {}, t("board.deployment"))));

  for (const piece of mission.terrain || []) svg.append(terrainPiece(piece, Y));

  for (const [x, y] of mission.ai_goals || []) {
    svg.append(s("path", { class: "goal", d: `M${x - 0.5},${Y(y) - 0.5}l1,1m0,-1l-1,1` }, s("title", {}, t("board.ai_goal"))));
  }
  for (const objective of mission.objectives || []) {
    if (!objective.at) continue;
    svg.append(s("circle", { class: "objective", cx: objective.at[0], cy: Y(objective.at[1]), r: 0.6 }, s("title", {}, t("board.objective", { id: objective.id }))));
  }
  const open = new Set(Object.keys(game.tokens || {}));
  for (const token of mission.search_tokens || []) {
    if (!open.has(token.id)) continue;
    const [x, y] = token.at;
    const mark = s("rect", { class: "token", x: x - 0.35, y: Y(y) - 0.35, width: 0.7, height: 0.7, transform: `rotate(45 ${x} ${Y(y)})`, "data-token": token.id });
    svg.append(pickable(mark, t("board.search_token", { id: token.id }), () => onPick({ kind: "token", id: token.id })));
  }

  const units = Object.values(game.units || {}).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const unit of units) {
    if (!unit.deployed || unit.dead || unit.set_aside) continue;
    const profile = profiles.get(unit.profile) || {};
    const radius = (profile.base_mm || 32) / MM / 2;
    const group = s("g", {
      class: `unit side-${unit.side}${unit.id === selected ? " selected" : ""}${unit.activated ? " activated" : ""}${unit.unconscious ? " unconscious" : ""}`,
      "data-unit": unit.id,
    });
    const states = [unit.activated && t("unit.activated"), unit.unconscious && t("unit.unconscious"), unit.shaken && t("unit.shaken")].filter(Boolean);
    group.append(s("title", {}, [`${unit.id} (${unit.profile})`, ...states].join(" · ")));
    for (const figure of unit.figures || []) {
      const cy = Y(figure.y);
      group.append(s("circle", { cx: figure.x, cy, r: radius, "data-figure": figure.id }));
      if (figure.facing !== undefined && figure.facing !== null) {
        const angle = (figure.facing * Math.PI) / 180;
        group.append(s("line", { class: "facing", x1: figure.x, y1: cy, x2: figure.x + Math.cos(angle) * radius, y2: cy - Math.sin(angle) * radius }));
      }
      if (figure.z) group.append(s("text", { class: "height", x: figure.x + radius, y: cy - radius }, `↑${figure.z}"`));
      if (figure.wounds) group.append(s("text", { class: "wounds", x: figure.x, y: cy + radius + 0.45 }, `✚${figure.wounds}`));
    }
    const first = (unit.figures || [])[0];
    if (first) group.append(s("text", { class: "unit-label", x: first.x, y: Y(first.y) - radius - 0.15 }, unit.id));
    svg.append(pickable(group, `${unit.id} (${unit.side})`, () => onPick({ kind: "unit", id: unit.id })));
  }
}

/** What the board's colours and marks mean (views/legend.js). */
export function legend() {
  return [
    { swatch: "hero", text: t("side.heroes") }, { swatch: "ai", text: t("side.ai") },
    { swatch: "selected", text: t("legend.selected") }, { swatch: "deployment", text: t("board.deployment") },
    { swatch: "cover", text: t("terrain.cover") }, { swatch: "blocks-sight", text: t("terrain.blocks_sight") },
    { swatch: "dangerous", text: t("terrain.dangerous") }, { swatch: "token", text: t("legend.search_token") },
    { swatch: "objective", text: t("legend.objective") }, { swatch: "goal", text: t("board.ai_goal") },
    { swatch: "wounds", text: t("legend.wounds") }, { swatch: "height", text: t("legend.height") },
  ];
}
