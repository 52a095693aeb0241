import type { Principal } from "../../core/security/permissions";
import { languageCookieOf, negotiateLanguage } from "../../core/i18n/negotiate";
import type { Language } from "../../core/i18n/languages";
import { compiledCatalog } from "../../core/i18n/catalog";
import type { CompiledCatalog } from "../../core/i18n/translate";
import en from "./locales/en.json";
import de from "./locales/de.json";
import es from "./locales/es.json";

// The catalogs live in the Worker's bundle only: a page gets the one for its language, compiled, inside the root
// loader's data, so the browser never downloads the other languages nor a message compiler (issue 29's budget).
// Each is compiled once per Worker isolate, on its first page.

const compiled = new Map<Language, CompiledCatalog>();

function catalogOf(language: Language): CompiledCatalog {
  let catalog = compiled.get(language);
  if (!catalog) compiled.set(language, (catalog = compiledCatalog(language, { en, de, es })));
  return catalog;
}

export function pageLanguage(request: Request, principal: Principal | null): { language: Language; catalog: CompiledCatalog } {
  const language = negotiateLanguage({
    userLocale: principal?.profile?.locale ?? null,
    cookie: languageCookieOf(request.headers.get("Cookie")),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  return { language, catalog: catalogOf(language) };
}
