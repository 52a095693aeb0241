import i18next, { type i18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../core/i18n/languages";

// One i18next instance per page language, built synchronously from the catalog the root loader sent with the page
// (initAsync: false), so the server's HTML and the browser's first render read the same strings: no flash, no
// second fetch. The key is the English text itself, as Superset's gettext catalogs do, so keys never need
// separators (":" and "." are ordinary characters in them) and a missing entry still reads as English.

export type Catalog = Record<string, string>;

export function createI18n(language: Language, catalog: Catalog): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalog as ResourceKey } },
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; escaping here would show "&amp;" in "Alerts & Reports"
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
