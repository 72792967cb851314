// A mission: its board (the system's own drawer, boards/index.js), whose turn it is, pending
// choices as prompts, commands through forms generated from the system's command schemas, the
// dice tray, and everything live through the SSE stream (resumed after a drop).

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { rememberMission } from "../store.js";
import { follow } from "../stream.js";
import { commandFields, commandHelp, commandsOf, readCommand, readFaces } from "../forms.js";
import { commandTitle, commandWords } from "../words.js";
import { legendFor } from "./legend.js";
import { access, commandSchema } from "./access.js";
import { aiPanel, hostPanel, seedPanel } from "./tools.js";
import { boardFor } from "../boards/index.js";
import { crumb, field, formError } from "./widgets.js";
import { diceEntry } from "./dice.js";
import { eventWords } from "../descriptions.js";
import { summary } from "./summary.js";

export async function showMission(view, crumbs, missionId) {
  const { campaignId, mine, token } = await access(missionId);
  let state = await api(`/missions/${missionId}`, { token });
  rememberMission(missionId, state.campaign_id);
  const root = await commandSchema(state.system);
  const drawer = await boardFor(state.system);
  const words = await commandWords(state.system);
  crumb(crumbs, [mine.campaign || t("campaign.title"), `#/campaign/${campaignId}`], [state.name]);

  let selected = null;
  const live = h("span.live", { role: "status", dataset: { state: "connecting" } }, t("mission.connecting"));
  const head = h("div.mission-head", {},
    h("h1", {}, state.name),
    h("p.muted", {}, `${state.system} · ${state.rules_version} · ${t(`dice.${state.dice_mode}`) || state.dice_mode} · `, live),
    h("nav.actions", {},
      h("a.button", { href: `#/mission/${missionId}/replay` }, t("mission.replay")),
      h("a.button", { href: `#/mission/${missionId}/audit` }, t("mission.audit")),
      h("a.button", { href: `#/campaign/${campaignId}` }, t("mission.campaign"))));

  const summaryBox = h("section.card.summary", { "aria-labelledby": "summary-h" });
  const board = drawer ? document.createElementNS("http://www.w3.org/2000/svg", "svg") : null;
  if (board) { board.setAttribute("class", "board"); board.setAttribute("role", "group"); board.setAttribute("aria-label", t("mission.board")); }
  let legend = board ? legendFor(drawer, state) : null;
  const tray = h("ol.tray", { "aria-live": "polite" });
  const log = h("ol.log", {});
  const error = formError();
  const accepted = h("p.ok", { role: "status", hidden: true });

  // -- the command form ------------------------------------------------------------------
  // A campaign's own commands ("<system>.<Name>") go to the campaign page, not here.
  const commands = commandsOf(root).filter((c) => !c.tag.includes("."));
  const chooser = h("select", { name: "command", id: "command-type" }, commands.map((c) => h("option", { value: c.tag }, commandTitle(words, c.tag))));
  const fields = h("div.fields", {});
  const faces = h("input", { name: "dice-faces", placeholder: "3, 5, 6", inputmode: "numeric" });
  const facesField = field(t("mission.faces"), faces, t("mission.faces_hint"));
  facesField.hidden = state.dice_mode !== "manual";
  const form = h("form.card.command", { on: { submit: send } },
    h("h2", {}, t("mission.command")),
    field(t("mission.command_type"), chooser),
    fields, facesField, error, accepted,
    h("button", { type: "submit" }, t("mission.send")));
  form.dataset.sent = "0";
  function showFields(values = {}) {
    const chosen = commands.find((c) => c.tag === chooser.value);
    const said = chosen ? words.commands[chosen.tag] : null;
    fields.replaceChildren(...(chosen ? commandFields(chosen, root, values, said) : []));
    const help = chosen ? commandHelp(chosen, said) : "";
    if (help) fields.prepend(h("p.muted", {}, help));
  }
  chooser.addEventListener("change", () => showFields(selected ? { unit: selected } : {}));
  showFields();

  function setField(name, value) {
    const control = fields.querySelector(`[name="${name}"]`);
    if (!control) return false;
    control.value = value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
    return true;
  }

  /** Fill each named field the command has (a board's `fields` of a pick). */
  function fill(values = {}) {
    for (const [name, value] of Object.entries(values)) setField(name, value);
  }

  const pickedSides = new Map(); // the side a board named for each unit picked on it
  function sideOf(id) {
    if (pickedSides.has(id)) return pickedSides.get(id);
    const units = (state.game && state.game.units) || {};
    const unit = Array.isArray(units) ? units.find((u) => u.id === id) : units[id];
    return unit ? unit.side || unit.owner || unit.player : undefined;
  }

  /** Whether a picked unit is one this member acts with (its own units; for the host or a
   * player without named units, one on the side of the unit picked before). */
  function actsWith(id) {
    const own = mine.units || [];
    if (own.length) return own.includes(id);
    return !selected || sideOf(id) === sideOf(selected);
  }

  /** A click on the board: a unit this member acts with selects it (and fills `unit`), any
   * other fills `target` where the command has one; a place fills x and y; either fills the
   * further fields the board names with it (a hex's q and r, a Rein-and-Raus miniature, …). */
  function picked(pick) {
    if (pick.side) pickedSides.set(pick.id, pick.side);
    if (pick.kind === "unit") {
      const hasTarget = fields.querySelector('[name="target"]');
      if (hasTarget && !actsWith(pick.id)) setField("target", pick.id);
      else { selected = pick.id; setField("unit", pick.id); fill(pick.fields); }
    } else if (pick.kind === "place") {
      if (pick.x !== undefined) { setField("x", pick.x); setField("y", pick.y); }
      fill(pick.fields);
    } else if (pick.id) {
      setField(pick.kind, pick.id) || setField("target", pick.id);
    }
    redraw();
  }

  async function send(event) {
    event.preventDefault();
    error.hide();
    let command;
    try { command = readCommand(chooser.value, fields); }
    catch (failure) { error.show({ message: t("forms.bad_json"), code: "bad_json" }); return; }
    await submit(command, state.dice_mode === "manual" ? readFaces(faces.value) : null, error);
  }

  async function submit(command, typed, line = error) {
    const body = { command };
    if (typed) body.faces = typed;
    accepted.hidden = true;
    try {
      const result = await api(`/missions/${missionId}/commands`, { method: "POST", token, body });
      faces.value = "";
      line.hide();
      accepted.hidden = false;
      const title = `✓ ${commandTitle(words, command.type)}: `;
      accepted.textContent = title + result.events.map((e) => e.event.type).join(", ");
      Promise.all(result.events.map((e) => eventWords(missionId, token, e))).then((said) => {
        if (said.some((line, i) => line !== result.events[i].event.type)) accepted.textContent = title + said.join("; ");
      });
      form.dataset.outcome = "accepted";
      await refresh();
    } catch (failure) {
      line.show(failure);
      form.dataset.outcome = "refused";
    }
    form.dataset.sent = String(Number(form.dataset.sent) + 1);
  }

  const hostTools = mine.role === "host" ? hostPanel(missionId, token, () => refresh()) : null;
  const seedForm = mine.role === "spectator" ? null : seedPanel(missionId, token, () => refresh());
  const ai = aiPanel(missionId, token, () => refresh());
  const aiBox = ai.element;
  const aiDue = () => ai.update(state);

  // -- drawing ---------------------------------------------------------------------------
  function redraw() {
    const focused = focusKey();
    summary(summaryBox, state, { mine, answer: (unit, accept) => submit({ type: "Answer", unit, accept }, null, error), hasAnswer: commands.some((c) => c.tag === "Answer"), prompts: words.prompts, words, selected, onSelect: picked, board: drawer });
    if (board) drawer.draw(board, state, { selected, onPick: picked });
    if (legend) legend.replaceWith(legend = legendFor(drawer, state));
    if (focused) { const again = view.querySelector(focused); if (again) again.focus(); }
  }

  /** What has the keyboard focus on the board or in the units list, as a selector that finds it
   * again after a redraw (a live event redraws both; a keyboard user keeps their place). */
  function focusKey() {
    const el = document.activeElement;
    if (!el || !(board && board.contains(el)) && !summaryBox.contains(el)) return null;
    const where = board && board.contains(el) ? "svg.board" : ".summary";
    const holder = where === ".summary" ? el.closest("li[data-unit]") : el;
    for (const name of ["unit", "hex", "token", "marker", "terrain"]) {
      const value = holder && holder.dataset ? holder.dataset[name] : undefined;
      if (value !== undefined) return `${where} [data-${name}="${CSS.escape(value)}"]${where === ".summary" ? " button" : ""}`;
    }
    return null;
  }

  let pending = null;
  async function refresh() {
    state = await api(`/missions/${missionId}`, { token });
    redraw();
    aiDue();
  }
  function refreshSoon() {
    clearTimeout(pending);
    pending = setTimeout(() => refresh().catch(() => {}), 60);
  }

  const trayCard = h("section.card.dice", { "aria-labelledby": "dice-h" }, h("h2", { id: "dice-h" }, t("mission.dice_tray")), tray);
  const logCard = h("details.card.events", {}, h("summary", {}, t("mission.events")), log);
  view.append(head,
    h("div.play", {},
      h("div.board-wrap", {}, board || h("p.muted", {}, t("mission.no_board")), legend, summaryBox),
      h("div.side", {}, aiBox, mine.role === "spectator" ? h("p.card.muted", {}, t("mission.spectating")) : form, trayCard, hostTools, seedForm, logCard)));
  redraw();
  aiDue();

  const stream = follow(missionId, token, 0, {
    onRecord(record) {
      const type = record.event && record.event.type;
      if (type === "DiceRolled") tray.prepend(diceEntry(record, state.system));
      const what = h("span.what", {}, type);
      log.prepend(h("li", { dataset: { position: record.position, actor: record.actor, type } }, h("code", {}, `#${record.position}`), " ", what, record.actor ? ` · ${record.actor}` : ""));
      eventWords(missionId, token, record).then((said) => { what.textContent = said; });
      if (record.position > state.version) refreshSoon();
    },
    onStatus(status) {
      live.dataset.state = status;
      live.textContent = t(`mission.${status}`);
    },
  });
  window.__skirmishStream = stream; // lets a test drop the connection as a network would
  return () => stream.stop();
}
