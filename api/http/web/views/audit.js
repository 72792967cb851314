// The audit page: each epoch's commitment and (once revealed) seed, every roll with what it was
// for and its dice, whether the server re-computes it (GET verify), and disputes: any member
// raises one on a roll; the host upholds or annuls it.

import { api } from "../api.js";
import { append, h } from "../dom.js";
import { t } from "../i18n.js";
import { access } from "./access.js";
import { crumb, formError } from "./widgets.js";

export async function showAudit(view, crumbs, missionId) {
  const { campaignId, mine, token } = await access(missionId);
  const [state, document, verdict] = await Promise.all([
    api(`/missions/${missionId}`, { token }),
    api(`/missions/${missionId}/audit`, { token }),
    api(`/missions/${missionId}/verify`, { token }),
  ]);
  crumb(crumbs, [mine.campaign || t("campaign.title"), `#/campaign/${campaignId}`], [state.name, `#/mission/${missionId}`], [t("mission.audit")]);
  const problems = new Map(((verdict.dice && verdict.dice.problems) || []).map((p) => [p.event, p.problem]));
  const host = mine.role === "host";

  const result = h("section.card.verdict", { dataset: { ok: String(verdict.ok) } },
    h("h2", {}, t("audit.verdict")),
    h("p", { id: "verdict" }, h("strong", { class: verdict.ok ? "ok" : "bad" }, verdict.ok ? t("audit.verified") : t("audit.not_verified"))),
    h("p", {}, verdict.chain.ok ? t("audit.chain_ok", { n: verdict.chain.events_checked }) : t("audit.chain_broken", { at: verdict.chain.first_bad_event, reason: verdict.chain.reason || "" })),
    verdict.dice ? h("p.muted", {}, t("audit.epochs", { revealed: verdict.dice.epochs_revealed, unrevealed: verdict.dice.epochs_unrevealed })) : null);

  const error = formError();
  const again = () => window.dispatchEvent(new HashChangeEvent("hashchange"));
  /** A small form in the roll's row: the reason, then the dispute is raised. */
  function raiseForm(cell, roll) {
    const reason = h("input", { name: "reason", required: true, maxlength: 400, "aria-label": t("audit.dispute_reason") });
    cell.replaceChildren(h("form.inline", { on: { submit: async (e) => {
      e.preventDefault();
      try { await api(`/missions/${missionId}/disputes`, { method: "POST", token, body: { roll, reason: reason.value } }); again(); }
      catch (failure) { error.show(failure); }
    } } }, reason, h("button.small", { type: "submit" }, t("audit.raise"))));
    reason.focus();
  }
  async function decide(roll, verdictName) {
    try { await api(`/missions/${missionId}/disputes/${roll}/verdict`, { method: "POST", token, body: { verdict: verdictName } }); again(); }
    catch (failure) { error.show(failure); }
  }

  const epochs = document.epochs.map((epoch) => h("section.card", {},
    h("h2", {}, `${t("audit.epoch")} ${epoch.epoch}`),
    h("p.mono", {}, `${t("audit.commitment")}: `, h("code", {}, epoch.commitment)),
    h("p.mono", {}, `${t("audit.server_seed")}: `, epoch.server_seed ? h("code", {}, epoch.server_seed) : h("em", {}, t("audit.sealed"))),
    h("p.mono", {}, `${t("audit.client_seed")}: `, h("code", {}, epoch.client_seed)),
    h("div.scroll", {}, h("table.audit", {},
      h("thead", {}, h("tr", {}, ["#", t("audit.nonce"), t("audit.by"), t("audit.what"), t("dice.faces"), t("dice.total"), t("audit.check"), ""].map((c) => h("th", {}, c)))),
      h("tbody", {}, epoch.rolls.map((roll) => {
        const position = Number(roll.event);
        const disputed = state.disputes[position] ?? state.disputes[roll.event];
        const annulled = state.annulled.includes(position);
        let check = t("audit.after_reveal");
        if (roll.source === "manual") check = t("audit.manual");
        else if (problems.has(roll.event)) check = problems.get(roll.event);
        else if (epoch.server_seed) check = t("audit.recomputed");
        return h("tr", { dataset: { roll: roll.event } },
          h("td", {}, roll.event, annulled ? ` (${t("audit.annulled")})` : ""),
          h("td", {}, roll.nonce ?? "–"), h("td", {}, roll.actor),
          h("td", {}, roll.description || roll.purpose, h("br"), h("small.muted", {}, roll.rule)),
          h("td", {}, (roll.results || roll.faces).join(", "), roll.notation ? h("small.muted", {}, ` ${roll.notation}`) : ""),
          h("td", {}, roll.total ?? "–"),
          h("td", { class: problems.has(roll.event) ? "bad" : "" }, check),
          h("td", {}, disputed !== undefined
            ? [h("span.warning", {}, `${t("audit.disputed")}: ${disputed}`), host ? [" ",
                h("button.small", { type: "button", on: { click: () => decide(position, "upheld") } }, t("audit.uphold")), " ",
                h("button.small", { type: "button", on: { click: () => decide(position, "annulled") } }, t("audit.annul"))] : null]
            : annulled ? null : h("button.small", { type: "button", on: { click: (e) => raiseForm(e.target.parentElement, position) } }, t("audit.dispute"))));
      }))))));

  append(view, [h("h1", {}, `${t("mission.audit")}: ${state.name}`), result, error, ...epochs,
    document.epochs.length ? null : h("p.muted", {}, t("audit.no_rolls"))]);
}
