// Grimdark Future's board: the table in inches (72" × 48" unless the mission says otherwise, y up
// from the south edge), each side's deployment zone once its edge is picked, terrain pieces with
// their heights (tall pieces that block sight drawn as buildings), the objective markers, and
// every unit's models on bases of their size, coloured by army (a player's seat). A place picks
// x and y (PlaceMarker) and, for the unit picked last, every model's `positions`: its formation
// moved there, or a new one of rows of five for a unit not on the table yet. Contract:
// boards/index.js.

import { s } from "../dom.js";
import { MM, base, gridLines, label, sideColour, start, table, terrainPiece, unitGroup } from "./parts.js";
import { t, tOr } from "../i18n.js";

const ZONE = 12; // grimdark-future-1.5.md#Preparation, Deployment: within 12" of its edge
const round = (v) => Math.round(v * 100) / 100;

function radiusOf(unit, model) {
  return ((model.own && model.own.base) || unit.profile.base || 32) / MM / 2;
}

/** Where the unit's models stand if its first model is put at (x, y): the same formation moved
 * there, or (not on the table yet) rows of five, a base and half an inch apart, the later rows
 * toward the nearer long edge. */
export function formation(unit, x, y, depth) {
  const models = unit.models || [];
  if (unit.deployed && models.length) {
    const [dx, dy] = [x - models[0].x, y - models[0].y];
    return models.map((m) => [round(m.x + dx), round(m.y + dy)]);
  }
  const step = 2 * radiusOf(unit, models[0] || {}) + 0.5;
  const toward = y > depth / 2 ? 1 : -1;
  return models.map((_, i) => [round(x + (i % 5) * step), round(y + toward * Math.floor(i / 5) * step)]);
}

export function draw(svg, view, { selected = null, onPick = () => {} } = {}) {
  const game = view.game || {};
  const mission = game.mission || {};
  const [width, depth] = [mission.width || 72, mission.depth || 48];
  const Y = (y) => depth - y;
  const units = Object.values(game.units || {}).sort((a, b) => (a.id < b.id ? -1 : 1));
  const armies = [...new Set([...(game.sides || []), ...units.map((u) => u.army)])];
  start(svg, "grimdark-future", [-1, -1, width + 2, depth + 2]);

  table(svg, {
    width, height: depth, onPick,
    toBoard: ({ x, y }) => {
      const at = { x: Math.round(x * 10) / 10, y: Math.round(Y(y) * 10) / 10 };
      const unit = selected && (game.units || {})[selected];
      return unit ? { ...at, fields: { positions: formation(unit, at.x, at.y, depth) } } : at;
    },
  });
  gridLines(svg, width, depth, 12);

  for (const [side, edge] of Object.entries(game.edges || {}).sort()) {
    const y = edge === "north" ? 0 : depth - ZONE; // SVG y of the zone's top
    svg.append(s("rect", { class: "zone", "data-zone": side, x: 0.1, y: y + 0.1, width: width - 0.2, height: ZONE - 0.2, style: `stroke: ${sideColour(side, armies)}` }, s("title", {}, t("board.zone", { side, edge: tOr(`board.${edge}`, edge) }))));
  }
  for (const piece of mission.terrain || []) svg.append(terrainPiece(piece, Y));

  for (const marker of game.markers || []) {
    if (marker.carrier) continue; // carried: it goes where its unit goes
    const owner = marker.owner ? ` · ${t("board.held_by", { owner: marker.owner })}` : "";
    svg.append(s("g", { class: `objective-marker${marker.destroyed ? " destroyed" : ""}`, "data-marker": marker.id },
      s("title", {}, `${marker.id}${owner}${marker.destroyed ? ` · ${t("board.destroyed")}` : ""}`),
      s("circle", { cx: marker.x, cy: Y(marker.y), r: 0.8, style: marker.owner ? `stroke: ${sideColour(marker.owner, armies)}` : null }),
      label(marker.x, Y(marker.y) + 0.25, marker.id.replace(/\D+/g, ""), "marker-number")));
  }

  for (const unit of units) {
    if (!unit.deployed || unit.inside || unit.reserve || !unit.models.length) continue;
    const tough = (unit.profile.rules || []).map((r) => /^Tough\((\d+)\)$/.exec(r)).find(Boolean);
    const state = [t("board.models", { n: unit.models.length, size: unit.size || unit.models.length }), unit.activated && t("unit.activated"), unit.pinned && t("board.pinned")].filter(Boolean).join(" · ");
    const group = unitGroup({
      id: unit.id, cls: `army-${unit.army}`,
      title: `${unit.id} (${unit.profile.name}) · ${unit.army} · ${state}`,
      flags: { activated: unit.activated, pinned: unit.pinned },
      selected: unit.id === selected,
      aria: `${unit.id} (${unit.side})`,
      pick: () => onPick({ kind: "unit", id: unit.id, side: unit.side }),
    });
    group.dataset.side = unit.side;
    group.dataset.army = unit.army;
    group.dataset.models = String(unit.models.length);
    const colour = sideColour(unit.army, armies);
    for (const model of unit.models) {
      const r = radiusOf(unit, model);
      group.append(base(model.x, Y(model.y), r, { "data-model": model.id, "data-at": `${model.x},${model.y}`, style: `fill: ${colour}` }));
      if (model.wounds) group.append(label(model.x, Y(model.y) + r + 0.45, `✚${model.wounds}${tough ? `/${tough[1]}` : ""}`, "wounds"));
    }
    const top = unit.models.reduce((best, m) => (m.y > best.y ? m : best), unit.models[0]);
    group.append(label(top.x, Y(top.y) - radiusOf(unit, top) - 0.2, unit.id, "unit-label"));
    svg.append(group);
  }
}

/** What the board's colours and marks mean (views/legend.js): each army's colour first. */
export function legend(game) {
  const units = Object.values(game.units || {});
  const armies = [...new Set([...(game.sides || []), ...units.map((u) => u.army)])]; // as draw() colours them
  return [
    ...armies.filter(Boolean).map((id) => ({ swatch: "side", text: id, colour: sideColour(id, armies) })),
    { swatch: "selected", text: t("legend.selected") }, { swatch: "zone", text: t("board.deployment") },
    { swatch: "objective-marker", text: t("legend.objective") }, { swatch: "building", text: t("legend.building") },
    { swatch: "cover", text: t("terrain.cover") }, { swatch: "dangerous", text: t("terrain.dangerous") },
    { swatch: "wounds", text: t("legend.wounds") },
  ];
}
