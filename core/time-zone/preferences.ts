import { badRequest } from "../http/errors";
import { canonicalZone } from "./zone";

// A user's own preferences as PUT /api/v1/me/ takes them: an IANA time zone and a BCP 47 locale, each
// checked by Intl (no hand-kept list), null clears one. An unknown value is a 400 that names it.

export interface UserPreferences {
  time_zone?: string | null;
  locale?: string | null;
}

/** The locale's canonical tag when Intl has data for it ("de-de" → "de-DE"), else null. */
export function canonicalLocale(locale: unknown): string | null {
  if (typeof locale !== "string" || !locale.trim() || locale.length > 35) return null;
  try {
    const [tag] = Intl.getCanonicalLocales(locale.trim());
    // a well-formed tag of a language Intl knows nothing of ("zz") is refused
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length ? tag : null;
  } catch {
    return null;
  }
}

export function parsePreferences(body: Record<string, unknown>): UserPreferences {
  const unknown = Object.keys(body).filter((k) => k !== "time_zone" && k !== "locale");
  if (unknown.length) throw badRequest(`Unknown field(s): ${unknown.join(", ")} (only time_zone and locale may be set here)`);
  if (!("time_zone" in body) && !("locale" in body)) throw badRequest("Send time_zone, locale or both");
  const out: UserPreferences = {};
  if ("time_zone" in body) {
    if (body.time_zone === null) out.time_zone = null;
    else {
      const zone = canonicalZone(body.time_zone);
      if (!zone) throw badRequest(`Unknown time zone: ${JSON.stringify(body.time_zone)} (expected an IANA name such as Europe/Berlin)`);
      out.time_zone = zone;
    }
  }
  if ("locale" in body) {
    if (body.locale === null) out.locale = null;
    else {
      const locale = canonicalLocale(body.locale);
      if (!locale) throw badRequest(`Unknown locale: ${JSON.stringify(body.locale)} (expected a BCP 47 tag such as de-DE)`);
      out.locale = locale;
    }
  }
  return out;
}
