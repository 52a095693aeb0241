import { useMemo } from "react";
import type { Language } from "../../core/i18n/languages";
import { pageI18n, translator, type CompiledCatalog } from "../../core/i18n/translate";
import { setFormatLanguage } from "../../core/charts/format/language";
import type { I18n } from "./react";

/**
 * The page's translation: Lingui set up and activated synchronously from the catalog the root loader sent, so the
 * server's HTML and the browser's first render read the same strings. A new one when the root loader answers
 * another language (the language menu revalidates it), so every translated component re-renders at once. In the
 * browser, which has one viewer, it also sets the language charts format numbers and dates in; the server passes
 * it per drawing instead (withFormatLanguage), since one Worker serves viewers of every language at once.
 */
export function usePageI18n(language: Language, catalog: CompiledCatalog): I18n {
  const i18n = useMemo(() => {
    const lingui = pageI18n(language, catalog);
    return { language, t: translator(lingui), lingui };
    // the catalog object is new on every revalidation: its language says whether it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
  if (typeof document !== "undefined") setFormatLanguage(language);
  return i18n;
}
