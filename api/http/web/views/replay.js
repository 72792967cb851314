// The replay slider: the battlefield right after any event, as GET /missions/{id}/replay?at=N
// returns it for this viewer, with step buttons and play.

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { boardFor } from "../boards/index.js";
import { access } from "./access.js";
import { crumb } from "./widgets.js";
import { summary } from "./summary.js";
import { valueView } from "./values.js";

export async function showReplay(view, crumbs, missionId) {
  const { campaignId, mine, token } = await access(missionId);
  let step = await api(`/missions/${missionId}/replay`, { token });
  const drawer = await boardFor(step.state.system);
  crumb(crumbs, [mine.campaign || t("campaign.title"), `#/campaign/${campaignId}`], [step.state.name, `#/mission/${missionId}`], [t("mission.replay")]);

  const slider = h("input", { type: "range", min: 1, max: step.version, value: step.position, id: "replay-at", "aria-label": t("replay.position") });
  const where = h("output", { for: "replay-at", id: "replay-where" });
  const description = h("p.description", { "aria-live": "polite" });
  const changes = h("details.card", {}, h("summary", {}, t("replay.changes")));
  const board = drawer ? document.createElementNS("http://www.w3.org/2000/svg", "svg") : null;
  if (board) board.setAttribute("class", "board");
  const stateBox = h("section.card.summary", {});
  const back = h("button", { type: "button", on: { click: () => go(step.previous) } }, `◀ ${t("replay.back")}`);
  const forward = h("button", { type: "button", on: { click: () => go(step.next) } }, `${t("replay.forward")} ▶`);
  let timer = null;
  const play = h("button", { type: "button", "aria-pressed": "false", on: { click: toggle } }, t("replay.play"));

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = t("replay.play"); play.setAttribute("aria-pressed", "false"); return; }
    if (!step.next) go(1);
    play.textContent = t("replay.pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => { if (step.next) go(step.next); else toggle(); }, 600);
  }

  let asked = 0;
  async function go(position) {
    if (!position) return;
    const mine = ++asked;
    const next = await api(`/missions/${missionId}/replay`, { token, query: { at: position } });
    if (mine !== asked) return; // a later step was asked for meanwhile
    step = next;
    render();
  }
  slider.addEventListener("input", () => go(Number(slider.value)));

  function render() {
    slider.value = step.position;
    slider.max = step.version;
    where.textContent = `${step.position} / ${step.version}`;
    description.textContent = step.description || (step.event ? step.event.event.type : t("replay.hidden"));
    back.disabled = !step.previous;
    forward.disabled = !step.next;
    changes.replaceChildren(h("summary", {}, `${t("replay.changes")} (${step.changes.length})`),
      h("ul.list", {}, step.changes.map((c) => h("li", {}, h("code", {}, c.path), ": ", valueView(c.before), " → ", valueView(c.after)))));
    if (board) drawer.draw(board, step.state, { selected: null, onPick: () => {} });
    summary(stateBox, step.state, { mine, answer: () => {}, hasAnswer: false, selected: null, onSelect: () => {}, board: drawer });
  }

  view.append(h("h1", {}, `${t("mission.replay")}: ${step.state.name}`),
    h("div.replay-controls.card", {}, back, play, forward, h("label.field.wide", {}, h("span", {}, t("replay.position")), slider), where),
    description,
    h("div.play", {}, h("div.board-wrap", {}, board || h("p.muted", {}, t("mission.no_board"))), h("div.side", {}, stateBox, changes)));
  render();
  return () => { if (timer) clearInterval(timer); };
}
