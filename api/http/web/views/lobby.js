// The lobby: create a campaign (this browser keeps its host token) and open the campaigns this
// browser holds a token for.

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { forget, members, remember } from "../store.js";
import { field, formError } from "./widgets.js";

export async function showLobby(view) {
  const name = field(t("lobby.campaign_name"), h("input", { name: "name", required: true, maxlength: 200 }));
  const host = field(t("lobby.host_name"), h("input", { name: "host_name", required: true, maxlength: 100, value: "host" }));
  const error = formError();
  const form = h("form.card", { on: { submit: create } },
    h("h2", {}, t("lobby.new_campaign")), name, host, error,
    h("button", { type: "submit" }, t("lobby.create")));

  async function create(event) {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const made = await api("/campaigns", { method: "POST", body: { name: data.get("name"), host_name: data.get("host_name") } });
      remember(made.campaign_id, { token: made.host_token, role: "host", name: data.get("host_name"), campaign: data.get("name") });
      location.hash = `#/campaign/${made.campaign_id}`;
    } catch (failure) {
      error.show(failure);
    }
  }

  const held = Object.entries(members());
  const list = h("ul.list", {}, held.map(([id, m]) => h("li", {},
    h("a", { href: `#/campaign/${id}` }, m.campaign || id), " ",
    h("span.muted", {}, `${m.name || "?"} · ${t(`role.${m.role || "player"}`)}`), " ",
    h("button.small", { type: "button", on: { click: () => { forget(id); location.reload(); } }, "aria-label": `${t("lobby.forget")} ${m.campaign || id}` }, t("lobby.forget")))));

  view.append(
    h("h1", {}, t("lobby.title")),
    h("div.columns", {}, form,
      h("section.card", {}, h("h2", {}, t("lobby.yours")), held.length ? list : h("p.muted", {}, t("lobby.none")))));
}
