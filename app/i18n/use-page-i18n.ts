import { useMemo } from "react";
import type { i18n } from "i18next";
import type { Language } from "../../core/i18n/languages";
import { setFormatLanguage } from "../../core/charts/format/language";
import { createI18n, type Catalog } from "./instance";

/**
 * The page's i18next instance: a new one when the root loader answers another language (the language menu
 * revalidates it), so every translated component re-renders at once. In the browser, which has one viewer, it
 * also sets the language charts format numbers and dates in; the server passes it per drawing instead
 * (withFormatLanguage), since one Worker serves viewers of every language at once.
 */
export function usePageI18n(language: Language, catalog: Catalog): i18n {
  // the catalog object is new on every revalidation: its language says whether it changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const instance = useMemo(() => createI18n(language, catalog), [language]);
  if (typeof document !== "undefined") setFormatLanguage(language);
  return instance;
}
