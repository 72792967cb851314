// Forms generated from the JSON Schemas the API publishes: a system's mission options
// (GET /systems: `options`) and its commands (GET /systems/{name}/schemas/commands.json, one
// $defs entry per command tagged by `type`). A system without a board of its own is fully
// playable through these.

import { h } from "./dom.js";
import { t } from "./i18n.js";

function resolve(schema, root) {
  if (schema && schema.$ref) return resolve(root.$defs[schema.$ref.split("/").pop()], root);
  return schema || {};
}

/** The non-null alternative of an optional field (`anyOf: [X, {type: null}]`), and whether null is allowed. */
function unwrap(schema, root) {
  schema = resolve(schema, root);
  if (schema.anyOf) {
    const kinds = schema.anyOf.map((s) => resolve(s, root));
    const real = kinds.filter((s) => s.type !== "null");
    return { schema: real.length === 1 ? real[0] : { anyOf: real }, nullable: real.length < kinds.length };
  }
  return { schema, nullable: false };
}

function kindOf(schema) {
  if (schema.enum) return "enum";
  if (schema.type === "boolean") return "boolean";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "string") return "string";
  if (schema.type === "array" && schema.items && ["string", "integer", "number"].includes(schema.items.type)) return "list";
  return "json";
}

/** One labelled input for a property; its `dataset` says how to read it back. */
export function input(name, property, root, required, value, words = {}) {
  const { schema } = unwrap(property, root);
  const kind = kindOf(schema);
  const id = `f-${name}-${Math.random().toString(36).slice(2, 8)}`;
  let control;
  const fallback = value !== undefined ? value : property.default;
  if (kind === "enum") {
    control = h("select", { id, name }, required ? null : h("option", { value: "" }, "–"), schema.enum.map((v) => h("option", { value: String(v) }, String(v))));
    if (fallback !== undefined && fallback !== null) control.value = String(fallback);
  } else if (kind === "boolean") {
    control = h("select", { id, name }, required ? null : h("option", { value: "" }, "–"), h("option", { value: "true" }, t("common.yes")), h("option", { value: "false" }, t("common.no")));
    if (fallback !== undefined && fallback !== null) control.value = String(fallback);
  } else if (kind === "number") {
    control = h("input", { id, name, type: "number", step: schema.type === "integer" ? "1" : "any", inputmode: "decimal" });
    if (fallback !== undefined && fallback !== null) control.value = String(fallback);
  } else if (kind === "list") {
    control = h("input", { id, name, placeholder: t("forms.comma_separated") });
    if (Array.isArray(fallback)) control.value = fallback.join(", ");
  } else if (kind === "string") {
    control = h("input", { id, name, maxlength: schema.maxLength || 400 });
    if (fallback) control.value = String(fallback);
  } else {
    control = h("textarea", { id, name, rows: 2, placeholder: "JSON" });
    if (fallback !== undefined && fallback !== null) control.value = JSON.stringify(fallback);
  }
  control.dataset.kind = kind;
  control.dataset.number = schema.type === "integer" || (schema.items && schema.items.type === "integer") ? "integer" : schema.type === "number" || (schema.items && schema.items.type === "number") ? "number" : "";
  if (required) control.required = true;
  const label = h("label.field", { for: id, dataset: { field: name } }, h("span", {}, words.title || name, required ? " *" : ""), control);
  const help = words.description || property.description;
  if (help) label.append(h("small.muted.help", {}, help));
  return label;
}

function readControl(control) {
  const raw = control.value.trim();
  if (raw === "") return undefined;
  switch (control.dataset.kind) {
    case "boolean": return raw === "true";
    case "number": return Number(raw);
    case "list": {
      const items = raw.split(",").map((v) => v.trim()).filter(Boolean);
      return control.dataset.number ? items.map(Number) : items;
    }
    case "json": return JSON.parse(raw);
    default: return raw;
  }
}

/** The mission option fields of a system (every value is sent as text, as the API takes it),
 * named and explained with `words` (words.js: the `options` of GET /systems/{name}/words). */
export function optionFields(schema, words = {}) {
  if (!schema) return [];
  const root = schema;
  const object = resolve(schema, root);
  return Object.entries(object.properties || {}).map(([name, property]) => input(name, property, root, false, undefined, words[name] || {}));
}

export function readOptions(fieldset) {
  const options = {};
  for (const control of fieldset.querySelectorAll("input, select, textarea")) {
    const raw = control.value.trim();
    if (raw !== "") options[control.name] = raw;
  }
  return options;
}

/** The commands a schema offers, by tag, each with its object schema. */
export function commandsOf(root) {
  const tags = Object.keys((root.discriminator && root.discriminator.mapping) || {});
  return tags.map((tag) => ({ tag, schema: resolve(root.discriminator.mapping[tag] ? { $ref: root.discriminator.mapping[tag] } : {}, root) }));
}

/** The fields of one command (all but its `type`), labelled with `words` (words.js: the
 * command's entry of GET /systems/{name}/words) where given, else by their wire names. */
export function commandFields(command, root, values = {}, words = null) {
  const required = new Set(command.schema.required || []);
  const labels = (words && words.fields) || {};
  return Object.entries(command.schema.properties || {})
    .filter(([name]) => name !== "type")
    .map(([name, property]) => input(name, property, root, required.has(name), values[name], { title: labels[name] }));
}

/** What the form says a command does: the server's words in the chosen language, else the schema's. */
export function commandHelp(command, words = null) {
  return (words && words.description) || command.schema.description || "";
}

export function readCommand(tag, container) {
  const command = { type: tag };
  for (const control of container.querySelectorAll("[data-kind]")) {
    const value = readControl(control);
    if (value !== undefined) command[control.name] = value;
  }
  return command;
}

/** Faces typed in for manual dice: "3 5, 6" → [3, 5, 6]. */
export function readFaces(text) {
  const faces = String(text || "").split(/[\s,;]+/).filter(Boolean).map(Number);
  return faces.length ? faces : null;
}
