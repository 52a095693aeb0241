import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Language } from "./languages";

// The UI's translation runtime is Lingui (ADR 0024): the page's i18n holds its language's catalog, compiled on the
// server (core/i18n/catalog.ts), so the browser only looks messages up and formats them; it never parses ICU.
// Call sites keep the English text as the message id: t("Sign in"), t("{{count}} charts", { count }).

export type Values = Record<string, unknown>;
export type TFunction = (key: string, values?: Values) => string;
/** A language's messages as Lingui runs them: message id → compiled message (JSON arrays, no functions). */
export type CompiledCatalog = Messages;

/** The page's Lingui instance, active before anything renders (server and browser alike: no flash). */
export function pageI18n(language: Language, messages: CompiledCatalog): I18n {
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

/** The t function call sites use: Lingui's lookup and ICU formatting of the page's catalog. */
export function translator(i18n: I18n): TFunction {
  return (key, values) => i18n._(key, values);
}
