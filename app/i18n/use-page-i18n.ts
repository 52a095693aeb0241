import { useMemo } from "react";
import type { Language } from "../../core/i18n/languages";
import { translator, type Catalog } from "../../core/i18n/translate";
import { setFormatLanguage } from "../../core/charts/format/language";
import type { I18n } from "./react";

/**
 * The page's translation: a new one when the root loader answers another language (the language menu
 * revalidates it), so every translated component re-renders at once. In the browser, which has one viewer, it
 * also sets the language charts format numbers and dates in; the server passes it per drawing instead
 * (withFormatLanguage), since one Worker serves viewers of every language at once.
 */
export function usePageI18n(language: Language, catalog: Catalog): I18n {
  // the catalog object is new on every revalidation: its language says whether it changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const i18n = useMemo(() => ({ language, t: translator(language, catalog) }), [language]);
  if (typeof document !== "undefined") setFormatLanguage(language);
  return i18n;
}
