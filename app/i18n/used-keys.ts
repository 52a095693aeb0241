import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// What the catalogs must hold: every key the code translates. A key is the first argument of a t call, written as
// a double-quoted literal (the code's convention: never a variable, never a template, except the labels listed in
// DYNAMIC below) or the i18nKey of a Trans element; a call that passes `count` needs each plural form its language's rules have
// (Intl.PluralRules: English and German one/other, Spanish one/many/other), as core/i18n/catalog.ts joins them into one ICU plural message.
// Used by catalogs.test.ts only (Node): it reads the source tree.

export interface UsedKey {
  key: string;
  plural: boolean;
  file: string;
}

const CALL = /\bt\(\s*"((?:[^"\\]|\\.)*)"\s*(,\s*\{([^}]*)\})?/g;
// a Trans element's i18nKey, for a sentence with markup inside
const TRANS = /\bi18nKey="((?:[^"\\]|\\.)*)"/g;

/** Files whose labels the code translates through t(variable); each label: "..." is a key. */
export const DYNAMIC: { file: string; pattern: RegExp }[] = [
  { file: "core/navigation.ts", pattern: /\blabel: "((?:[^"\\]|\\.)*)"/g },
];

/** Files outside app/ whose messages take the page's t (a `t: TFunction = English` parameter). */
export const CORE_TRANSLATED = ["core/dashboards/properties.ts"];

export function keysInSource(text: string, file: string): UsedKey[] {
  const out: UsedKey[] = [];
  for (const m of text.matchAll(CALL)) out.push({ key: JSON.parse(`"${m[1]}"`) as string, plural: /\bcount\b/.test(m[3] ?? ""), file });
  for (const m of text.matchAll(TRANS)) out.push({ key: JSON.parse(`"${m[1]}"`) as string, plural: false, file });
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function usedKeys(root: string): UsedKey[] {
  const files = [...sourceFiles(join(root, "app")), ...CORE_TRANSLATED.map((file) => join(root, file))];
  const found = files.flatMap((path) => keysInSource(readFileSync(path, "utf8"), path.slice(root.length + 1)));
  for (const { file, pattern } of DYNAMIC) {
    for (const m of readFileSync(join(root, file), "utf8").matchAll(pattern)) found.push({ key: JSON.parse(`"${m[1]}"`) as string, plural: false, file });
  }
  return found;
}

/** The catalog entries a used key needs in a language: the key itself, or key_<category> for each plural form. */
export function entriesFor(used: UsedKey, language: string): string[] {
  if (!used.plural) return [used.key];
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((category) => `${used.key}_${category}`);
}
