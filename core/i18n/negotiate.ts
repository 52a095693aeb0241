import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from "./languages";

// Which of the UI's languages a page is drawn in. The signed-in user's saved locale wins; a signed-out visitor's
// choice from the language menu (a cookie) comes next, then the browser's Accept-Language, then English.
// Negotiator parses the header's q-values; the locale matcher maps "de-AT" or "es-419" onto "de" / "es".
// Server-side only (the root loader): the two libraries stay out of the browser's bundle.

/** The supported language closest to one of these BCP 47 tags (in order of preference), or null if none is close. */
export function closestLanguage(requested: readonly string[]): Language | null {
  const tags = requested.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length > 0;
    } catch {
      return false; // a malformed tag in a header is skipped, not an error
    }
  });
  if (!tags.length) return null;
  // the matcher answers its default when nothing fits: a sentinel outside LANGUAGES tells "nothing" apart from "en"
  const found = match(tags, LANGUAGES, "und", { algorithm: "best fit" });
  return isLanguage(found) ? found : null;
}

/** The languages an Accept-Language header asks for, most wanted first ("*" and q=0 left out). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return new Negotiator({ headers: { "accept-language": header } }).languages().filter((tag) => tag !== "*");
}

export interface LanguageInputs {
  /** the signed-in user's saved locale (GET /api/v1/me/'s `locale`), null when unset or signed out */
  userLocale?: string | null;
  /** the language menu's cookie value */
  cookie?: string | null;
  /** the request's Accept-Language header */
  acceptLanguage?: string | null;
}

export function negotiateLanguage({ userLocale, cookie, acceptLanguage }: LanguageInputs): Language {
  if (userLocale) {
    const own = closestLanguage([userLocale]);
    if (own) return own;
  }
  if (isLanguage(cookie)) return cookie;
  return closestLanguage(acceptedLanguages(acceptLanguage)) ?? DEFAULT_LANGUAGE;
}

/** The cookie's value in a Cookie header. */
export function languageCookieOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}
