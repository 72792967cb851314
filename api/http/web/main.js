// The client's router. Routes live in the URL fragment, which the browser never sends:
//   #/                         the lobby (create a campaign, the campaigns this browser holds)
//   #/campaign/<id>            a campaign: members, invites, missions, history
//   #/mission/<id>             a mission: board, summary, commands, dice tray, live
//   #/mission/<id>/replay      the replay slider
//   #/mission/<id>/audit       the audit page and disputes
//   #invite/<campaign>/<token> an invite link: the token is stored, then the URL replaced

import { applyLanguage, language, setLanguage, t } from "./i18n.js";
import { remember } from "./store.js";
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { showLobby } from "./views/lobby.js";
import { showCampaign } from "./views/campaign.js";
import { showMission } from "./views/mission.js";
import { showReplay } from "./views/replay.js";
import { showAudit } from "./views/audit.js";

let leave = null; // what the current view stops when another one opens (its live stream)

export function notice(text, kind = "error") {
  const box = document.getElementById("notice");
  box.className = kind;
  box.textContent = text;
  box.hidden = !text;
}

async function takeInvite(campaignId, token) {
  // The token leaves the address bar (and the history) before anything else happens.
  history.replaceState(null, "", `${location.pathname}#/campaign/${campaignId}`);
  remember(campaignId, { token });
  try {
    const me = await api(`/campaigns/${campaignId}/me`, { token });
    remember(campaignId, { name: me.name, role: me.role, member_id: me.member_id, units: me.units });
  } catch (error) {
    notice(error.message);
  }
}

async function route() {
  if (leave) { leave(); leave = null; }
  notice("");
  const hash = location.hash.replace(/^#\/?/, "");
  const parts = hash.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "invite" && parts.length >= 3) {
    await takeInvite(parts[1], parts[2]);
    return route();
  }
  const view = clear(document.getElementById("view"));
  const crumbs = clear(document.getElementById("crumbs"));
  try {
    if (parts[0] === "campaign" && parts[1]) leave = await showCampaign(view, crumbs, parts[1]);
    else if (parts[0] === "mission" && parts[1] && parts[2] === "replay") leave = await showReplay(view, crumbs, parts[1]);
    else if (parts[0] === "mission" && parts[1] && parts[2] === "audit") leave = await showAudit(view, crumbs, parts[1]);
    else if (parts[0] === "mission" && parts[1]) leave = await showMission(view, crumbs, parts[1]);
    else leave = await showLobby(view, crumbs);
  } catch (error) {
    view.append(h("p.error", { role: "alert" }, error.message || String(error)));
  }
  const heading = view.querySelector("h1");
  if (heading) document.title = `${heading.textContent} · ${t("app.title")}`;
}

function start() {
  const picker = document.getElementById("language");
  picker.value = language();
  picker.addEventListener("change", () => { setLanguage(picker.value); route(); });
  applyLanguage(document);
  window.addEventListener("hashchange", route);
  route();
}

start();
