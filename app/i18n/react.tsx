import { cloneElement, createContext, useContext, type ReactElement, type ReactNode } from "react";
import type { Language } from "../../core/i18n/languages";
import { translator, type TFunction } from "../../core/i18n/translate";

// The page's language to React: the root puts one I18n in context (built from the catalog the root loader sent
// with the page, so the server's HTML and the browser's first render read the same strings) and components take
// t from useTranslation(). A component rendered without the root (a unit test) reads English.

export interface I18n {
  language: Language;
  t: TFunction;
}

const I18nContext = createContext<I18n>({ language: "en", t: translator("en", {}) });

export const I18nProvider = I18nContext.Provider;

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n };
}

/**
 * A sentence with markup inside, translated whole: `<b>{{name}}</b>` in the key (and its translation) becomes the
 * element components.b wrapping that text. Tags are flat (no nesting), which is all the catalogs use.
 */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  const text = useTranslation().t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    parts.push(text.slice(last, m.index));
    const element = components[m[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, m[2]) : m[0]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
