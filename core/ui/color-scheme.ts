// The colour scheme a browser asked for (the theme toggle), kept in a cookie rather than localStorage so the
// server renders the page in the scheme the browser will show: a page drawn light and switched to dark by the
// client re-rendered everything and threw React's hydration errors (#418/#423) in dark mode.

export const COLOR_SCHEME_COOKIE = "color_scheme";

export type ColorSchemeChoice = "light" | "dark" | "auto";

const CHOICES: readonly string[] = ["light", "dark", "auto"];

/** A value read from the cookie or set by a script, if it is one of Mantine's three schemes. */
export function colorSchemeChoice(value: unknown): ColorSchemeChoice | null {
  return typeof value === "string" && CHOICES.includes(value) ? (value as ColorSchemeChoice) : null;
}

/** The scheme in a Cookie header (the request's, or document.cookie); "auto" (follow the system) without one. */
export function colorSchemeOf(cookieHeader: string | null | undefined): ColorSchemeChoice {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COLOR_SCHEME_COOKIE) return colorSchemeChoice(rest.join("=").trim()) ?? "auto";
  }
  return "auto";
}

/** The Set-Cookie style string that keeps `scheme` for a year on every path of the site. */
export function colorSchemeCookie(scheme: ColorSchemeChoice): string {
  return `${COLOR_SCHEME_COOKIE}=${scheme}; path=/; max-age=31536000; samesite=lax`;
}
