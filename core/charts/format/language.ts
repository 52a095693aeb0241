import { DEFAULT_LANGUAGE, type Language } from "../../i18n/languages";

// The one locale context every chart's number and date formatting reads (issue 29): the page sets it once for its
// language (the browser has one viewer), and a server-side caller that draws for a viewer wraps its synchronous
// transformProps in withFormatLanguage. Apart from ./locale.ts so the app's root can set it without loading d3's
// formatters (they load with the charts).

let active: Language = DEFAULT_LANGUAGE;

/** The language charts format numbers and dates in from now on (the page's language, set by the app's root). */
export function setFormatLanguage(language: Language): void {
  active = language;
}

export function formatLanguage(): Language {
  return active;
}

/** Runs a synchronous drawing step in a viewer's language and puts the previous one back. */
export function withFormatLanguage<T>(language: Language, run: () => T): T {
  const previous = active;
  active = language;
  try {
    return run();
  } finally {
    active = previous;
  }
}
