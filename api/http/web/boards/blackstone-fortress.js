// Blackstone Fortress's board: the combat's hexes (axial q, r, pointy-topped, r growing down, as
// domain/kit/boards/hex.py counts them) with walls and cover on hexsides, obstructed and cover
// hexes, discovery markers, portals and escape hexes; explorers and hostiles on their hexes with
// wounds, stunned, activated, out of action. A hex picks { q, r } (Move, PlaceExplorer, Summon,
// PickHex); an explorer picks its initiative card's name as `unit` (and its `miniature` for a
// pair), a hostile its miniature's id (`target`). Contract: boards/index.js.

import { s } from "../dom.js";
import { base, label, pickable, start, unitGroup } from "./parts.js";
import { t } from "../i18n.js";

const ROOT3 = Math.sqrt(3);
const centre = ({ q, r }) => [ROOT3 * (q + r / 2), 1.5 * r];
const key = ({ q, r }) => `${q},${r}`;
const hexOf = (at) => (Array.isArray(at) ? { q: at[0], r: at[1] } : at);

function corners([x, y], size = 1) {
  return [0, 1, 2, 3, 4, 5].map((k) => {
    const angle = (Math.PI / 180) * (60 * k - 30);
    return [x + size * Math.cos(angle), y + size * Math.sin(angle)];
  });
}

/** The hexside between two neighbouring hexes, as a line's end points. */
function hexside({ a, b }) {
  const [ax, ay] = centre(a), [bx, by] = centre(b);
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const length = Math.hypot(bx - ax, by - ay);
  const [px, py] = [(-(by - ay) / length) * 0.5, ((bx - ax) / length) * 0.5];
  return { x1: mx - px, y1: my - py, x2: mx + px, y2: my + py };
}

/** Where each of n miniatures sharing a hex stands, and how big it is drawn (a large or huge
 * hostile alone in its hex fills more of it). */
function spots(n, size) {
  if (n === 1) return { radius: size === "huge" ? 0.6 : size === "large" ? 0.52 : 0.42, at: [[0, 0]] };
  const ring = 0.45, radius = Math.min(0.34, ring * Math.sin(Math.PI / n) * 0.95);
  return { radius, at: [...Array(n).keys()].map((i) => [ring * Math.cos((2 * Math.PI * i) / n - Math.PI / 2), ring * Math.sin((2 * Math.PI * i) / n - Math.PI / 2)]) };
}

function short(mini) {
  if (mini.name.length <= 5) return mini.name;
  const initials = mini.name.split(/\s+/).map((w) => w[0]).join("");
  const number = mini.side === "hostile" ? mini.id.split("-").pop() : "";
  return initials + number;
}

/** Who acts now: the initiative card whose activation runs (#COMBAT, 3. Activation phase). */
export function whoseTurn(game) {
  const order = game.order || [];
  return game.phase === "activation" && game.next < order.length ? order[game.next] : null;
}

/** What picking a miniature names: an explorer's initiative card as `unit` (and, of a pair, the
 * miniature), a hostile's own id; the state panel's list picks the same way as the board. */
export function pickOf(mini, game) {
  if (mini.side !== "explorer") return { kind: "unit", id: mini.id, side: mini.side };
  const pair = ((game.tracks || {})[mini.explorer] || {}).miniatures || [];
  return { kind: "unit", id: mini.explorer, side: mini.side, fields: pair.length > 1 ? { miniature: mini.id } : undefined };
}

/** Of a pair picked as one explorer (Pim and Pell), the miniature clicked last: the one drawn selected. */
let clicked = null;

