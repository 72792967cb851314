// Boards: how each game system draws its battlefield. The contract, kept small on purpose:
//
//   BOARDS[systemName] = () => import("./<system>.js")
//
// and that module exports one function
//
//   draw(svg, view, { selected, onPick })
//
//   svg       an <svg> element the function owns: it clears it, sets its viewBox and draws.
//   view      the mission as this viewer sees it: the JSON of GET /missions/{id} (or the `state`
//             of a replay step), with the system's game state in `view.game`.
//   selected  the id of the unit the user picked last, or null: draw it highlighted.
//   onPick    call it when the user picks something on the board:
//               onPick({ kind: "unit", id })        a unit (its id as commands name it)
//               onPick({ kind: "place", x, y })     a point, in the system's own coordinates
//             either may carry `side` (whose unit it is, where `view.game.units` does not say)
//             and `fields`: more of the command's fields the pick fills, by name (a hex's
//             { q, r }, a unit's `miniature`, every model's `positions`)
//               onPick({ kind: "<field>", id })     anything else a command names by a field
//                                                   (e.g. { kind: "token", id }), filled into it
//             Make every pickable thing keyboard-usable: tabindex="0", role="button", an
//             aria-label, and Enter/Space doing what a click does (see `pickable` below).
//
// A board module may also export, for the state panel beside it:
//
//   whoseTurn(game)      who acts now, as the system's commands name it (else the panel guesses)
//   pickOf(unit, game)   the pick that listing `unit` (an entry of the state's units) makes when
//                        clicked, the same as clicking it on the board (else { kind: "unit", id })
//
// The page fills the command form from the picks (a unit → `unit`, a second unit → `target`,
// a place → `x`/`y`, then any `fields`). Shared drawing helpers: boards/parts.js. A system with
// no entry here is played through the generated forms alone.

export const BOARDS = {
  "star-quest": () => import("./star-quest.js"),
  "blackstone-fortress": () => import("./blackstone-fortress.js"),
  "ruinstars": () => import("./ruinstars.js"),
  "grimdark-future": () => import("./grimdark-future.js"),
};

export async function boardFor(system) {
  const load = BOARDS[system];
  return load ? load() : null;
}

/** Make an SVG element pickable by mouse, touch and keyboard. */
export function pickable(el, label, pick) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (event) => { event.stopPropagation(); pick(); });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(); }
  });
  return el;
}

/** The board point (in viewBox units) under a mouse event. */
export function pointOf(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const local = point.matrixTransform(svg.getScreenCTM().inverse());
  return { x: local.x, y: local.y };
}
