import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { EMBEDDED_FRAME_ANCESTORS_HEADER } from "../../core/embedded/ui-config";

// Security headers on every response (Hono's secureHeaders). The page's own inline scripts (Remix's context
// and module loader, Mantine's colour-scheme script) carry the per-request nonce (workers/remix.ts hands it
// to app/entry.server.tsx); nothing else may run inline. Styles allow 'unsafe-inline': React style
// attributes, Mantine's CSS variables and Monaco's injected styles are inline, and a nonce cannot cover
// style attributes. Monaco's web workers load from this origin (or blob: URLs it makes itself).
// frame-ancestors 'self': pages may be framed by this origin only, but an embedded dashboard by its allowed hosts.
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
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() === "websocket") return next();
  if (c.req.path.startsWith("/api/")) return apiHeaders(c, next);
  await pageHeaders(c, next);
  if (c.req.path.startsWith("/embedded/")) embeddedFraming(c.res.headers);
};

/**
 * The embedded dashboard's page may be framed by the hosts its configuration allows (Superset's allowed
 * domains; none listed: any host). Its route names them in an internal header, checked again here to be only
 * origins, '*' or 'self', and never sent on; X-Frame-Options would forbid any other host, so it goes.
 */
function embeddedFraming(headers: Headers): void {
  const ancestors = headers.get(EMBEDDED_FRAME_ANCESTORS_HEADER);
  headers.delete(EMBEDDED_FRAME_ANCESTORS_HEADER);
  if (ancestors === null || !/^(?:\*|'self'|https?:\/\/[A-Za-z0-9.:[\]-]+)(?: (?:'self'|https?:\/\/[A-Za-z0-9.:[\]-]+))*$/.test(ancestors)) return;
  const csp = headers.get("Content-Security-Policy");
  if (!csp) return;
  headers.set("Content-Security-Policy", csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`));
  headers.delete("X-Frame-Options");
}
