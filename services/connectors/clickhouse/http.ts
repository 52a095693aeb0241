import type { NetworkTarget } from "../types";

// One request to ClickHouse's HTTP interface: the statement is the POST body, the settings are URL parameters.

export interface ClickhouseEndpoint {
  url: string;
  authorization: string;
  database: string | null;
}

/** https when the URI asks for it (`?secure=true`, `?protocol=https`) or names the TLS port 8443. */
export function endpointOf(target: NetworkTarget): ClickhouseEndpoint {
  const q = target.query;
  const secure = /^(1|true|yes)$/i.test(q.secure ?? "") || /^https$/i.test(q.protocol ?? "") || target.port === 8443 || target.port === 443;
  // the registry fills in 8123 when the URI names no port; TLS is served on 8443 by default
  const port = secure && target.port === 8123 ? 8443 : target.port;
  const host = target.host.includes(":") && !target.host.startsWith("[") ? `[${target.host}]` : target.host;
  const user = target.username || "default";
  return {
    url: `${secure ? "https" : "http"}://${host}:${port}/`,
    authorization: `Basic ${base64(`${user}:${target.password ?? ""}`)}`,
    database: target.database || null,
  };
}

export async function post(endpoint: ClickhouseEndpoint, sql: string, settings: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const params = new URLSearchParams();
  if (endpoint.database) params.set("database", endpoint.database);
  for (const [k, v] of Object.entries(settings)) params.set(k, v);
  return fetch(`${endpoint.url}?${params}`, {
    method: "POST",
    headers: { authorization: endpoint.authorization, "content-type": "text/plain; charset=utf-8" },
    body: sql,
    signal,
  });
}

/** A string literal ClickHouse reads back as `text` (it always takes backslash escapes). */
export function literal(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
