// The client's own words in English and German. The server words its errors, event
// descriptions and rule names itself in the language sent as Accept-Language (docs/i18n.md).

const STRINGS = {
  en: {
    "app.title": "Skirmish Ledger", "app.language": "Language",
    "common.copy": "Copy link", "common.copied": "Copied", "common.copy_failed": "Select and copy it", "common.yes": "yes", "common.no": "no",
    "role.host": "host", "role.player": "player", "role.spectator": "spectator",
    "lobby.title": "Campaigns", "lobby.new_campaign": "New campaign", "lobby.campaign_name": "Campaign name", "lobby.host_name": "Your name (host)",
    "lobby.create": "Create campaign", "lobby.yours": "Campaigns in this browser", "lobby.none": "None yet: create one, or open an invite link.", "lobby.forget": "Forget",
    "campaign.title": "Campaign", "campaign.no_token": "This browser holds no token for this campaign: open your invite link.",
    "campaign.you_are": "You are {name} ({role})", "campaign.your_units": "your units", "campaign.missions": "Missions", "campaign.mission": "Mission",
    "campaign.system": "Game system", "campaign.state": "State", "campaign.events": "Events", "campaign.ended": "ended", "campaign.running": "running",
    "campaign.no_missions": "No missions yet.", "campaign.members": "Members", "campaign.invite": "Invite a member", "campaign.member_name": "Name",
    "campaign.role": "Role", "campaign.units": "Units they command", "campaign.units_hint": "unit ids, comma-separated (players only)",
    "campaign.invite_button": "Make invite link", "campaign.invite_link_for": "Invite link for {name}", "campaign.new_mission": "New mission",
    "campaign.mission_name": "Mission name", "campaign.rules_version": "Rules version", "campaign.dice_mode": "Dice", "campaign.client_seed": "Client seed",
    "campaign.client_seed_hint": "public text mixed into every roll; random when empty", "campaign.options": "Options of the game system",
    "campaign.create_mission": "Create mission", "campaign.table_system": "Table (dice tray only)", "campaign.carried": "Carried between missions",
    "campaign.outcomes": "Outcomes", "campaign.pack_holds": "What the pack {pack} offers", "campaign.nothing_carried": "Nothing yet.",
    "dice.server": "provably fair server dice", "dice.manual": "manual dice (typed in)", "dice.roll": "roll", "dice.faces": "Faces", "dice.total": "total",
    "forms.comma_separated": "comma-separated", "forms.bad_json": "A field holds JSON that does not parse.",
    "mission.no_token": "This browser holds no token for this mission's campaign: open your invite link.",
    "mission.connecting": "connecting…", "mission.live": "live", "mission.reconnecting": "reconnecting…", "mission.refused": "not allowed to follow this mission",
    "mission.replay": "Replay", "mission.audit": "Audit", "mission.campaign": "Campaign", "mission.board": "Battlefield", "mission.no_board": "This system has no board view yet: play it through the forms.",
    "mission.command": "Command", "mission.command_type": "Command", "mission.send": "Send", "mission.faces": "Dice faces",
    "mission.faces_hint": "the physical dice, in the order the rules roll them", "mission.host_tools": "Host", "mission.outcome": "Outcome", "mission.end": "End mission",
    "mission.ai_due": "The AI's activation is due", "mission.roll_for_ai": "Play it with these dice", "mission.dice_tray": "Dice tray", "mission.events": "Events",
    "mission.state": "State", "mission.result": "Result", "mission.round": "Round", "mission.phase": "Phase", "mission.whose_turn": "Whose turn", "mission.ai_turn": "the AI",
    "mission.version": "Events", "mission.pending": "Choice:", "mission.cost": "cost", "mission.accept": "Accept", "mission.rotate": "Reveal the seed and start a new epoch", "mission.client_seed": "Add to the client seed",
    "mission.client_seed_hint": "Any text you add is mixed into every roll of the next epoch, so the server alone never decides the dice.",
    "mission.contribution": "Your text", "mission.contribute": "Add",
    "campaign.commands": "Campaign commands", "campaign.command": "Command", "campaign.send": "Send", "mission.spectating": "You are watching: spectators send no commands.", "mission.decline": "Decline",
    "unit.wounds": "wounds", "unit.activated": "activated", "unit.dead": "dead", "unit.unconscious": "unconscious", "unit.shaken": "shaken", "unit.fatigued": "fatigued",
    "unit.set_aside": "set aside", "unit.out_of_action": "out of action", "unit.engaged": "engaged", "unit.hidden": "hidden",
    "replay.position": "Event", "replay.back": "Back", "replay.forward": "Forward", "replay.play": "Play", "replay.pause": "Pause", "replay.changes": "Changes",
    "replay.hidden": "an event hidden from you",
    "audit.verdict": "Verification", "audit.verified": "Verified: the chain is intact and every revealed roll re-computes.", "audit.not_verified": "NOT verified",
    "audit.chain_ok": "Hash chain intact ({n} events).", "audit.chain_broken": "Hash chain broken at event {at}: {reason}",
    "audit.epochs": "Epochs revealed: {revealed}, still sealed: {unrevealed}.", "audit.epoch": "Epoch", "audit.commitment": "Commitment", "audit.server_seed": "Server seed",
    "audit.client_seed": "Client seed", "audit.sealed": "sealed until revealed", "audit.nonce": "nonce", "audit.by": "by", "audit.what": "what", "audit.check": "check",
    "audit.after_reveal": "after the reveal", "audit.manual": "manual dice: not provable", "audit.recomputed": "re-computed ✓", "audit.annulled": "annulled",
    "audit.disputed": "disputed", "audit.uphold": "Uphold", "audit.annul": "Annul", "audit.dispute": "Dispute", "audit.raise": "Raise dispute", "audit.dispute_reason": "Why do you dispute this roll?",
    "audit.no_rolls": "No rolls yet.",
    "board.hex": "hex {q}, {r}", "board.blocked": "blocked", "board.cover": "cover", "board.portal": "portal", "board.escape": "escape",
    "board.explorer_state": "wounds {wounds}, grievous {grievous}", "board.damage": "damage {damage}", "board.damage_of": "damage {damage} of {most}",
    "board.inspired": "inspired", "board.stunned": "stunned", "board.discovery_marker": "discovery marker {n}", "board.search_token": "search token {id}",
    "board.objective": "objective {id}", "board.ai_goal": "goal of the AI", "board.deployment": "deployment zone", "board.ready": "ready", "board.activated": "activated", "board.taken_out": "taken out",
    "board.act_spent": "ACT spent {act}", "board.carrying": "carrying {items}", "board.models": "{n}/{size} models", "board.pinned": "pinned",
    "board.held_by": "held by {owner}", "board.destroyed": "destroyed", "board.zone": "deployment zone of {side}: {edge} edge", "board.north": "north", "board.south": "south",
    "board.door_open": "door, open", "board.door_shut": "door, shut",
    "terrain.blocks_sight": "blocks sight", "terrain.elevated": "elevated", "terrain.cover": "cover", "terrain.difficult": "difficult", "terrain.dangerous": "dangerous",
    "phase.deployment": "deployment", "phase.heroes": "heroes", "phase.ai": "AI", "phase.over": "over", "phase.activation": "activation", "phase.activations": "activations",
    "phase.event": "event", "phase.event_choice": "event: a choice", "phase.initiative": "initiative", "phase.turn_over": "turn over", "phase.deployment_roll_off": "roll-off for deployment",
    "phase.edge": "picking edges", "phase.objective_roll_off": "roll-off for objectives", "phase.first_marker": "first marker", "phase.markers": "placing markers", "phase.rounds": "rounds",
    "phase.mission_roll": "rolling the mission", "phase.scout_roll_off": "roll-off for scouts", "phase.exploration": "exploration", "phase.combat": "combat", "phase.recovery": "recovery",
    "phase.leader": "choosing a leader", "phase.ended": "ended",
    "legend.title": "Legend", "legend.selected": "selected", "legend.search_token": "search token", "legend.objective": "objective",
    "legend.wounds": "wounds taken", "legend.height": "height above the table", "legend.wall": "wall", "legend.discovery_marker": "discovery marker",
    "legend.item": "item", "legend.high_ground": "high ground", "legend.marker": "marker", "legend.building": "building", "legend.hits": "hits left", "mission.options": "options",
    "side.hero": "hero", "side.heroes": "heroes", "side.ai": "AI", "side.explorer": "explorer", "side.hostile": "hostile", "side.swarm": "swarm",
  },
  de: {
    "app.title": "Skirmish Ledger", "app.language": "Sprache",
    "common.copy": "Link kopieren", "common.copied": "Kopiert", "common.copy_failed": "Markieren und kopieren", "common.yes": "ja", "common.no": "nein",
    "role.host": "Spielleitung", "role.player": "Spieler", "role.spectator": "Zuschauer",
    "lobby.title": "Kampagnen", "lobby.new_campaign": "Neue Kampagne", "lobby.campaign_name": "Name der Kampagne", "lobby.host_name": "Dein Name (Spielleitung)",
    "lobby.create": "Kampagne anlegen", "lobby.yours": "Kampagnen in diesem Browser", "lobby.none": "Noch keine: lege eine an oder öffne einen Einladungslink.", "lobby.forget": "Vergessen",
    "campaign.title": "Kampagne", "campaign.no_token": "Dieser Browser hat kein Token für diese Kampagne: öffne deinen Einladungslink.",
    "campaign.you_are": "Du bist {name} ({role})", "campaign.your_units": "deine Einheiten", "campaign.missions": "Missionen", "campaign.mission": "Mission",
    "campaign.system": "Spielsystem", "campaign.state": "Stand", "campaign.events": "Ereignisse", "campaign.ended": "beendet", "campaign.running": "läuft",
    "campaign.no_missions": "Noch keine Missionen.", "campaign.members": "Mitglieder", "campaign.invite": "Mitglied einladen", "campaign.member_name": "Name",
    "campaign.role": "Rolle", "campaign.units": "Befehligte Einheiten", "campaign.units_hint": "Einheiten-IDs, durch Kommas getrennt (nur Spieler)",
    "campaign.invite_button": "Einladungslink erzeugen", "campaign.invite_link_for": "Einladungslink für {name}", "campaign.new_mission": "Neue Mission",
    "campaign.mission_name": "Name der Mission", "campaign.rules_version": "Regelversion", "campaign.dice_mode": "Würfel", "campaign.client_seed": "Client-Seed",
    "campaign.client_seed_hint": "öffentlicher Text, der in jeden Wurf eingeht; leer: zufällig", "campaign.options": "Optionen des Spielsystems",
    "campaign.create_mission": "Mission anlegen", "campaign.table_system": "Tisch (nur Würfelschale)", "campaign.carried": "Zwischen Missionen behalten",
    "campaign.outcomes": "Ausgänge", "campaign.pack_holds": "Was das Paket {pack} bietet", "campaign.nothing_carried": "Noch nichts.",
    "dice.server": "nachweisbar faire Server-Würfel", "dice.manual": "echte Würfel (eingetippt)", "dice.roll": "Wurf", "dice.faces": "Augen", "dice.total": "Summe",
    "forms.comma_separated": "durch Kommas getrennt", "forms.bad_json": "Ein Feld enthält ungültiges JSON.",
    "mission.no_token": "Dieser Browser hat kein Token für die Kampagne dieser Mission: öffne deinen Einladungslink.",
    "mission.connecting": "verbinde…", "mission.live": "live", "mission.reconnecting": "verbinde neu…", "mission.refused": "darf dieser Mission nicht folgen",
    "mission.replay": "Wiederholung", "mission.audit": "Prüfung", "mission.campaign": "Kampagne", "mission.board": "Schlachtfeld", "mission.no_board": "Für dieses System gibt es noch kein Spielbrett: spiele es über die Formulare.",
    "mission.command": "Befehl", "mission.command_type": "Befehl", "mission.send": "Senden", "mission.faces": "Würfelaugen",
    "mission.faces_hint": "die echten Würfel, in der Reihenfolge, in der die Regeln würfeln", "mission.host_tools": "Spielleitung", "mission.outcome": "Ausgang", "mission.end": "Mission beenden",
    "mission.ai_due": "Die KI ist mit einer Aktivierung dran", "mission.roll_for_ai": "Mit diesen Würfeln ausführen", "mission.dice_tray": "Würfelschale", "mission.events": "Ereignisse",
    "mission.state": "Stand", "mission.result": "Ergebnis", "mission.round": "Runde", "mission.phase": "Phase", "mission.whose_turn": "Am Zug", "mission.ai_turn": "die KI",
    "mission.version": "Ereignisse", "mission.pending": "Entscheidung:", "mission.cost": "Kosten", "mission.accept": "Annehmen", "mission.rotate": "Seed aufdecken und neue Epoche beginnen", "mission.client_seed": "Zum Client-Seed beitragen",
    "mission.client_seed_hint": "Dein Text geht in jeden Wurf der nächsten Epoche ein, so bestimmt der Server die Würfel nie allein.",
    "mission.contribution": "Dein Text", "mission.contribute": "Beitragen",
    "campaign.commands": "Kampagnenbefehle", "campaign.command": "Befehl", "campaign.send": "Senden", "mission.spectating": "Du schaust zu: Zuschauer senden keine Befehle.", "mission.decline": "Ablehnen",
    "unit.wounds": "Wunden", "unit.activated": "aktiviert", "unit.dead": "tot", "unit.unconscious": "bewusstlos", "unit.shaken": "erschüttert", "unit.fatigued": "erschöpft",
    "unit.set_aside": "beiseitegestellt", "unit.out_of_action": "ausgeschaltet", "unit.engaged": "im Nahkampf", "unit.hidden": "verborgen",
    "replay.position": "Ereignis", "replay.back": "Zurück", "replay.forward": "Vor", "replay.play": "Abspielen", "replay.pause": "Anhalten", "replay.changes": "Änderungen",
    "replay.hidden": "ein für dich verborgenes Ereignis",
    "audit.verdict": "Prüfung", "audit.verified": "Geprüft: die Kette ist intakt und jeder aufgedeckte Wurf rechnet sich nach.", "audit.not_verified": "NICHT bestätigt",
    "audit.chain_ok": "Hash-Kette intakt ({n} Ereignisse).", "audit.chain_broken": "Hash-Kette gebrochen bei Ereignis {at}: {reason}",
    "audit.epochs": "Aufgedeckte Epochen: {revealed}, noch versiegelt: {unrevealed}.", "audit.epoch": "Epoche", "audit.commitment": "Verpflichtung", "audit.server_seed": "Server-Seed",
    "audit.client_seed": "Client-Seed", "audit.sealed": "versiegelt bis zur Aufdeckung", "audit.nonce": "Nonce", "audit.by": "von", "audit.what": "was", "audit.check": "Prüfung",
    "audit.after_reveal": "nach der Aufdeckung", "audit.manual": "echte Würfel: nicht nachweisbar", "audit.recomputed": "nachgerechnet ✓", "audit.annulled": "annulliert",
    "audit.disputed": "angefochten", "audit.uphold": "Bestätigen", "audit.annul": "Annullieren", "audit.dispute": "Anfechten", "audit.raise": "Anfechtung einreichen", "audit.dispute_reason": "Warum fichtst du diesen Wurf an?",
    "audit.no_rolls": "Noch keine Würfe.",
    "board.hex": "Feld {q}, {r}", "board.blocked": "blockiert", "board.cover": "Deckung", "board.portal": "Portal", "board.escape": "Ausgang",
    "board.explorer_state": "Wunden {wounds}, schwere {grievous}", "board.damage": "Schaden {damage}", "board.damage_of": "Schaden {damage} von {most}",
    "board.inspired": "inspiriert", "board.stunned": "betäubt", "board.discovery_marker": "Entdeckungsmarker {n}", "board.search_token": "Suchmarker {id}",
    "board.objective": "Missionsziel {id}", "board.ai_goal": "Ziel der KI", "board.deployment": "Aufstellungszone", "board.ready": "bereit", "board.activated": "aktiviert", "board.taken_out": "ausgeschaltet",
    "board.act_spent": "ACT verbraucht {act}", "board.carrying": "trägt {items}", "board.models": "{n}/{size} Modelle", "board.pinned": "niedergehalten",
    "board.held_by": "gehalten von {owner}", "board.destroyed": "zerstört", "board.zone": "Aufstellungszone von {side}: Kante {edge}", "board.north": "Nord", "board.south": "Süd",
    "board.door_open": "Tür, offen", "board.door_shut": "Tür, geschlossen",
    "terrain.blocks_sight": "sichtblockierend", "terrain.elevated": "erhöht", "terrain.cover": "Deckung", "terrain.difficult": "schwierig", "terrain.dangerous": "gefährlich",
    "phase.deployment": "Aufstellung", "phase.heroes": "Helden", "phase.ai": "KI", "phase.over": "vorbei", "phase.activation": "Aktivierung", "phase.activations": "Aktivierungen",
    "phase.event": "Ereignis", "phase.event_choice": "Ereignis: eine Wahl", "phase.initiative": "Initiative", "phase.turn_over": "Zug beendet", "phase.deployment_roll_off": "Wurf-Duell um die Aufstellung",
    "phase.edge": "Kanten wählen", "phase.objective_roll_off": "Wurf-Duell um die Missionsziele", "phase.first_marker": "erster Marker", "phase.markers": "Marker legen", "phase.rounds": "Runden",
    "phase.mission_roll": "Mission auswürfeln", "phase.scout_roll_off": "Wurf-Duell um die Späher", "phase.exploration": "Erkundung", "phase.combat": "Kampf", "phase.recovery": "Erholung",
    "phase.leader": "Anführer wählen", "phase.ended": "beendet",
    "legend.title": "Legende", "legend.selected": "ausgewählt", "legend.search_token": "Suchmarker", "legend.objective": "Missionsziel",
    "legend.wounds": "erlittene Wunden", "legend.height": "Höhe über dem Tisch", "legend.wall": "Wand", "legend.discovery_marker": "Entdeckungsmarker",
    "legend.item": "Gegenstand", "legend.high_ground": "erhöhtes Gelände", "legend.marker": "Marker", "legend.building": "Gebäude", "legend.hits": "verbleibende Treffer", "mission.options": "Möglichkeiten",
    "side.hero": "Held", "side.heroes": "Helden", "side.ai": "KI", "side.explorer": "Entdecker", "side.hostile": "feindlich", "side.swarm": "Schwarm",
  },
};

const KEY = "skirmish.language";

export function language() {
  const kept = localStorage.getItem(KEY);
  if (kept && STRINGS[kept]) return kept;
  const browser = (navigator.language || "en").slice(0, 2);
  return STRINGS[browser] ? browser : "en";
}

export function setLanguage(lang) {
  if (STRINGS[lang]) localStorage.setItem(KEY, lang);
  applyLanguage(document);
}

export function t(key, params = {}) {
  const text = STRINGS[language()][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

/** The words of `key` if the client has them, else `fallback` (a value a system names that
 * the client has no word for stays as the API says it). */
export function tOr(key, fallback, params = {}) {
  return key in STRINGS.en ? t(key, params) : fallback;
}

/** Static text of the page (data-i18n) in the chosen language. */
export function applyLanguage(root) {
  document.documentElement.lang = language();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

export const LANGUAGES = Object.keys(STRINGS);
