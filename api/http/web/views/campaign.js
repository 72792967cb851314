// A campaign: who is in it, invite links (host), missions and their state, a new mission of any
// registered system with its options (host), and what the campaign carries between missions.

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { member, remember, rememberMission } from "../store.js";
import { copyButton, crumb, field, formError } from "./widgets.js";
import { commandFields, commandHelp, commandsOf, optionFields, readCommand, readOptions } from "../forms.js";
import { commandTitle, commandWords } from "../words.js";
import { valueView } from "./values.js";

export async function showCampaign(view, crumbs, campaignId) {
  const mine = member(campaignId);
  if (!mine || !mine.token) {
    view.append(h("h1", {}, t("campaign.title")), h("p.error", { role: "alert" }, t("campaign.no_token")));
    return;
  }
  const token = mine.token;
  const [campaign, me, missions, history] = await Promise.all([
    api(`/campaigns/${campaignId}`, { token }),
    api(`/campaigns/${campaignId}/me`, { token }),
    api(`/campaigns/${campaignId}/missions`, { token }),
    api(`/campaigns/${campaignId}/history`, { token }).catch(() => null),
  ]);
  remember(campaignId, { campaign: campaign.name, name: me.name, role: me.role, member_id: me.member_id, units: me.units });
  crumb(crumbs, [campaign.name]);
  const host = me.role === "host";

  view.append(
    h("h1", {}, campaign.name),
    h("p.muted", {}, t("campaign.you_are", { name: me.name, role: t(`role.${me.role}`) }),
      me.units.length ? ` · ${t("campaign.your_units")}: ${me.units.join(", ")}` : ""),
  );

  const summaries = new Map(((history && history.missions) || []).map((m) => [m.mission_id, m]));
  const missionList = h("section.card", { "aria-labelledby": "missions-h" },
    h("h2", { id: "missions-h" }, t("campaign.missions")),
    missions.length ? h("table.missions", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("campaign.mission")), h("th", {}, t("campaign.system")), h("th", {}, t("campaign.state")), h("th", {}, t("campaign.events")))),
      h("tbody", {}, missions.map((m) => {
        rememberMission(m.mission_id, campaignId);
        const s = summaries.get(m.mission_id);
        const state = m.outcome ? `${t("campaign.ended")}: ${m.outcome}${s && s.result ? ` (${s.result})` : ""}` : t("campaign.running");
        return h("tr", { dataset: { mission: m.mission_id } },
          h("td", {}, h("a", { href: `#/mission/${m.mission_id}` }, m.name)), h("td", {}, m.system), h("td", {}, state), h("td", {}, String(m.version)));
      })))
      : h("p.muted", {}, t("campaign.no_missions")));

  const memberList = h("section.card", {}, h("h2", {}, t("campaign.members")),
    h("ul.list", {}, campaign.members.map((m) => h("li", {}, h("strong", {}, m.name), ` · ${t(`role.${m.role}`)}`, m.units.length ? ` · ${m.units.join(", ")}` : ""))),
    host ? inviteForm(campaignId, token) : null);

  view.append(h("div.columns", {}, missionList, memberList));
  if (host) view.append(await missionForm(campaignId, token));
  view.append(carried(campaign, history));
  if (me.role !== "spectator") {
    const commands = await campaignCommands(campaignId, token);
    if (commands) view.append(commands);
  }
}

function inviteForm(campaignId, token) {
  const error = formError();
  const out = h("div.invite-out", { "aria-live": "polite" });
  const form = h("form.stack", { on: { submit: invite } },
    h("h3", {}, t("campaign.invite")),
    field(t("campaign.member_name"), h("input", { name: "name", required: true, maxlength: 100 })),
    field(t("campaign.role"), h("select", { name: "role" }, ["player", "spectator"].map((r) => h("option", { value: r }, t(`role.${r}`))))),
    field(t("campaign.units"), h("input", { name: "units", placeholder: "sera-vantis, gorm-hadley" }), t("campaign.units_hint")),
    error, h("button", { type: "submit" }, t("campaign.invite_button")), out);

  async function invite(event) {
    event.preventDefault();
    error.hide();
    const data = new FormData(form);
    const units = String(data.get("units") || "").split(",").map((u) => u.trim()).filter(Boolean);
    try {
      const made = await api(`/campaigns/${campaignId}/members`, { method: "POST", token, body: { name: data.get("name"), role: data.get("role"), units } });
      // The token rides in the fragment: never sent to a server, and the client drops it from the URL at once.
      const link = `${location.origin}${location.pathname}#invite/${campaignId}/${made.token}`;
      const box = h("input.link", { readonly: true, value: link, "aria-label": t("campaign.invite_link_for", { name: made.name }) });
      out.prepend(h("p.invite", { dataset: { name: made.name, role: made.role } },
        h("span", {}, t("campaign.invite_link_for", { name: made.name }), ` (${t(`role.${made.role}`)})`), box, copyButton(link)));
      form.reset();
    } catch (failure) {
      error.show(failure);
    }
  }
  return form;
}

