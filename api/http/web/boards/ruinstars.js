// Ruinstars' board, in either of its two modes (domain/systems/ruinstars/board.py): free play in
// inches (round bases of their true size, terrain pieces with their heights, doors open or
// shut) or the grid of 2" squares (walls between squares, raised squares), each with y up from
// the battlefield's corner. Every squad's units, the swarm's Bugs and spawn points, and the
// markers, with HIT, ACT spent, activated, stunned or taken out. A place picks x and y: inches
// to a tenth, or a square's column and row. Contract: boards/index.js.

import { s } from "../dom.js";
import { base, gridLines, label, sideColour, start, table, terrainPiece, unitGroup } from "./parts.js";
import { t, tOr } from "../i18n.js";

const SWARM = "swarm";

export function draw(svg, view, { selected = null, onPick = () => {} } = {}) {
  const game = view.game || {};
  const mission = game.mission || {};
  const grid = Boolean(mission.grid);
  // On the grid a unit of the board is a square (2"); in free play an inch.
  const size = grid ? mission.size / 2 : mission.size || 24;
  const Y = (y) => size - y;
  const centreOf = (at) => (grid ? [at.x + 0.5, Y(at.y + 0.5)] : [at.x, Y(at.y)]);
  const scale = grid ? 0.5 : 1; // inches to board units
  start(svg, "ruinstars", [-0.5, -0.5, size + 1, size + 1]);
  svg.dataset.mode = grid ? "grid" : "free";

  table(svg, {
    width: size, height: size, onPick,
    toBoard: grid ? ({ x, y }) => ({ x: Math.floor(x), y: Math.floor(size - y) }) : ({ x, y }) => ({ x: Math.round(x * 10) / 10, y: Math.round((size - y) * 10) / 10 }),
  });
  gridLines(svg, size, size, grid ? 1 : 6);

  if (grid) {
    for (const [x, y, high] of mission.heights || []) {
      svg.append(s("rect", { class: "square high", x, y: Y(y + 1), width: 1, height: 1, "data-square": `${x},${y}` }),
        label(x + 0.5, Y(y + 0.5) + 0.1, `↑${high * 2}"`, "square-height"));
    }
    for (const [x1, y1, x2, y2] of mission.walls || []) {
      // the side two neighbouring squares share
      const vertical = x1 !== x2;
      const x = Math.max(x1, x2), y = Math.max(y1, y2);
      svg.append(s("line", vertical
        ? { class: "wall", x1: x, y1: Y(y1), x2: x, y2: Y(y1 + 1) }
        : { class: "wall", x1: x1, y1: Y(y), x2: x1 + 1, y2: Y(y) }));
    }
  } else {
    const open = new Set(game.open_doors || []);
    for (const piece of mission.terrain || []) {
      const drawn = terrainPiece({ ...piece, blocks_sight: !open.has(piece.id) }, Y);
      if (piece.door) {
        drawn.classList.add("door", open.has(piece.id) ? "open" : "shut");
        drawn.querySelector("title").textContent += ` · ${t(open.has(piece.id) ? "board.door_open" : "board.door_shut")}`;
      }
      svg.append(drawn);
    }
    if (mission.deploy_within) svg.append(s("circle", { class: "deployment", cx: size / 2, cy: size / 2, r: mission.deploy_within }, s("title", {}, t("board.deployment"))));
  }

  for (const [id, at] of Object.entries(game.markers || {}).sort()) {
    const [cx, cy] = centreOf(at);
    svg.append(s("g", { class: "marker", "data-marker": id }, s("title", {}, id),
      s("rect", { x: cx - 0.3, y: cy - 0.3, width: 0.6, height: 0.6, transform: `rotate(45 ${cx} ${cy})` })));
  }

  const squads = (game.squads || []).map((q) => q.id);
  const cards = game.cards || {};
  const models = Object.values(game.models || {}).filter((m) => m.at).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const model of models) {
    const [cx, cy] = centreOf(model.at);
    const radius = grid ? 0.4 : model.radius;
    const most = (cards[model.card] || {}).hit;
    const out = model.status === "taken_out";
    const group = unitGroup({
      id: model.id,
      cls: `squad-${model.squad}${model.item ? " item" : ""}`,
      title: [
        `${model.id} (${model.card})`, model.squad, `HIT ${model.hit}${most ? `/${most}` : ""}`, tOr(`board.${model.status}`, model.status),
        model.act && t("board.act_spent", { act: model.act }), model.stunned && t("board.stunned"), model.carrying.length && t("board.carrying", { items: model.carrying.join(", ") }),
      ].filter(Boolean).join(" · "),
      flags: { activated: model.status === "activated", taken_out: out, stunned: model.stunned, active: game.active === model.id },
      selected: model.id === selected,
      aria: `${model.id} (${model.squad})`,
      pick: () => onPick({ kind: "unit", id: model.id, side: model.squad }),
    });
    group.dataset.squad = model.squad;
    group.dataset.at = `${model.at.x},${model.at.y}`;
    const fill = model.item ? null : model.squad === SWARM ? "var(--ai)" : sideColour(model.squad, squads);
    group.append(base(cx, cy, radius, fill ? { style: `fill: ${fill}` } : {}));
    if (model.at.z) group.append(label(cx + radius, cy - radius, `↑${model.at.z}"`, "height"));
    if (!model.item) group.append(label(cx, cy - radius - 0.15 * (grid ? 0.5 : 1), model.id, "unit-label"));
    group.append(label(cx, cy + radius + 0.45 * scale, `♥${model.hit}`, "wounds"));
    svg.append(group);
  }
}

/** What the board's colours and marks mean (views/legend.js): each squad's colour first. */
export function legend(game) {
  const squads = (game.squads || []).map((q) => q.id);
  return [
    ...squads.map((id) => ({ swatch: "side", text: tOr(`side.${id}`, id), colour: sideColour(id, squads) })),
    { swatch: "ai", text: t("side.swarm") }, { swatch: "item", text: t("legend.item") },
    { swatch: "selected", text: t("legend.selected") }, { swatch: "high", text: t("legend.high_ground") },
    { swatch: "wall", text: t("legend.wall") }, { swatch: "marker", text: t("legend.marker") },
    { swatch: "deployment", text: t("board.deployment") }, { swatch: "hits", text: t("legend.hits") },
    { swatch: "height", text: t("legend.height") },
  ];
}
