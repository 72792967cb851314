// What a mission page opens with: the member token that reads the mission, and the command
// schema of its game system (fetched once per page load).

import { api } from "../api.js";
import { t } from "../i18n.js";
import { campaignOf, member, members, rememberMission } from "../store.js";

const schemas = new Map();

export async function commandSchema(system) {
  const path = system === "table" ? "/schemas/commands.json" : `/systems/${system}/schemas/commands.json`;
  if (!schemas.has(path)) schemas.set(path, await api(path));
  return schemas.get(path);
}

/** The token and campaign to read a mission with, or an error the page shows. A mission this
 * browser has not seen listed yet (a link to it) is tried with each campaign token it holds. */
export async function access(missionId) {
  let campaignId = campaignOf(missionId);
  if (!campaignId || !member(campaignId)) {
    campaignId = null;
    for (const [id, held] of Object.entries(members())) {
      try {
        const state = await api(`/missions/${missionId}`, { token: held.token });
        if (state.campaign_id === id) { campaignId = id; break; }
      } catch { /* not this campaign's */ }
    }
    if (campaignId) rememberMission(missionId, campaignId);
  }
  const mine = campaignId ? member(campaignId) : null;
  if (!mine || !mine.token) throw new Error(t("mission.no_token"));
  return { campaignId, mine, token: mine.token };
}
