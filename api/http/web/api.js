// The public HTTP API, as any client speaks it: JSON bodies, the member's token as a bearer
// header (never in a URL), and the chosen language in Accept-Language so errors come worded in it.

import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || "http_error";
    this.rule = (body && body.rule) || "";
    this.body = body;
  }
}

export function headers(token, extra = {}) {
  const sent = { "accept-language": language(), ...extra };
  if (token) sent.authorization = `Bearer ${token}`;
  return sent;
}

export async function api(path, { method = "GET", body, token, query } = {}) {
  const url = query ? `${path}?${new URLSearchParams(query)}` : path;
  const init = { method, headers: headers(token, body === undefined ? {} : { "content-type": "application/json" }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ApiError(0, { code: "offline", message: String(error) });
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
