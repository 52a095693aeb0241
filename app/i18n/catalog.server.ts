import type { Principal } from "../../core/security/permissions";
import { languageCookieOf, negotiateLanguage } from "../../core/i18n/negotiate";
import type { Language } from "../../core/i18n/languages";
import type { Catalog } from "../../core/i18n/translate";
import en from "./locales/en.json";
import de from "./locales/de.json";
import es from "./locales/es.json";

// The catalogs live in the Worker's bundle only: a page gets the one for its language inside the root loader's
// data, so the browser never downloads the other languages (issue 29's bundle budget).

const CATALOGS: Record<Language, Catalog> = { en, de, es };

export function pageLanguage(request: Request, principal: Principal | null): { language: Language; catalog: Catalog } {
  const language = negotiateLanguage({
    userLocale: principal?.profile?.locale ?? null,
    cookie: languageCookieOf(request.headers.get("Cookie")),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  return { language, catalog: CATALOGS[language] };
}
