// What every board draws the same way: a fresh SVG, terrain pieces, round bases, labels, a
// pickable unit, a clickable table, and a colour for each side. Its words are the client's
// (i18n.js `board.*`, `terrain.*`): a board is drawn again when the language changes. Boards stay small by drawing
// through these; the contract they follow is at the top of boards/index.js.

import { s } from "../dom.js";
import { t } from "../i18n.js";
import { pickable, pointOf } from "./index.js";

export { pickable, pointOf };

export const MM = 25.4;

/** Clear the board and set its viewBox (x, y, width, height, in the system's own units). */
export function start(svg, system, [x, y, width, height]) {
  while (svg.firstChild) svg.firstChild.remove();
  svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  svg.dataset.system = system;
  return svg;
}

/** The table: a rectangle whose clicks pick a place, `toBoard` turning an SVG point into the
 * pick's coordinates (e.g. inches with y up, or a square's column and row). */
export function table(svg, { width, height, onPick, toBoard }) {
  const rect = s("rect", { class: "table", x: 0, y: 0, width, height });
  rect.addEventListener("click", (event) => onPick({ kind: "place", ...toBoard(pointOf(svg, event)) }));
  svg.append(rect);
  return rect;
}

/** Grid lines every `step` over a width × height table. */
export function gridLines(svg, width, height, step) {
  for (let at = step; at < width; at += step) svg.append(s("line", { class: "grid", x1: at, y1: 0, x2: at, y2: height }));
  for (let at = step; at < height; at += step) svg.append(s("line", { class: "grid", x1: 0, y1: at, x2: width, y2: at }));
}

const FLAGS = ["blocks_sight", "elevated", "cover", "difficult", "dangerous"];

/** A terrain piece in inches: its polygon, its name and height, classed by what it counts as
 * (a piece that blocks sight and stands tall reads as a building). `Y` turns table y into SVG y. */
export function terrainPiece(piece, Y, name = piece.name || piece.id) {
  const flags = FLAGS.filter((k) => piece[k]);
  const xs = piece.polygon.map((p) => p[0]), ys = piece.polygon.map((p) => p[1]);
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length, cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const height = piece.height ? ` ${piece.height}"` : "";
  const building = piece.blocks_sight && piece.height >= 4 ? " building" : "";
  return s("g", { class: `terrain ${flags.join(" ")}${building}`, "data-terrain": piece.id },
    s("title", {}, [`${name}${height}`, flags.map((k) => t(`terrain.${k}`)).join(", ")].filter(Boolean).join(" · ")),
    s("polygon", { points: piece.polygon.map(([x, y]) => `${x},${Y(y)}`).join(" ") }),
    s("text", { x: cx, y: Y(cy), class: "terrain-label" }, `${name}${height}`));
}

/** A round base of radius r at (cx, cy) in SVG units. */
export function base(cx, cy, r, attrs = {}) {
  return s("circle", { cx, cy, r, ...attrs });
}

/** A small text on the board (class unit-label, wounds, height, …). */
export function label(x, y, text, cls = "unit-label") {
  return s("text", { class: cls, x, y }, text);
}

/** A unit's group: classed by its flags, titled, and pickable as `pick` says. */
export function unitGroup({ id, cls = "", title, flags = {}, selected = false, aria, pick }) {
  const on = Object.entries(flags).filter(([, v]) => v).map(([k]) => k.replace(/_/g, "-"));
  const group = s("g", { class: ["unit", cls, ...on, selected ? "selected" : ""].filter(Boolean).join(" "), "data-unit": id });
  group.append(s("title", {}, title || id));
  return pick ? pickable(group, aria || title || id, pick) : group;
}

/** The same colour for the same side on every board: its place among the sides the game names. */
export function sideColour(side, sides) {
  const index = Math.max(0, sides.indexOf(side));
  return `var(--side-${index % 6})`;
}
