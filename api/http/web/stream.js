// A mission's live events over Server-Sent Events, read with fetch so the token goes in the
// Authorization header (EventSource cannot set headers, and a token in a URL gets logged).
// A dropped connection resumes with Last-Event-ID: the server sends each event after that
// position exactly once, in order (README.md#live-streams).

import { headers } from "./api.js";

export function follow(missionId, token, after, { onRecord, onStatus }) {
  let last = after;
  let stopped = false;
  let controller = null;
  let delay = 250;

  async function connect() {
    while (!stopped) {
      controller = new AbortController();
      try {
        const sent = headers(token, { accept: "text/event-stream" });
        if (last > 0) sent["last-event-id"] = String(last);
        const response = await fetch(`/missions/${missionId}/stream`, { headers: sent, signal: controller.signal });
        if (response.status >= 400 && response.status < 500) {  // no token, not a member: trying again will not help
          onStatus && onStatus("refused");
          return;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        onStatus && onStatus("live");
        delay = 250;
        await read(response.body.getReader());
      } catch (error) {
        if (stopped) return;
      }
      if (stopped) return;
      onStatus && onStatus("reconnecting");
      await new Promise((done) => setTimeout(done, delay));
      delay = Math.min(delay * 2, 5000);
    }
  }

  async function read(reader) {
    const decoder = new TextDecoder();
    let buffer = "";
    let fields = {};
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + (buffer[cut] === "\r" ? 2 : 1));
        if (line === "") {
          if (fields.data !== undefined) {
            const record = JSON.parse(fields.data);
            if (record.position > last) {
              last = record.position;
              onRecord(record);
            }
          }
          fields = {};
        } else if (!line.startsWith(":")) {
          const at = line.indexOf(":");
          const name = at < 0 ? line : line.slice(0, at);
          let value = at < 0 ? "" : line.slice(at + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          fields[name] = name === "data" && fields.data !== undefined ? `${fields.data}\n${value}` : value;
        }
      }
    }
  }

  connect();
  return {
    stop() { stopped = true; if (controller) controller.abort(); },
    /** Drop the connection as a network failure would (it resumes by itself). */
    drop() { if (controller) controller.abort(); },
    get last() { return last; },
  };
}
