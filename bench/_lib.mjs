// Small shared helpers for benchmarks: percentiles, a bounded concurrent load loop, result files.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Sends `total` requests with `concurrency` in flight (loopback only); answers latency percentiles in ms. */
export async function load(makeRequest, { total, concurrency }) {
  const times = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      next++;
      const t0 = performance.now();
      try {
        const res = await makeRequest();
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return { concurrency, requests: total, errors, p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)), rps: round((total / wall) * 1000, 0) };
}

export function saveResults(name, figures) {
  const dir = join(import.meta.dirname, "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ measured_at: new Date().toISOString(), ...figures }, null, 2));
  console.log(`saved ${file}`);
}

/** p50 and p95 of a list of timings in ms. */
export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)) };
}

/** A JSON client of the Worker at `url` (throws on a non-2xx answer), and the admin's bearer header. */
export async function adminApi(url, admin) {
  const api = async (path, init = {}, headers = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { "Content-Type": "application/json", ...headers, ...(init.headers ?? {}) } });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const { access_token } = await api("/api/v1/security/login", { method: "POST", body: JSON.stringify({ ...admin, provider: "db" }) });
  return { api, bearer: { Authorization: `Bearer ${access_token}` } };
}
