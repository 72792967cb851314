// The side panels of a mission page besides the command form: the host's (end the mission,
// reveal the seed), the client seed contribution, and the AI's activation due in a manual-dice
// mission (the workers play the others), played with the faces the table typed.

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { readFaces } from "../forms.js";
import { field, formError } from "./widgets.js";

export function hostPanel(missionId, token, refresh) {
  const error = formError();
  const outcome = h("input", { name: "outcome", placeholder: "victory" });
  const post = async (path, body) => {
    try { await api(`/missions/${missionId}/${path}`, { method: "POST", token, body }); error.hide(); await refresh(); }
    catch (failure) { error.show(failure); }
  };
  return h("form.card.host", { on: { submit: (e) => { e.preventDefault(); post("end", outcome.value ? { outcome: outcome.value } : {}); } } },
    h("h2", {}, t("mission.host_tools")), field(t("mission.outcome"), outcome), error,
    h("div.actions", {}, h("button", { type: "submit" }, t("mission.end")),
      h("button", { type: "button", on: { click: () => post("seed/rotate", {}) } }, t("mission.rotate"))));
}

export function seedPanel(missionId, token, refresh) {
  const error = formError();
  const contribution = h("input", { name: "contribution", maxlength: 200 });
  return h("details.card.seed", {}, h("summary", {}, t("mission.client_seed")),
    h("form", { on: { submit: async (e) => {
      e.preventDefault();
      try { await api(`/missions/${missionId}/client-seed`, { method: "POST", token, body: { contribution: contribution.value } }); error.hide(); contribution.value = ""; await refresh(); }
      catch (failure) { error.show(failure); }
    } } }, h("p.muted", {}, t("mission.client_seed_hint")), field(t("mission.contribution"), contribution), error, h("button", { type: "submit" }, t("mission.contribute"))));
}

export function aiPanel(missionId, token, refresh) {
  const element = h("section.card.ai", { hidden: true });
  async function update(state) {
    if (state.dice_mode !== "manual" || state.outcome) { element.hidden = true; return; }
    const due = await api(`/missions/${missionId}/ai`, { token }).catch(() => null);
    if (!due || !due.command) { element.hidden = true; return; }
    const typed = h("input", { name: "ai-faces", inputmode: "numeric", placeholder: "4, 2" });
    const line = formError();
    const what = Object.entries(due.command).filter(([k, v]) => k !== "type" && v !== null).map(([k, v]) => `${k}: ${typeof v === "number" ? Math.round(v * 100) / 100 : v}`);
    element.hidden = false;
    element.replaceChildren(h("h2", {}, t("mission.ai_due")), h("p", { dataset: { key: due.key } }, h("strong", {}, due.command.type), ` ${what.join(", ")}`),
      h("form", { on: { submit: async (e) => {
        e.preventDefault();
        try { await api(`/missions/${missionId}/ai`, { method: "POST", token, body: { faces: readFaces(typed.value) || [] } }); await refresh(); }
        catch (failure) { line.show(failure); }
      } } }, field(t("mission.faces"), typed, t("mission.faces_hint")), line, h("button", { type: "submit" }, t("mission.roll_for_ai"))));
  }
  return { element, update };
}
