import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

// Security headers on every response (Hono's secureHeaders). The page's own inline scripts (Remix's context
// and module loader, Mantine's colour-scheme script) carry the per-request nonce (workers/remix.ts hands it
// to app/entry.server.tsx); nothing else may run inline. Styles allow 'unsafe-inline': React style
// attributes, Mantine's CSS variables and Monaco's injected styles are inline, and a nonce cannot cover
// style attributes. Monaco's web workers load from this origin (or blob: URLs it makes itself).
// frame-ancestors 'self': pages may be framed by this origin only, until embedding names its hosts.
const headers = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
  referrerPolicy: "strict-origin-when-cross-origin",
  // Not sent from plain-HTTP local runs (browsers ignore it there); on Cloudflare every page is HTTPS.
  strictTransportSecurity: "max-age=15552000; includeSubDomains",
});

/** A websocket upgrade answers 101 with the Durable Object's own response, whose headers cannot be changed. */
export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.header("Upgrade")?.toLowerCase() === "websocket" ? next() : headers(c, next);