async function missionForm(campaignId, token) {
  const systems = await api("/systems");
  const table = { name: "table", title: t("campaign.table_system"), versions: [], options: null };
  const all = [...systems, table];
  const error = formError();
  const system = h("select", { name: "system" }, all.map((s) => h("option", { value: s.name }, s.title)));
  const version = h("select", { name: "rules_version" });
  const options = h("fieldset.options", {});
  const form = h("form.card", { on: { submit: create } },
    h("h2", {}, t("campaign.new_mission")),
    h("div.grid", {},
      field(t("campaign.mission_name"), h("input", { name: "name", required: true, maxlength: 200 })),
      field(t("campaign.system"), system),
      field(t("campaign.rules_version"), version),
      field(t("campaign.dice_mode"), h("select", { name: "dice_mode" }, h("option", { value: "server" }, t("dice.server")), h("option", { value: "manual" }, t("dice.manual")))),
      field(t("campaign.client_seed"), h("input", { name: "client_seed", maxlength: 200 }), t("campaign.client_seed_hint"))),
    options, error, h("button", { type: "submit" }, t("campaign.create_mission")));

  async function pick() {
    const chosen = all.find((s) => s.name === system.value);
    version.replaceChildren(...chosen.versions.map((v) => h("option", { value: v }, v)));
    version.disabled = chosen.versions.length === 0;
    const words = chosen.options ? (await commandWords(chosen.name)).options : {};
    if (system.value !== chosen.name) return; // another system was picked meanwhile
    options.replaceChildren(h("legend", {}, t("campaign.options")), ...optionFields(chosen.options, words));
    options.hidden = !chosen.options;
    if (chosen.packs && chosen.packs.length) await offerPack(options, chosen, chosen.packs[0]);
  }
  system.addEventListener("change", pick);
  system.value = systems.some((s) => s.name === "star-quest") ? "star-quest" : all[0].name;
  pick();

  async function create(event) {
    event.preventDefault();
    error.hide();
    const data = new FormData(form);
    const body = { name: data.get("name"), system: data.get("system"), dice_mode: data.get("dice_mode"), options: readOptions(options) };
    if (!version.disabled) body.rules_version = data.get("rules_version");
    if (data.get("client_seed")) body.client_seed = data.get("client_seed");
    try {
      const made = await api(`/campaigns/${campaignId}/missions`, { method: "POST", token, body });
      rememberMission(made.mission_id, campaignId);
      location.hash = `#/mission/${made.mission_id}`;
    } catch (failure) {
      error.show(failure);
    }
  }
  return form;
}

/** What the system's pack holds (GET /systems/{name}/packs/{pack}) offered for the options
 * that name it: a list to pick from on each such field, and the names shown beside it. */
async function offerPack(options, system, packName) {
  let pack;
  try { pack = await api(`/systems/${system.name}/packs/${packName}`); } catch { return; }
  const shown = h("dl.value.pack", {});
  for (const control of options.querySelectorAll("input[name]")) {
    const kind = [control.name, `${control.name}s`, `${control.name}_cards`].find((k) => pack.contents[k]);
    if (!kind) continue;
    const entries = pack.contents[kind];
    const list = h("datalist", { id: `pack-${system.name}-${control.name}` }, entries.map((e) => h("option", { value: e.id || e.name }, e.id ? e.name : null)));
    control.setAttribute("list", list.id);
    (control.closest("label") || control).after(list);
    shown.append(h("dt", {}, control.name), h("dd", {}, entries.map((e) => (e.id ? `${e.id} (${e.name})` : e.name)).join(", ")));
  }
  if (shown.childNodes.length) options.append(h("details", {}, h("summary", {}, t("campaign.pack_holds", { pack: pack.name })), shown));
}

function carried(campaign, history) {
  const section = h("section.card", {}, h("h2", {}, t("campaign.carried")));
  for (const [system, kept] of Object.entries(campaign.systems || {})) {
    section.append(h("h3", {}, system), valueView(kept));
  }
  if (campaign.concluded.length) {
    section.append(h("h3", {}, t("campaign.outcomes")), h("ul.list", {}, campaign.concluded.map((c) =>
      h("li", {}, h("a", { href: `#/mission/${c.mission_id}` }, c.mission_id.slice(0, 8)), `: ${c.outcome}${c.result ? ` (${c.result})` : ""}`,
        Object.keys(c.heroes || {}).length ? ` · ${Object.entries(c.heroes).map(([k, v]) => `${k}: ${v}`).join(", ")}` : ""))));
  }
  if (section.childNodes.length === 1) section.append(h("p.muted", {}, t("campaign.nothing_carried")));
  return section;
}

/** A game system's own commands between missions ("<system>.<Name>": a legacy draw, trading),
 * as forms generated from the system's command schema; POST /campaigns/{id}/commands. */
async function campaignCommands(campaignId, token) {
  const systems = await api("/systems");
  const offered = [];
  for (const system of systems) {
    const root = await api(system.commands_schema);
    const words = await commandWords(system.name);
    for (const command of commandsOf(root)) if (command.tag.includes(".")) offered.push({ ...command, root, words });
  }
  if (!offered.length) return null;
  const error = formError();
  const done = h("p.ok", { role: "status", hidden: true });
  const chooser = h("select", { name: "campaign-command" }, offered.map((c) => h("option", { value: c.tag }, commandTitle(c.words, c.tag))));
  const fields = h("div.fields", {});
  const show = () => {
    const chosen = offered.find((c) => c.tag === chooser.value);
    const said = chosen.words.commands[chosen.tag];
    fields.replaceChildren(...commandFields(chosen, chosen.root, {}, said));
    const help = commandHelp(chosen, said);
    if (help) fields.prepend(h("p.muted", {}, help));
  };
  chooser.addEventListener("change", show);
  show();
  const form = h("form.card.campaign-command", { on: { submit: async (e) => {
    e.preventDefault();
    error.hide();
    done.hidden = true;
    try {
      const result = await api(`/campaigns/${campaignId}/commands`, { method: "POST", token, body: { command: readCommand(chooser.value, fields) } });
      done.hidden = false;
      done.textContent = `✓ ${result.events.map((r) => r.event.type).join(", ")}`;
    } catch (failure) { error.show(failure); }
  } } }, h("h2", {}, t("campaign.commands")), field(t("campaign.command"), chooser), fields, error, done, h("button", { type: "submit" }, t("campaign.send")));
  return form;
}
