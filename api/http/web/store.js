// What this browser keeps: each campaign's member token (from creating it or from an invite
// link) and which campaign a mission belongs to. Kept in localStorage, never in a URL.

const KEY = "skirmish.members";
const MISSIONS = "skirmish.missions";

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}"); } catch { return {}; }
}

export function members() { return read(KEY); }

export function member(campaignId) { return members()[campaignId] || null; }

export function remember(campaignId, entry) {
  const all = members();
  all[campaignId] = { ...(all[campaignId] || {}), ...entry };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function forget(campaignId) {
  const all = members();
  delete all[campaignId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function campaignOf(missionId) { return read(MISSIONS)[missionId] || null; }

export function rememberMission(missionId, campaignId) {
  const all = read(MISSIONS);
  all[missionId] = campaignId;
  localStorage.setItem(MISSIONS, JSON.stringify(all));
}

/** The token to read a mission with: that of the campaign it belongs to, if known here. */
export function tokenFor(missionId) {
  const campaignId = campaignOf(missionId);
  return campaignId ? (member(campaignId) || {}).token : null;
}
