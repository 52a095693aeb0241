// The UI's languages; small enough for the browser (the negotiation that picks one is in negotiate.ts).

export const LANGUAGES = ["en", "de", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie a signed-out visitor's language choice is kept in (a signed-in user's goes to their profile). */
export const LANGUAGE_COOKIE = "ui_language";

/** Each language named in itself, as Superset's language menu lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", es: "Español" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
