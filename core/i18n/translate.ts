import type { Language } from "./languages";

// The UI's translation runtime (ADR 0024): a lookup in the page's catalog, `{{name}}` interpolation and plural
// keys chosen by Intl.PluralRules (key_one, key_other; Spanish also key_many). The key is the English text, as
// Superset's gettext catalogs: a missing entry reads as the key itself. It is all the browser needs of a language
// runtime; i18next (16.5 KB gzip) carried namespaces, backends, nesting and formatters this UI never uses.

export type Catalog = Record<string, string>;
export type Values = Record<string, unknown>;
export type TFunction = (key: string, values?: Values) => string;

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(language: string): Intl.PluralRules {
  let r = rules.get(language);
  if (!r) rules.set(language, (r = new Intl.PluralRules(language)));
  return r;
}

/** Fills each `{{name}}` from values; a name without a value stays as written, so the slip shows on the page. */
export function interpolate(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** The t function of one language: a numeric `count` picks the plural entry its language's rules name. */
export function translator(language: Language, catalog: Catalog): TFunction {
  return (key, values) => {
    let text: string | undefined;
    if (typeof values?.count === "number") {
      text = catalog[`${key}_${pluralRules(language).select(values.count)}`] ?? catalog[`${key}_other`];
    }
    return interpolate(text ?? catalog[key] ?? key, values);
  };
}