export function draw(svg, view, { selected = null, onPick = () => {} } = {}) {
  const game = view.game || {};
  const board = game.board || { cells: [] };
  const tracks = game.tracks || {}, hostiles = game.hostiles || {};
  const xs = board.cells.map((c) => centre(c)[0]), ys = board.cells.map((c) => centre(c)[1]);
  const [left, top] = [Math.min(...xs, 0) - 1.2, Math.min(...ys, 0) - 1.3];
  start(svg, "blackstone-fortress", [left, top, Math.max(...xs, 0) + 1.2 - left, Math.max(...ys, 0) + 1.3 - top]);

  const blocked = new Set(board.blocked.map(key)), cover = new Set(board.cover.map(key));
  const costs = new Map(board.costs.map(([cell, cost]) => [key(cell), cost]));
  const chambers = new Map(((game.card || {}).chambers || []).map((c) => [key(hexOf(c.at)), c.chamber]));
  for (const cell of board.cells) {
    const [x, y] = centre(cell);
    const flags = [blocked.has(key(cell)) ? "blocked" : "", cover.has(key(cell)) ? "cover" : ""].filter(Boolean);
    const words = flags.map((f) => t(`board.${f}`));
    const name = `${t("board.hex", cell)}${chambers.has(key(cell)) ? ` · ${chambers.get(key(cell))}` : ""}${words.length ? ` (${words.join(", ")})` : ""}`;
    const hex = s("polygon", { class: ["hex", ...flags].join(" "), points: corners([x, y]).map((p) => p.join(",")).join(" "), "data-hex": key(cell) }, s("title", {}, name));
    svg.append(pickable(hex, name, () => onPick({ kind: "place", fields: { q: cell.q, r: cell.r } })));
    if (costs.has(key(cell))) svg.append(label(x, y + 0.75, `×${costs.get(key(cell))}`, "hex-cost"));
  }
  for (const side of board.cover_sides) svg.append(s("line", { class: "cover-side", ...hexside(side) }));
  for (const side of board.walls) svg.append(s("line", { class: "wall", ...hexside(side) }));

  for (const portal of game.portals || []) {
    const [x, y] = centre(hexOf(portal));
    svg.append(s("polygon", { class: "portal", points: corners([x, y], 0.8).map((p) => p.join(",")).join(" ") }, s("title", {}, t("board.portal"))));
  }
  for (const escape of game.escapes || []) {
    const [x, y] = centre(hexOf(escape));
    svg.append(s("polygon", { class: "escape", points: corners([x, y], 0.8).map((p) => p.join(",")).join(" ") }, s("title", {}, t("board.escape"))));
  }
  // Miniatures by hex, in id order, so the same state draws the same picture.
  const byHex = new Map();
  for (const mini of Object.values(game.miniatures || {}).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (!mini.at || mini.slain) continue;
    if (!byHex.has(key(mini.at))) byHex.set(key(mini.at), []);
    byHex.get(key(mini.at)).push(mini);
  }
  for (const minis of byHex.values()) {
    const [hx, hy] = centre(minis[0].at);
    const { radius, at } = spots(minis.length, minis[0].size);
    minis.forEach((mini, i) => {
      const [cx, cy] = [hx + at[i][0], hy + at[i][1]];
      const explorer = mini.side === "explorer";
      const track = explorer ? tracks[mini.explorer] || {} : {};
      const wounds = explorer ? (track.wounds || 0) + (track.grievous || 0) : mini.damage;
      const most = explorer ? null : (hostiles[mini.name] || {}).wounds;
      const state = [
        explorer ? t("board.explorer_state", { wounds: track.wounds || 0, grievous: track.grievous || 0 }) : t(most ? "board.damage_of" : "board.damage", { damage: mini.damage, most }),
        track.activated && t("unit.activated"), track.out_of_action && t("unit.out_of_action"), track.inspired && t("board.inspired"), mini.stunned && t("board.stunned"),
      ].filter(Boolean).join(", ");
      const pick = pickOf(mini, game);
      const { id, fields } = pick;
      const group = unitGroup({
        id: mini.id, cls: `side-${mini.side}`, title: `${mini.name} (${mini.id}) · ${state}`,
        flags: { activated: track.activated, stunned: mini.stunned, out_of_action: track.out_of_action, inspired: track.inspired },
        selected: mini.id === selected || (id === selected && (!fields || clicked === mini.id || !(track.miniatures || []).includes(clicked))),
        pick: () => { clicked = mini.id; onPick(pick); },
      });
      group.dataset.hex = key(mini.at);
      if (explorer) group.dataset.explorer = mini.explorer;
      group.append(base(cx, cy, radius), label(cx, cy + radius * 0.3, short(mini), "mini-label"));
      if (wounds) group.append(label(cx - radius * 0.75, cy - radius * 0.6, `✚${wounds}${most ? `/${most}` : ""}`, "wounds"));
      svg.append(group);
    });
  }
  // Discovery markers on top, in a corner of their hex, letting clicks through to what is below.
  for (const marker of game.markers || []) {
    const [x, y] = centre(hexOf(marker.at));
    svg.append(s("g", { class: "marker", "data-marker": marker.number },
      s("title", {}, t("board.discovery_marker", { n: marker.number })),
      s("rect", { x: x + 0.43, y: y - 0.47, width: 0.3, height: 0.3, transform: `rotate(45 ${x + 0.58} ${y - 0.32})` }),
      label(x + 0.58, y - 0.23, String(marker.number), "marker-number")));
  }
}

/** What the board's colours and marks mean (views/legend.js). */
export function legend() {
  return [
    { swatch: "hero", text: t("side.explorer") }, { swatch: "ai", text: t("side.hostile") },
    { swatch: "selected", text: t("legend.selected") }, { swatch: "hex-cover", text: t("board.cover") },
    { swatch: "hex-blocked", text: t("board.blocked") }, { swatch: "wall", text: t("legend.wall") },
    { swatch: "portal", text: t("board.portal") }, { swatch: "escape", text: t("board.escape") },
    { swatch: "marker", text: t("legend.discovery_marker") }, { swatch: "stunned", text: t("board.stunned") },
    { swatch: "out", text: t("board.taken_out") }, { swatch: "wounds", text: t("legend.wounds") },
  ];
}
