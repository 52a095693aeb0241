import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

// Security headers on every response (Hono's secureHeaders). The page's own inline scripts (Remix's context
// and module loader, Mantine's colour-scheme script) carry the per-request nonce (workers/remix.ts hands it
// to app/entry.server.tsx); nothing else may run inline. Styles allow 'unsafe-inline': React style
// attributes, Mantine's CSS variables and Monaco's injected styles are inline, and a nonce cannot cover
// style attributes. Monaco's web workers load from this origin (or blob: URLs it makes itself).
// frame-ancestors 'self': pages may be framed by this origin only, until embedding names its hosts.
const policy = (scriptSrc: (string | typeof NONCE)[]) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
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

// Pages (Remix renders every non-API path) get a fresh nonce for their inline scripts. API answers are JSON or
// files, never a page: their policy allows no inline script at all, which is stricter, and is one fixed header
// set up once, so the hottest requests (warm chart data) do not draw a random nonce and rebuild the policy each
// time (the V8 profile of a warm chart-data request counted that as its costliest function).
const pageHeaders = policy(["'self'", NONCE]);
const apiHeaders = policy(["'self'"]);

/** A websocket upgrade answers 101 with the Durable Object's own response, whose headers cannot be changed. */
export const securityHeaders: MiddlewareHandler = (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() === "websocket") return next();
  return (c.req.path.startsWith("/api/") ? apiHeaders : pageHeaders)(c, next);
};
