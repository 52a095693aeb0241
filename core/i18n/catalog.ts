import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { CompiledCatalog } from "./translate";
import type { Language } from "./languages";

// The catalog files (app/i18n/locales/*.json) as Lingui runs them. The files stay easy to edit: English-text keys,
// `{{name}}` for values, plural forms as `key_one`/`key_other`/`key_many` (Intl.PluralRules' categories). Here,
// on the server only (it carries an ICU parser the browser must not download), each language becomes ICU messages
// (`{count, plural, one {{count} chart} other {{count} charts}}`, `{name}`) compiled by Lingui's compiler; the root loader sends
// the page's language compiled. Markup such as `<b>…</b>` stays as written: @lingui/react's Trans maps tag names
// onto its components.

export type SourceCatalog = Record<string, string>;

const PLURAL = /_(zero|one|two|few|many|other)$/;
const VALUE = /\{\{\s*(\w+)\s*\}\}/;

/**
 * One catalog text as ICU: `{{name}}` → `{name}`, also `{{count}}` in a plural branch (not `#`: that would group the
 * digits, "1,000 rows", where the pages show the count as given). Literal text is quoted where ICU gives a character
 * meaning: `'` doubled, and `{`, `}` (and `#` inside a plural) wrapped in quotes.
 */
export function icuText(text: string, plural = false): string {
  const special = plural ? /[{}#]/g : /[{}]/g;
  return text.split(VALUE).map((part, i) => {
    if (i % 2 === 1) return `{${part}}`;
    return part.replace(/'/g, "''").replace(special, (c) => `'${c}'`);
  }).join("");
}

/** A catalog's entries as ICU messages, keyed by the text the code passes to t (plural forms joined in one). */
export function icuMessages(catalog: SourceCatalog): Record<string, string> {
  const out: Record<string, string> = {};
  const plurals = new Map<string, string[]>();
  for (const [key, text] of Object.entries(catalog)) {
    const category = PLURAL.exec(key)?.[1];
    if (!category) {
      out[key] = icuText(text);
      continue;
    }
    const id = key.slice(0, -category.length - 1);
    plurals.set(id, [...(plurals.get(id) ?? []), `${category} {${icuText(text, true)}}`]);
  }
  for (const [id, branches] of plurals) out[id] = `{count, plural, ${branches.join(" ")}}`;
  return out;
}

/** Each message compiled; a text without values stays a one-part array, which Lingui reads as compiled. */
function compiled(messages: Record<string, string>): CompiledCatalog {
  return Object.fromEntries(Object.entries(messages).map(([id, icu]) => {
    const message = compileMessageOrThrow(icu);
    return [id, typeof message === "string" ? [message] : message];
  }));
}

/**
 * A language's compiled catalog: its own messages over English ones. English is the key itself (as ICU) for every
 * key any catalog has, with en's plural forms, so a key a translation lacks still reads in English with its values.
 */
export function compiledCatalog(language: Language, catalogs: Partial<Record<Language, SourceCatalog>>): CompiledCatalog {
  const english: Record<string, string> = {};
  for (const catalog of Object.values(catalogs)) {
    for (const key of Object.keys(catalog)) {
      const id = key.replace(PLURAL, "");
      english[id] = icuText(id);
    }
  }
  return compiled({ ...english, ...icuMessages(catalogs.en ?? {}), ...(language === "en" ? {} : icuMessages(catalogs[language] ?? {})) });
}
