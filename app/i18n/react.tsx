import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import { I18nProvider as LinguiProvider, Trans as LinguiTrans } from "@lingui/react";
import type { I18n as Lingui } from "@lingui/core";
import type { Language } from "../../core/i18n/languages";
import { pageI18n, translator, type TFunction } from "../../core/i18n/translate";

// The page's language to React: the root puts one I18n in context (usePageI18n) and components take t and the
// language from useTranslation(); Trans is @lingui/react's, under Lingui's provider. A component rendered without
// the root reads the message ids themselves (the English text).

export interface I18n {
  language: Language;
  t: TFunction;
  lingui: Lingui;
}

const english = pageI18n("en", {});
const I18nContext = createContext<I18n>({ language: "en", t: translator(english), lingui: english });

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return (
    <I18nContext.Provider value={value}>
      <LinguiProvider i18n={value.lingui}>{children}</LinguiProvider>
    </I18nContext.Provider>
  );
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n };
}

/**
 * A sentence with markup inside, translated whole: `<b>{{name}}</b>` in the key (and its translation) becomes the
 * element components.b wrapping that text (Lingui's Trans formats the elements).
 */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  return <LinguiTrans id={i18nKey} values={values} components={components} />;
}
