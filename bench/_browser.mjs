// What the browser benchmarks (and scripts/viz-thumbnails.mjs) share: Debian's Chromium launched with the flags
// this machine needs (no background networking: its closed network refuses those connections), the admin signed in
// through the login page, and the JS/CSS weight of a route as a browser downloads it.
import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { TEST_ADMIN } from "../tests/support/server.mjs";
import { round } from "./_lib.mjs";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

/** Signs the page in as the test admin through the login form; answers once the app shows the user menu. */
export async function signIn(page) {
  await page.goto("/login/");
  await page.getByLabel("Username").fill(TEST_ADMIN.username);
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("user-menu").waitFor();
}

/** The JS and CSS a route's document references, gzip level 9 as a CDN would serve them, and whether Monaco is among them. */
export async function routeAssets(url, path, cookie) {
  const html = await (await fetch(`${url}${path}`, { headers: { Cookie: cookie } })).text();
  const refs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  let js = 0;
  let css = 0;
  const files = [];
  for (const ref of refs) {
    const body = Buffer.from(await (await fetch(`${url}${ref}`)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    files.push({ ref, gzip_kb: round(gz / 1024, 1), monaco: /monaco|editor\.main/i.test(ref) || body.includes("monaco-editor") });
    if (ref.endsWith(".css")) css += gz;
    else js += gz;
  }
  const largest = files.sort((a, b) => b.gzip_kb - a.gzip_kb).slice(0, 6).map((f) => `${f.ref} ${f.gzip_kb} KB`);
  return { files: refs.size, js_gzip_kb: round(js / 1024, 1), css_gzip_kb: round(css / 1024, 1), total_gzip_kb: round((js + css) / 1024, 1), monaco_files: files.filter((f) => f.monaco).map((f) => f.ref), largest };
}
