import { validationError } from "../http/errors";

// Superset's EmbeddedDashboardConfigSchema: `allowed_domains` (required, a list of strings). The domains end up
// in the embedded page's CSP `frame-ancestors`, so a value that could close that directive or add another
// (whitespace, `;`, `,`, quotes) is refused here rather than escaped there.

const UNSAFE = /[\s;,'"<>\\]/;
const MAX_DOMAINS = 100;

export function parseEmbeddedConfig(body: Record<string, unknown>): { allowed_domains: string[] } {
  const domains = body.allowed_domains;
  if (domains === undefined) throw validationError({ allowed_domains: ["Missing data for required field."] });
  if (!Array.isArray(domains)) throw validationError({ allowed_domains: ["Not a valid list."] });
  if (domains.length > MAX_DOMAINS) throw validationError({ allowed_domains: [`At most ${MAX_DOMAINS} domains.`] });
  const errors: string[] = [];
  const clean: string[] = [];
  domains.forEach((d, i) => {
    if (typeof d !== "string") errors.push(`${i}: Not a valid string.`);
    else if (!d.trim() || UNSAFE.test(d.trim()) || d.length > 255) errors.push(`${i}: Not a valid domain.`);
    else clean.push(d.trim());
  });
  if (errors.length) throw validationError({ allowed_domains: errors });
  return { allowed_domains: [...new Set(clean)] };
}
